"""Small helpers the tutorial notebooks share, so their cells stay one line long.

Exercises (:func:`exercise`) let the learner type actions (or choose an answer) that the
engine plays and checks against a goal (a position, a stage, a score reached), with feedback
citing the rule and a hint; their solutions live here, shown only on request.

They print plain sentences for a learner: what an action did (the engine's events, each
citing its rule id) or why it was refused (the rule id and the engine's sentence), in the
language in effect (:mod:`swlab.i18n`). An exercise's prompt, hint and explanation are
marked with ``N_`` where it is defined and translated where they are shown; its solution
is engine notation and stays as it is.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from swlab import names as game_words
from swlab.game.game import Game
from swlab.game.scenario import read_scenario_file, scenario_from_dict
from swlab.game.shipped import scenario_path
from swlab.i18n import N_, _, ngettext, using
from swlab.i18n import language as current_language


def attempt(game: Game, actions: str) -> bool:
    """Play ``actions`` (``"conquer 3; end"``) on ``game`` and print the outcome.

    Prints ``✔`` and the events, or ``✘ refused:`` and the rule that forbids it; a refused
    attempt leaves the game as it was. Returns whether the actions were played.
    """
    before = game.index
    error = game.try_play(actions)
    if error:
        print(_("✘ refused: {reason}").format(reason=error.message))
        return False
    print("✔ " + "\n  ".join(game.describe(game.index - before)))
    return True


def with_power(scenario: str | os.PathLike[str], power: str, seat: int = 0) -> Game:
    """The position of ``scenario`` with another special power for the player in ``seat``.

    Lets a lesson compare powers on one and the same board position. ``scenario`` is a
    file or a shipped scenario's name (``"tutorial/06_cost_powers"``).
    """
    path = scenario_path(scenario)
    data = read_scenario_file(path)
    data["players"][seat]["active"]["power"] = power
    return Game.from_state(scenario_from_dict(data, path.parent))


# ==========================================================================================
# Exercises: the learner acts, the engine checks, the solution stays in the package
# ==========================================================================================


@dataclass(frozen=True)
class Exercise:
    """One exercise on a shipped position: ``goal`` says whether the learner's actions
    reached it (``None``) or why not (a sentence citing the rule); ``hint`` nudges;
    ``solution`` is shown only on request; ``why`` explains a right answer. ``prompt``,
    ``hint`` and ``why`` are the English sources (marked with ``N_``), translated on show.

    ``setup`` is played before the learner's actions (the lesson's moves so far). An
    exercise with ``choices`` asks the learner to choose one of them instead of typing
    actions: ``choose(answer)`` builds the game and the actions to play for that choice.
    """

    scenario: str
    prompt: str
    goal: Callable[[Game], str | None]
    hint: str
    solution: str
    why: str = ""
    setup: str = ""
    choices: tuple[str, ...] = ()
    choose: Callable[[str], tuple[Game, str]] | None = None


@dataclass(frozen=True)
class Feedback:
    """The engine's answer to a try: ``ok``, and the lines to show."""

    ok: bool
    lines: tuple[str, ...]


def _stage_is(stage: str, region: int | None = None) -> Callable[[Game], str | None]:
    def goal(game: Game) -> str | None:
        state = game.state
        if state.turn.stage.value != stage:
            return _("That is legal, but not what the exercise asks (R-CONQ-10).")
        if region is not None and state.geo.ids[state.turn.final_region] != region:
            return _("A final conquest, but not of the region the exercise names (R-CONQ-10).")
        return None

    return goal


def _first_conquest(game: Game) -> str | None:
    seat = game.state.current
    if any(r.owner == seat and r.tokens for r in game.state.regions):
        return None
    return _("Ann holds no region yet: conquer one (R-CONQ-1).")


def _picker(scenario: str) -> tuple[int, dict[str, Game]]:
    """The seat about to pick in ``scenario``, and the game after each pick it can afford
    (the engine's own list of legal picks)."""
    start = Game.from_scenario(scenario)
    seat = start.state.current
    after: dict[str, Game] = {}
    for action in start.legal():
        if action.startswith("pick "):
            trial = Game.from_scenario(scenario)
            trial.play(action)
            after[action] = trial
    return seat, after


def _fewer_coins(player: str, n: int) -> str:
    return ngettext(
        "{player} ends with {n} coin; another combo leaves more (R-PICK-1, R-PICK-2).",
        "{player} ends with {n} coins; another combo leaves more (R-PICK-1, R-PICK-2).",
        n,
    ).format(player=player, n=n)


def _fewer_tokens(player: str, n: int) -> str:
    return ngettext(
        "{player} ends with {n} token; another combo leaves more (R-PICK-4).",
        "{player} ends with {n} tokens; another combo leaves more (R-PICK-4).",
        n,
    ).format(player=player, n=n)


def _best_pick(
    scenario: str,
    measure: Callable[[Game, int], int],
    fewer: Callable[[str, int], str],
    rule: str,
) -> Callable[[Game], str | None]:
    """A goal: the picking player ends with the most ``measure`` any legal pick gives;
    ``fewer(player, got)`` says so when another pick gives more (in the language in effect)."""

    def goal(game: Game) -> str | None:
        seat, after = _picker(scenario)
        if not any(step.action.verb == "pick" for step in game.history):
            return _("Pick a combo first ({rules}).").format(rules=rule)
        best = max(measure(g, seat) for g in after.values())
        got = measure(game, seat)
        if got < best:
            return fewer(game.state.player_name(seat), got)
        return None

    return goal


def _hand(game: Game, seat: int) -> int:
    active = game.state.players[seat].active
    return active.hand if active is not None else 0


def _coins(game: Game, seat: int) -> int:
    return game.state.players[seat].coins


def _turn_over(game: Game, seat: int, advice: str) -> str | None:
    """Why ``seat``'s turn is not over yet (then ``advice``, an English source marked with
    ``N_``), or ``None``."""
    if game.state.current == seat and game.state.stage.value != "game_over":
        return _("{player}'s turn is not over yet: {advice}").format(
            player=game.state.player_name(seat), advice=_(advice)
        )
    return None


def _guarded_frontier(game: Game) -> str | None:
    """Ann's redeployment is over and every token beyond the minimum stands on a region
    that borders one of Bob's (where he can attack)."""
    state, geo = game.state, game.state.geo
    if state.turn.stage.value == "redeploy" and state.turn.acting == "Humans":
        return _("Ann has not finished redeploying: place every token in hand (R-REDEPLOY-1).")
    bob = {i for i, r in enumerate(state.regions) if r.owner == 1 and r.tokens}
    for i, r in enumerate(state.regions):
        if r.race == "Humans" and r.tokens > 1 and not geo.neighbours[i] & bob:
            terrain = game_words.capital(game_words.terrain(geo.terrain[i]))
            return ngettext(
                "{terrain} ({region}) holds {n} token but borders none of Bob's regions: "
                "tokens move freely between your regions, keep them where he can attack "
                "(R-REDEPLOY-1).",
                "{terrain} ({region}) holds {n} tokens but borders none of Bob's regions: "
                "tokens move freely between your regions, keep them where he can attack "
                "(R-REDEPLOY-1).",
                r.tokens,
            ).format(terrain=terrain, region=geo.ids[i], n=r.tokens)
    return None


def _four_regions(game: Game) -> str | None:
    if (
        why := _turn_over(
            game,
            0,
            N_("conquer, end, place every token; the turn ends with the score (R-EXPAND-3)."),
        )
    ) is not None:
        return why
    held = sum(1 for r in game.state.regions if r.race == "Dwarves")
    if held < 4:
        return ngettext(
            "The Dwarves end the turn with {n} region: after readying, conquer before you "
            "redeploy (R-EXPAND-3).",
            "The Dwarves end the turn with {n} regions: after readying, conquer before you "
            "redeploy (R-EXPAND-3).",
            held,
        ).format(n=held)
    return None


def _both_lost_tribes(game: Game) -> str | None:
    state = game.state
    left = [rid for rid in (7, 12) if state.region_of(rid).race != "Giants"]
    if left:
        return _(
            "Region {region} is not the Giants' yet: regions next to a Mountain they occupy "
            "cost 1 token less (R-RACE-GIANTS)."
        ).format(region=left[0])
    return None


def _smallest_face(game: Game) -> str | None:
    """Hill 7 taken by a final conquest with the smallest die face that wins."""
    rolls = [s.action for s in game.history if s.action.verb == "roll"]
    if game.state.region_of(7).race != "Tritons":
        return _(
            "Hill 7 is not Ann's: choose it with final 7, and the die must make up the "
            "tokens she lacks (R-CONQ-10)."
        )
    if not rolls:
        return _("Hill 7 is Ann's, but the exercise asks for a final conquest (R-CONQ-10).")
    start = Game.from_scenario("tutorial/05_tritons.yaml")
    need = start.explain(7).total - _hand(start, 0)
    face = int(getattr(rolls[-1], "face", 0))
    if face > need:
        return _(
            "Hill 7 is Ann's, but a {face} is more than she needs: the die is measured "
            "against the discounted cost (R-RULING-2)."
        ).format(face=face)
    return None


SCORING_BADGES = ("Alchemist", "Forest", "Hill", "Merchant", "Pillaging", "Swamp", "Wealthy")


def _with_badge_done(power: str) -> tuple[Game, str]:
    return with_power("tutorial/06_scoring_powers.yaml", power), "done"


def _best_badge(game: Game) -> str | None:
    """Ann's turn ended with the badge that scores the most of the seven this turn."""
    start = Game.from_scenario("tutorial/06_scoring_powers.yaml").state.players[0].coins
    best = 0
    for power in SCORING_BADGES:
        trial, actions = _with_badge_done(power)
        trial.play(actions)
        best = max(best, trial.state.players[0].coins)
    got = game.state.players[0].coins
    if got < best:
        return ngettext(
            "Ann scores {n} coin with this badge; another of the seven scores more this turn "
            "(R-SCORE-2).",
            "Ann scores {n} coins with this badge; another of the seven scores more this turn "
            "(R-SCORE-2).",
            got - start,
        ).format(n=got - start)
    return None


def _heroes_hold(game: Game) -> str | None:
    if (
        why := _turn_over(
            game,
            0,
            N_("the Heroes are placed at the end of the turn, then done (R-POW-HEROIC)."),
        )
    ) is not None:
        return why
    state = game.state
    for action in game.legal():
        if action.startswith("conquer "):
            rid = int(action.split()[1])
            if state.region_of(rid).owner == 0:
                word = state.geo.terrain[state.geo.index[rid]]
                return _(
                    "Bob's Orcs can still take {terrain} ({region}): only a region with a Hero "
                    "is immune (R-POW-HEROIC, R-IMMUNE)."
                ).format(terrain=game_words.capital(game_words.terrain(word)), region=rid)
    return None


EXERCISES: dict[str, Exercise] = {
    "01_coins": Exercise(
        scenario="tutorial/01_column.yaml",
        prompt=N_(
            "Pick the combo that leaves Bob the most coins (for example: pick 1), then Check."
        ),
        goal=_best_pick("tutorial/01_column.yaml", _coins, _fewer_coins, "R-PICK-1, R-PICK-2"),
        hint=N_(
            "Each step down the column costs a coin, one on each combo you skip (R-PICK-1); "
            "the coins lying on the combo you pick are yours (R-PICK-2)."
        ),
        solution="pick 2",
        why=N_(
            "Position 2 costs 2 coins (one on each combo skipped) and collects the 3 lying "
            "there: Bob ends with 3."
        ),
    ),
    "01_tokens": Exercise(
        scenario="tutorial/01_column.yaml",
        prompt=N_("Now pick the combo that gives Bob the most tokens, then Check."),
        goal=_best_pick("tutorial/01_column.yaml", _hand, _fewer_tokens, "R-PICK-4"),
        hint=N_(
            "A pick takes banner + badge tokens, but never more than the tray still holds "
            "(R-PICK-4); a combo you cannot pay for is refused (R-PICK-3)."
        ),
        solution="pick 0",
        why=N_(
            "Forest Ratmen print 8 + 4 = 12, but the tray holds only 7 Ratmen (R-PICK-4); "
            "Flying Tritons' 11 cost 3 coins (R-PICK-3): Swamp Orcs' 9 are the most."
        ),
    ),
    "02_first_conquest": Exercise(
        scenario="tutorial/02_first_conquest.yaml",
        prompt=N_("Type Ann's first conquest (for example: conquer 5), then Check."),
        goal=_first_conquest,
        hint=N_(
            "A first conquest enters from the edge of the board (R-CONQ-1), never on water "
            "(R-CONQ-4): look for a land region touching the board's edge."
        ),
        solution="conquer 12",
    ),
    "02_the_die": Exercise(
        scenario="tutorial/02_the_die.yaml",
        prompt=N_("Type the action that gives Ann a chance to take Hill 7, then Check."),
        goal=_stage_is("roll", 7),
        hint=N_(
            "Hill 7 costs 4 and Ann holds 3: a plain conquest is refused. The reinforcement "
            "die can add up to 3 tokens, if the region is chosen first (R-CONQ-10)."
        ),
        solution="final 7",
    ),
    "03_frontier": Exercise(
        scenario="tutorial/03_redeploy.yaml",
        setup="conquer 7; end; take 2; take 2",
        prompt=N_(
            "Ann holds 3 tokens: place them where Bob can attack, and finish the "
            "redeployment (place N ... done, or one deploy), then Check."
        ),
        goal=_guarded_frontier,
        hint=N_(
            "Tokens move freely between your regions, at least 1 in each (R-REDEPLOY-1): "
            "which of Ann's regions borders one of Bob's? Hover the board above."
        ),
        solution="deploy 7:7",
        why=N_("Only Hill 7 borders Bob's Forest 13: the other regions keep their 1 token."),
    ),
    "03_four_regions": Exercise(
        scenario="tutorial/03_next_turn.yaml",
        prompt=N_(
            "Play Ann's whole turn so that her Dwarves hold 4 regions at its end, then Check."
        ),
        goal=_four_regions,
        hint=N_(
            "After readying, Ann has 4 tokens to conquer with (R-EXPAND-3); Forest 11 "
            "borders Hill 5 and holds a lost tribe (R-CONQ-2). Then end, place every token "
            "(R-REDEPLOY-1)."
        ),
        solution="conquer 11; end; deploy 11:4",
    ),
    "05_giants": Exercise(
        scenario="tutorial/05_giants.yaml",
        prompt=N_(
            "Ann's Giants have 5 tokens: clear both lost tribes beside their Mountain "
            "(Hill 7 and Farmland 12) this turn, then Check."
        ),
        goal=_both_lost_tribes,
        hint=N_(
            "Each lost tribe adds 1 to the cost (R-CONQ-2): 3 + 3 is more than 5. What do "
            "Giants save next to a Mountain they occupy (R-RACE-GIANTS)?"
        ),
        solution="conquer 7; conquer 12",
        why=N_("Each costs 2 + 1 lost tribe - 1 Giants = 2: the discount pays for the tribe."),
    ),
    "05_smallest_face": Exercise(
        scenario="tutorial/05_tritons.yaml",
        prompt=N_(
            "Make the final attempt on Hill 7 and set the die to the smallest face that "
            "takes it (final 7; roll N), then Check."
        ),
        goal=_smallest_face,
        hint=N_(
            "The die adds to the tokens in hand, measured against the discounted cost "
            "(R-RULING-2): how many tokens does Ann lack? (R-CONQ-10)"
        ),
        solution="final 7; roll 2",
        why=N_("Hill 7 costs the Tritons 4 and Ann holds 2: the die must show 2 or more."),
    ),
    "06_best_badge": Exercise(
        scenario="tutorial/06_scoring_powers.yaml",
        prompt=N_("Choose the badge that scores Ann the most coins this turn, then Check."),
        goal=_best_badge,
        hint=N_(
            "Count what each badge adds to the 4 coins of her regions (R-SCORE-1, "
            "R-SCORE-2); one of them pays once, the turn it is picked (R-RULING-6)."
        ),
        solution="Wealthy",
        why=N_(
            "Wealthy's 7 coins come once (R-RULING-6): over a long game Merchant's +1 per "
            "region adds up to more."
        ),
        choices=SCORING_BADGES,
        choose=_with_badge_done,
    ),
    "06_heroes": Exercise(
        scenario="tutorial/06_heroic.yaml",
        prompt=N_(
            "Place Ann's two Heroes (hero N; hero M) so that Bob can take none of her "
            "regions, end the turn with done, then Check."
        ),
        goal=_heroes_hold,
        hint=N_(
            "A Hero makes its region immune (R-POW-HEROIC, R-IMMUNE): which of Ann's regions "
            "borders Bob's Orcs?"
        ),
        solution="hero 7; hero 2; done",
    ),
}


def _start(ex: Exercise, answer: str) -> tuple[Game, str] | Feedback:
    """The game an answer is tried on, and the actions to play (or why it cannot be tried)."""
    if ex.choices:
        if answer not in ex.choices:
            choices = ", ".join(game_words.power(c) for c in ex.choices)
            return Feedback(False, (_("Choose one of: {choices}.").format(choices=choices),))
        assert ex.choose is not None
        return ex.choose(answer)
    if not answer:
        return Feedback(False, (_("Type an action first, such as: conquer 3."),))
    game = Game.from_scenario(ex.scenario)
    if ex.setup:
        game.play(ex.setup)
    return game, answer


def check(name: str, answer: str) -> Feedback:
    """Try ``answer`` on a fresh copy of exercise ``name``'s position and say whether it
    reaches the goal: the engine's refusal (rule id) or events, then a verdict and, when
    the goal is not reached, the hint."""
    ex = EXERCISES[name]
    started = _start(ex, (answer or "").strip())
    if isinstance(started, Feedback):
        return started
    game, text = started
    before = game.index
    hint = _("Hint: {hint}").format(hint=_(ex.hint))
    try:
        error = game.try_play(text)
    except ValueError as e:  # not an action at all
        return Feedback(False, (f"✘ {e}", hint))
    if error:
        return Feedback(False, (_("✘ refused: {reason}").format(reason=error.message), hint))
    events = tuple(game.describe(game.index - before))
    why = ex.goal(game)
    if why is None:
        head = ("✔ " + events[0] if events else "✔", *events[1:])
        return Feedback(True, (*head, *((_(ex.why),) if ex.why else ()), _("Well done.")))
    return Feedback(False, (*events, f"✘ {why}", hint))


def exercise(name: str, language: str | None = None) -> Any:
    """The exercise as a widget: a box to type actions, Check (the engine answers with
    feedback and a hint) and an explicit Show solution.

    Its words are in ``language`` (default: the language in effect when it is made), and so
    are the answers a click brings, whatever the language elsewhere by then.
    """
    import html

    import ipywidgets as widgets  # type: ignore[import-untyped]

    lang = current_language(language)
    ex = EXERCISES[name]
    with using(lang):
        if ex.choices:
            options = [(game_words.power(c), c) for c in ex.choices]
            box: Any = widgets.Dropdown(options=options, value=None, description=_("answer"))
        else:
            # the value is sent on Enter (or on leaving the box): Enter checks the answer
            box = widgets.Text(
                placeholder=_("your answer, e.g. conquer 5"),
                description=_("answer"),
                continuous_update=False,
            )
        check_button = widgets.Button(description=_("Check"), button_style="primary")
        solution_button = widgets.Button(description=_("Show solution"))
        prompt = widgets.HTML(f"<b>{html.escape(_(ex.prompt))}</b>")
    out = widgets.HTML()
    out.add_class("swlab-feedback")

    def on_check(_event: Any = None) -> None:
        with using(lang):
            fb = check(name, box.value or "")
        colour = "#009E73" if fb.ok else "#D55E00"
        body = "<br>".join(html.escape(line) for line in fb.lines)
        out.value = f"<div style='border-left:5px solid {colour};padding:4px 8px'>{body}</div>"

    def on_solution(_event: Any = None) -> None:
        with using(lang):
            shown = game_words.power(ex.solution) if ex.choices else ex.solution
            why = f"<br>{html.escape(_(ex.why))}" if ex.why else ""
            solution = _("Solution: {actions}").format(actions=f"<code>{html.escape(shown)}</code>")
        out.value = f"<div>{solution}{why}</div>"

    check_button.on_click(on_check)
    if not ex.choices:
        box.observe(on_check, "value")
    solution_button.on_click(on_solution)
    return widgets.VBox([prompt, widgets.HBox([box, check_button, solution_button]), out])

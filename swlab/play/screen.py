"""What the game viewer shows, as plain data: a frozen :class:`Screen` and its panels.

A :class:`Screen` is everything a redraw reads (the state shown, the steps before it, the
legal actions, the last answer, the question waiting, the bots' seats, whether coins are
revealed); each panel's model is a pure function of it: :func:`status`, :func:`message`,
:func:`buttons`, :func:`log_entries`, :func:`market_rows`, :func:`scoreboard_rows`,
:func:`redeploy_rows`, :func:`turn_summaries`, :func:`hover`. The widget only renders
them, and every one is testable headless from a :class:`Screen` alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from swlab import names as game_words
from swlab.game.record import Step
from swlab.i18n import N_, SOURCE, _, language, ngettext, npgettext
from swlab.play.words import (
    button_label,
    choice_label,
    effects,
    event_text,
    final_warning,
    hide_coins,
    names,
    narrate,
    region_name,
)
from swlab.rules.abilities.registry import POWERS, RACES
from swlab.rules.actions import Action, Conquer, Decline, Final, Place, Take, Withdraw
from swlab.rules.cost import CostBreakdown, explain_cost
from swlab.rules.engine import (
    CHANCE,
    acting_race,
    current_player,
    is_over,
    score_rows,
    tokens_on_map,
    why_illegal,
    winners,
)
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import ComboPicked, Conquered, Declined, Event, TokensLost
from swlab.rules.pieces import PIECES
from swlab.rules.state import GameState, RegionState, Stage

__all__ = [
    "Button",
    "ClickResult",
    "LogEntry",
    "PanelModel",
    "Question",
    "RedeployRow",
    "Screen",
    "Status",
    "TurnSummary",
    "buttons",
    "by_region",
    "changed_regions",
    "hover",
    "log_entries",
    "market_rows",
    "message",
    "redeploy_prompt",
    "redeploy_rows",
    "refusal_again",
    "refusal_of_click",
    "scoreboard_rows",
    "status",
    "targets",
    "turn_summaries",
]

Kind = Literal["applied", "refused", "choices", "confirm", "none"]


@dataclass(frozen=True)
class Question:
    """An irreversible step waiting for the player's word. ``options`` are ``(key, label)``
    pairs for :meth:`~swlab.play.controller.GameController.answer`; the first is the default.

    Every question the viewer asks, and what Enter and Esc answer
    (:meth:`~swlab.play.controller.GameController.confirm`, ``cancel``); Esc never plays:

    - ``final``, a final conquest (R-CONQ-10): Enter answers ``confirm``, Esc ``cancel``.
    - ``decline`` (R-DECLINE-1): Enter answers ``confirm``, Esc ``cancel``.
    - ``past``, acting while the past is shown: Enter answers ``continue`` (from the step shown;
      the later steps go, as after an undo), Esc ``cancel``.
    - ``autoplay`` over a person's seat: Enter ``all`` (bots play every seat, as the
      button asked), Esc ``cancel``.
    - choices on one region (not a :class:`Question`: ``ClickResult.choices``): Enter
      takes the first, the plain conquest or placement listed before a badge's own (the
      Dragon of R-POW-DRAGONMASTER, a conversion, a piece); Esc takes none.
    - the reinforcement die to roll (R-CONQ-10): Enter rolls it.
    - the viewer's file box, outside the game: a file that exists is replaced by Enter and
      kept by Esc (:class:`swlab.workspace.FileBox`).
    """

    kind: Literal["final", "decline", "past", "autoplay"]
    text: str
    options: tuple[tuple[str, str], ...]
    action: Action | None = None

    @property
    def default(self) -> str:
        """The key Enter answers with: the first option."""
        return self.options[0][0]


def past_question(index: int, length: int, action: Action | None) -> Question:
    """Acting while step ``index`` of ``length`` is shown: continue, branch or cancel."""
    n = length - index
    return Question(
        "past",
        _(
            "You are viewing step {step} of {steps}. Acting here changes the "
            "game from this step on."
        ).format(step=index, steps=length),
        (
            ("continue", _("Continue from here, discarding the {n} later steps").format(n=n)),
            (
                "branch",
                _("Branch into a new game from step {step} (the original is kept)").format(
                    step=index
                ),
            ),
            ("cancel", _("Cancel")),
        ),
        action,
    )


def final_question(state: GameState, action: Action) -> Question | None:
    """A legal final conquest ends the conquests (R-CONQ-10): say so first."""
    if not isinstance(action, Final) or why_illegal(state, action) is not None:
        return None
    where = region_name(state, action.region)
    return Question(
        "final",
        final_warning(state, action),
        (
            ("confirm", _("Final conquest of {region}").format(region=where)),
            ("cancel", _("Not now")),
        ),
        action,
    )


def decline_question(state: GameState, action: Action) -> Question | None:
    """A decline cannot be taken back in real play: say what it does first."""
    if not isinstance(action, Decline) or why_illegal(state, action) is not None:
        return None
    race = state.players[state.current].active
    name = game_words.race(race.name) if race else ""
    return Question(
        "decline",
        _(
            "Send the {race} into decline? One token stays in each of their regions, "
            "their special power is lost, they conquer no more, and you pick a new combo "
            "next turn (R-DECLINE-1, R-DECLINE-2, R-DECLINE-6)."
        ).format(race=name),
        (
            ("confirm", _("Send the {race} into decline").format(race=name)),
            ("cancel", _("Not now")),
        ),
        action,
    )


def autoplay_question(humans: Sequence[str]) -> Question:
    """Autoplay over the seats of these people: should bots play them too?"""
    who = names(humans)
    return Question(
        "autoplay",
        ngettext(
            "Autoplay plays to the end of the game. {who}'s seat is played by a "
            "person: should a bot play it too?",
            "Autoplay plays to the end of the game. {who}'s seats are played by a "
            "person: should a bot play it too?",
            len(humans),
        ).format(who=who),
        (
            ("all", _("Yes: bots play every seat, {who}'s too").format(who=who)),
            ("bots", _("No: bots play only their own seats, then wait for you")),
            ("cancel", _("Cancel")),
        ),
    )


@dataclass(frozen=True)
class TurnSummary:
    """One player's turn told in a sentence, with the steps it spans (for a step-through)
    and the regions it changed (for highlighting)."""

    seat: int
    name: str
    start: int
    end: int
    text: str
    changed: frozenset[int]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class LogEntry:
    """One step of the log: the action in words, its effects under it, and in its details
    the notation and the events that retell the action with their numbers; ``loss`` marks
    a step where a human player lost tokens."""

    n: int
    seat: int | None
    text: str
    notation: str
    effects: tuple[str, ...]
    loss: bool = False
    retold: tuple[str, ...] = ()


@dataclass(frozen=True)
class RedeployRow:
    """One own region during a redeployment: its tokens, and + / - when legal."""

    region: int
    name: str
    tokens: int
    place: Action | None
    take: Action | None


@dataclass(frozen=True)
class ClickResult:
    """What a click (or a button) did.

    ``kind``: ``applied`` (``action`` was played), ``refused`` (``rule`` and ``message``
    say why), ``choices`` (several legal actions target the region: ``choices``), ``none``
    (nothing to do, e.g. a bot had no move).
    """

    kind: Kind
    region: int | None = None
    action: Action | None = None
    choices: tuple[Action, ...] = ()
    rule: str = ""
    message: str = ""
    events: tuple[str, ...] = ()
    question: Question | None = None
    narration: str = ""
    raw: tuple[Event, ...] = ()

    @property
    def ok(self) -> bool:
        return self.kind == "applied"

    def __str__(self) -> str:
        """In words: the narration of an action played, else the message."""
        if self.kind == "applied":
            return self.narration or f"{self.action!r}: " + " ".join(self.events)
        if self.kind == "confirm" and self.question is not None:
            return self.question.text
        return self.message


@dataclass(frozen=True)
class Button:
    """A legal action that is not a region click, with a label a learner reads."""

    label: str
    action: Action

    def __iter__(self) -> Any:  # unpacks as (label, action)
        return iter((self.label, self.action))


@dataclass(frozen=True)
class Status:
    """Whose turn, which stage, tokens in hand; ``text`` is one sentence.

    ``actor`` is the seat that decides now; at a chance node (``chance``) the seat whose
    die is rolled (R-CONQ-10).
    """

    round: int
    turns: int
    player: int | None
    player_name: str
    actor: int | None
    actor_name: str
    stage: str
    acting: str
    hand: int
    over: bool
    text: str
    chance: bool = False

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class PanelModel:
    """Everything the viewer draws after a change, as plain data (benchmarked)."""

    features: dict[str, Any]
    labels: dict[int, tuple[tuple[float, float], str]]
    status: Status
    buttons: tuple[Button, ...]
    choices: tuple[Action, ...]
    message: str
    market: list[dict[str, Any]]
    scoreboard: list[dict[str, Any]]
    log: list[str]
    index: int
    length: int
    targets: frozenset[int] = field(default_factory=frozenset)
    question: Question | None = None
    banner: str = ""
    redeploy_prompt: str = ""
    redeploy: tuple[RedeployRow, ...] = ()
    summaries: tuple[TurnSummary, ...] = ()
    entries: tuple[LogEntry, ...] = ()
    choice_labels: tuple[str, ...] = ()
    #: the short forms the map's labels show, with their words (the legend under the map)
    abbreviations: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Screen:
    """What one screen of the viewer shows, frozen: the panels are functions of it.

    ``history`` holds the steps up to the one shown (``start`` is the state before the
    first); ``length`` counts the timeline's steps, undone ones included; ``bots`` names
    the bot of each seat a bot plays.
    """

    state: GameState
    start: GameState
    history: tuple[Step, ...]
    length: int
    legal: tuple[Action, ...]
    last: ClickResult | None = None
    question: Question | None = None
    summaries: tuple[TurnSummary, ...] = ()
    bots: Mapping[int, str] = field(default_factory=dict)
    reveal: bool = False

    @property
    def index(self) -> int:
        """Steps played up to the state shown."""
        return len(self.history)

    @property
    def over(self) -> bool:
        return is_over(self.state)

    @property
    def show_coins(self) -> bool:
        """Coins are shown when revealed or at the end of the game (R-SETUP-4)."""
        return self.reveal or self.over

    @property
    def choices(self) -> tuple[Action, ...]:
        """The choices the last click offered on a region."""
        last = self.last
        return last.choices if last is not None and last.kind == "choices" else ()

    def before(self, n: int) -> GameState:
        """The state before step ``n`` (0-based) of the history."""
        return self.history[n - 1].state if n > 0 else self.start


#: The sentence of each stage in the status line.
_STAGE_WORDS: dict[str, str] = {
    "pick": N_("picks a combo"),
    "conquer": N_("conquers"),
    "roll": N_("rolls the reinforcement die"),
    "redeploy": N_("redeploys"),
    "withdraw": N_("withdraws tokens"),
    "defend": N_("redeploys after an attack"),
    "decline_choice": N_("may go into decline"),
    "declined": N_("has gone into decline: the turn ends with scoring"),
    "game_over": N_("game over"),
}


def stage_doing(stage: str) -> str:
    """What a player does in ``stage`` (a :class:`~swlab.rules.state.Stage` value), in
    words: the status line's "{player} {doing}"."""
    return _(_STAGE_WORDS[stage]) if stage in _STAGE_WORDS else stage


#: Refusals about a conquest's price: the cost is worth quoting beside them.
_COST_RULES = frozenset({"R-CONQ-2", "R-CONQ-3", "R-CONQ-10"})

#: What a click on a region most plausibly means in each stage, to ask the engine why it
#: is refused when no legal action targets the region.
_PROBE: dict[Stage, Callable[[int], Action]] = {
    Stage.CONQUER: Conquer,
    Stage.REDEPLOY: Place,
    Stage.DEFEND: Place,
    Stage.WITHDRAW: Withdraw,
}

_REDEPLOYING = (Stage.REDEPLOY, Stage.DEFEND)


def region_of(action: Action) -> int | None:
    """The region ``action`` targets, if any."""
    region = getattr(action, "region", None)
    return region if isinstance(region, int) else None


# --- targets and buttons --------------------------------------------------------------------
def by_region(legal: Sequence[Action]) -> dict[int, list[Action]]:
    """The legal actions grouped by the region they target."""
    out: dict[int, list[Action]] = {}
    for action in legal:
        region = region_of(action)
        if region is not None:
            out.setdefault(region, []).append(action)
    return out


def targets(screen: Screen) -> frozenset[int]:
    """Region ids where a click does something now (a region where only a token could be
    taken back is not one: that is the explicit - control's job)."""
    redeploying = screen.state.stage in _REDEPLOYING
    return frozenset(
        r
        for r, acts in by_region(screen.legal).items()
        if not redeploying or any(not a.undoes for a in acts)
    )


def buttons(screen: Screen) -> tuple[Button, ...]:
    """The legal actions that are not region clicks, labelled in words."""
    return tuple(
        Button(button_label(screen.state, a), a) for a in screen.legal if region_of(a) is None
    )


def refusal_of_click(state: GameState, region: int) -> tuple[Action, IllegalActionError | None]:
    """The action a click on ``region`` most plausibly meant, and the engine's refusal."""
    probe = _PROBE.get(state.stage, Conquer)(region)
    return probe, why_illegal(state, probe)


def refusal_again(state: GameState, result: ClickResult) -> ClickResult:
    """``result`` said again in the language now in use (after a language switch), when it
    is the engine's refusal: the engine asked again why its action is illegal in ``state``.
    Any other result, or a refusal the engine no longer makes with the same rule, as it is."""
    if result.kind != "refused" or result.action is None:
        return result
    error = why_illegal(state, result.action)
    if error is None or error.rule != result.rule:
        return result
    return dataclasses.replace(result, message=error.message)


# --- the status line ------------------------------------------------------------------------
def _over_text(state: GameState) -> str:
    win = winners(state)
    players = _(" and ").join(state.player_name(w) for w in win)
    rounds = state.geo.turns
    text = (
        npgettext(
            "round",
            "Game over after {rounds} round: {players} share the win.",
            "Game over after {rounds} rounds: {players} share the win.",
            rounds,
        )
        if len(win) > 1
        else npgettext(
            "round",
            "Game over after {rounds} round: {players} wins.",
            "Game over after {rounds} rounds: {players} wins.",
            rounds,
        )
    )
    return text.format(rounds=rounds, players=players)


def _playing_text(state: GameState, actor: int, stage: str, hand: int) -> str:
    race = acting_race(state) or state.players[actor].active
    fields = {
        "round": state.round,
        "turns": state.geo.turns,
        "player": state.player_name(actor),
        "doing": stage_doing(stage),
        "owner": state.player_name(state.current),
        "combo": game_words.combo(race.power, race.name) if race else "",
        "hand": hand,
    }
    if actor != state.current:
        text = (
            _("Round {round}/{turns}: {owner}'s turn, {player} {doing} ({combo}, {hand} in hand).")
            if race
            else _("Round {round}/{turns}: {owner}'s turn, {player} {doing}.")
        )
    else:
        text = (
            _("Round {round}/{turns}: {player} {doing} ({combo}, {hand} in hand).")
            if race
            else _("Round {round}/{turns}: {player} {doing}.")
        )
    return text.format(**fields)


def status(screen: Screen) -> Status:
    """Whose turn, which stage, tokens in hand, in one sentence."""
    state = screen.state
    actor = current_player(state)
    chance = actor == CHANCE
    if chance:
        actor = state.turn.actor  # whose die it is
    race = acting_race(state)
    if race is None and actor is not None:
        race = state.players[actor].active
    hand = race.hand if race is not None else 0
    stage = state.stage.value
    over = screen.over
    text = _over_text(state) if over or actor is None else _playing_text(state, actor, stage, hand)
    return Status(
        round=state.round,
        turns=state.geo.turns,
        player=None if over else state.current,
        player_name=state.player_name(state.current),
        actor=actor,
        actor_name=state.player_name(actor) if actor is not None else "",
        stage=stage,
        acting=race.name if race else "",
        hand=hand,
        over=over,
        text=text,
        chance=chance,
    )


# --- the answer to the last click -----------------------------------------------------------
def message(screen: Screen) -> str:
    """The answer to the last click or button, in words, each thing said once: the action
    told, then the effects that do not retell it (no coins while hidden, R-SETUP-4)."""
    last = screen.last
    if last is None:
        return ""
    reveal = screen.show_coins
    if last.kind == "applied" and last.narration and last.action is not None:
        shown = effects(last.action, last.raw)
        lines = [event_text(e, screen.state, reveal=reveal) for e in shown]
        narration = last.narration if reveal else hide_coins(last.narration)
        return "\n".join([narration, *lines])
    text = str(last)
    return text if reveal else hide_coins(text)


def banner(screen: Screen) -> str:
    """The time-travel banner ("" at the latest step)."""
    n = screen.length - screen.index
    if n <= 0:
        return ""
    return ngettext(
        "You are viewing the past: step {step} of {steps}. {n} later step follows; "
        "acting here asks first whether to continue from here or to branch.",
        "You are viewing the past: step {step} of {steps}. {n} later steps follow; "
        "acting here asks first whether to continue from here or to branch.",
        n,
    ).format(step=screen.index, steps=screen.length, n=n)


# --- the log --------------------------------------------------------------------------------
def _lost_by_a_person(screen: Screen, events: Sequence[Event], seat: int | None) -> bool:
    return any(
        isinstance(e, TokensLost)
        and e.player >= 0
        and e.player not in screen.bots
        and e.player != seat
        for e in events
    )


def log_entries(screen: Screen, last: int | None = None) -> tuple[LogEntry, ...]:
    """The game so far, oldest first: each action in words, the effects that do not
    retell it under it, the notation and the retelling kept apart; a human player's
    losses marked; coins hidden unless revealed or the game is over (R-SETUP-4)."""
    history = screen.history
    show = screen.show_coins
    first = 0 if last is None else max(0, len(history) - last)
    out = []
    for n in range(first, len(history)):
        step, before = history[n], screen.before(n)
        seat = current_player(before)
        text = narrate(before, step.action, step.events, step.state)
        shown = effects(step.action, step.events)
        retold = [e for e in step.events if e not in shown]
        out.append(
            LogEntry(
                n + 1,
                seat if seat is not None and seat >= 0 else None,
                text if show else hide_coins(text),
                repr(step.action),
                tuple(event_text(e, step.state, reveal=show) for e in shown),
                _lost_by_a_person(screen, step.events, seat),
                tuple(event_text(e, step.state, reveal=show) for e in retold),
            )
        )
    return tuple(out)


def notation_log(screen: Screen, last: int | None = None) -> list[str]:
    """The game so far in notation, for code and records: each step's action, then its
    events (rule ids)."""
    history = screen.history
    steps = history if last is None else history[-last:] if last else ()
    out: list[str] = []
    first = len(history) - len(steps)
    for n, step in enumerate(steps, start=first + 1):
        before = screen.before(n - 1)
        actor = current_player(before)
        if actor == CHANCE:
            who = f"die ({before.player_name(before.turn.actor)})"
        else:
            who = before.player_name(actor) if actor is not None else ""
        out.append(f"{n}. {who}: {step.action!r}")
        out.extend(f"   {e.describe(step.state)}" for e in step.events)
    return out


# --- the column and the players -------------------------------------------------------------
def market_rows(screen: Screen) -> list[dict[str, Any]]:
    """The visible combos (R-PICK-1): position, race, power, cost, coins, tokens."""
    state = screen.state
    coins = state.players[state.current].coins
    rows = []
    for k, combo in enumerate(state.column):
        race, power = RACES.get(combo.race), POWERS.get(combo.power)
        rows.append(
            {
                "position": k,
                "race": combo.race,
                "power": combo.power,
                "cost": k,
                "coins on it": combo.coins,
                "tokens": (race.tokens if race else 0) + (power.tokens if power else 0),
                "affordable": k <= coins,
            }
        )
    return rows


def scoreboard_rows(screen: Screen) -> list[dict[str, Any]]:
    """Per seat: races, regions, tokens on the map, what this turn would score, coins
    (hidden during play unless revealed, R-SETUP-4; shown at the end)."""
    state = screen.state
    show = screen.show_coins
    actor = current_player(state)
    rows = []
    for p, ps in enumerate(state.players):
        active = ps.active
        rows.append(
            {
                "player": ps.name,
                "seat": p,
                "to act": p == actor,
                "active race": game_words.combo(active.power, active.name) if active else "",
                "in decline": ", ".join(game_words.race(d.name) for d in ps.declined),
                "regions": sum(1 for r in state.regions if r.owner == p),
                "tokens on map": tokens_on_map(state, p),
                "would score": sum(r.amount for r in score_rows(state, p)),
                "coins": ps.coins if show else _("hidden"),
                "bot": screen.bots.get(p, ""),
            }
        )
    return rows


# --- redeployment ---------------------------------------------------------------------------
def redeploy_rows(screen: Screen) -> tuple[RedeployRow, ...]:
    """During a redeployment: each own region, its tokens, + (place) and - (take)."""
    state = screen.state
    race = acting_race(state)
    if state.stage not in _REDEPLOYING or race is None:
        return ()
    legal = set(screen.legal)
    rows = []
    for i, rs in enumerate(state.regions):
        if rs.race != race.name or rs.owner != race.owner or rs.in_decline:
            continue
        rid = state.geo.ids[i]
        place, take = Place(rid), Take(rid)
        rows.append(
            RedeployRow(
                rid,
                state.geo.label(i),
                rs.tokens,
                place if place in legal else None,
                take if take in legal else None,
            )
        )
    return tuple(rows)


def redeploy_prompt(screen: Screen) -> str:
    """What to do in a redeployment, with the tokens left to place."""
    state = screen.state
    race = acting_race(state)
    if state.stage not in _REDEPLOYING or race is None:
        return ""
    left = ngettext("{n} token left to place", "{n} tokens left to place", race.hand).format(
        n=race.hand
    )
    fields = {
        "player": state.player_name(race.owner),
        "race": game_words.race(race.name),
        "left": left,
    }
    if state.stage is Stage.DEFEND:
        return _(
            "{player}: place the {race} that fled back into your regions: {left} "
            "(R-CONQ-7). + puts a token on a region; Done when finished."
        ).format(**fields)
    return _(
        "{player}, redeploy the {race}: {left}. + puts one on a region, - takes one "
        "back to hand (at least 1 stays); Done when finished (R-REDEPLOY-1)."
    ).format(**fields)


# --- turns told in words --------------------------------------------------------------------
def turn_summaries(screen: Screen, start: int, end: int) -> tuple[TurnSummary, ...]:
    """The turns played between steps ``start`` and ``end``, each in one sentence: what
    the player picked, took from whom, and who lost tokens (coins never)."""
    groups: list[list[int]] = []
    key = None
    for n in range(start, min(end, len(screen.history))):
        b = screen.before(n)
        if (b.round, b.current) != key or not groups:
            groups.append([])
        key = (b.round, b.current)
        groups[-1].append(n)
    return tuple(_summary(screen, g[0], g[-1] + 1) for g in groups)


@dataclass
class _Deeds:
    """What one turn did, gathered from its events."""

    picked: list[str] = field(default_factory=list)
    conquered: list[int] = field(default_factory=list)
    taken: dict[int, list[int]] = field(default_factory=dict)
    losses: dict[int, int] = field(default_factory=dict)
    declined: bool = False

    def add(self, e: Event, seat: int) -> None:
        if isinstance(e, ComboPicked):
            self.picked.append(game_words.combo(e.power, e.race))
        elif isinstance(e, Conquered):
            self.conquered.append(e.region)
        elif isinstance(e, TokensLost) and e.player >= 0 and e.player != seat:
            self.taken.setdefault(e.player, []).append(e.region)
            self.losses[e.player] = self.losses.get(e.player, 0) + e.lost
        elif isinstance(e, Declined):
            self.declined = True

    def told(self, first: GameState) -> str:
        """The turn's deeds in one sentence, then who lost tokens."""
        parts = []
        if self.picked:
            parts.append(_("picked {combos}").format(combos=names(self.picked)))
        if self.declined:
            parts.append(_("went into decline"))
        from_victims = {r for rs in self.taken.values() for r in rs}
        free = [r for r in self.conquered if r not in from_victims]
        if free:
            regions = names(region_name(first, r) for r in free)
            parts.append(_("conquered {regions}").format(regions=regions))
        for p, regions_of in self.taken.items():
            parts.append(
                _("took {regions} from {player}").format(
                    regions=names(region_name(first, r) for r in regions_of),
                    player=first.player_name(p),
                )
            )
        who = first.player_name(first.current)
        text = (
            _("{player} {deeds}.").format(player=who, deeds="; ".join(parts))
            if parts
            else _("{player} made no conquest.").format(player=who)
        )
        for p, n in self.losses.items():
            text += " " + ngettext(
                "{player} lost {n} token.", "{player} lost {n} tokens.", n
            ).format(player=first.player_name(p), n=n)
        return text


def _summary(screen: Screen, a: int, b: int) -> TurnSummary:
    first, last = screen.before(a), screen.history[b - 1].state
    seat = first.current
    deeds = _Deeds()
    lines = []
    for n in range(a, b):
        step = screen.history[n]
        lines.append(narrate(screen.before(n), step.action, step.events, step.state))
        for e in step.events:
            deeds.add(e, seat)
    return TurnSummary(
        seat,
        first.player_name(seat),
        a,
        b,
        deeds.told(first),
        changed_regions(first, last),
        tuple(lines),
    )


def changed_regions(before: GameState, after: GameState) -> frozenset[int]:
    """The regions whose holder, tokens or pieces changed from ``before`` to ``after``
    (outlined after a step or a turn)."""
    return frozenset(
        before.geo.ids[i]
        for i, (x, y) in enumerate(zip(before.regions, after.regions, strict=True))
        if x != y
    )


# --- hover ----------------------------------------------------------------------------------
def _piece_words(rs: RegionState) -> list[str]:
    """What stands in a region besides race tokens (``mountain``, ``encampment x2``), in
    the language in effect: the engine's words in English, the rulebook's label otherwise."""
    if language() == SOURCE:
        return rs.pieces()
    return [
        game_words.piece(p.label) + (f" x{n}" if p.counted else "")
        for p in PIECES
        if (n := p.count(rs))
    ]


def cost(state: GameState, region: int) -> CostBreakdown | None:
    """The conquest cost breakdown for the race acting now (``None`` if no race acts or
    the region is unknown)."""
    if region not in state.geo.index:
        return None
    race = acting_race(state)
    if race is None:
        actor = current_player(state)
        race = state.players[actor].active if actor is not None and actor >= 0 else None
    return explain_cost(state, region, race.name) if race is not None else None


def _holder_line(state: GameState, i: int) -> str:
    rs = state.regions[i]
    bits: list[str] = []
    if rs.tokens and rs.race:
        who = state.player_name(rs.owner) if rs.owner >= 0 else "?"
        held = (
            _("{player}'s {race} in decline x{tokens}")
            if rs.in_decline
            else _("{player}'s {race} x{tokens}")
        )
        bits.append(held.format(player=who, race=game_words.race(rs.race), tokens=rs.tokens))
    bits += _piece_words(rs)
    return state.geo.label(i) + ": " + (", ".join(bits) if bits else _("empty"))


def _cost_line(state: GameState, region: int, about_cost: bool) -> str:
    """The conquest cost (R-CONQ-2, R-CONQ-3) where conquering is the question."""
    breakdown = cost(state, region)
    race = acting_race(state) or state.players[state.current].active
    own = race is not None and state.region_of(region).race == race.name
    if breakdown is None or own or not about_cost:
        return ""
    if state.stage not in (Stage.CONQUER, Stage.PICK):
        return ""
    rules = ", ".join(sorted({row.rule for row in breakdown.rows}))
    line = (
        _("{race} conquest cost: {cost} ({rules})")
        if race
        else _("conquest cost: {cost} ({rules})")
    )
    return line.format(
        race=game_words.race(race.name) if race else "", cost=breakdown.summary(), rules=rules
    )


def hover(screen: Screen, region: int) -> str:
    """A few lines about a region: what holds it, what a click does, and for a region a
    click cannot act on, why not (the engine's refusal, with its rule id). The conquest
    cost is quoted only where conquering is the question: a target, or a region refused
    for its cost; never for a Sea the race cannot enter (R-CONQ-4)."""
    state = screen.state
    i = state.geo.index.get(region)
    if i is None:
        return _("There is no region {id} on this board.").format(id=region)
    lines = [_holder_line(state, i)]
    clickable = [a for a in by_region(screen.legal).get(region, []) if not a.undoes]
    refusal = None
    if clickable:
        choices = _(" or ").join(choice_label(state, a) for a in clickable)
        lines.append(_("Click: {choices}").format(choices=choices))
    elif current_player(state) == CHANCE:
        lines.append(_("Not now: the reinforcement die decides (R-CONQ-10)."))
    elif not screen.over:
        refusal = refusal_of_click(state, region)[1]
        if refusal is not None:
            lines.append(_("Not a target now: {why}").format(why=refusal.message))
    about_cost = bool(clickable) or (refusal is not None and refusal.rule in _COST_RULES)
    lines.append(_cost_line(state, region, about_cost))
    return "\n".join(line for line in lines if line)

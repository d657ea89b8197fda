"""Actions run on a position, reported as JSON: what ``swlab scenario run`` prints.

A teacher (or a test) gives a scenario file and a few actions in the notation of
:func:`~swlab.rules.actions.parse_action`, separated by ``;`` or new lines::

    from swlab.game.report import run_scenario

    report = run_scenario("06_ghouls_first", "conquer 7; end; deploy 6:2")
    report["events"]     # each event: kind, rule id, sentence
    report["legal"]      # what may be done now

An action may name the race that should make it: ``Ghouls: conquer 5``. The engine always
lets the race acting now play (the decline Ghouls first, then the active race, R-TURN-0),
so the prefix does not choose a race: it states which one the teacher means, and the step is
refused, naming the rule, when another race acts now (the Ghouls after the active race has
begun, a decline race that never moves, another player's race).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from swlab import names as words
from swlab.game.scenario import dump_scenario, load_scenario
from swlab.i18n import N_, _
from swlab.rules.abilities.registry import CUSTOM_RACES, RACES
from swlab.rules.actions import Action, parse_action
from swlab.rules.engine import CHANCE, apply, current_player, is_over, legal_actions, scores
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.ops import badges
from swlab.rules.state import GameState, Stage

__all__ = [
    "acting_refusal",
    "event_dict",
    "parse_step",
    "read_step",
    "run_actions",
    "run_scenario",
    "split_actions",
    "state_summary",
]

#: ``Race: action`` (letters, spaces and apostrophes before the colon, so that
#: ``deploy 3:2`` is not read as one).
_RACE_PREFIX = re.compile(r"^\s*([A-Za-z][A-Za-z' ]*?)\s*:\s*(\S.*)$")

#: The rule to cite when a race is named in a stage where no race acts, and the whole
#: sentence that says why.
_NO_RACE_ACTS = {
    Stage.PICK: ("R-PICK-1", N_("No race acts now: a combo is picked first.")),
    Stage.DECLINE_CHOICE: (
        "R-POW-STOUT",
        N_("No race acts now: the player chooses whether to go into decline."),
    ),
    Stage.DECLINED: (
        "R-DECLINE-5",
        N_("No race acts now: the race has gone into decline this turn."),
    ),
    Stage.GAME_OVER: ("R-FLOW-2", N_("No race acts now: the game is over.")),
}


def split_actions(actions: str | Sequence[str]) -> list[str]:
    """``"conquer 3; end"`` (``;`` or newline separated) or a list, as notation strings."""
    if isinstance(actions, str):
        parts: list[str] = []
        for line in actions.splitlines():
            parts.extend(line.split(";"))
        actions = parts
    out: list[str] = []
    for a in actions:
        text = a.split("#", 1)[0].strip()
        if text:
            out.append(text)
    return out


def parse_step(text: str) -> tuple[str | None, Action]:
    """An action, and the race it names if written ``Race: action`` (case ignored).

    ``ValueError`` for a misspelt action or an unknown race name.
    """
    m = _RACE_PREFIX.match(text)
    if m is None:
        return None, parse_action(text)
    word, rest = m.group(1).strip(), m.group(2)
    names = {n.lower(): n for n in (*RACES, *CUSTOM_RACES)}
    race = names.get(word.lower())
    if race is None:
        raise ValueError(
            _("{text}: unknown race {word} before ':'; races: {races}").format(
                text=repr(text), word=repr(word), races=", ".join(names.values())
            )
        )
    return race, parse_action(rest)


def read_step(state: GameState, text: str) -> tuple[Action, IllegalActionError | None]:
    """The action of one step in the notation (``conquer 5`` or ``Ghouls: conquer 5``) and,
    when it names a race that does not act now, the refusal of that (R-TURN-0).

    ``ValueError`` for a misspelt action or an unknown race name.
    """
    race, action = parse_step(text)
    return action, acting_refusal(state, race) if race is not None else None


def acting_refusal(state: GameState, race: str) -> IllegalActionError | None:
    """Why ``race`` cannot make the next action (another race acts now), or ``None``.

    The engine picks the acting race itself (:func:`~swlab.rules.engine.acting_race`):
    a player's decline Ghouls act first, then the active race (R-TURN-0); decline races
    never act otherwise (R-DECLINE-7); only the player deciding now acts (R-FLOW-1).
    """
    turn = state.turn
    if turn.acting == race:
        return None
    rs = state.race(race)
    name, acting = words.race(race), words.race(turn.acting)
    if rs is None:
        return IllegalActionError(
            "R-PICK-1",
            _("No player has the {race}: a race acts once it is picked.").format(race=name),
        )
    if rs.owner != turn.actor:
        return IllegalActionError(
            "R-FLOW-1",
            _("The {race} are {owner}'s, and {actor} decides now.").format(
                race=name,
                owner=state.player_name(rs.owner),
                actor=state.player_name(turn.actor),
            ),
        )
    if rs.in_decline and not any(b.acts_in_decline() for b in badges(rs)):
        return IllegalActionError(
            "R-DECLINE-7",
            _("The {race} are in decline: decline tokens never move, redeploy or conquer.").format(
                race=name
            ),
        )
    if not turn.acting:
        rule, why = _NO_RACE_ACTS.get(turn.stage, ("R-FLOW-1", N_("No race acts now.")))
        return IllegalActionError(rule, _(why))
    if rs.in_decline:
        return IllegalActionError(
            "R-TURN-0",
            _(
                "The decline {race} act first, at the start of the turn, before the active "
                "race: the {acting} act now, so the {race} are done for this turn."
            ).format(race=name, acting=acting),
        )
    return IllegalActionError(
        "R-TURN-0",
        _(
            "The decline {acting} act first (R-TURN-0): the {race} act once the {acting} have "
            "finished (redeployed)."
        ).format(race=name, acting=acting),
    )


def event_dict(event: Event, ctx: Any) -> dict[str, Any]:
    """An event as JSON: its kind (class name), rule id and sentence."""
    return {"kind": type(event).__name__, "rule": event.rule, "text": event.describe(ctx)}


def state_summary(state: GameState) -> dict[str, Any]:
    """Whose turn, stage, coins: the short JSON view of a state."""
    actor = current_player(state)
    if actor == CHANCE:  # the die decides: name the player whose die it is
        actor = state.turn.actor
    return {
        "round": state.round,
        "stage": state.turn.stage.value,
        "current": state.player_name(state.current),
        "actor": state.player_name(actor) if actor is not None else None,
        "acting": state.turn.acting or None,
        "over": is_over(state),
        "scores": {p.name: c for p, c in zip(state.players, scores(state), strict=True)},
    }


def run_actions(
    state: GameState, actions: str | Sequence[str], base_dir: str | os.PathLike[str] | None = None
) -> tuple[dict[str, Any], GameState]:
    """Apply notation strings to ``state``: the report of :func:`run_scenario` and the
    state reached (the one before the illegal action, if any)."""
    steps: list[dict[str, Any]] = []
    error: dict[str, Any] | None = None
    for index, text in enumerate(split_actions(actions)):
        try:
            race, action = parse_step(text)
            refusal = acting_refusal(state, race) if race is not None else None
            if refusal is not None:
                raise refusal
            new, events = apply(state, action)
        except IllegalActionError as e:
            error = {"rule": e.rule, "message": e.message, "action": text, "index": index}
            break
        except ValueError as e:  # the notation itself
            error = {"rule": None, "message": str(e), "action": text, "index": index}
            break
        written = f"{race}: {action!r}" if race is not None else repr(action)
        steps.append({"action": written, "events": [event_dict(ev, new) for ev in events]})
        state = new
    report: dict[str, Any] = {
        "actions": [s["action"] for s in steps],
        "steps": steps,
        "events": [ev for s in steps for ev in s["events"]],
        **state_summary(state),
        "legal": [repr(a) for a in legal_actions(state)],
        "state": dump_scenario(state, base_dir),
    }
    if error is not None:
        report["error"] = error
    return report, state


def run_scenario(path: str | os.PathLike[str], actions: str | Sequence[str] = ()) -> dict[str, Any]:
    """Load a scenario, apply ``actions`` (notation, ``;`` or newline separated), report.

    The report (JSON-able): ``actions`` applied, ``steps`` (each action with its events:
    ``kind``, ``rule``, ``text``), ``events`` (all of them), ``round``, ``stage``,
    ``current``, ``actor``, ``acting``, ``over``, ``scores``, ``legal`` (the legal actions
    now) and ``state`` (the position reached, as a scenario mapping). At an illegal action
    it stops: ``error`` holds ``rule``, ``message``, ``action`` and its ``index``, and the
    rest describes the state before it. An action written ``Race: action`` is refused when
    another race acts now (:func:`acting_refusal`).
    """
    state = load_scenario(path)
    report, _reached = run_actions(state, actions, Path(path).resolve().parent)
    return {"scenario": str(path), **report}

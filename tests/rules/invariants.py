"""Invariants checked after every step of the random playouts."""

from __future__ import annotations

import math
from dataclasses import fields

from swlab.rules import (
    CHANCE,
    RACES,
    GameState,
    Roll,
    chance_outcomes,
    current_player,
    is_over,
    legal_actions,
    parse_action,
)
from swlab.rules.engine import apply, why_illegal
from swlab.rules.position import position_problems
from swlab.rules.state import Stage


def fields_repr(state: GameState) -> str:
    """Every shown field of ``state`` in full (the short ``repr`` is for prompts): a
    snapshot that any change to the state would alter."""
    return repr([(f.name, getattr(state, f.name)) for f in fields(state) if f.repr])


def check_invariants(state: GameState) -> None:
    # Nothing about the position is impossible (R-COMP-2, R-CONQ-5, R-DECLINE-1, ...).
    problems = position_problems(state)
    assert not problems, "\n".join(map(str, problems)) + "\n" + str(state)
    # R-COMP-2, R-PICK-4: the engine never loses a token: every token of a race is on the
    # map, in a hand or reserve, or in the tray (a scenario may pose a tray run low).
    for name, race in RACES.items():
        on_map = sum(r.tokens for r in state.regions if r.race == name)
        rs = state.race(name)
        held = (rs.hand + rs.reserve) if rs else 0
        assert on_map + held + state.tray(name) == race.tray, (name, str(state))
    # Legal actions are empty only at game over or at a chance node (the die, R-CONQ-10),
    # whose outcomes are non-empty die faces, each accepted, with probabilities summing to 1.
    actions = legal_actions(state)
    outcomes = chance_outcomes(state)
    chance = current_player(state) == CHANCE
    assert chance == bool(outcomes) == (state.turn.stage is Stage.ROLL)
    assert bool(actions) != (is_over(state) or chance)
    if chance:
        assert math.isclose(sum(p for _a, p in outcomes), 1.0)
        assert all(isinstance(a, Roll) and p > 0 for a, p in outcomes), outcomes
        assert all(why_illegal(state, a) is None for a, _p in outcomes), outcomes
    for a in actions:
        assert parse_action(repr(a)) == a, a
        assert why_illegal(state, a) is None, a
    if state.turn.stage is not Stage.GAME_OVER:
        assert state.turn.actor >= 0


def check_all_listed_apply(state: GameState) -> None:
    """Every listed action applies without error and leaves ``state`` untouched."""
    before = fields_repr(state), str(state)
    for a in legal_actions(state):
        apply(state, a)
    assert (fields_repr(state), str(state)) == before

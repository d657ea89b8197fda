"""Seeded random playouts on the four official boards, invariants after every step.

Tokens are conserved per race (map + hands + tray = tray total, R-COMP-2, R-PICK-4), coins
never go negative, no region holds two races (R-CONQ-5), legal actions are empty only when
the game is over (R-FLOW-2) or at a chance node (the die, R-CONQ-10), every listed action
applies and its notation round-trips, and the same seed gives the same game. The games are
played by the one driver, ``drive``.
"""

from __future__ import annotations

import random

import pytest

from swlab.rules import Action, GameState, drive, new_game, random_action, winners
from swlab.rules.events import Event
from swlab.rules.state import Stage

from .helpers import official
from .invariants import check_all_listed_apply, check_invariants


def playout(players: int, seed: int, every: bool = False) -> tuple[list[str], tuple[int, ...]]:
    """A seeded random game through the one driver (``drive``: random decisions, the die
    sampled from the game's seed), checking the invariants before every step."""
    board = official(players)
    state = new_game(board, players, seed=seed)
    rng = random.Random(seed)
    rounds_seen = {state.round}
    shown: list[str] = []

    def check(s: GameState) -> bool:  # asked by drive before every step: never stops it
        check_invariants(s)
        if every:
            check_all_listed_apply(s)
        shown.append(str(s))
        assert len(shown) < 20_000
        return False

    def observe(before: GameState, action: Action, events: list[Event], after: GameState) -> None:
        assert str(before) == shown[-1]  # the input state is never changed
        for e in events:
            assert e.describe(after) and e.describe(board)
        rounds_seen.add(after.round)

    result = drive(state, lambda s: random_action(s, rng), until=check, observer=observe)
    state = result.state
    check_invariants(state)
    assert result.stopped == "over" and state.turn.stage is Stage.GAME_OVER
    assert rounds_seen == set(range(1, board.turns + 1))  # R-COMP-1, R-FLOW-2
    assert winners(state)
    return [repr(a) for a in result.actions], tuple(p.coins for p in state.players)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_flow_2_random_playout_keeps_invariants(players: int) -> None:
    playout(players, seed=players, every=players == 2)


@pytest.mark.parametrize("players", [2, 5])
def test_same_seed_same_game(players: int) -> None:
    assert playout(players, seed=11) == playout(players, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(25))
def test_many_random_playouts(players: int, seed: int) -> None:
    playout(players, seed=1000 + seed, every=seed < 3)

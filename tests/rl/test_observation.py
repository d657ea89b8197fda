"""The observation: a fixed shape, the public state only (R-SETUP-4: coins are hidden),
seats relative to the observer."""

from __future__ import annotations

import dataclasses
import random

import numpy as np

from swlab.board import official_board
from swlab.rl.observation import RACE_SLOTS, layout, observation_size, observe, race_slot
from swlab.rules import apply, is_over, new_game, random_action


def a_position_of_play(seed: int = 4, steps: int = 60):  # type: ignore[no-untyped-def]
    state = new_game(official_board(3), 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state, _events = apply(state, random_action(state, rng))
    return state


def test_no_other_players_coins_nor_the_order_of_the_stacks_in_the_observation() -> None:
    """R-SETUP-4: victory coins are kept face down; the stacks' order is unknown to all."""
    state = a_position_of_play()
    seen = observe(state, 0)
    players = list(state.players)
    players[1] = dataclasses.replace(players[1], coins=players[1].coins + 37)
    players[2] = dataclasses.replace(players[2], coins=0)
    hidden = state.updated(
        players=tuple(players),
        race_stack=tuple(reversed(state.race_stack)),
        power_stack=state.power_stack[1:] + state.power_stack[:1],
        seed=state.seed + 1,  # the seed draws the die
    )
    assert hidden.race_stack != state.race_stack and hidden.power_stack != state.power_stack
    assert np.array_equal(observe(hidden, 0), seen)
    # the observer's own coins are in it, and so are they for seat 1
    assert not np.array_equal(observe(hidden, 1), observe(state, 1))
    own = next(s for s in layout(len(state.geo), 3) if s.name == "own")
    assert seen[own.start] == state.players[0].coins


def test_the_shape_is_fixed_through_a_whole_game() -> None:
    state = new_game(official_board(2), 2, seed=8)
    rng = random.Random(8)
    size = observation_size(state.geo, 2)
    while not is_over(state):
        for seat in (0, 1):
            obs = observe(state, seat)
            assert obs.shape == (size,) and obs.dtype == np.float32 and (obs >= 0).all()
        state, _events = apply(state, random_action(state, rng))
    sections = layout(len(state.geo), 2)
    assert [s.start for s in sections[1:]] == [s.stop for s in sections[:-1]]
    assert sections[-1].stop == size


def test_owners_are_seats_relative_to_the_observer() -> None:
    state = a_position_of_play()
    regions = next(s for s in layout(len(state.geo), 3) if s.name == "regions")
    for seat in range(3):
        table = observe(state, seat)[regions.start : regions.stop].reshape(regions.shape)
        for i, r in enumerate(state.regions):
            expected = 0 if r.owner < 0 else 1 + (r.owner - seat) % 3
            assert table[i, :4].tolist() == [float(k == expected) for k in range(4)]
            assert table[i, 4 + race_slot(r.race)] == 1
            assert table[i, 4 + RACE_SLOTS] == r.tokens

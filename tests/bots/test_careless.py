"""The careless bot (``easy``): the greedy bot's move with slips, seeded, always legal."""

from __future__ import annotations

import pytest

from swlab.board import Board
from swlab.bots import CarelessBot, GreedyBot, make_bot
from swlab.rules import (
    CHANCE,
    GameState,
    apply,
    chance_outcomes,
    current_player,
    is_legal,
    is_over,
    new_game,
)


def _play(board: Board, bots: list[CarelessBot | GreedyBot], seed: int) -> list[str]:
    """A whole game, every choice checked legal before it is applied; the actions played."""
    state: GameState = new_game(board, ["Ann", "Bob"], seed=seed)
    played: list[str] = []
    while not is_over(state):
        if current_player(state) == CHANCE:
            action = chance_outcomes(state)[0][0]
        else:
            action = bots[state.turn.actor].choose(state)
            assert is_legal(state, action), action
        played.append(repr(action))
        state, _events = apply(state, action)
    return played


def test_without_slips_it_plays_the_greedy_bots_game(board2: Board) -> None:
    careless = _play(board2, [CarelessBot(3, slip=0.0), CarelessBot(4, slip=0.0)], seed=5)
    greedy = _play(board2, [GreedyBot(3), GreedyBot(4)], seed=5)
    assert careless == greedy


def test_with_slips_every_choice_is_legal_and_a_seed_gives_the_same_game(board2: Board) -> None:
    first = _play(board2, [CarelessBot(1), CarelessBot(2, slip=0.5)], seed=9)
    again = _play(board2, [CarelessBot(1), CarelessBot(2, slip=0.5)], seed=9)
    assert first == again
    greedy = _play(board2, [GreedyBot(1), GreedyBot(2)], seed=9)
    assert first != greedy


def test_easy_is_the_careless_bot_and_a_slip_is_a_probability() -> None:
    assert isinstance(make_bot("easy"), CarelessBot)
    assert isinstance(make_bot("careless"), CarelessBot)
    with pytest.raises(ValueError, match="probability"):
        CarelessBot(slip=1.5)

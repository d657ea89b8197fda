"""Game records replay exactly (the log is the truth)."""

from __future__ import annotations

import random

import pytest

from swlab.game import GameRecord
from swlab.rules import new_game, play_random

from .helpers import official


@pytest.mark.parametrize("players", [2, 4])
def test_replaying_the_record_reproduces_the_final_state(players: int) -> None:
    board = official(players)
    start = new_game(board, players, seed=21)
    final, actions = play_random(start, random.Random(21))
    record = GameRecord.from_state(start, actions)
    text = record.to_text()
    again = GameRecord.from_text(text)
    assert again == record
    replayed = again.final_state(board)
    assert str(replayed) == str(final) and replayed == final
    steps = again.timeline(board)
    assert len(steps) == len(actions) and steps[-1].events


def test_record_errors_are_clear() -> None:
    with pytest.raises(ValueError, match="not a swlab game record"):
        GameRecord.from_text("hello")
    with pytest.raises(ValueError, match="misses"):
        GameRecord.from_text("swlab game record 1\nboard: x\nactions:\n")

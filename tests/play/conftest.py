"""Fixtures of the game viewer tests: the official boards, loaded once."""

from __future__ import annotations

import pytest

from swlab.board import Board, official_board
from swlab.play.controller import GameController


@pytest.fixture(scope="session")
def board2() -> Board:
    return official_board(2)


@pytest.fixture(scope="session")
def board5() -> Board:
    return official_board(5)


@pytest.fixture
def ctl(board2: Board) -> GameController:
    """A fresh 2-player game, seed 7: the column starts with Diplomat Ghouls."""
    return GameController(board2, ["Ann", "Bob"], seed=7)

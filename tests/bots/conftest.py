"""Bot tests: official boards loaded once (slow tests: see tests/conftest.py)."""

from __future__ import annotations

import pytest

from swlab.board import Board, official_board


@pytest.fixture(scope="session")
def board2() -> Board:
    return official_board(2)


@pytest.fixture(scope="session")
def board3() -> Board:
    return official_board(3)


@pytest.fixture(scope="session")
def board5() -> Board:
    return official_board(5)

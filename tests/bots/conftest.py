"""Bot tests: official boards loaded once; ``slow`` tests run with ``-m slow`` or SWLAB_SLOW=1."""

from __future__ import annotations

import os

import pytest

from swlab.board import Board, official_board


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("-m") or "") or os.environ.get("SWLAB_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or SWLAB_SLOW=1")
    for item in items:
        if "slow" in item.keywords and item.path.is_relative_to(os.path.dirname(__file__)):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def board2() -> Board:
    return official_board(2)


@pytest.fixture(scope="session")
def board3() -> Board:
    return official_board(3)


@pytest.fixture(scope="session")
def board5() -> Board:
    return official_board(5)

"""Play-testing: a broken board is refused with its problems; a sound one is played."""

from __future__ import annotations

import pytest

from swlab.editor import Draft, NotPlayableError, balance_run, delete, from_official
from swlab.sim import run_simulation


def test_balance_run_refuses_a_broken_board(squares: Draft) -> None:
    broken = delete(squares, 5).board
    with pytest.raises(
        NotPlayableError, match="cannot be played until this problem is fixed"
    ) as info:
        balance_run(broken, games=2)
    assert "Gap inside the outline" in str(info.value)
    assert [p.kind.value for p in info.value.problems] == ["gap"]


def test_balance_run_two_tiny_games_agree_with_sim() -> None:
    board = from_official(2).board
    result = balance_run(board, bots=["random"], games=2, seed=5)
    assert list(result.seats["seat"]) == [1, 2]
    assert result.seats["win_share"].sum() == pytest.approx(1.0)
    assert set(result.held) == set(board.ids)
    assert all(0.0 <= share <= 1.0 for share in result.held.values())
    assert any(share > 0 for share in result.held.values())
    sim = run_simulation(board, 2, 2, seed=5, bots=["random"], progress=False).summary
    seats = sim[sim["group"] == "seat"]
    assert list(seats["win_share"]) == pytest.approx(list(result.seats["win_share"]))
    assert "2 games" in result.report()

"""Play-testing: a broken board is refused with its problems; a sound one is played."""

from __future__ import annotations

import pytest

from swlab.balance.simulate import run_simulation
from swlab.editor import Draft, NotPlayableError, balance_run, delete, from_official


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


def test_the_play_test_carries_the_lab_report_and_compares_with_official() -> None:
    from swlab.editor import compare_with_official
    from swlab.editor.overlays import heat_legend_html

    board = from_official(2).board
    result = balance_run(board, bots=["random"], games=3, seed=4)
    assert result.lab is not None and result.lab.games == 3
    last = result.lab.heat[result.lab.heat.columns.max()]
    assert {rid: round(v, 6) for rid, v in last.items()} == {
        rid: round(v, 6) for rid, v in result.held.items()
    }  # the widget's heat map is the lab's last round
    assert "test the seats" in result.lab.seat_test.verdict  # 3 games: too few
    custom, official, table = compare_with_official(board, bots=["random"], games=2, seed=1)
    assert custom.games == official.games == 2
    assert list(table.columns) == [f"{board.name} (custom)", "official-2p (official)"]
    assert "0%" in heat_legend_html(3) and "3 games" in heat_legend_html(3)

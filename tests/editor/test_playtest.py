"""Play-testing: a broken board is refused with its problems; a sound one is played."""

from __future__ import annotations

import pytest

from swlab.balance.simulate import run_simulation
from swlab.editor import Draft, NotPlayableError, balance_run, delete, from_official
from swlab.rules import new_game


def test_balance_run_refuses_a_broken_board(squares: Draft) -> None:
    broken = delete(squares, 5).board
    with pytest.raises(
        NotPlayableError, match="cannot be played until this problem is fixed"
    ) as info:
        balance_run(broken, games=2)
    assert "Gap inside the outline" in str(info.value)
    assert [p.kind.value for p in info.value.problems] == ["gap"]


def test_balance_run_refuses_a_board_whose_opening_is_impossible(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sound board whose opening position the rules forbid (here: more Lost Tribes than
    the box holds, as a setup gone wrong would leave) is refused, citing the rule."""
    import swlab.editor.playtest as playtest

    board = from_official(2).board
    opening = new_game(board, 2, seed=0)
    crowded = opening.with_regions({0: opening.regions[0].updated(lost_tribes=40)})
    monkeypatch.setattr(playtest, "new_game", lambda *args, **kwargs: crowded)
    with pytest.raises(NotPlayableError, match=r"Lost Tribes .*box holds 18 \(R-COMP-2\)") as info:
        balance_run(board, games=1)
    assert [p.rule for p in info.value.problems] == ["R-COMP-2"]


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


def test_a_four_game_play_test_shows_each_seats_interval_and_the_seat_distance() -> None:
    """Four games say little: "50%" alone would read as a fair board."""
    from swlab.balance.fingerprint import rate_with_interval, seat_distance
    from swlab.balance.stats import wilson

    result = balance_run(from_official(2).board, games=4, seed=0)
    assert result.fingerprint is not None
    wins = result.fingerprint.wins
    assert sum(wins) == pytest.approx(4.0)
    lines = result.report().splitlines()
    for seat, won in enumerate(wins, start=1):
        shown = rate_with_interval(won / 4, *wilson(won, 4))
        assert any(line.split()[0] == str(seat) and shown in line for line in lines[2:4])
    distance = seat_distance([w / 4 for w in wins])
    assert f"seat distance: {distance * 100:.1f}%" in result.report()
    assert "(95%: " in lines[2] and "(95%: " in lines[3]

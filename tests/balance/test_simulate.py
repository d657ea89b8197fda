"""``swlab simulate``: many seeded games on the balance lab's runner and tables, the summary,
records on disk, the command."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from swlab.balance.results import results_of
from swlab.balance.runner import seat_bots
from swlab.balance.simulate import COMBO_COLUMNS, SUMMARY_COLUMNS, run_simulation, simulate
from swlab.board import official_board
from swlab.cli import main
from swlab.game import load_record


def sim_cli(argv: list[str]) -> int:
    return main(["simulate", *argv])


def test_simulate_returns_the_summary_and_writes_records(tmp_path: Path) -> None:
    board = official_board(2)
    summary = simulate(
        board, 2, games=4, seed=3, bots=["greedy", "random"], out_dir=tmp_path, progress=False
    )
    assert list(summary.columns) == list(SUMMARY_COLUMNS)
    assert set(summary["group"]) == {"seat", "bot"}
    bots = summary[summary["group"] == "bot"].set_index("name")
    assert set(bots.index) == {"greedy", "random"}
    assert bots["games"].sum() == 8  # 4 games x 2 seats
    assert summary[summary["group"] == "seat"]["wins"].sum() == pytest.approx(4)
    assert summary.attrs["games"] == 4
    assert summary.attrs["actions"] > 0
    assert summary.attrs["games_per_s"] > 0
    assert summary.attrs["wall_time_s"] > 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    record = load_record(files[0])
    assert record.seed == 3
    assert record.final_state(board).turn.stage.value == "game_over"


def test_run_simulation_results_combos_and_report() -> None:
    result = run_simulation("official_2p", 2, games=3, seed=1, progress=False)
    assert list(result.combos.columns) == list(COMBO_COLUMNS)
    games = result.results.games
    assert len(games) == 6
    assert games.groupby("game")["win"].sum().tolist() == pytest.approx([1, 1, 1])
    assert len(result.combos) > 0
    assert result.combos["coins_per_pick"].is_monotonic_decreasing
    text = result.report()
    for word in ("games/s", "per seat", "per bot", "race+power"):
        assert word in text


def test_simulate_and_balance_share_one_table_of_results() -> None:
    """The summary is read from the balance lab's tables: the same run gives the same
    ``games`` table as :func:`results_of`, and the combo table counts the picks table."""
    result = run_simulation("official_2p", 2, games=3, seed=2, progress=False)
    assert result.results.games.equals(results_of(result.run, "official-2p").games)
    combos = result.combos.set_index("combo")
    picks = result.results.picks
    assert combos["picks"].sum() == len(picks)
    for combo, rows in picks.groupby("combo"):
        assert combos.loc[combo, "coins"] == rows["coins"].sum()
    assert result.totals["actions"] == result.results.games.drop_duplicates("game")["actions"].sum()


def test_records_replay_to_the_reported_coins(tmp_path: Path) -> None:
    result = run_simulation(
        "official_3p", 3, games=2, seed=8, bots=["random"], out_dir=tmp_path, progress=False
    )
    board = official_board(3)
    for path, (_game, rows) in zip(
        sorted(tmp_path.glob("*.json")), result.results.games.groupby("game"), strict=True
    ):
        final = load_record(path).final_state(board)
        assert [p.coins for p in final.players] == rows["coins"].tolist()


def test_same_seed_same_results() -> None:
    a = run_simulation("official_2p", 2, games=2, seed=5, progress=False).results
    b = run_simulation("official_2p", 2, games=2, seed=5, progress=False).results
    assert a.games.equals(b.games) and a.picks.equals(b.picks) and a.held.equals(b.held)


def test_bots_rotate_over_seats() -> None:
    assert seat_bots(["greedy", "random"], 2, 0) == ["greedy", "random"]
    assert seat_bots(["greedy", "random"], 2, 1) == ["random", "greedy"]
    assert seat_bots(["greedy", "random"], 5, 0) == [
        "greedy", "random", "greedy", "random", "greedy",
    ]  # fmt: skip
    assert seat_bots(["greedy", "random"], 3, 1, rotate=False) == ["greedy", "random", "greedy"]
    with pytest.raises(ValueError):
        seat_bots([], 2, 0)


def test_progress_bar_goes_to_the_stream() -> None:
    out = io.StringIO()
    run_simulation("official_2p", 2, games=2, seed=1, bots=["random"], stream=out)
    assert "2/2 games" in out.getvalue()


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("official_2p", 2, games=1, bots=["clever"], progress=False)
    with pytest.raises(ValueError):
        simulate("official_2p", 2, games=0, progress=False)


def test_sim_cli_tiny_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs"
    code = sim_cli(
        [
            "--board", "official_2p", "--players", "2", "--games", "2", "--seed", "4",
            "--bots", "greedy,random", "--out", str(out), "--no-progress",
        ]
    )  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    assert "games 2" in printed and "per bot" in printed and "greedy" in printed
    assert len(list(out.glob("*.json"))) == 2


def test_sim_cli_defaults_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim_cli(["--players", "3", "--games", "1", "--bots", "random", "--no-progress"]) == 0
    assert "official-3p" in capsys.readouterr().out
    assert sim_cli(["--players", "2", "--games", "1", "--bots", "nobody", "--no-progress"]) == 2
    assert "unknown bot" in capsys.readouterr().err

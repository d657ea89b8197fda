"""Statistics, the Parquet results and the report of the balance lab."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from swlab.balance import (
    balance,
    bootstrap_mean,
    chi2_sf,
    compare,
    load_results,
    seat_test,
    wilson,
)
from swlab.balance.stats import MIN_GAMES
from swlab.cli import main
from swlab.i18n import _, using


@pytest.mark.parametrize(
    ("x", "dof", "p"),
    [(3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (9.487729, 4, 0.05),
     (11.0705, 5, 0.05), (1.0, 1, 0.3173105), (2.0, 3, 0.5724067), (0.0, 2, 1.0)],
)  # fmt: skip
def test_chi2_sf_matches_the_tables(x: float, dof: int, p: float) -> None:
    assert chi2_sf(x, dof) == pytest.approx(p, abs=2e-6)


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 20)[0] == 0.0 and 0.0 < wilson(0, 20)[1] < 0.2
    assert wilson(0, 0) == (0.0, 1.0)


def test_bootstrap_mean_is_seeded_and_covers_the_mean() -> None:
    x = np.arange(100, dtype=float)
    a, b = bootstrap_mean(x, seed=1), bootstrap_mean(x, seed=1)
    assert a == b and a[0] < 49.5 < a[1] and a[1] - a[0] < 15
    assert bootstrap_mean([7.0]) == (7.0, 7.0) and math.isnan(bootstrap_mean([])[0])


def test_seat_test_tells_an_advantage_from_noise() -> None:
    assert seat_test([26, 24, 25, 25], 100).p_value > 0.9
    biased = seat_test([60, 15, 15, 10], 100)
    assert biased.p_value < 1e-6 and "seat advantage" in biased.verdict
    assert "too few" in seat_test([3, 1], 4).verdict


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the module's lab run saves to (``report/``, ``records/``)."""
    return tmp_path_factory.mktemp("lab")


@pytest.fixture(scope="module")
def report(lab: Path) -> object:
    return balance(
        "official_2p", games=10, seed=2, bots=["greedy", "random"], workers=0,
        progress=False, out=lab / "report", records=lab / "records",
    )  # fmt: skip


def test_the_report_has_every_figure(report: object) -> None:
    r = report
    assert r.games == 10 and r.meta["players"] == 2  # type: ignore[attr-defined]
    text = r.to_markdown()  # type: ignore[attr-defined]
    for part in ("## Seats", "Test of no seat advantage", "wins 50%", "## Races",
                 "## Special powers", "## Combos", "## Bots", "## Regions held"):  # fmt: skip
        assert part in text, part
    races = r.races  # type: ignore[attr-defined]
    assert list(races["win_rate"]) == sorted(races["win_rate"], reverse=True)
    assert (races["win_low"] <= races["win_rate"]).all()
    assert (races["win_rate"] <= races["win_high"]).all()
    assert races["few"].all() == bool((races["n"] < MIN_GAMES).all())
    bots = r.bots.set_index("bot")  # type: ignore[attr-defined]
    assert bots.loc["greedy", "n"] == 10  # one seat per game: 10 games, not seats summed
    heat = r.heat  # type: ignore[attr-defined]
    assert list(heat.columns) == list(range(1, 11)) and heat.to_numpy().max() <= 1.0
    assert r.thresholds["50%"] <= r.thresholds["95%"]  # type: ignore[attr-defined]


def test_report_files_and_parquet_metadata(report: object, lab: Path) -> None:
    """What ``balance(out=...)`` saved (``Report.save``, drawn once per module: the plots
    take most of the run's time)."""
    r = report
    folder = lab / "report"
    for stem in ("seats", "races", "combos", "coins", "heat"):
        for ext in ("png", "svg"):
            assert (folder / f"{stem}.{ext}").stat().st_size > 1000
    assert "![regions held at the end of rounds](heat.png)" in (folder / "report.md").read_text()
    back = load_results(folder)
    assert back.meta["board"] == "official-2p" and back.meta["games"] == 10
    assert back.meta["swlab_version"] and back.meta["bots"] == ["greedy", "random"]
    assert back.games.equals(r.results.games)  # type: ignore[attr-defined]
    assert len(back.games) == 20 and len(back.held) == 10 * 10 * 23


def test_records_are_saved_on_request(report: object, tmp_path: Path) -> None:
    r = balance("official_2p", games=2, bots=["random"], workers=0, progress=False,
                records=tmp_path)  # fmt: skip
    assert len(list(tmp_path.glob("game*_seed*.json"))) == 2 and r.games == 2


def test_two_boards_side_by_side(report: object) -> None:
    other = balance("official_2p", games=4, seed=7, workers=0, progress=False)
    table = compare(report, other, ("seed 2", "seed 7"))  # type: ignore[arg-type]
    assert list(table.columns) == ["seed 2", "seed 7"]
    assert "score winning 95%" in table.index and table.loc["games", "seed 7"] == "4"


def test_two_boards_side_by_side_in_another_language(report: object) -> None:
    """The seat table's columns are named in the language in effect (notebooks/pt/09)."""
    other = balance("official_2p", games=4, seed=7, workers=0, progress=False)
    english = compare(report, other, ("seed 2", "seed 7"))  # type: ignore[arg-type]
    with using("pt"):
        table = compare(report, other, ("seed 2", "seed 7"))  # type: ignore[arg-type]
        seats = {_("seat {seat} win rate").format(seat=n) for n in (1, 2)}
    assert {"seat 1 win rate", "seat 2 win rate"} <= set(english.index)
    assert seats <= set(table.index) and seats.isdisjoint(english.index)
    assert len(table.index) == len(english.index)


def test_swlab_balance_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    argv = ["balance", "official_2p", "--games", "3", "--bots", "random", "--serial"]
    assert main([*argv, "--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# Balance of official-2p") and "report.md" in text
    assert (out / "report.md").is_file() and (out / "games.parquet").is_file()
    assert main(["balance", "official_2p", "--workers", "0"]) == 2
    assert main(["balance", "official_2p", "--scheduler", "tcp://x:1", "--serial"]) == 2
    assert "leave out --workers" in capsys.readouterr().err


def test_simulate_saves_parquet_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--board", "official_2p", "--games", "2", "--bots", "random"]
    assert main([*argv, "--serial", "--no-progress", "--results", str(tmp_path)]) == 0
    assert "results: 2 games" in capsys.readouterr().out
    assert load_results(tmp_path).meta["backend"] == "serial"

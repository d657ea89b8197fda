"""A board's fingerprint: the definitions on hand-made games, the seeded runs, the command
and the shipped reference numbers of the official boards."""

from __future__ import annotations

import json
import math
import runpy
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from swlab.balance.fingerprint import (
    DEFAULT_STYLES,
    OVERALL,
    REFERENCE_FILE,
    REFERENCE_GAMES,
    Fingerprint,
    StyleFingerprint,
    fingerprint,
    rate_with_interval,
    reference_for,
    seat_distance,
    seat_spread,
    smith_anton_distance,
    summarize,
)
from swlab.balance.runner import ComboPick, GameOutcome
from swlab.cli import main

ROOT = Path(__file__).resolve().parents[2]
REGIONS = (1, 2, 3, 4, 5, 6, 7)


def outcome(
    game: int,
    winners: Sequence[int],
    held: Sequence[int] = (-1,) * len(REGIONS),
    firsts: Sequence[int] = (),
    players: int = 3,
) -> GameOutcome:
    """A finished game of ``players`` seats: its winners (a tie shares the win), who holds
    each region of :data:`REGIONS` at the end, and the first conquest of each race."""
    picks = tuple(ComboPick(0, "Humans", "Flying", 1, 0, first) for first in firsts)
    return GameOutcome(
        game=game,
        seed=game,
        bots=("greedy",) * players,
        names=tuple(f"P{s}" for s in range(players)),
        coins=(0,) * players,
        tokens_on_map=(0,) * players,
        winners=tuple(winners),
        actions=0,
        picks=picks,
        held=(tuple(held),),
        region_ids=REGIONS,
    )


# --- the definitions -------------------------------------------------------------------
def test_equal_win_rates_are_at_distance_zero() -> None:
    games = [outcome(g, [g % 3]) for g in range(6)]
    fp = summarize("greedy", games, 3, REGIONS)
    assert fp.rates == pytest.approx((1 / 3,) * 3)
    assert fp.seat_distance == pytest.approx(0.0)
    assert fp.seat_spread == pytest.approx(0.0)
    assert fp.smith_anton == pytest.approx(0.0)


def test_one_seat_winning_everything_is_at_the_known_distances() -> None:
    fp = summarize("greedy", [outcome(g, [1]) for g in range(10)], 3, REGIONS)
    assert fp.rates == (0.0, 1.0, 0.0)
    assert fp.seat_distance == pytest.approx(2 / 3)  # 1 - 1/k
    assert fp.seat_spread == pytest.approx(1.0)
    assert fp.smith_anton == pytest.approx(math.sqrt(2 / 3))  # sqrt(1 - 1/k)
    assert [str(seat) for seat in fp.seats][1] == rate_with_interval(1.0, *fp.seats[1].interval)
    assert fp.seats[1].interval[0] > 0.65 and fp.seats[1].interval[1] == 1.0


def test_the_distances_of_a_win_rate_vector() -> None:
    rates = (0.5, 0.3, 0.2)
    assert seat_distance(rates) == pytest.approx(0.5 - 1 / 3)
    assert seat_spread(rates) == pytest.approx(0.3)
    expected = math.sqrt(sum((r - 1 / 3) ** 2 for r in rates))
    assert smith_anton_distance(rates) == pytest.approx(expected)
    assert seat_distance((0.5, 0.5)) == smith_anton_distance((0.5, 0.5)) == 0.0


def test_a_tie_shares_the_win_as_the_balance_lab_counts_it() -> None:
    """R-FLOW-3: tied players share the victory; the rates still add up to 1."""
    fp = summarize("greedy", [outcome(0, [0, 1]), outcome(1, [0])], 3, REGIONS)
    assert fp.wins == (1.5, 0.5, 0.0)
    assert sum(fp.rates) == pytest.approx(1.0)


def test_regions_held_at_the_end_and_first_conquests_are_shares() -> None:
    games = [
        outcome(0, [0], held=(0, 1, -1, -1, 2, -1, -1), firsts=(3, 3, -1)),
        outcome(1, [1], held=(0, -1, -1, -1, 2, 1, -1), firsts=(3, 5)),
    ]
    fp = summarize("greedy", games, 3, REGIONS)
    assert dict(fp.held) == {1: 1.0, 2: 0.5, 3: 0.0, 4: 0.0, 5: 1.0, 6: 0.5, 7: 0.0}
    assert fp.held_most == ((1, 1.0), (5, 1.0), (2, 0.5), (6, 0.5), (3, 0.0))
    assert fp.held_least == ((3, 0.0), (4, 0.0), (7, 0.0), (2, 0.5), (6, 0.5))
    # 4 races conquered (one of the 5 picks never did): region 3 was 3 of their firsts
    assert fp.races == 4
    assert fp.popular_first == ((3, 0.75), (5, 0.25))
    assert StyleFingerprint.from_dict(json.loads(json.dumps(fp.to_dict()))) == fp


# --- seeded runs -----------------------------------------------------------------------
def test_the_same_seed_gives_the_same_numbers_and_overall_adds_the_styles() -> None:
    one = fingerprint("official_2p", ("aggressive", "greedy"), games=3, seed=7, workers=0)
    two = fingerprint("official_2p", ("aggressive", "greedy"), games=3, seed=7, workers=0)
    assert one == two
    assert [p.style for p in one.styles] == ["aggressive", "greedy", OVERALL]
    assert one.overall.games == 6
    assert one.overall.wins == pytest.approx(
        tuple(a + b for a, b in zip(one.styles[0].wins, one.styles[1].wins, strict=True))
    )
    assert sum(one.overall.rates) == pytest.approx(1.0)
    assert one.players == 2 and one.board == "official-2p"
    assert Fingerprint.from_dict(json.loads(json.dumps(one.to_dict()))) == one


def test_serial_and_two_workers_give_the_same_fingerprint() -> None:
    """Both styles' games on one local cluster of 2 workers: the serial numbers."""
    styles = ("aggressive", "early-decline")
    serial = fingerprint("official_2p", styles, games=4, seed=3, workers=0)
    started = time.perf_counter()
    parallel = fingerprint("official_2p", styles, games=4, seed=3, workers=2)
    assert time.perf_counter() - started < 120  # a local cluster starts on a busy machine
    assert parallel == serial


def test_an_unknown_style_is_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown bot 'calm'"):
        fingerprint("official_2p", ("greedy", "calm"), games=1, workers=0)


# --- the command -----------------------------------------------------------------------
def test_the_command_prints_the_table_beside_the_official_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["map", "fingerprint", "official_3p", "--games", "2", "--serial"])
    captured = capsys.readouterr()
    assert code == 0
    lines = captured.out.splitlines()
    assert lines[0] == "official-3p: 3 players, 2 games per style (seed 0)"
    assert "seat 1" in lines[2] and "seat distance" in lines[2] and "Smith & Anton" in lines[2]
    styles = [line.split()[0] for line in lines[3:11]]
    assert styles == ["greedy", "official-3p", "aggressive", "official-3p", "early-decline",
                      "official-3p", "overall", "official-3p"]  # fmt: skip
    assert "(95%: " in lines[3]
    reference = reference_for(3)
    assert reference is not None
    assert f"{reference.style('greedy').games}" in lines[4]
    assert "held most at the end:" in captured.out and "first conquests:" in captured.out
    assert "fingerprint greedy" in captured.err  # the progress bar


def test_the_command_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["map", "fingerprint", "official_2p", "--games", "2", "--styles", "aggressive",
                 "--serial", "--no-progress", "--json"])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0 and captured.err == ""
    data = json.loads(captured.out)
    fp = Fingerprint.from_dict(data["fingerprint"])
    assert fp.style_names == ("aggressive",) and fp.overall.games == 2
    first = data["fingerprint"]["styles"][0]
    assert first["seat_distance"] == pytest.approx(fp.styles[0].seat_distance)
    assert len(first["intervals"]) == 2 and len(first["held_most"]) == 5
    assert data["reference"]["players"] == 2


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["no_such_board"], "no_such_board"),
        (["official_2p", "--styles", "calm"], "unknown bot 'calm'"),
        (["official_2p", "--games", "0"], "--games must be 1 or more, not 0"),
        (["terra_mystica_base"], "is a Terra Mystica map, not a Small World board (R-COMP-1)"),
    ],
)
def test_bad_input_is_one_error_line(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["map", "fingerprint", *words, "--serial", "--no-progress"])
    err = capsys.readouterr().err.splitlines()
    assert code == 2
    assert len(err) == 1 and err[0].startswith("swlab: error: ") and message in err[0]


def test_a_board_with_problems_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from swlab.board import write_board
    from swlab.editor import delete, from_official

    broken = delete(from_official(2), 5).board  # leaves a gap inside the outline
    path = tmp_path / "gap.geojson"
    write_board(broken, path)
    code = main(["map", "fingerprint", str(path), "--serial", "--no-progress", "--games", "1"])
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and len(err) == 1
    assert err[0].startswith(f"swlab: error: {path}: cannot be played (")
    assert f"swlab map check {path}" in err[0]


# --- the official boards' reference numbers --------------------------------------------
def test_the_reference_file_holds_the_four_official_boards() -> None:
    data = json.loads(REFERENCE_FILE.read_text(encoding="utf-8"))
    assert data["games_per_style"] == REFERENCE_GAMES and data["seed"] == 0
    assert tuple(data["styles"]) == DEFAULT_STYLES
    assert [b["players"] for b in data["boards"]] == [2, 3, 4, 5]
    for players in (2, 3, 4, 5):
        fp = reference_for(players)
        assert fp is not None and fp.board == f"official-{players}p"
        assert fp.style_names == DEFAULT_STYLES
        assert all(p.games == REFERENCE_GAMES for p in fp.styles[:-1])
        assert fp.overall.games == REFERENCE_GAMES * len(DEFAULT_STYLES)
    assert reference_for(6) is None


def test_the_reference_file_is_what_the_tool_computes(tmp_path: Path) -> None:
    """One part of the file made again by its tool (the 2-player board, the aggressive
    style, all its games): it fails when the engine or a bot changed; then run
    ``python tools/reference_fingerprints.py``."""
    part = tmp_path / "part.json"
    tool = ROOT / "tools" / "reference_fingerprints.py"
    words = ["--players", "2", "--styles", "aggressive", "--output", str(part), "--no-progress"]
    runpy.run_path(str(tool), run_name="reference")["main"](words)
    fresh = json.loads(part.read_text(encoding="utf-8"))
    shipped = json.loads(REFERENCE_FILE.read_text(encoding="utf-8"))
    assert fresh["games_per_style"] == shipped["games_per_style"] == REFERENCE_GAMES
    assert fresh["seed"] == shipped["seed"] and fresh["made_by"] == shipped["made_by"]
    cell = fresh["boards"][0]["styles"][0]
    assert cell["style"] == "aggressive" and fresh["boards"][0]["players"] == 2
    assert cell == shipped["boards"][0]["styles"][1]  # the same numbers, as JSON

"""The fair board generator (issue 27 §4): constraints met by every candidate, the binding
constraint named for an impossible request, a 2-player board at seat distance 0.1 on 400 new
games, the command end to end; and the fingerprint of a deliberately unfair board (§3)."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from swlab.balance.fair import MIN_VERIFY_GAMES, _at_most, _move, _Search, generate_fair
from swlab.balance.fingerprint import DEFAULT_STYLES, fingerprint, reference_for
from swlab.balance.runner import GameOutcome
from swlab.board.constraints import ConstraintError, Constraints, draws, recipe, violations
from swlab.board.io import read_board
from swlab.board.validate import check_board
from swlab.board.voronoi import random_board
from swlab.cli import main


# --- constraints ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("constraints", "binding", "numbers"),
    [
        (Constraints(2, regions_per_player=10, water_share=0.9), "water share", ("20", "2 land")),
        (Constraints(2, regions_per_player=1.5), "regions per player", ("3 regions",)),
        (Constraints(2, min_neighbours=9), "borders per region", ("9", "6")),
        (Constraints(2, min_neighbours=5, max_neighbours=4), "borders per region", ("5", "4")),
        (Constraints(2, terrain_shares={"mountain": 0.6}), "terrain shares", ("12", "9")),
        (Constraints(2, symbols={"mine": 10, "magic": 10}), "symbols", ("24", "20 land")),
        (Constraints(3, lost_tribes=19), "lost tribes", ("19", "18")),
    ],
)
def test_an_impossible_request_names_the_constraint_that_binds(
    constraints: Constraints, binding: str, numbers: tuple[str, ...]
) -> None:
    with pytest.raises(ConstraintError) as caught:
        generate_fair(constraints, 0.1, workers=0)
    assert caught.value.constraint == binding
    line = str(caught.value)
    assert line.startswith(binding + ":") and "\n" not in line
    for number in numbers:
        assert number in line


def test_a_constraint_no_drawn_board_meets_is_named_after_thedraws() -> None:
    """Every region with 4 or more neighbours: corner regions never have them."""
    wanted = recipe(Constraints(2, min_neighbours=4))
    with pytest.raises(ConstraintError) as caught:
        next(draws(wanted, seed=0))
    assert caught.value.constraint == "borders per region"
    assert "at least 4 neighbours" in str(caught.value)


def test_every_drawn_board_and_every_move_meets_the_constraints() -> None:
    constraints = Constraints(
        3,
        regions_per_player=9,
        terrain_shares={"mountain": 0.1, "swamp": 0.3},
        symbols={"mine": 4, "magic": 0.1},
        lost_tribes=5,
        water_share=0.2,
        max_neighbours=8,
    )
    wanted = recipe(constraints)
    assert (wanted.regions, wanted.water, wanted.lost_tribes) == (27, 5, 5)
    assert wanted.symbols["mine"] == 4 and wanted.symbols["magic"] == 2
    assert wanted.terrains["swamp"] == round(0.3 * wanted.land)
    boards = draws(wanted, seed=3)
    rng = np.random.default_rng(0)
    for _ in range(3):
        _seed, board = next(boards)
        assert violations(board, wanted) == [] and check_board(board) == []
        # moves after two real games, seat 1 said to be favoured and seat 3 disfavoured
        kept: dict[str, list[GameOutcome]] = {}
        fp = fingerprint(board, ("greedy",), 2, 0, workers=0, keep=kept)
        outcomes = kept["greedy"]
        for _move_try in range(12):
            moved = _move(board, (0.6, 0.3, 0.1), outcomes, rng)
            if moved is None:
                continue
            after, how = moved
            assert violations(after, wanted) == [], how
            assert check_board(after) == [], how
            assert Counter(r.terrain for r in after) == Counter(r.terrain for r in board)
        assert fp.overall.games == 2


def test_a_bad_target_or_a_short_verification_is_refused() -> None:
    with pytest.raises(ValueError, match=r"above 0 and below 0\.5"):
        generate_fair(Constraints(2), 0.6, workers=0)
    with pytest.raises(ValueError, match=f"at least {MIN_VERIFY_GAMES} games"):
        generate_fair(Constraints(2), 0.1, verify_games=100, workers=0)


# --- the search ---------------------------------------------------------------------------
def test_a_budget_that_runs_out_returns_the_best_board_and_says_so() -> None:
    stream = io.StringIO()
    result = generate_fair(
        Constraints(2), 0.01, screen_games=2, max_candidates=2, workers=0, stream=stream
    )
    assert not result.reached and not result.verified
    lines = stream.getvalue().splitlines()
    # seed 0: candidate 2 screens at 0 % on its 6 games, so it is confirmed on 12 more
    # games, where it is at 11.1 %: no verification
    assert result.candidates == 2 and result.games == 2 * 2 * 3 + 4 * 3
    assert [line.split(" (")[0] for line in lines[:2]] == ["candidate 1", "candidate 2"]
    assert all("seat distance" in line and "best so far" in line for line in lines[:2])
    assert lines[2].startswith("candidate 2: 18 games, seat distance 11.1% (95%: ")
    assert len(lines) == 3
    message = result.message()
    assert "not reached within the budget (2 candidates)" in message
    assert result.board.name in message and "95%" in message
    assert check_board(result.board) == []


def test_a_board_at_exactly_the_target_meets_it() -> None:
    """9 wins in 60 five-player games is 0.05 from a fifth, though not in floating point:
    such a screen goes on to its confirmation (the benchmark's candidate 23 did not)."""
    assert abs(9 / 60 - 1 / 5) > 0.05
    assert _at_most(abs(9 / 60 - 1 / 5), 0.05) and _at_most(abs(15 / 60 - 1 / 5), 0.05)
    assert not _at_most(4 / 60, 0.05)


def test_a_move_is_screened_once_from_the_same_board() -> None:
    """The screen's seeds are fixed, so the same move from the same board would replay the
    same games: a search that stays on one board tries a different move each time."""
    search = _Search(
        recipe(Constraints(2)),
        0.05,
        DEFAULT_STYLES,
        0,
        1,
        MIN_VERIFY_GAMES,
        (60, 40_000, None),
        None,
        {"workers": 0, "scheduler": None, "connect_timeout": 30.0, "security": None},
    )
    start = search.fresh()
    moves = [m.how for m in (search.mutate(start) for _ in range(8)) if m is not None]
    assert len(moves) >= 4
    assert len(set(moves)) == len(moves), moves
    assert search.tried[start.number] == set(moves)


@pytest.mark.slow
def test_a_two_player_board_reaches_a_seat_distance_of_a_tenth() -> None:
    """Within a test budget (about 4 minutes on a busy 2-core machine)."""
    stream = io.StringIO()
    result = generate_fair(
        Constraints(2), 0.1, screen_games=10, max_candidates=12, max_games=3000, stream=stream
    )
    assert result.reached, stream.getvalue()
    assert result.verified and result.overall.games >= MIN_VERIFY_GAMES
    assert result.distance <= 0.1
    assert "verifying on 402 new games" in stream.getvalue()
    assert check_board(result.board) == []


@pytest.mark.slow
def test_the_same_seed_gives_the_same_search_serially_and_on_two_workers() -> None:
    kwargs = {"screen_games": 20, "max_candidates": 2, "seed": 4}
    serial = generate_fair(Constraints(2), 0.01, workers=0, **kwargs)  # type: ignore[arg-type]
    dask = generate_fair(Constraints(2), 0.01, workers=2, **kwargs)  # type: ignore[arg-type]
    assert serial.history == dask.history
    assert serial.board == dask.board and serial.fingerprint == dask.fingerprint


# --- the command ----------------------------------------------------------------------------
def test_the_command_writes_a_board_map_check_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fair.geojson"
    argv = ["map", "generate", "--players", "2", "--fair", "0.01", "--screen-games", "2",
            "--max-candidates", "2", "--serial", "-o", str(out)]  # fmt: skip
    assert main(argv) == 1  # the budget ran out: "no", with the best board written
    printed = capsys.readouterr()
    assert "not reached within the budget (2 candidates)" in printed.out
    assert f"wrote {out}" in printed.out
    assert "candidate 1 (new board, seed" in printed.err
    assert main(["map", "check", str(out)]) == 0
    assert check_board(read_board(out)) == []
    from swlab.editor.widget import MapEditor  # the map editor opens it, with no problem

    editor = MapEditor(width=500)
    assert editor.controller.load(out)
    assert editor.controller.problems == [] and len(editor.controller.board) == 23


def test_the_command_names_the_binding_constraint_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fair.geojson"
    argv = ["map", "generate", "--players", "2", "--fair", "0.05", "--regions-per-player",
            "10", "--water-share", "0.9", "-o", str(out)]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "swlab: error: the constraints cannot be met: water share: 20 regions with a water "
        "share of 90% leave 2 land regions; 2 players need at least 6 (3 each)"
    ]
    assert not out.exists()
    assert main(["map", "generate", "--players", "2", "--fair", "0.05", "--terrain",
                 "mountain", "-o", str(out)]) == 2  # fmt: skip
    assert "--terrain: 'mountain' is not NAME=NUMBER" in capsys.readouterr().err


# --- §3: an unfair board's fingerprint ------------------------------------------------------
def test_a_cramped_board_is_less_fair_than_the_official_one_beyond_the_intervals() -> None:
    """Eight regions for two players: the first seat's race fills the board before the
    second seat starts, so the second seat's start is cramped. Over 60 seeded games the
    first seat wins far more often than on the official 2-player board (its 600 shipped
    games), and the two boards' intervals for that seat do not overlap."""
    cramped = fingerprint(random_board(8, players=2, seed=0), games=20, seed=0, workers=0)
    official = reference_for(2)
    assert official is not None
    ours, theirs = cramped.overall, official.overall
    assert ours.seat_distance > theirs.seat_distance
    low, _high = ours.seat_distance_interval
    assert low > theirs.seat_distance_interval[1]  # the distances' intervals are apart
    seat = max(range(2), key=lambda s: ours.rates[s])
    assert ours.seats[seat].interval[0] > theirs.seats[seat].interval[1]

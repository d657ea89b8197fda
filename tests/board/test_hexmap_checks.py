"""Each Terra Mystica map check finds its problem on a small hand-made map, names the
spaces by label and says what to change; the base map has no error."""

from __future__ import annotations

import pytest

from swlab.board import Board, Region
from swlab.board.hexmap import (
    HexProblemKind,
    base_map,
    check,
    errors,
    hex_polygon,
    is_warning,
    layout_board,
    parse_rows,
)
from swlab.board.validate import Problem

K = HexProblemKind


def hexmap(rows: str) -> Board:
    return layout_board(parse_rows(rows), "test")


def found(board: Board, kind: HexProblemKind) -> list[Problem]:
    return [p for p in check(board) if p.kind == kind]


def test_same_terrain_neighbours() -> None:
    (problem,) = found(hexmap("A: U U K"), K.SAME_TERRAIN)
    assert problem.regions == (1, 2)
    assert problem.message == "A1 and A2 are neighbours and both Plains"
    assert problem.fix.startswith("repaint A2 to ")
    assert not found(hexmap("A: U K U"), K.SAME_TERRAIN)


def test_river_space_with_no_river_neighbour() -> None:
    (problem,) = found(hexmap("A: U ~ K"), K.RIVER_DEAD_END)
    assert problem.regions == (2,)
    assert "river (A, col 2) has no river neighbour" in problem.message
    assert "terrain space" in problem.fix
    assert not found(hexmap("A: U ~ ~ K"), K.RIVER_DEAD_END)


def test_river_space_with_more_than_3_river_neighbours() -> None:
    board = hexmap("A: ~ ~ U\nB:  ~ ~ K\nC: ~ ~ U")
    pools = found(board, K.RIVER_POOL)
    assert (4,) in [p.regions for p in pools]  # B col 1 touches five river spaces
    pool = next(p for p in pools if p.regions == (4,))
    assert "river (B, col 1) has 5 river neighbours" in pool.message
    assert is_warning(pool)
    assert not found(hexmap("A: ~ ~ U\nB:  U K S\nC: ~ ~ U"), K.RIVER_POOL)


def test_river_split_into_networks_is_a_warning() -> None:
    (problem,) = found(hexmap("A: ~ ~ U ~ ~"), K.RIVER_SPLIT)
    assert is_warning(problem) and problem.regions == (4, 5)
    assert "2 separate networks" in problem.message
    assert not found(hexmap("A: ~ ~ U K ~\nB:  U ~ ~ ~"), K.RIVER_SPLIT)


def test_terrain_space_without_a_one_step_neighbour() -> None:
    problems = found(hexmap("A: U B"), K.NO_TERRAFORM_STEP)  # plains and lakes: two spades
    assert [p.regions for p in problems] == [(1,), (2,)]
    assert problems[0].message == (
        "A1 (Plains) has no neighbour one terraforming step away (Desert or Swamp)"
    )
    assert problems[0].fix == "repaint a neighbour of A1 (A2) to Desert or Swamp"
    assert not found(hexmap("A: U K"), K.NO_TERRAFORM_STEP)


def test_terrain_counts_off_the_standard_are_a_warning() -> None:
    problems = found(hexmap("A: U K"), K.TERRAIN_COUNT)
    assert len(problems) == 7 and all(is_warning(p) for p in problems)
    plains = next(p for p in problems if p.message.startswith("Plains"))
    assert plains.message == "Plains has 1 spaces, not the standard 11"
    assert plains.fix.startswith("add 10 Plains spaces")


def test_unreachable_spaces() -> None:
    (problem,) = found(hexmap("A: U ~ ~ ~ ~ K"), K.UNREACHABLE)  # four river spaces apart
    assert problem.regions == (6,) and problem.message.startswith("A2 cannot be reached")
    assert problem.fix
    assert not found(hexmap("A: U ~ ~ ~ K"), K.UNREACHABLE)  # shipping 3 crosses three


def test_unknown_terrain_replaces_the_small_world_check() -> None:
    board = hexmap("A: U K S")
    regions = (board.regions[0], Region(2, "hill", board.regions[1].polygon), board.regions[2])
    broken = Board(board.name, 5, 6, board.outline, regions, board.profile)
    (problem,) = check(broken)
    assert problem.kind == K.UNKNOWN_TERRAIN and problem.regions == (2,)
    assert "plains" in problem.fix


def test_a_board_off_the_row_grid() -> None:
    polygons = (hex_polygon(0, 0), hex_polygon(0, 2))  # a gap in row A
    regions = tuple(Region(k, "plains", p) for k, p in enumerate(polygons, 1))
    board = Board("gap", 5, 6, polygons[0].union(polygons[1]), regions, "terra_mystica")
    problems = [p for p in check(board) if p.kind == K.NOT_A_HEX_GRID]
    assert len(problems) == 1 and "fill a gap with river" in problems[0].message


@pytest.mark.parametrize(
    "rows",
    ["A: U U K", "A: U ~ K", "A: U ~ ~ ~ ~ K"],
)
def test_every_problem_names_labelled_spaces_and_a_fix(rows: str) -> None:
    board = hexmap(rows)
    for problem in check(board):
        assert problem.fix
        assert any(c.isdigit() for c in problem.message)


def test_the_base_map_has_no_error_and_the_expected_warnings() -> None:
    problems = check(base_map())
    assert errors(problems) == []
    kinds = {p.kind for p in problems}
    assert kinds == {K.RIVER_POOL, K.NO_TERRAFORM_STEP}

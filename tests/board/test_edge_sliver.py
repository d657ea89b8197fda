"""A sliver that reaches the board's edge is reported (issue 27 §2), naming the regions
whose border it breaks, as the same sliver enclosed inside the board always was: the
rules derive neighbours from the shapes (R-COMP-6), so the two regions beside it silently
stop being neighbours there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import Polygon, box, mapping

from swlab.board.io import parse_board
from swlab.board.model import Board
from swlab.board.validate import ProblemKind, validate
from swlab.cli import main


def plain(shapes: dict[int, Polygon]) -> dict[str, Any]:
    """A FeatureCollection without an outline, as a GIS tool writes it."""
    return {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "id": rid,
                "geometry": json.loads(json.dumps(mapping(shape))),
                "properties": {"terrain": "hill"},
            }
            for rid, shape in shapes.items()
        ],
    }


#: Regions 1 and 2 side by side under region 3, a sliver 0.05 wide between 1 and 2 that
#: runs down to the bottom edge.
SPLIT_TO_THE_EDGE = {
    1: box(0, 0, 10, 10),
    2: Polygon([(10.05, 0), (20, 0), (20, 10), (10.05, 10)]),
    3: box(0, 10, 20, 20),
}


def board_of(shapes: dict[int, Polygon]) -> Board:
    return parse_board(plain(shapes), "edge.geojson", players=2, turns=10)


def test_r_comp_6_a_sliver_open_to_the_edge_names_the_regions_it_separates() -> None:
    board = board_of(SPLIT_TO_THE_EDGE)
    assert 2 not in board.neighbours(1)  # what the sliver does to the game
    problems = validate(board)
    assert [(p.kind, p.regions) for p in problems] == [(ProblemKind.SLIVER, (1, 2))]
    problem = problems[0]
    assert problem.message.startswith(
        "Sliver gap reaching the board's edge between regions 1 and 2 (area 0.5, width 0.0"
    )
    assert "it breaks the border between them" in problem.message
    assert problem.fix.startswith("Move the vertices of region ")
    assert "onto region " in problem.fix and "near the bottom of the board" in problem.fix
    assert problem.where is not None and problem.where.area == pytest.approx(0.5)


def test_the_same_sliver_enclosed_inside_the_board_is_still_reported() -> None:
    shapes = dict(SPLIT_TO_THE_EDGE)
    shapes[4] = box(0, -5, 20, 0)  # closes the sliver's end: now it is inside the board
    problems = validate(board_of(shapes))
    assert [(p.kind, p.regions) for p in problems] == [(ProblemKind.SLIVER, (1, 2, 3, 4))]
    assert "inside the outline" in problems[0].message


def test_closing_the_sliver_leaves_nothing_to_report() -> None:
    shapes = dict(SPLIT_TO_THE_EDGE)
    shapes[2] = box(10, 0, 20, 10)
    board = board_of(shapes)
    assert validate(board) == [] and 2 in board.neighbours(1)


@pytest.mark.parametrize("notch", [0.5, 3.0])
def test_a_concave_outline_or_a_wide_bay_is_not_a_sliver(notch: float) -> None:
    """An L-shaped board (two regions meeting at its inner corner) and a bay wider than a
    sliver are the designer's shape, not a mistake."""
    l_shape = {
        1: box(0, 0, 10, 10),
        2: box(10, 0, 20, 10),
        3: box(0, 10, 10, 20),
    }
    assert validate(board_of(l_shape)) == []
    bay = dict(SPLIT_TO_THE_EDGE)
    bay[2] = Polygon([(10 + notch, 0), (20, 0), (20, 10), (10 + notch, 10)])
    assert validate(board_of(bay)) == []  # wider than 1% of the diagonal: a bay


def test_map_check_prints_the_edge_sliver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "edge.geojson"
    path.write_text(json.dumps(plain(SPLIT_TO_THE_EDGE)))
    assert main(["map", "check", str(path), "--players", "2"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("sliver") and "[1, 2] Sliver gap reaching the board's edge" in out[0]
    assert out[1].strip().startswith("fix: Move the vertices of region")

"""Overlay data: borders between label points, region sets, problems, heat colours."""

from __future__ import annotations

from shapely.geometry import Point

from swlab.board.validate import validate
from swlab.editor import Draft, adjacency_lines, delete, region_sets, set_terrain
from swlab.editor.overlays import (
    adjacency_features,
    heat_colour,
    heat_features,
    label_points,
    problem_features,
    region_features,
    region_set_features,
)


def test_adjacency_lines_join_label_points(squares: Draft) -> None:
    lines = adjacency_lines(squares.board)
    assert [(b.a, b.b) for b in lines] == [(1, 2), (1, 4), (2, 3), (2, 5), (3, 6), (4, 5), (5, 6)]
    points = label_points(squares.board)
    for b in lines:
        assert b.length == 10
        assert squares.board[b.a].polygon.contains(Point(b.line.coords[0]))
        assert tuple(b.line.coords[-1]) == points[b.b]
    fc = adjacency_features(squares.board)
    assert "swlab-border-1-2" in fc["features"][0]["properties"]["style"]["className"]


def test_region_sets(squares: Draft) -> None:
    d = set_terrain(squares, 3, "sea")
    sets = region_sets(d.board)
    assert sets["edge"] == {1, 2, 3, 4, 5, 6}
    assert sets["coastal"] == {2, 6}
    assert sets["first_conquest"] == {1, 2, 4, 5, 6}
    fc = region_set_features(d.board, "coastal")
    assert sorted(f["properties"]["region"] for f in fc["features"]) == [2, 6]


def test_problem_features_carry_where_and_regions(squares: Draft) -> None:
    problems = validate(delete(squares, 5).board)
    fc = problem_features(problems)
    (feature,) = fc["features"]
    assert feature["properties"]["kind"] == "gap"
    assert feature["properties"]["regions"] == [2, 4, 6]
    assert feature["geometry"]["type"] == "Polygon"


def test_region_features_style_selection_and_problems(squares: Draft) -> None:
    fc = region_features(squares.board, selected=[2], flagged=[3])
    by_id = {f["id"]: f["properties"]["style"] for f in fc["features"]}
    assert "swlab-selected" in by_id[2]["className"]
    assert "swlab-flagged" in by_id[3]["className"]
    assert "swlab-region-1" in by_id[1]["className"].split()


def test_heat_colour_scale() -> None:
    assert heat_colour(0) == "#FFFFFF"
    assert heat_colour(1) == "#800026"
    assert heat_colour(-3) == heat_colour(0) and heat_colour(7) == heat_colour(1)
    darker = [int(heat_colour(s)[3:5], 16) for s in (0, 0.25, 0.5, 0.75, 1)]
    assert darker == sorted(darker, reverse=True)


def test_heat_features(squares: Draft) -> None:
    fc = heat_features(squares.board, {1: 1.0, 2: 0.5})
    fills = {
        f["properties"]["region"]: f["properties"]["style"]["fillColor"] for f in fc["features"]
    }
    assert fills[1] == "#800026" and fills[3] == "#FFFFFF"

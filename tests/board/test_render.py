"""Board pictures: SVG and PNG files, every overlay, broken drafts, official boards.

The hand-made board is a 3 x 3 grid of 100-unit squares (ids row by row from the bottom
left) with every terrain and symbol, so each drawing path runs::

    7 mountain (mine)   8 mountain   9 farmland (magic, lost tribe)
    4 hill (cavern, LT) 5 lake       6 swamp
    1 sea               2 farmland (mine, LT)   3 forest (magic)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from matplotlib.figure import Figure
from sample_boards import TERRAIN, grid_board
from shapely.geometry import LineString, Point, Polygon, box

from swlab.board import Board, Region, maps_dir, official_board
from swlab.board.render import (
    _glyph_centres,
    _scale,
    board_svg,
    draw_board,
    label_point,
    save_board_picture,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SVG_NS = "{http://www.w3.org/2000/svg}"


def svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(t.itertext()).strip() for t in root.iter(f"{SVG_NS}text")]


def test_svg_is_xml_with_region_ids_as_text() -> None:
    texts = svg_texts(board_svg(grid_board(100.0)))
    for rid in TERRAIN:
        assert str(rid) in texts
    assert "Farmland" in texts and "Lake" in texts  # the legend names the terrains


def test_svg_without_ids_has_no_id_labels() -> None:
    texts = svg_texts(board_svg(grid_board(100.0), ids=False))
    assert not any(t.isdigit() for t in texts)


def test_svg_is_deterministic() -> None:
    board = grid_board(100.0)
    assert board_svg(board) == board_svg(board)


def test_repr_svg_for_notebooks() -> None:
    assert grid_board(100.0)._repr_svg_().lstrip().startswith("<?xml")


def test_png_file_has_png_signature(tmp_path: Path) -> None:
    target = tmp_path / "board.png"
    save_board_picture(grid_board(100.0), target)
    assert target.read_bytes()[:8] == PNG_SIGNATURE
    assert [p.name for p in tmp_path.iterdir()] == ["board.png"]  # no temporary left behind


def test_svg_file_written(tmp_path: Path) -> None:
    target = tmp_path / "board.SVG"
    save_board_picture(grid_board(100.0), target, adjacency=True)
    ET.parse(target)


def test_unknown_picture_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.svg or \.png"):
        save_board_picture(grid_board(100.0), tmp_path / "board.jpg")
    assert not (tmp_path / "board.jpg").exists()


@pytest.mark.parametrize("highlight", ["edge", "first_conquest", "first-conquest", "coastal"])
def test_highlight_names_the_set_in_the_legend(highlight: str) -> None:
    texts = svg_texts(board_svg(grid_board(100.0), highlight=highlight))
    # lake 5 is the only region off the edge; coastal = land beside sea 1 or lake 5
    expected = {"edge": 8, "first_conquest": 7, "coastal": 4}[highlight.replace("-", "_")]
    assert any(t.endswith(f"({expected})") for t in texts), texts


def test_unknown_highlight_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown highlight"):
        draw_board(grid_board(100.0), highlight="lakes")


def test_adjacency_counts_borders_in_the_legend() -> None:
    assert "border (12)" in svg_texts(board_svg(grid_board(100.0), adjacency=True))


def test_problems_of_every_geometry_kind_are_drawn() -> None:
    validate = pytest.importorskip("swlab.board.validate")
    board = grid_board(100.0)
    problems = [
        validate.Problem(validate.ProblemKind.OVERLAP, (1, 2), "overlap", box(90, 0, 110, 100)),
        validate.Problem(validate.ProblemKind.SLIVER, (2, 3), "line", LineString([(0, 0), (1, 1)])),
        validate.Problem(validate.ProblemKind.INVALID_GEOMETRY, (4,), "point", Point(50, 150)),
        validate.Problem(validate.ProblemKind.TINY_REGION, (5,), "no place given", None),
    ]
    assert "problem (4)" in svg_texts(board_svg(board, problems=problems))


def test_broken_draft_still_draws() -> None:
    """Overlaps, a bow-tie, an empty polygon, unknown terrain and symbol: drawn, not raised."""
    validate = pytest.importorskip("swlab.board.validate")
    bow_tie = Polygon([(0, 0), (100, 100), (100, 0), (0, 100), (0, 0)])
    regions = (
        Region(1, "farmland", box(0, 0, 120, 100), frozenset({"mine"})),
        Region(2, "forrest", box(100, 0, 200, 100), frozenset({"gold"})),
        Region(3, "hill", bow_tie),
        Region(4, "sea", Polygon()),
    )
    board = Board("draft", 2, 10, box(0, 0, 200, 100), regions)
    problems = validate.validate(board)
    assert problems
    texts = svg_texts(board_svg(board, problems=problems, adjacency=True, highlight="edge"))
    assert "unknown terrain" in texts and "unknown symbol" in texts


def test_draw_into_given_axes() -> None:
    figure = Figure(figsize=(6, 4))
    ax = figure.add_subplot(1, 2, 1)
    assert draw_board(grid_board(), ax, highlight="edge") is figure
    assert ax.get_title().startswith("grid")


def test_label_point_is_inside_a_crescent() -> None:
    """The centroid of a U shape lies outside it; the label must not."""
    u_shape = Polygon([(0, 0), (30, 0), (30, 30), (20, 30), (20, 10), (10, 10), (10, 30), (0, 30)])
    assert not u_shape.contains(u_shape.centroid)
    point, radius = label_point(u_shape)
    assert u_shape.contains(point) and radius > 3


def test_glyphs_stay_inside_their_region_and_apart() -> None:
    board = grid_board(100.0)
    region = board[2]
    centre, _ = label_point(region.polygon)
    scale = _scale(board, points_per_unit=2.0)
    spots = _glyph_centres(region.polygon, centre, 3, scale, with_label=True)
    assert len(spots) == 3
    for x, y in spots:
        assert region.polygon.buffer(-0.5 * scale.glyph).contains(Point(x, y))
        assert abs(y - centre.y) > scale.label_h  # clear of the id label
    (x0, _), (x1, _), _ = spots
    assert abs(x1 - x0) >= 2 * scale.glyph


@pytest.mark.skipif(
    not (maps_dir() / "official_5p.geojson").is_file(), reason="official boards not shipped yet"
)
def test_official_board_shows_every_region_id() -> None:
    board = official_board(5)
    texts = svg_texts(board_svg(board, highlight="first_conquest"))
    assert {str(r.id) for r in board} <= set(texts)

"""Geoman's features turned into edits: which vertex moved, or was added on an edge."""

from __future__ import annotations

from typing import Any

import pytest

from swlab.board.validate import validate
from swlab.editor import Draft, EditError, delete, draw_region, from_official
from swlab.editor.events import apply_drawn, apply_edited, ring_change


def polygon_feature(rid: int, ring: list[tuple[float, float]]) -> dict[str, Any]:
    return {
        "type": "Feature",
        "id": rid,
        "properties": {"region": rid},
        "geometry": {"type": "Polygon", "coordinates": [[list(p) for p in ring]]},
    }


def test_ring_change_finds_one_moved_vertex() -> None:
    before = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 0.0)]
    after = [(0.0, 0.0), (12.0, 1.0), (10.0, 10.0), (0.0, 0.0)]
    assert ring_change(before, after, 0.01) == ("move", (10.0, 0.0), (12.0, 1.0))
    assert ring_change(before, before, 0.01) is None
    with pytest.raises(EditError, match="2 vertices changed"):
        ring_change(before, [(0.0, 0.0), (12.0, 1.0), (11.0, 11.0), (0.0, 0.0)], 0.01)


def test_ring_change_finds_an_added_vertex() -> None:
    before = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 0.0)]
    after = [(0.0, 0.0), (5.0, -2.0), (10.0, 0.0), (10.0, 10.0), (0.0, 0.0)]
    assert ring_change(before, after, 0.01) == ("add", (5.0, 0.0), (5.0, -2.0))


def test_added_vertex_on_a_shared_edge_moves_both_regions(squares: Draft) -> None:
    ring = [(x, y) for x, y in squares.board[2].polygon.exterior.coords]
    k = ring.index((10.0, 10.0))  # Geoman's middle marker of the edge (20, 10)-(10, 10)
    ring.insert(k, (15.0, 13.0))
    d = apply_edited(squares, [polygon_feature(2, ring)])
    assert d.note == "move vertex (15, 10) to (15, 13)"
    assert (15.0, 13.0) in set(d.board[5].polygon.exterior.coords)
    assert validate(d.board) == []


def test_unchanged_features_change_nothing(squares: Draft) -> None:
    features = [
        polygon_feature(r.id, [(x, y) for x, y in r.polygon.exterior.coords]) for r in squares.board
    ]
    assert apply_edited(squares, features) is squares


def test_a_drawn_line_splits_only_the_selected_region_it_crosses(squares: Draft) -> None:
    line = {"geometry": {"type": "LineString", "coordinates": [[5, -1], [5, 21]]}}
    d = apply_drawn(squares, [line], selected=[4])
    assert sorted(d.board.ids) == [1, 2, 3, 4, 5, 6, 7] and d.board.are_adjacent(4, 7)


def test_gap_on_an_official_board_redrawn_exactly() -> None:
    draft = from_official(3)
    board = draft.board
    x0, y0, x1, y1 = board[14].polygon.bounds
    big = [(x0 - 50, y0 - 50), (x1 + 50, y0 - 50), (x1 + 50, y1 + 50), (x0 - 50, y1 + 50)]
    redrawn = draw_region(delete(draft, 14), big, terrain="swamp")
    assert validate(redrawn.board) == []
    assert redrawn.board.neighbours(31) == board.neighbours(14)
    assert redrawn.board[31].polygon.area == pytest.approx(board[14].polygon.area)

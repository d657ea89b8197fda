"""The map editor on boards of thousands of regions (issue 23): the labels of regions too
small to show at the map's zoom are hidden until the user zooms in, and placing the
labels compares each with its neighbours only, not with every other label.

Not timed: ``benchmarks/editor.py`` gives the figures; these tests pin the mechanism.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from swlab.board import official_board
from swlab.board.geometry import label_point, with_new_geometries
from swlab.board.voronoi import random_board
from swlab.editor import merge, set_terrain, toggle_symbol
from swlab.editor.labels import setup_state
from swlab.editor.widget import MapEditor
from swlab.play import style
from swlab.play.style import BoardShapes, hidden_labels, label_px, smallest_extent
from tests.editor.conftest import shown_labels


def _labelled(editor: MapEditor) -> set[int]:
    """The regions whose label the editor's map shows (its markers' region ids)."""
    return {
        int(m.icon.html.split("swlab-label-")[1].split("'")[0].split()[0])
        for m in editor.label_layer.layers
    }


def test_small_regions_show_their_labels_once_zoomed_in() -> None:
    board = random_board(300, seed=0)
    editor = MapEditor(board, width=900)
    shown = _labelled(editor)
    hidden = set(board.ids) - shown
    assert hidden, "a 300-region board on a 900-pixel map hides its smallest labels"
    assert shown, "the larger regions keep their labels"
    unit2 = 4.0**editor._zoom
    px = editor._label_px
    for rid in hidden:  # each hidden region is smaller than half its tiny label
        r = board[rid]
        w, h = smallest_extent(rid, r.terrain, r.symbols, style.LABEL_FORMS[-1])
        assert r.polygon.area * unit2 < style.HIDE_BELOW * w * h * px * px
    # the user zooms in two steps (what the browser sends): the labels appear
    editor.map.zoom = editor.map.zoom + 2
    assert _labelled(editor) == set(board.ids)


def test_official_boards_hide_no_label_even_on_a_small_map() -> None:
    for players in (2, 3, 4, 5):
        board = official_board(players)
        minx, miny, maxx, maxy = board.outline.bounds
        width = 400
        height = round(width * (maxy - miny) / (maxx - minx)) + 24
        view = style.fit_view(board.outline.bounds, width, height, snap=0.125)
        px = label_px(width, height, len(board))
        shapes = BoardShapes.from_board(board)
        assert hidden_labels(shapes, view.zoom, px) == frozenset(), players


def test_label_placement_compares_neighbours_not_every_pair() -> None:
    """Placing the labels of 4x the regions costs about 4x the box comparisons (the
    comparison of every pair would cost 16x)."""
    checks = {}
    for regions in (100, 400):
        shapes = BoardShapes.from_board(random_board(regions, seed=1))
        # labels about a region's size: crowded enough that many must move
        side = (shapes.bounds[2] - shapes.bounds[0]) / regions**0.5
        sizes = dict.fromkeys(shapes.ids, (side * 0.9, side * 0.6))
        style._place_labels(shapes, sizes, 0.0, style.LABEL_GAP_PX)
        checks[regions] = style.PLACEMENT_CHECKS[0]
    assert checks[100] > 0
    assert checks[400] < 6 * checks[100], checks
    assert checks[400] < 400 * 399 / 2 / 4, checks


def _from_scratch(editor: MapEditor) -> dict[int, tuple[tuple[float, float], str]]:
    """The labels of the editor's board placed from scratch (fresh polygons, fresh
    shapes) at the editor's view: what an edit must give, however little it derives."""
    board = with_new_geometries(editor.board)
    pieces = {r.id: setup_state(r.terrain, r.symbols) for r in board.regions}
    shapes = BoardShapes.from_board(board, fixed=pieces)
    return style.region_labels(shapes, pieces, fit=(editor._zoom, editor._label_px))


def test_edits_derive_the_changed_regions_only_and_place_as_from_scratch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sequence of edits on a 300-region board zoomed in (every label shown): each edit
    derives the label anchors of the regions whose shape it changed, no other, and the
    labels the map shows are exactly a placement from scratch."""
    derived: list[object] = []

    def counted(polygon: object) -> Any:
        derived.append(polygon)
        return label_point(polygon)

    monkeypatch.setattr(style, "label_point", counted)
    editor = MapEditor(random_board(300, seed=2), width=900)
    editor.map.zoom = editor.map.zoom + 2  # what the browser sends: every label shows
    assert len(shown_labels(editor)) == 300 and shown_labels(editor) == _from_scratch(editor)
    a, b = min(editor.board.topology.borders)
    c = max(editor.board.ids)
    edits: list[tuple[str, Callable[[], object]]] = [
        ("terrain", lambda: editor.apply(set_terrain, [a], "swamp")),
        ("symbol", lambda: editor.apply(toggle_symbol, c, "mine")),
        ("merge", lambda: editor.apply(merge, a, b, select=[a])),
        ("terrain of the merged", lambda: editor.apply(set_terrain, [a], "hill")),
        ("undo", editor.buttons["undo"].click),
        ("undo again", editor.buttons["undo"].click),
        ("redo", editor.buttons["redo"].click),
    ]
    for what, edit in edits:
        before = {id(r.polygon) for r in editor.board}  # the drafts keep them alive
        derived.clear()
        edit()
        changed = {id(r.polygon) for r in editor.board} - before
        assert {id(p) for p in derived} <= changed, what
        if what in ("terrain", "symbol", "terrain of the merged"):
            assert not derived, what  # no region's shape changed
        if what == "merge":
            assert 0 < len(derived) <= 12, what  # the merged region and its neighbours
        if what.startswith(("undo", "redo")):
            assert not derived, what  # boards seen before: every shape remembered
        assert shown_labels(editor) == _from_scratch(editor), what

"""The map editor's region labels neither overlap each other nor leave the board (issue 12):
on the four official boards, at the editor's map sizes in Voila at 1280x720 and 1920x1080
(what the browser reports, measured), and after an edit. The labels are placed by the
viewer's own placement (:func:`swlab.play.style.region_labels`); the boxes come from the
placement's extents (:func:`~swlab.play.style.label_extent`), as in ``tests/play/test_tags.py``.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from shapely.geometry import box

from swlab.board import official_board
from swlab.editor import from_board, set_terrain, toggle_symbol
from swlab.editor.labels import setup_state as _setup_state
from swlab.editor.overlays import CORNER_TEXT
from swlab.editor.widget import MapEditor
from swlab.play.style import BoardShapes, label_extent, label_form, region_labels
from tests.editor.conftest import shown_labels

#: The editor's map in Voila (pixels, as the browser reports them) at 1280x720, 1920x1080.
SIZES = [(750, 481), (1134, 727)]
BOARDS = [2, 3, 4, 5]


def _boxes(editor: MapEditor) -> dict[int, Any]:
    """Each label's box on the board, in the form the placement chose for it."""
    unit = 2.0**editor._zoom
    px = editor._label_px
    out = {}
    for rid, ((y, x), markup) in shown_labels(editor).items():
        r = editor.board[rid]
        f = label_form(markup)
        rs = _setup_state(r.terrain, r.symbols)
        w, h = label_extent(
            rid, rs, r.terrain, r.symbols, compact=f.compact, tags=f.tags, race=f.race
        )
        hw, hh = w * px / 2 / unit, h * px / 2 / unit
        out[rid] = box(x - hw, y - hh, x + hw, y + hh)
    return out


def assert_apart_and_on_board(editor: MapEditor, what: str) -> None:
    boxes = _boxes(editor)
    assert sorted(boxes) == sorted(editor.board.ids), what
    crossing = [
        (a, b) for a, b in itertools.combinations(sorted(boxes), 2) if boxes[a].intersects(boxes[b])
    ]
    assert crossing == [], f"labels overlap on {what}: {crossing}"
    outside = [rid for rid, b in boxes.items() if not editor.board.outline.contains(b)]
    assert outside == [], f"labels leave the board on {what}: {outside}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", BOARDS)
def test_editor_labels_never_overlap_nor_leave_the_board(
    players: int, size: tuple[int, int]
) -> None:
    editor = MapEditor(from_board(official_board(players)))
    editor.resize(*size)
    assert_apart_and_on_board(editor, f"the {players}-player board at {size}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_editor_labels_stay_apart_after_edits(size: tuple[int, int]) -> None:
    """Symbols added to a crowded corner of the 5-player board, then a terrain changed:
    the labels are placed again, still apart and on the board."""
    editor = MapEditor(from_board(official_board(5)))
    editor.resize(*size)
    for rid in (30, 36, 38, 45):
        if "mine" not in editor.board[rid].symbols:
            editor.apply(toggle_symbol, rid, "mine")
        assert_apart_and_on_board(editor, f"the 5-player board at {size}, mine on {rid}")
    editor.apply(set_terrain, 21, "farmland")
    assert_apart_and_on_board(editor, f"the 5-player board at {size}, lake 21 now farmland")


def test_editor_labels_are_the_viewers_placement() -> None:
    """One code path: the editor's markers are what :func:`region_labels` gives for the
    board as set up (lost tribes, mountains), at the editor's zoom and label size."""
    editor = MapEditor(from_board(official_board(5)))
    editor.resize(*SIZES[0])
    board = editor.board
    pieces = {r.id: _setup_state(r.terrain, r.symbols) for r in board.regions}
    shapes = BoardShapes.from_board(board, fixed=pieces)
    want = region_labels(shapes, pieces, fit=(editor._zoom, editor._label_px))
    assert shown_labels(editor) == {rid: ((y, x), markup) for rid, ((y, x), markup) in want.items()}


def test_an_edit_moves_only_the_labels_it_changed() -> None:
    """A symbol toggled on one region: labels far from it keep their places (a label's
    place depends on the board's shapes and the view only), so the map does not jump."""
    editor = MapEditor(from_board(official_board(5)))
    editor.resize(*SIZES[1])
    before = shown_labels(editor)
    editor.apply(toggle_symbol, 44, "magic")
    after = shown_labels(editor)
    assert after[44][1] != before[44][1]
    moved = [rid for rid in before if rid != 44 and before[rid][0] != after[rid][0]]
    far = [rid for rid in moved if editor.board[rid].polygon.distance(editor.board[44].polygon) > 0]
    assert len(far) <= 3, f"labels far from region 44 moved: {far}"


def test_the_editor_spells_out_the_short_forms_its_labels_show() -> None:
    """Issue 26: the editor uses the viewer's placement, and a legend beside the map says
    what each two-letter tag of a compact label stands for."""
    editor = MapEditor(from_board(official_board(5)))
    editor.resize(*SIZES[0])
    chips: set[str] = set()
    for _loc, markup in shown_labels(editor).values():
        if "swlab-label-compact" in markup:
            chips |= set(re.findall(r"class='swlab-piece [^>]*>([A-Za-z]+)\d*<", markup))
    assert chips, "no compact label on the 5-player board at 1280x720"
    legend = editor.labels.legend.value
    assert editor.labels.legend in editor.panel.children
    for chip in chips:
        assert f"<b>{chip}</b>" in legend, chip


def _stroke_editor(size: tuple[int, int]) -> MapEditor:
    """The small board of the stroke and lasso browser tests, its map ``size`` pixels."""
    from tests.editor.test_browser_stroke import SOURCE

    scope: dict[str, Any] = {}
    exec(SOURCE, scope)  # the very editor the browser test's notebook makes
    editor: MapEditor = scope["editor"]
    editor.resize(*size)
    return editor


#: The stroke board's map (2:1) from a narrow one to a large one (1280x720: 540 to 690).
STROKE_SIZES = [(400, 200), (540, 270), (640, 320), (1000, 500)]


@pytest.mark.parametrize("size", STROKE_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_label_sits_inside_its_region_clear_of_its_borders(size: tuple[int, int]) -> None:
    """Issue 27 §2: region 4's label sat on its top border at 1280x720 (the rooms were sized
    for a token badge no editor label shows, so every label of the bottom row spilled and
    they were pushed about). Each box lies inside its region shrunk by the labels' gap."""
    from swlab.play.style import LABEL_GAP_PX

    editor = _stroke_editor(size)
    inset = LABEL_GAP_PX / 2 / 2.0**editor._zoom
    boxes = _boxes(editor)
    assert sorted(boxes) == sorted(editor.board.ids)
    astray = [
        rid for rid, b in boxes.items() if not editor.board[rid].polygon.buffer(-inset).contains(b)
    ]
    assert astray == [], f"labels on or over their borders at {size}: {astray}"
    assert shown_labels(editor)[4][0] == (50.0, 350.0)  # region 4's pole: its middle


@pytest.mark.parametrize("size", STROKE_SIZES[1:], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("hovered", [4, 6])
def test_a_corner_label_covers_no_region_label(size: tuple[int, int], hovered: int) -> None:
    """Regions 4 and 6 meet at the corner (300, 100) only (and 6 and 2 at (200, 100));
    the labels saying so, hovering either, cover no region's label nor each other, and
    stay on the board."""
    from swlab.editor.labels import corner_label_forms, corner_label_size

    editor = _stroke_editor(size)
    editor.hover(hovered)
    unit = 2.0**editor._zoom
    corners = {}
    for marker in editor.corner_labels.layers:
        (ax, ay), (w, h) = marker.icon.icon_anchor, marker.icon.icon_size
        y, x = marker.location
        pair = re.search(r"swlab-corner-label-(\d+)-(\d+)", marker.icon.html)
        assert pair is not None
        a, b = int(pair[1]), int(pair[2])
        text = f"{a if b == hovered else b} {CORNER_TEXT}"
        forms = corner_label_forms(text)
        assert (w, h) in [tuple(round(v) for v in corner_label_size(f)) for f in forms]
        shown = re.sub("<[^>]+>", " ", marker.icon.html).split()
        assert shown == text.split()  # on one line or two: the words all there
        corners[a, b] = box(x - ax / unit, y - (h - ay) / unit, x + (w - ax) / unit, y + ay / unit)
    assert (4, 6) in corners
    for pair, corner in corners.items():
        covered = [rid for rid, b in _boxes(editor).items() if b.intersection(corner).area]
        assert covered == [], f"the label of corner {pair} covers those of {covered} at {size}"
        assert editor.board.outline.envelope.contains(corner), f"{pair} leaves the board"
    assert not any(p.intersection(q).area for p, q in itertools.combinations(corners.values(), 2))


def test_a_corner_label_moves_off_a_region_label() -> None:
    """Beside its corner, reading away from the board's nearer side, unless a region label
    is there: then above or below it, still clear of the labels."""
    from swlab.editor.labels import corner_place

    bounds = (0.0, 0.0, 400.0, 200.0)
    assert corner_place((300, 100), (200, 20), True, 0.0, bounds) == (0.0, (-208, -10))
    assert corner_place((100, 100), (200, 20), False, 0.0, bounds) == (0.0, (8, -10))
    label = (150.0, 95.0, 250.0, 105.0)  # left of the corner, at its height
    cost, (dx, dy) = corner_place((300, 100), (200, 20), True, 0.0, bounds, [label])
    assert cost == 0.0
    placed = box(300 + dx, 100 - dy - 20, 300 + dx + 200, 100 - dy)
    assert not placed.intersects(box(*label)) and box(*bounds).contains(placed)
    assert dx == -208  # still to the left of the corner: above it

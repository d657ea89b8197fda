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
from swlab.editor.widget import MapEditor
from swlab.play.style import BoardShapes, label_extent, label_form, region_labels

#: The editor's map in Voila (pixels, as the browser reports them) at 1280x720, 1920x1080.
SIZES = [(750, 481), (1134, 727)]
BOARDS = [2, 3, 4, 5]


def _shown(editor: MapEditor) -> dict[int, tuple[tuple[float, float], str]]:
    """Per region id: where the editor's label marker is and its markup."""
    out = {}
    for marker in editor.label_layer.layers:
        markup = marker.icon.html
        rid = int(markup.split("swlab-label-")[1].split("'")[0].split()[0])
        out[rid] = ((float(marker.location[0]), float(marker.location[1])), markup)
    return out


def _boxes(editor: MapEditor) -> dict[int, Any]:
    """Each label's box on the board, in the form the placement chose for it."""
    unit = 2.0**editor._zoom
    px = editor._label_px
    out = {}
    for rid, ((y, x), markup) in _shown(editor).items():
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
    want = region_labels(
        BoardShapes.from_board(board), pieces, fit=(editor._zoom, editor._label_px)
    )
    assert _shown(editor) == {rid: ((y, x), markup) for rid, ((y, x), markup) in want.items()}


def test_an_edit_moves_only_the_labels_it_changed() -> None:
    """A symbol toggled on one region: labels far from it keep their places (a label's
    place depends on the board's shapes and the view only), so the map does not jump."""
    editor = MapEditor(from_board(official_board(5)))
    editor.resize(*SIZES[1])
    before = _shown(editor)
    editor.apply(toggle_symbol, 44, "magic")
    after = _shown(editor)
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
    for _loc, markup in _shown(editor).values():
        if "swlab-label-compact" in markup:
            chips |= set(re.findall(r"class='swlab-piece [^>]*>([A-Za-z]+)\d*<", markup))
    assert chips, "no compact label on the 5-player board at 1280x720"
    legend = editor.labels.legend.value
    assert editor.labels.legend in editor.panel.children
    for chip in chips:
        assert f"<b>{chip}</b>" in legend, chip

"""Dragging a corner in the editor (issue 27 §2): it snaps to a corner or a border within
a few screen pixels, so a sliver between two regions closes in two drags, and a refused
move says why in a sentence (it used to read "moving vertex to would make ...").

The controller is driven as the widget drives it: Geoman's edited feature (one vertex of
one region's ring moved) and the size of a screen pixel in board units at the zoom shown.
"""

from __future__ import annotations

import re
from typing import Any

from shapely.geometry import Polygon, box

from swlab.board.model import Board, Region
from swlab.board.validate import ProblemKind
from swlab.editor import draft as ed
from swlab.editor.controller import SNAP_PIXELS, EditorController

#: At this zoom one board unit is 100 pixels: the snapping tolerance is 0.1 board units.
PIXEL = 0.01


def sliver_board() -> Board:
    """Regions 1 and 2 side by side under region 3, with a sliver 0.05 wide between 1 and
    2 inside the outline: they are not neighbours (R-COMP-6)."""
    regions = (
        Region(1, "hill", box(0, 0, 10, 10)),
        Region(2, "forest", Polygon([(10.05, 0), (20, 0), (20, 10), (10.05, 10)])),
        Region(3, "farmland", box(0, 10, 20, 20)),
    )
    return Board("sliver", 2, 10, box(0, 0, 20, 20), regions)


def dragged(
    board: Board, region: int, old: tuple[float, float], new: tuple[float, float]
) -> dict[str, Any]:
    """The feature Geoman reports after one corner of ``region`` was dragged."""
    ring = [list(p) for p in board[region].polygon.exterior.coords]
    ring = [list(new) if tuple(p) == old else p for p in ring]
    return {"type": "Feature", "id": region, "geometry": {"type": "Polygon", "coordinates": [ring]}}


def test_r_comp_6_two_snapped_drags_close_a_sliver_and_make_neighbours() -> None:
    c = EditorController(sliver_board())
    assert [p.kind for p in c.problems] == [ProblemKind.SLIVER]
    c.set_mode("edit")
    # dropped 0.03 short of region 2's corner and a little off the edge: it snaps onto it
    assert c.edited("edit", [dragged(c.board, 1, (10, 0), (10.02, 0.04))], pixel=PIXEL)
    assert c.message is not None and not c.message.refused
    assert c.message.text == "Moved a corner of region 1. It snapped to a corner of region 2."
    assert (10.05, 0.0) in c.board[1].polygon.exterior.coords
    assert c.edited("edit", [dragged(c.board, 1, (10, 10), (10.09, 9.95))], pixel=PIXEL)
    assert c.message.text == (
        "Moved a corner of regions 1 and 3. It snapped to a corner of region 2."
    )
    assert c.problems == [] and c.board.are_adjacent(1, 2)
    assert c.undo() and [p.kind for p in c.problems] == [ProblemKind.SLIVER]


def test_a_corner_snaps_onto_a_border_which_gets_a_corner_there() -> None:
    board = Board(
        "bay",
        2,
        10,
        box(0, 0, 20, 10),
        (
            Region(1, "hill", Polygon([(0, 0), (9.9, 0), (9.9, 4), (9.9, 10), (0, 10)])),
            Region(2, "forest", box(10, 0, 20, 10)),
        ),
    )
    c = EditorController(board)
    c.set_mode("edit")
    assert c.edited("edit", [dragged(board, 1, (9.9, 4), (9.95, 4))], pixel=PIXEL)
    assert c.message is not None
    assert c.message.text.endswith("It snapped onto the border of region 2.")
    assert (10.0, 4.0) in c.board[1].polygon.exterior.coords
    assert (10.0, 4.0) in c.board[2].polygon.exterior.coords  # shared: no T-junction


def test_without_snapping_the_corner_lands_where_it_is_dropped() -> None:
    c = EditorController(sliver_board())
    c.set_mode("edit")
    assert c.edited("edit", [dragged(c.board, 1, (10, 0), (10.02, 0.0))])
    assert c.message is not None and "snapped" not in c.message.text
    assert (10.02, 0.0) in c.board[1].polygon.exterior.coords


def test_far_from_anything_the_snap_changes_nothing() -> None:
    d = ed.from_board(sliver_board())
    landing = ed.snap_point(d.board, (5, 5), 0.1)
    assert landing == ed.Snap((5.0, 5.0))


def test_a_refused_move_says_why_in_a_sentence() -> None:
    c = EditorController("official_3p")
    c.set_mode("edit")
    ring = [tuple(p) for p in c.board[5].polygon.exterior.coords]
    before = c.draft
    # region 5's corner dropped across its own far side: its border would cross itself
    assert c.edited("edit", [dragged(c.board, 5, ring[10], ring[40])], pixel=1.0) is False
    assert c.draft is before and c.message is not None and c.message.refused
    text = c.message.text
    assert text.startswith("Corner not moved: region 5's border would cross or touch itself.")
    assert f"within {SNAP_PIXELS} pixels" in text
    assert not re.search(r"\d\.\d|\(\s*\)|  | to would", text), text


def test_a_corner_pushed_into_a_neighbour_names_it() -> None:
    c = EditorController(sliver_board())
    c.set_mode("edit")
    assert c.edited("edit", [dragged(c.board, 2, (10.05, 0), (5, 5))], pixel=PIXEL) is False
    assert c.message is not None
    assert c.message.text.startswith("Corner not moved: it would cross into region 1.")

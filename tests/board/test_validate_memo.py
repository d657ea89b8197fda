"""A re-check after an edit reuses what it derived from the unchanged regions
(``swlab.board.geometry.MEMO``) and must say exactly what a check from scratch says: the
same problems, fixes and places, the same borders, edge and entry regions (R-COMP-6)."""

from __future__ import annotations

import gc
from dataclasses import replace

import shapely
from shapely.geometry import Polygon

from swlab.board import Board, official_board
from swlab.board.geometry import MEMO, derive_topology, snap
from swlab.board.validate import ProblemKind, validate
from swlab.editor import draft as ed


def _fresh(board: Board) -> Board:
    """``board`` with every polygon a new object (read back from WKB): nothing remembered."""
    regions = tuple(replace(r, polygon=shapely.from_wkb(r.polygon.wkb)) for r in board.regions)
    return replace(board, outline=shapely.from_wkb(board.outline.wkb), regions=regions)


def _same_check(board: Board) -> None:
    remembered = validate(board)
    scratch = _fresh(board)
    assert remembered == validate(scratch)
    mine, theirs = derive_topology(board), derive_topology(scratch)
    assert mine.borders == theirs.borders and mine.edge == theirs.edge
    assert mine.first_conquest == theirs.first_conquest and mine.coastal == theirs.coastal
    lengths = {(a, b): d["length"] for a, b, d in mine.graph.edges(data=True)}
    assert lengths == {(a, b): d["length"] for a, b, d in theirs.graph.edges(data=True)}


def test_r_comp_6_a_recheck_after_edits_equals_a_check_from_scratch() -> None:
    draft = ed.from_board(official_board(5))
    validate(draft.board)  # what an editor has checked before the edit
    board = draft.board
    inner = next(
        xy
        for xy in board[24].polygon.exterior.coords
        if board.outline.boundary.distance(shapely.Point(xy)) > 1
    )
    moved = ed.move_vertex(draft, inner, (inner[0] + 3.0, inner[1] + 2.0))
    _same_check(moved.board)
    painted = ed.set_terrain(moved, 24, "sea")
    _same_check(painted.board)
    merged = ed.merge(painted, 24, next(iter(painted.board.topology.neighbours(24))))
    _same_check(merged.board)


def test_r_comp_6_gaps_overlaps_and_holes_after_an_edit_are_reported_as_from_scratch() -> None:
    board = official_board(5)
    validate(board)
    shrunk, grown = board.regions[10], board.regions[30]
    regions = tuple(
        replace(r, polygon=r.polygon.buffer(-4.0))
        if r is shrunk
        else replace(r, polygon=r.polygon.buffer(3.0, join_style="mitre"))
        if r is grown
        else r
        for r in board.regions
    )
    broken = replace(board, regions=regions)
    kinds = {p.kind for p in validate(broken)}
    assert {ProblemKind.SLIVER, ProblemKind.OVERLAP, ProblemKind.OUTSIDE_OUTLINE} <= kinds
    _same_check(broken)
    holed = replace(
        board,
        regions=tuple(
            replace(r, polygon=Polygon(r.polygon.exterior, [r.polygon.centroid.buffer(2).exterior]))
            if r is shrunk
            else r
            for r in board.regions
        ),
    )
    assert ProblemKind.HOLE in {p.kind for p in validate(holed)}
    _same_check(holed)


def test_the_memo_forgets_a_geometry_once_it_is_gone() -> None:
    gc.collect()
    before = len(MEMO)
    shapes = [shapely.box(k, 0, k + 1, 1) for k in range(50)]
    snap(shapes, 1e-6)
    assert len(MEMO) >= before + 50
    del shapes
    gc.collect()
    assert len(MEMO) <= before

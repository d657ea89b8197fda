"""One stroke across the board: split every region a drawn line crosses, or lasso regions.

A designer draws one line across several regions (often starting and ending a little
outside the board, or a few pixels short of a border). :func:`split_along` ends the line
on the border it stops near (:func:`snap_ends`), then splits each region the line crosses
from border to border into two, as one undo step, and says which regions it left alone
and why (the line ends inside one, crosses another twice). :func:`lasso` answers which
regions a drawn polygon surrounds.

>>> from swlab.editor.draft import blank, split
>>> d = split(blank(100, 60), 1, [(50, -5), (50, 65)])
>>> stroke = split_along(d, [(-5, 30), (105, 30)])
>>> stroke.split, sorted(stroke.draft.board.ids)
(((1, 3), (2, 4)), [1, 2, 3, 4])
>>> len(stroke.draft.past) - len(d.past)
1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points
from shapely.ops import split as shapely_split

from swlab.board.geometry import grid_size
from swlab.board.model import Board
from swlab.editor.draft import (
    ON_EDGE_CELLS,
    Draft,
    EditError,
    _ids,
    region_words,
    split,
    squash,
)
from swlab.editor.overlays import label_points
from swlab.i18n import _, ngettext

__all__ = ["Stroke", "lasso", "snap_ends", "split_along"]

Point2 = tuple[float, float]

#: How far (grid cells) a snapped end is carried past the border it stops on, so the
#: split line surely crosses it.
OVERSHOOT_CELLS = 10 * ON_EDGE_CELLS


@dataclass(frozen=True)
class Stroke:
    """What one split stroke did: the new ``draft`` (one undo step), each region ``split``
    with the id of its new piece, and each region ``left`` alone with the sentence that
    says why."""

    draft: Draft
    split: tuple[tuple[int, int], ...]
    left: tuple[tuple[int, str], ...] = ()

    def report(self) -> str:
        """The status line: what was split, then what was not and why."""
        text = self.draft.note
        if self.left:
            text += "; " + _("not split: {reasons}").format(
                reasons="; ".join(why for _rid, why in self.left)
            )
        return text


def snap_ends(board: Board, line: LineString, tolerance: float) -> tuple[LineString, LineString]:
    """``line`` with each end that stops inside a region within ``tolerance`` of its
    border moved onto that border: the line to judge the regions by, and the same line
    carried a little past those borders, to cut with. A stroke from outside the board
    needs neither; one that stops a few pixels short of the board's edge, or of a
    border, then still crosses the region."""
    coords = [(float(x), float(y)) for x, y in line.coords]
    if len(coords) < 2:
        return line, line
    over = OVERSHOOT_CELLS * grid_size(board.outline)
    judged, cut = list(coords), list(coords)
    for end, before in ((0, 1), (-1, -2)):
        e = Point(coords[end])
        inside = [r.polygon for r in board.regions if r.polygon.covers(e)]
        if not inside:
            continue  # outside the board or in a gap: the line already ends beyond a border
        rim = min((p.boundary for p in inside), key=e.distance)
        if e.distance(rim) > tolerance:
            continue
        on = nearest_points(rim, e)[0]
        b = (float(on.x), float(on.y))
        ux, uy = b[0] - coords[before][0], b[1] - coords[before][1]
        length = math.hypot(ux, uy)
        if length == 0:
            continue
        judged[end] = b
        cut[end] = (b[0] + ux / length * over, b[1] + uy / length * over)
    return LineString(judged), LineString(cut)


def _why_not(
    board: Board, rid: int, lines: tuple[LineString, LineString], margin: float
) -> str | None:
    """Why the stroke (``lines`` of :func:`snap_ends`) cannot split region ``rid``
    (``None``: it can be tried); ``""`` when it only touches the region at a point, which
    is not worth a word."""
    line, cut = lines
    polygon = board[rid].polygon
    inner = polygon.buffer(-margin)
    if inner.is_empty or not line.intersects(inner):
        along = line.intersection(polygon.boundary).length
        if along > margin:
            return _("the line only runs along the border of region {region}").format(region=rid)
        return ""
    for end in (Point(line.coords[0]), Point(line.coords[-1])):
        if polygon.covers(end) and polygon.boundary.distance(end) > margin:
            return _("the line ends inside region {region}").format(region=rid)
    if len(shapely_split(polygon, cut).geoms) > 2:
        return _("the line crosses region {region} more than once").format(region=rid)
    return None


def split_along(
    draft: Draft,
    line: LineString | Sequence[Sequence[float]],
    *,
    tolerance: float = 0.0,
    only: Sequence[int] = (),
) -> Stroke:
    """Split every region ``line`` crosses from border to border (only those of ``only``
    when given) into two, as one undo step; each keeps its id for the larger piece and
    its new piece gets the next free id (:func:`~swlab.editor.draft.split`).

    The line's ends are first moved onto a border within ``tolerance`` board units
    (:func:`snap_ends`). Regions it ends inside or crosses more than once are left as
    they are and named in :attr:`Stroke.left`; when no region can be split the stroke is
    refused with :class:`~swlab.editor.draft.EditError`, one sentence saying why.
    """
    raw = line if isinstance(line, LineString) else LineString([tuple(p) for p in line])
    board = draft.board
    grid = grid_size(board.outline)
    margin = max(tolerance / 2, ON_EDGE_CELLS * grid)
    judged, cut = snap_ends(board, raw, max(tolerance, ON_EDGE_CELLS * grid))
    wanted = set(only)
    crossed = [
        r.id
        for r in board.regions
        if (not wanted or r.id in wanted) and judged.intersects(r.polygon)
    ]
    done: list[tuple[int, int]] = []
    left: list[tuple[int, str]] = []
    current = draft
    for rid in crossed:
        why = _why_not(board, rid, (judged, cut), margin)
        if why is None:
            new_id = max(current.board.ids) + 1
            try:
                current = split(current, rid, cut)
            except EditError as error:
                why = _("region {region}: {reason}").format(region=rid, reason=error.reason)
            else:
                done.append((rid, new_id))
                continue
        if why:
            left.append((rid, why))
    if not done:
        if left:
            reasons = "; ".join(why for _rid, why in left)
        elif wanted:
            reasons = _("the line does not cross the selected {regions}").format(
                regions=region_words(sorted(wanted))
            )
        else:
            reasons = _("the line crosses no region from border to border")
        raise EditError(None, _("Nothing split: {reasons}.").format(reasons=reasons))
    if len(done) == 1:
        return Stroke(squash(current, draft), tuple(done), tuple(left))
    olds, news = [a for a, _b in done], [b for _a, b in done]
    note = ngettext(
        "split {regions} (new region {new})", "split {regions} (new regions {new})", len(news)
    ).format(regions=region_words(olds), new=_ids(news))
    return Stroke(squash(current, draft, note=note), tuple(done), tuple(left))


def lasso(board: Board, ring: Polygon | Sequence[Sequence[float]]) -> list[int]:
    """The regions the drawn polygon ``ring`` takes, in board order: those whose label
    point lies inside it, and those with at least half their area inside it.

    The label point (the pole of inaccessibility a region's label is anchored at) is what
    a person sees and circles; it is always well inside its region, where a concave
    region's centroid may not be. Half the area takes a region whose label the view moved
    aside for room, and a large region a loose lasso covers mostly."""
    shape = ring if isinstance(ring, Polygon) else Polygon([tuple(p) for p in ring])
    if not shape.is_valid:
        shape = shapely.make_valid(shape)
    points = label_points(board)
    return [
        r.id
        for r in board.regions
        if shape.covers(Point(points[r.id]))
        or shape.intersection(r.polygon).area >= r.polygon.area / 2
    ]

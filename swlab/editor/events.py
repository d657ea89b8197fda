"""Geoman's drawing events turned into editing calls: pure functions, no widgets.

Geoman reports edited shapes as GeoJSON features (board ``[x, y]``). The browser moves a
shared vertex in one polygon only, so the editor does not take the shapes as they come:
it finds *which* vertex changed and replays that as :func:`~swlab.editor.draft.move_vertex`
(plus :func:`~swlab.editor.draft.insert_vertex` when a vertex was added on an edge), which
moves it in every region that has it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from shapely.geometry import LineString, Polygon

from swlab.editor.draft import (
    Draft,
    EditError,
    Snap,
    draw_region,
    insert_vertex,
    move_vertex,
    snap_point,
    squash,
)
from swlab.editor.stroke import split_along
from swlab.i18n import _

__all__ = ["apply_drawn", "apply_edited", "drawn_line", "drawn_ring", "ring_change"]

Point2 = tuple[float, float]


def _ring(feature: Mapping[str, Any]) -> list[Point2] | None:
    geometry = feature.get("geometry") or {}
    if geometry.get("type") != "Polygon" or not geometry.get("coordinates"):
        return None
    return [(float(p[0]), float(p[1])) for p in geometry["coordinates"][0]]


def _feature_id(feature: Mapping[str, Any]) -> int | None:
    props = feature.get("properties") or {}
    rid = feature.get("id", props.get("region"))
    try:
        return int(rid) if rid is not None else None
    except (TypeError, ValueError):
        return None


def ring_change(
    before: Sequence[Point2], after: Sequence[Point2], tol: float
) -> tuple[str, Point2, Point2] | None:
    """How ring ``after`` differs from ``before``: ``("move", old, new)`` for one moved
    vertex, ``("add", edge_point, new)`` for a vertex added on an edge (``edge_point`` is
    the middle of that edge), ``None`` when they are the same within ``tol``."""
    a = list(before[:-1]) if before and before[0] == before[-1] else list(before)
    b = list(after[:-1]) if after and after[0] == after[-1] else list(after)
    if len(a) == len(b):
        moved = [k for k in range(len(a)) if math.dist(a[k], b[k]) > tol]
        if not moved:
            return None
        if len(moved) == 1:
            return ("move", a[moved[0]], b[moved[0]])
        raise EditError(
            None,
            _("{count} vertices changed at once; move one at a time").format(count=len(moved)),
        )
    if len(b) == len(a) + 1:
        for k in range(len(b)):
            rest = b[:k] + b[k + 1 :]
            if all(math.dist(p, q) <= tol for p, q in zip(a, rest, strict=True)):
                p, q = a[k - 1], a[k % len(a)]
                middle = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                return ("add", middle, b[k])
    raise EditError(None, _("the edited shape changed in more than one place; edit one vertex"))


def apply_edited(
    draft: Draft,
    features: Sequence[Mapping[str, Any]],
    *,
    snap: float = 0.0,
    snapped: list[Snap] | None = None,
) -> Draft:
    """Replay the first vertex change found in ``features`` (edit mode's feature list),
    as one undo step. With ``snap`` (board units: the editor's snapping tolerance in
    screen pixels, scaled), the vertex lands on the nearest corner or border within it
    (:func:`~swlab.editor.draft.snap_point`), which is appended to ``snapped``."""
    board = draft.board
    tol = 10 * draft.grid
    for feature in features:
        rid = _feature_id(feature)
        after = _ring(feature)
        if rid is None or after is None or rid not in board:
            continue
        before = [(float(x), float(y)) for x, y in board[rid].polygon.exterior.coords]
        change = ring_change(before, after, tol)
        if change is None:
            continue
        kind, old, new = change
        start = draft
        if kind == "add":
            draft = insert_vertex(draft, old)
        exact = False
        if snap > 0:
            landing = snap_point(draft.board, new, snap, moving=old if kind == "move" else None)
            new, exact = landing.point, landing.to == "corner"
            if snapped is not None and landing.to:
                snapped.append(landing)
        # a vertex added and moved in one drag is one undo step
        return squash(move_vertex(draft, old, new, tolerance=tol, exact=exact), start)
    return draft


def drawn_line(features: Sequence[Mapping[str, Any]]) -> LineString | None:
    """The first line among Geoman's drawn ``features`` (``None``: none)."""
    for feature in features:
        geometry = feature.get("geometry") or {}
        coords = geometry.get("coordinates") or []
        if geometry.get("type") == "LineString" and len(coords) >= 2:
            return LineString([(float(p[0]), float(p[1])) for p in coords])
    return None


def drawn_ring(features: Sequence[Mapping[str, Any]]) -> Polygon | None:
    """The first polygon among Geoman's drawn ``features`` (``None``: none)."""
    for feature in features:
        ring = _ring(feature)
        if ring is not None and len(ring) >= 3:
            return Polygon(ring)
    return None


def apply_drawn(
    draft: Draft,
    features: Sequence[Mapping[str, Any]],
    *,
    selected: Sequence[int] = (),
    terrain: str = "farmland",
    tolerance: float = 0.0,
) -> Draft:
    """A shape drawn with Geoman: a line splits the ``selected`` regions it crosses from
    border to border, or every region it so crosses when none is selected
    (:func:`~swlab.editor.stroke.split_along`); a polygon fills a gap."""
    for feature in features:
        line, ring = drawn_line([feature]), drawn_ring([feature])
        if line is not None:
            draft = split_along(draft, line, tolerance=tolerance, only=selected).draft
        elif ring is not None:
            draft = draw_region(draft, ring, terrain=terrain)
    return draft

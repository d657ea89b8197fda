"""Simplify a map too detailed to check, keeping its regions together.

A GIS export of a detailed coastline can carry hundreds of thousands of vertices, far more
than the ``swlab.safe_io.MAP_LIMITS`` a map is checked within seconds under. Simplifying
each region on its own would move the two copies of a shared border apart, opening gaps
and overlaps between neighbours; :func:`shapely.coverage_simplify` simplifies every
shared border once, for both regions, so borders (R-COMP-6) stay borders and the regions
still tile the board.

The tolerance is chosen, not asked for: it starts at the map's mean segment length (the
smallest change worth making) and grows by the factor the vertex count is still over the
target (at least 1.25x, at most 8x) until the map holds at most
:data:`TARGET_SHARE` of both limits; each tolerance tried is rounded to two significant
digits, so the one reported is the one used.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

__all__ = ["TARGET_SHARE", "NoTolerance", "Simplified", "simplify_regions"]

#: The share of ``MAP_LIMITS["map_vertices"]`` (and of ``region_vertices`` per region)
#: that a simplified map aims under: some room left for the editor's own edits.
TARGET_SHARE = 0.9
#: Tolerances tried at most before giving up (each step grows it at least 1.25x).
MAX_TRIES = 24


class NoTolerance(ValueError):
    """No tolerance tried brought the map under the limits; ``tolerance`` is the last."""

    def __init__(self, tolerance: float) -> None:
        super().__init__(tolerance)
        self.tolerance = tolerance


@dataclass(frozen=True)
class Simplified:
    """The regions and outline after :func:`simplify_regions`, the tolerance used (map
    units) and the vertex counts (regions and outline) before and after."""

    polygons: tuple[Polygon, ...]
    outline: Polygon | None
    tolerance: float
    before: int
    after: int


def _round2(value: float) -> float:
    """``value`` to two significant digits: a tolerance the warning states exactly."""
    return float(f"{value:.2g}")


def _counts(geoms: np.ndarray) -> np.ndarray:
    return np.asarray(shapely.get_num_coordinates(geoms), dtype=np.int64)


def _edge_matched(geoms: np.ndarray) -> np.ndarray:
    """``geoms`` with every shared border made of the same vertices on both sides, as
    :func:`shapely.coverage_simplify` needs (an export whose two copies of a border differ
    by a rounding would otherwise be simplified apart): cleaned by
    :func:`shapely.coverage_clean` (vertices a hair apart snapped together, no gap filled)
    when they are not already, and kept as they are when cleaning would change a region
    into something other than one polygon."""
    if bool(shapely.coverage_is_valid(geoms)):
        return geoms
    cleaned = shapely.coverage_clean(geoms)
    if all(g is not None and g.geom_type == "Polygon" and not g.is_empty for g in cleaned):
        return np.asarray(cleaned, dtype=object)
    return geoms


def simplify_regions(
    polygons: list[Polygon],
    outline: Polygon | None,
    *,
    map_vertices: int,
    region_vertices: int,
) -> Simplified:
    """``polygons`` (and the board's ``outline``, when the file gives one) simplified
    together by :func:`shapely.coverage_simplify` until the map has at most
    :data:`TARGET_SHARE` of ``map_vertices`` and each region of ``region_vertices``.

    The outline is simplified as one more border: the frame around it (a box minus the
    outline) joins the coverage, so the outline and the regions along it move alike and
    the regions still fill it. Without an outline the map's rim is simplified with the
    regions (the outline is then derived from them, as for any plain file).

    Raises :class:`NoTolerance` when no tolerance brings the map under the limits.
    """
    geoms = np.asarray(polygons, dtype=object)
    frame: Polygon | None = None
    if outline is not None:
        minx, miny, maxx, maxy = outline.bounds
        pad = max(maxx - minx, maxy - miny, 1.0)
        frame = Polygon(
            [
                (minx - pad, miny - pad),
                (maxx + pad, miny - pad),
                (maxx + pad, maxy + pad),
                (minx - pad, maxy + pad),
            ],
            [list(outline.exterior.coords)],
        )
        geoms = np.append(geoms, np.asarray([frame], dtype=object))
    counts = _counts(geoms)
    before = int(counts.sum()) - (5 if frame is not None else 0)
    geoms = _edge_matched(geoms)
    n = len(polygons)
    segments = max(before - n, 1)
    perimeter = float(shapely.length(geoms[:n]).sum()) / 2  # shared borders count once
    tolerance = _round2(max(perimeter / segments, 1e-12))
    map_target = TARGET_SHARE * map_vertices
    region_target = TARGET_SHARE * region_vertices
    for _try in range(MAX_TRIES):
        done = shapely.coverage_simplify(geoms, tolerance, simplify_boundary=frame is None)
        counts = _counts(done)
        total = int(counts.sum()) - (5 if frame is not None else 0)
        largest = int(counts[:n].max()) if n else 0
        if frame is not None:  # the outline is a region's worth of vertices too
            largest = max(largest, int(counts[n]) - 5)
        over = max(total / map_target, largest / region_target)
        if over <= 1.0:
            simplified_outline = None
            if frame is not None:
                simplified_outline = Polygon(done[n].interiors[0].coords)
            return Simplified(
                polygons=tuple(done[:n]),
                outline=simplified_outline,
                tolerance=tolerance,
                before=before,
                after=total,
            )
        tolerance = _round2(tolerance * min(max(over, 1.25), 8.0))
    raise NoTolerance(tolerance)

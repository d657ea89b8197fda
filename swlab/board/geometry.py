"""Geometry → topology: which regions border which, touch the edge, or touch water.

R-COMP-6 defines the board's facts in terms of borders, so they are derived from the
polygons rather than typed by hand: two regions are **adjacent** when they share a border
of positive length (a shared corner is *not* adjacency); a region is an **edge** region when
it shares a stretch of the outline; **coastal** regions are land regions bordering a Sea or
the Lake (R-RULING-14); **first-conquest** regions (R-CONQ-1) are land edge regions plus land
regions on the shore of a Sea that is itself on the edge.

Candidate pairs come from a shapely ``STRtree``; border lengths are computed vectorised on
coordinates snapped to a grid (``set_precision``), so near-identical vertices written by
other GeoJSON tools still meet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon

from swlab.board.model import WATER, Terrain

if TYPE_CHECKING:
    from swlab.board.model import Board


def grid_size(outline: Polygon) -> float:
    """A snapping grid a million times finer than the board, as a power of ten.

    Tolerances follow the board's own scale, so a board drawn in units of 1 and one drawn
    in pixels are judged alike.
    """
    minx, miny, maxx, maxy = outline.bounds
    diagonal = math.hypot(maxx - minx, maxy - miny) or 1.0
    return float(10.0 ** math.floor(math.log10(diagonal * 1e-6)))


def snap(geometries: Sequence[Polygon], grid: float) -> NDArray[np.object_]:
    """Geometries as a shapely array on ``grid``; shared vertices become identical."""
    return np.asarray(shapely.set_precision(np.asarray(geometries, dtype=object), grid))


def adjacent_pairs(
    polygons: Sequence[Polygon], grid: float
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.float64]]:
    """Index pairs ``(i, j)``, ``i < j``, of polygons sharing a border longer than ``grid``.

    Returns the two index arrays and the border lengths. An ``STRtree`` query limits the
    length computation to polygons whose boxes meet, which is what makes this scale.
    """
    geoms = snap(polygons, grid)
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    bounds = shapely.boundary(geoms)
    lengths = shapely.length(shapely.intersection(bounds[left], bounds[right]))
    border = lengths > grid
    return left[border], right[border], np.asarray(lengths[border], dtype=np.float64)


def adjacent_pairs_naive(polygons: Sequence[Polygon], grid: float) -> list[tuple[int, int]]:
    """The all-pairs reference for :func:`adjacent_pairs`: every pair is measured.

    Kept for the benchmark and the tests only; it is quadratic in the number of regions.
    """
    geoms = snap(polygons, grid)
    bounds = shapely.boundary(geoms)
    pairs: list[tuple[int, int]] = []
    for i in range(len(geoms) - 1):
        lengths = shapely.length(shapely.intersection(bounds[i], bounds[i + 1 :]))
        pairs.extend((i, i + 1 + int(k)) for k in np.flatnonzero(lengths > grid))
    return pairs


def touching_outline(polygons: Sequence[Polygon], outline: Polygon, grid: float) -> NDArray[np.bool_]:
    """For each polygon, whether it shares a stretch of positive length with the outline."""
    geoms = snap(polygons, grid)
    rim = shapely.boundary(shapely.set_precision(outline, grid))
    lengths = shapely.length(shapely.intersection(shapely.boundary(geoms), rim))
    return np.asarray(lengths > grid, dtype=np.bool_)


@dataclass(frozen=True, eq=False)
class Topology:
    """The facts the rules need about a board, all derived (R-COMP-6).

    ``graph`` has one node per region id (attribute ``terrain``) and one edge per border
    (attribute ``length``).
    """

    graph: nx.Graph[int]
    edge: frozenset[int]
    coastal: frozenset[int]
    first_conquest: frozenset[int]

    def neighbours(self, region_id: int) -> frozenset[int]:
        """Regions bordering ``region_id``."""
        return frozenset(self.graph.adj[region_id])

    @property
    def borders(self) -> frozenset[tuple[int, int]]:
        """Every border as a sorted id pair."""
        return frozenset((min(a, b), max(a, b)) for a, b in self.graph.edges)


def derive_topology(board: Board) -> Topology:
    """Derive adjacency, edge, coastal and first-conquest sets from ``board``'s polygons.

    Regions repeating an id (a broken draft) are measured under their first id only; the
    validator reports the duplicate.
    """
    regions = [r for r in board.regions if board[r.id] is r]
    polygons = [r.polygon for r in regions]
    grid = grid_size(board.outline)
    graph: nx.Graph[int] = nx.Graph()
    for region in regions:
        graph.add_node(region.id, terrain=region.terrain)
    if regions:
        left, right, lengths = adjacent_pairs(polygons, grid)
        for i, j, length in zip(left.tolist(), right.tolist(), lengths.tolist(), strict=True):
            graph.add_edge(regions[i].id, regions[j].id, length=length)
        on_rim = touching_outline(polygons, board.outline, grid)
    else:
        on_rim = np.zeros(0, dtype=np.bool_)
    edge = frozenset(r.id for r, flag in zip(regions, on_rim.tolist(), strict=True) if flag)
    return Topology(
        graph=graph,
        edge=edge,
        coastal=coastal_regions(board, graph),
        first_conquest=first_conquest_regions(board, graph, edge),
    )


def coastal_regions(board: Board, graph: nx.Graph[int]) -> frozenset[int]:
    """Land regions bordering a Sea or the Lake; water is never coastal (R-RULING-14)."""
    return frozenset(
        r.id
        for r in board.regions
        if r.id in graph
        and not r.is_water
        and any(board[n].terrain in WATER for n in graph.adj[r.id])
    )


def first_conquest_regions(
    board: Board, graph: nx.Graph[int], edge: frozenset[int]
) -> frozenset[int]:
    """Land regions on the edge, or on the shore of a Sea that is on the edge (R-COMP-6).

    The Lake is not a Sea: a region only on the Lake's shore is not a border region.
    """
    edge_seas = {i for i in edge if board[i].terrain == Terrain.SEA}
    return frozenset(
        r.id
        for r in board.regions
        if r.id in graph
        and not r.is_water
        and (r.id in edge or any(n in edge_seas for n in graph.adj[r.id]))
    )

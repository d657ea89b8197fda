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
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

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


class GeometryMemo:
    """Results of pure functions of one geometry, kept while that geometry object lives.

    Shapely geometries are immutable, and an edit in the editor builds a new board that
    shares every unchanged region's polygon object with the draft before it; so what was
    derived from a polygon (its validity, its snapped copy, its border with the rim) is
    looked up by the object's identity instead of being computed again for the regions
    an edit did not touch. An entry goes when its geometry is garbage-collected (a weak
    reference), so the memo holds no board alive.
    """

    def __init__(self) -> None:
        self._entries: dict[tuple[int, Any], tuple[weakref.ref[Any], Any]] = {}

    def get(self, geometry: Any, key: Any, compute: Callable[[], Any]) -> Any:
        """``compute()`` for ``geometry`` and ``key``, from the memo when known."""
        slot = (id(geometry), key)
        hit = self._entries.get(slot)
        if hit is not None and hit[0]() is geometry:
            return hit[1]
        value = compute()
        self.store(geometry, key, value)
        return value

    def lookup(self, geometry: Any, key: Any) -> tuple[bool, Any]:
        """``(True, value)`` when the memo knows ``geometry`` and ``key``, else ``(False,
        None)``; with :meth:`store`, for computing the unknown ones together."""
        hit = self._entries.get((id(geometry), key))
        if hit is not None and hit[0]() is geometry:
            return True, hit[1]
        return False, None

    def store(self, geometry: Any, key: Any, value: Any) -> None:
        """Remember ``value`` for ``geometry`` and ``key`` while the geometry lives."""
        slot = (id(geometry), key)
        self._entries[slot] = (weakref.ref(geometry, self._forget(slot)), value)

    def _forget(self, slot: tuple[int, Any]) -> Callable[[weakref.ref[Any]], None]:
        def forget(ref: weakref.ref[Any]) -> None:
            hit = self._entries.get(slot)
            if hit is not None and hit[0] is ref:
                del self._entries[slot]

        return forget

    def __len__(self) -> int:
        return len(self._entries)


#: The memo of :func:`snap`, :func:`is_valid_polygon` and :func:`touching_outline`.
MEMO = GeometryMemo()


def with_new_geometries(board: Board) -> Board:
    """``board`` built of new, equal geometry objects: nothing :data:`MEMO` remembers for
    the old ones applies, as for a board just read from a file (what a benchmark of the
    first call, or a test of what is derived again, starts from)."""
    polygons = shapely.from_wkb(shapely.to_wkb([r.polygon for r in board]))
    return replace(
        board,
        outline=shapely.from_wkb(shapely.to_wkb(board.outline)),
        regions=tuple(replace(r, polygon=p) for r, p in zip(board, polygons, strict=True)),
    )


def is_valid(geometry: Any) -> bool:
    """``geometry.is_valid``, remembered for the geometry object (:data:`MEMO`)."""
    return bool(MEMO.get(geometry, "valid", lambda: geometry.is_valid))


def snapped(geometry: Any, grid: float) -> Any:
    """``geometry`` on ``grid`` (see :func:`snap`), remembered for the geometry object."""

    def compute() -> Any:
        usable = geometry if is_valid(geometry) else shapely.make_valid(geometry)
        return shapely.set_precision(usable, grid)

    return MEMO.get(geometry, ("snap", grid), compute)


def snap(geometries: Sequence[Polygon], grid: float) -> NDArray[np.object_]:
    """Geometries as a shapely array on ``grid``; shared vertices become identical.

    Invalid drafts (a bow-tie, a self-touching ring) are repaired first with
    ``make_valid``, since snapping refuses them; the validator reports them anyway.
    Each geometry is snapped once while it lives (:data:`MEMO`): after an edit only the
    changed regions are snapped again.
    """
    geoms = np.empty(len(geometries), dtype=object)
    geoms[:] = [snapped(g, grid) for g in geometries]
    return geoms


#: Boundaries closer than this many grid cells count as touching: files written by other
#: tools round coordinates, so two copies of a shared vertex may differ by about a cell.
NEAR_CELLS = 2.0

#: A border must be longer than this many grid cells (1e-5 of the board's diagonal), so
#: that a corner touched within the :data:`NEAR_CELLS` tolerance is never a border.
BORDER_CELLS = 10.0


def adjacent_pairs(
    polygons: Sequence[Polygon], grid: float
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.float64]]:
    """Index pairs ``(i, j)``, ``i < j``, of polygons sharing a border (``BORDER_CELLS``).

    Returns the two index arrays (sorted by ``i`` then ``j``) and the border lengths.

    Measuring every candidate pair with GEOS costs ~40 µs a pair, so well-formed
    polygons take a fast path: once snapped, neighbours share *identical* segments, and
    a border is the sum of the segments two polygons have in common, found by sorting
    segment keys in NumPy. That is exact unless a vertex of one polygon lies on another
    polygon without being one of its vertices (a T-junction, overlap or sliver), a
    segment is shared by three polygons, or a polygon is invalid, has holes or is not a
    single polygon. Such polygons are found with an ``STRtree`` and every pair involving
    them is measured by GEOS as :func:`adjacent_pairs_naive` does, so both functions give
    the same pairs on any input (the tests check broken drafts too).
    """
    geoms = snap(polygons, grid)
    n = len(geoms)
    if n < 2:
        return np.zeros(0, np.intp), np.zeros(0, np.intp), np.zeros(0, np.float64)
    tree = shapely.STRtree(geoms)
    clean = (
        (shapely.get_type_id(geoms) == shapely.GeometryType.POLYGON)
        & ~shapely.is_empty(geoms)
        & (shapely.get_num_interior_rings(geoms) == 0)
        & np.fromiter((is_valid(g) for g in geoms), dtype=np.bool_, count=n)
    )
    segments = _ring_segments(geoms, clean)
    suspect = _suspects(geoms, segments, clean, grid) | ~clean
    fast = _shared_segment_pairs(segments, suspect, n, grid)
    slow = _measured_pairs(geoms, tree, np.flatnonzero(suspect), grid)
    left, right, lengths = (np.concatenate(parts) for parts in zip(fast, slow, strict=True))
    order = np.lexsort((right, left))
    return (
        np.asarray(left[order], dtype=np.intp),
        np.asarray(right[order], dtype=np.intp),
        np.asarray(lengths[order], dtype=np.float64),
    )


@dataclass(frozen=True)
class _Segments:
    """The ring segments of the clean polygons, keyed so equal segments sort together.

    ``vertex`` numbers every distinct coordinate and ``owner`` says whose vertex each
    ring position is; ``key``, ``polygon`` and ``length`` describe each segment, sorted by
    ``key`` (equal for the same two endpoints in either direction).
    """

    vertices: NDArray[np.float64]
    vertex: NDArray[np.int64]
    owner: NDArray[np.intp]
    key: NDArray[np.int64]
    polygon: NDArray[np.intp]
    length: NDArray[np.float64]


def _ring_segments(geoms: NDArray[np.object_], clean: NDArray[np.bool_]) -> _Segments:
    """Number the clean polygons' vertices and list their segments, sorted by key."""
    coords, index = shapely.get_coordinates(geoms[clean], return_index=True)
    owner = np.flatnonzero(clean)[index]
    coords = coords + 0.0  # -0.0 becomes 0.0, so equal vertices get one number
    order = np.lexsort((coords[:, 1], coords[:, 0]))
    ordered = coords[order]
    fresh = np.ones(len(coords), dtype=np.bool_)
    fresh[1:] = np.any(ordered[1:] != ordered[:-1], axis=1)
    vertex = np.empty(len(coords), dtype=np.int64)
    vertex[order] = np.cumsum(fresh) - 1
    count = int(fresh.sum())
    a, b = vertex[:-1], vertex[1:]
    real = (owner[:-1] == owner[1:]) & (a != b)  # same ring, not a repeated point
    delta = coords[1:][real] - coords[:-1][real]
    key = np.minimum(a[real], b[real]) * count + np.maximum(a[real], b[real])
    by_key = np.argsort(key, kind="stable")
    return _Segments(
        vertices=ordered[fresh],
        vertex=vertex,
        owner=owner,
        key=key[by_key],
        polygon=owner[:-1][real][by_key],
        length=np.hypot(delta[:, 0], delta[:, 1])[by_key],
    )


def _suspects(
    geoms: NDArray[np.object_], seg: _Segments, clean: NDArray[np.bool_], grid: float
) -> NDArray[np.bool_]:
    """Clean polygons whose borders are not just shared identical segments.

    Two collinear segments overlapping without being equal have an endpoint strictly
    inside the other one; so if every vertex within :data:`NEAR_CELLS` grid cells of a
    polygon is one of its own vertices, its borders are exactly its segments shared whole.
    Segments found in three polygons, or twice in one, mark overlaps and are suspect too.
    """
    n = len(clean)
    suspect = np.zeros(n, dtype=np.bool_)
    starts = np.flatnonzero(np.r_[True, seg.key[1:] != seg.key[:-1]])
    counts = np.diff(np.r_[starts, len(seg.key)])
    suspect[seg.polygon[np.repeat(counts > 2, counts)]] = True
    twice = starts[counts == 2]
    repeated = twice[seg.polygon[twice] == seg.polygon[twice + 1]]
    suspect[seg.polygon[repeated]] = True
    # polygons query a tree of the points, not the other way: the query side is prepared
    # (indexed facets), so a polygon of many vertices is measured in log time per point
    points = shapely.STRtree(shapely.points(seg.vertices))
    polygon, near = points.query(geoms, predicate="dwithin", distance=NEAR_CELLS * grid)
    own = np.unique(seg.vertex * n + seg.owner)
    stray = clean[polygon] & ~np.isin(near * n + polygon, own)
    suspect[polygon[stray]] = True
    suspect[seg.owner[np.isin(seg.vertex, near[stray])]] = True
    return suspect


def _shared_segment_pairs(
    seg: _Segments, suspect: NDArray[np.bool_], n: int, grid: float
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.float64]]:
    """Pairs of unsuspected polygons and the total length of the segments they share."""
    starts = np.flatnonzero(np.r_[True, seg.key[1:] != seg.key[:-1]])
    counts = np.diff(np.r_[starts, len(seg.key)])
    twice = starts[counts == 2]
    i, j = seg.polygon[twice], seg.polygon[twice + 1]
    left, right = np.minimum(i, j), np.maximum(i, j)
    keep = (left != right) & ~suspect[left] & ~suspect[right]
    pairs, inverse = np.unique(left[keep].astype(np.int64) * n + right[keep], return_inverse=True)
    lengths = np.bincount(inverse, weights=seg.length[twice][keep], minlength=len(pairs))
    border = lengths > BORDER_CELLS * grid
    return (
        np.asarray(pairs[border] // n, dtype=np.intp),
        np.asarray(pairs[border] % n, dtype=np.intp),
        np.asarray(lengths[border], dtype=np.float64),
    )


def _measured_pairs(
    geoms: NDArray[np.object_], tree: shapely.STRtree, among: NDArray[np.intp], grid: float
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.float64]]:
    """Pairs involving ``among`` whose boundaries run side by side (:func:`shared_length`).

    Candidates are polygons within :data:`NEAR_CELLS` grid cells, not just those that
    intersect, since borders written with rounding noise may miss each other by a cell.
    """
    n = len(geoms)
    query, other = tree.query(geoms[among], predicate="dwithin", distance=NEAR_CELLS * grid)
    mine = among[query]
    left, right = np.minimum(mine, other), np.maximum(mine, other)
    keep = left != right
    pairs = np.unique(left[keep].astype(np.int64) * n + right[keep])
    left, right = pairs // n, pairs % n
    lengths = shared_length(geoms, left, right, grid)
    border = lengths > BORDER_CELLS * grid
    return (
        np.asarray(left[border], dtype=np.intp),
        np.asarray(right[border], dtype=np.intp),
        np.asarray(lengths[border], dtype=np.float64),
    )


def shared_length(
    geoms: NDArray[np.object_], left: NDArray[np.intp], right: NDArray[np.intp], grid: float
) -> NDArray[np.float64]:
    """Length along which the boundaries of each pair run within :data:`NEAR_CELLS` cells.

    Measured both ways (``left``'s boundary near ``right``'s and back) and the shorter
    taken, so a long border is found even when its two copies differ by rounding noise.
    """
    if len(left) == 0:
        return np.zeros(0, dtype=np.float64)
    n = len(geoms)
    used = np.unique(np.concatenate([left, right]))
    rings = np.empty(n, dtype=object)
    rings[used] = shapely.boundary(geoms[used])
    bands = np.empty(n, dtype=object)
    bands[used] = shapely.buffer(rings[used], NEAR_CELLS * grid, quad_segs=2)
    there = shapely.length(shapely.intersection(rings[left], bands[right]))
    back = shapely.length(shapely.intersection(rings[right], bands[left]))
    return np.asarray(np.minimum(there, back), dtype=np.float64)


def adjacent_pairs_naive(polygons: Sequence[Polygon], grid: float) -> list[tuple[int, int]]:
    """The all-pairs reference for :func:`adjacent_pairs`: every pair is measured.

    Kept for the benchmark and the tests only; it is quadratic in the number of regions.
    """
    geoms = snap(polygons, grid)
    pairs: list[tuple[int, int]] = []
    for i in range(len(geoms) - 1):
        others = np.arange(i + 1, len(geoms))
        lengths = shared_length(geoms, np.full(len(others), i), others, grid)
        pairs.extend((i, i + 1 + int(k)) for k in np.flatnonzero(lengths > BORDER_CELLS * grid))
    return pairs


def touching_outline(
    polygons: Sequence[Polygon], outline: Polygon, grid: float
) -> NDArray[np.bool_]:
    """For each polygon, whether a stretch of its boundary runs along the outline.

    Same tolerance and minimum length as borders between regions; only polygons near the
    rim (found with an ``STRtree``) are measured. A polygon's flag depends on it and the
    outline alone, so it is remembered for the pair (:data:`MEMO`): after an edit only the
    changed regions are measured.
    """
    geoms = snap(polygons, grid)
    known: GeometryMemo = MEMO.get(outline, ("edge flags", grid), GeometryMemo)
    flags = np.zeros(len(geoms), dtype=np.bool_)
    missing: list[int] = []
    for k, geom in enumerate(geoms.tolist()):
        found, flag = known.lookup(geom, "edge")
        if found:
            flags[k] = flag
        else:
            missing.append(k)
    if not missing:
        return flags
    rim, band = MEMO.get(outline, ("rim", grid), lambda: _rim_band(outline, grid))
    todo = geoms[missing]
    near = shapely.STRtree(todo).query(rim, predicate="dwithin", distance=NEAR_CELLS * grid)
    measured = np.zeros(len(todo), dtype=np.bool_)
    lengths = shapely.length(shapely.intersection(shapely.boundary(todo[near]), band))
    measured[near] = lengths > BORDER_CELLS * grid
    for k, geom, flag in zip(missing, todo.tolist(), measured.tolist(), strict=True):
        flags[k] = flag
        known.store(geom, "edge", flag)
    return flags


def _rim_band(outline: Polygon, grid: float) -> tuple[Any, Any]:
    """The snapped outline's boundary and the band :data:`NEAR_CELLS` cells around it."""
    rim = shapely.boundary(snapped(outline, grid))
    return rim, shapely.buffer(rim, NEAR_CELLS * grid, quad_segs=2)


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


# --- where a region's label goes ------------------------------------------------------------
def polygon_parts(geometry: Any) -> list[Polygon]:
    """The non-empty polygons inside any geometry (collections flattened)."""
    parts: list[Polygon] = []
    for part in shapely.get_parts(geometry).tolist():
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            parts.append(part)
        elif part.geom_type in ("MultiPolygon", "GeometryCollection"):
            parts.extend(polygon_parts(part))
    return parts


def usable(polygon: Any) -> Any:
    """``polygon`` made valid, so a broken draft can still be labelled and decorated."""
    if polygon.is_empty or polygon.is_valid:
        return polygon
    return shapely.make_valid(polygon)


def label_point(polygon: Any) -> tuple[shapely.Point, float]:
    """Where a region's label goes, and the radius of free space around it.

    The pole of inaccessibility (centre of the largest inscribed circle) is as far from the
    region's borders as possible, so a label there never sits on a border, even in a
    crescent-shaped region whose centroid lies outside it. Every view (the pictures, the
    game viewer, the presenter, the map editor) anchors its labels here. Broken shapes fall
    back to a representative point of their largest valid piece.
    """
    shape = usable(polygon)
    parts = polygon_parts(shape)
    if not parts:
        centre = shape.centroid if not shape.is_empty else shapely.Point(0.0, 0.0)
        return centre, 0.0
    biggest = max(parts, key=lambda p: p.area)
    size = math.sqrt(biggest.area) or 1.0
    try:
        circle = shapely.maximum_inscribed_circle(biggest, size * 0.01)
        start = shapely.get_point(circle, 0)
        return shapely.Point(start.x, start.y), float(circle.length)
    except shapely.errors.GEOSException:
        point = biggest.representative_point()
        return point, float(biggest.exterior.distance(point))

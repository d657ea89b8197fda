"""Editing a board as pure functions over an immutable :class:`Draft`.

A :class:`Draft` is a :class:`~swlab.board.model.Board` plus its undo and redo history.
Every editing function takes a draft and returns a *new* one, never touching its input,
so undo, redo and a widget's refresh are just "show another value". A refused edit raises
:class:`EditError` naming the region and the reason.

The editor keeps the regions a *tiling with shared vertices*: where two regions meet, both
polygons carry the same vertices, so :func:`move_vertex` moves a corner in every polygon
that has it and neighbours move together (no gap, no overlap). Edits that create vertices
(:func:`split`, :func:`merge`, :func:`draw_region`, :func:`delete`) insert each new vertex
into the neighbours whose border passes through it. New coordinates are snapped to the
board's grid (:func:`swlab.board.geometry.grid_size`); existing ones are kept as they are.

A draft may be unplayable (a gap, an unknown terrain): :func:`swlab.board.validate.validate`
lists what is left to fix. Only play-testing needs a sound board.

>>> d = blank(100, 60, players=3)
>>> d = split(d, 1, [(50, -5), (50, 65)])
>>> sorted(d.board.ids), d.board.are_adjacent(1, 2)
([1, 2], True)
>>> undo(d).board.ids
(1,)
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import split as shapely_split

from swlab import i18n
from swlab import names as game_words
from swlab.board.catalog import find_graph, official_board
from swlab.board.generate import RegionGraph, board_from_graph, read_graph
from swlab.board.geometry import grid_size
from swlab.board.io import MapWarning, read_board
from swlab.board.model import (
    SYMBOL_ALIASES,
    SYMBOLS,
    TERRAINS,
    TURNS_BY_PLAYERS,
    Board,
    Region,
    Terrain,
)
from swlab.board.voronoi import random_board
from swlab.i18n import _, ngettext, pgettext

__all__ = [
    "HISTORY_LIMIT",
    "Draft",
    "EditError",
    "Snap",
    "absorb",
    "blank",
    "can_redo",
    "can_undo",
    "delete",
    "delete_regions",
    "draw_region",
    "from_board",
    "from_geojson",
    "from_graph",
    "from_official",
    "from_random",
    "insert_vertex",
    "merge",
    "merge_regions",
    "move_vertex",
    "redo",
    "region_words",
    "remove_unknown_symbols",
    "rename",
    "set_symbols",
    "set_terrain",
    "snap_point",
    "split",
    "squash",
    "toggle_symbol",
    "undo",
]

#: Undo steps kept; older boards are dropped (regions are shared, so a step is cheap).
HISTORY_LIMIT = 200

#: A vertex lies on an edge when closer than this many grid cells (see geometry.NEAR_CELLS).
ON_EDGE_CELLS = 2.0

Point2 = tuple[float, float]


class EditError(ValueError):
    """An edit the editor refuses; ``region`` is the region concerned (``None``: board-wide),
    ``reason`` the sentence without the region prefix and ``plain``, when given, the same
    refusal in words for the map, without coordinates."""

    def __init__(self, region: int | None, reason: str, plain: str = "") -> None:
        self.region = region
        self.reason = reason
        #: the refusal for a person at the map, without coordinates (empty: ``reason``)
        self.plain = plain
        if region is None:
            super().__init__(reason)
        else:
            super().__init__(_("Region {region}: {reason}").format(region=region, reason=reason))


@dataclass(frozen=True)
class Draft:
    """A board being edited, with its history.

    ``note`` says what made this board (``"split region 9"``); ``past`` and ``future``
    hold ``(board, note)`` steps for :func:`undo` and :func:`redo`, most recent last.
    """

    board: Board
    note: str = "start"
    past: tuple[tuple[Board, str], ...] = ()
    future: tuple[tuple[Board, str], ...] = ()

    @property
    def grid(self) -> float:
        """The board's snapping grid (:func:`~swlab.board.geometry.grid_size`)."""
        return grid_size(self.board.outline)

    def __repr__(self) -> str:
        return (
            f"<Draft {self.board.name!r}: {len(self.board)} regions, last edit {self.note!r}, "
            f"{len(self.past)} undo / {len(self.future)} redo>"
        )

    def _repr_svg_(self) -> str:
        return self.board._repr_svg_()


def _commit(draft: Draft, board: Board, note: str) -> Draft:
    past = (*draft.past, (draft.board, draft.note))[-HISTORY_LIMIT:]
    return Draft(board, note, past, ())


def _with_regions(board: Board, regions: Iterable[Region], outline: Polygon | None = None) -> Board:
    return replace_board(board, regions=tuple(regions), outline=outline)


def replace_board(
    board: Board,
    *,
    regions: tuple[Region, ...] | None = None,
    outline: Polygon | None = None,
    name: str | None = None,
    players: int | None = None,
    turns: int | None = None,
) -> Board:
    """A copy of ``board`` with some fields replaced (``Board`` caches its topology)."""
    return Board(
        name=board.name if name is None else name,
        players=board.players if players is None else players,
        turns=board.turns if turns is None else turns,
        outline=board.outline if outline is None else outline,
        regions=board.regions if regions is None else regions,
    )


# ==========================================================================================
# Starting points
# ==========================================================================================


def from_board(board: Board) -> Draft:
    """A draft starting from ``board`` (no history)."""
    return Draft(board, _("open {board}").format(board=board.name))


def blank(
    width: float,
    height: float,
    players: int = 3,
    *,
    name: str | None = None,
    terrain: str = Terrain.FARMLAND.value,
) -> Draft:
    """A rectangle ``width`` x ``height`` holding one region (id 1): split it to design.
    Its ``name`` is "new board" in the language in effect unless given."""
    if width <= 0 or height <= 0:
        raise EditError(
            None,
            _("a board needs a positive size, got {width} x {height}").format(
                width=width, height=height
            ),
        )
    if players not in TURNS_BY_PLAYERS:
        raise EditError(
            None,
            _("players must be one of {counts}, got {players}").format(
                counts=sorted(TURNS_BY_PLAYERS), players=players
            ),
        )
    outline = box(0.0, 0.0, float(width), float(height))
    region = Region(1, terrain, outline)
    name = _("new board") if name is None else name
    board = Board(name, players, TURNS_BY_PLAYERS[players], outline, (region,))
    return Draft(
        board, _("blank {width} x {height}").format(width=f"{width:g}", height=f"{height:g}")
    )


def from_official(players: int) -> Draft:
    """The official board for 2 to 5 players."""
    return from_board(official_board(players))


def from_geojson(
    path: str | os.PathLike[str],
    *,
    players: int | None = None,
    turns: int | None = None,
    warnings: list[MapWarning] | None = None,
    simplify: bool = False,
) -> Draft:
    """A board read from a GeoJSON file, swlab's or a plain FeatureCollection from a GIS
    tool (:func:`swlab.board.io.read_board`): ``players`` and ``turns`` for a file that
    does not say; what the reader assumed is appended to ``warnings`` for the editor to
    show; with ``simplify``, a map over the vertex limits is simplified under them."""
    board = read_board(path, players=players, turns=turns, warnings=warnings, simplify=simplify)
    return from_board(board)


def from_graph(graph: RegionGraph | str | os.PathLike[str], *, seed: int = 0) -> Draft:
    """Polygons drawn from a region graph: a file in the format of
    ``maps/graphs/README.md``, or a shipped graph's name (``official_3p``)."""
    if not isinstance(graph, RegionGraph):
        graph = read_graph(find_graph(graph))
    return from_board(board_from_graph(graph, seed=seed))


def from_random(regions: int, *, players: int = 3, seed: int = 0, **options: object) -> Draft:
    """A random Voronoi board (:func:`swlab.board.voronoi.random_board`)."""
    return from_board(random_board(regions, players=players, seed=seed, **options))  # type: ignore[arg-type]


# ==========================================================================================
# Geometry helpers: snapping, vertex insertion, checks
# ==========================================================================================


def _snap_xy(xy: Sequence[float], grid: float) -> Point2:
    # the grid is a power of ten: rounding to its digits gives the shortest decimals
    digits = -math.floor(math.log10(grid) + 0.5)
    return (round(float(xy[0]), digits) + 0.0, round(float(xy[1]), digits) + 0.0)


def _snap_new(polygon: Polygon, known: set[Point2], grid: float) -> Polygon:
    """``polygon`` with every vertex not in ``known`` snapped to ``grid``."""

    def ring(coords: Iterable[Sequence[float]]) -> list[Point2]:
        out = []
        for c in coords:
            p = (float(c[0]), float(c[1]))
            out.append(p if p in known else _snap_xy(p, grid))
        return _dedupe(out)

    return Polygon(ring(polygon.exterior.coords), [ring(r.coords) for r in polygon.interiors])


def _dedupe(ring: list[Point2]) -> list[Point2]:
    out: list[Point2] = []
    for p in ring:
        if not out or out[-1] != p:
            out.append(p)
    return out


def _vertices(polygon: Polygon) -> set[Point2]:
    rings = [polygon.exterior, *polygon.interiors]
    return {(float(x), float(y)) for r in rings for x, y in r.coords}


def _insert_into_ring(coords: list[Point2], points: Sequence[Point2], tol: float) -> list[Point2]:
    """``coords`` (a closed ring) with each of ``points`` lying on an edge made a vertex."""
    if not points:
        return coords
    ring = np.asarray(coords, dtype=float)
    a, b = ring[:-1], ring[1:]
    ab = b - a
    length2 = np.maximum((ab**2).sum(axis=1), 1e-300)
    own = set(coords)
    inserts: dict[int, list[tuple[float, Point2]]] = {}
    for p in points:
        if p in own:
            continue
        pa = np.asarray(p) - a
        t = np.clip((pa * ab).sum(axis=1) / length2, 0.0, 1.0)
        dist = np.hypot(*(a + ab * t[:, None] - np.asarray(p)).T)
        k = int(np.argmin(dist))
        if dist[k] > tol or t[k] <= 0.0 or t[k] >= 1.0:
            continue
        if min(math.dist(p, coords[k]), math.dist(p, coords[k + 1])) <= tol:
            continue  # next to an existing vertex: that vertex is the shared one
        inserts.setdefault(k, []).append((float(t[k]), p))
    if not inserts:
        return coords
    out: list[Point2] = []
    for k in range(len(coords) - 1):
        out.append(coords[k])
        out.extend(p for _, p in sorted(inserts.get(k, [])))
    out.append(coords[-1])
    return out


def insert_points(polygon: Polygon, points: Sequence[Point2], tol: float) -> Polygon:
    """``polygon`` with the ``points`` that lie on its boundary (within ``tol``) as vertices."""
    ext = [(float(x), float(y)) for x, y in polygon.exterior.coords]
    holes = [[(float(x), float(y)) for x, y in r.coords] for r in polygon.interiors]
    new_ext = _insert_into_ring(ext, points, tol)
    new_holes = [_insert_into_ring(h, points, tol) for h in holes]
    if new_ext is ext and all(n is h for n, h in zip(new_holes, holes, strict=True)):
        return polygon
    return Polygon(new_ext, new_holes)


def _conform(board: Board, changed: Iterable[int]) -> Board:
    """Make the borders of ``changed`` regions and their neighbours share vertices.

    Vertices of a changed region lying on a neighbour's edge (or the outline's) are
    inserted there, and the neighbours' vertices lying on a changed region's edge are
    inserted into it, so every border meets at identical vertices (no T-junction).
    """
    grid = grid_size(board.outline)
    tol = ON_EDGE_CELLS * grid
    changed = [rid for rid in changed if rid in board]
    if not changed:
        return board
    polys = {r.id: r.polygon for r in board.regions}
    geoms = [r.polygon for r in board.regions]
    tree = shapely.STRtree(geoms)
    ids = list(board.ids)
    outline = board.outline
    for rid in changed:
        mine = polys[rid]
        near = [ids[k] for k in tree.query(mine, predicate="dwithin", distance=tol).tolist()]
        mine_pts = sorted(_vertices(mine))
        for other in near:
            if other == rid:
                continue
            polys[other] = insert_points(polys[other], mine_pts, tol)
            polys[rid] = insert_points(polys[rid], sorted(_vertices(polys[other])), tol)
        outline = insert_points(outline, mine_pts, tol)
        polys[rid] = insert_points(polys[rid], sorted(_vertices(outline)), tol)
    regions = tuple(
        r if polys[r.id] is r.polygon else replace(r, polygon=polys[r.id]) for r in board.regions
    )
    return _with_regions(board, regions, outline if outline is not board.outline else None)


def _single_polygon(geometry: BaseGeometry, region: int | None, what: str) -> Polygon:
    if isinstance(geometry, Polygon) and not geometry.is_empty:
        return geometry
    parts = [p for p in getattr(geometry, "geoms", []) if isinstance(p, Polygon) and p.area > 0]
    if len(parts) == 1:
        return parts[0]
    raise EditError(
        region,
        _("{what} would not be one polygon ({shape})").format(what=what, shape=geometry.geom_type),
    )


_REASON = re.compile(r"^(?P<reason>.*?)\[(?P<x>\S+) (?P<y>\S+)\]$")


def _check_valid(polygon: Polygon, region: int | None, what: str) -> None:
    if not polygon.is_valid:
        reason = str(shapely.is_valid_reason(polygon))
        match = _REASON.match(reason)
        if match is not None:
            x, y = float(match["x"]), float(match["y"])
            reason = _("{reason} at ({x}, {y})").format(
                reason=match["reason"].lower(), x=_fmt(x), y=_fmt(y)
            )
        raise EditError(
            region,
            _("{what} would make its polygon invalid ({reason})").format(what=what, reason=reason),
        )
    if polygon.is_empty or polygon.area <= 0:
        raise EditError(region, _("{what} would leave an empty polygon").format(what=what))


def _region(board: Board, region_id: int) -> Region:
    if region_id not in board:
        raise EditError(
            region_id, _("there is no such region on board {board}").format(board=repr(board.name))
        )
    return board[region_id]


def _line(line: LineString | Sequence[Sequence[float]], grid: float) -> LineString:
    coords = list(line.coords) if isinstance(line, LineString) else [tuple(p) for p in line]
    snapped = _dedupe([_snap_xy(p, grid) for p in coords])
    if len(snapped) < 2:
        raise EditError(None, _("a split line needs at least two distinct points"))
    return LineString(snapped)


# ==========================================================================================
# Edits
# ==========================================================================================


def split(draft: Draft, region_id: int, line: LineString | Sequence[Sequence[float]]) -> Draft:
    """Cut ``region_id`` in two along ``line``, which must cross it from border to border.

    The larger piece keeps the id, name and symbols; the other gets id ``max + 1``, the
    same terrain and no symbols. The crossing points become vertices of the neighbours
    too, so the new corners are shared.
    """
    board = draft.board
    region = _region(board, region_id)
    grid = draft.grid
    cut = _line(line, grid)
    polygon = region.polygon
    if not cut.intersects(polygon):
        raise EditError(region_id, _("the split line does not touch this region"))
    pieces = [g for g in shapely_split(polygon, cut).geoms if isinstance(g, Polygon)]
    if len(pieces) < 2:
        raise EditError(
            region_id, _("the split line must cross the region from one border to another")
        )
    if len(pieces) > 2:
        raise EditError(
            region_id,
            _(
                "the split line cuts the region into {pieces} pieces; draw a line that "
                "crosses it once"
            ).format(pieces=len(pieces)),
        )
    known = _vertices(polygon)
    pieces = [_snap_new(p, known, grid) for p in pieces]
    for p in pieces:
        _check_valid(p, region_id, _("this split"))
    big, small = sorted(pieces, key=lambda p: -p.area)
    new_id = max(board.ids) + 1
    regions: list[Region] = []
    for r in board.regions:
        if r.id == region_id:
            regions.append(replace(r, polygon=big))
            regions.append(Region(new_id, r.terrain, small))
        else:
            regions.append(r)
    result = _conform(_with_regions(board, regions), [region_id, new_id])
    return _commit(
        draft,
        result,
        _("split region {region} (new region {new})").format(region=region_id, new=new_id),
    )


def merge(draft: Draft, a: int, b: int) -> Draft:
    """Join neighbours ``a`` and ``b`` into one region: ``a``'s id, terrain and name, the
    symbols of both."""
    board = draft.board
    ra, rb = _region(board, a), _region(board, b)
    if a == b:
        raise EditError(a, _("cannot merge a region with itself"))
    if not board.are_adjacent(a, b):
        raise EditError(
            a, _("cannot merge with region {region}: they share no border").format(region=b)
        )
    merged = _union(
        ra.polygon,
        rb.polygon,
        a,
        _("merging with region {region}").format(region=b),
        draft.grid,
    )
    regions = [
        replace(r, polygon=merged, symbols=ra.symbols | rb.symbols) if r.id == a else r
        for r in board.regions
        if r.id != b
    ]
    result = _conform(_with_regions(board, regions), [a])
    return _commit(
        draft, result, _("merge region {region} into region {into}").format(region=b, into=a)
    )


def merge_regions(draft: Draft, ids: Sequence[int]) -> Draft:
    """Join the regions ``ids`` (two or more, each bordering another of them) into the
    first, as one undo step: its id, terrain and name, the symbols of all (a lasso
    selection merged at once)."""
    ids = list(dict.fromkeys(ids))
    if len(ids) < 2:
        raise EditError(None, _("select two or more neighbouring regions to merge"))
    if len(ids) == 2:
        return merge(draft, *ids)
    for rid in ids:
        _region(draft.board, rid)
    into, rest = ids[0], ids[1:]
    current = draft
    while rest:
        board = current.board
        nxt = next((rid for rid in rest if board.are_adjacent(into, rid)), None)
        if nxt is None:
            raise EditError(
                into,
                ngettext(
                    "cannot merge region {ids}: it borders none of the others",
                    "cannot merge regions {ids}: they border none of the others",
                    len(rest),
                ).format(ids=_ids(rest)),
            )
        current = merge(current, into, nxt)
        rest.remove(nxt)
    note = _("merge {regions} into region {into}").format(
        regions=region_words(sorted(ids[1:])), into=into
    )
    return squash(current, draft, note=note)


def delete_regions(draft: Draft, ids: Sequence[int]) -> Draft:
    """Remove the regions ``ids`` (their area becomes a gap), as one undo step."""
    ids = list(dict.fromkeys(ids))
    if not ids:
        raise EditError(None, _("select a region first"))
    current = draft
    for rid in ids:
        current = delete(current, rid)
    if len(ids) == 1:
        return current
    note = _("delete {regions}").format(regions=region_words(sorted(ids)))
    return squash(current, draft, note=note)


def _union(pa: Polygon, pb: Polygon, region: int, what: str, grid: float) -> Polygon:
    merged = _single_polygon(shapely.union(pa, pb), region, what)
    # an overlay may drop a vertex where a third region meets the outer border: put back
    # every old vertex that lies on the new boundary
    merged = insert_points(merged, sorted(_vertices(pa) | _vertices(pb)), grid)
    _check_valid(merged, region, what)
    return merged


def delete(draft: Draft, region_id: int, give_to: int | None = None) -> Draft:
    """Remove ``region_id``: its area becomes a gap, or joins neighbour ``give_to``.

    ``give_to`` keeps its own id, terrain, symbols and name. A gap is reported by
    :func:`swlab.board.validate.validate` until a region is drawn there.
    """
    board = draft.board
    _region(board, region_id)
    if give_to is None:
        regions = [r for r in board.regions if r.id != region_id]
        if not regions:
            raise EditError(region_id, _("cannot delete the board's last region"))
        return _commit(
            draft,
            _with_regions(board, regions),
            _("delete region {region}").format(region=region_id),
        )
    receiver = _region(board, give_to)
    if give_to == region_id:
        raise EditError(region_id, _("cannot give a region to itself"))
    if not board.are_adjacent(region_id, give_to):
        raise EditError(
            region_id,
            _("cannot give its area to region {region}: no shared border").format(region=give_to),
        )
    merged = _union(
        receiver.polygon,
        board[region_id].polygon,
        give_to,
        _("taking region {region}").format(region=region_id),
        draft.grid,
    )
    regions = [
        replace(r, polygon=merged) if r.id == give_to else r
        for r in board.regions
        if r.id != region_id
    ]
    result = _conform(_with_regions(board, regions), [give_to])
    return _commit(
        draft,
        result,
        _("delete region {region}, area to region {to}").format(region=region_id, to=give_to),
    )


def draw_region(
    draft: Draft,
    polygon: Polygon | Sequence[Sequence[float]],
    terrain: str = Terrain.FARMLAND.value,
    symbols: Iterable[str] = (),
) -> Draft:
    """Add a region where ``polygon`` covers a gap: clipped to the outline minus every
    existing region; it gets id ``max + 1``."""
    board = draft.board
    grid = draft.grid
    _check_terrain(None, terrain)
    shape = polygon if isinstance(polygon, Polygon) else Polygon(polygon)
    shape = Polygon([_snap_xy(p, grid) for p in shape.exterior.coords])
    if not shape.is_valid:
        shape = _single_polygon(
            shapely.make_valid(shape), None, _("the drawn shape (it crosses itself)")
        )
    taken = shapely.union_all([r.polygon for r in board.regions])
    free = shapely.difference(shapely.intersection(shape, board.outline), taken)
    # pieces thinner than the snapping tolerance are rounding noise along borders
    pieces = [
        p
        for p in shapely.get_parts(free).tolist()
        if isinstance(p, Polygon) and 2 * p.area / max(p.length, 1e-300) > ON_EDGE_CELLS * grid
    ]
    if not pieces:
        raise EditError(None, _("the drawn shape covers no gap inside the outline"))
    if len(pieces) > 1:
        raise EditError(
            None,
            _("the drawn shape covers {gaps} separate gaps; draw over one at a time").format(
                gaps=len(pieces)
            ),
        )
    known: set[Point2] = _vertices(board.outline)
    for r in board.regions:
        known |= _vertices(r.polygon)
    new = _snap_new(pieces[0], known, grid)
    new_id = max(board.ids, default=0) + 1
    _check_valid(new, new_id, _("the drawn region"))
    _check_symbols(new_id, symbols)
    region = Region(new_id, terrain, new, frozenset(symbols))
    result = _conform(_with_regions(board, (*board.regions, region)), [new_id])
    return _commit(draft, result, _("draw region {region}").format(region=new_id))


def absorb(draft: Draft, region_id: int, area: BaseGeometry) -> Draft:
    """Give ``area`` (a gap or a sliver :func:`~swlab.board.validate.validate` found) to
    ``region_id``, which must border it: the region grows over it, and the board's edge
    moves out where a sliver reached it, so the regions beside it border again (R-COMP-6).
    """
    board = draft.board
    grid = draft.grid
    region = _region(board, region_id)
    shared = region.polygon.boundary.intersection(area.boundary).length
    if shared <= ON_EDGE_CELLS * grid:
        raise EditError(
            region_id,
            _("region {region} does not border this gap: choose a region beside it").format(
                region=region_id
            ),
        )
    known: set[Point2] = _vertices(board.outline)
    for r in board.regions:
        known |= _vertices(r.polygon)
    what = _("region {region} with the gap").format(region=region_id)
    grown = _snap_new(_single_polygon(region.polygon.union(area), region_id, what), known, grid)
    _check_valid(grown, region_id, what)
    outline = board.outline
    if shapely.difference(area, outline).area > grid * max(float(area.length), 1.0):
        outline = _snap_new(
            _single_polygon(outline.union(area), None, _("the outline")), known, grid
        )
        _check_valid(outline, None, _("the outline"))
    regions = tuple(replace(r, polygon=grown) if r is region else r for r in board.regions)
    moved = outline if outline is not board.outline else None
    result = _conform(_with_regions(board, regions, moved), [region_id])
    return _commit(draft, result, _("the gap given to region {region}").format(region=region_id))


def insert_vertex(draft: Draft, xy: Sequence[float]) -> Draft:
    """Make ``xy`` (snapped, on a border) a vertex of every polygon whose border runs
    through it, so it can then be moved with :func:`move_vertex`."""
    board = draft.board
    grid = draft.grid
    p = _snap_xy(xy, grid)
    tol = ON_EDGE_CELLS * grid
    regions = [replace(r, polygon=insert_points(r.polygon, [p], tol)) for r in board.regions]
    changed = [
        r.id for r, old in zip(regions, board.regions, strict=True) if r.polygon is not old.polygon
    ]
    if not changed:
        raise EditError(
            None, _("({x}, {y}) is on no region's border").format(x=_fmt(p[0]), y=_fmt(p[1]))
        )
    outline = insert_points(board.outline, [p], tol)
    result = _with_regions(board, regions, outline)
    return _commit(draft, result, _("add vertex ({x}, {y})").format(x=_fmt(p[0]), y=_fmt(p[1])))


def nearest_vertex(board: Board, xy: Sequence[float], tolerance: float) -> Point2 | None:
    """The region or outline vertex nearest ``xy`` within ``tolerance``, if any."""
    best: Point2 | None = None
    best_d = tolerance
    shapes = [board.outline, *(r.polygon for r in board.regions)]
    for shape in shapes:
        if shape.distance(shapely.Point(xy)) > tolerance:
            continue
        for v in _vertices(shape):
            d = math.dist(v, (float(xy[0]), float(xy[1])))
            if d <= best_d:
                best, best_d = v, d
    return best


@dataclass(frozen=True)
class Snap:
    """Where a dragged vertex lands: ``point``, and what it snapped to (``"corner"`` or
    ``"border"``, ``""`` for nothing) of which ``regions`` (0 is the board's edge)."""

    point: Point2
    to: str = ""
    regions: tuple[int, ...] = ()


def snap_point(
    board: Board, xy: Sequence[float], tolerance: float, moving: Point2 | None = None
) -> Snap:
    """The corner within ``tolerance`` of ``xy`` nearest it, else the nearest point of a
    border within ``tolerance`` (the editor's tolerance is a few screen pixels), else
    ``xy`` itself. The vertex being moved (``moving``) and the borders it ends are left
    out: they move with it."""
    p = (float(xy[0]), float(xy[1]))
    here = shapely.Point(p)
    shapes = [(0, board.outline), *((r.id, r.polygon) for r in board.regions)]
    near = [(rid, shape) for rid, shape in shapes if shape.distance(here) <= tolerance]
    corner = _nearest_corner(near, p, tolerance, moving)
    if corner is not None:
        owners = tuple(rid for rid, shape in near if rid and corner in _vertices(shape))
        return Snap(corner, "corner", owners)
    found: tuple[float, Point2, int] | None = None
    for rid, shape in near:
        for ring in (shape.exterior, *shape.interiors):
            coords = [(float(x), float(y)) for x, y in ring.coords]
            for a, b in itertools.pairwise(coords):
                q = _closest_on_segment(p, a, b)
                d = math.dist(q, p)
                better = found is None or d < found[0]
                if d <= tolerance and better and moving not in (a, b):
                    found = (d, q, rid)
    if found is None:
        return Snap(p)
    return Snap(found[1], "border", (found[2],))


def _nearest_corner(
    near: Sequence[tuple[int, BaseGeometry]], p: Point2, tolerance: float, moving: Point2 | None
) -> Point2 | None:
    """The vertex of ``near`` shapes within ``tolerance`` of ``p`` nearest it (not
    ``moving``)."""
    corners = {v for _rid, shape in near for v in _vertices(shape)} - {moving}
    close = [(math.dist(v, p), v) for v in corners if math.dist(v, p) <= tolerance]
    return min(close)[1] if close else None


def _closest_on_segment(p: Point2, a: Point2, b: Point2) -> Point2:
    ax, ay = b[0] - a[0], b[1] - a[1]
    length2 = ax * ax + ay * ay
    t = 0.0 if length2 == 0 else ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / length2
    t = min(1.0, max(0.0, t))
    return (a[0] + t * ax, a[1] + t * ay)


def move_vertex(
    draft: Draft,
    old_xy: Sequence[float],
    new_xy: Sequence[float],
    *,
    tolerance: float | None = None,
    exact: bool = False,
) -> Draft:
    """Move the vertex at ``old_xy`` to ``new_xy`` (snapped to the grid, unless ``exact``:
    a corner it was snapped to by :func:`snap_point`) in every polygon that has it.

    Neighbours move together, so borders stay shared; a border the vertex lands on gets
    a corner there. A vertex on the board's edge moves the edge (the outline) with it. The
    moved regions may take in uncovered ground (close a gap or a sliver). Refused, with
    :class:`EditError`, when a polygon would become invalid, regions would overlap or a
    gap would open (a vertex dragged across another border).
    """
    board = draft.board
    grid = draft.grid
    tol = ON_EDGE_CELLS * grid if tolerance is None else tolerance
    old = nearest_vertex(board, old_xy, tol)
    if old is None:
        raise EditError(
            None,
            _("no vertex at ({x}, {y})").format(x=_fmt(float(old_xy[0])), y=_fmt(float(old_xy[1]))),
        )
    new = (float(new_xy[0]), float(new_xy[1])) if exact else _snap_xy(new_xy, grid)
    if new == old:
        return draft
    on_edge = ON_EDGE_CELLS * grid
    # a region whose border passes through the vertex without a corner there gets one
    polys = {r.id: insert_points(r.polygon, [old], on_edge) for r in board.regions}
    moved = {
        rid: _replace_vertex(poly, old, new)
        for rid, poly in polys.items()
        if old in _vertices(poly)
    }
    # the outline gets the moved regions' rim vertices, so the edge bends where they do
    rim = {v for rid in moved for v in _vertices(polys[rid])}
    outline = insert_points(board.outline, sorted(rim), on_edge)
    new_outline = _replace_vertex(outline, old, new) if old in _vertices(outline) else outline
    points = {"x": _fmt(old[0]), "y": _fmt(old[1]), "x2": _fmt(new[0]), "y2": _fmt(new[1])}
    where = _("moving vertex ({x}, {y}) to ({x2}, {y2})").format(**points)
    _check_moved(moved, new_outline, where)
    before = shapely.union_all([polys[rid] for rid in moved])
    _check_same_area(board, before, moved, (outline, new_outline), new, where)
    # a border the vertex lands on gets a corner there, so it is shared (no T-junction)
    polys = {
        rid: poly if rid in moved else insert_points(poly, [new], on_edge)
        for rid, poly in polys.items()
    }
    regions = tuple(
        replace(r, polygon=moved.get(r.id, polys[r.id]))
        if r.id in moved or polys[r.id] is not r.polygon
        else r
        for r in board.regions
    )
    new_outline = insert_points(new_outline, [new], on_edge)
    result = _with_regions(board, regions, new_outline if new_outline is not outline else None)
    return _commit(draft, result, _("move vertex ({x}, {y}) to ({x2}, {y2})").format(**points))


def _check_moved(moved: dict[int, Polygon], outline: Polygon, where: str) -> None:
    """Every moved polygon and the outline still one valid ring each; a refusal says
    which in words too (:attr:`EditError.plain`)."""
    if not moved:
        raise EditError(None, _("{where}: no region has this vertex").format(where=where))
    for rid, poly in sorted(moved.items()):
        try:
            _check_valid(poly, rid, where)
        except EditError as error:
            plain = _("region {region}'s border would cross or touch itself").format(region=rid)
            raise EditError(error.region, error.reason, plain) from None
    try:
        _check_valid(outline, None, _("{where} (the outline)").format(where=where))
    except EditError as error:
        plain = _("the board's edge would cross or touch itself")
        raise EditError(error.region, error.reason, plain) from None


def _check_same_area(
    board: Board,
    before: BaseGeometry,
    moved: dict[int, Polygon],
    outlines: tuple[Polygon, Polygon],
    new: Point2,
    where: str,
) -> None:
    """The moved regions must still fill what they filled (``before``), give or take what
    the outline gained or lost, and may take in uncovered ground inside the outline (a
    gap or a sliver closed): no overlap, no new gap, no region pushed out."""
    outline, new_outline = outlines
    grid = grid_size(board.outline)
    first = min(moved)
    after = shapely.union_all(list(moved.values()))
    area_tol = 4 * grid * max(float(before.length), 1.0)
    overlap = sum(p.area for p in moved.values()) - after.area
    if overlap > area_tol:
        raise EditError(
            first,
            _("{where} would make regions {regions} overlap").format(
                where=where, regions=_ids(moved)
            ),
            _("regions {regions} would overlap").format(regions=_ids(moved)),
        )
    expected = shapely.union(
        shapely.difference(before, shapely.difference(outline, new_outline)),
        shapely.difference(new_outline, outline),
    )
    if shapely.symmetric_difference(after, expected).area <= area_tol:
        return  # the same ground (the usual drag: no other region needs a look)
    others = [
        r.id
        for r in board.regions
        if r.id not in moved
        and r.polygon.distance(shapely.Point(new)) <= after.length
        and r.polygon.intersection(after).area > area_tol
    ]
    if others:
        raise EditError(
            first,
            _("{where} would overlap region {regions}").format(where=where, regions=_ids(others)),
            ngettext(
                "it would cross into region {regions}",
                "it would cross into regions {regions}",
                len(others),
            ).format(regions=_ids(others)),
        )
    lost = shapely.difference(expected, after).area
    gained = shapely.difference(after, expected)
    if lost <= area_tol and shapely.difference(gained, new_outline).area <= area_tol:
        return  # the same ground, or more of the free ground inside the edge
    raise EditError(
        first,
        _("{where} would open a gap or push a region out of the outline").format(where=where),
        _("it would open a gap or push a region off the board"),
    )


def _replace_vertex(polygon: Polygon, old: Point2, new: Point2) -> Polygon:
    def ring(coords: Iterable[Sequence[float]]) -> list[Point2]:
        pts = [(float(c[0]), float(c[1])) for c in coords]
        return _dedupe([new if p == old else p for p in pts])

    return Polygon(ring(polygon.exterior.coords), [ring(r.coords) for r in polygon.interiors])


def _ids(ids: Iterable[int]) -> str:
    s = sorted(ids)
    if len(s) == 1:
        return str(s[0])
    return _("{ids} and {last}").format(ids=", ".join(map(str, s[:-1])), last=s[-1])


def _fmt(value: float) -> str:
    return f"{round(value, 3):g}"


# --- attributes -------------------------------------------------------------------------


def _check_terrain(region: int | None, terrain: str) -> None:
    if terrain not in TERRAINS:
        raise EditError(
            region,
            _("unknown terrain {terrain}; use one of {terrains}").format(
                terrain=repr(terrain), terrains=", ".join(TERRAINS)
            ),
        )


def _check_symbols(region: int | None, symbols: Iterable[str]) -> None:
    for s in symbols:
        if s not in SYMBOLS:
            raise EditError(
                region,
                _("unknown symbol {symbol}; use one of {symbols}").format(
                    symbol=repr(s), symbols=", ".join(SYMBOLS)
                ),
            )


def _set(draft: Draft, region_id: int, note: str, **changes: object) -> Draft:
    board = draft.board
    region = _region(board, region_id)
    new = replace(region, **changes)  # type: ignore[arg-type]
    if new == region:
        return draft
    regions = tuple(new if r is region else r for r in board.regions)
    return _commit(draft, _with_regions(board, regions), note)


def _ids_of(region_ids: int | Iterable[int]) -> list[int]:
    ids = [region_ids] if isinstance(region_ids, int) else list(dict.fromkeys(region_ids))
    if not ids:
        raise EditError(None, _("select a region first"))
    return ids


def region_words(ids: Sequence[int]) -> str:
    """``region 3`` or ``regions 3, 5 and 8``: how a message names the regions it changed."""
    return ngettext("region {ids}", "regions {ids}", len(ids)).format(ids=_ids(ids))


def _set_each(
    draft: Draft, ids: Sequence[int], note: str, changes: dict[int, dict[str, object]]
) -> Draft:
    """One undo step that changes several regions' attributes at once."""
    board = draft.board
    for rid in ids:
        _region(board, rid)
    regions = tuple(
        replace(r, **changes[r.id]) if r.id in changes else r  # type: ignore[arg-type]
        for r in board.regions
    )
    if regions == board.regions:
        return draft
    return _commit(draft, _with_regions(board, regions), note)


def set_terrain(draft: Draft, region_id: int | Iterable[int], terrain: str) -> Draft:
    """Give ``region_id`` (or each of several ids, as one undo step) another terrain, one
    of the seven of R-COMP-6."""
    ids = _ids_of(region_id)
    _check_terrain(ids[0] if len(ids) == 1 else None, terrain)
    changes: dict[int, dict[str, object]] = {rid: {"terrain": str(terrain)} for rid in ids}
    note = ngettext("region {ids} is {terrain}", "regions {ids} are {terrain}", len(ids)).format(
        ids=_ids(ids), terrain=game_words.terrain(terrain)
    )
    return _set_each(draft, ids, note, changes)


def set_symbols(draft: Draft, region_id: int, symbols: Iterable[str]) -> Draft:
    """Replace the symbols of ``region_id`` (mine, magic, cavern, lost_tribe)."""
    chosen = frozenset(str(s) for s in symbols)
    _check_symbols(region_id, chosen)
    text = ", ".join(_symbol_word(s) for s in sorted(chosen)) or _("no symbols")
    note = _("region {region}: {symbols}").format(region=region_id, symbols=text)
    return _set(draft, region_id, note, symbols=chosen)


def _symbol_word(symbol: str) -> str:
    """A symbol as an edit note names it: the map file's word in English (``lost_tribe``,
    as the notes always said), the language's word for it in any other."""
    return symbol if i18n.language() == i18n.SOURCE else game_words.symbol(symbol)


def _rulebook_word(symbol: str) -> tuple[str, str]:
    """The rulebook's word for ``symbol`` (``cave``: ``cavern``, see
    :data:`~swlab.board.model.SYMBOL_ALIASES`) and, when it was another name, the aside
    an edit note adds to say so."""
    word = SYMBOL_ALIASES.get(symbol.strip().lower(), symbol)
    if word == symbol:
        return symbol, ""
    return word, _(" ({alias} read as {word}, the rulebook's word)").format(
        alias=repr(symbol), word=repr(word)
    )


def toggle_symbol(draft: Draft, region_id: int | Iterable[int], symbol: str) -> Draft:
    """Add ``symbol`` to ``region_id``, or take it away if it is there; another name of a
    symbol (``cave``) is the rulebook's word (``cavern``), and the note says so.

    With several ids (one undo step): added to every one of them unless all have it
    already, then taken from all, so the message can name them all with one verb.
    """
    symbol, aside = _rulebook_word(str(symbol))
    new = _toggle_symbol(draft, region_id, symbol)
    return replace(new, note=new.note + aside) if aside and new is not draft else new


def _toggle_symbol(draft: Draft, region_id: int | Iterable[int], symbol: str) -> Draft:
    ids = _ids_of(region_id)
    if isinstance(region_id, int):
        _check_symbols(region_id, [symbol])
        current = _region(draft.board, region_id).symbols
        return set_symbols(draft, region_id, current ^ {str(symbol)})
    _check_symbols(None, [symbol])
    have = [str(symbol) in _region(draft.board, rid).symbols for rid in ids]
    add = not all(have)
    changes: dict[int, dict[str, object]] = {}
    for rid in ids:
        current = draft.board[rid].symbols
        changes[rid] = {"symbols": current | {str(symbol)} if add else current - {str(symbol)}}
    word, n = _symbol_word(str(symbol)), len(ids)
    note = (
        ngettext("region {ids} gets {symbol}", "regions {ids} get {symbol}", n)
        if add
        else ngettext("{symbol} taken from region {ids}", "{symbol} taken from regions {ids}", n)
    ).format(ids=_ids(ids), symbol=word)
    return _set_each(draft, ids, note, changes)


def remove_unknown_symbols(draft: Draft, region_id: int | Iterable[int]) -> Draft:
    """Take every symbol the rules do not know (R-COMP-6) from ``region_id`` (or several
    ids, one undo step): what a file from another tool may carry, reported by
    :func:`~swlab.board.validate.validate`."""
    ids = _ids_of(region_id)
    changes: dict[int, dict[str, object]] = {}
    removed: set[str] = set()
    for rid in ids:
        current = _region(draft.board, rid).symbols
        unknown = current - set(SYMBOLS)
        if unknown:
            changes[rid] = {"symbols": current - unknown}
            removed |= unknown
    if not changes:
        raise EditError(
            ids[0] if len(ids) == 1 else None,
            ngettext(
                "region {ids} has no unknown symbol to remove",
                "regions {ids} have no unknown symbol to remove",
                len(ids),
            ).format(ids=_ids(ids)),
        )
    changed = sorted(changes)
    note = ngettext(
        "unknown symbols {symbols} removed from region {ids}",
        "unknown symbols {symbols} removed from regions {ids}",
        len(changed),
    ).format(symbols=", ".join(repr(s) for s in sorted(removed)), ids=_ids(changed))
    return _set_each(draft, changed, note, changes)


def rename(draft: Draft, region_id: int, name: str | None) -> Draft:
    """Give ``region_id`` a display name (``None`` or ``""``: back to its terrain)."""
    note = _("region {region} named {name}").format(region=region_id, name=repr(name))
    return _set(draft, region_id, note, name=name or None)


def set_board_info(
    draft: Draft, *, name: str | None = None, players: int | None = None, turns: int | None = None
) -> Draft:
    """Change the board's name, player count or turn count (the turns follow the players
    unless given, R-COMP-1)."""
    if players is not None and players not in TURNS_BY_PLAYERS:
        raise EditError(
            None,
            _("players must be one of {counts}, got {players}").format(
                counts=sorted(TURNS_BY_PLAYERS), players=players
            ),
        )
    if turns is None and players is not None:
        turns = TURNS_BY_PLAYERS[players]
    if turns is not None and turns < 1:
        raise EditError(
            None, pgettext("round", "a game needs at least 1 turn, got {turns}").format(turns=turns)
        )
    board = replace_board(draft.board, name=name, players=players, turns=turns)
    return _commit(draft, board, _("board settings"))


# --- history ----------------------------------------------------------------------------


def squash(draft: Draft, since: Draft, note: str | None = None) -> Draft:
    """``draft`` with every step made after ``since`` folded into one undo step: one
    gesture (a vertex added then dragged) is undone by one undo."""
    if draft.board is since.board:
        return since
    past = (*since.past, (since.board, since.note))[-HISTORY_LIMIT:]
    return Draft(draft.board, draft.note if note is None else note, past, ())


def can_undo(draft: Draft) -> bool:
    return bool(draft.past)


def can_redo(draft: Draft) -> bool:
    return bool(draft.future)


def undo(draft: Draft) -> Draft:
    """The draft before its last edit (refused when there is none)."""
    if not draft.past:
        raise EditError(None, _("nothing to undo"))
    board, note = draft.past[-1]
    return Draft(board, note, draft.past[:-1], ((draft.board, draft.note), *draft.future))


def redo(draft: Draft) -> Draft:
    """The edit last undone, again (refused when there is none)."""
    if not draft.future:
        raise EditError(None, _("nothing to redo"))
    board, note = draft.future[0]
    return Draft(board, note, (*draft.past, (draft.board, draft.note)), draft.future[1:])

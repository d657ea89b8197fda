"""Checks that a board is playable: one :class:`Problem` per thing a designer must fix.

A well-formed map file can still be wrong: regions may overlap, leave gaps, stick out of
the outline, repeat an id or use a terrain the rules do not know (R-COMP-6). The rules
derive adjacency, edge and coast from the polygons (R-COMP-6), so such a board would
silently play wrong; :func:`validate` names every problem, the regions involved and the
offending area, so the editor can highlight it and ``swlab map check`` can print it, and
says how to fix it (``Problem.fix``). The checks cover every polygon rule of the QGIS
topology checker (invalid geometry, multi-part, gaps, duplicates, overlaps, outside the
outline) and the game's own (no regions, player count, terrain and symbols, connectivity,
edge, entry); ``swlab/data/maps/README.md`` lists them in a table.

All geometry is compared on the board's snapping grid (:func:`~swlab.board.geometry.grid_size`,
a millionth of the board's diagonal) and every tolerance below is relative to the board's
size, so a board drawn in units of 1 and one drawn in pixels are judged alike, and rounding
noise written by other GeoJSON tools is never reported.
"""

from __future__ import annotations

import difflib
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
import shapely
from shapely.geometry import GeometryCollection, Point, Polygon
from shapely.geometry.base import BaseGeometry

from swlab.board.geometry import grid_size, is_valid, snapped
from swlab.board.io import MAX_PLAYERS, MIN_PLAYERS
from swlab.board.model import SYMBOLS, TERRAINS, Board

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from swlab.board.geometry import Topology

#: A piece (of an overlap, a gap, an overhang) whose mean width ``2 * area / perimeter`` is
#: below this many snapping-grid cells is float noise, not a drawing error: two copies of a
#: shared vertex that differ by noise can snap to neighbouring grid points, up to sqrt(2)
#: cells apart, leaving a strip at most that wide.
NOISE_WIDTH_CELLS = 2.0

#: A gap whose mean width is below this fraction of the board's diagonal is a SLIVER (a
#: border drawn slightly short, a vertex missed); a wider one is a GAP (a missing region).
SLIVER_WIDTH_SHARE = 0.01

#: A region smaller than this share of the average region area (outline area / region
#: count) is TINY: it cannot hold a stack of tokens on the printed board.
TINY_REGION_SHARE = 0.05


class ProblemKind(StrEnum):
    """What is wrong; :func:`validate` reports problems in this order."""

    NO_REGIONS = "no_regions"
    PLAYER_COUNT = "player_count"
    INVALID_GEOMETRY = "invalid_geometry"
    MULTI_PART = "multi_part"
    HOLE = "hole"
    DUPLICATE_GEOMETRY = "duplicate_geometry"
    OVERLAP = "overlap"
    GAP = "gap"
    SLIVER = "sliver"
    OUTSIDE_OUTLINE = "outside_outline"
    DUPLICATE_ID = "duplicate_id"
    UNKNOWN_TERRAIN = "unknown_terrain"
    UNKNOWN_SYMBOL = "unknown_symbol"
    DISCONNECTED = "disconnected"
    NO_EDGE_REGION = "no_edge_region"
    NO_ENTRY = "no_entry"
    TINY_REGION = "tiny_region"


_KIND_ORDER: dict[str, int] = {kind: k for k, kind in enumerate(ProblemKind)}


@dataclass(frozen=True)
class Problem:
    """One thing to fix.

    ``regions`` are the ids involved, sorted (empty only for board-wide problems such as an
    invalid outline); ``message`` is one plain sentence naming them; ``where`` is the
    offending area, line or point, so the editor can highlight it; ``fix`` says how to
    repair it (which neighbour could absorb a gap, which vertex to move), empty when the
    message already says it.
    """

    kind: StrEnum  # a ProblemKind, or a map profile's own (swlab.board.hexmap.checks)
    regions: tuple[int, ...]
    message: str
    where: BaseGeometry | None = None
    fix: str = ""


def is_playable(board: Board) -> bool:
    """Whether ``board`` has no problem at all, so the rules can trust its topology."""
    return not validate(board)


def validate(board: Board) -> list[Problem]:
    """Every problem of ``board``, ordered by :class:`ProblemKind`, then region ids.

    Invalid polygons are reported, then repaired (``shapely.make_valid``) for the other
    checks, so one broken region never hides the rest of the report.
    """
    problems = _check_counts(board)
    if not board.regions:
        return _with_fixes(problems, None)
    problems += _check_geometry(board)
    outline_ok = not board.outline.is_empty
    grid = _grid(board)
    outline = _repair(board.outline, grid)
    shapes = [_repair(r.polygon, grid) for r in board.regions]
    ids = [r.id for r in board.regions]
    coverage = _Coverage(ids, shapes, outline, grid)
    topology: Topology | None = None
    if outline_ok:
        problems += coverage.problems()
    problems += _check_attributes(board)
    if outline_ok:
        topology = _topology(board, outline, shapes)
        problems += _check_topology(board, topology, shapes)
        problems += _check_sizes(ids, shapes, outline)
    ordered = sorted(problems, key=lambda p: (_KIND_ORDER[p.kind], p.regions, p.message))
    return _with_fixes(ordered, _Fixer(board, coverage, topology))


# --- NO_REGIONS, PLAYER_COUNT ---------------------------------------------------------------
def _check_counts(board: Board) -> list[Problem]:
    """A board has regions, 2 to 6 players and at least one turn (R-COMP-1)."""
    problems = []
    if not board.regions:
        problems.append(
            Problem(ProblemKind.NO_REGIONS, (), "The board has no regions.", board.outline)
        )
    if not MIN_PLAYERS <= board.players <= MAX_PLAYERS or board.turns < 1:
        problems.append(
            Problem(
                ProblemKind.PLAYER_COUNT,
                (),
                f"The board is for {board.players} players and {board.turns} turns; "
                f"boards are for {MIN_PLAYERS} to {MAX_PLAYERS} players and at least one "
                "turn (R-COMP-1).",
            )
        )
    return problems


# --- geometry repair ----------------------------------------------------------------------
def _grid(board: Board) -> float:
    """The board's snapping grid; from the regions if the outline is empty (a broken draft)."""
    if not board.outline.is_empty:
        return grid_size(board.outline)
    shapes = [r.polygon for r in board.regions if not r.polygon.is_empty]
    return grid_size(shapely.union_all(shapes).envelope) if shapes else 1e-6


def _repair(geometry: BaseGeometry, grid: float) -> BaseGeometry:
    """``geometry`` made valid, reduced to its areas and snapped to ``grid``.

    ``structure`` repair keeps what the designer meant to enclose and drops collapsed spikes
    and lines, which have no area to play on.
    """
    if geometry.is_empty:
        return Polygon()
    if geometry.geom_type in ("Polygon", "MultiPolygon") and is_valid(geometry):
        return snapped(geometry, grid)  # the usual case, snapped once while it lives
    if not geometry.is_valid:
        geometry = shapely.make_valid(geometry, method="structure", keep_collapsed=False)
    if geometry.geom_type not in ("Polygon", "MultiPolygon"):
        geometry = shapely.union_all(_polygons(geometry))
    return shapely.set_precision(geometry, grid)


def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    """The non-empty polygons inside ``geometry`` (any nesting of collections)."""
    found: list[Polygon] = []
    for part in shapely.get_parts(geometry).tolist():
        if part.geom_type == "Polygon":
            if not part.is_empty:
                found.append(part)
        elif part.geom_type in ("MultiPolygon", "GeometryCollection"):
            found.extend(_polygons(part))
    return found


def _significant(geometry: BaseGeometry, grid: float) -> list[Polygon]:
    """The pieces of ``geometry`` wider than float noise (see :data:`NOISE_WIDTH_CELLS`)."""
    return [p for p in _polygons(geometry) if _mean_width(p) > NOISE_WIDTH_CELLS * grid]


def _mean_width(polygon: Polygon) -> float:
    """``2 * area / perimeter``: the width of a long strip, half the side of a square."""
    length = float(polygon.length)
    return 2.0 * float(polygon.area) / length if length > 0 else 0.0


# --- INVALID_GEOMETRY -------------------------------------------------------------------------
_REASON = re.compile(r"^(?P<reason>.*?)\[(?P<x>\S+) (?P<y>\S+)\]$")


def _invalidity(geometry: BaseGeometry) -> tuple[str, BaseGeometry] | None:
    """Why ``geometry`` is not a usable polygon, and where; ``None`` when it is one."""
    if geometry.geom_type != "Polygon":
        return f"is a {geometry.geom_type}, not a single Polygon", geometry
    if geometry.is_empty:
        return "is empty", geometry
    if is_valid(geometry):
        return None
    reason = str(shapely.is_valid_reason(geometry))
    match = _REASON.match(reason)
    if match is None:
        return f"is invalid ({reason})", geometry
    x, y = float(match["x"]), float(match["y"])
    return f"is invalid ({match['reason'].lower()} at ({_num(x)}, {_num(y)}))", Point(x, y)


def _check_geometry(board: Board) -> list[Problem]:
    """Self-intersections, spikes, empty or multi-part shapes, outline included."""
    problems = []
    bad = _invalidity(board.outline)
    if bad is not None:
        problems.append(Problem(ProblemKind.INVALID_GEOMETRY, (), f"The outline {bad[0]}.", bad[1]))
    for region in board.regions:
        if region.polygon.geom_type == "MultiPolygon" and not region.polygon.is_empty:
            parts = len(shapely.get_parts(region.polygon))
            problems.append(
                Problem(
                    ProblemKind.MULTI_PART,
                    (region.id,),
                    f"Region {region.id} is {parts} separate pieces, not one.",
                    region.polygon,
                )
            )
            continue
        bad = _invalidity(region.polygon)
        if bad is not None:
            problems.append(
                Problem(
                    ProblemKind.INVALID_GEOMETRY,
                    (region.id,),
                    f"Region {region.id}'s polygon {bad[0]}.",
                    bad[1],
                )
            )
    return problems


# --- HOLE, OVERLAP, GAP, SLIVER, OUTSIDE_OUTLINE --------------------------------------------
class _Coverage:
    """Checks that the regions tile the outline: no hole, overlap, gap or overhang.

    R-COMP-6 derives borders from the shapes, so a tiling error changes who borders whom.
    Overlays run with ``grid_size`` so their results are exact on the grid.
    """

    def __init__(
        self, ids: Sequence[int], shapes: Sequence[BaseGeometry], outline: BaseGeometry, grid: float
    ) -> None:
        self.ids = list(ids)
        self.shapes: NDArray[np.object_] = np.empty(len(shapes), dtype=object)
        self.shapes[:] = list(shapes)
        self.outline = outline
        self.grid = grid
        minx, miny, maxx, maxy = outline.bounds
        self.diagonal = math.hypot(maxx - minx, maxy - miny)
        self.tree = shapely.STRtree(self.shapes)
        shapely.prepare(outline)
        self.inside: NDArray[np.bool_] = np.asarray(shapely.within(self.shapes, outline))

    @cached_property
    def union(self) -> BaseGeometry:
        """All regions as one shape, on the grid: computed only when a hole, a gap or a
        board without an outline needs it (an overlay of every region: the slowest step)."""
        return shapely.union_all(self.shapes, grid_size=self.grid)

    @cached_property
    def crossing(self) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """Index pairs ``i < j`` of regions whose interiors meet (they intersect and do
        not merely touch): the candidates of :meth:`overlaps`."""
        left, right = self.tree.query(self.shapes, predicate="intersects")
        keep = left < right
        left, right = left[keep], right[keep]
        # most candidates of a tiling only touch; an exact predicate is cheaper than an overlay
        keep = ~shapely.touches(self.shapes[left], self.shapes[right])
        return left[keep], right[keep]

    def problems(self) -> list[Problem]:
        holes, problems = self.holes()
        return problems + self.overlaps() + self.gaps(holes) + self.outside()

    def holes(self) -> tuple[list[Polygon], list[Problem]]:
        """Interior rings not exactly filled by other regions; a filled enclave is fine."""
        rings: list[Polygon] = []
        problems = []
        for region_id, shape in zip(self.ids, self.shapes.tolist(), strict=True):
            for polygon in _polygons(shape):
                for ring in polygon.interiors:
                    hole = Polygon(ring)
                    rings.append(hole)
                    unfilled = _significant(
                        shapely.difference(hole, self.union, grid_size=self.grid), self.grid
                    )
                    if unfilled:
                        area = sum(p.area for p in unfilled)
                        problems.append(
                            Problem(
                                ProblemKind.HOLE,
                                (region_id,),
                                f"Region {region_id} has a hole that no region fills "
                                f"(area {_num(area)}).",
                                shapely.union_all(unfilled),
                            )
                        )
        return rings, problems

    def overlaps(self) -> list[Problem]:
        """Pairs of regions sharing area; an STRtree finds candidates without all pairs."""
        left, right = self.crossing
        same = shapely.equals(self.shapes[left], self.shapes[right])
        problems = [
            Problem(
                ProblemKind.DUPLICATE_GEOMETRY,
                pair,
                f"{_names(pair)} are the same shape drawn twice.",
                self.shapes[i],
            )
            for i, j in zip(left[same].tolist(), right[same].tolist(), strict=True)
            if not self.shapes[i].is_empty
            for pair in [tuple(sorted((self.ids[i], self.ids[j])))]
        ]
        left, right = left[~same], right[~same]
        common = shapely.intersection(self.shapes[left], self.shapes[right], grid_size=self.grid)
        for i, j, shared in zip(left.tolist(), right.tolist(), common.tolist(), strict=True):
            pieces = _significant(shared, self.grid)
            if pieces:
                pair = tuple(sorted((self.ids[i], self.ids[j])))
                area = sum(p.area for p in pieces)
                problems.append(
                    Problem(
                        ProblemKind.OVERLAP,
                        pair,
                        f"{_names(pair)} overlap (area {_num(area)}).",
                        shapely.union_all(pieces),
                    )
                )
        return problems

    def gaps(self, holes: Iterable[Polygon]) -> list[Problem]:
        """Uncovered pieces of the outline: thin ones are SLIVERs, wide ones GAPs.

        Unfilled holes are left out: they are reported once, as HOLE.
        """
        if self.tiled():
            return []
        uncovered = shapely.difference(self.outline, self.union, grid_size=self.grid)
        holes = list(holes)
        if holes:
            uncovered = shapely.difference(
                uncovered, shapely.union_all(holes, grid_size=self.grid), grid_size=self.grid
            )
        problems = []
        for piece in _significant(uncovered, self.grid):
            width = _mean_width(piece)
            around = self.bordering(piece)
            beside = f"between {_names(around, 'region')}" if around else "touching no region"
            if width < SLIVER_WIDTH_SHARE * self.diagonal:
                kind, text = ProblemKind.SLIVER, "Sliver gap"
                size = f"area {_num(piece.area)}, width {_num(width)}"
            else:
                kind, text, size = ProblemKind.GAP, "Gap", f"area {_num(piece.area)}"
            if len(around) == 1:
                beside = f"beside {_names(around, 'region')}"
            message = f"{text} inside the outline {beside} ({size})."
            problems.append(Problem(kind, around, message, piece))
        return problems

    def tiled(self) -> bool:
        """Whether the regions, all inside the outline, leave too little of it uncovered
        for any piece to be wider than noise, judged by areas alone.

        Any shape of mean width ``m`` has area at least ``pi * m**2`` (the disc is the
        widest for its area), so an uncovered total below ``pi * (NOISE_WIDTH_CELLS *
        grid)**2`` holds no significant piece. An exact tiling passes in the time of two
        area sums, sparing the overlay of the outline with the union, which GEOS needs
        seconds for when a border has many thousands of vertices.
        """
        if not bool(np.all(self.inside)):
            return False
        least = math.pi * (NOISE_WIDTH_CELLS * self.grid) ** 2
        if len(self.crossing[0]) == 0:
            # no two interiors meet, so the union's area is the sum of the areas: the
            # overlay of every region (most of a re-check's time) is not needed
            covered = float(np.sum(shapely.area(self.shapes)))
        else:
            covered = float(self.union.area)
        return float(self.outline.area) - covered <= least

    def bordering(self, piece: BaseGeometry) -> tuple[int, ...]:
        """Ids of regions sharing a stretch of border with ``piece`` (corners don't count)."""
        return tuple(sorted(self.border_lengths(piece)))

    def border_lengths(self, piece: BaseGeometry) -> dict[int, float]:
        """Regions beside ``piece`` and the length of border each shares with it, longest
        first; only corner contacts: those regions, each with length 0."""
        near = self.tree.query(piece, predicate="dwithin", distance=self.grid)
        if len(near) == 0:
            return {}
        rims = shapely.boundary(self.shapes[near])
        shared = shapely.length(shapely.intersection(rims, piece.boundary, grid_size=self.grid))
        lengths: dict[int, float] = {}
        if np.any(shared > self.grid):
            for k, length in zip(near.tolist(), shared.tolist(), strict=True):
                if length > self.grid:
                    lengths[self.ids[k]] = lengths.get(self.ids[k], 0.0) + float(length)
        else:
            lengths = {self.ids[k]: 0.0 for k in near.tolist()}
        return dict(sorted(lengths.items(), key=lambda kv: (-kv[1], kv[0])))

    def outside(self) -> list[Problem]:
        """Region area beyond the outline: the board edge would cut through it (R-COMP-6)."""
        out = np.flatnonzero(~self.inside).tolist()
        beyond = shapely.difference(self.shapes[out], self.outline, grid_size=self.grid)
        problems = []
        for region_id, part in zip([self.ids[k] for k in out], beyond.tolist(), strict=True):
            pieces = _significant(part, self.grid)
            if pieces:
                area = sum(p.area for p in pieces)
                problems.append(
                    Problem(
                        ProblemKind.OUTSIDE_OUTLINE,
                        (region_id,),
                        f"Region {region_id} sticks out of the outline (area {_num(area)}).",
                        shapely.union_all(pieces),
                    )
                )
        return problems


# --- DUPLICATE_ID, UNKNOWN_TERRAIN, UNKNOWN_SYMBOL ------------------------------------------
def _check_attributes(board: Board) -> list[Problem]:
    """Ids must be unique; terrain and symbols must be those of R-COMP-6."""
    problems = []
    counts = Counter(board.ids)
    for region_id, count in counts.items():
        if count > 1:
            shapes = [r.polygon for r in board.regions if r.id == region_id]
            problems.append(
                Problem(
                    ProblemKind.DUPLICATE_ID,
                    (region_id,),
                    f"Region id {region_id} is used by {count} regions; ids must be unique.",
                    GeometryCollection(shapes),
                )
            )
    for region in board.regions:
        if region.terrain not in TERRAINS:
            problems.append(
                Problem(
                    ProblemKind.UNKNOWN_TERRAIN,
                    (region.id,),
                    f"Region {region.id} has unknown terrain {region.terrain!r}"
                    f"{_suggest(region.terrain, TERRAINS)}.",
                    region.polygon,
                )
            )
        unknown = sorted(s for s in region.symbols if s not in SYMBOLS)
        if unknown:
            listed = ", ".join(f"{s!r}{_suggest(s, SYMBOLS)}" for s in unknown)
            noun = "symbol" if len(unknown) == 1 else "symbols"
            problems.append(
                Problem(
                    ProblemKind.UNKNOWN_SYMBOL,
                    (region.id,),
                    f"Region {region.id} has unknown {noun} {listed}.",
                    region.polygon,
                )
            )
    return problems


def _suggest(word: str, choices: Sequence[str]) -> str:
    """`` (did you mean 'forest'?)`` for a near miss, else the list of valid words."""
    close = difflib.get_close_matches(word.lower(), choices, n=1)
    if close:
        return f" (did you mean {close[0]!r}?)"
    return f" (expected one of {', '.join(choices)})"


# --- DISCONNECTED, NO_EDGE_REGION -------------------------------------------------------------
def _topology(board: Board, outline: BaseGeometry, shapes: Sequence[BaseGeometry]) -> Topology:
    """The board's topology, derived from repaired shapes if any polygon is invalid.

    Snapping an invalid polygon raises in GEOS, so a broken draft gets its topology from a
    repaired copy instead of crashing the report.
    """
    usable = [board.outline, *(r.polygon for r in board.regions)]
    if all(g.geom_type == "Polygon" and not g.is_empty and is_valid(g) for g in usable):
        return board.topology
    regions = tuple(
        replace(region, polygon=shape) for region, shape in zip(board.regions, shapes, strict=True)
    )
    return replace(board, outline=outline, regions=regions).topology


def _check_topology(
    board: Board, topology: Topology, shapes: Sequence[BaseGeometry]
) -> list[Problem]:
    """Every region reachable by borders, and somewhere to enter (R-COMP-6, R-CONQ-1).

    With a valid outline tiled exactly, both always hold; they fail together with a GAP or
    OUTSIDE_OUTLINE that cuts the board apart or off its edge, and say what that breaks.
    """
    problems = []
    shape_of: dict[int, BaseGeometry] = {}
    for region, shape in zip(board.regions, shapes, strict=True):
        shape_of.setdefault(region.id, shape)
    parts = sorted(nx.connected_components(topology.graph), key=lambda c: (-len(c), min(c)))
    for part in parts[1:]:
        ids = tuple(sorted(part))
        verb = "is" if len(ids) == 1 else "are"
        problems.append(
            Problem(
                ProblemKind.DISCONNECTED,
                ids,
                f"{_names(ids)} {verb} cut off from the rest of the board (no shared border).",
                shapely.union_all([shape_of[i] for i in ids]),
            )
        )
    if not topology.edge:
        problems.append(
            Problem(
                ProblemKind.NO_EDGE_REGION,
                (),
                "No region touches the outline, so no race can enter the board "
                "(R-COMP-6, R-CONQ-1).",
                board.outline.boundary,
            )
        )
    elif not topology.first_conquest:
        problems.append(
            Problem(
                ProblemKind.NO_ENTRY,
                tuple(sorted(topology.edge)),
                "No land region is a border region (on the edge, or on the shore of a Sea "
                "on the edge), so no race can make its first conquest (R-COMP-6, R-CONQ-1).",
                board.outline.boundary,
            )
        )
    return problems


# --- TINY_REGION ------------------------------------------------------------------------------
def _check_sizes(
    ids: Sequence[int], shapes: Sequence[BaseGeometry], outline: BaseGeometry
) -> list[Problem]:
    """Regions too small to hold tokens (see :data:`TINY_REGION_SHARE`)."""
    if not ids:
        return []
    average = float(outline.area) / len(ids)
    least = TINY_REGION_SHARE * average
    problems = []
    for region_id, shape in zip(ids, shapes, strict=True):
        area = float(shape.area)
        if area < least:
            problems.append(
                Problem(
                    ProblemKind.TINY_REGION,
                    (region_id,),
                    f"Region {region_id} is too small to hold tokens (area {_num(area)}, "
                    f"under {TINY_REGION_SHARE:.0%} of the average {_num(average)}).",
                    shape,
                )
            )
    return problems


# --- how to fix -------------------------------------------------------------------------------
class _Fixer:
    """Writes each problem's ``fix``: what to do, naming regions and places in words.

    Sizes are a share of the average region (outline area / region count) and places a
    part of the board ("the top left"), never coordinates, so a designer can act on them
    in the editor or in a GIS tool alike.
    """

    def __init__(self, board: Board, coverage: _Coverage, topology: Topology | None) -> None:
        self.board = board
        self.coverage = coverage
        self.topology = topology
        area = float(coverage.outline.area) if not coverage.outline.is_empty else 0.0
        if area <= 0:
            area = float(coverage.union.area)
        self.average = area / max(1, len(board.regions))
        self.bounds = (coverage.outline if not coverage.outline.is_empty else coverage.union).bounds

    def share(self, geometry: BaseGeometry | None) -> str:
        """``"about 3% of an average region"`` for the area of ``geometry``."""
        area = float(geometry.area) if geometry is not None else 0.0
        return _share(area, self.average)

    def place(self, geometry: BaseGeometry | None) -> str:
        """Which part of the board ``geometry`` is in: ``"the top left"``, ``"the middle"``."""
        if geometry is None or geometry.is_empty:
            return "the board"
        point = geometry.representative_point() if geometry.area > 0 else geometry.centroid
        return _part(point.x, point.y, self.bounds)

    def longest(self, region_id: int, among: Iterable[int] | None = None) -> int | None:
        """The neighbour of ``region_id`` with the longest shared border."""
        if self.topology is None or region_id not in self.topology.graph:
            return None
        adj = self.topology.graph.adj[region_id]
        choices = [n for n in adj if among is None or n in set(among)]
        if not choices:
            return None
        return max(choices, key=lambda n: (adj[n].get("length", 0.0), -n))

    def fix(self, problem: Problem) -> str:
        """The sentence for ``problem``, by kind."""
        kind, ids, where = problem.kind, problem.regions, problem.where
        one = ids[0] if ids else None
        if kind in _BOARD_FIXES:
            return _BOARD_FIXES[kind]
        if kind is ProblemKind.INVALID_GEOMETRY:
            if one is None:
                return (
                    "Redraw the outline as one ring that does not cross itself, or leave "
                    "it out of the file to use the outer boundary of the regions."
                )
            return (
                f"Redraw region {one}'s border so it does not cross or touch itself: move "
                f"the vertices near {self.place(where)} of the board apart."
            )
        if kind is ProblemKind.MULTI_PART:
            return (
                f"Make each piece of region {one} a region of its own (split it in a GIS "
                "tool), or delete the stray pieces."
            )
        if kind is ProblemKind.HOLE:
            return (
                f"Draw a region into the hole in region {one} ({self.share(where)}, near "
                f"{self.place(where)} of the board), or remove the hole from its shape."
            )
        if kind is ProblemKind.DUPLICATE_GEOMETRY:
            return (
                f"Delete region {ids[-1]} (or region {ids[0]}): one region drawn twice "
                "counts as an overlap everywhere."
            )
        if kind is ProblemKind.OVERLAP:
            return (
                f"Move the border between regions {ids[0]} and {ids[1]} so they no longer "
                f"cover the same ground ({self.share(where)}, near {self.place(where)} of "
                f"the board), or merge them into one region."
            )
        if kind in (ProblemKind.GAP, ProblemKind.SLIVER):
            return self.fix_gap(problem)
        if kind is ProblemKind.OUTSIDE_OUTLINE:
            return (
                f"Move region {one}'s vertices near {self.place(where)} of the board back "
                f"inside the edge ({self.share(where)} sticks out), or move the outline out."
            )
        if kind is ProblemKind.DUPLICATE_ID:
            free = max(self.board.ids) + 1
            return f"Give all but one of the regions numbered {one} a new id ({free} is free)."
        if kind is ProblemKind.UNKNOWN_TERRAIN and one is not None:
            close = difflib.get_close_matches(self.board[one].terrain.lower(), TERRAINS, n=1)
            first = f"{close[0]!r}, or another of " if close else "one of "
            return f"Set region {one}'s terrain to {first}{', '.join(TERRAINS)}."
        if kind is ProblemKind.UNKNOWN_SYMBOL:
            return (
                f"Remove the unknown symbols of region {one}, or write them as one of "
                f"{', '.join(SYMBOLS)}."
            )
        if kind is ProblemKind.DISCONNECTED:
            return (
                f"Give {_names(ids, 'region')} a border with the rest of the board: close "
                "the gap that cuts them off (see the gap problems), or delete them."
            )
        if kind is ProblemKind.NO_EDGE_REGION:
            return (
                "Draw the regions out to the board's edge, or leave the outline out of the "
                "file to use the outer boundary of the regions."
            )
        if kind is ProblemKind.NO_ENTRY:
            return (
                "Make a region on the board's edge land (farmland, forest, hill, swamp or "
                "mountain), or make a water region on the edge a Sea."
            )
        if kind is ProblemKind.TINY_REGION:
            into = self.longest(one) if one is not None else None
            merge = f"merge it into region {into} (its longest border)" if into else "merge it"
            return (
                f"Region {one} is {self.share(where)}: {merge}, or move its border out so it "
                "can hold a stack of tokens."
            )
        return ""

    def fix_gap(self, problem: Problem) -> str:
        """Which neighbour could absorb a gap; which border to move for a sliver."""
        where = problem.where
        lengths = self.coverage.border_lengths(where) if where is not None else {}
        around = list(lengths)
        size = self.share(where)
        place = f"near {self.place(where)} of the board"
        if problem.kind is ProblemKind.GAP:
            if not around:
                return (
                    f"Draw a region into the gap ({size}, {place}), or move the outline "
                    "in to leave it off the board."
                )
            others = around[1:]
            also = f" (also beside it: {_names(others, 'region')})" if others else ""
            return (
                f"Draw a region into the gap ({size}, {place}), or let region {around[0]} "
                f"absorb it, as it has the longest border along it{also}: move its border "
                f"across the gap."
            )
        if len(around) >= 2:
            first, second = around[0], around[1]
            return (
                f"Move the vertices of region {first}'s border {place} onto region "
                f"{second}'s border so the two meet, or merge the sliver into region "
                f"{first} ({size})."
            )
        if len(around) == 1:
            return (
                f"Move the vertices of region {around[0]}'s border {place} out to the "
                f"board's edge so the sliver closes ({size})."
            )
        return f"Move the outline {place} in, or draw a region over the sliver ({size})."


def _with_fixes(problems: list[Problem], fixer: _Fixer | None) -> list[Problem]:
    """``problems`` each with its ``fix`` sentence (see :class:`_Fixer`)."""
    fix = fixer.fix if fixer is not None else _board_fix
    return [p if p.fix else replace(p, fix=fix(p)) for p in problems]


#: How to fix the problems of the board as a whole (they need no geometry to word).
_BOARD_FIXES: dict[StrEnum, str] = {
    ProblemKind.NO_REGIONS: "Draw regions inside the outline, or open a map that has some.",
    ProblemKind.PLAYER_COUNT: (
        f"Set players to {MIN_PLAYERS} to {MAX_PLAYERS} and turns to 1 or more (the "
        "official track: 10 turns for 2 or 3 players, 9 for 4, 8 for 5 or 6)."
    ),
}


def _board_fix(problem: Problem) -> str:
    return _BOARD_FIXES.get(problem.kind, "")


def _share(area: float, average: float) -> str:
    """An area in words, as a share of the average region."""
    if average <= 0 or not math.isfinite(area):
        return "an area"
    share = area / average
    if share >= 1.5:
        return f"{share:.1f} times an average region".replace(".0 times", " times")
    percent = 100 * share
    if percent < 1:
        return "less than 1% of an average region"
    return f"about {percent:.0f}% of an average region"


def _part(x: float, y: float, bounds: tuple[float, float, float, float]) -> str:
    """``"the top left"``, ``"the middle"`` ... for a point within ``bounds`` (y up)."""
    minx, miny, maxx, maxy = bounds
    width, height = (maxx - minx) or 1.0, (maxy - miny) or 1.0
    column = min(2, max(0, int(3 * (x - minx) / width)))
    row = min(2, max(0, int(3 * (y - miny) / height)))
    vertical = ("bottom", "", "top")[row]
    horizontal = ("left", "", "right")[column]
    words = " ".join(w for w in (vertical, horizontal) if w)
    return f"the {words or 'middle'}"


# --- wording ----------------------------------------------------------------------------------
def _names(ids: Sequence[int], noun: str = "Region") -> str:
    """``Region 4``, ``Regions 4 and 7``, ``Regions 1, 2 and 5``."""
    if len(ids) == 1:
        return f"{noun} {ids[0]}"
    listed = ", ".join(str(i) for i in ids[:-1]) + f" and {ids[-1]}"
    return f"{noun}s {listed}"


def _num(value: float) -> str:
    """A number to three significant digits, without exponent or trailing zeros."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    text = f"{value:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text

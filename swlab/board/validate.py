"""Checks that a board is playable: one :class:`Problem` per thing a designer must fix.

A well-formed map file can still be wrong: regions may overlap, leave gaps, stick out of
the outline, repeat an id or use a terrain the rules do not know (R-COMP-6). The rules
derive adjacency, edge and coast from the polygons (R-COMP-6), so such a board would
silently play wrong; :func:`validate` names every problem, the regions involved and the
offending area, so the editor can highlight it and ``swlab map check`` can print it.

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
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
import shapely
from shapely.geometry import GeometryCollection, Point, Polygon
from shapely.geometry.base import BaseGeometry

from swlab.board.geometry import grid_size
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

    INVALID_GEOMETRY = "invalid_geometry"
    HOLE = "hole"
    OVERLAP = "overlap"
    GAP = "gap"
    SLIVER = "sliver"
    OUTSIDE_OUTLINE = "outside_outline"
    DUPLICATE_ID = "duplicate_id"
    UNKNOWN_TERRAIN = "unknown_terrain"
    UNKNOWN_SYMBOL = "unknown_symbol"
    DISCONNECTED = "disconnected"
    NO_EDGE_REGION = "no_edge_region"
    TINY_REGION = "tiny_region"


_KIND_ORDER: dict[ProblemKind, int] = {kind: k for k, kind in enumerate(ProblemKind)}


@dataclass(frozen=True)
class Problem:
    """One thing to fix.

    ``regions`` are the ids involved, sorted (empty only for board-wide problems such as an
    invalid outline); ``message`` is one plain sentence naming them; ``where`` is the
    offending area, line or point, so the editor can highlight it; ``fix`` says how to
    repair it (which neighbour could absorb a gap, which vertex to move), empty when the
    message already says it.
    """

    kind: ProblemKind
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
    problems = _check_geometry(board)
    outline_ok = not board.outline.is_empty
    grid = _grid(board)
    outline = _repair(board.outline, grid)
    shapes = [_repair(r.polygon, grid) for r in board.regions]
    ids = [r.id for r in board.regions]
    if outline_ok:
        problems += _Coverage(ids, shapes, outline, grid).problems()
    problems += _check_attributes(board)
    if outline_ok:
        problems += _check_topology(board, _topology(board, outline, shapes), shapes)
        problems += _check_sizes(ids, shapes, outline)
    return sorted(problems, key=lambda p: (_KIND_ORDER[p.kind], p.regions, p.message))


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
    if geometry.is_valid:
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
        self.union = shapely.union_all(self.shapes, grid_size=grid)
        shapely.prepare(outline)
        self.inside: NDArray[np.bool_] = np.asarray(shapely.within(self.shapes, outline))

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
        left, right = self.tree.query(self.shapes, predicate="intersects")
        keep = left < right
        left, right = left[keep], right[keep]
        # most candidates of a tiling only touch; an exact predicate is cheaper than an overlay
        keep = ~shapely.touches(self.shapes[left], self.shapes[right])
        left, right = left[keep], right[keep]
        common = shapely.intersection(self.shapes[left], self.shapes[right], grid_size=self.grid)
        problems = []
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
        return float(self.outline.area) - float(self.union.area) <= least

    def bordering(self, piece: Polygon) -> tuple[int, ...]:
        """Ids of regions sharing a stretch of border with ``piece`` (corners don't count)."""
        near = self.tree.query(piece, predicate="dwithin", distance=self.grid)
        if len(near) == 0:
            return ()
        rims = shapely.boundary(self.shapes[near])
        shared = shapely.length(shapely.intersection(rims, piece.boundary, grid_size=self.grid))
        chosen = near[shared > self.grid] if np.any(shared > self.grid) else near
        return tuple(sorted({self.ids[k] for k in chosen.tolist()}))

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
    if all(g.geom_type == "Polygon" and g.is_valid and not g.is_empty for g in usable):
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

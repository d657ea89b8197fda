"""Checks that a board is playable: one :class:`Problem` per thing a designer must fix.

A well-formed map file can still be wrong: regions may overlap, leave gaps, stick out of
the outline, repeat an id or use a terrain the rules do not know (R-COMP-6). The rules
derive adjacency, edge and coast from the polygons (R-COMP-6), so such a board would
silently play wrong; :func:`validate` names every problem, the regions involved and the
offending area, so the editor can highlight it and ``swlab map check`` can print it, and
says how to fix it (``Problem.fix``). The checks cover every polygon rule of the QGIS
topology checker (invalid geometry, multi-part, gaps, duplicates, overlaps, outside the
outline) and the game's own (no regions, player count, terrain and symbols, connectivity,
edge, entry); ``maps/README.md`` lists them in a table.

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

from swlab import names as game_words
from swlab.board.geometry import grid_size, is_valid, snapped
from swlab.board.io import MAX_PLAYERS, MIN_PLAYERS
from swlab.board.model import SYMBOLS, TERRAINS, Board
from swlab.i18n import N_, _, ngettext, number, percent, pgettext

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
    NO_TERRAIN = "no_terrain"
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


def check_board(board: Board) -> list[Problem]:
    """What ``swlab map check`` prints and the editors list for ``board``: a Terra Mystica
    map's profile checks (:func:`swlab.board.hexmap.checks.check`), else :func:`validate`.
    One entry point, so the command line and the editor never disagree about a file."""
    if board.profile == "terra_mystica":
        from swlab.board.hexmap.checks import check

        return check(board)
    return validate(board)


# --- NO_REGIONS, PLAYER_COUNT ---------------------------------------------------------------
def _check_counts(board: Board) -> list[Problem]:
    """A board has regions, 2 to 6 players and at least one turn (R-COMP-1)."""
    problems = []
    if not board.regions:
        problems.append(
            Problem(ProblemKind.NO_REGIONS, (), _("The board has no regions."), board.outline)
        )
    if not MIN_PLAYERS <= board.players <= MAX_PLAYERS or board.turns < 1:
        problems.append(
            Problem(
                ProblemKind.PLAYER_COUNT,
                (),
                pgettext(
                    "round",
                    "The board is for {players} and {turns}; "
                    "boards are for {least} to {most} players and at least one turn (R-COMP-1).",
                ).format(
                    players=game_words.players(board.players),
                    turns=game_words.rounds(board.turns),
                    least=MIN_PLAYERS,
                    most=MAX_PLAYERS,
                ),
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
        return _("is a {kind}, not a single Polygon").format(kind=geometry.geom_type), geometry
    if geometry.is_empty:
        return _("is empty"), geometry
    if is_valid(geometry):
        return None
    reason = str(shapely.is_valid_reason(geometry))
    match = _REASON.match(reason)
    if match is None:
        return _("is invalid ({reason})").format(reason=reason), geometry
    x, y = float(match["x"]), float(match["y"])
    why = _("is invalid ({reason} at ({x}, {y}))").format(
        reason=match["reason"].lower(), x=_num(x), y=_num(y)
    )
    return why, Point(x, y)


def _check_geometry(board: Board) -> list[Problem]:
    """Self-intersections, spikes, empty or multi-part shapes, outline included."""
    problems = []
    bad = _invalidity(board.outline)
    if bad is not None:
        problems.append(
            Problem(
                ProblemKind.INVALID_GEOMETRY, (), _("The outline {why}.").format(why=bad[0]), bad[1]
            )
        )
    for region in board.regions:
        if region.polygon.geom_type == "MultiPolygon" and not region.polygon.is_empty:
            parts = len(shapely.get_parts(region.polygon))
            problems.append(
                Problem(
                    ProblemKind.MULTI_PART,
                    (region.id,),
                    _("Region {id} is {n} separate pieces, not one.").format(id=region.id, n=parts),
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
                    _("Region {id}'s polygon {why}.").format(id=region.id, why=bad[0]),
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
        return problems + self.overlaps() + self.gaps(holes) + self.inlets() + self.outside()

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
                                _(
                                    "Region {id} has a hole that no region fills (area {area})."
                                ).format(id=region_id, area=_num(area)),
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
                _("{regions} are the same shape drawn twice.").format(regions=_names(pair)),
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
                        _("{regions} overlap (area {area}).").format(
                            regions=_names(pair), area=_num(area)
                        ),
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
            sliver = width < SLIVER_WIDTH_SHARE * self.diagonal
            kind = ProblemKind.SLIVER if sliver else ProblemKind.GAP
            fields = {
                "regions": _names(around, "region"),
                "area": _num(piece.area),
                "width": _num(width),
            }
            if not around:
                text = (
                    _(
                        "Sliver gap inside the outline touching no region "
                        "(area {area}, width {width})."
                    )
                    if sliver
                    else _("Gap inside the outline touching no region (area {area}).")
                )
            elif len(around) == 1:
                text = (
                    _(
                        "Sliver gap inside the outline beside {regions} "
                        "(area {area}, width {width})."
                    )
                    if sliver
                    else _("Gap inside the outline beside {regions} (area {area}).")
                )
            else:
                text = (
                    _(
                        "Sliver gap inside the outline between {regions} "
                        "(area {area}, width {width})."
                    )
                    if sliver
                    else _("Gap inside the outline between {regions} (area {area}).")
                )
            message = text.format(**fields)
            problems.append(Problem(kind, around, message, piece))
        return problems

    def inlets(self) -> list[Problem]:
        """Slivers that reach the board's edge: thin notches of the outline between
        regions, which :meth:`gaps` cannot see, as they are not inside the outline.

        A file without an outline gets the regions' outer boundary as its outline
        (:func:`swlab.board.io.parse_board`), so a sliver open to the edge becomes a notch
        of the edge, and the regions on either side silently stop being neighbours. The
        outline closed by half the sliver width (buffered out, then in) fills exactly the
        notches narrower than a sliver; a filled piece is one when it runs along two
        regions, each for longer than a sliver is wide (a concave corner of the outline
        fills a piece shorter than that).
        """
        outline = self.outline
        if outline.is_empty or outline.area >= outline.convex_hull.area * (1 - 1e-9):
            return []  # a convex outline has no notch
        limit = SLIVER_WIDTH_SHARE * self.diagonal
        closed = outline.buffer(limit / 2, join_style="mitre").buffer(
            -limit / 2, join_style="mitre"
        )
        notches = shapely.difference(closed, outline, grid_size=self.grid)
        problems = []
        for piece in _significant(notches, self.grid):
            width = _mean_width(piece)
            lengths = self.border_lengths(piece)
            around = tuple(sorted(rid for rid, length in lengths.items() if length > limit))
            if len(around) < 2 or width >= limit:
                continue
            message = _(
                "Sliver gap reaching the board's edge between {regions} (area {area}, width "
                "{width}): it breaks the border between them, so they are not neighbours there."
            ).format(regions=_names(around, "region"), area=_num(piece.area), width=_num(width))
            problems.append(Problem(ProblemKind.SLIVER, around, message, piece))
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
                        _("Region {id} sticks out of the outline (area {area}).").format(
                            id=region_id, area=_num(area)
                        ),
                        shapely.union_all(pieces),
                    )
                )
        return problems


# --- DUPLICATE_ID, NO_TERRAIN, UNKNOWN_TERRAIN, UNKNOWN_SYMBOL ------------------------------
def _check_attributes(board: Board) -> list[Problem]:
    """Ids must be unique; every region has a terrain; terrain and symbols must be those
    of R-COMP-6."""
    problems = []
    counts = Counter(board.ids)
    for region_id, count in counts.items():
        if count > 1:
            shapes = [r.polygon for r in board.regions if r.id == region_id]
            problems.append(
                Problem(
                    ProblemKind.DUPLICATE_ID,
                    (region_id,),
                    _("Region id {id} is used by {n} regions; ids must be unique.").format(
                        id=region_id, n=count
                    ),
                    GeometryCollection(shapes),
                )
            )
    for region in board.regions:
        if not region.terrain:
            problems.append(
                Problem(
                    ProblemKind.NO_TERRAIN,
                    (region.id,),
                    _("Region {id} has no terrain: choose one.").format(id=region.id),
                    region.polygon,
                )
            )
        elif region.terrain not in TERRAINS:
            problems.append(
                Problem(
                    ProblemKind.UNKNOWN_TERRAIN,
                    (region.id,),
                    _("Region {id} has unknown terrain {terrain}{suggestion}.").format(
                        id=region.id,
                        terrain=repr(region.terrain),
                        suggestion=_suggest(region.terrain, TERRAINS),
                    ),
                    region.polygon,
                )
            )
        unknown = sorted(s for s in region.symbols if s not in SYMBOLS)
        if unknown:
            listed = ", ".join(f"{s!r}{_suggest(s, SYMBOLS)}" for s in unknown)
            problems.append(
                Problem(
                    ProblemKind.UNKNOWN_SYMBOL,
                    (region.id,),
                    ngettext(
                        "Region {id} has unknown symbol {symbols}.",
                        "Region {id} has unknown symbols {symbols}.",
                        len(unknown),
                    ).format(id=region.id, symbols=listed),
                    region.polygon,
                )
            )
    return problems


def _suggest(word: str, choices: Sequence[str]) -> str:
    """`` (did you mean 'forest'?)`` for a near miss, else the list of valid words."""
    close = difflib.get_close_matches(word.lower(), choices, n=1)
    if close:
        return _(" (did you mean {word}?)").format(word=repr(close[0]))
    return _(" (expected one of {words})").format(words=", ".join(choices))


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
        problems.append(
            Problem(
                ProblemKind.DISCONNECTED,
                ids,
                ngettext(
                    "{regions} is cut off from the rest of the board (no shared border).",
                    "{regions} are cut off from the rest of the board (no shared border).",
                    len(ids),
                ).format(regions=_names(ids)),
                shapely.union_all([shape_of[i] for i in ids]),
            )
        )
    if not topology.edge:
        problems.append(
            Problem(
                ProblemKind.NO_EDGE_REGION,
                (),
                _(
                    "No region touches the outline, so no race can enter the board "
                    "(R-COMP-6, R-CONQ-1)."
                ),
                board.outline.boundary,
            )
        )
    elif not topology.first_conquest:
        problems.append(
            Problem(
                ProblemKind.NO_ENTRY,
                tuple(sorted(topology.edge)),
                _(
                    "No land region is a border region (on the edge, or on the shore of a Sea "
                    "on the edge), so no race can make its first conquest (R-COMP-6, R-CONQ-1)."
                ),
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
                    _(
                        "Region {id} is too small to hold tokens (area {area}, "
                        "under {share} of the average {average})."
                    ).format(
                        id=region_id,
                        area=_num(area),
                        share=percent(TINY_REGION_SHARE),
                        average=_num(average),
                    ),
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
            return _("the board")
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
            return _board_fix(problem)
        fields = {"id": one, "share": self.share(where), "place": self.place(where)}
        if kind is ProblemKind.INVALID_GEOMETRY:
            if one is None:
                return _(
                    "Redraw the outline as one ring that does not cross itself, or leave "
                    "it out of the file to use the outer boundary of the regions."
                )
            return _(
                "Redraw region {id}'s border so it does not cross or touch itself: move "
                "the vertices near {place} of the board apart."
            ).format(**fields)
        if kind is ProblemKind.MULTI_PART:
            return _(
                "Make each piece of region {id} a region of its own (split it in a GIS "
                "tool), or delete the stray pieces."
            ).format(**fields)
        if kind is ProblemKind.HOLE:
            return _(
                "Draw a region into the hole in region {id} ({share}, near "
                "{place} of the board), or remove the hole from its shape."
            ).format(**fields)
        if kind is ProblemKind.DUPLICATE_GEOMETRY:
            return _(
                "Delete region {last} (or region {first}): one region drawn twice "
                "counts as an overlap everywhere."
            ).format(last=ids[-1], first=ids[0])
        if kind is ProblemKind.OVERLAP:
            return _(
                "Move the border between regions {first} and {second} so they no longer "
                "cover the same ground ({share}, near {place} of "
                "the board), or merge them into one region."
            ).format(first=ids[0], second=ids[1], **fields)
        if kind in (ProblemKind.GAP, ProblemKind.SLIVER):
            return self.fix_gap(problem)
        if kind is ProblemKind.OUTSIDE_OUTLINE:
            return _(
                "Move region {id}'s vertices near {place} of the board back "
                "inside the edge ({share} sticks out), or move the outline out."
            ).format(**fields)
        if kind is ProblemKind.DUPLICATE_ID:
            free = max(self.board.ids) + 1
            return _(
                "Give all but one of the regions numbered {id} a new id ({free} is free)."
            ).format(free=free, **fields)
        if kind is ProblemKind.NO_TERRAIN:
            return _(
                "Give region {id} one of the terrains {words} (in the editor: select it and "
                "press a terrain button)."
            ).format(words=", ".join(TERRAINS), **fields)
        if kind is ProblemKind.UNKNOWN_TERRAIN and one is not None:
            close = difflib.get_close_matches(self.board[one].terrain.lower(), TERRAINS, n=1)
            terrains = ", ".join(TERRAINS)
            if close:
                return _("Set region {id}'s terrain to {word}, or another of {words}.").format(
                    word=repr(close[0]), words=terrains, **fields
                )
            return _("Set region {id}'s terrain to one of {words}.").format(
                words=terrains, **fields
            )
        if kind is ProblemKind.UNKNOWN_SYMBOL:
            return _(
                "Remove the unknown symbols of region {id} (in the editor: select it and "
                "press remove unknown symbols), or write them as one of {words}."
            ).format(words=", ".join(SYMBOLS), **fields)
        if kind is ProblemKind.DISCONNECTED:
            return _(
                "Give {regions} a border with the rest of the board: close "
                "the gap that cuts them off (see the gap problems), or delete them."
            ).format(regions=_names(ids, "region"))
        if kind is ProblemKind.NO_EDGE_REGION:
            return _(
                "Draw the regions out to the board's edge, or leave the outline out of the "
                "file to use the outer boundary of the regions."
            )
        if kind is ProblemKind.NO_ENTRY:
            return _(
                "Make a region on the board's edge land (farmland, forest, hill, swamp or "
                "mountain), or make a water region on the edge a Sea."
            )
        if kind is ProblemKind.TINY_REGION:
            into = self.longest(one) if one is not None else None
            if into:
                return _(
                    "Region {id} is {share}: merge it into region {into} (its longest border), "
                    "or move its border out so it can hold a stack of tokens."
                ).format(into=into, **fields)
            return _(
                "Region {id} is {share}: merge it, or move its border out so it "
                "can hold a stack of tokens."
            ).format(**fields)
        return ""

    def fix_gap(self, problem: Problem) -> str:
        """Which neighbour could absorb a gap; which border to move for a sliver."""
        where = problem.where
        lengths = self.coverage.border_lengths(where) if where is not None else {}
        around = list(lengths)
        fields = {"size": self.share(where), "place": self.place(where)}
        if problem.kind is ProblemKind.GAP:
            if not around:
                return _(
                    "Draw a region into the gap ({size}, near {place} of the board), or move "
                    "the outline in to leave it off the board."
                ).format(**fields)
            others = around[1:]
            if others:
                return _(
                    "Draw a region into the gap ({size}, near {place} of the board), or let "
                    "region {id} absorb it, as it has the longest border along it (also "
                    "beside it: {others}): move its border across the gap."
                ).format(id=around[0], others=_names(others, "region"), **fields)
            return _(
                "Draw a region into the gap ({size}, near {place} of the board), or let "
                "region {id} absorb it, as it has the longest border along it: move its "
                "border across the gap."
            ).format(id=around[0], **fields)
        if len(around) >= 2:
            return _(
                "Move the vertices of region {first}'s border near {place} of the board onto "
                "region {second}'s border so the two meet, or merge the sliver into region "
                "{first} ({size})."
            ).format(first=around[0], second=around[1], **fields)
        if len(around) == 1:
            return _(
                "Move the vertices of region {id}'s border near {place} of the board out to "
                "the board's edge so the sliver closes ({size})."
            ).format(id=around[0], **fields)
        return _(
            "Move the outline near {place} of the board in, or draw a region over the "
            "sliver ({size})."
        ).format(**fields)


def _with_fixes(problems: list[Problem], fixer: _Fixer | None) -> list[Problem]:
    """``problems`` each with its ``fix`` sentence (see :class:`_Fixer`)."""
    fix = fixer.fix if fixer is not None else _board_fix
    return [p if p.fix else replace(p, fix=fix(p)) for p in problems]


#: How to fix the problems of the board as a whole (they need no geometry to word).
_BOARD_FIXES: dict[StrEnum, str] = {
    ProblemKind.NO_REGIONS: N_("Draw regions inside the outline, or open a map that has some."),
    ProblemKind.PLAYER_COUNT: N_(
        "Set players to {least} to {most} and turns to 1 or more (the "
        "official track: 10 turns for 2 or 3 players, 9 for 4, 8 for 5 or 6)."
    ),
}


def _board_fix(problem: Problem) -> str:
    fix = _BOARD_FIXES.get(problem.kind, "")
    return _(fix).format(least=MIN_PLAYERS, most=MAX_PLAYERS) if fix else ""


def _share(area: float, average: float) -> str:
    """An area in words, as a share of the average region."""
    if average <= 0 or not math.isfinite(area):
        return _("an area")
    share = area / average
    if share >= 1.5:
        return _("{times} times an average region").format(times=number(round(share, 1)))
    if share < 0.01:
        return _("less than {share} of an average region").format(share=percent(0.01))
    return _("about {share} of an average region").format(share=percent(share))


def _part(x: float, y: float, bounds: tuple[float, float, float, float]) -> str:
    """``"the top left"``, ``"the middle"`` ... for a point within ``bounds`` (y up)."""
    minx, miny, maxx, maxy = bounds
    width, height = (maxx - minx) or 1.0, (maxy - miny) or 1.0
    column = min(2, max(0, int(3 * (x - minx) / width)))
    row = min(2, max(0, int(3 * (y - miny) / height)))
    return _(_PARTS[row][column])


#: The parts of a board, bottom row first (y up), left to right.
_PARTS: tuple[tuple[str, str, str], ...] = (
    (N_("the bottom left"), N_("the bottom"), N_("the bottom right")),
    (N_("the left"), N_("the middle"), N_("the right")),
    (N_("the top left"), N_("the top"), N_("the top right")),
)


# --- wording ----------------------------------------------------------------------------------
def _names(ids: Sequence[int], noun: str = "Region") -> str:
    """``Region 4``, ``Regions 4 and 7``, ``Regions 1, 2 and 5``."""
    if len(ids) == 1:
        one = _("Region {id}") if noun == "Region" else _("region {id}")
        return one.format(id=ids[0])
    listed = _("{ids} and {last}").format(ids=", ".join(str(i) for i in ids[:-1]), last=ids[-1])
    many = _("Regions {ids}") if noun == "Region" else _("regions {ids}")
    return many.format(ids=listed)


def _num(value: float) -> str:
    """A number to three significant digits, without exponent or trailing zeros."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    text = f"{value:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text

"""The row layout of a hex map, its hex polygons, and the layout read back from a board.

A Terra Mystica map is rows of pointy-top hexes, row A on top; the second, fourth, ...
rows (B, D, ...) are shifted half a hex to the right (reference: terra_mystica_base.md).
:class:`HexLayout` is that grid as data (one terrain word per space). :func:`layout_board`
turns it into a :class:`~swlab.board.model.Board` of hex polygons, so everything the map
layer derives from polygons (shared edges, the outline, validation) applies unchanged;
:func:`board_layout` reads the grid back from the polygons' centres, whatever the scale.

Hex vertices are computed on an integer lattice (multiples of half a hex width and of a
quarter of a hex height) before scaling, so two neighbours share *identical* vertices.
"""

from __future__ import annotations

import math
import string
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient

from swlab.board.hexmap.terrain import RIVER, TM_TERRAINS
from swlab.board.model import Board, Region
from swlab.i18n import _

__all__ = [
    "PROFILE",
    "HexLayout",
    "HexLayoutError",
    "board_layout",
    "hex_polygon",
    "is_hex_board",
    "layout_board",
    "row_name",
]

#: The ``profile`` of a Terra Mystica map in the map-level data of its GeoJSON.
PROFILE = "terra_mystica"
#: Players and rounds written into a generated board (a Terra Mystica game has 6 rounds).
TM_PLAYERS, TM_ROUNDS = 5, 6

#: Half the width of a hex of circumradius 1, and half its side: the lattice units.
_HALF_WIDTH = math.sqrt(3) / 2
_HALF_SIDE = 0.5
#: The six corners of a hex around its centre, in lattice units, counter-clockwise from the top.
_CORNERS = ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1))


class HexLayoutError(ValueError):
    """A board or grid that is not a row layout of hexes; the message says where."""


def row_name(row: int) -> str:
    """``A`` for row 0, ..., ``Z`` for row 25 (labels are ``A1``, ``B3``...)."""
    if not 0 <= row < len(string.ascii_uppercase):
        raise HexLayoutError(
            _("a hex map has at most 26 rows (A to Z), not {rows}").format(rows=row + 1)
        )
    return string.ascii_uppercase[row]


def hex_polygon(row: int, col: int) -> Polygon:
    """The hex of ``row``, ``col`` (0-based), circumradius 1, row A at y = 0 going down."""
    x0 = 2 * col + (row % 2)
    y0 = -3 * row
    lattice = [(x0 + dx, y0 + dy) for dx, dy in _CORNERS]
    ring = [(x * _HALF_WIDTH, y * _HALF_SIDE) for x, y in lattice]
    return Polygon([*ring, ring[0]])


@dataclass(frozen=True)
class HexLayout:
    """Rows of spaces, each a terrain word of :data:`~.terrain.TM_TERRAINS`.

    Rows may differ in length (the base map alternates 13 and 12); row ``r`` is shifted
    half a hex right when ``r`` is odd. Region ids are 1, 2, ... in reading order.
    """

    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        if not self.rows or not all(self.rows):
            raise HexLayoutError(_("a hex map needs at least one row, and no row may be empty"))
        row_name(len(self.rows) - 1)
        for r, row in enumerate(self.rows):
            for c, terrain in enumerate(row):
                if terrain not in TM_TERRAINS:
                    raise HexLayoutError(
                        _(
                            "row {row}, column {col}: {terrain} is not a Terra Mystica terrain "
                            "({terrains})"
                        ).format(
                            row=row_name(r),
                            col=c + 1,
                            terrain=repr(terrain),
                            terrains=", ".join(TM_TERRAINS),
                        )
                    )

    @classmethod
    def of(cls, rows: Sequence[Sequence[str]]) -> HexLayout:
        """A layout from any nested sequence of terrain words."""
        return cls(tuple(tuple(row) for row in rows))

    def spaces(self) -> Iterator[tuple[int, int, int, str]]:
        """``(id, row, col, terrain)`` for every space, in reading order."""
        rid = 0
        for r, row in enumerate(self.rows):
            for c, terrain in enumerate(row):
                rid += 1
                yield rid, r, c, terrain

    def __len__(self) -> int:
        return sum(len(row) for row in self.rows)

    def replace(self, row: int, col: int, terrain: str) -> HexLayout:
        """A copy with the space at ``row``, ``col`` set to ``terrain``."""
        rows = [list(r) for r in self.rows]
        rows[row][col] = terrain
        return HexLayout.of(rows)


def layout_board(layout: HexLayout, name: str) -> Board:
    """The :class:`Board` of ``layout``: one hex polygon per space, ids in reading order.

    The outline is the union of the hexes. Labels are not stored: they are derived
    (:func:`swlab.board.hexmap.labels`).
    """
    regions = tuple(
        Region(rid, terrain, hex_polygon(r, c)) for rid, r, c, terrain in layout.spaces()
    )
    outline = orient(shapely.union_all([reg.polygon for reg in regions]), 1.0)
    if not isinstance(outline, Polygon):
        raise HexLayoutError(_("the rows do not form one connected map"))
    outline = Polygon(outline.exterior)
    return Board(
        name=name,
        players=TM_PLAYERS,
        turns=TM_ROUNDS,
        outline=outline,
        regions=regions,
        profile=PROFILE,
    )


def is_hex_board(board: Board) -> bool:
    """Whether ``board`` declares the Terra Mystica profile."""
    return board.profile == PROFILE


@dataclass(frozen=True)
class Placement:
    """Where each region of a hex board sits: its grid position and the layout."""

    layout: HexLayout
    position: dict[int, tuple[int, int]]
    at: dict[tuple[int, int], int]
    #: ``A1``... for terrain spaces: the row letter and the rank among the row's terrain.
    labels: dict[int, str]


_PLACEMENTS: dict[int, tuple[weakref.ref[Board], Placement]] = {}


def placement(board: Board) -> Placement:
    """The grid position of every region, read from polygon centres (cached per board).

    The hex size comes from the polygons (their mean circumradius), so a map drawn at any
    scale or offset reads the same. Raises :class:`HexLayoutError` for regions that are not
    on one row grid (two on the same place, a gap inside a row).
    """
    cached = _PLACEMENTS.get(id(board))
    if cached is not None and cached[0]() is board:
        return cached[1]
    found = _place(board)
    key = id(board)
    _PLACEMENTS[key] = (weakref.ref(board, lambda _: _PLACEMENTS.pop(key, None)), found)
    return found


def _place(board: Board) -> Placement:
    if not board.regions:
        raise HexLayoutError(
            _("{board}: a hex map needs at least one space").format(board=board.name)
        )
    centres = {r.id: r.polygon.centroid for r in board.regions}
    radius = sum(
        max(math.dist((c.x, c.y), p) for p in r.polygon.exterior.coords)
        for r, c in ((r, centres[r.id]) for r in board.regions)
    ) / len(board.regions)
    top = max(c.y for c in centres.values())
    rows: dict[int, list[tuple[float, int]]] = {}
    for rid, c in centres.items():
        rows.setdefault(round((top - c.y) / (1.5 * radius)), []).append((c.x, rid))
    width = math.sqrt(3) * radius
    left = min(x / width - (r % 2) / 2 for r, items in rows.items() for x, _ in items)
    position: dict[int, tuple[int, int]] = {}
    at: dict[tuple[int, int], int] = {}
    for r, items in rows.items():
        for x, rid in items:
            c = round(x / width - (r % 2) / 2 - left)
            if (r, c) in at:
                raise HexLayoutError(
                    _(
                        "{board}: regions {region} and {other} are both at row {row}, column {col}"
                    ).format(
                        board=board.name, region=at[(r, c)], other=rid, row=row_name(r), col=c + 1
                    )
                )
            position[rid] = (r, c)
            at[(r, c)] = rid
    grid: list[list[str]] = []
    labels: dict[int, str] = {}
    for r in range(max(rows) + 1):
        cols = sorted(c for (rr, c) in at if rr == r)
        if cols != list(range(len(cols))) or not cols:
            raise HexLayoutError(
                _(
                    "{board}: row {row} must be a run of spaces from the left edge (fill a gap "
                    "with river)"
                ).format(board=board.name, row=row_name(r))
            )
        grid.append([_terrain_word(board, at[(r, c)]) for c in cols])
        land = [at[(r, c)] for c in cols if board[at[(r, c)]].terrain != RIVER]
        labels.update({rid: f"{row_name(r)}{k}" for k, rid in enumerate(land, 1)})
    return Placement(HexLayout.of(grid), position, at, labels)


def _terrain_word(board: Board, rid: int) -> str:
    terrain = board[rid].terrain
    return terrain if terrain in TM_TERRAINS else RIVER


def board_layout(board: Board) -> HexLayout:
    """The row layout of a hex board (an unknown terrain reads as river; the checks report
    it)."""
    return placement(board).layout

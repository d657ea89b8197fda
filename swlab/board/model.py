"""The board as data: regions with terrain, symbols and a polygon, inside an outline.

Everything the rules need about a board (adjacency, edge, coastal and first-conquest
regions) is *derived* from the polygons, never typed by hand (R-COMP-6); see
:mod:`swlab.board.geometry`. A :class:`Board` is immutable and computes its topology once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING

from shapely.geometry import Polygon

if TYPE_CHECKING:
    from swlab.board.geometry import Topology


class Terrain(StrEnum):
    """The seven terrains of R-COMP-6; the value is the word used in map files."""

    FARMLAND = "farmland"
    FOREST = "forest"
    HILL = "hill"
    SWAMP = "swamp"
    MOUNTAIN = "mountain"
    SEA = "sea"
    LAKE = "lake"


class Symbol(StrEnum):
    """Symbols printed on a region (R-COMP-6); ``lost_tribe`` marks a Lost Tribe start."""

    MINE = "mine"
    MAGIC = "magic"
    CAVERN = "cavern"
    LOST_TRIBE = "lost_tribe"


WATER: frozenset[str] = frozenset({Terrain.SEA, Terrain.LAKE})
TERRAINS: tuple[str, ...] = tuple(t.value for t in Terrain)
SYMBOLS: tuple[str, ...] = tuple(s.value for s in Symbol)

#: Other words files and people use for a symbol, read as the rulebook's word (R-COMP-6):
#: one word per symbol everywhere, so "cave" on a label never differs from "cavern" in a file.
SYMBOL_ALIASES: dict[str, str] = {"cave": "cavern", "caves": "cavern", "lost tribe": "lost_tribe"}

#: Pieces in the box that limit a board's design (R-COMP-2, R-COMP-5).
LOST_TRIBE_TOKENS = 18
MOUNTAIN_TOKENS = 9

#: The kinds of map one :class:`Board` can hold; the first is the default.
PROFILES: tuple[str, ...] = ("small_world", "terra_mystica")

#: Turn track length per player count (R-COMP-1); 6 is the variant board.
TURNS_BY_PLAYERS: dict[int, int] = {2: 10, 3: 10, 4: 9, 5: 8, 6: 8}


def sort_symbols(symbols: frozenset[str]) -> tuple[str, ...]:
    """Symbols in the canonical order (mine, magic, cavern, lost_tribe, then unknown ones)."""
    known = [s for s in SYMBOLS if s in symbols]
    return tuple(known + sorted(symbols - set(SYMBOLS)))


@dataclass(frozen=True)
class Region:
    """One region of the board.

    ``terrain`` and ``symbols`` are plain strings so that a draft with a misspelt terrain
    can still be loaded, shown and reported by :func:`swlab.board.validate.validate`
    instead of being rejected unread; ``terrain`` is ``""`` for a region a file gave no
    terrain (a GIS export's empty attribute), which the editor's terrain buttons fill in.
    """

    id: int
    terrain: str
    polygon: Polygon
    symbols: frozenset[str] = frozenset()
    name: str | None = None

    @property
    def is_water(self) -> bool:
        """Sea or Lake: never conquered except by Seafaring (R-CONQ-4)."""
        return self.terrain in WATER

    @property
    def is_mountain(self) -> bool:
        """Mountain regions start with a Mountain token (R-SETUP-2)."""
        return self.terrain == Terrain.MOUNTAIN

    def has(self, symbol: str) -> bool:
        """Whether the region carries ``symbol`` (a :class:`Symbol` or its value)."""
        return symbol in self.symbols

    @property
    def label(self) -> str:
        """How the region is named to a learner: ``"Hill (12)"`` or its own name."""
        base = self.name or self.terrain.capitalize() or "?"
        return f"{base} ({self.id})"


@dataclass(frozen=True)
class Board:
    """A board: map-level facts plus its regions (a Small World map, or a Terra Mystica one
    when ``profile`` says so).

    Derived facts live in :attr:`topology` and are computed on first use, so building a
    board (for example while editing) costs nothing until someone asks about borders.
    """

    name: str
    players: int
    turns: int
    outline: Polygon
    regions: tuple[Region, ...]
    #: Which game's map this is: ``"small_world"`` or ``"terra_mystica"`` (hex spaces,
    #: :mod:`swlab.board.hexmap`); stored in the GeoJSON map-level data.
    profile: str = "small_world"
    _by_id: dict[int, Region] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        by_id: dict[int, Region] = {}
        for region in self.regions:
            by_id.setdefault(region.id, region)
        object.__setattr__(self, "_by_id", by_id)

    # --- lookup -------------------------------------------------------------------------
    def __iter__(self) -> Iterator[Region]:
        return iter(self.regions)

    def __len__(self) -> int:
        return len(self.regions)

    def __getitem__(self, region_id: int) -> Region:
        """The region with this id (the first one, should a broken draft repeat an id)."""
        try:
            return self._by_id[region_id]
        except KeyError:
            raise KeyError(f"board {self.name!r} has no region {region_id}") from None

    def __contains__(self, region_id: object) -> bool:
        return region_id in self._by_id

    @property
    def ids(self) -> tuple[int, ...]:
        """Region ids in file order."""
        return tuple(r.id for r in self.regions)

    # --- derived topology (R-COMP-6) ----------------------------------------------------
    @cached_property
    def topology(self) -> Topology:
        """Adjacency, edge, coastal and first-conquest regions derived from the polygons."""
        from swlab.board.geometry import derive_topology

        return derive_topology(self)

    def neighbours(self, region_id: int) -> frozenset[int]:
        """Regions sharing a border of positive length with ``region_id`` (R-CONQ-6)."""
        return self.topology.neighbours(region_id)

    def are_adjacent(self, a: int, b: int) -> bool:
        """Whether regions ``a`` and ``b`` share a border (a shared corner is not one)."""
        return self.topology.graph.has_edge(a, b)

    @property
    def edge_regions(self) -> frozenset[int]:
        """Regions touching the board's outline (R-COMP-6), seas included."""
        return self.topology.edge

    @property
    def coastal_regions(self) -> frozenset[int]:
        """Land regions bordering a Sea or the Lake (R-COMP-6, R-RULING-14)."""
        return self.topology.coastal

    @property
    def first_conquest_regions(self) -> frozenset[int]:
        """Land regions where a race may enter the board (R-CONQ-1, R-COMP-6)."""
        return self.topology.first_conquest

    # --- notebook display ---------------------------------------------------------------
    def _repr_svg_(self) -> str:
        if self.profile == "terra_mystica":
            from swlab.board.hexmap.render import hex_svg

            return hex_svg(self)
        from swlab.board.render import board_svg

        return board_svg(self)

    def __repr__(self) -> str:
        return (
            f"<Board {self.name!r}: {len(self.regions)} regions, "
            f"{self.players} players, {self.turns} turns>"
        )

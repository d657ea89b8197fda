"""What the engine needs to know about a board, precomputed once and shared by all states.

The engine depends only on the narrow :class:`BoardLike` protocol (region ids, terrain,
symbols, borders and the edge / coastal / first-conquest sets, R-COMP-6), which
:class:`swlab.board.Board` satisfies and so does any graph-built board. :class:`Geo` turns it
into index-based lookups: inside the engine a region is its position in ``board.ids``.

The tables are built once per board object (:meth:`Geo.from_board` keeps them while the
board lives, in a mapping that does not keep the board alive), so that every game on the
same board shares them: on a 5,000-region board building them walks 15,000 borders.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from swlab import names
from swlab.i18n import SOURCE, language

T = TypeVar("T")

WATER_TERRAINS = frozenset({"sea", "lake"})


class RegionLike(Protocol):
    """One region as the engine reads it (``swlab.board.Region`` fits)."""

    @property
    def id(self) -> int: ...
    @property
    def terrain(self) -> str: ...
    @property
    def symbols(self) -> frozenset[str]: ...
    @property
    def label(self) -> str: ...


class BoardLike(Protocol):
    """A board as the engine reads it (``swlab.board.Board`` fits)."""

    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def ids(self) -> tuple[int, ...]: ...
    def __getitem__(self, region_id: int) -> RegionLike: ...
    def neighbours(self, region_id: int) -> frozenset[int]: ...
    @property
    def edge_regions(self) -> frozenset[int]: ...
    @property
    def coastal_regions(self) -> frozenset[int]: ...
    @property
    def first_conquest_regions(self) -> frozenset[int]: ...


#: id(board) -> the tables of :class:`Geo` made for that board object; an entry leaves when
#: its board is collected (the tables hold no reference to the board).
_TABLES: dict[int, dict[str, Any]] = {}


@dataclass(frozen=True, eq=False)
class Geo:
    """Index-based facts about one board; build it with :meth:`from_board`.

    Every tuple is indexed by region position (``index[region_id]``). All values are shared
    by the games on one board and must never be changed.
    """

    board: BoardLike
    name: str
    turns: int
    ids: tuple[int, ...]
    index: dict[int, int]
    terrain: tuple[str, ...]
    symbols: tuple[frozenset[str], ...]
    labels: tuple[str, ...]
    water: tuple[bool, ...]
    water_set: frozenset[int]  #: the positions where ``water`` is true
    mountain: tuple[bool, ...]
    neighbours: tuple[frozenset[int], ...]
    edge: frozenset[int]
    coastal: frozenset[int]
    first_conquest: frozenset[int]
    #: the positions carrying each symbol ("cavern": Underworld's caverns, ...)
    by_symbol: dict[str, frozenset[int]] = field(default_factory=dict, repr=False)
    #: the positions of each terrain
    by_terrain: dict[str, frozenset[int]] = field(default_factory=dict, repr=False)
    #: values derived from the board alone, made once and shared (see :meth:`per_board`)
    shared: dict[Hashable, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_board(cls, board: BoardLike) -> Geo:
        """The board's facts, built on the first call for this board object and shared by
        the later ones (each game gets its own :class:`Geo` over the same tables)."""
        key = id(board)
        tables = _TABLES.get(key)
        if tables is None:
            tables = _tables(board)
            try:
                weakref.finalize(board, _TABLES.pop, key, None)
            except TypeError:  # a board that takes no weak reference: tables not kept
                return cls(board=board, **tables)
            _TABLES[key] = tables
        return cls(board=board, **tables)

    def __len__(self) -> int:
        return len(self.ids)

    def per_board(self, key: Hashable, make: Callable[[Geo], T]) -> T:
        """``make(self)``, made once per board and kept: for immutable values that depend
        on the board alone (the regions at setup, ...)."""
        try:
            value: T = self.shared[key]
        except KeyError:
            value = self.shared[key] = make(self)
        return value

    def per_region(self, make: Callable[[int], T]) -> tuple[T, ...]:
        """``make(region_id)`` for every region position, made once per board and kept.

        For immutable values asked again and again: ``legal_actions`` lists the same
        ``conquer 12`` / ``place 12`` actions at every call, and shares them.
        """
        values: tuple[T, ...] | None = self.shared.get(make)
        if values is None:
            values = self.shared[make] = tuple(make(rid) for rid in self.ids)
        return values

    def has(self, i: int, symbol: str) -> bool:
        """Whether region position ``i`` carries ``symbol`` (mine, magic, cavern...)."""
        return symbol in self.symbols[i]

    def with_symbol(self, symbol: str) -> frozenset[int]:
        """The positions carrying ``symbol`` (empty for a symbol the board does not use)."""
        return self.by_symbol.get(symbol, frozenset())

    def with_terrain(self, *terrains: str) -> frozenset[int]:
        """The positions of any of ``terrains`` (the union made once per board)."""
        if len(terrains) == 1:
            return self.by_terrain.get(terrains[0], frozenset())
        key = ("terrains", frozenset(terrains))
        found: frozenset[int] | None = self.shared.get(key)
        if found is None:
            found = self.shared[key] = frozenset().union(
                *(self.by_terrain.get(t, ()) for t in terrains)
            )
        return found

    @property
    def land(self) -> frozenset[int]:
        """Every position that is not water (made once per board)."""
        return self.per_board("land", lambda geo: frozenset(range(len(geo))) - geo.water_set)

    @property
    def coastal_land(self) -> frozenset[int]:
        """The coastal positions that are land (R-RULING-14), made once per board."""
        return self.per_board("coastal land", lambda geo: geo.coastal - geo.water_set)

    def label(self, i: int) -> str:
        """``"Hill (12)"`` for region position ``i``: a region without a name of its own is
        named by its terrain, in the language in effect."""
        text = self.labels[i]
        if language() == SOURCE:
            return text
        rid, terrain = self.ids[i], self.terrain[i]
        if text == f"{terrain.capitalize()} ({rid})":
            return names.region_label("", terrain, rid)
        return text


def _tables(board: BoardLike) -> dict[str, Any]:
    """Every field of :class:`Geo` but the board, read from ``board`` (R-COMP-6)."""
    ids = tuple(board.ids)
    index = {rid: i for i, rid in enumerate(ids)}
    regions = [board[rid] for rid in ids]

    def idx(values: Iterable[int]) -> frozenset[int]:
        return frozenset(index[v] for v in values if v in index)

    symbols = tuple(frozenset(r.symbols) for r in regions)
    by_symbol: dict[str, set[int]] = {}
    by_terrain: dict[str, set[int]] = {}
    for i, own in enumerate(symbols):
        for symbol in own:
            by_symbol.setdefault(symbol, set()).add(i)
        by_terrain.setdefault(regions[i].terrain, set()).add(i)
    return {
        "name": board.name,
        "turns": board.turns,
        "ids": ids,
        "index": index,
        "terrain": tuple(r.terrain for r in regions),
        "symbols": symbols,
        "labels": tuple(r.label for r in regions),
        "water": tuple(r.terrain in WATER_TERRAINS for r in regions),
        "water_set": frozenset(i for i, r in enumerate(regions) if r.terrain in WATER_TERRAINS),
        "mountain": tuple(r.terrain == "mountain" for r in regions),
        "neighbours": tuple(idx(board.neighbours(rid)) for rid in ids),
        "edge": idx(board.edge_regions),
        "coastal": idx(board.coastal_regions),
        "first_conquest": idx(board.first_conquest_regions),
        "by_symbol": {symbol: frozenset(found) for symbol, found in by_symbol.items()},
        "by_terrain": {terrain: frozenset(found) for terrain, found in by_terrain.items()},
        "shared": {},
    }

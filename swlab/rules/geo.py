"""What the engine needs to know about a board, precomputed once and shared by all states.

The engine depends only on the narrow :class:`BoardLike` protocol (region ids, terrain,
symbols, borders and the edge / coastal / first-conquest sets, R-COMP-6), which
:class:`swlab.board.Board` satisfies and so does any graph-built board. :class:`Geo` turns it
into index-based lookups: inside the engine a region is its position in ``board.ids``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol, TypeVar

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


@dataclass(frozen=True, eq=False)
class Geo:
    """Index-based facts about one board; build it with :meth:`from_board`.

    Every tuple is indexed by region position (``index[region_id]``).
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

    @classmethod
    def from_board(cls, board: BoardLike) -> Geo:
        ids = tuple(board.ids)
        index = {rid: i for i, rid in enumerate(ids)}
        regions = [board[rid] for rid in ids]

        def idx(values: Iterable[int]) -> frozenset[int]:
            return frozenset(index[v] for v in values if v in index)

        return cls(
            board=board,
            name=board.name,
            turns=board.turns,
            ids=ids,
            index=index,
            terrain=tuple(r.terrain for r in regions),
            symbols=tuple(frozenset(r.symbols) for r in regions),
            labels=tuple(r.label for r in regions),
            water=tuple(r.terrain in WATER_TERRAINS for r in regions),
            water_set=frozenset(i for i, r in enumerate(regions) if r.terrain in WATER_TERRAINS),
            mountain=tuple(r.terrain == "mountain" for r in regions),
            neighbours=tuple(idx(board.neighbours(rid)) for rid in ids),
            edge=idx(board.edge_regions),
            coastal=idx(board.coastal_regions),
            first_conquest=idx(board.first_conquest_regions),
        )

    def __len__(self) -> int:
        return len(self.ids)

    @cached_property
    def _per_region(self) -> dict[Hashable, tuple[Any, ...]]:
        return {}

    def per_region(self, make: Callable[[int], T]) -> tuple[T, ...]:
        """``make(region_id)`` for every region position, made once per board and kept.

        For immutable values asked again and again: ``legal_actions`` lists the same
        ``conquer 12`` / ``place 12`` actions at every call, and shares them.
        """
        values = self._per_region.get(make)
        if values is None:
            values = self._per_region[make] = tuple(make(rid) for rid in self.ids)
        return values

    def has(self, i: int, symbol: str) -> bool:
        """Whether region position ``i`` carries ``symbol`` (mine, magic, cavern...)."""
        return symbol in self.symbols[i]

    def label(self, i: int) -> str:
        """``"Hill (12)"`` for region position ``i``."""
        return self.labels[i]

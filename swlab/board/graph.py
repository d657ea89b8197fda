"""Region graphs: a board as facts only (terrain, symbols, edge contact, borders), no shapes.

The format (``maps/graphs/README.md`` describes it field by field) is what the
reference maps in ``maps/graphs/`` use, what ``swlab map from-graph`` draws
polygons for, and what a scenario may write inline as its ``board:``. This module is its
one reader: :func:`parse_graph` checks a decoded document and :func:`read_graph` a file;
:class:`GraphBoard` is a graph the rules engine can play on (it reads as the engine
reads a board). Only the standard library is imported here, so the
rules engine and the scenario loader can read graphs without the geometry stack.

>>> board = GraphBoard.from_graph(parse_graph({
...     "name": "pair", "players": 2, "turns": 3, "regions": [
...         {"id": 1, "terrain": "hill", "edge": True, "neighbours": [2]},
...         {"id": 2, "terrain": "lake", "neighbours": [1]}]}))
>>> sorted(board.first_conquest_regions), sorted(board.coastal_regions)
([1], [1])
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from swlab.board.model import Board

__all__ = [
    "GRAPH_SYMBOLS",
    "GRAPH_TERRAINS",
    "GraphBoard",
    "GraphBoardRegion",
    "GraphError",
    "GraphRegion",
    "RegionGraph",
    "board_to_graph",
    "check_graph",
    "parse_graph",
    "read_graph",
    "read_graph_document",
]

#: Terrains a region may have (R-COMP-6); the same list as :data:`swlab.board.model.TERRAINS`.
GRAPH_TERRAINS: tuple[str, ...] = ("farmland", "forest", "hill", "swamp", "mountain", "sea", "lake")
#: Symbols a region may show; the same list as :data:`swlab.board.model.SYMBOLS`.
GRAPH_SYMBOLS: tuple[str, ...] = ("mine", "magic", "cavern", "lost_tribe")
_WATER = frozenset({"sea", "lake"})
_TOP_KEYS = ("name", "players", "turns", "regions", "notes", "edge_cycle")
_REGION_KEYS = ("id", "terrain", "symbols", "edge", "neighbours", "xy", "name")
_CYCLE_NOTE = re.compile(r"Board-edge cycle:\s*\[([^\]]*)\]")


class GraphError(ValueError):
    """A region graph that cannot be read or drawn; the message names the file and field."""


class _RegionFacts:
    """What the engine asks of a graph region (:class:`~swlab.rules.geo.BoardLike`)."""

    id: int
    terrain: str
    symbols: Collection[str]

    @property
    def is_water(self) -> bool:
        return self.terrain in _WATER

    @property
    def is_mountain(self) -> bool:
        return self.terrain == "mountain"

    def has(self, symbol: str) -> bool:
        return symbol in self.symbols

    @property
    def label(self) -> str:
        """``"Hill (3)"``, as the engine's messages name a region."""
        return f"{self.terrain.capitalize()} ({self.id})"


@dataclass(frozen=True)
class GraphRegion(_RegionFacts):
    """One region of a region graph: facts only, no geometry.

    ``xy`` is an optional anchor (image pixels, y down) used to imitate a printed layout.
    """

    id: int
    terrain: str
    symbols: tuple[str, ...]
    edge: bool
    neighbours: tuple[int, ...]
    xy: tuple[float, float] | None = None
    name: str | None = None


@dataclass(frozen=True)
class RegionGraph:
    """A board as a graph; ``edge_cycle`` is the order of edge regions around the outside."""

    name: str
    players: int
    turns: int
    regions: tuple[GraphRegion, ...]
    edge_cycle: tuple[int, ...] | None = None


# --- reading ----------------------------------------------------------------------------


def _describe(value: Any) -> str:
    return "true/false" if isinstance(value, bool) else repr(value)


def _int(value: Any, where: str) -> int:
    """An integer field; bools are rejected because JSON ``true`` is not an id."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise GraphError(f"{where}: expected an integer, got {_describe(value)}")
    return value


def _int_list(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise GraphError(f"{where}: expected a list of integers, got {_describe(value)}")
    return tuple(_int(item, f"{where}[{i}]") for i, item in enumerate(value))


def _unknown_keys(raw: Mapping[Any, Any], known: tuple[str, ...], where: str) -> None:
    extra = [str(k) for k in raw if k not in known]
    if extra:
        prefix = f"{where}: " if where else ""
        raise GraphError(f"{prefix}unknown field {extra[0]!r} (fields: {', '.join(known)})")


def _check_length(text: str, where: str) -> None:
    """A name no longer than ``swlab.safe_io.FIELD_LIMITS["name"]`` characters."""
    from swlab.safe_io import FIELD_LIMITS

    limit = FIELD_LIMITS["name"]
    if len(text) > limit:
        raise GraphError(f"{where}: {len(text):,} characters, more than the {limit:,} allowed")


def _region(raw: Any, where: str) -> GraphRegion:
    """One entry of ``regions``: ``id`` and ``terrain`` required, the rest optional."""
    if not isinstance(raw, dict):
        raise GraphError(f"{where}: expected an object, got {_describe(raw)}")
    missing = [key for key in ("id", "terrain") if key not in raw]
    if missing:
        raise GraphError(f"{where}: missing field(s) {', '.join(missing)}")
    region_id = _int(raw["id"], f"{where}.id")
    where = f"{where} (region {region_id})"
    _unknown_keys(raw, _REGION_KEYS, where)
    terrain = raw["terrain"]
    if not isinstance(terrain, str):
        raise GraphError(f"{where}.terrain: expected a string, got {_describe(terrain)}")
    if terrain not in GRAPH_TERRAINS:
        raise GraphError(
            f"{where}.terrain: unknown terrain {terrain!r} (one of {', '.join(GRAPH_TERRAINS)})"
        )
    symbols = raw.get("symbols", [])
    if not isinstance(symbols, list) or not all(isinstance(s, str) for s in symbols):
        raise GraphError(f"{where}.symbols: expected a list of strings, got {symbols!r}")
    for symbol in symbols:
        if symbol not in GRAPH_SYMBOLS:
            raise GraphError(
                f"{where}.symbols: unknown symbol {symbol!r} (any of {', '.join(GRAPH_SYMBOLS)})"
            )
    edge = raw.get("edge", False)
    if not isinstance(edge, bool):
        raise GraphError(f"{where}.edge: expected true or false, got {edge!r}")
    neighbours = _int_list(raw.get("neighbours", []), f"{where}.neighbours")
    xy: tuple[float, float] | None = None
    if raw.get("xy") is not None:
        value = raw["xy"]
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            raise GraphError(f"{where}.xy: expected [x, y] numbers, got {value!r}")
        xy = (float(value[0]), float(value[1]))
    name = raw.get("name")
    if name is not None and not isinstance(name, str):
        raise GraphError(f"{where}.name: expected a string, got {name!r}")
    if name is not None:
        _check_length(name, f"{where}.name")
    return GraphRegion(region_id, terrain, tuple(symbols), edge, neighbours, xy, name)


def _edge_cycle(document: Mapping[str, Any]) -> tuple[int, ...] | None:
    """From an ``edge_cycle`` key, or from a ``Board-edge cycle: [...]`` note."""
    if "edge_cycle" in document:
        return _int_list(document["edge_cycle"], "edge_cycle")
    notes = document.get("notes", [])
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise GraphError(f"notes: expected a list of strings, got {notes!r}")
    for note in notes:
        match = _CYCLE_NOTE.search(note)
        if match:
            items = [s.strip() for s in match.group(1).split(",") if s.strip()]
            if not all(re.fullmatch(r"-?\d+", s) for s in items):
                raise GraphError(f"notes: unreadable board-edge cycle {match.group(0)!r}")
            return tuple(int(s) for s in items)
    return None


def parse_graph(
    document: Any, source: str = "", *, default_name: str = "custom board"
) -> RegionGraph:
    """A decoded region-graph document, checked field by field.

    ``regions`` is required; ``name`` (default ``default_name``), ``players`` (2) and
    ``turns`` (10) are optional, as are each region's ``symbols``, ``edge``,
    ``neighbours``, ``xy`` and ``name``. Ids must be unique and every neighbour a region;
    a neighbour listed on one side only is accepted here (the engine reads borders both
    ways) and refused by :func:`check_graph`, which drawing needs. A mistake raises
    :class:`GraphError` naming ``source`` (a file, or ``board`` in a scenario), the region
    and the field.
    """
    try:
        if not isinstance(document, dict):
            raise GraphError(f"expected a JSON object at the top level, got {_describe(document)}")
        _unknown_keys(document, _TOP_KEYS, "")
        name = document.get("name", default_name)
        if not isinstance(name, str):
            raise GraphError(f"name: expected a string, got {_describe(name)}")
        _check_length(name, "name")
        players = _int(document.get("players", 2), "players")
        turns = _int(document.get("turns", 10), "turns")
        raw_regions = document.get("regions")
        if not isinstance(raw_regions, list) or not raw_regions:
            raise GraphError("regions: expected a non-empty list of regions")
        regions = tuple(_region(raw, f"regions[{i}]") for i, raw in enumerate(raw_regions))
        graph = RegionGraph(name, players, turns, regions, _edge_cycle(document))
        _check_ids(graph)
        return graph
    except GraphError as error:
        if not source:
            raise
        raise GraphError(f"{source}: {error}") from None


def _check_ids(graph: RegionGraph) -> None:
    """Unique ids; every neighbour is another region of the graph."""
    seen: set[int] = set()
    for region in graph.regions:
        if region.id in seen:
            raise GraphError(f"region {region.id}: duplicate id")
        seen.add(region.id)
    for region in graph.regions:
        for other in region.neighbours:
            if other == region.id:
                raise GraphError(f"region {region.id}: lists itself as a neighbour")
            if other not in seen:
                raise GraphError(f"region {region.id}: unknown neighbour id {other}")


def check_graph(graph: RegionGraph) -> None:
    """What drawing a graph needs: the checks of :func:`parse_graph` (unique ids, known
    neighbours), symmetric neighbour lists, at least three edge regions, and an edge cycle
    that lists each edge region once."""
    _check_ids(graph)
    by_id = {r.id: r for r in graph.regions}
    pairs = sorted({(min(r.id, n), max(r.id, n)) for r in graph.regions for n in r.neighbours})
    for a, b in pairs:
        missing = [(x, y) for x, y in ((a, b), (b, a)) if y not in by_id[x].neighbours]
        if missing:
            x, y = missing[0]
            raise GraphError(
                f"region {x}: neighbour list lacks {y}, but region {y} lists {x} (asymmetric)"
            )
    edges = [r.id for r in graph.regions if r.edge]
    if len(edges) < 3:
        raise GraphError(f"need at least 3 edge regions to surround the board, got {edges}")
    if graph.edge_cycle is not None:
        cycle = graph.edge_cycle
        if sorted(cycle) != sorted(edges):
            extra = sorted(set(cycle) - set(edges))
            lacking = sorted(set(edges) - set(cycle))
            repeated = sorted({c for c in cycle if cycle.count(c) > 1})
            raise GraphError(
                "edge cycle does not list each edge region once "
                f"(not edge regions: {extra}, missing: {lacking}, repeated: {repeated})"
            )


def read_graph_document(path: str | Path) -> Any:
    """The decoded JSON of a region-graph file, read by :mod:`swlab.safe_io` (regular files
    only, at most ``LIMITS["graph"]`` bytes, UTF-8, bounded nesting); :class:`GraphError`
    names the file."""
    from swlab.safe_io import InputRefused, parse_json, read_text

    try:
        return parse_json(read_text(path, "graph"))
    except InputRefused as error:
        raise GraphError(f"{path}: cannot read region graph: {error.reason}") from None


def read_graph(path: str | Path) -> RegionGraph:
    """Read a region-graph file and check that it can be drawn (:func:`check_graph`).

    The name defaults to the file's stem. Malformed input raises :class:`GraphError`
    naming the file and the offending field or region.
    """
    source = str(path)
    document = read_graph_document(path)
    graph = parse_graph(document, source, default_name=Path(path).stem)
    try:
        check_graph(graph)
    except GraphError as error:
        raise GraphError(f"{source}: {error}") from None
    return graph


# --- a graph as a board the engine plays on ---------------------------------------------


@dataclass(frozen=True)
class GraphBoardRegion(_RegionFacts):
    """A region as :class:`GraphBoard` shows it to the engine (symbols as a set)."""

    id: int
    terrain: str
    symbols: frozenset[str] = frozenset()


@dataclass(frozen=True, eq=False)
class GraphBoard:
    """A board made of a region graph (a shipped graph, a ``.json`` file, a scenario's
    inline board): satisfies :class:`~swlab.rules.geo.BoardLike`.

    Borders count both ways whichever side lists them. The coastal and first-conquest
    regions are derived as R-COMP-6 says: land regions bordering water, and land edge
    regions or land regions bordering a Sea that touches the edge (R-CONQ-1).
    """

    name: str
    players: int
    turns: int
    regions: tuple[GraphBoardRegion, ...]
    adjacency: Mapping[int, frozenset[int]]
    edge: frozenset[int]
    _by_id: dict[int, GraphBoardRegion] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update({r.id: r for r in self.regions})

    @classmethod
    def from_graph(cls, graph: RegionGraph) -> GraphBoard:
        adjacency: dict[int, set[int]] = {r.id: set() for r in graph.regions}
        for region in graph.regions:
            for other in region.neighbours:
                adjacency[region.id].add(other)
                adjacency[other].add(region.id)
        return cls(
            graph.name,
            graph.players,
            graph.turns,
            tuple(GraphBoardRegion(r.id, r.terrain, frozenset(r.symbols)) for r in graph.regions),
            {k: frozenset(v) for k, v in adjacency.items()},
            frozenset(r.id for r in graph.regions if r.edge),
        )

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(r.id for r in self.regions)

    def __getitem__(self, region_id: int) -> GraphBoardRegion:
        return self._by_id[region_id]

    def __len__(self) -> int:
        return len(self.regions)

    def neighbours(self, region_id: int) -> frozenset[int]:
        return self.adjacency[region_id]

    def are_adjacent(self, a: int, b: int) -> bool:
        return b in self.adjacency[a]

    @property
    def edge_regions(self) -> frozenset[int]:
        return self.edge

    @cached_property
    def coastal_regions(self) -> frozenset[int]:
        return frozenset(
            r.id
            for r in self.regions
            if not r.is_water and any(self[n].is_water for n in self.adjacency[r.id])
        )

    @cached_property
    def first_conquest_regions(self) -> frozenset[int]:
        seas = {i for i in self.edge if self[i].terrain == "sea"}
        return frozenset(
            r.id
            for r in self.regions
            if not r.is_water and (r.id in self.edge or self.adjacency[r.id] & seas)
        )

    def __repr__(self) -> str:
        return f"<GraphBoard {self.name}: {len(self.regions)} regions, {self.players} players>"


def board_to_graph(board: Board | GraphBoard) -> dict[str, Any]:
    """Any board as a region-graph document (what a scenario writes inline for a board
    that has no file or shipped name)."""
    return {
        "name": board.name,
        "players": board.players,
        "turns": board.turns,
        "regions": [
            {
                "id": rid,
                "terrain": board[rid].terrain,
                "symbols": sorted(board[rid].symbols),
                "edge": rid in board.edge_regions,
                "neighbours": sorted(board.neighbours(rid)),
            }
            for rid in board.ids
        ],
    }

"""Who borders whom on a hex map, in the seed's words: direct, bridge, shipping, tunnelling.

Everything is derived from the board's polygons (its shared edges,
:attr:`~swlab.board.model.Board.topology`), never typed:

- **direct** adjacency: two spaces share a hex edge (or two terrain spaces a built bridge);
- a **bridge slot**: two terrain spaces, not neighbours, whose only two common neighbours
  are both river spaces; the bridge would span the edge between those two river spaces;
- **indirect** adjacency at shipping *s*: two terrain spaces not directly adjacent, joined
  by a path whose inner spaces are all river, at most *s* of them (0 to 3; Mermaids 5);
- **tunnelling / carpet flight** over *k*: terrain spaces at distance 2 to *k* + 1 through
  any spaces (Dwarves tunnel over 1; Fakirs fly a carpet over 1 to 4);
- **land masses**: terrain spaces connected when the river is a barrier.

Graphs are :mod:`networkx` graphs over region ids with node attributes ``terrain``,
``label``, ``row`` and ``col``; :func:`edge_table` turns any of them into a pandas table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx
import pandas as pd

from swlab.board.hexmap.layout import placement, row_name
from swlab.board.hexmap.terrain import RIVER, WHEEL, terraform_distance
from swlab.board.model import Board
from swlab.i18n import _

__all__ = [
    "MAX_SHIPPING",
    "BridgeSlot",
    "bridge_slots",
    "bridge_table",
    "direct_graph",
    "edge_table",
    "labels",
    "land_masses",
    "reach",
    "river_networks",
    "shipping_graph",
    "space_name",
    "space_table",
    "terraform_table",
    "tunnel_graph",
]

#: The largest shipping value of any faction (Mermaids with every upgrade).
MAX_SHIPPING = 5

Bridge = tuple[int, int]


def is_terrain(board: Board, rid: int) -> bool:
    """Whether space ``rid`` is land (not the river): only land can be built on."""
    return board[rid].terrain != RIVER


def labels(board: Board) -> dict[int, str]:
    """``A1``, ``A2``...: the row letter and the rank of a *terrain* space in its row.

    River spaces have no label (the reference's convention); they are absent here.
    """
    return dict(placement(board).labels)


def space_name(board: Board, rid: int) -> str:
    """How a message names a space: its label, or ``river (B, col 2)`` for a river space
    (its row and its column counting every space, as it has no label)."""
    if is_terrain(board, rid):
        return placement(board).labels[rid]
    r, c = placement(board).position[rid]
    return _("river ({row}, col {col})").format(row=row_name(r), col=c + 1)


def space_table(board: Board) -> pd.DataFrame:
    """One row per space: ``id``, ``label`` (empty for river), ``row``, ``col`` (1-based
    column counting every space), ``terrain``, and ``neighbours`` (direct)."""
    place = placement(board)
    names = labels(board)
    graph = board.topology.graph
    rows = [
        {
            "id": rid,
            "label": names.get(rid, ""),
            "row": row_name(place.position[rid][0]),
            "col": place.position[rid][1] + 1,
            "terrain": board[rid].terrain,
            "neighbours": graph.degree(rid),
        }
        for rid in board.ids
    ]
    return pd.DataFrame(rows).set_index("id")


def _graph_nodes(board: Board, only_terrain: bool) -> nx.Graph[int]:
    place = placement(board)
    names = labels(board)
    graph: nx.Graph[int] = nx.Graph()
    for region in board.regions:
        if only_terrain and region.terrain == RIVER:
            continue
        r, c = place.position[region.id]
        graph.add_node(
            region.id, terrain=region.terrain, label=names.get(region.id, ""), row=r, col=c
        )
    return graph


def direct_graph(board: Board, bridges: Iterable[Bridge] = ()) -> nx.Graph[int]:
    """Every space, an edge (``kind="edge"``) per shared hex edge, plus ``kind="bridge"``
    edges for built ``bridges`` (pairs of terrain space ids, see :func:`bridge_slots`)."""
    graph = _graph_nodes(board, only_terrain=False)
    graph.add_edges_from(board.topology.graph.edges, kind="edge")
    for a, b in bridges:
        graph.add_edge(a, b, kind="bridge")
    return graph


@dataclass(frozen=True)
class BridgeSlot:
    """Where a bridge can be built: terrain spaces ``a`` < ``b`` and the two river spaces
    whose shared edge it spans."""

    a: int
    b: int
    rivers: tuple[int, int]


def bridge_slots(board: Board) -> list[BridgeSlot]:
    """Every bridge slot, sorted: terrain pairs, not neighbours, with exactly two common
    neighbours, both river."""
    graph = board.topology.graph
    slots: set[BridgeSlot] = set()
    for river in (rid for rid in board.ids if not is_terrain(board, rid)):
        for other in graph.adj[river]:
            if is_terrain(board, other) or other < river:
                continue
            common = set(graph.adj[river]) & set(graph.adj[other])
            ends = sorted(x for x in common if is_terrain(board, x))
            for k, a in enumerate(ends):
                for b in ends[k + 1 :]:
                    shared = set(graph.adj[a]) & set(graph.adj[b])
                    if b in graph.adj[a] or shared != {river, other}:
                        continue
                    slots.add(BridgeSlot(a, b, (river, other)))
    return sorted(slots, key=lambda s: (s.a, s.b))


def bridge_table(board: Board) -> pd.DataFrame:
    """The bridge slots as a table: the two terrain labels and the two river spaces."""
    rows = [
        {
            "a": labels(board)[s.a],
            "b": labels(board)[s.b],
            "river_1": space_name(board, s.rivers[0]),
            "river_2": space_name(board, s.rivers[1]),
        }
        for s in bridge_slots(board)
    ]
    return pd.DataFrame(rows, columns=["a", "b", "river_1", "river_2"])


def _river_depths(board: Board, start: int, limit: int) -> dict[int, int]:
    """River spaces reachable from terrain ``start`` through river only: the number of
    river spaces on the shortest such path, up to ``limit``."""
    graph = board.topology.graph
    depth: dict[int, int] = {}
    frontier = [n for n in graph.adj[start] if not is_terrain(board, n)]
    for n in frontier:
        depth[n] = 1
    step = 1
    while frontier and step < limit:
        step += 1
        nxt = []
        for river in frontier:
            for n in graph.adj[river]:
                if n not in depth and not is_terrain(board, n):
                    depth[n] = step
                    nxt.append(n)
        frontier = nxt
    return depth


def shipping_graph(board: Board, shipping: int, bridges: Iterable[Bridge] = ()) -> nx.Graph[int]:
    """Terrain spaces, an edge per **indirect** adjacency at ``shipping`` (0 to
    :data:`MAX_SHIPPING`), with ``rivers``: the fewest river spaces crossed. Pairs that are
    directly adjacent (an edge or a built bridge) are left out, as the seed says."""
    if not 0 <= shipping <= MAX_SHIPPING:
        raise ValueError(f"shipping is 0 to {MAX_SHIPPING}, not {shipping}")
    direct = direct_graph(board, bridges)
    graph = _graph_nodes(board, only_terrain=True)
    if shipping == 0:
        return graph
    topo = board.topology.graph
    for start in graph.nodes:
        depth = _river_depths(board, start, shipping)
        for river, d in depth.items():
            for n in topo.adj[river]:
                if n == start or not is_terrain(board, n) or direct.has_edge(start, n):
                    continue
                if not graph.has_edge(start, n) or graph.edges[start, n]["rivers"] > d:
                    graph.add_edge(start, n, rivers=d)
    return graph


def tunnel_graph(board: Board, over: int) -> nx.Graph[int]:
    """Terrain spaces, an edge per pair at distance 2 to ``over`` + 1 through any spaces
    (``distance`` attribute): tunnelling (Dwarves, ``over=1``) or carpet flight (Fakirs,
    1 to 4)."""
    if over < 0:
        raise ValueError(f"the range is 0 or more, not {over}")
    graph = _graph_nodes(board, only_terrain=True)
    topo = board.topology.graph
    for start in graph.nodes:
        lengths = nx.single_source_shortest_path_length(topo, start, cutoff=over + 1)
        for n, d in lengths.items():
            if d >= 2 and n in graph and n > start:
                graph.add_edge(start, n, distance=d)
    return graph


def reach(
    board: Board,
    space: int,
    shipping: int = 0,
    tunnelling: int = 0,
    bridges: Iterable[Bridge] = (),
) -> dict[str, frozenset[int]]:
    """What a faction on ``space`` borders: ``direct`` (terrain neighbours and built
    bridges), ``shipping`` (indirect over the river), ``tunnelling`` (indirect over land or
    river, for a range above 0), each without the sets before it."""
    bridges = tuple(bridges)
    direct = direct_graph(board, bridges)
    near = frozenset(n for n in direct.adj[space] if is_terrain(board, n))
    ship = frozenset(shipping_graph(board, shipping, bridges).adj[space]) - near
    tunnel: frozenset[int] = frozenset()
    if tunnelling:
        tunnel = frozenset(tunnel_graph(board, tunnelling).adj[space]) - near - ship
    return {"direct": near, "shipping": ship, "tunnelling": tunnel}


def land_masses(board: Board, bridges: Iterable[Bridge] = ()) -> list[frozenset[int]]:
    """Groups of terrain spaces connected by land (and built bridges), the river a barrier;
    largest first, then by smallest id."""
    direct = direct_graph(board, bridges)
    land = direct.subgraph(n for n in direct if is_terrain(board, n))
    groups = [frozenset(c) for c in nx.connected_components(land)]
    return sorted(groups, key=lambda g: (-len(g), min(g)))


def river_networks(board: Board) -> list[frozenset[int]]:
    """Groups of river spaces connected through the river, largest first."""
    topo = board.topology.graph
    river = topo.subgraph(n for n in board.ids if not is_terrain(board, n))
    groups = [frozenset(c) for c in nx.connected_components(river)]
    return sorted(groups, key=lambda g: (-len(g), min(g)))


def edge_table(board: Board, graph: nx.Graph[int]) -> pd.DataFrame:
    """The edges of ``graph`` as a table: ``a``, ``b`` (names, ``a`` the smaller id) and the
    edge attributes, sorted by id."""
    rows = []
    for a, b, data in sorted((min(a, b), max(a, b), d) for a, b, d in graph.edges(data=True)):
        rows.append({"a": space_name(board, a), "b": space_name(board, b), **data})
    return pd.DataFrame(rows)


def terraform_table() -> pd.DataFrame:
    """Spades from each terrain (rows) to each other (columns): the wheel as a table."""
    return pd.DataFrame(
        [[terraform_distance(a, b) for b in WHEEL] for a in WHEEL],
        index=pd.Index(WHEEL, name="from"),
        columns=pd.Index(WHEEL, name="to"),
    )

"""The Terra Mystica base map and what the hex profile derives from its polygons.

Every expectation is computed here, independently, from the row layout of the reference
(terra_mystica_base.md) and its neighbour rule, never from the package's own grid code.
"""

from __future__ import annotations

from collections import Counter, deque
from itertools import combinations

import networkx as nx
import pytest

from swlab.board import Board
from swlab.board.catalog import load_board
from swlab.board.hexmap import (
    MAX_SHIPPING,
    base_map,
    board_layout,
    bridge_slots,
    bridge_table,
    check,
    direct_graph,
    edge_table,
    errors,
    is_hex_board,
    labels,
    land_masses,
    reach,
    river_networks,
    shipping_graph,
    space_table,
    terraform_distance,
    terraform_table,
    tunnel_graph,
)

#: The reference's rows, copied from terra_mystica_base.md.
REFERENCE = """
A: U S G B Y R U K R G B R K
B:  Y ~ ~ U K ~ ~ Y K ~ ~ Y
C: ~ ~ K ~ S ~ G ~ G ~ S ~ ~
D:  G B Y ~ ~ R B ~ R ~ R U
E: K U R B K U S Y ~ ~ G K B
F:  S G ~ ~ Y G ~ ~ ~ U S U
G: ~ ~ ~ S ~ R ~ G ~ Y K B Y
H:  Y B U ~ ~ ~ B K ~ S U S
I: R K S B R G Y U S ~ B G R
"""
WORDS = {"U": "plains", "K": "swamp", "B": "lakes", "G": "forest", "S": "mountains",
         "R": "wasteland", "Y": "desert", "~": "river"}  # fmt: skip
GRID = [line.split(":")[1].split() for line in REFERENCE.strip().splitlines()]
Cell = tuple[int, int]
#: Region id -> its cell in the reference grid.
Cells = dict[int, Cell]


def cells() -> list[Cell]:
    return [(r, c) for r, row in enumerate(GRID) for c in range(len(row))]


def river(cell: Cell) -> bool:
    return GRID[cell[0]][cell[1]] == "~"


def grid_neighbours(cell: Cell) -> set[Cell]:
    """The reference's rule: (r, c±1); rows A, C, ... (r±1, c-1), (r±1, c); rows B, D, ...
    (r±1, c), (r±1, c+1)."""
    r, c = cell
    found = [(r, c - 1), (r, c + 1)]
    cols = (c - 1, c) if r % 2 == 0 else (c, c + 1)
    found += [(r + dr, cc) for dr in (-1, 1) for cc in cols]
    return {(rr, cc) for rr, cc in found if 0 <= rr < len(GRID) and 0 <= cc < len(GRID[rr])}


def reference_labels() -> dict[Cell, str]:
    found = {}
    for r, row in enumerate(GRID):
        land = [c for c in range(len(row)) if row[c] != "~"]
        for k, c in enumerate(land, 1):
            found[(r, c)] = f"{'ABCDEFGHI'[r]}{k}"
    return found


LABELS = reference_labels()


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("terra_mystica_base", polygons=True)


@pytest.fixture(scope="module")
def cell_of(board: Board) -> Cells:
    """Region id -> reference cell, matched by label (terrain) and by centre (river)."""
    by_label = {name: rid for rid, name in labels(board).items()}
    found = {by_label[name]: cell for cell, name in LABELS.items()}
    table = space_table(board)
    for rid, row in table.iterrows():
        found.setdefault(int(rid), ("ABCDEFGHI".index(row["row"]), int(row["col"]) - 1))
    return found


def test_base_map_layout_and_counts_as_in_the_reference(board: Board) -> None:
    assert is_hex_board(board) and board.profile == "terra_mystica"
    assert [len(row) for row in board_layout(board).rows] == [13, 12] * 4 + [13]
    assert len(board) == 113
    counts = Counter(r.terrain for r in board)
    assert counts["river"] == 36
    assert {t: n for t, n in counts.items() if t != "river"} == dict.fromkeys(
        ["plains", "swamp", "lakes", "forest", "mountains", "wasteland", "desert"], 11
    )
    assert [[WORDS[x] for x in row] for row in GRID] == [list(r) for r in board_layout(board).rows]


def test_labels_count_terrain_spaces_only(board: Board, cell_of: Cells) -> None:
    names = labels(board)
    assert len(names) == 77
    for rid, name in names.items():
        assert LABELS[cell_of[rid]] == name
        assert board[rid].terrain == WORDS[GRID[cell_of[rid][0]][cell_of[rid][1]]]
    assert names[cell_id(cell_of, (1, 3))] == "B2"  # row B: Y ~ ~ U, so U is B2


def cell_id(cell_of: Cells, cell: Cell) -> int:
    return next(rid for rid, c in cell_of.items() if c == cell)


def test_direct_adjacency_from_polygons_equals_the_row_rule(board: Board, cell_of: Cells) -> None:
    graph = direct_graph(board)
    derived = {frozenset((cell_of[a], cell_of[b])) for a, b in graph.edges}
    expected = {frozenset((a, b)) for a in cells() for b in grid_neighbours(a)}
    assert derived == expected
    assert len(expected) == 296


def reference_bridge_slots() -> set[frozenset[Cell]]:
    found = set()
    land = [c for c in cells() if not river(c)]
    for a, b in combinations(land, 2):
        if b in grid_neighbours(a):
            continue
        common = grid_neighbours(a) & grid_neighbours(b)
        if len(common) == 2 and all(river(x) for x in common):
            found.add(frozenset((a, b)))
    return found


def test_bridge_slots_against_the_row_layout(board: Board, cell_of: Cells) -> None:
    slots = bridge_slots(board)
    assert {frozenset((cell_of[s.a], cell_of[s.b])) for s in slots} == reference_bridge_slots()
    for s in slots:  # the two rivers it spans share an edge
        assert board.are_adjacent(*s.rivers)
        assert all(board[r].terrain == "river" for r in s.rivers)
    assert len(bridge_table(board)) == len(slots) == 29


def reference_shipping(shipping: int) -> set[frozenset[Cell]]:
    """Terrain pairs not neighbours, joined through at most ``shipping`` river spaces."""
    found = set()
    for a in (c for c in cells() if not river(c)):
        seen = {a: 0}
        queue = deque([a])
        while queue:
            x = queue.popleft()
            for n in grid_neighbours(x):
                if n in seen:
                    continue
                if river(n):
                    if seen[x] < shipping:
                        seen[n] = seen[x] + 1
                        queue.append(n)
                elif x != a and n != a and n not in grid_neighbours(a):
                    found.add(frozenset((a, n)))
    return found


@pytest.mark.parametrize("shipping", range(MAX_SHIPPING + 1))
def test_shipping_reach_against_the_row_layout(board: Board, cell_of: Cells, shipping: int) -> None:
    graph = shipping_graph(board, shipping)
    derived = {frozenset((cell_of[a], cell_of[b])) for a, b in graph.edges}
    assert derived == reference_shipping(shipping)
    assert graph.number_of_nodes() == 77


def test_shipping_grows_with_its_value(board: Board) -> None:
    sizes = [shipping_graph(board, s).number_of_edges() for s in range(MAX_SHIPPING + 1)]
    assert sizes[0] == 0 and sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
    with pytest.raises(ValueError, match="shipping is 0 to 5"):
        shipping_graph(board, 6)


def reference_distance(a: Cell) -> dict[Cell, int]:
    seen = {a: 0}
    queue = deque([a])
    while queue:
        x = queue.popleft()
        for n in grid_neighbours(x):
            if n not in seen:
                seen[n] = seen[x] + 1
                queue.append(n)
    return seen


@pytest.mark.parametrize("over", [1, 2, 4])
def test_tunnelling_reach_against_the_row_layout(board: Board, cell_of: Cells, over: int) -> None:
    graph = tunnel_graph(board, over)
    derived = {frozenset((cell_of[a], cell_of[b])) for a, b in graph.edges}
    expected = set()
    for a in (c for c in cells() if not river(c)):
        for b, d in reference_distance(a).items():
            if 2 <= d <= over + 1 and not river(b):
                expected.add(frozenset((a, b)))
    assert derived == expected


def test_reach_splits_direct_shipping_and_tunnelling(board: Board, cell_of: Cells) -> None:
    e7 = next(rid for rid, name in labels(board).items() if name == "E7")
    found = reach(board, e7, shipping=1, tunnelling=1)
    names = {k: {labels(board)[r] for r in v} for k, v in found.items()}
    assert names["direct"] == {"D4", "D5", "E6", "E8", "F4"}
    near = {LABELS[c] for c in grid_neighbours(cell_of[e7]) if not river(c)}
    assert names["direct"] == near
    assert not names["direct"] & names["shipping"] and not names["shipping"] & names["tunnelling"]
    assert names["shipping"] == {
        LABELS[next(iter(p - {cell_of[e7]}))] for p in reference_shipping(1) if cell_of[e7] in p
    }


def test_a_built_bridge_is_direct_and_joins_land_masses(board: Board) -> None:
    slot = bridge_slots(board)[0]
    assert not direct_graph(board).has_edge(slot.a, slot.b)
    bridged = direct_graph(board, [(slot.a, slot.b)])
    assert bridged.edges[slot.a, slot.b]["kind"] == "bridge"
    assert not shipping_graph(board, 1, [(slot.a, slot.b)]).has_edge(slot.a, slot.b)
    assert shipping_graph(board, 1).has_edge(slot.a, slot.b)


def test_land_masses_with_the_river_as_barrier(board: Board, cell_of: Cells) -> None:
    land = nx.Graph()
    land.add_nodes_from(c for c in cells() if not river(c))
    land.add_edges_from((a, b) for a in land for b in grid_neighbours(a) if not river(b))
    expected = sorted(len(c) for c in nx.connected_components(land))
    masses = land_masses(board)
    assert sorted(len(m) for m in masses) == expected
    assert {frozenset(cell_of[r] for r in m) for m in masses} == {
        frozenset(c) for c in nx.connected_components(land)
    }
    assert [len(n) for n in river_networks(board)] == [36]


def test_terraforming_wheel() -> None:
    assert terraform_distance("plains", "swamp") == 1
    assert terraform_distance("plains", "desert") == 1
    assert terraform_distance("plains", "forest") == 3
    assert terraform_distance("lakes", "wasteland") == 3
    table = terraform_table()
    assert table.shape == (7, 7) and int(table.to_numpy().max()) == 3
    assert (table.to_numpy() == table.to_numpy().T).all()
    with pytest.raises(ValueError, match="not on the terraforming wheel"):
        terraform_distance("river", "plains")


def test_tables_name_spaces_by_label(board: Board) -> None:
    table = space_table(board)
    assert len(table) == 113 and (table["label"] == "").sum() == 36
    edges = edge_table(board, shipping_graph(board, 1))
    assert list(edges.columns) == ["a", "b", "rivers"]
    assert set(edges["rivers"]) == {1}


def test_the_shipped_file_is_the_generated_base_map(board: Board) -> None:
    built = base_map()
    assert [(r.id, r.terrain) for r in built] == [(r.id, r.terrain) for r in board]
    assert all(a.polygon.equals(b.polygon) for a, b in zip(built, board, strict=True))


def test_base_map_checks_against_the_row_layout(board: Board, cell_of: Cells) -> None:
    """No error; the warnings are exactly the river junctions of 4 and the spaces with no
    neighbour one spade away, both found here from the reference's rows."""
    wheel = "UKBGSRY"
    pools = {c for c in cells() if river(c) and sum(map(river, grid_neighbours(c))) > 3}
    lonely = set()
    for c in (c for c in cells() if not river(c)):
        k = wheel.index(GRID[c[0]][c[1]])
        steps = {wheel[(k + 1) % 7], wheel[(k - 1) % 7]}
        if not any(GRID[n[0]][n[1]] in steps for n in grid_neighbours(c)):
            lonely.add(c)
    problems = check(board)
    assert errors(problems) == []
    by_kind: dict[str, set[Cell]] = {}
    for p in problems:
        by_kind.setdefault(p.kind, set()).update(cell_of[r] for r in p.regions)
    assert by_kind == {"river_pool": pools, "no_terraform_step": lonely}
    assert len(pools) == 3 and len(lonely) == 14

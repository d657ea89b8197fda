"""Random Voronoi boards are valid boards (R-COMP-6), and fast adjacency matches all-pairs.

Random boards feed the engine's tests and the benchmarks, so they must satisfy everything
a hand-drawn map must: regions tile the outline, borders are shared, seas are on the edge,
the lake is inland and the box's token limits hold on official-size boards (R-COMP-2,
R-COMP-5). ``adjacent_pairs`` takes a fast path on such clean tilings; the second half of
this file checks it against the all-pairs reference on clean and on broken geometry.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import networkx as nx
import numpy as np
import pytest
import shapely
from shapely.affinity import translate
from shapely.geometry import Polygon, box

from swlab.board.geometry import NEAR_CELLS, adjacent_pairs, adjacent_pairs_naive, grid_size
from swlab.board.model import (
    LOST_TRIBE_TOKENS,
    MOUNTAIN_TOKENS,
    TURNS_BY_PLAYERS,
    Board,
    Symbol,
    Terrain,
)
from swlab.board.voronoi import ASPECT, random_board, voronoi_polygons

CASES = [(2, 25, 0), (3, 32, 1), (4, 40, 2), (5, 50, 3), (5, 60, 4), (2, 48, 11)]
IDS = [f"{p}p-{n}r-s{s}" for p, n, s in CASES]


@cache
def board(players: int, regions: int, seed: int) -> Board:
    return random_board(regions, players=players, seed=seed)


@pytest.mark.parametrize(("players", "regions", "seed"), CASES, ids=IDS)
def test_random_board_basics(players: int, regions: int, seed: int) -> None:
    b = board(players, regions, seed)
    assert len(b) == regions
    assert b.ids == tuple(range(1, regions + 1))
    assert b.players == players
    assert b.turns == TURNS_BY_PLAYERS[players]
    assert b.name == f"random-{regions}-s{seed}"
    minx, miny, maxx, maxy = b.outline.bounds
    assert (maxx - minx) / (maxy - miny) == pytest.approx(ASPECT, rel=0.01)


@pytest.mark.parametrize(("players", "regions", "seed"), CASES, ids=IDS)
def test_random_board_regions_tile_the_outline(players: int, regions: int, seed: int) -> None:
    """Valid polygons, no overlaps, no gaps: the union is the outline (R-COMP-6)."""
    b = board(players, regions, seed)
    polygons = np.array([r.polygon for r in b], dtype=object)
    assert shapely.is_valid(polygons).all()
    assert (shapely.get_type_id(polygons) == shapely.GeometryType.POLYGON).all()
    assert (shapely.get_num_interior_rings(polygons) == 0).all()
    tree = shapely.STRtree(polygons)
    overlapping, _ = tree.query(polygons, predicate="overlaps")
    assert len(overlapping) == 0, "regions overlap"
    total = shapely.area(polygons).sum()
    assert total == pytest.approx(b.outline.area, rel=1e-9)
    assert shapely.union_all(polygons).symmetric_difference(b.outline).area == pytest.approx(
        0.0, abs=b.outline.area * 1e-9
    )


@pytest.mark.parametrize(("players", "regions", "seed"), CASES, ids=IDS)
def test_random_board_topology(players: int, regions: int, seed: int) -> None:
    """Connected, with edge regions; seas on the edge, the one lake inland (R-COMP-6)."""
    b = board(players, regions, seed)
    assert nx.is_connected(b.topology.graph)
    assert b.edge_regions
    terrains = Counter(r.terrain for r in b)
    assert set(terrains) <= set(Terrain)
    assert terrains[Terrain.SEA] >= 1
    assert terrains[Terrain.LAKE] == 1
    rim = b.outline.exterior
    for region in b:
        if region.terrain == Terrain.SEA:
            assert region.id in b.edge_regions
        if region.terrain == Terrain.LAKE:
            assert not region.polygon.intersects(rim)
            assert region.id not in b.edge_regions
    assert b.first_conquest_regions, "a race must be able to enter (R-CONQ-1)"


@pytest.mark.parametrize(("players", "regions", "seed"), CASES, ids=IDS)
def test_random_board_respects_box_limits(players: int, regions: int, seed: int) -> None:
    """At most 18 Lost Tribes and 9 Mountains on official-size boards (R-COMP-2, R-COMP-5)."""
    b = board(players, regions, seed)
    land = [r for r in b if not r.is_water]
    mountains = sum(r.is_mountain for r in b)
    tribes = [r for r in b if r.has(Symbol.LOST_TRIBE)]
    assert 1 <= mountains <= MOUNTAIN_TOKENS
    assert 1 <= len(tribes) <= LOST_TRIBE_TOKENS
    assert not any(r.is_mountain or r.is_water for r in tribes)
    assert not any(r.symbols for r in b if r.is_water)
    for symbol in (Symbol.MINE, Symbol.MAGIC, Symbol.CAVERN):
        assert sum(r.has(symbol) for r in land) == round(len(land) / 5)


@pytest.mark.parametrize(("players", "regions", "seed"), CASES, ids=IDS)
def test_random_board_passes_validate(players: int, regions: int, seed: int) -> None:
    validate = pytest.importorskip("swlab.board.validate").validate
    assert validate(board(players, regions, seed)) == []


def test_same_seed_same_board_and_other_seed_other_board() -> None:
    assert random_board(40, seed=5) == random_board(40, seed=5)
    assert random_board(40, seed=5) != random_board(40, seed=6)
    cells = voronoi_polygons(40, 160.0, 100.0, seed=5, relax=1)
    assert all(
        a.equals_exact(b, 0)
        for a, b in zip(cells, voronoi_polygons(40, 160.0, 100.0, 5, 1), strict=True)
    )


def test_options_change_what_they_say() -> None:
    b = random_board(50, seed=2, seas=4, lake=False, width=1000.0)
    terrains = Counter(r.terrain for r in b)
    assert terrains[Terrain.SEA] == 4
    assert terrains[Terrain.LAKE] == 0
    assert b.outline.bounds == pytest.approx((0, 0, 1000.0, 625.0))
    only = random_board(30, seed=2, terrain_mix={"forest": 1.0})
    assert {r.terrain for r in only if not r.is_water} == {Terrain.FOREST}
    hilly = random_board(60, seed=2, terrain_mix={"mountain": 3, "hill": 1})
    counts = Counter(r.terrain for r in hilly if not r.is_water)
    assert counts[Terrain.MOUNTAIN] == MOUNTAIN_TOKENS  # capped; the rest became hills
    assert counts[Terrain.HILL] == len(hilly) - 3 - MOUNTAIN_TOKENS


def test_large_boards_are_not_capped() -> None:
    """Beyond 60 regions one box cannot serve the board, so token limits do not apply."""
    b = random_board(400, seed=1)
    assert sum(r.is_mountain for r in b) > MOUNTAIN_TOKENS
    assert sum(r.has(Symbol.LOST_TRIBE) for r in b) > LOST_TRIBE_TOKENS


@pytest.mark.parametrize(
    "kwargs",
    [
        {"regions": 0},
        {"regions": 20, "players": 7},
        {"regions": 20, "seas": -1},
        {"regions": 20, "terrain_mix": {"sea": 1.0}},
        {"regions": 20, "terrain_mix": {"forest": 0.0}},
        {"regions": 20, "terrain_mix": {"forest": -1.0}},
        {"regions": 20, "width": 0.0},
        {"regions": 20, "relax": -1},
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        random_board(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("regions", [1, 2, 3, 5])
def test_tiny_boards_still_work(regions: int) -> None:
    b = random_board(regions, seed=1)
    assert len(b) == regions
    assert any(not r.is_water for r in b)
    assert b.first_conquest_regions


# --- adjacent_pairs: fast path against the all-pairs reference --------------------------


def pair_lengths(polygons: list[Polygon], grid: float) -> dict[tuple[int, int], float]:
    left, right, lengths = adjacent_pairs(polygons, grid)
    assert (left < right).all()
    return dict(zip(zip(left.tolist(), right.tolist(), strict=True), lengths.tolist(), strict=True))


def assert_matches_reference(polygons: list[Polygon], grid: float, *, exact: bool = True) -> None:
    """Same pairs as all-pairs; on clean input the lengths are the exact shared lengths."""
    fast = pair_lengths(polygons, grid)
    assert set(fast) == set(adjacent_pairs_naive(polygons, grid))
    if not exact:
        return
    snapped = shapely.set_precision(np.array(polygons, dtype=object), grid)
    for (i, j), length in fast.items():
        expected = shapely.intersection(snapped[i].boundary, snapped[j].boundary).length
        # measured within the NEAR_CELLS tolerance band, so it may overreach by a few cells
        assert length == pytest.approx(expected, abs=4 * NEAR_CELLS * grid)


def test_adjacent_pairs_equals_all_pairs_on_300_regions() -> None:
    b = random_board(300, seed=9)
    polygons = [r.polygon for r in b]
    assert_matches_reference(polygons, grid_size(b.outline))


def test_adjacent_pairs_on_t_junctions_and_partial_borders() -> None:
    """Bricks: every border is part of a longer edge, never a shared segment."""
    bricks = [box(x, 0, x + 2, 1) for x in (0, 2, 4)] + [box(x, 1, x + 2, 2) for x in (-1, 1, 3)]
    bricks += [box(0, 2, 6, 3), box(6, 0, 7, 3)]  # one long region on top, one on the side
    assert_matches_reference(bricks, grid_size(box(-1, 0, 7, 3)))


def test_adjacent_pairs_on_broken_drafts() -> None:
    """Holes, overlaps, duplicates, corner contacts and invalid rings: still exact."""
    ring = box(0, 0, 3, 3).difference(box(1, 1, 2, 2))
    drafts = [
        ring,
        box(1, 1, 2, 2),  # fills the hole
        box(3, 0, 4, 3),
        box(3, 0, 4, 3),  # duplicate
        box(3.5, 1, 5, 2),  # overlap
        box(4, 3, 5, 4),  # corner contact only
        box(4, 0, 5, 1),
        Polygon([(5, 0), (6, 0), (6, 1), (5, 1), (5, 0.5), (4.5, 0.5), (5, 0.5)]),  # spike
        Polygon([(5, 1), (6, 1), (6, 2), (5.5, 1), (5, 2)]),  # self-touching: two pieces
        Polygon(),
    ]
    assert_matches_reference(drafts, grid_size(box(0, 0, 6, 4)))


def test_adjacent_pairs_on_perturbed_random_board() -> None:
    """Extra vertices on one side of a border, a missing and a shifted region."""
    b = random_board(200, seed=4)
    grid = grid_size(b.outline)
    polygons = [r.polygon for r in b]
    rng = np.random.default_rng(0)
    for k in rng.choice(len(polygons), size=20, replace=False).tolist():
        polygons[k] = shapely.segmentize(polygons[k], 40.0)
    polygons[50] = Polygon()
    polygons[60] = translate(polygons[60], 5.0, 3.0)
    # Less than a grid cell off, as rounding by another tool leaves it: still a border.
    polygons[70] = translate(polygons[70], 0.6 * grid, 0.3 * grid)
    assert_matches_reference(polygons, grid, exact=False)
    # rounding noise of under a cell keeps every border of the shifted region
    left, right, _ = adjacent_pairs([r.polygon for r in b], grid)
    before = {(i, j) for i, j in zip(left.tolist(), right.tolist(), strict=True) if 70 in (i, j)}
    after = {(i, j) for i, j in pair_lengths(polygons, grid) if 70 in (i, j)}
    assert before == after

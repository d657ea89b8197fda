"""Boards drawn from region graphs realise the graphs exactly (R-COMP-6).

The generator is only useful if the topology *derived* from its polygons (a positive-length
shared border makes neighbours, a positive-length stretch of outline makes an edge region)
is the reference graph, with no gaps or overlaps, and if a seed always gives the same
board. Topology is measured here directly with shapely, independently of the module.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import pytest
import shapely
from shapely.geometry import Polygon

from swlab.board.generate import (
    GraphError,
    GraphRegion,
    RegionGraph,
    polygons_from_graph,
    read_graph,
)

GRAPHS = Path(__file__).resolve().parents[2] / "maps" / "graphs"
PLAYERS = (2, 3, 4, 5)


@cache
def drawn(players: int, seed: int = 0) -> tuple[RegionGraph, Polygon, dict[int, Polygon]]:
    graph = read_graph(GRAPHS / f"official_{players}p.json")
    outline, polygons = polygons_from_graph(graph, seed=seed)
    return graph, outline, polygons


def measured(
    outline: Polygon, polygons: dict[int, Polygon]
) -> tuple[set[tuple[int, int]], set[int]]:
    """Borders and edge regions, straight from the definition (all pairs)."""
    ids = sorted(polygons)
    borders = {
        (a, b)
        for i, a in enumerate(ids)
        for b in ids[i + 1 :]
        if polygons[a].boundary.intersection(polygons[b].boundary).length > 1e-6
    }
    edges = {r for r in ids if polygons[r].boundary.intersection(outline.boundary).length > 1e-6}
    return borders, edges


def expected(graph: RegionGraph) -> tuple[set[tuple[int, int]], set[int]]:
    borders = {(min(r.id, n), max(r.id, n)) for r in graph.regions for n in r.neighbours}
    return borders, {r.id for r in graph.regions if r.edge}


def assert_tiling(outline: Polygon, polygons: dict[int, Polygon]) -> None:
    for rid, poly in polygons.items():
        assert isinstance(poly, Polygon), rid
        assert poly.is_valid and not poly.is_empty, rid
        assert not poly.interiors, f"region {rid} has a hole"
        assert poly.exterior.is_simple, rid
    geoms = list(polygons.values())
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i < j:
            assert geoms[i].intersection(geoms[j]).area < 1e-6, "polygons overlap"
    total = sum(p.area for p in geoms)
    assert abs(total - outline.area) <= 1e-6 * outline.area
    assert abs(shapely.union_all(geoms).area - outline.area) <= 1e-6 * outline.area
    assert shapely.union_all(geoms).difference(outline).area < 1e-6


@pytest.mark.parametrize("players", PLAYERS)
def test_reference_topology_is_reproduced_exactly(players: int) -> None:
    graph, outline, polygons = drawn(players)
    assert sorted(polygons) == sorted(r.id for r in graph.regions)
    assert measured(outline, polygons) == expected(graph)


@pytest.mark.parametrize("players", PLAYERS)
def test_regions_tile_the_outline(players: int) -> None:
    _, outline, polygons = drawn(players)
    minx, miny, maxx, maxy = outline.bounds
    assert (minx, miny) == (0.0, 0.0)
    assert 1.45 < maxx / maxy < 1.75
    assert_tiling(outline, polygons)


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_coordinates(players: int) -> None:
    graph, _, polygons = drawn(players)
    _, again = polygons_from_graph(graph, seed=0)
    for rid, poly in polygons.items():
        assert poly.equals_exact(again[rid], tolerance=0.0), rid


def test_other_seed_other_board_same_topology() -> None:
    graph, _, first = drawn(3)
    outline, second = polygons_from_graph(graph, seed=5)
    assert any(not first[r].equals_exact(second[r], tolerance=0.0) for r in first)
    assert measured(outline, second) == expected(graph)


def test_edge_cycle_is_read_from_the_notes() -> None:
    graph = read_graph(GRAPHS / "official_2p.json")
    assert graph.edge_cycle == (1, 2, 3, 4, 5, 11, 16, 23, 21, 20, 19, 18, 17, 12, 6)
    assert graph.regions[0].xy == (208.0, 124.0)


def test_two_player_board_follows_the_printed_layout() -> None:
    graph, outline, polygons = drawn(2)
    height = outline.bounds[3]
    near = 0
    for region in graph.regions:
        assert region.xy is not None
        x, y = region.xy
        if polygons[region.id].buffer(60).contains(shapely.Point(x, height - y)):
            near += 1
    assert near >= len(graph.regions) - 2


def region(
    rid: int, neighbours: tuple[int, ...], edge: bool = True, terrain: str = "hill"
) -> GraphRegion:
    return GraphRegion(rid, terrain, (), edge, neighbours)


def test_custom_graph_without_notes_or_xy() -> None:
    # five regions around a central lake, with a non-triangular face (1, 2, 6, 5)
    graph = RegionGraph(
        "custom",
        2,
        10,
        (
            region(1, (2, 5, 6), terrain="sea"),
            region(2, (1, 3, 6)),
            region(3, (2, 4, 6)),
            region(4, (3, 5, 6)),
            region(5, (1, 4)),
            region(6, (1, 2, 3, 4), edge=False, terrain="lake"),
        ),
    )
    outline, polygons = polygons_from_graph(graph, seed=3)
    assert measured(outline, polygons) == expected(graph)
    assert_tiling(outline, polygons)


def test_custom_graph_with_a_large_face() -> None:
    # a ring of six edge regions around two inland ones that meet five ring regions
    ring = (1, 2, 3, 4, 5, 6)
    regions = [
        region(1, (2, 6, 7)),
        region(2, (1, 3, 7, 8)),
        region(3, (2, 4, 8)),
        region(4, (3, 5, 8)),
        region(5, (4, 6, 8)),
        region(6, (1, 5, 7, 8)),
        region(7, (1, 2, 6, 8), edge=False),
        region(8, (2, 3, 4, 5, 6, 7), edge=False),
    ]
    graph = RegionGraph("ring", 3, 10, tuple(regions), edge_cycle=ring)
    outline, polygons = polygons_from_graph(graph)
    assert measured(outline, polygons) == expected(graph)
    assert_tiling(outline, polygons)


def test_non_planar_graph_is_rejected_naming_regions() -> None:
    # K5 among inland regions 4..8, surrounded by edge regions 1..3
    inner = (4, 5, 6, 7, 8)
    regions = [region(1, (2, 3, 4)), region(2, (1, 3, 4)), region(3, (1, 2, 4))]
    regions[0] = region(1, (2, 3, *inner))
    regions[1] = region(2, (1, 3, *inner))
    regions[2] = region(3, (1, 2, *inner))
    for r in inner:
        regions.append(region(r, tuple(sorted({1, 2, 3, *inner} - {r})), edge=False))
    graph = RegionGraph("k5", 2, 10, tuple(regions))
    with pytest.raises(GraphError, match=r"not planar.*regions \[[0-9, ]+\]"):
        polygons_from_graph(graph)


def test_asymmetric_neighbours_are_rejected_naming_the_region() -> None:
    graph = RegionGraph(
        "oneway",
        2,
        10,
        (region(1, (2, 3)), region(2, (1, 3)), region(3, (1,))),
    )
    with pytest.raises(GraphError, match=r"region 3: neighbour list lacks 2"):
        polygons_from_graph(graph)


def test_unknown_neighbour_is_rejected() -> None:
    graph = RegionGraph("typo", 2, 10, (region(1, (2, 3)), region(2, (1, 3)), region(3, (1, 2, 9))))
    with pytest.raises(GraphError, match=r"region 3: unknown neighbour id 9"):
        polygons_from_graph(graph)


def test_edge_regions_must_form_a_cycle() -> None:
    # 1 and 3 are both on the edge but 2 (edge) does not border 3
    graph = RegionGraph(
        "gap",
        2,
        10,
        (
            region(1, (2, 3, 4)),
            region(2, (1, 4)),
            region(3, (1, 4)),
            region(4, (1, 2, 3), edge=False),
        ),
    )
    with pytest.raises(GraphError, match=r"edge regions \d+ and \d+"):
        polygons_from_graph(graph)


def test_region_enclosing_others_is_rejected() -> None:
    graph = RegionGraph(
        "island",
        2,
        10,
        (
            region(1, (2, 3, 4)),
            region(2, (1, 3)),
            region(3, (1, 2)),
            region(4, (1,), edge=False),
        ),
    )
    with pytest.raises(GraphError, match=r"region\(s\) \[1\]"):
        polygons_from_graph(graph)


def test_read_graph_reports_file_and_region(tmp_path: Path) -> None:
    document = json.loads((GRAPHS / "official_2p.json").read_text(encoding="utf-8"))
    original = document["regions"][4]["neighbours"]
    document["regions"][4]["neighbours"] = [1, "x"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(GraphError, match=r"bad\.json: regions\[4\] \(region 5\)\.neighbours\[1\]"):
        read_graph(path)
    document["regions"][4]["neighbours"] = original[:-1]  # drops one back-reference
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(GraphError, match=r"bad\.json: region 5: neighbour list lacks"):
        read_graph(path)


# --- shape quality: what a teacher projecting the board needs -----------------------------

#: Every region a blob (isoperimetric quotient 4πA/P²), no land region much smaller than the
#: median one, room for a token stack and a label (largest inscribed circle, share of the
#: board height), and no spikes (smallest corner angle seen over 1 % of the board height,
#: board corners aside). The lens-shaped 4-player Farmland 2 (two neighbours only) is the
#: tightest region for the area floor.
MIN_QUOTIENT = 0.35
MIN_AREA_SHARE = 0.4
MIN_INSCRIBED = 0.04
MIN_ANGLE = 25.0


def sharpest_corner(polygon: Polygon, outline: Polygon, reach: float) -> float:
    """Smallest interior angle (degrees) at a vertex, measured with chords of arc ``reach``."""
    ring = shapely.LinearRing(polygon.exterior.coords)
    if not ring.is_ccw:
        ring = shapely.LinearRing(list(ring.coords)[::-1])
    corners = {tuple(c) for c in outline.exterior.coords}
    total = ring.length
    best = 360.0
    for xy in list(ring.coords)[:-1]:
        if tuple(xy) in corners:
            continue
        s = ring.project(shapely.Point(xy))
        before = ring.interpolate((s - reach) % total)
        after = ring.interpolate((s + reach) % total)
        ax, ay = before.x - xy[0], before.y - xy[1]
        bx, by = after.x - xy[0], after.y - xy[1]
        turn = math.degrees(math.atan2(ax * by - ay * bx, ax * bx + ay * by))
        best = min(best, (-turn) % 360.0)
    return best


@pytest.mark.parametrize("players", PLAYERS)
def test_regions_are_round_large_and_without_spikes(players: int) -> None:
    graph, outline, polygons = drawn(players)
    height = outline.bounds[3]
    terrain = {r.id: r.terrain for r in graph.regions}
    land = [p.area for rid, p in polygons.items() if terrain[rid] not in ("sea", "lake")]
    median = sorted(land)[len(land) // 2]
    for rid, poly in polygons.items():
        quotient = 4 * math.pi * poly.area / poly.length**2
        assert quotient >= MIN_QUOTIENT, f"region {rid}: quotient {quotient:.3f}"
        assert poly.area >= MIN_AREA_SHARE * median, f"region {rid}: {poly.area / median:.2f}"
        radius = shapely.maximum_inscribed_circle(poly, 0.5).length / height
        assert radius >= MIN_INSCRIBED, f"region {rid}: inscribed radius {radius:.3f}"
        angle = sharpest_corner(poly, outline, 0.01 * height)
        assert angle >= MIN_ANGLE, f"region {rid}: corner of {angle:.1f} degrees"

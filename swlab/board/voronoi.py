"""Random boards from Voronoi cells, for tests, benchmarks and playing on unseen maps.

Cells come from ``shapely.voronoi_polygons`` on seeded random points, smoothed by a few
Lloyd iterations so regions have even sizes, clipped to a rectangle and snapped to the
board's grid (:func:`swlab.board.geometry.grid_size`) so neighbours share identical
vertices and the cells tile the outline exactly. Terrain and symbols follow the official
boards' proportions (2 Seas on the edge, one inland Lake, an even land mix, Mines, Magic
sources and Caverns on a fifth of the land each) and respect the box's 9 Mountains and
18 Lost Tribe tokens (R-COMP-2, R-COMP-5) on boards of official size.

Everything is drawn from one seed, so ``random_board(40, seed=7)`` is the same board on
every machine and run. All geometry is computed on shapely arrays; a 10,000-region board
takes a fraction of a second.

>>> board = random_board(40, players=3, seed=1)
>>> board.name, len(board), board.turns
('random-40-s1', 40, 10)
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon, box

from swlab.board.geometry import grid_size
from swlab.board.model import (
    LOST_TRIBE_TOKENS,
    MOUNTAIN_TOKENS,
    TURNS_BY_PLAYERS,
    Board,
    Region,
    Symbol,
    Terrain,
)

#: Width over height of a generated board; the printed boards are about 2100 x 1350.
ASPECT = 1.6

#: Area of one region on the printed 5-player board (≈ 2100 x 1312 / 48), so a default
#: board of any size has regions of the same size in the same units as the official maps.
REGION_AREA = 2100.0 * 1312.5 / 48

#: Land terrains and their default weights: an even mix, like the official boards.
LAND_TERRAINS: tuple[str, ...] = (
    Terrain.FARMLAND.value,
    Terrain.FOREST.value,
    Terrain.HILL.value,
    Terrain.SWAMP.value,
    Terrain.MOUNTAIN.value,
)
DEFAULT_MIX: Mapping[str, float] = dict.fromkeys(LAND_TERRAINS, 1.0)

#: Boards up to this many regions are "official size": the box's token limits apply.
BOX_LIMIT_REGIONS = 60

#: Share of land regions carrying each of Mine, Magic source and Cavern.
SYMBOL_SHARE = 1 / 5
#: Share of non-Mountain land regions with a Lost Tribe start.
LOST_TRIBE_SHARE = 0.4


def board_size(regions: int, width: float | None, height: float | None) -> tuple[float, float]:
    """Outline size: what was given, the other side from :data:`ASPECT`, or a default.

    The default keeps each region as large as on the printed boards, rounded to whole
    units so the outline sits exactly on the snapping grid.
    """
    if width is None and height is None:
        height = float(round(math.sqrt(max(regions, 1) * REGION_AREA / ASPECT)))
        width = float(round(height * ASPECT))
    elif width is None:
        assert height is not None
        width = height * ASPECT
    elif height is None:
        height = width / ASPECT
    assert width is not None and height is not None
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise ValueError(f"board size must be positive and finite, got {width} x {height}")
    return float(width), float(height)


def _cells(points: NDArray[np.float64], outline: Polygon) -> NDArray[np.object_]:
    """Voronoi cells of ``points`` clipped to the rectangle ``outline``, in point order."""
    xmin, ymin, xmax, ymax = outline.bounds
    if len(points) == 1:
        return np.asarray([outline], dtype=object)
    diagram = shapely.voronoi_polygons(shapely.multipoints(points), extend_to=outline, ordered=True)
    cells = shapely.get_parts(diagram)
    return np.asarray(shapely.clip_by_rect(cells, xmin, ymin, xmax, ymax), dtype=object)


def _reading_order(cells: NDArray[np.object_], width: float, height: float) -> NDArray[np.intp]:
    """Indices sorting cells in rows from the top, left to right within a row.

    Region ids then read like the official boards' numbering (left to right, top to
    bottom), so neighbouring ids are near each other on the board.
    """
    centres = shapely.get_coordinates(shapely.centroid(cells))
    rows = max(1, round(math.sqrt(len(cells) * height / width)))
    band = np.floor((height - centres[:, 1]) / (height / rows)).astype(np.intp)
    return np.asarray(np.lexsort((centres[:, 0], band)), dtype=np.intp)


def board_outline(width: float, height: float) -> tuple[Polygon, float]:
    """The board's outline, snapped to its own grid, and that grid.

    Snapping the outline as the cells are snapped keeps the rim of the cells and the
    outline on the very same coordinates, so the cells tile it exactly.
    """
    raw = box(0.0, 0.0, width, height)
    grid = grid_size(raw)
    return shapely.set_precision(raw, grid), grid


def _snapped(cells: NDArray[np.object_], grid: float) -> NDArray[np.object_]:
    """Cells on ``grid``, counter-clockwise as GeoJSON prefers.

    Rounding each vertex is enough for convex cells far larger than the grid and is about
    15 times faster than GEOS's ``valid_output`` mode; the rare cell it breaks is snapped
    again that way. Neighbours round shared vertices alike, so they stay identical.
    """
    snapped = shapely.remove_repeated_points(shapely.set_precision(cells, grid, mode="pointwise"))
    broken = ~shapely.is_valid(snapped)
    if broken.any():
        snapped[broken] = shapely.set_precision(cells[broken], grid)
    return np.asarray(shapely.orient_polygons(snapped, exterior_cw=False))


def voronoi_polygons(
    n: int, width: float, height: float, seed: int = 0, relax: int = 2
) -> list[Polygon]:
    """``n`` Voronoi cells tiling the rectangle from ``(0, 0)`` to ``(width, height)``.

    Seeded random points, ``relax`` Lloyd iterations (each moves every point to its cell's
    centroid, evening out cell sizes), clipping, then snapping every cell to the board's
    grid so neighbours share identical vertices. Cells are returned in reading order.

    Raises
    ------
    ValueError
        If ``n < 1``, ``relax < 0`` or the size is not positive.
    """
    if n < 1:
        raise ValueError(f"a board needs at least one region, got {n}")
    if relax < 0:
        raise ValueError(f"relax must be 0 or more Lloyd iterations, got {relax}")
    width, height = board_size(n, width, height)
    outline, grid = board_outline(width, height)
    rng = np.random.default_rng(seed)
    points = rng.random((n, 2)) * np.array([width, height])
    cells = _cells(points, outline)
    for _ in range(relax):
        points = shapely.get_coordinates(shapely.centroid(cells))
        cells = _cells(points, outline)
    cells = _snapped(cells, grid)
    if len(cells) != n or not np.all(shapely.get_type_id(cells) == shapely.GeometryType.POLYGON):
        raise RuntimeError(f"seed {seed} gave degenerate Voronoi cells; try another seed")
    return list(cells[_reading_order(cells, width, height)])


def _quotas(total: int, weights: Mapping[str, float]) -> dict[str, int]:
    """Split ``total`` in proportion to ``weights`` by largest remainder (sums exactly)."""
    names = list(weights)
    raw = np.array([weights[k] for k in names], dtype=np.float64)
    share = raw / raw.sum() * total
    counts = np.floor(share).astype(np.intp)
    order = np.argsort(-(share - counts), kind="stable")
    counts[order[: total - int(counts.sum())]] += 1
    return dict(zip(names, counts.tolist(), strict=True))


def _check_mix(terrain_mix: Mapping[str, float] | None) -> dict[str, float]:
    """The land mix as positive weights; water and unknown terrains are refused."""
    mix = dict(DEFAULT_MIX if terrain_mix is None else terrain_mix)
    for terrain, weight in mix.items():
        if terrain not in LAND_TERRAINS:
            raise ValueError(
                f"terrain_mix: {terrain!r} is not a land terrain "
                f"(one of {', '.join(LAND_TERRAINS)}); seas and the lake are placed apart"
            )
        if not (math.isfinite(weight) and weight >= 0):
            raise ValueError(f"terrain_mix: weight of {terrain!r} must be >= 0, got {weight}")
    mix = {k: float(w) for k, w in mix.items() if w > 0}
    if not mix:
        raise ValueError("terrain_mix needs at least one land terrain with a positive weight")
    return mix


def land_counts(land: int, mix: Mapping[str, float], *, cap_mountains: bool) -> dict[str, int]:
    """How many land regions get each terrain, with at most 9 Mountains when capped.

    Mountains over the box's 9 tokens (R-COMP-5) are re-dealt to the mix's other
    terrains in proportion, or evenly to the four lowland terrains if the mix has none.
    """
    counts = _quotas(land, mix)
    mountains = counts.get(Terrain.MOUNTAIN.value, 0)
    if cap_mountains and mountains > MOUNTAIN_TOKENS:
        counts[Terrain.MOUNTAIN.value] = MOUNTAIN_TOKENS
        others = {k: w for k, w in mix.items() if k != Terrain.MOUNTAIN.value}
        if not others:
            others = {k: 1.0 for k in LAND_TERRAINS if k != Terrain.MOUNTAIN.value}
        for terrain, extra in _quotas(mountains - MOUNTAIN_TOKENS, others).items():
            counts[terrain] = counts.get(terrain, 0) + extra
    return counts


def _spread_seas(
    cells: NDArray[np.object_],
    edge: NDArray[np.intp],
    rim: shapely.Geometry,
    seas: int,
    rng: np.random.Generator,
) -> NDArray[np.intp]:
    """``seas`` edge cells spread evenly around the rim from a random starting point.

    Evenly spaced picks keep seas apart, as on the printed boards, instead of letting
    random picks clump into one long sea.
    """
    if seas <= 0:
        return np.zeros(0, dtype=np.intp)
    around = shapely.line_locate_point(rim, shapely.centroid(cells[edge]))
    ring = edge[np.argsort(around, kind="stable")]
    step = len(ring) / seas
    picks = np.floor(rng.random() * step + step * np.arange(seas)).astype(np.intp)
    return np.asarray(ring[np.unique(picks % len(ring))], dtype=np.intp)


def random_board(
    regions: int,
    *,
    players: int = 2,
    seed: int = 0,
    width: float | None = None,
    height: float | None = None,
    terrain_mix: Mapping[str, float] | None = None,
    seas: int | None = None,
    lake: bool = True,
    relax: int = 2,
) -> Board:
    """A random but valid board of ``regions`` Voronoi regions, the same for the same seed.

    Parameters
    ----------
    regions
        Number of regions, water included.
    players
        Player count (2 to 6); sets the turn track from ``TURNS_BY_PLAYERS`` (R-COMP-1).
    seed
        Everything (cells, terrain, symbols) is drawn from this seed.
    width, height
        Outline size. Give one and the other follows the 1.6 aspect; give none and
        regions are as large as on the printed boards (about 2100 x 1312 for 48).
    terrain_mix
        Relative weights of the land terrains (farmland, forest, hill, swamp, mountain);
        counts follow them exactly by largest remainder. Default: an even mix.
    seas
        Number of Sea regions, each one edge cell, spread around the rim. Default 2, as
        on every official board, or one per 12 edge cells on large boards. At least one
        edge cell always stays land, so a race can enter (R-CONQ-1).
    lake
        Place one Lake on a cell touching no edge (none if every cell touches the edge).
    relax
        Lloyd iterations. 0 gives raw, uneven random cells: about one 48-region board in
        20 then has a region :func:`swlab.board.validate.validate` reports as tiny. One
        or more gives even cells.

    Notes
    -----
    On boards of at most 60 regions there are at most 9 Mountains and 18 Lost Tribes, the
    box's tokens (R-COMP-2, R-COMP-5). Larger boards cannot be played with one box anyway,
    so no cap is applied there: any cap would leave most of such a board bare.
    """
    if players not in TURNS_BY_PLAYERS:
        raise ValueError(f"players must be one of {sorted(TURNS_BY_PLAYERS)}, got {players}")
    if seas is not None and seas < 0:
        raise ValueError(f"seas must be 0 or more, got {seas}")
    mix = _check_mix(terrain_mix)
    width, height = board_size(regions, width, height)
    cells = np.asarray(voronoi_polygons(regions, width, height, seed, relax), dtype=object)
    outline, grid = board_outline(width, height)
    rng = np.random.default_rng([seed, 1])  # independent of the point stream

    # Water: seas on the edge, the lake well inside. Only cells whose box comes within a
    # grid step of the rim can touch it; just those few are measured.
    xmin, ymin, xmax, ymax = shapely.bounds(outline)
    low, high = shapely.bounds(cells)[:, :2], shapely.bounds(cells)[:, 2:]
    reach = np.minimum(low - [xmin, ymin], [xmax, ymax] - high).min(axis=1)
    rim = shapely.boundary(outline)
    near = np.flatnonzero(reach <= grid)
    along = shapely.length(shapely.intersection(shapely.boundary(cells[near]), rim))
    edge = near[along > grid]
    wanted = max(2, len(edge) // 12) if seas is None else seas
    sea_ids = _spread_seas(cells, edge, rim, min(wanted, len(edge) - 1), rng)
    terrain = np.full(regions, "", dtype=object)
    terrain[sea_ids] = Terrain.SEA.value
    inland = np.flatnonzero(reach > grid)
    if lake and len(inland):
        centres = shapely.get_coordinates(shapely.centroid(cells[inland]))
        middle = (np.abs(centres[:, 0] - (xmin + xmax) / 2) < (xmax - xmin) / 4) & (
            np.abs(centres[:, 1] - (ymin + ymax) / 2) < (ymax - ymin) / 4
        )
        pool = inland[middle] if middle.any() else inland
        terrain[rng.choice(pool)] = Terrain.LAKE.value

    # Land: exact terrain counts, dealt at random.
    land = np.flatnonzero(terrain == "")
    official_size = regions <= BOX_LIMIT_REGIONS
    counts = land_counts(len(land), mix, cap_mountains=official_size)
    deal = np.repeat(np.array(list(counts), dtype=object), list(counts.values()))
    terrain[land] = deal[rng.permutation(len(land))]

    # Symbols: Mine, Magic, Cavern on disjoint fifths of the land; Lost Tribes off mountains.
    symbols: list[set[str]] = [set() for _ in range(regions)]
    per_symbol = round(len(land) * SYMBOL_SHARE)
    shuffled = rng.permutation(land)
    for k, symbol in enumerate((Symbol.MINE, Symbol.MAGIC, Symbol.CAVERN)):
        for i in shuffled[k * per_symbol : (k + 1) * per_symbol].tolist():
            symbols[i].add(symbol.value)
    lowland = land[terrain[land] != Terrain.MOUNTAIN.value]
    tribes = round(len(lowland) * LOST_TRIBE_SHARE)
    if official_size:
        tribes = min(tribes, LOST_TRIBE_TOKENS)
    for i in rng.choice(lowland, size=tribes, replace=False).tolist():
        symbols[i].add(Symbol.LOST_TRIBE.value)

    board_regions = tuple(
        Region(id=i + 1, terrain=str(terrain[i]), polygon=cells[i], symbols=frozenset(s))
        for i, s in enumerate(symbols)
    )
    return Board(
        name=f"random-{regions}-s{seed}",
        players=players,
        turns=TURNS_BY_PLAYERS[players],
        outline=outline,
        regions=board_regions,
    )

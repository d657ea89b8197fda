"""Board validation and derived topology on small hand-made boards (R-COMP-6).

Each ``test_<kind>_...`` test breaks a clean 3 x 3 grid in one way and checks that exactly
that problem is reported, naming the right regions. Region ids of the grid::

    7 8 9
    4 5 6
    1 2 3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.affinity import scale
from shapely.geometry import Point, Polygon, box

from swlab.board import Board, Region, read_board, write_board
from swlab.board.validate import Problem, ProblemKind, is_playable, validate

DATA = Path(__file__).resolve().parents[1] / "data"
SQUARE = box(0, 0, 3, 3)
Cell = tuple[int, str, Polygon]


def make_board(
    cells: Iterable[Cell | tuple[int, str, Polygon, Iterable[str]]],
    outline: Polygon | None = None,
    name: str = "test",
) -> Board:
    """A board from ``(id, terrain, polygon[, symbols])``; the outline defaults to their box."""
    regions = tuple(Region(c[0], c[1], c[2], frozenset(c[3] if len(c) > 3 else ())) for c in cells)
    if outline is None:
        outline = box(*shapely.union_all([r.polygon for r in regions]).bounds)
    return Board(name=name, players=3, turns=10, outline=outline, regions=regions)


def grid_cells(size: int = 3) -> dict[int, Cell]:
    """A ``size`` x ``size`` grid of unit squares, ids row by row from the bottom left."""
    terrains = ("farmland", "forest", "hill", "swamp", "mountain")
    cells = {}
    for row in range(size):
        for col in range(size):
            rid = row * size + col + 1
            cells[rid] = (rid, terrains[rid % len(terrains)], box(col, row, col + 1, row + 1))
    return cells


def grid_board(
    change: Callable[[dict[int, Cell]], None] | None = None, outline: Polygon = SQUARE
) -> Board:
    cells = grid_cells()
    if change is not None:
        change(cells)
    return make_board(cells.values(), outline=outline)


def kinds(problems: list[Problem]) -> list[ProblemKind]:
    return [p.kind for p in problems]


def only(board: Board, kind: ProblemKind) -> Problem:
    """The single problem of ``board``, which must be of ``kind``."""
    problems = validate(board)
    assert kinds(problems) == [kind], [p.message for p in problems]
    return problems[0]


# --- clean boards -----------------------------------------------------------------------------
def test_clean_grid_validates_clean() -> None:
    board = grid_board()
    assert validate(board) == []
    assert is_playable(board)


def test_filled_enclave_is_not_a_hole() -> None:
    inner = box(1.25, 1.25, 1.75, 1.75)

    def enclave(cells: dict[int, Cell]) -> None:
        cells[5] = (5, "hill", Polygon(box(1, 1, 2, 2).exterior, [inner.exterior]))
        cells[10] = (10, "lake", inner)

    assert validate(grid_board(enclave)) == []


def voronoi_board(seed: int = 7, count: int = 40) -> Board:
    """An organic board: Voronoi cells of random points clipped to a pixel-sized outline."""
    rng = np.random.default_rng(seed)
    outline = box(0, 0, 2100, 1350)
    points = shapely.MultiPoint(rng.uniform((0, 0), (2100, 1350), size=(count, 2)))
    cells = shapely.get_parts(shapely.voronoi_polygons(points, extend_to=outline))
    clipped = shapely.intersection(cells, outline).tolist()
    terrains = ("sea", "farmland", "forest", "hill", "swamp", "mountain", "lake")
    return make_board(
        ((k + 1, terrains[k % len(terrains)], p) for k, p in enumerate(clipped)), outline
    )


def test_written_and_reread_board_validates_clean(tmp_path: Path) -> None:
    board = voronoi_board()
    assert validate(board) == []
    path = tmp_path / "organic.geojson"
    write_board(board, path)
    assert validate(read_board(path)) == []


def jitter(board: Board, amount: float, seed: int = 1) -> Board:
    """Each region's vertices moved independently, as a rounding GeoJSON tool would."""
    rng = np.random.default_rng(seed)

    def shake(polygon: Polygon) -> Polygon:
        def move(ring: object) -> list[tuple[float, float]]:
            xy = np.asarray(ring.coords)
            xy = xy + rng.uniform(-amount, amount, size=xy.shape)
            xy[-1] = xy[0]
            return [tuple(p) for p in xy.tolist()]

        return Polygon(move(polygon.exterior), [move(r) for r in polygon.interiors])

    regions = tuple(
        Region(r.id, r.terrain, shake(r.polygon), r.symbols, r.name) for r in board.regions
    )
    return make_board(((r.id, r.terrain, r.polygon) for r in regions), board.outline)


def test_float_noise_below_the_grid_is_not_reported() -> None:
    """Vertices off by 1e-12 of the board leave slivers that are noise, not problems."""
    board = voronoi_board()
    noisy = jitter(board, 2e-9)  # the grid of a 2100 x 1350 board is 1e-3
    assert validate(noisy) == []
    assert noisy.topology.borders == board.topology.borders


def test_visible_jitter_is_reported() -> None:
    noisy = jitter(voronoi_board(), 5.0)
    assert {ProblemKind.OVERLAP, ProblemKind.SLIVER} <= set(kinds(validate(noisy)))


# --- one test per problem kind ----------------------------------------------------------------
def test_invalid_geometry_spike_is_located() -> None:
    def spike(cells: dict[int, Cell]) -> None:
        ring = [(1, 1), (2, 1), (2, 2), (1.5, 2), (1.5, 2.5), (1.5, 2), (1, 2)]
        cells[5] = (5, "hill", Polygon(ring))

    problem = only(grid_board(spike), ProblemKind.INVALID_GEOMETRY)
    assert problem.regions == (5,)
    assert "Region 5" in problem.message and "self-intersection" in problem.message
    assert problem.where == Point(1.5, 2.5)


def test_invalid_outline_is_a_board_wide_problem() -> None:
    outline = Polygon([(0, 0), (3, 0), (3, 3), (1.5, 3), (1.5, 4), (1.5, 3), (0, 3)])
    problem = only(grid_board(outline=outline), ProblemKind.INVALID_GEOMETRY)
    assert problem.regions == ()
    assert problem.message.startswith("The outline")


def test_invalid_geometry_does_not_hide_other_problems() -> None:
    def bowtie(cells: dict[int, Cell]) -> None:
        cells[5] = (5, "forrest", Polygon([(1, 1), (2, 2), (2, 1), (1, 2)]))
        cells[9] = (9, "hill", box(2, 2, 3.5, 3))

    problems = validate(grid_board(bowtie))
    found = {(p.kind, p.regions) for p in problems}
    assert (ProblemKind.INVALID_GEOMETRY, (5,)) in found
    assert (ProblemKind.UNKNOWN_TERRAIN, (5,)) in found
    assert (ProblemKind.OUTSIDE_OUTLINE, (9,)) in found
    # the bow-tie's two missing triangles are gaps beside it
    assert (ProblemKind.GAP, (2, 5)) in found and (ProblemKind.GAP, (5, 8)) in found


def test_hole_not_filled_by_any_region() -> None:
    def hole(cells: dict[int, Cell]) -> None:
        inner = box(1.25, 1.25, 1.75, 1.75)
        cells[5] = (5, "hill", Polygon(box(1, 1, 2, 2).exterior, [inner.exterior]))

    problem = only(grid_board(hole), ProblemKind.HOLE)
    assert problem.regions == (5,)
    assert problem.where is not None and problem.where.area == pytest.approx(0.25)


def test_hole_only_partly_filled() -> None:
    def partly(cells: dict[int, Cell]) -> None:
        inner = box(1.25, 1.25, 1.75, 1.75)
        cells[5] = (5, "hill", Polygon(box(1, 1, 2, 2).exterior, [inner.exterior]))
        cells[10] = (10, "lake", box(1.25, 1.25, 1.75, 1.5))

    problem = only(grid_board(partly), ProblemKind.HOLE)
    assert problem.regions == (5,)
    assert "area 0.125" in problem.message


def test_overlap_names_both_regions() -> None:
    def overlap(cells: dict[int, Cell]) -> None:
        cells[5] = (5, "hill", box(1, 1, 2.2, 2))

    problem = only(grid_board(overlap), ProblemKind.OVERLAP)
    assert problem.regions == (5, 6)
    assert problem.message == "Regions 5 and 6 overlap (area 0.2)."
    assert problem.where is not None and problem.where.area == pytest.approx(0.2)


def test_gap_names_the_regions_sharing_its_border_not_corners() -> None:
    problem = only(grid_board(lambda cells: cells.pop(5)), ProblemKind.GAP)
    assert problem.regions == (2, 4, 6, 8)  # 1, 3, 7, 9 touch it only at a corner
    assert problem.where is not None and problem.where.equals(box(1, 1, 2, 2))


def test_sliver_between_two_regions() -> None:
    def short(cells: dict[int, Cell]) -> None:
        cells[5] = (5, "hill", box(1, 1, 1.99, 2))

    problem = only(grid_board(short), ProblemKind.SLIVER)
    assert problem.regions == (2, 5, 6, 8)  # 2 and 8 border its 0.01-long ends
    assert problem.message.startswith("Sliver gap inside the outline between regions 2, 5, 6 and 8")


@pytest.mark.parametrize(("width", "reported"), [(1e-7, False), (1e-6, False), (3e-6, True)])
def test_sliver_is_reported_from_two_grid_cells_wide(width: float, reported: bool) -> None:
    """The 3 x 3 board's grid is 1e-6: thinner slivers are float noise (NOISE_WIDTH_CELLS)."""

    def short(cells: dict[int, Cell]) -> None:
        cells[5] = (5, "hill", box(1, 1, 2 - width, 2))

    assert kinds(validate(grid_board(short))) == ([ProblemKind.SLIVER] if reported else [])


def test_sliver_at_the_outline() -> None:
    def short(cells: dict[int, Cell]) -> None:
        cells[3] = (3, "hill", box(2, 0, 2.98, 1))

    problem = only(grid_board(short), ProblemKind.SLIVER)
    assert problem.regions == (3, 6)


def test_outside_outline() -> None:
    def overhang(cells: dict[int, Cell]) -> None:
        cells[3] = (3, "hill", box(2, 0, 3.5, 1))

    problem = only(grid_board(overhang), ProblemKind.OUTSIDE_OUTLINE)
    assert problem.regions == (3,)
    assert "area 0.5" in problem.message


def test_duplicate_id() -> None:
    def repeat(cells: dict[int, Cell]) -> None:
        cells[9] = (8, *cells[9][1:])

    problem = only(grid_board(repeat), ProblemKind.DUPLICATE_ID)
    assert problem.regions == (8,)
    assert "2 regions" in problem.message


def test_r_comp_6_unknown_terrain_suggests_the_nearest() -> None:
    def typo(cells: dict[int, Cell]) -> None:
        cells[4] = (4, "forrest", cells[4][2])

    problem = only(grid_board(typo), ProblemKind.UNKNOWN_TERRAIN)
    assert problem.regions == (4,)
    assert "'forrest'" in problem.message and "did you mean 'forest'" in problem.message


def test_r_comp_6_unknown_symbol() -> None:
    cells = list(grid_cells().values())
    cells[6] = (7, "hill", cells[6][2], ("mine", "gold", "magik"))
    problem = only(make_board(cells), ProblemKind.UNKNOWN_SYMBOL)
    assert problem.regions == (7,)
    assert "'gold'" in problem.message and "did you mean 'magic'" in problem.message
    assert "'mine'" not in problem.message


def test_disconnected_names_the_cut_off_regions() -> None:
    """A valid outline tiled exactly is always connected, so a cut comes with a GAP."""
    cells = [*grid_cells().values(), (10, "hill", box(4, 0, 5, 1)), (11, "sea", box(4, 1, 5, 2))]
    problems = validate(make_board(cells, outline=box(0, 0, 5, 3)))
    assert kinds(problems) == [ProblemKind.GAP, ProblemKind.DISCONNECTED]
    assert problems[1].regions == (10, 11)
    assert problems[1].message.startswith("Regions 10 and 11 are cut off")


def test_no_edge_region() -> None:
    """Regions floating inside the outline leave a GAP ring and no way in (R-CONQ-1)."""
    cells = [(i, t, shapely.affinity.translate(p, 1, 1)) for i, t, p in grid_cells().values()]
    problems = validate(make_board(cells, outline=box(0, 0, 5, 5)))
    assert kinds(problems) == [ProblemKind.GAP, ProblemKind.NO_EDGE_REGION]
    assert problems[0].regions == (1, 2, 3, 4, 6, 7, 8, 9)
    assert problems[1].regions == ()


def test_tiny_region() -> None:
    def nibble(cells: dict[int, Cell]) -> None:
        cells[5] = (5, "hill", box(1, 1, 2, 2).difference(box(1.9, 1.9, 2, 2)))
        cells[10] = (10, "mountain", box(1.9, 1.9, 2, 2))

    problem = only(grid_board(nibble), ProblemKind.TINY_REGION)
    assert problem.regions == (10,)
    assert "under 5% of the average" in problem.message


# --- order, scale, fixture --------------------------------------------------------------------
def broken_board() -> Board:
    def breakage(cells: dict[int, Cell]) -> None:
        cells[5] = (5, "hill", box(1, 1, 2.2, 2))
        cells[1] = (1, "forrest", cells[1][2])
        del cells[7]

    return grid_board(breakage)


def test_problems_are_sorted_by_kind_then_regions_whatever_the_region_order() -> None:
    board = broken_board()
    problems = validate(board)
    assert kinds(problems) == [
        ProblemKind.OVERLAP,
        ProblemKind.GAP,
        ProblemKind.UNKNOWN_TERRAIN,
    ]
    reversed_board = make_board(
        ((r.id, r.terrain, r.polygon) for r in reversed(board.regions)), board.outline
    )
    again = validate(reversed_board)
    assert [(p.kind, p.regions, p.message) for p in again] == [
        (p.kind, p.regions, p.message) for p in problems
    ]


@pytest.mark.parametrize("factor", [1e-3, 1000.0])
def test_thresholds_follow_the_board_scale(factor: float) -> None:
    board = broken_board()
    scaled = make_board(
        ((r.id, r.terrain, scale(r.polygon, factor, factor, origin=(0, 0))) for r in board.regions),
        scale(board.outline, factor, factor, origin=(0, 0)),
    )
    assert [(p.kind, p.regions) for p in validate(scaled)] == [
        (p.kind, p.regions) for p in validate(board)
    ]


def test_bad_board_fixture_has_overlap_gap_and_unknown_terrain() -> None:
    """``tests/data/bad_board.geojson`` is what the CLI tests check; keep it stable."""
    problems = validate(read_board(DATA / "bad_board.geojson"))
    assert [(p.kind, p.regions) for p in problems] == [
        (ProblemKind.OVERLAP, (5, 6)),
        (ProblemKind.GAP, (4, 8)),
        (ProblemKind.UNKNOWN_TERRAIN, (1,)),
    ]


# --- derived topology (R-COMP-6, R-RULING-14) -------------------------------------------------
def test_r_comp_6_corner_contact_is_not_adjacency() -> None:
    board = make_board(
        [
            (1, "hill", box(0, 0, 1, 1)),
            (2, "forest", box(1, 0, 2, 1)),
            (3, "swamp", box(0, 1, 1, 2)),
            (4, "farmland", box(1, 1, 2, 2)),
        ]
    )
    assert board.are_adjacent(1, 2) and board.are_adjacent(1, 3)
    assert not board.are_adjacent(1, 4) and not board.are_adjacent(2, 3)
    assert board.neighbours(4) == {2, 3}


def coast_board() -> Board:
    """5 x 5: a Sea along the whole left edge, a Lake in the middle, land elsewhere.

    Land ids are ``10 * col + row``; the Sea is 1 and the Lake (col 2, row 2) is 22.
    """
    cells: list[Cell] = [(1, "sea", box(0, 0, 1, 5))]
    for col in range(1, 5):
        for row in range(5):
            terrain = "lake" if (col, row) == (2, 2) else "farmland"
            cells.append((10 * col + row, terrain, box(col, row, col + 1, row + 1)))
    return make_board(cells)


def test_r_comp_6_coast_board_validates_clean() -> None:
    assert validate(coast_board()) == []


def test_r_comp_6_edge_regions_include_the_sea() -> None:
    board = coast_board()
    rim = {10 * c + r for c in range(1, 5) for r in range(5) if r in (0, 4) or c == 4}
    assert board.edge_regions == {1} | rim


def test_r_ruling_14_coastal_is_land_bordering_sea_or_lake() -> None:
    board = coast_board()
    assert board.coastal_regions == {10, 11, 12, 13, 14, 21, 23, 32}
    assert 1 not in board.coastal_regions and 22 not in board.coastal_regions
    assert 31 not in board.coastal_regions  # touches the Lake only at a corner


def test_r_comp_6_lake_shore_is_coastal_but_not_first_conquest() -> None:
    board = coast_board()
    for lake_shore in (21, 23, 32):
        assert lake_shore in board.coastal_regions
        assert lake_shore not in board.first_conquest_regions
    land_rim = board.edge_regions - {1}
    assert board.first_conquest_regions == land_rim | {10, 11, 12, 13, 14}
    assert 11 in board.first_conquest_regions  # inland, but on the shore of an edge Sea

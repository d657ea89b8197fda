"""The engine reads a real :class:`swlab.board.Board` (polygons) through its protocol."""

from __future__ import annotations

import random

from shapely.geometry import Polygon, box

from swlab.board import Board, Region
from swlab.rules import is_over, new_game, play_random
from swlab.rules.geo import Geo


def grid_board() -> Board:
    """3 x 2 squares: a sea in the corner, a mountain, a lost tribe (R-COMP-6)."""
    terrains = ["sea", "hill", "mountain", "farmland", "forest", "swamp"]
    regions = []
    for k, terrain in enumerate(terrains):
        x, y = k % 3, k // 3
        symbols = frozenset({"lost_tribe"}) if terrain == "forest" else frozenset()
        regions.append(Region(k + 1, terrain, box(x, y, x + 1, y + 1), symbols))
    outline = Polygon([(0, 0), (3, 0), (3, 2), (0, 2)])
    return Board("grid", 2, 3, outline, tuple(regions))


def test_r_comp_6_geo_from_a_polygon_board() -> None:
    board = grid_board()
    geo = Geo.from_board(board)
    assert geo.ids == (1, 2, 3, 4, 5, 6)
    assert {geo.ids[n] for n in geo.neighbours[geo.index[5]]} == {2, 4, 6}  # no corners
    assert {geo.ids[i] for i in geo.coastal} == {2, 4}
    assert geo.label(geo.index[3]) == "Mountain (3)"


def test_a_random_game_on_a_polygon_board() -> None:
    state = new_game(grid_board(), 2, seed=3)
    assert state.regions[4].lost_tribes == 1 and state.regions[2].mountain
    final, actions = play_random(state, random.Random(3))
    assert is_over(final) and actions

"""A hand-made 3x3 board with every terrain and symbol, shared by the picture and stats tests."""

from __future__ import annotations

from shapely.geometry import box

from swlab.board import Board, Region

TERRAIN = {
    1: "sea",
    2: "farmland",
    3: "forest",
    4: "hill",
    5: "lake",
    6: "swamp",
    7: "mountain",
    8: "mountain",
    9: "farmland",
}
SYMBOLS = {
    2: {"mine", "lost_tribe"},
    3: {"magic"},
    4: {"cavern", "lost_tribe"},
    7: {"mine"},
    9: {"magic", "lost_tribe"},
}


def grid_board(
    size: float = 1.0, *, name: str = "grid", terrain: dict[int, str] | None = None
) -> Board:
    """Squares of side ``size``, ids 1-9 row by row from the bottom left; the sea and the
    lake of :data:`TERRAIN` unless ``terrain`` replaces it."""
    regions = []
    for rid, kind in (terrain or TERRAIN).items():
        row, col = divmod(rid - 1, 3)
        square = box(col * size, row * size, (col + 1) * size, (row + 1) * size)
        regions.append(Region(rid, kind, square, frozenset(SYMBOLS.get(rid, ()))))
    return Board(name, 3, 10, box(0, 0, 3 * size, 3 * size), tuple(regions))

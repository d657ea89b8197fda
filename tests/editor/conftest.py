"""Hand-made boards for the editor tests: shapely boxes on a small grid."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from shapely.geometry import box

from swlab.board import Board, Region
from swlab.editor import Draft, MapEditor, from_board


def grid_board(cols: int = 3, rows: int = 2, size: float = 10.0) -> Board:
    """``cols`` x ``rows`` squares numbered from 1 in reading order (bottom row first)."""
    regions = []
    for j in range(rows):
        for i in range(cols):
            rid = j * cols + i + 1
            poly = box(i * size, j * size, (i + 1) * size, (j + 1) * size)
            regions.append(Region(rid, "farmland", poly))
    outline = box(0, 0, cols * size, rows * size)
    return Board("grid", 3, 10, outline, tuple(regions))


@pytest.fixture
def squares() -> Draft:
    """Six squares: 1 2 3 along the bottom, 4 5 6 above (all interior corners shared)."""
    return from_board(grid_board())


@pytest.fixture
def make_grid() -> Callable[..., Board]:
    """The :func:`grid_board` factory, for tests that need another size."""
    return grid_board


def shown_labels(editor: MapEditor) -> dict[int, tuple[tuple[float, float], str]]:
    """Per region id: where the editor's label marker is, and its markup."""
    out = {}
    for marker in editor.label_layer.layers:
        markup = marker.icon.html
        rid = int(markup.split("swlab-label-")[1].split("'")[0].split()[0])
        out[rid] = ((float(marker.location[0]), float(marker.location[1])), markup)
    return out

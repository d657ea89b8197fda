"""The map as data: regions, terrain, symbols, derived borders, GeoJSON files, checks.

>>> from swlab.board import official_board
>>> board = official_board(2)
>>> len(board), board.turns
(23, 10)

Names are imported on first use, so ``swlab.board.catalog`` and ``swlab.board.graph``
(standard library only) load without the geometry stack (shapely).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.lazy import attach

if TYPE_CHECKING:
    from swlab.board.catalog import load_board, maps_dir, official_board
    from swlab.board.geometry import Topology
    from swlab.board.io import (
        MapFormatError,
        board_to_geojson,
        parse_board,
        read_board,
        write_board,
    )
    from swlab.board.model import SYMBOLS, TERRAINS, WATER, Board, Region, Symbol, Terrain

#: Where each public name lives.
_HOMES = {
    "SYMBOLS": "model",
    "TERRAINS": "model",
    "WATER": "model",
    "Board": "model",
    "Region": "model",
    "Symbol": "model",
    "Terrain": "model",
    "Topology": "geometry",
    "MapFormatError": "io",
    "board_to_geojson": "io",
    "parse_board": "io",
    "read_board": "io",
    "write_board": "io",
    "load_board": "catalog",
    "maps_dir": "catalog",
    "official_board": "catalog",
}

__all__ = [
    "SYMBOLS",
    "TERRAINS",
    "WATER",
    "Board",
    "MapFormatError",
    "Region",
    "Symbol",
    "Terrain",
    "Topology",
    "board_to_geojson",
    "load_board",
    "maps_dir",
    "official_board",
    "parse_board",
    "read_board",
    "write_board",
]


__getattr__, __dir__ = attach(__name__, _HOMES)

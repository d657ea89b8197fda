"""The map as data: regions, terrain, symbols, derived borders, GeoJSON files, checks.

>>> from swlab.board import official_board
>>> board = official_board(2)
>>> len(board), board.turns
(23, 10)
"""

from swlab.board.geometry import Topology
from swlab.board.io import MapFormatError, board_to_geojson, parse_board, read_board, write_board
from swlab.board.maps import load_board, maps_dir, official_board
from swlab.board.model import SYMBOLS, TERRAINS, WATER, Board, Region, Symbol, Terrain

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

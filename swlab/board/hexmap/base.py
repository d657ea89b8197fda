"""The printed Terra Mystica base map, as row strings (reference: terra_mystica_base.md).

This is the one place the base map is written; ``maps/terra_mystica_base.geojson``
is generated from it by ``tools/hexmaps.py`` (a test regenerates it and compares).
"""

from __future__ import annotations

import os
from pathlib import Path

from swlab.board.hexmap.interchange import parse_rows
from swlab.board.hexmap.layout import HexLayout, layout_board
from swlab.board.model import Board

__all__ = [
    "BASE_NAME",
    "BASE_ROWS",
    "base_geojson_path",
    "base_layout",
    "base_map",
    "write_base_geojson",
]

BASE_NAME = "terra_mystica_base"

#: The base map in the row-string form, exactly as in the reference file.
BASE_ROWS = """\
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


def base_layout() -> HexLayout:
    """The row layout of the printed base map."""
    return parse_rows(BASE_ROWS)


def base_map() -> Board:
    """The printed base map as a board (built from :data:`BASE_ROWS`; the shipped GeoJSON
    is the same board, loaded with ``load_board("terra_mystica_base", polygons=True)``)."""
    return layout_board(base_layout(), BASE_NAME)


def base_geojson_path() -> Path:
    """Where the shipped base map lives: ``maps/terra_mystica_base.geojson``."""
    from swlab.board.catalog import maps_dir

    return maps_dir() / f"{BASE_NAME}.geojson"


def write_base_geojson(path: str | os.PathLike[str] | None = None) -> Path:
    """Generate the base map's GeoJSON from :data:`BASE_ROWS` (by default over the shipped
    file); ``tools/hexmaps.py base`` calls this."""
    from swlab.board.io import write_board

    target = Path(path) if path is not None else base_geojson_path()
    write_board(base_map(), target)
    return target

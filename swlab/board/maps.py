"""Where the shipped boards live and how to load a board by name or path.

The official boards ship inside the package as ``swlab/data/maps/official_{2,3,4,5}p.geojson``
(one copy, in the repository and in an installed wheel alike), found with
:mod:`importlib.resources`.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

from swlab.board.io import read_board
from swlab.board.model import Board

OFFICIAL_PLAYERS: tuple[int, ...] = (2, 3, 4, 5)


def maps_dir() -> Path:
    """The folder of shipped maps, ``swlab/data/maps`` inside the package."""
    folder = Path(str(files("swlab") / "data" / "maps"))
    if not folder.is_dir():
        raise FileNotFoundError("swlab's maps folder is missing from this installation")
    return folder


def official_name(players: int) -> str:
    """File stem of the official board for ``players`` (R-COMP-1: one map per count)."""
    if players not in OFFICIAL_PLAYERS:
        raise ValueError(f"there is no official board for {players} players (2 to 5)")
    return f"official_{players}p"


def official_board(players: int) -> Board:
    """The official board for 2, 3, 4 or 5 players."""
    return read_board(maps_dir() / f"{official_name(players)}.geojson")


def load_board(name_or_path: str | os.PathLike[str]) -> Board:
    """A board by shipped name (``"official_5p"``) or by GeoJSON file path."""
    text = str(name_or_path)
    shipped = maps_dir() / f"{text}.geojson"
    if os.sep not in text and not text.endswith(".geojson") and shipped.is_file():
        return read_board(shipped)
    return read_board(name_or_path)

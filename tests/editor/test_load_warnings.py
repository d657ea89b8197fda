"""The editor's load says what the reader assumed of a file from another tool (issue 12):
a board geopandas wrote (no ``board`` member, ids in ``properties.fid``, terrain in title
case) loads with its warnings in the message, named as the file box names the file."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from swlab.board import official_board
from tests.board.test_plain_geojson import geopandas_board

pytest.importorskip("ipyleaflet")

from swlab.editor import MapEditor


def _message(editor: MapEditor) -> str:
    """The panel's message as the page reads it (markup stripped)."""
    return html.unescape(re.sub(r"<[^>]+>", "", str(editor.message.value)))


def test_loading_a_geopandas_file_shows_the_readers_warnings(tmp_path: Path) -> None:
    board = official_board(2)
    geopandas_board(tmp_path / "gis.geojson", board, fid=[r.id + 100 for r in board])
    editor = MapEditor("official_3p", workspace=tmp_path)
    editor.path.value = "gis.geojson"
    editor._on_load()
    shown = _message(editor)
    assert shown.count("Loaded gis.geojson.") == 1
    assert editor.board.ids == tuple(r.id + 100 for r in board)
    assert (editor.board.players, editor.board.turns) == (2, 10)
    assert "gis.geojson: field 'board.players': no player count in the file" in shown
    assert "10 turns, the turn track for 2 players (R-COMP-1)" in shown
    assert "terrain 'Sea' read as 'sea'" in shown and str(tmp_path) not in shown
    assert editor.load_warnings and all(w in shown for w in editor.load_warnings)
    # a file that needs no assumption loads without warnings
    editor.save(tmp_path / "own.geojson")
    editor.load(tmp_path / "own.geojson")
    assert editor.load_warnings == [] and _message(editor) == f"Loaded {tmp_path / 'own.geojson'}."

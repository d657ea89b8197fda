"""The play-test button: its report gives each seat's win rate with its 95 % interval."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipyleaflet")

from swlab.board import official_board
from swlab.editor import from_board
from swlab.editor.widget import MapEditor


def test_pressing_play_test_shows_intervals_not_bare_shares() -> None:
    editor = MapEditor(from_board(official_board(2)))
    assert editor.result.value == ""
    editor.buttons["play test"].click()
    shown = editor.result.value
    assert "4 games" in shown
    rows = [line for line in shown.splitlines() if re.match(r"\s+[12]\s", line)]
    assert len(rows) == 2
    assert all(re.search(r"\d+% \(95%: \d+%\u2013\d+%\)", row) for row in rows)
    assert "seat distance: " in shown

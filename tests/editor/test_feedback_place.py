"""Feedback stands beside the control that caused it (issue 27 §2): what save and load say
appears under the file box, a problem's text and fix under the problem list, and an edit's
message at the top again; problem lines wrap instead of being cut before their fix.

Driven as a person does: type a name, press the button, click a problem.
"""

from __future__ import annotations

from pathlib import Path

from shapely.geometry import box

from swlab.board.model import Board, Region
from swlab.editor import MapEditor
from swlab.editor.hexwidget import HexMapEditor
from swlab.workspace import Workspace


def below(editor: MapEditor | HexMapEditor) -> object:
    """The widget the message line stands right below in the panel."""
    children = list(editor.panel.children)
    return children[children.index(editor.message) - 1]


def broken() -> Board:
    """Two squares and a gap beside them: a board with one problem and a long fix."""
    regions = (Region(1, "hill", box(0, 0, 10, 10)), Region(2, "forest", box(10, 0, 20, 10)))
    return Board("gap", 2, 10, box(0, 0, 30, 10), regions)


def test_save_and_load_say_it_under_the_file_box(tmp_path: Path) -> None:
    editor = MapEditor(broken(), workspace=Workspace(tmp_path), width=500)
    assert below(editor) is editor.mode_box  # nothing said yet: its place at the top
    editor.path.value = "mine.geojson"
    editor.buttons["save"].click()
    assert "Saved mine.geojson as a draft" in editor.message.value
    assert below(editor) is editor.confirm_row
    editor.path.value = "missing.geojson"
    editor.buttons["load"].click()
    assert "swlab-refused" in editor.message.value and below(editor) is editor.confirm_row
    editor.path.value = "mine.geojson"
    editor.buttons["load"].click()
    assert "Loaded mine.geojson." in editor.message.value
    assert below(editor) is editor.confirm_row
    editor.buttons["merge"].click()  # an edit's refusal: back at the top
    assert "Select two neighbouring regions" in editor.message.value
    assert below(editor) is editor.mode_box


def test_a_clicked_problem_is_explained_under_the_list_in_full(tmp_path: Path) -> None:
    editor = MapEditor(broken(), workspace=Workspace(tmp_path), width=500)
    ((text, index),) = editor.problem_list.options
    assert " \u200bFix: \u200b" in text  # a zero-width space after each space: lines wrap
    editor.problem_list.value = index
    assert below(editor) is editor.problem_list
    assert "Fix: Draw a region into the gap" in editor.message.value
    # the list's lines wrap, so a long problem is never cut before its fix
    assert "swlab-editor-problems" in editor.problem_list._dom_classes
    assert ".swlab-editor-problems select option { white-space: normal;" in editor.style.value
    editor.select(1)  # a click on the map: its message at the top again
    assert below(editor) is editor.mode_box


def test_the_hex_editor_says_a_save_under_its_file_box(tmp_path: Path) -> None:
    editor = HexMapEditor("terra_mystica_base", workspace=Workspace(tmp_path))
    editor.path.value = "tm.geojson"
    editor.buttons["save"].click()
    assert "tm.geojson" in editor.message.value and below(editor) is editor.confirm_row
    editor.buttons["undo"].click()  # nothing to undo: said at the top
    assert below(editor) is editor.status

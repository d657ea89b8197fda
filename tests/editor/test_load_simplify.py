"""The editor's file box offers to simplify a map too detailed to load (issue 23 §2): a GIS
export over the vertex limits is refused with the counts and an offer, "simplify" loads it
simplified (the warning gives the tolerance and the counts before and after), "keep"
leaves the board being edited untouched, and a file beyond even the hard limit gets no
offer, only the refusal that names the limit and a GIS tool.

Driven as a person does: a name typed into the file box, then the buttons pressed. The
limits are lowered (as in ``tests/board/test_simplify_map.py``) so that a small export
of ``benchmarks/map_checks.py`` plays the 10 MB file.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from swlab.board import MapFormatError, read_board
from swlab.board.io import MapTooDetailed, MapWarning
from swlab.board.voronoi import random_board
from swlab.editor.controller import EditorController
from swlab.safe_io import MAP_LIMITS
from swlab.workspace import FileBox, Workspace
from tests.board import test_simplify_map
from tests.board.test_simplify_map import _map_checks

pytest.importorskip("ipyleaflet")

from swlab.editor import MapEditor
from swlab.editor.hexwidget import HexMapEditor

#: What the warning of a simplified load says: counts before, tolerance, counts after.
SIMPLIFIED = re.compile(
    r"coast\.geojson: ([\d,]+) vertices, more than the 4,000 a map may have: simplified "
    r"with a tolerance of ([\d.e+-]+) map units to ([\d,]+) vertices, shared borders kept "
    r"together"
)


#: the export of 30 regions over lowered limits, in the workspace ``tmp_path`` (a fixture)
coast = test_simplify_map.coast


def _message(editor: MapEditor | HexMapEditor) -> str:
    """The panel's message as the page reads it (markup stripped)."""
    return html.unescape(re.sub(r"<[^>]+>", "", str(editor.message.value)))


def _shown(button: Any) -> bool:
    """Whether the button shows in its row (the row itself may be hidden)."""
    return bool(button.layout.display != "none")


def _below(editor: MapEditor) -> Any:
    """The widget the message line stands right below in the panel."""
    children = list(editor.panel.children)
    return children[children.index(editor.message) - 1]


def _press_load(editor: MapEditor, name: str) -> None:
    editor.path.value = name
    editor.buttons["load"].click()


def test_the_reader_counts_the_whole_file_when_it_refuses(coast: Path) -> None:
    with pytest.raises(MapTooDetailed) as refused:
        read_board(coast)
    error = refused.value
    assert error.simplifiable and isinstance(error, MapFormatError)
    checks = _map_checks()
    whole = checks.detailed_board(random_board(30, seed=3), 20_000)
    assert 4_000 < error.vertices <= 100_000
    # geopandas writes each region's ring once, closed: the file's positions exactly
    written = sum(len(r.polygon.exterior.coords) for r in whole)
    assert error.vertices == written and 0 < error.largest < error.vertices
    assert "simplify=True" in str(error) and "--simplify" in str(error)


def test_the_controller_offers_then_loads_simplified(coast: Path) -> None:
    c = EditorController("official_3p", files=FileBox(Workspace(coast.parent)))
    before = c.board
    outcome = c.load_box("coast.geojson")
    assert not outcome.ok and outcome.offer == "simplify" and outcome.asks
    assert c.board is before and c.offered == "coast.geojson"
    said = c.view().message
    assert said is not None and not said.refused  # a question, as "replace?" is
    assert re.fullmatch(
        r"coast\.geojson has [\d,]+ vertices, more than the 4,000 a map may have, so it was "
        r"not loaded\. Load it simplified\? swlab keeps shared borders together and chooses "
        r"the tolerance \(simplify / keep\)",
        said.text,
    ), said.text
    done = c.simplify_file()
    assert done.ok and c.offered is None and len(c.board) == 30
    assert any(SIMPLIFIED.search(w) for w in c.load_warnings), c.load_warnings
    assert c.view().message is not None and "Loaded coast.geojson." in c.view().message.text
    assert not c.simplify_file().ok  # asked once, answered once


def test_simplify_builds_the_board_from_the_file_read_for_the_offer(
    coast: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import swlab.safe_io

    reads: list[str] = []
    read_bytes = swlab.safe_io.read_bytes

    def counted(path: Any, kind: str) -> bytes:
        reads.append(Path(path).name)
        return read_bytes(path, kind)

    monkeypatch.setattr(swlab.safe_io, "read_bytes", counted)
    c = EditorController("official_3p", files=FileBox(Workspace(coast.parent)))
    assert c.load_box("coast.geojson").offer == "simplify"
    assert reads == ["coast.geojson"]
    assert c.simplify_file().ok
    assert reads == ["coast.geojson"]  # not read again: 10 MB read and decoded once
    # the same board and warnings as a file read afresh
    said: list[MapWarning] = []
    fresh = read_board(coast, simplify=True, warnings=said)
    assert [r.polygon.wkb for r in c.board] == [r.polygon.wkb for r in fresh]
    assert c.board.outline.wkb == fresh.outline.wkb
    assert c.load_warnings == [str(replace(w, source="coast.geojson")) for w in said]


def test_a_file_changed_after_the_offer_is_read_again(coast: Path) -> None:
    c = EditorController("official_3p", files=FileBox(Workspace(coast.parent)))
    assert c.load_box("coast.geojson").offer == "simplify"
    checks = _map_checks()
    checks.write_plain(checks.detailed_board(random_board(20, seed=5), 20_000), coast)
    assert c.simplify_file().ok
    assert len(c.board) == 20  # the file as it is now, not as it was offered


def test_the_file_read_for_the_offer_goes_with_it(coast: Path) -> None:
    c = EditorController("official_3p", files=FileBox(Workspace(coast.parent)))
    other = coast.parent / "small.geojson"
    _map_checks().write_plain(random_board(12, seed=0), other)
    answers: dict[str, Callable[[], object]] = {
        "keep": c.keep_file,
        "another load": lambda: c.load_box("small.geojson"),
        "a load from code": lambda: c.load(other),
        "a save": lambda: c.save_box("saved.geojson"),
    }
    for what, answer in answers.items():
        assert c.load_box("coast.geojson").offer == "simplify", what
        assert c._offer is not None and c._offer[1].document is not None
        answer()
        # nothing keeps the decoded file (tens of MB) once the offer is answered
        assert c.offered is None and c._offer is None, what
        assert not c.simplify_file().ok, what


def test_simplify_in_the_editor_loads_it_with_the_warning_beside_the_file_box(
    coast: Path,
) -> None:
    editor = MapEditor("official_3p", workspace=coast.parent, width=500)
    draft = editor.draft
    row = editor.confirm_row
    simplify, keep, replace = (editor.buttons[b] for b in ("simplify", "keep", "replace"))
    assert row.layout.display == "none"
    _press_load(editor, "coast.geojson")
    offer = _message(editor)
    assert "coast.geojson has" in offer and "more than the 4,000 a map may have" in offer
    assert "(simplify / keep)" in offer and "swlab-refused" not in editor.message.value
    assert row.layout.display == "flex" and _shown(simplify) and _shown(keep)
    assert not _shown(replace)
    assert "shared by two regions" in simplify.tooltip and "tolerance" in simplify.tooltip
    assert keep.tooltip == "Keep the board you are editing; load nothing"
    assert _below(editor) is row  # beside the file box, where the person is looking
    assert editor.draft is draft
    simplify.click()
    shown = _message(editor)
    loaded, first = shown.splitlines()[:2]
    assert loaded == "Loaded coast.geojson."
    found = SIMPLIFIED.fullmatch(first)  # the first thing said after it
    assert found is not None, shown
    before, tolerance, after = (found[1], found[2], found[3])
    counted = sum(len(r.polygon.exterior.coords) for r in editor.board)
    assert int(after.replace(",", "")) == counted <= 0.9 * 4_000
    assert int(before.replace(",", "")) > 4_000 and float(tolerance) > 0
    assert len(editor.board) == 30 and row.layout.display == "none"
    assert _below(editor) is row
    # the check's problems, as any load shows them: the list and the status line agree
    assert len(editor.problem_list.options) == len(editor.problems)
    assert "30 regions" in editor.status.value


def test_keep_leaves_the_board_being_edited_untouched(coast: Path) -> None:
    editor = MapEditor("official_3p", workspace=coast.parent, width=500)
    editor.select(3)
    draft, selected = editor.draft, editor.selected
    _press_load(editor, "coast.geojson")
    editor.buttons["keep"].click()
    assert editor.draft is draft and editor.selected == selected
    assert _message(editor) == "Kept the board you are editing; coast.geojson was not loaded."
    assert editor.confirm_row.layout.display == "none" and editor.controller.offered is None
    editor.buttons["keep"].click()  # nothing waits any more: nothing changes
    assert editor.draft is draft


def test_a_file_beyond_the_hard_limit_gets_no_offer(
    coast: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(MAP_LIMITS, "simplify_vertices", 10_000)
    editor = MapEditor("official_3p", workspace=coast.parent, width=500)
    draft = editor.draft
    _press_load(editor, "coast.geojson")
    shown = _message(editor)
    assert shown.startswith("Could not load: coast.geojson: the map has more than the 10,000 ")
    assert "even to be simplified" in shown and "QGIS" in shown and "mapshaper" in shown
    assert "swlab-refused" in editor.message.value
    assert editor.confirm_row.layout.display == "none" and editor.controller.offered is None
    assert editor.draft is draft
    # read without simplify=True, the file is refused the same way: no --simplify that
    # would only be refused in its turn
    with pytest.raises(MapTooDetailed) as refused:
        read_board(coast)
    assert not refused.value.simplifiable and "--simplify" not in str(refused.value)
    assert "10,000 vertices a map may have even to be simplified" in str(refused.value)


def test_a_save_question_after_the_offer_shows_replace_again(coast: Path) -> None:
    editor = MapEditor("official_3p", workspace=coast.parent, width=500)
    _press_load(editor, "coast.geojson")
    editor.path.value = "coast.geojson"
    editor.buttons["save"].click()  # the file exists: "replace?" now, not "simplify?"
    assert editor.controller.offered is None
    assert _shown(editor.buttons["replace"]) and not _shown(editor.buttons["simplify"])
    assert editor.buttons["keep"].tooltip == "Keep the file as it is"
    editor.buttons["keep"].click()
    assert "Kept coast.geojson." in _message(editor)


def test_the_hex_editor_keeps_its_replace_question(tmp_path: Path) -> None:
    editor = HexMapEditor("terra_mystica_base", workspace=Workspace(tmp_path))
    assert "simplify" not in editor.buttons  # its file box saves only
    editor.path.value = "tm.geojson"
    editor.buttons["save"].click()
    editor.buttons["save"].click()
    assert editor.confirm_row.layout.display == "flex" and _shown(editor.buttons["replace"])
    editor.buttons["keep"].click()
    assert editor.confirm_row.layout.display == "none"


def test_load_from_code_names_simplify_true(coast: Path) -> None:
    editor = MapEditor("official_3p", workspace=coast.parent, width=500)
    draft = editor.draft
    editor.load(coast)
    assert "MapEditor.load(FILE, simplify=True)" in _message(editor)
    assert editor.draft is draft
    editor.load(coast, simplify=True)
    assert SIMPLIFIED.search(_message(editor)) and len(editor.board) == 30

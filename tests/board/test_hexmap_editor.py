"""The hex-map editor without a browser: paint, undo/redo, reach and overlays as GeoJSON,
and the widget's clicks, toggles and save driven from code."""

from __future__ import annotations

from pathlib import Path

import pytest

from swlab.board import read_board
from swlab.board.hexmap import base_map, bridge_slots, labels, layout_board, parse_rows, reach
from swlab.editor.hexmap import (
    HexDraft,
    HexEditError,
    HexMapEditor,
    bridge_features,
    hex_features,
    mass_features,
    paint,
    problem_features,
    reach_features,
)
from swlab.workspace import Workspace


def by_label(board: object, name: str) -> int:
    return next(rid for rid, n in labels(board).items() if n == name)  # type: ignore[arg-type]


def test_paint_then_undo_and_redo() -> None:
    draft = HexDraft.of(base_map())
    a1 = by_label(draft.board, "A1")
    painted = paint(draft, a1, "swamp")
    assert painted.board[a1].terrain == "swamp" and draft.board[a1].terrain == "plains"
    assert painted.note == "A1 is now swamp"
    back = painted.undo()
    assert back.layout == draft.layout and back.redo().layout == painted.layout
    with pytest.raises(HexEditError, match="nothing to redo"):
        painted.redo()
    with pytest.raises(HexEditError, match="nothing to undo"):
        draft.undo()


def test_making_a_hex_river_relabels_its_row() -> None:
    draft = HexDraft.of(layout_board(parse_rows("A: U K S B"), "row"))
    second = by_label(draft.board, "A2")
    river = paint(draft, second, "river")
    assert labels(river.board) == {1: "A1", 3: "A2", 4: "A3"}
    assert river.note == "A2 is now river (river (A, col 2))"
    with pytest.raises(HexEditError, match="already"):
        paint(river, second, "river")
    with pytest.raises(HexEditError, match="not a Terra Mystica terrain"):
        paint(river, 1, "hill")


def test_features_for_the_map() -> None:
    board = base_map()
    hexes = hex_features(board)["features"]
    assert len(hexes) == 113 and hexes[0]["properties"]["label"] == "A1"
    assert "swlab-terrain-plains" in hexes[0]["properties"]["style"]["className"]
    assert len(bridge_features(board)["features"]) == len(bridge_slots(board))
    e7 = by_label(board, "E7")
    rings = reach_features(board, e7, 2)["features"]
    kinds = [f["properties"]["style"]["className"].split()[0] for f in rings]
    found = reach(board, e7, shipping=2)
    assert kinds.count("swlab-direct") == len(found["direct"]) == 5
    assert kinds.count("swlab-indirect") == len(found["shipping"]) > 0
    assert kinds.count("swlab-origin") == 1
    masses = mass_features(board)["features"]
    assert len(masses) == 77
    bad = layout_board(parse_rows("A: U U K"), "bad")
    from swlab.board.hexmap import check

    classes = {
        f["properties"]["style"]["className"] for f in problem_features(bad, check(bad))["features"]
    }
    assert "swlab-problem swlab-problem-same_terrain" in classes


def test_the_widget_paints_shows_reach_and_saves(tmp_path: Path) -> None:
    editor = HexMapEditor("terra_mystica_base", workspace=Workspace(tmp_path))
    assert "0 problems, 17 facts of the printed map&#x27;s design" in editor.status.value
    editor.choose_brush("swamp")
    a1 = by_label(editor.board, "A1")
    editor._on_click(properties={"region": a1})
    assert editor.board[a1].terrain == "swamp"
    assert "A1 is now swamp" in editor.message.value
    assert "same_terrain" not in editor.problem_box.value
    editor.choose_brush("swamp")
    editor.click(by_label(editor.board, "A2"))  # A1 and A2 are both swamp now
    assert "1 problem," in editor.status.value and "same_terrain" in editor.problem_box.value
    problems = editor.overlay_layers["problems"].data["features"]
    assert {f["properties"]["region"] for f in problems} >= {a1}
    editor.undo()
    assert "0 problems" in editor.status.value and not editor.buttons["redo"].disabled
    editor.redo()
    editor.undo()
    editor.choose_reach()
    editor.shipping.value = 3
    editor.click(by_label(editor.board, "E7"))
    assert "E7: direct D4, D5, E6, E8, F4; shipping 3 adds" in editor.message.value
    assert editor.overlay_layers["reach"].data["features"]
    editor.click(next(r.id for r in editor.board if r.terrain == "river"))
    assert "swlab-refused" in editor.message.value
    editor.toggles["bridges"].value = True
    editor.toggles["masses"].value = True
    assert len(editor.overlay_layers["bridges"].data["features"]) == 29
    assert len(editor.overlay_layers["masses"].data["features"]) == 77
    editor.path.value = "mine.geojson"
    editor.save()
    saved = read_board(tmp_path / "mine.geojson")
    assert saved.profile == "terra_mystica" and saved.regions[a1 - 1].terrain == "swamp"
    editor.save()  # the file exists now: replace or keep
    assert editor.confirm_row.layout.display == "flex"
    editor.keep_file()
    assert editor.confirm_row.layout.display == "none"


def test_the_editor_refuses_a_small_world_board() -> None:
    with pytest.raises(HexEditError, match="not a Terra Mystica map"):
        HexMapEditor("official_2p")


def test_the_hex_editor_has_the_map_editors_file_box_and_message_line(tmp_path: Path) -> None:
    """One shell: the same replace/keep question, the same refused line, and a file box
    the host turned off is hidden in both editors."""
    from swlab.editor.widget import MapEditor

    ws = Workspace(tmp_path)
    hexes, regions = HexMapEditor(workspace=ws), MapEditor("official_2p", workspace=ws, width=400)
    for editor in (hexes, regions):
        editor.path.value = f"{type(editor).__name__}.geojson"
        editor.buttons["save"].click()
        editor.buttons["save"].click()
        assert editor.confirm_row.layout.display == "flex"
        assert "replace it?" in editor.message.value
        editor.buttons["replace"].click()
        assert editor.confirm_row.layout.display == "none"
        assert editor.path.value in editor.message.value
        assert "swlab-refused" not in editor.message.value
    hexes.path.value = "../out.geojson"
    hexes.buttons["save"].click()
    assert "swlab-refused" in hexes.message.value and "not allowed" in hexes.message.value
    off = HexMapEditor(file_boxes=False)
    assert off.path.description == regions.path.description
    rows = [w for w in off.panel.children if off.path in getattr(w, "children", ())]
    assert rows and rows[0].layout.display == "none"

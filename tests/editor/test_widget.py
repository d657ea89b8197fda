"""The editor widget, headless: buttons, region clicks and Geoman events drive it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from swlab.board.validate import validate
from swlab.editor import Draft, NotPlayableError, from_board, split

pytest.importorskip("ipyleaflet")

from swlab.editor.widget import MapEditor


def click_region(editor: MapEditor, region: int) -> None:
    """What the front end sends when a region is clicked."""
    feature = next(f for f in editor.layer.data["features"] if f["id"] == region)
    content: dict[str, Any] = {
        "event": "click",
        "feature": feature,
        "properties": feature["properties"],
        "id": region,
        "coordinates": [0, 0],
    }
    editor.layer._handle_mouse_events(None, content, [])


def geoman(editor: MapEditor, action: str, features: list[dict[str, Any]]) -> None:
    """What Geoman sends to Python (``pm:<action>`` with a list of features)."""
    editor.draw._handle_leaflet_event(None, {"event": f"pm:{action}", "geo_json": features}, [])


def line(*points: tuple[float, float]) -> dict[str, Any]:
    return {
        "type": "Feature",
        "properties": {},
        "geometry": {"type": "LineString", "coordinates": [list(p) for p in points]},
    }


@pytest.fixture
def editor(squares: Draft) -> MapEditor:
    return MapEditor(squares)


def test_builds_a_simple_crs_map(editor: MapEditor) -> None:
    assert editor.map.crs["name"] == "Simple"
    assert editor.draw in editor.map.controls
    assert len(editor.layer.data["features"]) == 6
    assert "sound" in editor.status.value
    assert editor.buttons["undo"].disabled


def test_split_by_drawn_line(editor: MapEditor) -> None:
    click_region(editor, 2)
    assert editor.selected == [2]
    editor.buttons["split"].click()
    assert editor.draw.current_mode == "draw:Line"
    click_region(editor, 3)  # clicks while drawing are ignored
    assert editor.selected == [2]
    before = editor.layer.data
    geoman(editor, "create", [line((15, -2), (15, 22))])
    assert sorted(editor.board.ids) == [1, 2, 3, 4, 5, 6, 7]
    assert editor.layer.data is not before
    assert "split region 2" in editor.message.value


def test_split_without_selection_finds_the_crossed_region(editor: MapEditor) -> None:
    editor.buttons["split"].click()
    geoman(editor, "create", [line((25, 2), (25, 8))])  # inside 3 only: refused
    assert "swlab-refused" in editor.message.value
    geoman(editor, "create", [line((25, -1), (25, 11))])
    assert editor.board.are_adjacent(3, 7)


def test_merge_delete_terrain_symbol_undo_redo(editor: MapEditor) -> None:
    click_region(editor, 1)
    click_region(editor, 2)
    editor.buttons["merge"].click()
    assert 2 not in editor.board
    assert editor.selected == [1]
    editor.terrain_buttons["mountain"].click()
    assert editor.board[1].terrain == "mountain"
    editor.symbol_buttons["mine"].click()
    assert editor.board[1].symbols == {"mine"}
    editor.buttons["undo"].click()
    editor.buttons["undo"].click()
    assert editor.board[1].terrain == "farmland"
    editor.buttons["redo"].click()
    assert editor.board[1].terrain == "mountain"
    editor.selected = []
    click_region(editor, 5)
    editor.buttons["delete"].click()
    assert 5 not in editor.board
    assert [p.kind.value for p in editor.problems] == ["gap"]
    assert len(editor.problem_list.options) == 1


def test_merge_refusal_is_shown(editor: MapEditor) -> None:
    click_region(editor, 1)
    click_region(editor, 6)
    editor.buttons["merge"].click()
    assert "share no border" in editor.message.value
    assert len(editor.board) == 6


def test_problem_click_selects_its_regions(editor: MapEditor) -> None:
    click_region(editor, 5)
    editor.buttons["delete"].click()
    editor.problem_list.value = 0
    assert editor.selected == [2, 4]
    assert "Gap" in editor.message.value
    assert editor.overlay_layers["problems"].data["features"]


def test_give_to_and_draw_region(editor: MapEditor) -> None:
    click_region(editor, 5)
    click_region(editor, 4)
    editor.buttons["give to"].click()
    assert 5 not in editor.board and validate(editor.board) == []
    editor.buttons["undo"].click()
    editor.selected = [5]
    editor.buttons["delete"].click()
    editor.buttons["draw region"].click()
    assert editor.draw.current_mode == "draw:Polygon"
    square = [[9, 9], [21, 9], [21, 21], [9, 21], [9, 9]]
    geoman(
        editor,
        "create",
        [{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [square]}}],
    )
    assert validate(editor.board) == []
    assert editor.board.neighbours(7) == {2, 4, 6}


def test_vertex_drag_moves_the_shared_vertex(editor: MapEditor) -> None:
    editor.buttons["edit vertices"].click()
    assert editor.draw.current_mode == "edit"
    assert len(editor.draw.data) == 6  # the regions are in the draw layer
    features = [dict(f) for f in editor.draw.data]
    one = next(f for f in features if f["id"] == 1)
    ring = [list(p) for p in one["geometry"]["coordinates"][0]]
    k = ring.index([10.0, 10.0])
    ring[k] = [11.0, 12.0]
    if k == 0:
        ring[-1] = [11.0, 12.0]
    one["geometry"] = {"type": "Polygon", "coordinates": [ring]}
    geoman(editor, "vertexdrag", features)
    for rid in (1, 2, 4, 5):
        assert (11.0, 12.0) in set(editor.board[rid].polygon.exterior.coords)
    assert validate(editor.board) == []
    # the browser's own copy is replaced when it syncs its data
    editor.draw.data = features
    pushed = {f["id"]: f for f in editor.draw.data}
    assert [11.0, 12.0] in pushed[5]["geometry"]["coordinates"][0]


def test_overlay_toggles(editor: MapEditor) -> None:
    assert not editor.overlay_layers["adjacency"].data["features"]
    editor.toggles["adjacency"].value = True
    assert len(editor.overlay_layers["adjacency"].data["features"]) == 7
    editor.toggles["edge"].value = True
    assert len(editor.overlay_layers["edge"].data["features"]) == 6


def test_new_boards(editor: MapEditor) -> None:
    editor.new("official 2p")
    assert len(editor.board) == 23
    editor.new("random", players=4, seed=3, regions=20)
    assert len(editor.board) == 20 and editor.board.players == 4
    editor.new("rectangle", players=3)
    assert editor.board.ids == (1,)
    editor.new("graph 3p")
    assert len(editor.board) == 30
    assert "official" in editor.stats.value or "official-3p" in editor.stats.value


def test_save_warns_on_a_draft_with_problems(editor: MapEditor, tmp_path: Path) -> None:
    editor.selected = [5]
    editor.buttons["delete"].click()
    problems = editor.save(tmp_path / "draft.geojson")
    assert problems and (tmp_path / "draft.geojson").is_file()
    assert "as a draft" in editor.message.value


def test_play_test_refuses_a_broken_board(editor: MapEditor) -> None:
    editor.selected = [5]
    editor.buttons["delete"].click()
    with pytest.raises(NotPlayableError, match="Gap inside the outline"):
        editor.play_test(games=2)
    editor.buttons["play test"].click()
    assert "cannot be played" in editor.message.value


def test_play_test_runs_two_games() -> None:
    from swlab.board import official_board

    editor = MapEditor(from_board(official_board(2)))
    result = editor.play_test(bots=["random"], games=2)
    assert result.games == 2
    assert editor.viewer is not None and editor.play_box.children
    heat = editor.overlay_layers["heat"].data["features"]
    assert len(heat) == 23
    assert "win_share" in editor.result.value


def test_labels_follow_the_board(editor: MapEditor) -> None:
    assert len(editor.label_layer.layers) == 6
    editor.apply(split, 1, [(5, -1), (5, 11)])
    assert len(editor.label_layer.layers) == 7
    editor.layer._handle_mouse_events(
        None, {"event": "mouseover", "properties": {"region": 2}, "id": 2}, []
    )
    assert "Farmland (2): no symbols; borders 1, 3, 5" in editor.hover_box.value

"""What a designer sees and trusts in the editor widget (issue 12), headless.

Each test drives the widget as the front end does (region clicks and hovers, Geoman
events, key presses through the keyboard layer, button clicks) and checks what the page shows.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import box, shape

from swlab.board import Board, Region, official_board
from swlab.board.validate import Problem, ProblemKind
from swlab.editor import Draft, set_terrain

pytest.importorskip("ipyleaflet")

from swlab.editor.overlays import CORNER_TEXT
from swlab.editor.widget import MapEditor

from .test_widget import click_region, geoman, line


def hover_region(editor: MapEditor, region: int) -> None:
    """What the front end sends when the pointer enters a region."""
    content = {"event": "mouseover", "properties": {"region": region}, "id": region}
    editor.layer._handle_mouse_events(None, content, [])


def press(editor: MapEditor, key: str) -> None:
    """A key pressed while the pointer is over the editor (the keyboard layer's message)."""
    editor.keys._handle_custom_msg({"key": key}, [])


@pytest.fixture
def editor(squares: Draft) -> MapEditor:
    return MapEditor(squares, width=600)


def _label_markup(editor: MapEditor) -> dict[int, str]:
    out = {}
    for marker in editor.label_layer.layers:
        markup = marker.icon.html
        rid = int(markup.split("swlab-label-")[1].split("'")[0].split()[0])
        out[rid] = markup
    return out


# --- draw what matters --------------------------------------------------------------------
def test_labels_show_symbols_mountains_and_lost_tribes_as_the_viewer_does() -> None:
    from swlab.play.style import label_html
    from swlab.rules.state import RegionState

    regions = (
        Region(1, "mountain", box(0, 0, 10, 10), frozenset({"mine", "lost_tribe"})),
        Region(2, "forest", box(10, 0, 20, 10), frozenset({"magic", "cavern"})),
    )
    # wide enough for the full labels (a narrower map shows their compact form)
    editor = MapEditor(Board("two", 2, 10, box(0, 0, 20, 10), regions), width=800)
    markup = _label_markup(editor)
    assert "swlab-piece-mine" in markup[1] and "swlab-piece-lost" in markup[1]
    assert "mountain" in markup[1]
    assert "swlab-piece-magic" in markup[2] and "swlab-piece-cavern" in markup[2]
    # the one shared style: the viewer's label of a set-up region, unchanged
    setup = RegionState(lost_tribes=1, mountain=True)
    assert markup[1] == label_html(1, setup, "mountain", regions[0].symbols)


def test_labels_scale_with_the_map(editor: MapEditor) -> None:
    small = editor._label_px
    editor.resize(1800, 1200)
    assert editor._label_px > small
    assert f"--swlab-label-px: {editor._label_px}px" in editor.style.value
    icon = editor.label_layer.layers[0].icon
    assert icon.icon_size[0] > 10 * small


def test_fluid_map_and_panel_beside_it() -> None:
    editor = MapEditor(official_board(5))
    assert "cqw" in editor.map.layout.width and "100vh" in editor.map.layout.width
    row = editor.widget.children[1]
    assert editor.map in row.children and editor.panel in row.children
    assert "swlab-editor-row" in row._dom_classes
    assert "flex-flow: row nowrap" in editor.style.value


# --- border checking you can see ----------------------------------------------------------
def test_hover_highlights_neighbours_and_lists_border_lengths(editor: MapEditor) -> None:
    hover_region(editor, 2)
    classes = [
        f["properties"]["style"]["className"]
        for f in editor.overlay_layers["hover"].data["features"]
    ]
    tinted = sorted(int(c.split("swlab-neighbour-")[1]) for c in classes if "swlab-neighbour-" in c)
    assert tinted == [1, 3, 5]
    assert sum("swlab-shared-border " in c for c in classes) == 3
    text = editor.hover_box.value
    assert "Farmland (1): border 25% of an average region&#x27;s outline" in text
    assert "size: 1.0 times an average region" in text


def test_a_corner_contact_is_drawn_and_labelled(editor: MapEditor) -> None:
    hover_region(editor, 1)  # 1 touches 5 at the point (10, 10) only
    features = editor.overlay_layers["hover"].data["features"]
    corners = [f for f in features if "swlab-corner-1-5" in f["properties"]["style"]["className"]]
    assert len(corners) == 1
    assert shape(corners[0]["geometry"]).contains(shape({"type": "Point", "coordinates": [10, 10]}))
    assert f"Farmland (5): {CORNER_TEXT}" in editor.hover_box.value.replace("&#x27;", "'")
    labels = [m.icon.html for m in editor.corner_labels.layers]
    assert labels and all(CORNER_TEXT in h for h in labels) and f"5 {CORNER_TEXT}" in labels[0]
    assert list(editor.corner_labels.layers[0].location) == [10.0, 10.0]


def test_borders_view_draws_each_border_on_the_border_itself() -> None:
    board = official_board(5)
    editor = MapEditor(board, width=600)
    editor.toggles["adjacency"].value = True
    features = editor.overlay_layers["adjacency"].data["features"]
    assert len(features) == len(board.topology.borders)
    for f in features:
        a, b = f["properties"]["a"], f["properties"]["b"]
        drawn = shape(f["geometry"])
        # on both regions' outlines: no link crosses a third region
        assert drawn.distance(board[a].polygon.boundary) < 1e-6
        assert drawn.hausdorff_distance(drawn.intersection(board[b].polygon.buffer(1e-6))) < 1e-6
    legend = editor.overlay_legends["adjacency"].value
    assert f"<b>{len(features)}</b>" in legend and CORNER_TEXT in legend


@pytest.mark.parametrize(("key", "count"), [("edge", 6), ("coastal", 0), ("first_conquest", 6)])
def test_region_set_overlays_have_a_legend_a_count_and_a_list(
    editor: MapEditor, key: str, count: int
) -> None:
    box_ = editor.overlay_boxes[key]
    assert box_.layout.display == "none"
    editor.toggles[key].value = True
    assert box_.layout.display == "flex"
    assert f"<b>{count}</b>" in editor.overlay_legends[key].value
    assert len(editor.overlay_lists[key].options) == count
    if count:
        editor.overlay_lists[key].value = 2
        assert editor.selected == [3]


def test_a_border_list_entry_selects_both_regions(editor: MapEditor) -> None:
    editor.toggles["adjacency"].value = True
    texts = [t for t, _ in editor.overlay_lists["adjacency"].options]
    assert texts[0] == "1 - 2: border 25% of an average region's outline"
    assert "1 - 5: " + CORNER_TEXT in texts
    editor.overlay_lists["adjacency"].value = 0
    assert editor.selected == [1, 2]


def _graph(pairs: list[tuple[int, int]], ids: range) -> dict[str, Any]:
    near: dict[int, list[int]] = {i: [] for i in ids}
    for a, b in pairs:
        near[a].append(b)
        near[b].append(a)
    return {
        "name": "design",
        "players": 3,
        "turns": 10,
        "regions": [
            {"id": i, "terrain": "farmland", "edge": True, "neighbours": sorted(near[i])}
            for i in ids
        ],
    }


def test_vs_design_from_a_graph_file_draws_and_lists_missing_and_extra(
    squares: Draft, tmp_path: Path
) -> None:
    # the design wants 1-5 (a corner on the board) and lacks 2-5
    pairs = [(1, 2), (2, 3), (4, 5), (5, 6), (1, 4), (3, 6), (1, 5)]
    (tmp_path / "design.json").write_text(json.dumps(_graph(pairs, range(1, 7))))
    editor = MapEditor(squares, width=600, workspace=tmp_path)
    editor.design.value = "file in the design box"
    editor.buttons["compare"].click()
    assert editor.toggles["diff"].value
    drawn = {
        (f["properties"]["kind"], f["properties"]["a"], f["properties"]["b"])
        for f in editor.overlay_layers["diff"].data["features"]
    }
    assert drawn == {("missing", 1, 5), ("extra", 2, 5)}
    texts = [t for t, _ in editor.overlay_lists["diff"].options]
    assert texts == ["missing border 1 - 5", "extra border 2 - 5"]
    legend = editor.overlay_legends["diff"].value
    assert "design.json" in legend and "<b>1</b>" in legend
    # the comparison follows the draft: merge 2 into 1 and the list changes at once
    editor.select_regions([1, 2])
    editor.buttons["merge"].click()
    texts = [t for t, _ in editor.overlay_lists["diff"].options]
    assert "region 2 is not on the board" in texts and "extra border 1 - 5" not in texts


def test_vs_design_follows_new(editor: MapEditor) -> None:
    editor.toggles["diff"].value = True
    editor.new("official 3p")
    assert "official_3p" in editor.overlay_legends["diff"].value
    assert editor.overlay_lists["diff"].options == ()  # the board is its design
    editor.new("random", players=3, seed=2, regions=12)
    assert editor.expected is None
    assert "no design" in editor.overlay_legends["diff"].value
    assert not editor.overlay_layers["diff"].data["features"]
    editor.design.value = "official_2p graph"
    editor.buttons["compare"].click()
    assert editor.overlay_layers["diff"].data["features"]


def test_heat_map_has_a_legend_and_a_list() -> None:
    editor = MapEditor(official_board(2), width=500)
    editor.toggles["heat"].value = True
    assert "play test" in editor.overlay_legends["heat"].value
    editor.play_test(bots=["random"], games=2, viewer=False)
    assert "swlab-heat-legend" in editor.overlay_legends["heat"].value
    assert "<div>23 regions</div>" in editor.overlay_legends["heat"].value
    assert len(editor.overlay_lists["heat"].options) == 23
    assert "wins" in editor.result.value and ".0 " not in editor.result.value.split("\n")[2]


def test_every_problem_shows_how_to_fix_it(
    editor: MapEditor, monkeypatch: pytest.MonkeyPatch
) -> None:
    import swlab.editor.controller as controller

    problem = Problem(
        ProblemKind.GAP, (2, 4), "Gap beside regions 2 and 4.", box(9, 9, 11, 11),
        fix="Give it to region 2 or 4 (draw region over it, or move a corner).",
    )  # fmt: skip
    monkeypatch.setattr(controller, "check_board", lambda board: [problem])
    editor.refresh()
    ((text, _),) = editor.problem_list.options
    fix = "Fix: Give it to region 2 or 4 (draw region over it, or move a corner)."
    assert text.replace("\u200b", "") == f"Gap beside regions 2 and 4. {fix}"
    editor.problem_list.value = 0
    assert "Fix: Give it to region 2 or 4" in editor.message.value
    hover_region(editor, 2)
    assert "problem: Gap beside regions 2 and 4. Fix:" in editor.hover_box.value
    editor.overlay_layers["problems"]._handle_mouse_events(
        None, {"event": "mouseover", "properties": {"index": 0}}, []
    )
    assert editor.hover_box.value.startswith("Gap beside regions 2 and 4. Fix:")


# --- edits a designer can trust -------------------------------------------------------------
def test_the_mode_is_always_shown_and_esc_returns_to_select(editor: MapEditor) -> None:
    assert "mode: select" in editor.mode_box.value
    assert editor.buttons["select"].button_style == "info"
    editor.buttons["split"].click()
    assert "mode: split" in editor.mode_box.value and "Esc" in editor.mode_box.value
    assert editor.buttons["split"].button_style == "info"
    assert editor.buttons["select"].button_style == ""
    press(editor, "Escape")
    assert editor.mode == "select" and editor.draw.current_mode is None
    assert "mode: select" in editor.mode_box.value
    assert "Back to select mode" in editor.message.value
    click_region(editor, 4)
    assert editor.selected == [4]


def test_l_and_k_enter_lasso_and_split_mode_as_their_buttons_do(editor: MapEditor) -> None:
    """The editor's own keys (not the game's: S saves a game there), each named in its
    mode button's tooltip; one press is one mode change, Esc leaves it."""
    from swlab.editor.controller import EDITOR_KEYS
    from swlab.play.keys import KEYS

    assert sorted(editor.keys.bound_keys) == sorted(EDITOR_KEYS) == ["escape", "k", "l"]
    assert "(L)" in editor.buttons["lasso"].tooltip and "(K)" in editor.buttons["split"].tooltip
    assert not set(EDITOR_KEYS) - {"escape"} & set(KEYS)  # no game key means another thing
    said: list[str] = []
    editor.controller.say = lambda text, refused=False: said.append(text)  # type: ignore[method-assign]
    press(editor, "l")
    assert editor.mode == "lasso" and editor.draw.current_mode == "draw:Polygon"
    assert "mode: lasso" in editor.mode_box.value and len(said) == 1
    press(editor, "Escape")
    assert editor.mode == "select" and len(said) == 2
    click_region(editor, 2)
    before = len(said)
    press(editor, "k")  # the selection stays the split's target, as with the button
    assert editor.mode == "split" and editor.draw.current_mode == "draw:Line"
    assert editor.selected == [2] and "mode: split" in editor.mode_box.value
    assert len(said) == before + 1 and said[-1].startswith("Draw a line across region 2")
    press(editor, "s")  # not the editor's: nothing
    assert editor.mode == "split" and len(said) == before + 1


def test_split_then_select_needs_no_extra_click(editor: MapEditor) -> None:
    click_region(editor, 2)
    editor.buttons["split"].click()
    geoman(editor, "create", [line((15, -2), (15, 22))])
    assert "split region 2" in editor.message.value
    assert editor.mode == "select" and editor.draw.current_mode is None
    assert editor.selected == []
    click_region(editor, 7)
    assert editor.selected == [7]


def test_a_terrain_button_changes_every_selected_region_in_one_step(editor: MapEditor) -> None:
    editor.apply(set_terrain, 1, "lake")
    click_region(editor, 1)
    click_region(editor, 2)
    editor.terrain_buttons["forest"].click()
    assert editor.board[1].terrain == editor.board[2].terrain == "forest"
    assert "regions 1 and 2 are forest" in editor.message.value
    editor.buttons["undo"].click()
    assert editor.board[1].terrain == "lake" and editor.board[2].terrain == "farmland"


def test_a_symbol_button_changes_every_selected_region_in_one_step(editor: MapEditor) -> None:
    click_region(editor, 1)
    click_region(editor, 3)
    editor.symbol_buttons["mine"].click()
    assert editor.board[1].symbols == editor.board[3].symbols == {"mine"}
    assert "regions 1 and 3 get mine" in editor.message.value
    editor.symbol_buttons["mine"].click()
    assert not editor.board[1].symbols and not editor.board[3].symbols
    assert "mine taken from regions 1 and 3" in editor.message.value
    editor.buttons["undo"].click()
    editor.buttons["undo"].click()
    assert not editor.board[1].symbols and not editor.draft.past


def _drag(editor: MapEditor, action: str, ring_edit: Any) -> None:
    features = [dict(f) for f in editor.draw.data]
    one = next(f for f in features if f["id"] == 1)
    ring = [list(p) for p in one["geometry"]["coordinates"][0]]
    ring = ring_edit(ring)
    one["geometry"] = {"type": "Polygon", "coordinates": [ring]}
    geoman(editor, action, features)


def test_a_whole_vertex_drag_is_one_undo_step(editor: MapEditor) -> None:
    editor.buttons["edit vertices"].click()
    start = editor.board

    def add_middle(ring: list[list[float]]) -> list[list[float]]:
        k = ring.index([10.0, 0.0])
        return [*ring[: k + 1], [10.0, 5.0], *ring[k + 1 :]]

    def drag_it(ring: list[list[float]]) -> list[list[float]]:
        return [[12.0, 5.0] if p == [10.0, 5.0] else p for p in ring]

    _drag(editor, "vertexadded", add_middle)  # Geoman's middle marker, grabbed
    _drag(editor, "vertexdrag", drag_it)  # ... and dropped: one gesture
    assert (12.0, 5.0) in set(editor.board[2].polygon.exterior.coords)
    assert "Moved a corner of regions 1 and 2." in editor.message.value
    assert len(editor.draft.past) == 1
    editor.buttons["undo"].click()
    assert editor.board is start


def test_selection_follows_modes_and_edits(editor: MapEditor) -> None:
    click_region(editor, 1)
    click_region(editor, 2)
    editor.buttons["draw region"].click()
    assert editor.selected == []
    editor.buttons["select"].click()
    click_region(editor, 1)
    click_region(editor, 2)
    editor.buttons["split"].click()
    assert editor.selected == [1, 2]  # the split's targets, named in the message
    assert "across regions 1 and 2" in editor.message.value
    press(editor, "Escape")
    click_region(editor, 1)  # unselected, then selected again: now after region 2
    click_region(editor, 1)
    editor.buttons["merge"].click()
    assert editor.selected == [2]  # the merged region
    editor.buttons["undo"].click()
    assert editor.selected == []


def test_a_drawn_region_is_farmland_and_selected_not_the_old_selection(editor: MapEditor) -> None:
    editor.apply(set_terrain, 2, "lake")
    click_region(editor, 5)
    editor.buttons["delete"].click()
    click_region(editor, 2)
    editor.buttons["draw region"].click()
    square = [[9, 9], [21, 9], [21, 21], [9, 21], [9, 9]]
    geoman(
        editor,
        "create",
        [{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [square]}}],
    )
    assert editor.board[7].terrain == "farmland"
    assert editor.selected == [7] and editor.mode == "select"
    assert "region 7 is selected, pick its terrain" in editor.message.value


def test_hover_refers_to_the_current_draft(editor: MapEditor) -> None:
    click_region(editor, 2)
    editor.buttons["split"].click()
    geoman(editor, "create", [line((15, -2), (15, 22))])
    hover_region(editor, 7)
    assert "(7)" in editor.hover_box.value
    editor.buttons["undo"].click()
    assert editor.hover_box.value == ""
    assert not editor.overlay_layers["hover"].data["features"]
    hover_region(editor, 2)
    assert "borders 1, 3, 5" in editor.hover_box.value


def test_board_name_players_and_turns_are_editable(editor: MapEditor) -> None:
    editor.board_name.value = "my board"
    assert editor.board.name == "my board" and "<b>my board</b>" in editor.status.value
    editor.board_players.value = 4
    assert editor.board.players == 4 and editor.board.turns == 9
    assert editor.board_turns.value == 9
    editor.board_turns.value = 7
    assert editor.board.turns == 7
    editor.buttons["undo"].click()
    assert editor.board.turns == 9 and editor.board_turns.value == 9
    assert len(editor.draft.past) == 2


def test_tables_show_whole_numbers_and_no_na(editor: MapEditor) -> None:
    assert "&lt;NA&gt;" not in editor.stats.value and "NaN" not in editor.stats.value
    assert "<td>18</td>" in editor.stats.value  # the box's Lost Tribe tokens
    assert ".0<" not in editor.stats.value


def test_refusals_give_no_raw_coordinates(editor: MapEditor) -> None:
    editor.buttons["edit vertices"].click()

    def cross(ring: list[list[float]]) -> list[list[float]]:
        return [[25.0, 15.0] if p == [10.0, 10.0] else p for p in ring]

    _drag(editor, "vertexdrag", cross)
    assert "Corner not moved: " in editor.message.value
    assert "(10, 10)" not in editor.message.value and "(25, 15)" not in editor.message.value


def test_load_a_plain_geojson_through_the_page(editor: MapEditor, tmp_path: Path) -> None:
    """A FeatureCollection as other GIS tools write it: no ``board`` member, ids in
    ``properties.id``; the editor's load goes through :func:`swlab.board.io.read_board`."""
    from swlab.board.io import MapFormatError, read_board

    features = [
        {
            "type": "Feature",
            "properties": {"id": rid, "terrain": "forest"},
            "geometry": {
                "type": "Polygon",
                "coordinates": [[[x, 0], [x + 10, 0], [x + 10, 10], [x, 10], [x, 0]]],
            },
        }
        for rid, x in ((1, 0), (2, 10))
    ]
    path = tmp_path / "plain.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    try:
        read_board(path)
    except MapFormatError:
        pytest.skip("this read_board does not read plain FeatureCollections yet")
    editor.load(path)
    assert "Loaded" in editor.message.value
    assert sorted(editor.board.ids) == [1, 2] and editor.board[1].terrain == "forest"
    assert editor.selected == [] and editor.expected is None

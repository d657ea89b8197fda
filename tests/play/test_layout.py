"""Issue 11, observations 1 and 10: a layout that fits the screen, labels sized from the
map and kept on the board, one terrain palette. Headless; the browser tests measure the
same in Chromium."""

from __future__ import annotations

import re

import pytest
from shapely.geometry import box

from swlab.board import Board, official_board, palette, render
from swlab.play import style
from swlab.play.style import BoardShapes, fit_anchor, label_extent, label_form, labels
from swlab.rules import RegionState, new_game

ipyleaflet = pytest.importorskip("ipyleaflet")

from swlab.play.viewer import GameViewer, label_px  # noqa: E402


def test_fluid_viewer_puts_board_and_panel_side_by_side(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    # the map's size is a share of the viewer's width, limited by the window's height,
    # and the row never wraps the panel below the board
    assert "cqw" in v.map.layout.width and "100vh" in v.map.layout.width
    style, row, keys = v.widget.children  # the keyboard layer last (swlab.play.keys)
    assert "swlab-row" in row._dom_classes and row.children[1:] == (v.panel,)
    assert row.children[0].children == (v.map, v.abbreviations)  # the legend of short forms
    assert style is v.style and keys is v.keys
    assert "flex-flow: row nowrap" in v.style.value
    assert "swlab-panel" in v.panel._dom_classes
    # the panel's text follows the viewer's width unless fixed
    assert "cqw" in v.style.value


@pytest.mark.parametrize(("w", "h"), [(788, 505), (1191, 763), (692, 443)])
def test_the_browser_size_refits_the_board_and_the_labels(board2: Board, w: int, h: int) -> None:
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    v.resize(w, h)
    minx, miny, maxx, maxy = v.controller.shapes.bounds
    scale = 2**v.map.zoom
    assert (maxx - minx) * scale <= w and (maxy - miny) * scale <= h
    # less than one zoom step (1/8) wasted
    assert (maxx - minx) * scale * 2**0.125 > w - 24 or (maxy - miny) * scale * 2**0.125 > h - 24
    px = int(re.search(r"--swlab-label-px: (\d+)px", v.style.value).group(1))  # type: ignore[union-attr]
    assert px == label_px(w, h, len(board2)) and px >= 14
    for rid, marker in v.markers.items():
        y, x = marker.location
        assert minx <= x <= maxx and miny <= y <= maxy, rid


def test_region_numbers_grow_with_the_map() -> None:
    assert label_px(700, 450, 23) < label_px(1200, 770, 23)
    assert label_px(1000, 640, 23) >= 20  # a presenter's board at 1280x720
    assert label_px(300, 200, 48) == 14  # never below readable


def test_no_tag_leaves_the_board(board2: Board) -> None:
    shapes = BoardShapes.from_board(board2)
    state = new_game(board2, ["Ann", "Bob"], seed=7)
    zoom, px = -1.5, 18.0
    outline = box(*shapes.bounds)
    for rid, ((y, x), markup) in labels(shapes, state, fit=(zoom, px)).items():
        i = state.geo.index[rid]
        f = label_form(markup)  # the form the label is drawn in
        rs, terrain, symbols = state.regions[i], shapes.terrain[rid], shapes.symbols[rid]
        w, h = label_extent(rid, rs, terrain, symbols, compact=f.compact, tags=f.tags, race=f.race)
        half_w, half_h = w * px / 2 / 2**zoom, h * px / 2 / 2**zoom
        assert outline.contains(box(x - half_w, y - half_h, x + half_w, y + half_h)), rid


def test_fit_anchor_moves_a_label_inwards_only_when_needed() -> None:
    bounds = (0.0, 0.0, 1000.0, 600.0)
    assert fit_anchor((300.0, 500.0), (100.0, 40.0), bounds, 0.0) == (300.0, 500.0)
    y, x = fit_anchor((590.0, 990.0), (100.0, 40.0), bounds, 0.0)
    assert x == 1000 - 53 and y == 600 - 23


def test_labels_use_sizes_relative_to_the_map() -> None:
    markup = style.label_html(12, RegionState(owner=0, race="Elves", tokens=3), "hill")
    assert "font-size:1em" in markup and "px;font-weight" not in markup


def test_one_terrain_palette_for_pictures_viewer_and_editor() -> None:
    from swlab.editor.overlays import region_features

    assert style.TERRAIN_COLOURS is palette.TERRAIN_COLOURS
    assert render.TERRAIN_COLOURS is palette.TERRAIN_COLOURS
    board = official_board(2)
    fills = {f["properties"]["style"]["fillColor"] for f in region_features(board)["features"]}
    assert fills <= set(palette.TERRAIN_COLOURS.values())
    # symbols: the viewer's tags take the pictures' badge colours
    markup = style.label_html(3, RegionState(), "forest", frozenset({"mine"}))
    assert palette.SYMBOL_BADGES["mine"] in markup


def test_how_to_play_sits_beside_the_board_under_the_status(board2: Board) -> None:
    from swlab.play.words import HOW_TO_PLAY

    v = GameViewer(board2, ["Ann", "Bot"], seed=7, bots={1: "greedy"}, guide=True)
    assert v.panel.children[:2] == (v.status, v.guide)  # in the panel, beside the map
    text = v.guide.value
    assert "<details" in text and "How to play" in text and "<details open" not in text
    for title, _sentences in HOW_TO_PLAY:
        assert title in text
    assert "(R-PICK-1)" in text and "(R-CONQ-10)" in text
    # the keys are named only when they are bound (no tooltip or guide promises a dead key)
    assert ("<kbd>U</kbd>" in text) == (v.keys is not None)
    assert "Run All" not in text
    plain = GameViewer(board2, ["Ann", "Bot"], seed=7)
    assert plain.guide.value == "" and plain.guide.layout.display == "none"
    # what it says is what the screen shows: the combos of the column are the blue buttons
    assert "blue buttons" in text
    combos = [b for b in v._action_buttons if "swlab-action-pick" in b._dom_classes]
    assert combos and all(b.button_style == "primary" for b in combos)


def test_notebook_00_has_how_to_play_beside_the_viewer_not_below() -> None:
    import json
    from pathlib import Path

    nb = Path(__file__).resolve().parents[2] / "notebooks" / "00_welcome.ipynb"
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells]
    viewer = next(k for k, s in enumerate(sources) if "GameViewer(" in s)
    assert "guide=True" in sources[viewer]
    assert not any("## How to play" in s for s in sources[viewer + 1 :])
    assert not any("Run All" in s for s in sources)

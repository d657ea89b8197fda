"""Styles and GeoJSON: pure functions of the board and the state."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from swlab.board import Board
from swlab.play.style import (
    DECLINE_DASH,
    PLAYER_COLOURS,
    TERRAIN_COLOURS,
    BoardShapes,
    feature_collection,
    fit_view,
    label_html,
    labels,
    player_colour,
    region_style,
    text_colour,
)
from swlab.rules import RegionState, new_game


def test_feature_collection_has_distinct_class_names(board2: Board) -> None:
    shapes = BoardShapes.from_board(board2)
    state = new_game(board2, ["Ann", "Bob"], seed=7)
    fc = feature_collection(shapes, state)
    assert fc["type"] == "FeatureCollection" and len(fc["features"]) == len(board2)
    selectors = [
        re.search(r"swlab-region-(\d+)", f["properties"]["style"]["className"]).group(0)  # type: ignore[union-attr]
        for f in fc["features"]
    ]
    assert len(set(selectors)) == len(board2)
    assert {f["id"] for f in fc["features"]} == set(board2.ids)
    json.dumps(fc)  # plain JSON for the widget protocol


def test_geojson_is_in_board_coordinates(board2: Board) -> None:
    shapes = BoardShapes.from_board(board2)
    f = feature_collection(shapes, new_game(board2, 2, seed=1))["features"][0]
    x, y = f["geometry"]["coordinates"][0][0]
    assert (x, y) == board2.regions[0].polygon.exterior.coords[0]
    lat, lng = shapes.anchor[board2.regions[0].id]
    assert board2.regions[0].polygon.contains(__import__("shapely").geometry.Point(lng, lat))


def test_terrain_colours_and_targets(board2: Board) -> None:
    shapes = BoardShapes.from_board(board2)
    state = new_game(board2, ["Ann", "Bob"], seed=7)
    fc = feature_collection(shapes, state, targets={2, 3}, selected=3)
    by_id = {f["id"]: f["properties"] for f in fc["features"]}
    assert by_id[2]["style"]["fillColor"] == TERRAIN_COLOURS[board2[2].terrain]
    assert "swlab-target" in by_id[2]["style"]["className"]
    assert "swlab-selected" in by_id[3]["style"]["className"]
    assert by_id[5]["style"]["fillOpacity"] < by_id[2]["style"]["fillOpacity"]  # dimmed
    assert "swlab-target" not in by_id[5]["style"]["className"]
    assert len(set(TERRAIN_COLOURS.values())) == len(TERRAIN_COLOURS)


def test_owner_colours_and_decline() -> None:
    active = RegionState(owner=0, race="Ghouls", tokens=3)
    other = RegionState(owner=1, race="Elves", tokens=2)
    declined = replace(active, in_decline=True)
    a = region_style(4, active, "swamp")
    b = region_style(4, other, "swamp")
    d = region_style(4, declined, "swamp")
    assert a["color"] == PLAYER_COLOURS[0] and b["color"] == PLAYER_COLOURS[1]
    assert a["color"] != b["color"]
    assert a["dashArray"] is None and d["dashArray"] == DECLINE_DASH
    assert d["fillOpacity"] < a["fillOpacity"]
    assert "swlab-decline" in d["className"] and "swlab-owner-0" in a["className"]


def test_okabe_ito_palette_and_readable_text() -> None:
    assert len(set(PLAYER_COLOURS)) == 6
    assert {c.upper() for c in PLAYER_COLOURS} <= {
        "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
    }  # fmt: skip
    assert player_colour(-1) != player_colour(0)
    assert text_colour("#0072B2") == "#FFFFFF" and text_colour("#E69F00") == "#000000"


def test_labels_show_tokens_and_pieces_as_words() -> None:
    rs = RegionState(
        owner=1, race="Trolls", tokens=4, mountain=True, lair=True, fortress=True,
        hole=True, hero=True, dragon=True, encampments=2,
    )  # fmt: skip
    markup = label_html(12, rs, "hill", frozenset({"mine", "cavern"}))
    for word in ("12", "4 Trolls", "mountain", "lair", "fortress", "hole", "hero", "dragon",
                 "camp x2", "mine", "cavern"):  # fmt: skip
        assert word in markup, word
    assert "swlab-label-12" in markup and PLAYER_COLOURS[1] in markup
    tribe = label_html(3, RegionState(lost_tribes=1), "forest")
    assert "lost tribe" in tribe
    declined = label_html(3, RegionState(owner=0, race="Elves", tokens=1, in_decline=True), "hill")
    assert "decline" in declined and "dashed" in declined
    # no emoji: every character is in the Basic Multilingual Plane below the emoji blocks
    assert all(ord(ch) < 0x2600 for ch in markup + tribe + declined)


def test_labels_for_every_region(board2: Board) -> None:
    shapes = BoardShapes.from_board(board2)
    out = labels(shapes, new_game(board2, 2, seed=1), targets={2})
    assert set(out) == set(board2.ids)
    assert "swlab-label-target" in out[2][1]


def test_fit_view_fits_the_board() -> None:
    view = fit_view((0, 0, 2060, 1320), 820, 560)
    scale = 2**view.zoom
    assert 2060 * scale <= 820 and 1320 * scale <= 560
    assert 2060 * scale * 2**0.25 > 820 - 24 or 1320 * scale * 2**0.25 > 560 - 24
    assert view.center == (660, 1030)
    assert view.min_zoom < view.zoom < view.max_zoom


def test_mountain_terrain_is_not_repeated_as_a_piece() -> None:
    markup = label_html(6, RegionState(mountain=True), "mountain")
    assert markup.count("mountain") == 1

"""The widget, headless: buttons and simulated map events drive the controller."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from swlab.board import Board

ipyleaflet = pytest.importorskip("ipyleaflet")

from swlab.play.viewer import GameViewer  # noqa: E402
from swlab.rules import Stage  # noqa: E402


def region_event(viewer: GameViewer, region: int, event: str = "click") -> None:
    """What the front end sends when a region is clicked or hovered."""
    feature = next(f for f in viewer.layer.data["features"] if f["id"] == region)
    lat, lng = viewer.controller.shapes.anchor[region]
    content: dict[str, Any] = {
        "event": event,
        "feature": feature,
        "properties": feature["properties"],
        "id": region,
        "coordinates": [lat, lng],
    }
    viewer.layer._handle_mouse_events(None, content, [])


@pytest.fixture
def viewer(board2: Board) -> GameViewer:
    return GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)


def test_viewer_builds_a_simple_crs_map(viewer: GameViewer) -> None:
    m = viewer.map
    assert m.crs["name"] == "Simple"
    assert all(layer in (viewer.layer, viewer.label_layer) for layer in m.layers)
    assert len(viewer.markers) == len(viewer.controller.board)
    assert viewer.slider.value == 0
    assert "swlab-viewer" in viewer.widget._dom_classes
    # the combos in words; the notation is each button's tooltip
    assert [b.tooltip for b in viewer._action_buttons] == [f"pick {k}" for k in range(6)]
    assert viewer._action_buttons[0].description == "Diplomat Ghouls - free, 10 tokens"


def test_button_then_region_click_conquers(viewer: GameViewer) -> None:
    data_before = viewer.layer.data
    viewer.button("pick 0").click()
    assert viewer.controller.status().stage == "conquer"
    assert viewer.layer.data is not data_before  # a new object: the widget syncs it
    data_mid = viewer.layer.data
    icon_before = viewer.markers[4].icon
    region_event(viewer, 4)
    state = viewer.controller.state
    assert state.region_of(4).race == "Ghouls"
    assert viewer.layer.data is not data_mid
    props = next(f["properties"] for f in viewer.layer.data["features"] if f["id"] == 4)
    assert props["tokens"] == 3 and "swlab-owner-0" in props["style"]["className"]
    assert viewer.markers[4].icon is not icon_before
    # the token badge, in the form the label's room holds
    assert "3 Ghouls<" in viewer.markers[4].icon.html or "3 Ghou.<" in viewer.markers[4].icon.html
    assert viewer.slider.value == 2 and viewer.slider.max == 2
    assert "conquer 4" in viewer.log_box.value


def test_a_button_that_stays_is_the_same_widget_and_a_closed_one_plays_nothing() -> None:
    """A click a person makes just as a redraw replaces the row must not be lost. On the
    learn path's "stop when you like" position the row is "decline", "end"; a conquest
    takes "decline" away (R-DECLINE-5: no conquests in the turn of decline) and keeps "end" the same
    widget, whose click still plays it; the closed "decline" button plays nothing."""
    from swlab.learn.level import load_level

    viewer = GameViewer(load_level("conquest-stop").start(), auto_bots=False)
    decline, end = viewer.button("decline"), viewer.button("end")
    region_event(viewer, 7)
    assert [b.tooltip for b in viewer._action_buttons] == ["end"]
    assert viewer.button("end") is end
    index = viewer.controller.index
    decline.click()  # closed by the redraw: nothing happens
    assert viewer.controller.index == index and viewer.controller.question is None
    end.click()
    assert viewer.controller.status().stage == "redeploy"


def test_a_conquest_redraws_the_conquered_region_first(viewer: GameViewer) -> None:
    """The front end applies widget messages in order: the region the click took is sent
    before the regions that only gained or lost the target look, and a label's new place
    and text go in one message."""
    viewer.button("pick 0").click()
    sent: list[int] = []
    for rid, layer in viewer.layer.by_id.items():
        layer.observe(lambda _change, r=rid: sent.append(r), "data")
    marker_messages: list[set[str]] = []
    marker = viewer.markers[4]
    location = list(marker.location)
    original = marker.send_state
    marker.send_state = lambda key=None: marker_messages.append(set(key or ())) or original(key)
    region_event(viewer, 4)
    assert viewer.controller.state.region_of(4).owner == 0
    assert len(sent) > 1 and sent[0] == 4
    moved = {"location"} if list(marker.location) != location else set()
    assert marker_messages == [{"icon"} | moved]


def test_the_region_that_loses_the_selection_is_redrawn_before_the_next_conquest(
    viewer: GameViewer,
) -> None:
    """A second conquest (R-CONQ-1) moves the selection: the first region's deselection is
    sent before the new region is drawn selected, so the map never shows two selected."""
    viewer.button("pick 0").click()
    region_event(viewer, 4)
    second = min(viewer.controller.targets())
    sent: list[int] = []
    for rid, layer in viewer.layer.by_id.items():
        layer.observe(lambda _change, r=rid: sent.append(r), "data")
    region_event(viewer, second)
    assert viewer.controller.state.region_of(second).owner == 0
    assert sent[:2] == [4, second]


def test_illegal_click_shows_the_rule(viewer: GameViewer) -> None:
    viewer.button("pick 0").click()
    index = viewer.controller.index
    region_event(viewer, 7)
    assert viewer.controller.index == index
    assert "R-CONQ-1" in viewer.message.value and "swlab-refused" in viewer.message.value


def test_hover_shows_the_cost(viewer: GameViewer) -> None:
    viewer.button("pick 0").click()
    region_event(viewer, 4, "mouseover")
    assert "2 base + 1 lost tribe = 3" in viewer.hover_box.value


def test_undo_redo_and_slider(viewer: GameViewer) -> None:
    viewer.button("pick 0").click()
    region_event(viewer, 4)
    after = viewer.controller.state
    viewer.undo_button.click()
    assert viewer.controller.index == 1 and viewer.slider.value == 1
    assert not viewer.redo_button.disabled
    viewer.redo_button.click()
    assert viewer.controller.state == after
    viewer.slider.value = 0
    assert viewer.controller.index == 0
    assert viewer.controller.state.stage is Stage.PICK
    assert viewer.undo_button.disabled


def test_reveal_toggle(viewer: GameViewer) -> None:
    assert "hidden" in viewer.score_box.value
    viewer.reveal_button.value = True
    assert "hidden" not in viewer.score_box.value


def test_choices_become_buttons(viewer: GameViewer) -> None:
    viewer.button("pick 0").click()
    region_event(viewer, 4)
    viewer.button("end").click()  # redeployment: place 4 / take 4
    region_event(viewer, 4)
    c = viewer.controller
    if c.last is not None and c.last.kind == "choices":
        labels = [b.description for b in viewer._choice_buttons]
        assert labels == [repr(a) for a in c.last.choices]
        hand = c.status().hand
        viewer._choice_buttons[labels.index("place 4")].click()
        assert c.status().hand == hand - 1


def test_bot_seat_moves_after_a_human_action(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bot"], seed=5, bots={1: "random"}, auto_bots=True)
    assert not v.bot_button.disabled
    v.button("pick 0").click()
    v.button("end").click()  # no conquest
    v.button("done").click()  # Ann's turn ends: the bot plays its whole turn at once
    state = v.controller.state
    assert state.turn.actor == 0 and state.round == 2
    assert "(bot: random)" in v.score_box.value
    assert "4. Bot: " in "\n".join(v.controller.log())


def test_five_player_board_and_classroom_text(board5: Board) -> None:
    v = GameViewer(board5, seed=3, width=1000, text_px=22, label_scale=1.4, auto_bots=False)
    assert len(v.markers) == 48 and len(v.layer.data["features"]) == 48
    # the map's height follows the board's shape; the whole board fits at this zoom
    height = int(v.map.layout.height.removesuffix("px"))
    minx, miny, maxx, maxy = v.controller.shapes.bounds
    scale = 2**v.map.zoom
    assert (maxx - minx) * scale <= 1000 and (maxy - miny) * scale <= height
    assert v.map.min_zoom < v.map.zoom
    assert "font-size: 22px" in v.style.value and "scale(1.4)" in v.style.value
    # labels let clicks through to the regions below them
    assert "pointer-events: none" in v.style.value
    assert all(m.pane == "swlab-labels" and not m.draggable for m in v.markers.values())


def test_power_verbs_become_buttons_in_words(viewer: GameViewer) -> None:
    viewer.button("pick 0").click()  # Diplomat Ghouls: Diplomat adds its own verb
    region_event(viewer, 4)
    viewer.button("end").click()
    labels = [b.description for b in viewer._action_buttons]
    verbs = {b.action.verb for b in viewer.controller.buttons()}
    assert len(labels) == len(viewer.controller.buttons())
    assert labels == ["Make peace with Bob (R-POW-DIPLOMAT)"]
    assert [b.tooltip for b in viewer._action_buttons] == ["peace 1"]  # the notation
    assert verbs == {"peace"}


def test_viewer_saves_and_opens_records_and_positions(tmp_path: Path) -> None:
    """The file row saves a record and a scenario, and opens both back identically."""
    viewer = GameViewer("official_2p", players=["Ann", "Bob"], seed=7, workspace=tmp_path)
    viewer.button("pick 0").click()
    state = viewer.controller.state
    viewer.path.value = "game.json"
    viewer.button("save game").click()
    viewer.undo_button.click()
    viewer.button("open game").click()
    assert viewer.controller.state == state
    assert "Done" in viewer.message.value
    viewer.path.value = "position.yaml"
    viewer.button("save position").click()
    viewer.button("open position").click()
    assert viewer.controller.state == state
    viewer.path.value = "missing.yaml"
    viewer.button("open position").click()
    assert "Could not open position" in viewer.message.value
    assert viewer.controller.state == state


def test_autoplay_plays_every_seat_to_the_end_and_the_slider_goes_back() -> None:
    """Bots play the whole game (R-FLOW-2); the history slider still shows the start."""
    viewer = GameViewer("official_2p", players=["Ann", "Bob"], seed=3)
    start = viewer.controller.state
    viewer.autoplay_button.click()
    # issue 11: autoplay asks before a bot plays a person's seat
    assert viewer.controller.question is not None and viewer.controller.index == 0
    next(b for b in viewer.question_buttons if "swlab-answer-all" in b._dom_classes).click()
    assert viewer.controller.state.stage is Stage.GAME_OVER
    viewer.slider.value = 0
    assert viewer.controller.state == start


def test_the_legend_names_terrains_seats_and_the_decline_look() -> None:
    viewer = GameViewer("official_2p", players=["Ann", "Bob"], seed=3)
    text = " ".join(str(w.value) for w in viewer.panel.children if hasattr(w, "value"))
    for word in ("forest", "sea", "Ann", "Bob", "dashed", "R-DECLINE-2"):
        assert word in text


def test_r_conq_10_roll_button_undo_and_roll_again_shows_the_same_face(board2: Board) -> None:
    """The widget offers no die face; its roll button draws the seeded face, again after
    an undo."""
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    v.button("pick 0").click()
    for _ in range(20):
        if v.controller.state.stage is Stage.ROLL:
            break
        acts = [a for group in v.controller._by_region().values() for a in group]
        finals = [a for a in acts if a.verb == "final"]
        v.controller.apply(finals[0] if finals else next(a for a in acts if a.verb == "conquer"))
        v.refresh()
    assert v.controller.state.stage is Stage.ROLL
    assert not v.roll_button.disabled and v._action_buttons == []
    v.roll_button.click()
    first = v.controller.game.actions[-1]
    assert first.verb == "roll"
    v.undo_button.click()
    assert v.controller.state.stage is Stage.ROLL
    v.roll_button.click()
    assert v.controller.game.actions[-1] == first
    assert v.roll_button.disabled  # the die is used: conquests end (R-CONQ-10)


def test_a_click_resends_only_the_regions_whose_look_changed(board5: Board) -> None:
    """Issue 11's redraw budget: not the whole board per click, only what changed."""
    v = GameViewer(board5, ["Ann", "Bea", "Cy", "Dee", "Eve"], seed=3, auto_bots=False)
    labels_before = {rid: m.icon for rid, m in v.markers.items()}
    v.button("pick 0").click()
    rid = min(v.controller.targets())
    v.refresh()
    mid = {r: layer.data for r, layer in v.layer.by_id.items()}
    region_event(v, rid)
    after = {r: layer.data for r, layer in v.layer.by_id.items()}
    changed = {r for r in after if after[r] is not mid[r]}
    assert rid in changed and len(changed) < len(after) // 2, changed
    # the region conquered shows its new owner; the others keep the very same objects
    feature = after[rid]["features"][0]
    assert "swlab-owner-0" in feature["properties"]["style"]["className"]
    assert all(after[r] is mid[r] for r in after if r not in changed)
    # the panel's picture as one collection, as before
    assert len(v.layer.data["features"]) == len(board5)
    # non-targets are dimmed by a class on the map (a style sheet rule), not per feature
    assert ("swlab-dimming" in v.map._dom_classes) == bool(v.controller.targets())
    assert "swlab-dimming" in v.style.value
    # labels are rebuilt only where their text changed
    rebuilt = {r for r, m in v.markers.items() if m.icon is not labels_before[r]}
    assert rid in rebuilt and len(rebuilt) < len(v.markers) // 2, rebuilt


def test_target_rings_follow_the_targets_region_by_region(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    v.button("pick 0").click()
    shown = {int(f["id"]) for f in v.ring_layer.data["features"]}
    assert shown == set(v.controller.targets())
    v._on_undo()
    assert {int(f["id"]) for f in v.ring_layer.data["features"]} == set(v.controller.targets())

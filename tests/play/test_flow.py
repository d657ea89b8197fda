"""The flow of play in the viewer and the presenter, as a person drives it: N moves only
what is not a person's to decide, Enter and Esc answer every question, D says why a stage
cannot end, the reinforcement die is rolled where the eye is, a label's click is its
region's. Keys are pressed through the viewer's key commands (one press, one call)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from swlab.board import Board
from swlab.game.game import Game
from swlab.game.shipped import scenario_path
from swlab.rules import Stage

ipyleaflet = pytest.importorskip("ipyleaflet")

from swlab.play.present import Presenter  # noqa: E402
from swlab.play.viewer import GameViewer  # noqa: E402

#: What N says on Ann's turn, as the panel's HTML shows it.
PERSONS_TURN = html.escape("It is Ann's turn: play on the map. N moves the bots only.")


def press(viewer: GameViewer, command: str) -> None:
    """One press of the key bound to ``command`` (see swlab.play.keys.KEYS)."""
    viewer.key_commands()[command]()


def region_event(viewer: GameViewer, region: int) -> None:
    """What the front end sends when a region's path is clicked."""
    feature = next(f for f in viewer.layer.data["features"] if f["id"] == region)
    content = {"event": "click", "type": "click", "feature": feature, "id": region,
               "properties": feature["properties"]}  # fmt: skip
    viewer.layer._handle_mouse_events(None, content, [])


def label_event(viewer: GameViewer, region: int, kind: str = "click") -> None:
    """What the front end sends when region ``region``'s label (its marker) is clicked."""
    marker = viewer.markers[region]
    content = {"event": "interaction", "type": kind, "coordinates": list(marker.location)}
    marker._handle_mouse_events(None, content, [])


def scenario(name: str, **kwargs: Any) -> GameViewer:
    return GameViewer(Game.from_scenario(scenario_path(name)), auto_bots=False, **kwargs)


def versus_bot(board2: Board) -> GameViewer:
    return GameViewer(board2, ["Ann", "Bot"], seed=7, bots={1: "greedy"}, auto_bots=False)


# --- 1. N never decides a person's move -------------------------------------------------
def test_n_on_a_persons_turn_changes_nothing_and_says_so(board2: Board) -> None:
    """The session that found it: Ns on Ann's turn picked a combo, conquered, declined."""
    v = versus_bot(board2)
    c = v.controller
    state, index = c.state, c.index
    for _ in range(5):
        press(v, "next")
    assert c.state is state and c.index == index == 0
    assert PERSONS_TURN in v.message.value and "swlab-refused" in v.message.value
    v.bot_button.click()
    v.finish_button.click()
    assert c.state is state and c.index == 0
    # in the middle of Ann's turn too: N never ends nor declines it
    v.button("pick 0").click()
    region_event(v, 4)
    state, index = c.state, c.index
    for _ in range(5):
        press(v, "next")
    assert c.state is state and c.index == index and c.status().stage == "conquer"
    assert PERSONS_TURN in v.message.value


def test_hint_only_suggests(board2: Board) -> None:
    v = versus_bot(board2)
    press(v, "hint")
    assert "Try " in v.message.value and v.controller.index == 0


def test_n_on_a_bots_turn_advances_exactly_one_step(board2: Board) -> None:
    v = versus_bot(board2)
    c = v.controller
    v.button("pick 0").click()
    v.button("end").click()
    v.button("done").click()  # Ann's turn ends; the bot waits (auto_bots off)
    assert c.status().actor == 1
    for _ in range(3):
        before = c.index
        press(v, "next")
        assert c.index == before + 1
    before = c.index
    v.bot_button.click()
    assert c.index == before + 1


def test_without_bot_seats_n_moves_no_one(board2: Board) -> None:
    """Two people at one screen: the default bot of swlab.bots plays no seat on N."""
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    press(v, "next")
    assert v.controller.index == 0 and PERSONS_TURN in v.message.value


def test_the_presenter_n_on_a_persons_turn_changes_nothing_and_narrates_it() -> None:
    p = Presenter(Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"})
    c = p.controller
    p.step()  # the N key of the presenter
    p.step()
    assert c.index == 0 and c.state.stage is Stage.PICK
    assert p.narration.value == PERSONS_TURN
    p.viewer.button("pick 0").click()
    p.viewer.button("end").click()
    p.viewer.button("done").click()
    before = c.index
    p.step()  # the bot's turn: one step
    assert c.index == before + 1


# --- 2. Enter and Esc answer every question ---------------------------------------------
def final_asked(v: GameViewer, region: int = 9) -> None:
    region_event(v, region)
    q = v.controller.question
    assert q is not None and q.kind == "final", v.controller.last


def test_r_conq_10_enter_confirms_and_esc_cancels_the_final_conquest() -> None:
    v = scenario("03_reinforcement_die")
    c = v.controller
    final_asked(v)
    assert "Enter: Final conquest of" in v.question_box.children[-1].value
    press(v, "cancel")
    assert c.question is None and c.index == 0 and "Cancelled" in v.message.value
    final_asked(v)
    press(v, "confirm")
    assert c.game.actions[-1].verb == "final" and c.state.stage is Stage.ROLL


def test_r_decline_1_enter_and_esc_answer_the_decline_question() -> None:
    v = scenario("04_going_into_decline")
    c = v.controller
    v.button("decline").click()
    q = c.question
    assert q is not None and q.kind == "decline" and c.index == 0
    assert "(R-DECLINE-1" in q.text and "Orcs" in q.text
    press(v, "cancel")
    assert c.question is None and c.index == 0
    v.button("decline").click()
    press(v, "confirm")
    assert c.game.actions[-1].verb == "decline"
    assert c.state.players[1].active is None


def test_enter_continues_and_esc_cancels_acting_in_the_past(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    c = v.controller
    v.button("pick 0").click()
    region_event(v, 4)
    region_event(v, 3)
    v.slider.value = 1  # back to the pick
    region_event(v, 2)
    assert c.question is not None and c.question.kind == "past"
    press(v, "cancel")
    assert c.question is None and c.index == 1 and len(c) == 3
    region_event(v, 2)
    press(v, "confirm")  # continue from here: the later steps go
    assert c.index == 2 == len(c) and c.game.actions[-1].verb == "conquer"
    assert len(c.timelines) == 1


def test_enter_and_esc_answer_the_autoplay_question(board2: Board) -> None:
    v = versus_bot(board2)
    c = v.controller
    v.autoplay_button.click()
    assert c.question is not None and c.question.kind == "autoplay"
    press(v, "cancel")
    assert c.question is None and c.index == 0
    v.autoplay_button.click()
    press(v, "confirm")
    assert c.state.stage is Stage.GAME_OVER


def test_r_pow_dragonmaster_enter_conquers_and_esc_leaves_the_choice() -> None:
    """Conquer or send the Dragon: Enter takes the plain conquest listed first."""
    v = scenario("tutorial/06_dragon")
    c = v.controller
    region_event(v, 6)
    assert [a.verb for a in c.pending_choices()] == ["conquer", "dragon"]
    press(v, "cancel")
    assert c.pending_choices() == () and c.index == 0 and v._choice_buttons == []
    region_event(v, 6)
    press(v, "confirm")
    assert c.index == 1 and repr(c.game.actions[-1]) == "conquer 6"
    assert c.state.region_of(6).race == "Ratmen" and not c.state.region_of(6).dragon


def test_enter_replaces_and_esc_keeps_a_file(tmp_path: Path) -> None:
    v = GameViewer("official_2p", players=["Ann", "Bob"], seed=7, workspace=tmp_path,
                   auto_bots=False)  # fmt: skip
    v.path.value = "game.json"
    v.button("save game").click()
    saved = next(tmp_path.rglob("game.json"))
    first = saved.read_text()
    v.button("pick 0").click()
    v.button("save game").click()
    assert v.confirm_row.layout.display == "flex"
    press(v, "cancel")
    assert v.confirm_row.layout.display == "none" and saved.read_text() == first
    assert "Kept game.json" in v.message.value
    v.button("save game").click()
    press(v, "confirm")
    assert v.confirm_row.layout.display == "none" and saved.read_text() != first


def test_enter_and_esc_with_nothing_asked_do_nothing(board2: Board) -> None:
    v = versus_bot(board2)
    press(v, "confirm")
    press(v, "cancel")
    assert v.controller.index == 0


# --- 3. D says why a stage cannot end ---------------------------------------------------
def test_r_redeploy_1_d_with_tokens_in_hand_shows_the_refusal(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    c = v.controller
    v.button("pick 0").click()
    region_event(v, 4)
    press(v, "done")  # stop conquering
    assert c.state.stage is Stage.REDEPLOY and c.status().hand > 0
    state = c.state
    press(v, "done")
    assert c.state is state
    assert c.last is not None and c.last.rule == "R-REDEPLOY-1"
    assert "(R-REDEPLOY-1)" in v.message.value and "swlab-refused" in v.message.value
    assert "place them all in your regions first" in v.message.value


def test_r_pick_1_d_before_a_pick_says_why(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    press(v, "done")
    assert v.controller.index == 0 and "(R-PICK-1)" in v.message.value


# --- 4. The die after a final conquest --------------------------------------------------
def test_r_conq_10_the_die_is_rolled_from_the_action_area() -> None:
    v = scenario("03_reinforcement_die")
    c = v.controller
    assert v.roll_button.disabled and v.roll_button.layout.display == "none"
    final_asked(v)
    assert v.roll_button.layout.display == "none"  # not while the question waits
    press(v, "confirm")
    # one obvious control, just under the status and the message, enabled only now
    assert not v.roll_button.disabled and v.roll_button.layout.display is None
    assert v.roll_button.description == "roll the die" and v.roll_button.button_style
    panel = list(v.panel.children)
    assert panel.index(v.roll_button) == panel.index(v.message) + 1
    index = c.index
    v.roll_button.click()
    assert c.index == index + 1 and c.game.actions[-1].verb == "roll"
    face = c.game.actions[-1].face  # type: ignore[attr-defined]
    assert f"The die shows {face} for Ann" in v.message.value
    assert f"swlab-die-{face}" in v.message.value and "<svg" in v.message.value
    assert v.roll_button.disabled and v.roll_button.layout.display == "none"


@pytest.mark.parametrize("key", ["confirm", "next"])
def test_r_conq_10_enter_or_n_rolls_the_die_once(key: str) -> None:
    v = scenario("03_reinforcement_die")
    c = v.controller
    final_asked(v)
    press(v, "confirm")
    index = c.index
    press(v, key)
    assert c.index == index + 1 and c.game.actions[-1].verb == "roll"
    assert c.state.stage is not Stage.ROLL


# --- 5. A click on a label is a click in its region -------------------------------------
def test_a_click_on_a_label_acts_on_its_region(board2: Board) -> None:
    by_region = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    by_label = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    for v in (by_region, by_label):
        v.button("pick 0").click()
    region_event(by_region, 11)  # a first conquest of Hill 11 (a target)
    label_event(by_label, 11)
    assert by_label.controller.state == by_region.controller.state
    assert by_label.controller.state.region_of(11).race == "Ghouls"
    label_event(by_label, 9, "mouseover")
    assert by_label.hover_box.value.startswith(by_label.controller.hover(9).split(":")[0])
    assert "pointer-events: auto" in by_label.style.value

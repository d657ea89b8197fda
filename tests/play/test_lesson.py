"""The viewer's lesson row, headless: the teacher types in its text box and presses its
buttons; comments and the learner's turns reach the recorder, the lesson file is saved in
the workspace and opened back."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from swlab.board import Board

ipyleaflet = pytest.importorskip("ipyleaflet")
widgets = pytest.importorskip("ipywidgets")

from swlab.play.controller import GameController  # noqa: E402
from swlab.play.lesson import LessonRecorder  # noqa: E402
from swlab.play.viewer import GameViewer  # noqa: E402


@pytest.fixture
def viewer(board2: Board, tmp_path: Path) -> GameViewer:
    return GameViewer(
        board2, ["Ann", "Bob"], seed=7, bots={1: "greedy"}, auto_bots=False, workspace=tmp_path
    )


def _type(viewer: GameViewer, text: str, button: str) -> str:
    """Type ``text`` into the lesson box and press ``button``; the panel's message."""
    viewer.lessons.text.value = text
    next(b for b in viewer.lessons.buttons if b.description == button).click()
    return html.unescape(str(viewer.message.value))


def test_r_conq_1_a_lesson_is_typed_marked_saved_and_opened_back(
    viewer: GameViewer, tmp_path: Path
) -> None:
    c = viewer.controller
    assert "Comment on step 0 kept" in _type(viewer, "Ann begins.", "comment this step")
    assert "starts at step 0" in _type(viewer, "", "learner's turn from here")
    viewer.button("pick 0").click()
    c.click(2), c.click(3)
    c.end_stage()
    viewer.refresh()
    assert "is marked" in _type(viewer, "Take two regions", "until here")
    assert "Step 4" in viewer.lessons.summary.value and "0-4 Take two regions" in (
        viewer.lessons.summary.value
    )
    viewer.path.value = "lesson.json"
    assert "Done: save lesson (lesson.json)" in _type(viewer, "", "save lesson")
    data = json.loads((tmp_path / "lesson.json").read_text("utf-8"))
    assert data["comments"] == [{"step": 0, "text": "Ann begins."}]
    assert data["marks"] == [{"step": 0, "until": 4, "goal": "Take two regions"}]
    # saving again asks before replacing, as the file box does
    assert "replace it?" in _type(viewer, "", "save lesson")
    viewer.keep_button.click()
    # another viewer opens it: the game, its comments and marks
    other = GameViewer(viewer.controller.board, ["Ann", "Bob"], seed=1, workspace=tmp_path)
    other.path.value = "lesson.json"
    assert "Done: open lesson" in _type(other, "", "open lesson")
    assert other.controller.index == 0 and len(other.controller) == 4  # cursor at the start
    assert other.lessons.recorder.comments == {0: "Ann begins."}
    assert "0-4 Take two regions" in other.lessons.summary.value


def test_the_lesson_box_is_a_text_area_whose_typing_reaches_the_kernel(
    viewer: GameViewer,
) -> None:
    """Keys typed in an editable element never reach the shortcuts (swlab.play.keys): the
    box is one, and what is typed arrives with the button."""
    box = viewer.lessons.text
    assert isinstance(box, widgets.Textarea)
    _type(viewer, "s u d: words, not keys", "comment this step")
    assert viewer.lessons.recorder.comments == {0: "s u d: words, not keys"}
    assert viewer.controller.index == 0  # no key acted (no undo, no save, no end)


def test_refusals_are_one_line_in_the_panel(viewer: GameViewer, tmp_path: Path) -> None:
    c = viewer.controller
    viewer.path.value = "lesson.json"
    assert "Mark at least one learner's turn first" in _type(viewer, "", "save lesson")
    assert "Press 'learner's turn from here'" in _type(viewer, "goal", "until here")
    assert "Write the comment in the box first" in _type(viewer, " ", "comment this step")
    _type(viewer, "", "learner's turn from here")
    assert "is not finished" in _type(viewer, "", "save lesson")
    assert "Write the learner's goal" in _type(viewer, "", "until here")
    assert "end it at a later step" in _type(viewer, "goal", "until here")
    viewer.button("pick 0").click()
    c.click(2)
    _type(viewer, "one region", "until here")
    c.goto(0)
    assert "already a learner's turn" in _type(viewer, "", "learner's turn from here")
    viewer.path.value = "../out.json"
    assert "Could not save lesson" in _type(viewer, "", "save lesson")
    c.goto(0)
    assert c.request("pick 1").kind == "confirm"  # acting in the past asks first
    c.answer("continue")  # the later steps are discarded: step 2 is gone
    viewer.path.value = "lesson.json"
    assert "lies past the game's last step (1)" in _type(viewer, "", "save lesson")
    assert not (tmp_path / "lesson.json").exists()


def test_r_flow_1_a_learner_turn_is_one_players(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7, bots={0: "greedy", 1: "greedy"})
    r = LessonRecorder(c)
    assert r.learner_from_here().ok
    c.autoplay(max_steps=30)
    outcome = r.learner_until_here("everything")
    assert not outcome.ok and "is not Ann's" in outcome.message
    assert r.marks == []


def test_a_comment_removed_and_a_mark_forgotten(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7)
    r = LessonRecorder(c)
    r.comment("first")
    assert r.comment("").ok and r.comments == {}
    r.learner_from_here()
    c.request("pick 0")
    assert r.learner_until_here("pick").ok and len(r.marks) == 1
    assert r.forget_mark().ok and r.marks == []


def test_another_game_forgets_the_notes_a_branch_keeps_them(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7)
    r = LessonRecorder(c)
    r.comment("kept")
    c.request("pick 0")
    c.goto(0)
    c.branch()  # the same game, another timeline
    assert r.comments == {0: "kept"} and r.step == 0
    c.new_game(8)
    assert r.step == 0 and r.comments == {}

"""Lessons made by playing: a lesson recorded through the viewer's controller (a teacher's
clicks, a bot's turn, comments, the learner's turns marked) is saved, loaded as levels and
played back; its levels pass ``swlab learn check``; a bad lesson file is one line naming
the file and the place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swlab.board import Board, official_board
from swlab.cli import main
from swlab.game.lesson import LESSON_FORMAT, Lesson, LessonError, acting_seat, load_lesson
from swlab.game.record import MAGIC, load_record
from swlab.learn.check import check_files, check_level, play_actions
from swlab.learn.lesson import lesson_levels
from swlab.learn.level import LevelError, levels_dir, shipped_levels
from swlab.learn.progress import Progress
from swlab.learn.widget import LearnPath, LevelPlay
from swlab.play.controller import GameController
from swlab.play.lesson import LessonRecorder
from tests.learn.test_coverage import rule_ids
from tests.learn.test_widget import _click_or_button, _solve

#: The lesson shipped as an example (docs/learn.md); not a level file of the path.
EXAMPLE = levels_dir() / "lessons" / "first-turn.json"


@pytest.fixture(scope="module")
def board2() -> Board:
    return official_board(2)


def record_lesson(board: Board, path: Path) -> LessonRecorder:
    """A teacher's lesson on seed 7: Ann (the teacher) picks and conquers two regions by
    clicks, a bot plays the rest of her turn and Bob's; Ann's conquests and Bob's turn are
    the learner's turns."""
    c = GameController(board, ["Ann", "Bob"], seed=7, bots={1: "greedy"})
    r = LessonRecorder(c)
    assert r.comment("Ann takes the free combo and enters the map.").ok
    assert r.learner_from_here().ok
    assert c.request("pick 0").kind == "applied"
    for _ in range(2):
        assert c.click(min(c.targets())).kind == "applied"
    assert c.end_stage().kind == "applied"  # no more conquests: the redeployment
    assert r.comment("Two cheap regions, and the Ghouls stay strong.").ok
    assert r.learner_until_here("Enter the map and take two regions").ok
    ann_done = c.index
    c.set_bot(0, "greedy")
    c.finish_turn()  # Ann's redeployment, by a bot
    bob_from = c.index
    assert c.state.current == 1
    c.finish_turn()  # Bob's turn
    states = [c.game.start, *(step.state for step in c.game.history)]
    until = bob_from
    while until < len(states) - 1 and acting_seat(states[until]) == 1:
        until += 1  # Bob's own actions (not Ann's defence, if any)
    c.goto(bob_from)
    assert r.learner_from_here().ok
    c.goto(until)
    assert r.learner_until_here("Play Bob's first turn as the bot did").ok
    assert ann_done < bob_from < c.index
    r.save(path)
    return r


@pytest.fixture(scope="module")
def recorded(board2: Board, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lesson") / "first-turns.json"
    record_lesson(board2, path)
    return path


def test_a_recorded_lesson_is_a_record_with_comments_and_marks(recorded: Path) -> None:
    data = json.loads(recorded.read_text("utf-8"))
    assert data["format"] == LESSON_FORMAT and data["board"] == "official-2p"
    assert data["actions"][:4] == ["pick 0", "conquer 2", "conquer 3", "end"]
    assert data["comments"][0] == {
        "step": 0,
        "text": "Ann takes the free combo and enters the map.",
    }
    assert data["marks"][0] == {"step": 0, "until": 4, "goal": "Enter the map and take two regions"}
    lesson = load_lesson(recorded)
    assert [(m.step, m.until) for m in lesson.marks] == [
        (0, 4),
        (data["marks"][1]["step"], len(data["actions"])),
    ]


def test_r_conq_2_each_marked_turn_is_a_level_that_passes_the_check(recorded: Path) -> None:
    ann, bob = lesson_levels(recorded)
    assert ann.id == "first-turns-1" and ann.title == "Enter the map and take two regions"
    assert ann.intro == "Ann takes the free combo and enters the map."
    assert ann.explain == "Two cheap regions, and the Ghouls stay strong."
    assert ann.solution == ("pick 0", "conquer 2", "conquer 3", "end") and ann.par == 4
    assert ann.goal.hold == (2, 3) and ann.goal.stage == "redeploy"
    assert ann.stage == "setup" and ann.teaches[0] == "R-PICK-1"
    assert ann.seat == 0 and bob.seat == 1
    assert ann.wrong.rule and ann.wrong.actions  # an engine refusal at the start
    for level in (ann, bob):
        assert check_level(level) == []
        verdict, _game = play_actions(level, level.solution)
        assert verdict.kind == "solved" and verdict.actions == level.par


def test_swlab_learn_check_checks_a_lesson_file(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["learn", "check", str(recorded)]) == 0
    assert "2 levels checked, 0 fail" in capsys.readouterr().out


def test_r_conq_2_a_lesson_level_is_played_back_by_clicks_with_three_stars(
    recorded: Path, tmp_path: Path
) -> None:
    level = lesson_levels(recorded)[0]
    progress = Progress()
    play = LevelPlay(level, progress)
    _solve(play)
    assert play.verdict.kind == "solved" and play.verdict.stars == 3
    assert progress.get(level.id).stars == 3
    # on the learn path's map: the lesson's levels are its levels
    path = LearnPath(tmp_path, levels=lesson_levels(recorded))
    assert set(path.level_buttons) == {"first-turns-1", "first-turns-2"}
    path.level_buttons["first-turns-1"].click()
    assert path.viewer is not None and "Ann takes the free combo" in path.intro.value
    for text in level.solution:
        _click_or_button(path.viewer.controller, text)
        path.viewer.refresh()
    assert "★★★" in path.verdict_box.value


def test_the_shipped_example_lesson_passes_and_is_the_paths_last_stage(tmp_path: Path) -> None:
    """Its levels come after every rule stage (a lesson mixes their rules): in the list,
    in the default path (locked until the stages before are solved) and in the check."""
    assert [r.problems for r in check_files([EXAMPLE])] == [[]] * len(lesson_levels(EXAMPLE))
    levels = shipped_levels()
    ours = [lv for lv in levels if lv.file == EXAMPLE]
    assert [lv.id for lv in ours] == [lv.id for lv in lesson_levels(EXAMPLE)] == ["first-turn-1"]
    assert all(lv.stage == "lessons" for lv in ours) and levels[-len(ours) :] == ours
    checked = {r.level_id: r for r in check_files()}  # no files: the lessons too
    assert checked["first-turn-1"].ok and checked["first-turn-1"].file == str(EXAMPLE)
    path = LearnPath(tmp_path)
    assert path.level_buttons["first-turn-1"].disabled
    for lv in levels:
        if lv.stage != "lessons":
            path.progress.solved(lv.id, 1)
    path.draw_map()
    assert not path.level_buttons["first-turn-1"].disabled
    titles = [getattr(row, "value", "") for row in path.map_box.children]
    assert any("9. Lessons made by playing" in title for title in titles)
    play = path.open_level("first-turn-1")
    _solve(play)
    assert play.verdict.kind == "solved" and play.verdict.stars == 3


def test_a_lesson_level_teaches_the_rules_the_engine_applied() -> None:
    """The events' rule ids of the teacher's actions (R-PICK-1 paying, R-PICK-5 the column
    refilled, R-CONQ-2 the cost), and for ``end`` its kind's rule (R-CONQ-11); each id is
    one of docs/RULES.md."""
    (level,) = lesson_levels(EXAMPLE)
    assert level.teaches == ("R-PICK-1", "R-PICK-5", "R-CONQ-2", "R-CONQ-11")
    assert level.hints[0].startswith("A race entering the map")
    ids = set(rule_ids())
    assert set(level.teaches) | {level.wrong.rule} <= ids


# --- bad lesson files: one line naming the file and the place -------------------------------


def _edited(recorded: Path, tmp_path: Path, **changes: object) -> Path:
    data = json.loads(recorded.read_text("utf-8"))
    data.update(changes)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _one_line(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["learn", "check", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 2 and out[1] == "1 level checked, 1 fails", out
    return out[0]


def test_a_mark_past_the_last_step_is_named(
    recorded: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = len(json.loads(recorded.read_text("utf-8"))["actions"])
    bad = _edited(recorded, tmp_path, marks=[{"step": 0, "until": steps + 5, "goal": "g"}])
    line = _one_line(bad, capsys)
    assert "bad.json: marks.0.until: step" in line and "out of range" in line


def test_overlapping_marks_are_named(
    recorded: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marks = [{"step": 0, "until": 4, "goal": "a"}, {"step": 2, "until": 3, "goal": "b"}]
    line = _one_line(_edited(recorded, tmp_path, marks=marks), capsys)
    assert "bad.json: marks.1: steps 2-3 overlap marks.0 (steps 0-4)" in line


def test_a_turn_of_two_players_is_named(recorded: Path, tmp_path: Path) -> None:
    steps = len(json.loads(recorded.read_text("utf-8"))["actions"])
    bad = _edited(recorded, tmp_path, marks=[{"step": 0, "until": steps, "goal": "all"}])
    with pytest.raises(
        LevelError, match=r"bad\.json: marks\.0\.until: action \d+ is played by Bob, not Ann"
    ):
        lesson_levels(bad)


def test_r_conq_1_an_illegal_recorded_action_names_its_rule(recorded: Path, tmp_path: Path) -> None:
    actions = json.loads(recorded.read_text("utf-8"))["actions"]
    bad = _edited(recorded, tmp_path, actions=[actions[0], "conquer 10", *actions[2:]])
    with pytest.raises(
        LevelError, match=r"bad\.json: actions\.1: action 2 .* refused \(R-CONQ-1\)"
    ):
        lesson_levels(bad)


def test_a_game_record_is_not_a_lesson(
    recorded: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    data = load_lesson(recorded).record.to_json()
    record.write_text(json.dumps(data), encoding="utf-8")
    assert load_record(record).actions  # a good record, all the same
    line = _one_line(record, capsys)
    assert "game.json: format: this is a game record, not a lesson" in line
    assert data["format"] == MAGIC


def test_a_lesson_without_marks_is_refused(recorded: Path, tmp_path: Path) -> None:
    bad = _edited(recorded, tmp_path, marks=[])
    with pytest.raises(LessonError, match=r"bad\.json: marks: mark at least one"):
        load_lesson(bad)
    assert isinstance(load_lesson(recorded), Lesson)


def test_the_example_lessons_texts_reach_the_catalogs_with_file_and_line() -> None:
    """``tools/i18n.py extract`` (babel.cfg's ``lessons`` extractor) finds the texts the
    lesson's levels show: the goal (title), the comments as intro, hints and explanation."""
    from tests.learn.test_extract import ROOT, _i18n_tool

    found = {m.id: m for m in _i18n_tool().extract_swlab() if m.id}
    (level,) = lesson_levels(EXAMPLE)
    rel = EXAMPLE.relative_to(ROOT).as_posix()
    for text in level.texts():
        assert text in found, f"not extracted: {text[:50]!r}"
        assert any(loc[0] == rel and loc[1] > 1 for loc in found[text].locations)
    assert "level first-turn-1: title" in found[level.title].auto_comments


def test_a_lesson_comment_fits_a_level_text(recorded: Path, tmp_path: Path) -> None:
    from swlab.game.lesson import COMMENT_LIMIT
    from swlab.learn import level

    assert COMMENT_LIMIT == level._TEXT_LIMIT  # a comment is shown as a level's text
    long = [{"step": 1, "text": "x" * (COMMENT_LIMIT + 1)}]
    with pytest.raises(LevelError, match=r"bad\.json: comments\.0\.text: 2,001 characters"):
        lesson_levels(_edited(recorded, tmp_path, comments=long))


def test_a_lesson_of_a_game_not_played_is_refused(recorded: Path, tmp_path: Path) -> None:
    bad = _edited(
        recorded, tmp_path, actions=[], comments=[], marks=[{"step": 0, "until": 1, "goal": "g"}]
    )
    with pytest.raises(LessonError, match=r"bad\.json: actions: the game has no actions"):
        load_lesson(bad)

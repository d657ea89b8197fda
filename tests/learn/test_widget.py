"""Levels played on the game viewer's controller as the widget sends the clicks: every
shipped level is solved with 3 stars by clicks and buttons; a refused click shows the
engine's rule and brings a hint; stars and tries reach the progress file; the map of
levels greys locked stages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from swlab.learn.level import Level, load_level, shipped_levels
from swlab.learn.progress import Progress
from swlab.learn.widget import LearnPath, LevelPlay
from swlab.play.controller import ClickResult, GameController
from swlab.rules.actions import RegionAction, parse_action


def _click_or_button(c: GameController, text: str) -> ClickResult:
    """The click (a region action) or the button (any other) that plays ``text``; a
    question (a final conquest) is confirmed, a choice on a region taken."""
    if text == "roll":
        return c.roll()
    action = parse_action(text)
    if action.undoes:  # taking a token back: the - button of the redeployment's row
        rows = {row.take for row in c.redeploy_rows()}
        assert action in rows, f"no - button for {text}"
        result = c.request(action)
    elif isinstance(action, RegionAction):
        result = c.click(action.region)
        if result.kind == "choices":
            assert action in result.choices, (text, result.choices)
            result = c.request(action)
    else:
        labels = {b.action: b.label for b in c.buttons()}
        assert action in labels, f"no button plays {text}: {sorted(map(repr, labels))}"
        result = c.request(action)
    if result.kind == "confirm":
        assert result.question is not None
        result = c.answer(result.question.options[0][0])
    return result


def _solve(play: LevelPlay) -> None:
    level = play.level
    if level.goal.predict is not None:
        values = [int(v) for v in level.solution]
        if level.goal.predict.kind == "regions":
            for rid in values:
                play.controller.click(rid)
                play.sync()
            play.answer()
        else:
            play.answer(values)
        return
    for text in level.solution:
        _click_or_button(play.controller, text)
        play.sync()


@pytest.mark.parametrize("level", shipped_levels(), ids=lambda lv: lv.id)
def test_every_level_is_solved_by_clicks_with_three_stars(level: Level) -> None:
    progress = Progress()
    play = LevelPlay(level, progress)
    _solve(play)
    assert play.verdict.kind == "solved", play.verdict
    assert play.verdict.stars == 3
    assert progress.get(level.id).stars == 3 and progress.get(level.id).tries == 1


def test_r_conq_1_a_refused_click_shows_the_rule_and_a_hint_then_two_stars() -> None:
    level = load_level("conquest-border")
    progress = Progress()
    play = LevelPlay(level, progress)
    assert play.hints() == []
    play.controller.click(10)  # inside the board
    verdict = play.sync()
    assert verdict.kind == "refused" and verdict.rule == "R-CONQ-1"
    assert "Refused (R-CONQ-1)" in play.verdict_text()
    assert play.hints() == [level.hints[0]]
    play.controller.click(5)
    assert play.sync().kind == "solved"
    assert play.verdict.stars == 2
    assert progress.get(level.id).stars == 2


def test_r_conq_6_a_legal_try_that_misses_says_so_and_restart_begins_a_new_try() -> None:
    level = load_level("conquest-stop")
    progress = Progress()
    play = LevelPlay(level, progress)
    c = play.controller
    for text in ("conquer 6", "conquer 7", "end", "place 2", "place 2", "done"):
        _click_or_button(c, text)
        play.sync()
    assert play.verdict.kind == "missed"
    assert "goal is not reached" in play.verdict_text()
    play.restart()
    assert c.index == 0 and play.verdict.kind == "playing"
    for text in level.solution:
        _click_or_button(c, text)
        play.sync()
    assert play.verdict.kind == "solved"
    assert progress.get(level.id).tries == 2


def test_a_prediction_by_regions_selects_by_clicks_and_the_board_shows_the_answer() -> None:
    level = load_level("die-how-short")
    play = LevelPlay(level)
    c = play.controller
    c.click(9)
    play.sync()
    assert c.targets() == frozenset({9})
    assert play.answer().kind == "missed"
    assert play.hints() == [level.hints[0]]
    c.click(10)
    assert play.answer().kind == "solved" and play.verdict.stars == 2
    assert c.targets() == frozenset({9, 10})
    assert c.request("end").kind == "applied"  # the board plays again once answered


def test_an_undone_action_no_longer_counts() -> None:
    level = load_level("conquest-adjacent")
    play = LevelPlay(level)
    c = play.controller
    _click_or_button(c, "conquer 6")
    play.sync()
    c.undo()
    play.sync()
    for text in level.solution:
        _click_or_button(c, text)
        play.sync()
    assert play.verdict.kind == "solved" and play.verdict.stars == 3


def test_time_is_kept_per_level() -> None:
    now = [100.0]
    progress = Progress()
    play = LevelPlay(load_level("conquest-border"), progress, clock=lambda: now[0])
    now[0] += 42.0
    play.controller.click(5)
    play.sync()
    now[0] += 100.0
    play.close()
    assert progress.get("conquest-border").seconds == pytest.approx(42.0)


def test_the_path_widget_greys_locked_stages_and_opens_a_level_on_the_viewer(
    tmp_path: Path,
) -> None:
    path = LearnPath(tmp_path)
    first = [lv for lv in path.levels if lv.stage == "setup"]
    later = [lv for lv in path.levels if lv.stage == "conquest"]
    assert not path.level_buttons[first[0].id].disabled
    assert path.level_buttons[later[0].id].disabled
    path.level_buttons[first[0].id].click()
    assert path.play is not None and path.viewer is not None
    assert path.viewer.controller is path.play.controller
    assert "Goal:" in path.goal.value
    for text in first[0].solution:
        _click_or_button(path.viewer.controller, text)
        path.viewer.refresh()  # what the viewer does after a click
    assert "★★★" in path.verdict_box.value
    path.back_button.click()
    assert "★★★" in path.level_buttons[first[0].id].description
    for lv in first[1:]:  # solve the stage: the next one opens
        play = path.open_level(lv.id)
        _solve(play)
        path.close_level()
    assert not path.level_buttons[later[0].id].disabled
    again = LearnPath(tmp_path)  # a new kernel: the progress file is read
    assert again.progress.get(first[0].id).stars == 3
    assert not again.level_buttons[later[0].id].disabled


def _shown(root: Any, target: Any) -> bool:
    """Whether ``target`` is in ``root``'s tree of widgets with nothing on the way to it
    hidden (``display: none``), as the browser would show it."""

    def walk(widget: Any, above: tuple[Any, ...]) -> bool | None:
        if widget is target:
            return all(w.layout.display != "none" for w in (*above, widget))
        for child in getattr(widget, "children", ()):
            found = walk(child, (*above, widget))
            if found is not None:
                return found
        return None

    found = walk(root, ())
    assert found is not None, f"{target!r} is not in the tree"
    return found


def _bots_and_files(viewer: Any) -> dict[str, Any]:
    """The viewer's controls that belong to a game against bots, and its file box."""
    return {
        "bot: one action": viewer.bot_button,
        "bot: finish turn": viewer.finish_button,
        "autoplay": viewer.autoplay_button,
        "bot hint": viewer.hint_button,
        "bots move after you": viewer.auto_bots,
        "pace": viewer.clock.pace,
        "seat level": viewer.seat_levels.children[0],
        "file name": viewer.path,
        "save game": viewer._file_buttons[0],
    }


def test_a_level_hides_the_bots_seats_files_autoplay_and_the_map_the_viewer_shows_them(
    tmp_path: Path,
) -> None:
    from swlab.play.viewer import GameViewer

    ordinary = GameViewer(
        "official_2p", players=["Ann", "Bot"], seed=7, bots={1: "greedy"},
        workspace=tmp_path, file_boxes=True,
    )  # fmt: skip
    for name, widget in _bots_and_files(ordinary).items():
        assert _shown(ordinary.widget, widget), f"the viewer hides {name}"
    assert {"n", "h", "p"} <= set(ordinary.keys.bound_keys)

    path = LearnPath(tmp_path)
    path.level_buttons["setup-free-combo"].click()
    level = path.viewer
    for name, widget in _bots_and_files(level).items():
        assert not _shown(level.widget, widget), f"a level shows {name}"
    assert not {"n", "h", "p"} & set(level.keys.bound_keys)  # no key calls a bot
    assert level.auto_bots.value is False
    for widget in (level.map, level.undo_button, level.slider, path.hint_button):
        assert _shown(path.box, widget)  # the board and the level's own buttons stay
    assert not _shown(path.box, path.map_box)  # the level in the map's place
    path.back_button.click()
    assert _shown(path.box, path.level_buttons["setup-free-combo"])


def test_hints_come_on_request_one_per_click_and_cost_no_star(tmp_path: Path) -> None:
    level = load_level("conquest-border")
    path = LearnPath(tmp_path)
    for lv in path.levels:  # open every stage: conquest-border is in the second
        path.progress.solved(lv.id, 1)
    play = path.open_level(level.id)
    assert play.hints() == [] and "swlab-learn-hints" not in path.hint_box.value
    for k in range(1, len(level.hints) + 1):
        assert not path.hint_button.disabled
        path.hint_button.click()
        assert play.hints() == list(level.hints[:k])
        assert path.hint_box.value.count("<li>") == k
    assert path.hint_button.disabled  # every hint shown
    path.hint_button.click()
    assert play.hints() == list(level.hints)
    for text in level.solution:
        _click_or_button(play.controller, text)
        path.viewer.refresh()
    assert play.verdict.kind == "solved" and play.verdict.stars == 3


def test_the_path_keeps_progress_where_file_boxes_are_turned_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWLAB_FILE_BOXES", "off")  # a room served by Voila
    monkeypatch.setenv("SWLAB_WORKSPACE", str(tmp_path / "room"))
    path = LearnPath()
    assert not (tmp_path / "room").exists()  # opening the path writes nothing
    path.level_buttons["setup-free-combo"].click()
    saved = Progress.open(tmp_path / "room")
    assert saved.get("setup-free-combo").tries == 1


def test_r_pick_2_a_stage_goal_is_said_in_the_status_lines_words() -> None:
    """``goal.stage: conquer`` reads "get to the step where Bob conquers" in every
    language, never the engine's stage id."""
    from swlab.i18n import using

    play = LevelPlay(load_level("setup-collect"))
    text = play.goal_text()
    assert "get to the step where" in text and "conquers" in text
    with using("de"):
        german = play.goal_text()
    assert "conquer" not in german and "Eroberungen" in german

"""A tutorial notebook opens its own stages of the learn path: ``LearnPath(stages=...)``
shows only those stages' levels, every one of them playable whatever was solved before,
with the same progress file as the whole path (notebook 12), which keeps its order."""

from __future__ import annotations

from pathlib import Path

import pytest

from swlab.learn.level import STAGES, shipped_levels
from swlab.learn.progress import Progress
from swlab.learn.widget import LearnPath
from tests.learn.test_widget import _click_or_button


def _titles(path: LearnPath) -> list[str]:
    """The stage titles of the map of levels (bold lines above each row of buttons)."""
    return [c.value for c in path.map_box.children if "<b>" in getattr(c, "value", "")]


def test_a_stage_path_offers_only_its_stages_levels(tmp_path: Path) -> None:
    path = LearnPath(tmp_path, stages=("conquest", "die"))
    wanted = [lv.id for lv in shipped_levels() if lv.stage in ("conquest", "die")]
    assert [lv.id for lv in path.levels] == wanted
    assert sorted(path.level_buttons) == sorted(wanted)
    assert _titles(path) == ["<b>2. Conquest</b>", "<b>3. The reinforcement die</b>"]


def test_r_conq_1_a_stage_is_playable_before_the_stages_above_it_are_solved(
    tmp_path: Path,
) -> None:
    """A learner who opens notebook 02 first plays its levels: nothing is locked."""
    path = LearnPath(tmp_path, stages=("conquest", "die"))
    assert not any(b.disabled for b in path.level_buttons.values())
    assert "locked" not in " ".join(_titles(path))
    die = next(lv for lv in path.levels if lv.stage == "die")
    path.level_buttons[die.id].click()  # the second stage, its first stage unsolved
    assert path.play is not None and path.play.level.id == die.id
    path.close_level()
    whole = LearnPath(tmp_path)  # the whole path keeps its order
    assert whole.level_buttons["conquest-border"].disabled
    with pytest.raises(ValueError, match="locked"):
        whole.open_level("conquest-border")


def test_stars_earned_in_a_notebooks_stage_show_on_the_whole_path(tmp_path: Path) -> None:
    stage = LearnPath(tmp_path, stages=("conquest",))
    stage.level_buttons["conquest-border"].click()
    assert stage.play is not None
    for text in stage.play.level.solution:  # a click on Hill 5, on the edge (R-CONQ-1)
        _click_or_button(stage.viewer.controller, text)
        stage.viewer.refresh()
    assert "★★★" in stage.verdict_box.value
    stage.back_button.click()
    assert "★★★" in stage.level_buttons["conquest-border"].description
    whole = LearnPath(tmp_path)  # notebook 12, in the same folder: the same progress file
    assert whole.progress.get("conquest-border").stars == 3
    assert "★★★" in whole.level_buttons["conquest-border"].description
    again = LearnPath(tmp_path, stages=("conquest",))  # the notebook opened again
    assert "★★★" in again.level_buttons["conquest-border"].description


def test_every_stage_has_levels_and_a_wrong_stage_is_named(tmp_path: Path) -> None:
    for stage in STAGES:
        assert LearnPath(tmp_path, stages=(stage,)).levels, stage
    wrong = r"stages: no stage 'conquests'; the stages are \('setup', 'conquest'"
    with pytest.raises(ValueError, match=wrong):
        LearnPath(tmp_path, stages=("conquest", "conquests"))
    with pytest.raises(ValueError, match="stages: none given"):
        LearnPath(tmp_path, stages=())


def test_two_paths_open_at_once_keep_each_others_stars(tmp_path: Path) -> None:
    """Notebook 02 and notebook 12 open together (one kernel or two): what one saves, the
    other's next save keeps, and its map shows it when the learner comes back to it."""
    whole = LearnPath(tmp_path)  # opened first: its progress read before any star
    stage = LearnPath(tmp_path, stages=("conquest",))
    stage.open_level("conquest-border")
    assert stage.play is not None
    for text in stage.play.level.solution:
        _click_or_button(stage.viewer.controller, text)
        stage.viewer.refresh()
    stage.close_level()
    first = whole.levels[0]
    whole.open_level(first.id)  # a try of another level, saved by the other path
    assert whole.play is not None
    for text in first.solution:
        _click_or_button(whole.viewer.controller, text)
        whole.viewer.refresh()
    whole.close_level()
    assert "★★★" in whole.level_buttons["conquest-border"].description
    saved = Progress.open(tmp_path)
    assert saved.get("conquest-border").stars == 3 and saved.get(first.id).stars == 3

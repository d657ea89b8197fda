"""A legal try that misses the goal: the board shows the opponent's answer, step by step
with its narration, in under 2 s of ticks, then goes back to the level's start and says in
one sentence what happened; a level may turn it off (``reply: false``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from swlab.learn.level import level_from_dict, load_level
from swlab.learn.progress import Progress
from swlab.learn.reply import MAX_TICKS, split_ticks
from swlab.learn.widget import LearnPath, LevelPlay

from .test_widget import _click_or_button

#: conquest-stop's wrong try: Hill 7 taken but too few tokens kept in hand (R-CONQ-11)
MISS = ("conquer 6", "conquer 7", "end", "place 2", "place 2", "done")


def _miss(play: LevelPlay) -> None:
    for text in MISS:
        _click_or_button(play.controller, text)
        play.sync()


def test_r_conq_7_a_legal_miss_plays_the_answer_then_the_board_goes_back() -> None:
    level = load_level("conquest-stop")
    progress = Progress()
    play = LevelPlay(level, progress)
    c = play.controller
    _miss(play)
    assert play.verdict.kind == "missed"
    reply = play.reply
    assert reply is not None and 1 <= len(reply.groups) <= MAX_TICKS
    assert reply.interval * (len(reply.groups) + 1) < 2000  # under 2 s on the screen
    ended = c.index
    assert c.click(5).kind == "none" and c.index == ended  # the board is the answer's
    ticks = 0
    while play.reply_step():
        ticks += 1
        assert c.index > ended and play.reply is not None and play.reply.lines
        assert "The answer, step" in play.verdict_text()
        assert c.highlight or play.reply.lines[-1]
    assert ticks == len(reply.groups)
    # back at the start for good: nothing to redo, the learner plays at once
    assert c.index == 0 and len(c) == 0 and c.state == level.start()
    assert not c.highlight and play.reply is None
    text = play.verdict_text()
    assert "Bob's Tritons took Farmland (2) and Hill (7)" in text
    assert "were not enough to hold them" in text and "back at the start" in text
    assert play.hints() == [level.hints[0]]  # the miss's hint stays
    for step in level.solution:
        _click_or_button(c, step)
        play.sync()
    solved = play.verdict  # a new try's verdict (mypy keeps the first one's kind)
    assert solved.kind == "solved" and solved.stars == 3
    assert progress.get(level.id).tries == 2  # the board going back began a new try


def test_the_answer_is_the_same_for_the_same_try() -> None:
    level = load_level("conquest-stop")
    plans = []
    for _k in range(2):
        play = LevelPlay(level)
        _miss(play)
        assert play.reply is not None
        plans.append([a for group in play.reply.groups for a in group])
    assert plans[0] == plans[1]


def test_ticks_group_a_long_answer_in_order() -> None:
    actions = list(range(19))
    groups = split_ticks(actions)
    assert len(groups) == MAX_TICKS and [a for g in groups for a in g] == actions
    assert split_ticks(actions[:3]) == [[0], [1], [2]]


def test_restart_stops_an_answer_under_way() -> None:
    level = load_level("conquest-stop")
    play = LevelPlay(level)
    _miss(play)
    assert play.reply_step()
    play.restart()
    assert play.reply is None and play.controller.index == 0 and len(play.controller) == 0
    assert not play.reply_step()


def test_a_level_with_reply_false_only_says_the_try_missed() -> None:
    level = load_level("conquest-stop")
    assert level.file is not None
    data = yaml.safe_load(level.file.read_text(encoding="utf-8"))
    quiet = level_from_dict({**data, "reply": False}, level.file)
    assert not quiet.reply and level.reply
    play = LevelPlay(quiet)
    _miss(play)
    assert play.verdict.kind == "missed" and play.reply is None
    assert "Restart to try again." in play.verdict_text()
    assert dataclasses.replace(quiet, reply=True).reply


def test_the_path_plays_the_answer_on_its_clock_and_stops_it(tmp_path: Path) -> None:
    path = LearnPath(tmp_path)
    for lv in path.levels:  # open every stage
        path.progress.solved(lv.id, 1)
    play = path.open_level("conquest-stop")
    assert path.viewer is not None and not path.reply_clock.playing
    for text in MISS:
        _click_or_button(play.controller, text)
        path.viewer.refresh()  # what the viewer does after a click
    assert play.reply is not None
    assert path.reply_clock.playing and path.reply_clock.interval == play.reply.interval
    assert "The answer, step" in path.verdict_box.value
    ticks = 0
    while path.reply_clock.playing:  # the browser's ticks
        path.reply_clock.value += 1
        ticks += 1
        assert ticks <= MAX_TICKS + 1
    assert play.controller.index == 0
    assert "took Farmland (2) and Hill (7)" in path.verdict_box.value
    assert "The answer, step" not in path.verdict_box.value

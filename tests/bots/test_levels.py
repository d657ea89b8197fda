"""Bots by name: the five levels, the designer's styles, and the commands that accept them."""

from __future__ import annotations

import pytest

from swlab.board import Board
from swlab.bots import BOT_KINDS, LEVEL_NAMES, LEVELS, STYLES, GreedyBot, SearchBot, make_bot
from swlab.bots.levels import level
from swlab.cli import CommandError, _present_settings, build_parser, main
from swlab.play.viewer import GameViewer


def test_levels_are_named_weakest_first_with_a_sentence_each() -> None:
    assert LEVEL_NAMES == ("beginner", "easy", "medium", "hard", "expert")
    budgets = [lv.bot(1) for lv in LEVELS]
    searches = [b for b in budgets if isinstance(b, SearchBot)]
    assert [b.iterations for b in searches] == sorted(b.iterations for b in searches)
    assert len({lv.sentence for lv in LEVELS}) == len(LEVELS)


def test_every_name_builds_a_bot_that_says_its_name() -> None:
    for name in BOT_KINDS:
        bot = make_bot(name, 3)
        assert callable(bot.choose)
    assert make_bot("hard").name == "hard"
    assert make_bot(" Expert ").name == "expert"
    assert {s.name for s in STYLES} == {"greedy", "aggressive", "early-decline", "search"}
    aggressive = make_bot("aggressive")
    assert isinstance(aggressive, GreedyBot) and aggressive.opponent_weight > 0.5


def test_an_unknown_name_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="expert"):
        make_bot("master")
    with pytest.raises(ValueError, match="beginner"):
        level("grandmaster")


def test_simulate_accepts_levels_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--board", "official_2p", "--games", "1", "--serial", "--no-progress"]
    assert main([*argv, "--bots", "medium,beginner"]) == 0
    out = capsys.readouterr().out
    assert "medium" in out and "beginner" in out
    assert main([*argv, "--bots", "master,greedy"]) == 2
    assert "master" in capsys.readouterr().err


def test_present_takes_a_level_per_seat() -> None:
    args = build_parser().parse_args(["present", "official_2p", "--bots", "1:hard"])
    assert _present_settings(args)["bots"] == {"1": "hard"}
    args = build_parser().parse_args(["present", "official_2p", "--bots", "1:master"])
    with pytest.raises(CommandError, match="master"):
        _present_settings(args)


def test_the_viewer_offers_a_level_per_seat_and_says_it(board2: Board) -> None:
    """A person picks the level of a seat in its dropdown; the players' table names it."""
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    picks = v.seat_levels.children
    assert [p.description for p in picks] == ["Ann", "Bob"]
    assert [value for _label, value in picks[1].options][1:] == list(LEVEL_NAMES)
    picks[1].value = "expert"
    bot = v.controller.bots[1]
    assert isinstance(bot, SearchBot) and bot.name == "expert"
    assert "Bob (bot: expert)" in v.score_box.value
    assert 0 not in v.controller.bots
    picks[1].value = ""  # back to a person
    assert 1 not in v.controller.bots and "(bot" not in v.score_box.value

"""Dwarves (R-RACE-DWARVES): +1 per Mine region, active and in decline."""

from __future__ import annotations

from swlab.rules.engine import score_rows

from .helpers import Scenario


def test_r_race_dwarves_mines_score_when_active() -> None:
    sc = Scenario().active(0, "Dwarves").region(4, 0, "Dwarves", 1).region(6, 0, "Dwarves", 1)
    sc.region(1, 0, "Dwarves", 1)
    rows = {r.rule: r.amount for r in score_rows(sc.state, 0)}
    assert rows == {"R-SCORE-1": 3, "R-RACE-DWARVES": 2}


def test_r_race_dwarves_mines_still_score_in_decline() -> None:
    sc = Scenario().declined(0, "Dwarves").region(4, 0, "Dwarves", 1).region(2, 0, "Dwarves", 1)
    rows = {r.rule: r.amount for r in score_rows(sc.state, 0)}
    assert rows == {"R-SCORE-1": 2, "R-RACE-DWARVES": 1}


def test_r_race_dwarves_decline_turn_scores_the_mines_r_decline_5() -> None:
    sc = Scenario().active(0, "Dwarves").region(4, 0, "Dwarves", 2).region(3, 0, "Dwarves", 1)
    sc.start_turn(0).do("decline")
    assert sc.coins_of(0) == 5 + 2 + 1


def test_r_race_dwarves_no_mine_no_bonus() -> None:
    sc = Scenario().active(0, "Dwarves").region(1, 0, "Dwarves", 1)
    assert [r.rule for r in score_rows(sc.state, 0)] == ["R-SCORE-1"]

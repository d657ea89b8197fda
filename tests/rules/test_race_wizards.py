"""Wizards (R-RACE-WIZARDS): +1 coin per Magic-source region, active only."""

from __future__ import annotations

from swlab.rules.engine import score_rows

from .helpers import Scenario


def test_r_race_wizards_magic_bonus() -> None:
    sc = Scenario().active(0, "Wizards").region(3, 0, "Wizards", 1).region(2, 0, "Wizards", 1)
    assert {r.rule: r.amount for r in score_rows(sc.state, 0)} == {
        "R-SCORE-1": 2,
        "R-RACE-WIZARDS": 1,
    }


def test_r_race_wizards_no_bonus_in_decline() -> None:
    sc = Scenario().declined(0, "Wizards").region(3, 0, "Wizards", 1)
    assert [r.rule for r in score_rows(sc.state, 0)] == ["R-SCORE-1"]

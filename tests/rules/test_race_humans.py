"""Humans (R-RACE-HUMANS): +1 coin per Farmland region, active only."""

from __future__ import annotations

from swlab.rules.engine import score_rows

from .helpers import Scenario


def test_r_race_humans_farmland_bonus() -> None:
    sc = Scenario().active(0, "Humans").region(1, 0, "Humans", 1).region(6, 0, "Humans", 1)
    sc.region(2, 0, "Humans", 1)
    assert {r.rule: r.amount for r in score_rows(sc.state, 0)} == {
        "R-SCORE-1": 3,
        "R-RACE-HUMANS": 2,
    }


def test_r_race_humans_no_bonus_in_decline() -> None:
    sc = Scenario().declined(0, "Humans").region(1, 0, "Humans", 1)
    assert [r.rule for r in score_rows(sc.state, 0)] == ["R-SCORE-1"]


def test_r_race_humans_bonus_paid_at_end_of_turn() -> None:
    sc = Scenario().active(0, "Humans", hand=5).conquering(0, picked=True)
    sc.do("conquer 1", "end", "deploy 1:5")
    assert sc.coins_of(0) == 5 + 1 + 1

"""Orcs (R-RACE-ORCS, R-RULING-3, R-RULING-9): +1 per non-empty region conquered."""

from __future__ import annotations

from .helpers import Scenario


def test_r_race_orcs_bonus_for_non_empty_conquests() -> None:
    sc = Scenario().active(0, "Orcs", hand=10).active(1, "Humans")
    sc.lost_tribe(1).region(3, 1, "Humans", 1).conquering(0, picked=True)
    sc.do("conquer 1", "conquer 2", "conquer 3", "end")  # lost tribe, empty, Humans
    sc.do("deploy 1:3,2:2,3:5")
    assert sc.coins_of(0) == 5 + 3 + 2


def test_r_ruling_9_lost_tribe_region_is_non_empty() -> None:
    sc = Scenario().active(0, "Orcs", hand=10).lost_tribe(1).conquering(0, picked=True)
    sc.do("conquer 1")
    assert sc.state.turn.conquests[0].non_empty


def test_r_ruling_3_judged_by_what_the_region_held_before() -> None:
    sc = Scenario().active(0, "Orcs", hand=10).conquering(0, picked=True).do("conquer 2")
    assert not sc.state.turn.conquests[0].non_empty
    assert sc.at(2).is_occupied  # it holds Orcs now, but was empty when conquered


def test_r_race_orcs_no_bonus_in_decline() -> None:
    sc = Scenario().declined(0, "Orcs").region(1, 0, "Orcs", 1)
    from swlab.rules.engine import score_rows

    assert [r.rule for r in score_rows(sc.state, 0)] == ["R-SCORE-1"]

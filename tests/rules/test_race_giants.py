"""Giants (R-RACE-GIANTS): 1 token less next to a Mountain region they occupy."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def test_r_race_giants_discount_next_to_their_mountain() -> None:
    sc = Scenario().active(0, "Giants", hand=6).region(4, 0, "Giants", 1).conquering(0)
    cost = explain_cost(sc.state, 7)
    assert cost.total == 1 and cost.rows[-1].rule == "R-RACE-GIANTS"
    sc.do("conquer 7")
    assert sc.at(7).tokens == 1


def test_r_race_giants_no_discount_without_their_mountain() -> None:
    sc = Scenario().active(0, "Giants", hand=6).region(3, 0, "Giants", 1).conquering(0)
    assert explain_cost(sc.state, 7).total == 2


def test_r_race_giants_minimum_one_after_all_modifiers_r_ruling_1() -> None:
    sc = Scenario().active(0, "Giants", hand=6).region(4, 0, "Giants", 1).conquering(0)
    cost = explain_cost(sc.state, 3)  # 2 - 1 = 1
    assert cost.total == 1
    assert sum(r.amount for r in cost.rows) == 1


def test_r_race_giants_mountain_of_another_race_gives_nothing() -> None:
    sc = Scenario().active(0, "Giants", hand=6).active(1, "Humans")
    sc.region(3, 0, "Giants", 1).region(4, 1, "Humans", 1).conquering(0)
    assert explain_cost(sc.state, 7).total == 2

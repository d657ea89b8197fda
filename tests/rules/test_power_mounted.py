"""Mounted (R-POW-MOUNTED): Hill and Farmland regions cost 1 token less (min 1)."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def test_r_pow_mounted_hill_and_farmland_one_less() -> None:
    sc = Scenario().active(0, "Ratmen", "Mounted", hand=5).conquering(0, picked=True)
    assert explain_cost(sc.state, 2).total == 1  # hill
    assert explain_cost(sc.state, 6).total == 1  # farmland
    assert explain_cost(sc.state, 3).total == 2  # forest: no discount
    assert explain_cost(sc.state, 10).total == 2  # swamp


def test_r_pow_mounted_minimum_one_token() -> None:
    sc = Scenario().active(0, "Ratmen", "Mounted", hand=5).conquering(0, picked=True)
    cost = explain_cost(sc.state, 2)
    assert cost.total == 1 and all(r.rule != "R-CONQ-3" for r in cost.rows)  # 2 - 1 = 1
    sc.do("conquer 2")
    assert sc.at(2).tokens == 1


def test_r_ruling_1_giants_and_mounted_on_a_hill_next_to_their_mountain() -> None:
    sc = Scenario().active(0, "Giants", "Mounted", hand=6).active(1, "Humans")
    sc.region(4, 0, "Giants", 1).region(7, 1, "Humans", 2).conquering(0)
    # hill 7 next to the Giants' Mountain 4: 2 + 2 Humans - 1 Giants - 1 Mounted = 2
    cost = explain_cost(sc.state, 7)
    assert cost.total == 2
    assert {r.rule for r in cost.rows} >= {"R-RACE-GIANTS", "R-POW-MOUNTED"}

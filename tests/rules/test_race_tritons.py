"""Tritons (R-RACE-TRITONS, R-RULING-14): coastal land regions cost 1 token less."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def test_r_race_tritons_coastal_discount() -> None:
    sc = Scenario().active(0, "Tritons", hand=6).conquering(0, picked=True).lost_tribe(1)
    cost = explain_cost(sc.state, 1)
    assert cost.total == 2 and cost.rows[-1].rule == "R-RACE-TRITONS"


def test_r_race_tritons_inland_full_price() -> None:
    sc = Scenario().active(0, "Tritons", hand=6).conquering(0, picked=True)
    assert explain_cost(sc.state, 2).total == 2


def test_r_ruling_14_water_is_never_coastal() -> None:
    sc = Scenario().active(0, "Tritons", hand=6).conquering(0, picked=True)
    assert not any(r.rule == "R-RACE-TRITONS" for r in explain_cost(sc.state, 9).rows)
    assert sc.refused("conquer 9") == "R-CONQ-4"


def test_r_race_tritons_minimum_one() -> None:
    sc = Scenario().active(0, "Tritons", hand=6).conquering(0, picked=True)
    assert explain_cost(sc.state, 5).total == 1

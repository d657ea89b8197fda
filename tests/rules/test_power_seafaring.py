"""Seafaring (R-POW-SEAFARING): Seas and Lakes conquered as empty regions, kept in decline."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def test_r_pow_seafaring_conquers_the_sea_as_an_empty_region() -> None:
    sc = Scenario().active(0, "Ratmen", "Seafaring", hand=8).region(1, 0, "Ratmen", 1)
    sc.conquering(0)
    assert explain_cost(sc.state, 9).total == 2
    sc.do("conquer 9")
    assert sc.at(9).race == "Ratmen" and sc.at(9).tokens == 2


def test_r_pow_seafaring_may_enter_through_an_edge_sea_r_conq_1() -> None:
    sc = Scenario().active(0, "Ratmen", "Seafaring", hand=8).conquering(0, picked=True)
    assert "conquer 9" in sc.legal()  # the Sea touches the edge: a border region (R-COMP-6)


def test_r_conq_4_only_seafaring_races_occupy_water() -> None:
    sc = Scenario().active(0, "Ratmen", "Flying", hand=8).region(1, 0, "Ratmen", 1)
    sc.conquering(0)
    assert sc.refused("conquer 9") == "R-CONQ-4"


def test_r_pow_seafaring_keeps_and_scores_the_sea_in_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Seafaring").active(1, "Humans", hand=8)
    sc.region(9, 0, "Ratmen", 3).region(1, 0, "Ratmen", 2).start_turn(0).do("decline")
    assert sc.at(9).in_decline and sc.at(9).tokens == 1
    assert sc.coins_of(0) == 5 + 2  # the Sea scores as a region (R-SCORE-2)
    # no other race can conquer the decline Sea: water needs an active Seafaring race
    sc.region(5, 1, "Humans", 1).conquering(1)
    assert sc.refused("conquer 9") == "R-CONQ-4"


def test_r_ruling_14_seafaring_tritons_get_no_discount_on_water() -> None:
    sc = Scenario().active(0, "Tritons", "Seafaring", hand=8).region(1, 0, "Tritons", 1)
    sc.conquering(0)
    assert explain_cost(sc.state, 9).total == 2  # water is never coastal
    assert explain_cost(sc.state, 5).total == 1  # the coastal swamp is

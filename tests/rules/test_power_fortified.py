"""Fortified (R-POW-FORTIFIED): one Fortress per turn, +1 coin while active, +1 defence."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def test_r_pow_fortified_one_fortress_per_turn_during_redeployment() -> None:
    sc = Scenario().active(0, "Ratmen", "Fortified", hand=8).conquering(0, picked=True)
    assert not any(a.startswith("fortress") for a in sc.legal())  # not while conquering
    sc.do("conquer 1", "conquer 2", "end")
    assert {"fortress 1", "fortress 2"} <= set(sc.legal())
    sc.do("fortress 1")
    assert sc.at(1).fortress
    assert sc.refused("fortress 2") == "R-POW-FORTIFIED"  # once per turn
    sc.do("deploy 1:4,2:4")
    assert sc.coins_of(0) == 5 + 2 + 1  # +1 per fortress


def test_r_pow_fortified_one_per_region_six_on_the_map() -> None:
    sc = Scenario().active(0, "Ratmen", "Fortified").region(1, 0, "Ratmen", 2, fortress=True)
    sc.region(2, 0, "Ratmen", 2).start_turn(0).do("end")
    assert sc.refused("fortress 1") == "R-POW-FORTIFIED"
    for rid in (3, 4, 5, 6, 7):
        sc.pieces(rid, fortress=True)
    assert sc.refused("fortress 2") == "R-POW-FORTIFIED"  # 6 on the map


def test_r_pow_fortified_defends_in_decline_but_scores_nothing() -> None:
    sc = Scenario().active(0, "Ratmen", "Fortified").region(1, 0, "Ratmen", 2, fortress=True)
    sc.start_turn(0).do("decline")
    assert sc.at(1).fortress and sc.coins_of(0) == 5 + 1
    sc.active(1, "Humans", hand=8).region(2, 1, "Humans", 1).conquering(1)
    assert explain_cost(sc.state, 1).total == 2 + 1 + 1  # token + fortress


def test_r_pow_fortified_removed_when_conquered_or_abandoned() -> None:
    sc = Scenario().active(0, "Ratmen", "Fortified").region(1, 0, "Ratmen", 2, fortress=True)
    sc.start_turn(0).do("abandon 1")
    assert not sc.at(1).fortress


def test_r_pow_fortified_no_fortress_for_an_attacked_player() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).active(1, "Humans", "Fortified")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 2).region(8, 1, "Humans", 1)
    sc.conquering(0).do("conquer 3", "end", "deploy 2:5,3:4")
    assert sc.state.turn.actor == 1 and sc.refused("fortress 8") == "R-POW-FORTIFIED"


def test_r_race_sorcerers_a_fortress_does_not_protect_a_lone_token() -> None:
    sc = Scenario().active(0, "Sorcerers").active(1, "Humans", "Fortified")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1, fortress=True).conquering(0)
    sc.do("convert 3")
    assert sc.at(3).race == "Sorcerers" and not sc.at(3).fortress

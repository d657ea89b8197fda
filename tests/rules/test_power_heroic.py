"""Heroic (R-POW-HEROIC, R-IMMUNE): 2 Heroes in 2 different regions at the end of the turn."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_heroic_two_heroes_in_two_regions_before_the_turn_ends() -> None:
    sc = Scenario().active(0, "Ratmen", "Heroic", hand=6).conquering(0, picked=True)
    sc.do("conquer 1", "conquer 2", "end", "place 1", "place 1")
    assert sc.refused("done") == "R-POW-HEROIC"
    sc.do("hero 1")
    assert sc.refused("hero 1") == "R-POW-HEROIC"  # 2 different regions
    sc.do("hero 2", "done")
    assert sc.at(1).hero and sc.at(2).hero and sc.state.current == 1


def test_r_pow_heroic_one_region_one_hero() -> None:
    sc = Scenario().active(0, "Ratmen", "Heroic", hand=4).conquering(0, picked=True)
    sc.do("conquer 1", "end", "hero 1", "deploy 1:4")
    assert sc.state.current == 1


def test_r_immune_heroes_stop_enemy_conquests_and_conversions() -> None:
    sc = Scenario().active(0, "Sorcerers", hand=8).active(1, "Humans", "Heroic")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1, hero=True).conquering(0)
    assert sc.refused("conquer 3") == "R-IMMUNE"
    assert sc.refused("convert 3") == "R-IMMUNE"
    assert "conquer 3" not in sc.legal() and "convert 3" not in sc.legal()


def test_r_pow_heroic_heroes_move_between_turns() -> None:
    sc = Scenario().active(0, "Ratmen", "Heroic").region(1, 0, "Ratmen", 2, hero=True)
    sc.region(2, 0, "Ratmen", 1, hero=True).region(3, 0, "Ratmen", 1).start_turn(0)
    sc.do("end")
    assert sc.refused("hero 3") == "R-POW-HEROIC"  # both on the map: lift one first
    sc.do("unhero 2", "hero 3", "deploy 1:2")
    assert [sc.at(r).hero for r in (1, 2, 3)] == [True, False, True]


def test_r_pow_heroic_removed_on_decline_and_on_abandon() -> None:
    sc = Scenario().active(0, "Ratmen", "Heroic").region(1, 0, "Ratmen", 2, hero=True)
    sc.region(2, 0, "Ratmen", 2, hero=True).start_turn(0).do("abandon 2")
    assert not sc.at(2).hero
    sc = Scenario().active(0, "Ratmen", "Heroic").region(1, 0, "Ratmen", 2, hero=True)
    sc.start_turn(0).do("decline")
    assert not sc.at(1).hero  # R-DECLINE-4

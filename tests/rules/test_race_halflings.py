"""Halflings (R-RACE-HALFLINGS): enter anywhere; holes in the first 2 regions (R-IMMUNE)."""

from __future__ import annotations

from .helpers import Scenario


def halflings(hand: int = 11) -> Scenario:
    return Scenario().active(0, "Halflings", hand=hand).conquering(0, picked=True)


def test_r_race_halflings_enter_anywhere() -> None:
    sc = halflings().do("conquer 6")  # inland: not a border region (R-CONQ-1 exception)
    assert sc.at(6).race == "Halflings"


def test_r_race_halflings_holes_in_the_first_two_regions_only() -> None:
    sc = halflings().do("conquer 6", "conquer 2", "conquer 1")
    assert [sc.at(r).hole for r in (6, 2, 1)] == [True, True, False]


def test_r_race_halflings_hole_makes_region_immune() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).active(1, "Halflings")
    sc.region(3, 0, "Ratmen", 1).region(2, 1, "Halflings", 1, hole=True).conquering(0)
    assert sc.refused("conquer 2") == "R-IMMUNE"
    assert "conquer 2" not in sc.legal()


def test_r_race_halflings_hole_goes_on_abandon_and_is_not_placed_again() -> None:
    sc = Scenario().active(0, "Halflings", hand=0)
    sc.state = sc.state
    sc.region(6, 0, "Halflings", 2, hole=True).region(2, 0, "Halflings", 2, hole=True)
    sc.state = sc.state.with_tray("Halflings", 0)
    from dataclasses import replace

    race = replace(sc.race("Halflings"), conquests=2)
    from swlab.rules.ops import update_race

    sc.state = update_race(sc.state, race)
    sc.start_turn(0).do("abandon 2")
    assert not sc.at(2).hole
    sc.do("conquer 5")
    assert not sc.at(5).hole


def test_r_race_halflings_holes_leave_on_decline() -> None:
    sc = Scenario().active(0, "Halflings").region(6, 0, "Halflings", 2, hole=True)
    sc.start_turn(0).do("decline")
    assert not sc.at(6).hole and sc.at(6).in_decline

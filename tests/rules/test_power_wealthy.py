"""Wealthy (R-POW-WEALTHY, R-RULING-6): +7 coins once, at the end of the picking turn."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_wealthy_seven_coins_at_the_end_of_the_first_turn() -> None:
    sc = Scenario(races=["Ratmen"], powers=["Wealthy"]).do("pick 0")
    assert sc.coins_of(0) == 5  # not on picking: at the end of the turn (R-RULING-6)
    sc.do("conquer 1", "end", "deploy 1:12")
    assert sc.coins_of(0) == 5 + 1 + 7


def test_r_pow_wealthy_only_once() -> None:
    sc = Scenario().active(0, "Ratmen", "Wealthy").region(1, 0, "Ratmen", 3).start_turn(0)
    sc.do("end", "deploy 1:3")
    assert sc.coins_of(0) == 5 + 1


def test_r_ruling_6_wealthy_paid_even_with_no_region_and_with_stout_decline() -> None:
    sc = Scenario(races=["Ratmen"], powers=["Wealthy"]).do("pick 0", "end", "done")
    assert sc.coins_of(0) == 5 + 7  # R-RULING-5: tokens stay in hand, no region
    stout = Scenario(races=["Dwarves"], powers=["Stout"])
    stout.do("pick 0", "conquer 1", "end", "deploy 1:7")
    assert stout.coins_of(0) == 5 + 1 and stout.legal() == ["decline", "end"]

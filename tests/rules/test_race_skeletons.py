"""Skeletons (R-RACE-SKELETONS): 1 new token per 2 non-empty regions conquered."""

from __future__ import annotations

from .helpers import Scenario


def skeletons(hand: int = 10) -> Scenario:
    sc = Scenario().active(0, "Skeletons", hand=hand).active(1, "Humans")
    sc.lost_tribe(1).region(2, 1, "Humans", 1).region(3, 1, "Humans", 1)
    return sc.conquering(0, picked=True)


def test_r_race_skeletons_one_token_per_two_non_empty_regions() -> None:
    sc = skeletons().do("conquer 1", "conquer 2", "conquer 3")  # 3 non-empty -> 1 token
    left = sc.hand("Skeletons")
    sc.do("end")
    assert sc.hand("Skeletons") == left + 1
    assert any(e.rule == "R-RACE-SKELETONS" for e in sc.events)


def test_r_race_skeletons_empty_regions_do_not_count() -> None:
    sc = Scenario().active(0, "Skeletons", hand=10).conquering(0, picked=True)
    sc.do("conquer 7", "conquer 8", "end")
    assert sc.hand("Skeletons") == 6


def test_r_race_skeletons_gain_limited_by_the_tray() -> None:
    sc = skeletons()
    sc.state = sc.state.with_tray("Skeletons", -sc.state.tray("Skeletons"))
    sc.do("conquer 1", "conquer 2", "end")
    assert sc.hand("Skeletons") == 10 - 3 - 3

"""Pillaging (R-POW-PILLAGING): +1 coin per non-empty region conquered this turn."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_pillaging_non_empty_conquests_r_ruling_9() -> None:
    sc = Scenario().active(0, "Ratmen", "Pillaging", hand=10).active(1, "Humans")
    sc.lost_tribe(1).region(3, 1, "Humans", 1).conquering(0, picked=True)
    sc.do("conquer 1", "conquer 2", "conquer 3", "end", "deploy 1:4,2:3,3:3")
    # lost tribe (R-RULING-9) and Humans count, empty hill 2 does not: 3 regions + 2
    assert sc.coins_of(0) == 5 + 3 + 2


def test_r_empty_a_mountain_alone_is_empty_for_pillaging() -> None:
    sc = Scenario().active(0, "Ratmen", "Pillaging", hand=10).region(3, 0, "Ratmen", 1)
    sc.conquering(0).do("conquer 4", "end", "deploy 4:10")
    assert sc.coins_of(0) == 5 + 2  # R-EMPTY: only a Mountain, no coin


def test_r_ruling_3_pillaging_counts_a_sorcerer_conversion() -> None:
    sc = Scenario().active(0, "Sorcerers", "Pillaging").active(1, "Humans")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1).conquering(0)
    sc.do("convert 3", "end", "done")
    assert sc.coins_of(0) == 5 + 2 + 1


def test_r_pow_pillaging_nothing_in_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Pillaging").region(1, 0, "Ratmen", 2).start_turn(0)
    sc.do("decline")
    assert sc.coins_of(0) == 5 + 1

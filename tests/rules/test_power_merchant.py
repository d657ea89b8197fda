"""Merchant (R-POW-MERCHANT): +1 coin per region occupied by the race, while active."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_merchant_one_coin_per_region() -> None:
    sc = Scenario().active(0, "Ratmen", "Merchant")
    sc.region(1, 0, "Ratmen", 1).region(2, 0, "Ratmen", 1).region(3, 0, "Ratmen", 1)
    sc.start_turn(0).do("end", "done")
    assert sc.coins_of(0) == 5 + 3 + 3


def test_r_pow_merchant_counts_only_the_active_race() -> None:
    sc = Scenario().active(0, "Ratmen", "Merchant").declined(0, "Elves")
    sc.region(1, 0, "Ratmen", 1).region(8, 0, "Elves", 1).start_turn(0).do("end", "done")
    assert sc.coins_of(0) == 5 + 2 + 1  # R-SCORE-1 both races, R-SCORE-2 only the active


def test_r_pow_merchant_not_in_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Merchant").region(1, 0, "Ratmen", 1).start_turn(0)
    sc.do("decline")
    assert sc.coins_of(0) == 5 + 1


def test_r_pow_merchant_with_humans() -> None:
    sc = Scenario().active(0, "Humans", "Merchant").region(1, 0, "Humans", 1).start_turn(0)
    sc.do("end", "done")
    assert sc.coins_of(0) == 5 + 1 + 1 + 1

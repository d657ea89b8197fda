"""Swamp (R-POW-SWAMP): +1 coin per Swamp region occupied, while active."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_swamp_one_coin_per_swamp() -> None:
    sc = Scenario().active(0, "Ratmen", "Swamp")
    sc.region(5, 0, "Ratmen", 1).region(10, 0, "Ratmen", 1).region(1, 0, "Ratmen", 1)
    sc.start_turn(0).do("end", "done")
    assert sc.coins_of(0) == 5 + 3 + 2


def test_r_pow_swamp_not_in_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Swamp").region(5, 0, "Ratmen", 1).start_turn(0)
    sc.do("decline")
    assert sc.coins_of(0) == 5 + 1


def test_r_pow_swamp_with_tritons_on_a_coastal_swamp() -> None:
    sc = Scenario().active(0, "Tritons", "Swamp", hand=3).region(1, 0, "Tritons", 1)
    sc.conquering(0).do("conquer 5", "end", "deploy 5:3")  # coastal: 1 token (R-RACE-TRITONS)
    assert sc.coins_of(0) == 5 + 2 + 1

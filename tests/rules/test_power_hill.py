"""Hill (R-POW-HILL): +1 coin per Hill region occupied, while active."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_hill_one_coin_per_hill() -> None:
    sc = Scenario().active(0, "Ratmen", "Hill")
    sc.region(2, 0, "Ratmen", 1).region(7, 0, "Ratmen", 1).region(3, 0, "Ratmen", 1)
    sc.start_turn(0).do("end", "done")
    assert sc.coins_of(0) == 5 + 3 + 2


def test_r_pow_hill_not_in_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Hill").region(2, 0, "Ratmen", 1).start_turn(0)
    sc.do("decline")
    assert sc.coins_of(0) == 5 + 1


def test_r_pow_hill_with_giants_conquering_hills_next_to_a_mountain() -> None:
    sc = Scenario().active(0, "Giants", "Hill", hand=5).region(4, 0, "Giants", 1)
    sc.conquering(0).do("conquer 7", "end", "deploy 4:1,7:5")
    assert sc.coins_of(0) == 5 + 2 + 1  # 2 regions, 1 hill

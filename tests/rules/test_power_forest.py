"""Forest (R-POW-FOREST): +1 coin per Forest region occupied, while active."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_forest_one_coin_per_forest() -> None:
    sc = Scenario().active(0, "Ratmen", "Forest")
    sc.region(3, 0, "Ratmen", 1).region(8, 0, "Ratmen", 1).region(2, 0, "Ratmen", 1)
    sc.start_turn(0).do("end", "done")
    assert sc.coins_of(0) == 5 + 3 + 2


def test_r_pow_forest_not_in_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Forest").region(3, 0, "Ratmen", 1).start_turn(0)
    sc.do("decline")
    assert sc.coins_of(0) == 5 + 1


def test_r_pow_forest_with_wizards_magic_forest_scores_both() -> None:
    sc = Scenario().active(0, "Wizards", "Forest").region(3, 0, "Wizards", 1).start_turn(0)
    sc.do("end", "done")
    assert sc.coins_of(0) == 5 + 1 + 1 + 1  # region, magic (R-RACE-WIZARDS), forest

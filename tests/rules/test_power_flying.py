"""Flying (R-POW-FLYING): any region but water, adjacency not required, entry included."""

from __future__ import annotations

from .helpers import Scenario


def test_r_pow_flying_first_conquest_anywhere_r_conq_1() -> None:
    sc = Scenario().active(0, "Ratmen", "Flying", hand=8).conquering(0, picked=True)
    assert "conquer 6" in sc.legal()  # inland: the ruling of R-CONQ-1
    sc.do("conquer 6")
    assert sc.at(6).race == "Ratmen"


def test_r_pow_flying_no_adjacency_needed_r_conq_6() -> None:
    sc = Scenario().active(0, "Ratmen", "Flying", hand=8).region(1, 0, "Ratmen", 1)
    sc.conquering(0).do("conquer 10")  # far from region 1
    assert sc.at(10).race == "Ratmen"


def test_r_pow_flying_never_water_r_conq_4() -> None:
    sc = Scenario().active(0, "Ratmen", "Flying", hand=8).conquering(0, picked=True)
    assert sc.refused("conquer 9") == "R-CONQ-4"
    assert "conquer 9" not in sc.legal()


def test_r_pow_flying_ends_in_decline_and_halflings_holes_still_immune() -> None:
    sc = Scenario().active(0, "Ratmen", "Flying", hand=8).active(1, "Halflings")
    sc.region(1, 0, "Ratmen", 1).region(7, 1, "Halflings", 1, hole=True).conquering(0)
    assert sc.refused("conquer 7") == "R-IMMUNE"  # flying does not beat a hole
    ghouls = Scenario().active(0, "Ratmen").declined(0, "Ghouls", "")
    ghouls.region(1, 0, "Ghouls", 3).start_turn(0)
    assert ghouls.refused("conquer 10") == "R-CONQ-6"  # a decline race has no power

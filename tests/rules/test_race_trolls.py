"""Trolls (R-RACE-TROLLS): a Troll Lair in every region they conquer, +1 defence."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def test_r_race_trolls_lair_on_conquest_defends() -> None:
    sc = Scenario().active(0, "Trolls", hand=10).conquering(0, picked=True).do("conquer 2")
    assert sc.at(2).lair
    assert explain_cost(sc.state, 2, "Trolls").total == 2 + 1 + 2


def test_r_race_trolls_lairs_stay_in_decline() -> None:
    sc = Scenario().active(0, "Trolls").region(2, 0, "Trolls", 3, lair=True).start_turn(0)
    sc.do("decline")
    assert sc.at(2).lair and sc.at(2).in_decline


def test_r_race_trolls_lair_removed_when_conquered() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).declined(1, "Trolls")
    sc.region(1, 0, "Ratmen", 1).region(2, 1, "Trolls", 1, lair=True).conquering(0)
    assert explain_cost(sc.state, 2).total == 4
    sc.do("conquer 2")
    assert not sc.at(2).lair


def test_r_race_trolls_ten_lairs_at_most() -> None:
    sc = Scenario().active(0, "Trolls", hand=10).conquering(0, picked=True)
    for rid in (3, 4, 5, 6, 7, 8, 10, 2):
        sc.pieces(rid, lair=True)
    sc.pieces(9, lair=True).pieces(1, lair=False)
    sc.pieces(6, lair=True)
    # nine lairs stand: one more is allowed, then none
    sc.pieces(4, lair=True)
    assert sum(r.lair for r in sc.state.regions) == 9
    sc.do("conquer 1")
    assert sc.at(1).lair and sum(r.lair for r in sc.state.regions) == 10

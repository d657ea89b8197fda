"""Amazons (R-RACE-AMAZONS): 4 conquest-only tokens withdrawn after every redeployment."""

from __future__ import annotations

from swlab.rules import Stage

from .helpers import Scenario


def test_r_race_amazons_first_turn_starts_with_ten_plus_badge() -> None:
    sc = Scenario(races=["Amazons"], powers=["Hill"]).do("pick 0")
    assert sc.hand("Amazons") == 10 + 4


def test_r_race_amazons_withdraw_four_after_redeployment() -> None:
    sc = Scenario(races=["Amazons"]).active(0, "Amazons", hand=10).conquering(0, picked=True)
    sc.do("conquer 1", "conquer 2", "end", "deploy 1:5,2:5")
    assert sc.state.turn.stage is Stage.WITHDRAW and sc.state.turn.withdraw_left == 4
    sc.do("withdraw 1", "withdraw 1", "withdraw 2", "withdraw 2")
    assert sc.race("Amazons").reserve == 4
    assert (sc.at(1).tokens, sc.at(2).tokens) == (3, 3)
    assert sc.state.current == 1  # then scoring and the next seat


def test_r_race_amazons_leave_one_per_region_if_possible() -> None:
    sc = Scenario(races=["Amazons"]).active(0, "Amazons", hand=10).conquering(0, picked=True)
    sc.do("conquer 1", "conquer 2", "end", "deploy 1:9,2:1")
    assert sc.refused("withdraw 2") == "R-RACE-AMAZONS"
    assert sc.legal() == ["withdraw 1"]


def test_r_race_amazons_withdrawal_may_empty_a_region_official_faq() -> None:
    sc = Scenario(races=["Amazons"]).active(0, "Amazons", hand=4).conquering(0, picked=True)
    sc.do("conquer 1", "conquer 2", "end")
    assert (sc.at(1).tokens, sc.at(2).tokens) == (2, 2)
    sc.do("done", "withdraw 1", "withdraw 2", "withdraw 1")
    assert sc.at(1).race == "" and sc.at(2).tokens == 1
    sc.do("withdraw 2")  # the last one empties the last region too
    assert sc.race("Amazons").reserve == 4 and sc.state.current == 1


def test_r_race_amazons_reserve_returns_at_ready_your_troops() -> None:
    sc = Scenario(races=["Amazons"]).active(0, "Amazons", reserve=4)
    sc.region(1, 0, "Amazons", 3).start_turn(0)
    assert sc.hand("Amazons") == 2 + 4 and sc.race("Amazons").reserve == 0


def test_r_race_amazons_defender_keeps_the_reserve_aside() -> None:
    """Interaction: attacked Amazons redeploy their hand only; the 4 stay in reserve."""
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=6).active(1, "Amazons", reserve=4)
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Amazons", 3).region(8, 1, "Amazons", 1)
    sc.conquering(0).do("conquer 3", "end", "place 2", "done")
    assert sc.state.turn.stage is Stage.DEFEND
    assert sc.hand("Amazons") == 2
    assert sc.legal() == ["place 8"]
    sc.do("place 8", "place 8")
    assert sc.race("Amazons").reserve == 4 and sc.legal() == ["done"]

"""Redeployment (R-REDEPLOY-1, -2) and the expanding turn (R-EXPAND-1..3)."""

from __future__ import annotations

from swlab.rules import Stage

from .helpers import Scenario, small_board


def after_conquests() -> Scenario:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=8).conquering(0, picked=True)
    return sc.do("conquer 1", "conquer 2", "end")  # 4 left in hand


def test_r_redeploy_1_all_tokens_in_hand_are_deployed() -> None:
    sc = after_conquests()
    assert sc.refused("done") == "R-REDEPLOY-1"
    assert set(sc.legal()) == {"place 1", "place 2", "take 1", "take 2"}
    sc.do("place 1", "place 1", "place 2", "place 2")
    assert "done" in sc.legal()


def test_r_redeploy_1_take_leaves_at_least_one() -> None:
    sc = after_conquests().do("take 1")
    assert sc.at(1).tokens == 1 and sc.hand("Ratmen") == 5
    assert sc.refused("take 1") == "R-REDEPLOY-1"
    assert sc.refused("place 3") == "R-REDEPLOY-1"  # not your region


def test_r_redeploy_1_deploy_is_the_whole_final_placement() -> None:
    sc = after_conquests()
    assert sc.refused("deploy 1:1,2:6") == "R-REDEPLOY-1"  # 3 tokens left in hand
    assert sc.refused("deploy 1:0,2:8") == "R-REDEPLOY-1"  # a region keeps at least 1
    assert sc.refused("deploy 3:8") == "R-REDEPLOY-1"
    sc.do("deploy 1:1,2:7")
    assert (sc.at(1).tokens, sc.at(2).tokens) == (1, 7)
    assert sc.state.current == 1  # deploy finishes the redeployment, the turn passes


def test_r_redeploy_2_defenders_redeploy_in_seat_order_after_the_current_player() -> None:
    sc = Scenario(small_board(3), 3, races=["Ratmen"])
    sc.active(1, "Ratmen", hand=10).active(0, "Humans").active(2, "Elves")
    sc.region(2, 1, "Ratmen", 1)
    sc.region(1, 0, "Humans", 2).region(8, 0, "Humans", 1)
    sc.region(3, 2, "Elves", 1).region(10, 2, "Elves", 1)
    sc.conquering(1).do("conquer 1", "conquer 3", "end")
    sc.do("deploy 2:1,1:5,3:5")
    # seat order after player 1: player 2 (Elves) first, then player 0 (Humans)
    assert sc.state.turn.stage is Stage.DEFEND and sc.state.turn.actor == 2
    assert sc.hand("Elves") == 1  # Elves lose none (R-RACE-ELVES)
    assert sc.refused("take 10") == "R-REDEPLOY-2"
    assert sc.refused("deploy 10:1") == "R-REDEPLOY-2"
    sc.do("deploy 10:2")
    assert sc.state.turn.actor == 0 and sc.hand("Humans") == 1
    sc.do("place 8", "done")
    assert sc.state.current == 2  # then Ratmen's owner scored and the next seat plays


def test_r_expand_1_ready_your_troops_leaves_one_per_region() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen")
    sc.region(1, 0, "Ratmen", 4).region(2, 0, "Ratmen", 1).start_turn(0)
    assert (sc.at(1).tokens, sc.at(2).tokens, sc.hand("Ratmen")) == (1, 1, 3)
    assert any(e.rule == "R-EXPAND-1" for e in sc.events)


def test_r_expand_2_abandon_before_the_first_conquest_only() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen").active(1, "Humans")
    sc.region(1, 0, "Ratmen", 3).region(2, 0, "Ratmen", 2, lair=True).start_turn(0)
    sc.do("abandon 2")
    assert sc.at(2).race == "" and not sc.at(2).lair  # the lair goes too
    assert sc.hand("Ratmen") == 2 + 2
    sc.do("conquer 2")
    assert sc.refused("abandon 1") == "R-EXPAND-2"


def test_r_expand_2_abandoning_everything_means_a_first_conquest_again() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen").region(6, 0, "Ratmen", 3)
    sc.start_turn(0).do("abandon 6")
    assert "conquer 5" in sc.legal()  # border region (shore of the edge sea)
    assert sc.refused("conquer 6") == "R-CONQ-1"


def test_r_expand_3_expanding_turn_conquers_redeploys_and_scores() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen").region(1, 0, "Ratmen", 5)
    sc.start_turn(0).do("conquer 2", "end", "deploy 1:2,2:3")
    assert sc.coins_of(0) == 5 + 2
    assert sc.state.current == 1


def test_r_redeploy_2_one_defender_with_two_races_redeploys_each() -> None:
    """Player 2's active Humans and decline Ghouls both lose regions: two redeployments."""
    sc = Scenario().active(0, "Ratmen", hand=12).active(1, "Humans").declined(1, "Ghouls")
    sc.region(2, 0, "Ratmen", 1)
    sc.region(3, 1, "Humans", 3).region(8, 1, "Humans", 1)
    sc.region(1, 1, "Ghouls", 3).region(10, 1, "Ghouls", 1)
    sc.conquering(0).do("conquer 3", "conquer 1", "end", "deploy 2:3")
    assert (sc.state.turn.actor, sc.state.turn.acting) == (1, "Ghouls")
    assert sc.legal() == ["place 10"]
    sc.do("deploy 10:3")
    assert (sc.state.turn.actor, sc.state.turn.acting) == (1, "Humans")
    sc.do("deploy 8:3")
    assert sc.state.current == 1 and sc.state.turn.stage is Stage.CONQUER

"""Conquest (R-CONQ-1..11, R-EMPTY, R-IMMUNE, R-RULING-1, -2, -5) on the small test board.

Small board: 1 farmland (edge, lost tribe symbol) - 2 hill - 3 forest - 4 mountain;
5 swamp (shore of edge sea 9) - 6 farmland (inland) - 7 hill (edge) - 8 forest - 10 swamp.
"""

from __future__ import annotations

import pytest

from swlab.rules import Stage, explain_cost
from swlab.rules.actions import Conquer

from .helpers import Scenario


def ratmen(hand: int = 8) -> Scenario:
    return Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=hand).conquering(0, picked=True)


def test_r_conq_1_first_conquest_must_be_a_border_region() -> None:
    sc = ratmen()
    assert sc.refused("conquer 6") == "R-CONQ-1"  # inland farmland
    assert sc.refused("conquer 4") == "R-CONQ-1"
    sc.do("conquer 5")  # on the shore of an edge Sea: a border region (R-COMP-6)
    assert sc.at(5).race == "Ratmen"


def test_r_conq_1_reentering_race_with_no_region_starts_from_the_border_again() -> None:
    """An active race that lost every region re-enters from the border (R-RULING-7)."""
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=4).active(1, "Humans")
    sc.region(2, 1, "Humans", 1).start_turn(0)
    assert sc.state.turn.stage is Stage.CONQUER  # no pick for an active race
    assert sc.refused("conquer 6") == "R-CONQ-1"
    assert "conquer 7" in sc.legal()


def test_r_conq_2_cost_counts_mountain_and_tokens() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=10).active(1, "Humans")
    sc.region(3, 0, "Ratmen", 1).region(4, 1, "Humans", 3).conquering(0)
    breakdown = explain_cost(sc.state, 4)
    assert breakdown.total == 2 + 3 + 1  # the rulebook example: 3 tokens and a Mountain
    assert [r.rule for r in breakdown.rows] == ["R-CONQ-2"] * 3
    assert breakdown.summary() == "2 base + 1 mountain + 3 Humans tokens = 6"


def test_r_conq_2_lost_tribe_lair_fortress_encampment_each_add_one() -> None:
    sc = ratmen().lost_tribe(1).pieces(1, lair=True, fortress=True, encampments=2)
    assert explain_cost(sc.state, 1).total == 2 + 1 + 1 + 1 + 2


def test_r_conq_3_needs_one_token_in_hand() -> None:
    sc = ratmen(hand=0)
    assert sc.refused("conquer 2") == "R-CONQ-3"
    assert sc.legal() == ["end"]


def test_r_conq_3_r_ruling_1_minimum_one_clamped_once() -> None:
    """Tritons' discount on a 2-cost coastal region: 2 - 1 = 1; the clamp is one row."""
    sc = Scenario(races=["Tritons"]).active(0, "Tritons", hand=1).conquering(0, picked=True)
    cost = explain_cost(sc.state, 1)
    assert cost.total == 1
    assert not any(r.rule == "R-CONQ-3" for r in cost.rows)  # 2 - 1 = 1: no clamp needed
    sc.do("conquer 1")
    assert sc.at(1).tokens == 1


def test_r_conq_4_seas_and_lakes_cannot_be_conquered() -> None:
    sc = ratmen()
    assert sc.refused("conquer 9") == "R-CONQ-4"


def test_r_conq_5_tokens_stay_in_the_conquered_region() -> None:
    sc = ratmen().lost_tribe(1).do("conquer 1")
    assert sc.at(1).tokens == 3 and sc.hand("Ratmen") == 5
    assert sc.refused("conquer 1") == "R-CONQ-5"  # already yours


def test_r_conq_6_later_conquests_must_be_adjacent() -> None:
    sc = ratmen().do("conquer 1")
    err = sc.refused("conquer 8")
    assert err == "R-CONQ-6"
    sc.do("conquer 2", "conquer 6")  # inland is fine once adjacent
    assert sc.at(6).race == "Ratmen"


def test_r_conq_6_error_message_is_a_plain_sentence_with_the_rule() -> None:
    from swlab.rules import why_illegal

    sc = ratmen().do("conquer 1")
    error = why_illegal(sc.state, Conquer(8))
    assert error is not None
    assert error.message == "Forest (8) is not adjacent to a region of your Ratmen (R-CONQ-6)."
    assert isinstance(error, ValueError)


def test_r_conq_7_defender_loses_one_and_redeploys_the_rest() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=5).active(1, "Humans")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 3).region(7, 1, "Humans", 1)
    sc.conquering(0).do("conquer 3")
    assert sc.hand("Humans") == 2
    assert sc.state.tray("Humans") == 10 - 4 + 1
    sc.do("end", "done")
    assert sc.state.turn.stage is Stage.DEFEND and sc.state.turn.actor == 1
    assert sc.refused("place 2") == "R-REDEPLOY-2"  # not their region
    sc.do("place 7", "place 7")
    assert sc.at(7).tokens == 3 and sc.legal() == ["done"]
    sc.do("done")
    assert sc.state.current == 1  # then the current player scores and the turn passes


def test_r_conq_7_defender_with_no_region_keeps_tokens_in_hand() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=5).active(1, "Humans")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 3).conquering(0)
    sc.do("conquer 3", "end", "done")
    assert sc.state.current == 1 and sc.state.turn.stage is Stage.CONQUER  # no DEFEND stage
    assert sc.race("Humans").hand == 2  # R-RULING-7: they start with them in hand


def test_r_conq_7_lone_decline_token_and_lost_tribe_are_simply_removed() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=8).declined(1, "Dwarves")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Dwarves", 1).region(6, 1, "Dwarves", 1)
    sc.lost_tribe(1).conquering(0).do("conquer 3", "conquer 1")
    assert sc.race("Dwarves").hand == 0 and sc.state.tray("Dwarves") == 8 - 1
    assert not sc.at(1).lost_tribes


def test_r_conq_8_own_decline_region_can_be_conquered_paying_for_it() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=8).declined(0, "Dwarves")
    sc.region(2, 0, "Ratmen", 1).region(3, 0, "Dwarves", 1).region(6, 0, "Dwarves", 1)
    sc.conquering(0)
    assert explain_cost(sc.state, 3).total == 3
    sc.do("conquer 3")
    assert sc.at(3).race == "Ratmen"
    assert any(e.rule == "R-CONQ-8" for e in sc.events)
    assert sc.state.tray("Dwarves") == 8 - 1


def test_r_conq_9_mountains_stay_and_defend_the_new_owner() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=8).region(3, 0, "Ratmen", 1)
    sc.conquering(0).do("conquer 4")
    assert sc.at(4).mountain and sc.at(4).tokens == 3
    assert explain_cost(sc.state, 4, "Ratmen").rows[1].label == "mountain"


def test_r_conq_10_final_conquest_success_places_every_token() -> None:
    sc = ratmen(hand=3).do("conquer 1")  # 2 tokens, 1 left
    assert "final 2" in sc.legal()
    assert sc.refused("conquer 2") == "R-CONQ-2"
    sc.do("final 2")
    assert sc.state.turn.stage is Stage.ROLL
    # the die is chance: no face is a player's choice (R-CONQ-10)
    assert sc.legal() == [] and sc.chances() == ["roll 0", "roll 1", "roll 2", "roll 3"]
    sc.do("roll 1")
    assert sc.at(2).tokens == 1 and sc.hand("Ratmen") == 0
    assert sc.state.turn.stage is Stage.REDEPLOY  # conquests end either way


def test_r_conq_10_failed_roll_keeps_tokens_for_redeployment() -> None:
    sc = ratmen(hand=3).do("conquer 1", "final 2", "roll 0")
    assert sc.at(2).race == "" and sc.hand("Ratmen") == 1
    assert sc.state.turn.stage is Stage.REDEPLOY
    assert sc.refused("done") == "R-REDEPLOY-1"
    sc.do("place 1", "done")
    assert sc.at(1).tokens == 3


def test_r_conq_10_at_most_three_short_and_not_when_affordable() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=1).active(1, "Humans")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 3).conquering(0)
    assert sc.refused("final 3") == "R-CONQ-10"  # cost 5, 1 in hand: 4 short
    assert "final 1" in sc.legal()  # cost 2: 1 short
    sc2 = ratmen(hand=5)
    assert sc2.refused("final 1") == "R-CONQ-10"  # affordable: conquer it


def test_r_ruling_2_discounts_count_for_the_die_check() -> None:
    """Tritons: coastal region 5 next to nothing costs 2 - 1; 'at most 3 short' uses it."""
    sc = Scenario(races=["Tritons"]).active(0, "Tritons", hand=1).active(1, "Humans")
    sc.region(1, 0, "Tritons", 1).region(5, 1, "Humans", 3).conquering(0)
    assert explain_cost(sc.state, 5).total == 2 + 3 - 1
    assert "final 5" in sc.legal()  # 3 short after the discount


def test_r_ruling_5_failed_final_roll_with_no_region_keeps_tokens_in_hand() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=1).active(1, "Humans")
    sc.region(2, 1, "Humans", 1).conquering(0).do("final 2", "roll 0")
    assert sc.legal() == ["done"]
    sc.do("done")
    assert sc.race("Ratmen").hand == 1  # the race re-enters next turn under R-CONQ-1


def test_r_conq_11_stop_conquering_at_any_time() -> None:
    sc = ratmen().do("end")
    assert sc.state.turn.stage is Stage.REDEPLOY


def test_r_empty_mountain_alone_is_empty_for_orcs() -> None:
    """R-EMPTY: a region holding only a Mountain is empty (no Orc bonus)."""
    sc = Scenario(races=["Orcs"]).active(0, "Orcs", hand=9).region(3, 0, "Orcs", 1)
    sc.conquering(0).do("conquer 4")
    assert not sc.state.turn.conquests[0].non_empty


def test_r_immune_hole_refuses_enemy_conquest() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=9).active(1, "Halflings")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Halflings", 1, hole=True).conquering(0)
    assert sc.refused("conquer 3") == "R-IMMUNE"


def test_r_conq_2_conquest_event_explains_the_cost() -> None:
    sc = ratmen().lost_tribe(1).do("conquer 1")
    text = sc.event_texts()[0]
    assert text == (
        "Player 1 conquers Farmland (1) with the Ratmen, placing 3 tokens: "
        "2 base + 1 lost tribe = 3 (R-CONQ-2)."
    )


@pytest.mark.parametrize("region", [99, -1])
def test_r_comp_6_unknown_region_is_refused(region: int) -> None:
    assert ratmen().refused(f"conquer {region}") == "R-COMP-6"


def test_actions_by_region_for_a_clicking_ui() -> None:
    from swlab.rules import actions_by_region

    sc = ratmen(hand=3).do("conquer 1")  # 1 token left: neighbours need the die
    by_region = {rid: [repr(a) for a in acts] for rid, acts in actions_by_region(sc.state).items()}
    assert by_region == {2: ["final 2"], 5: ["final 5"]}
    assert sc.refused("conquer 4") == "R-CONQ-6"  # no entry: why_illegal explains why


def test_r_conq_10_no_conquest_after_a_successful_die() -> None:
    sc = ratmen(hand=3).do("conquer 1", "final 2", "roll 1")
    assert sc.at(2).race == "Ratmen" and sc.state.turn.stage is Stage.REDEPLOY
    assert sc.refused("conquer 3") == "R-CONQ-10"  # conquests end for this turn
    assert sc.refused("final 3") == "R-CONQ-10"


def test_r_conq_10_no_conquest_after_a_failed_die() -> None:
    sc = ratmen(hand=3).do("conquer 1", "final 2", "roll 0")
    assert sc.at(2).race == "" and sc.hand("Ratmen") == 1
    assert sc.refused("conquer 2") == "R-CONQ-10"
    assert sc.refused("final 2") == "R-CONQ-10"


def test_r_conq_10_the_region_is_chosen_before_the_roll_and_binds() -> None:
    sc = ratmen(hand=3).do("conquer 1", "final 2")
    assert sc.state.turn.stage is Stage.ROLL
    assert sc.refused("conquer 3") == "R-CONQ-10"


def test_r_conq_11_stopping_is_not_a_die_attempt() -> None:
    sc = ratmen(hand=5).do("conquer 1", "end")
    assert sc.refused("conquer 2") == "R-CONQ-11"

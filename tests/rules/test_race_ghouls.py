"""Ghouls (R-RACE-GHOULS, R-TURN-0, R-RULING-10..12, R-RULING-16, R-RULING-17): they stay
and conquer in decline."""

from __future__ import annotations

from swlab.rules import Stage, explain_cost
from swlab.rules.ops import badges

from .helpers import Scenario


def test_r_race_ghouls_all_ghouls_stay_on_decline() -> None:
    sc = Scenario().active(0, "Ghouls", "Forest")
    sc.region(1, 0, "Ghouls", 4).region(2, 0, "Ghouls", 2).start_turn(0)
    assert sc.hand("Ghouls") == 4  # readied...
    sc.do("decline")
    assert (sc.at(1).tokens, sc.at(2).tokens) == (4, 2)  # ...and put back
    assert sc.state.tray("Ghouls") == 10 - 6


def test_r_turn_0_decline_ghouls_conquer_first_then_the_active_race() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(1, 0, "Ghouls", 4).region(8, 0, "Ratmen", 3).start_turn(0)
    assert sc.state.turn.acting == "Ghouls" and sc.hand("Ghouls") == 3
    assert sc.at(8).tokens == 3  # the active race is readied after the Ghouls
    sc.do("conquer 2", "end")
    assert sc.state.turn.stage is Stage.REDEPLOY and sc.state.turn.acting == "Ghouls"
    sc.do("place 2", "done")
    assert sc.state.turn.acting == "Ratmen" and sc.hand("Ratmen") == 2
    assert sc.at(2).in_decline  # conquered by a decline race: decline tokens


def test_r_race_ghouls_decline_ghouls_may_use_the_die() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(1, 0, "Ghouls", 2).region(8, 0, "Ratmen", 1).start_turn(0)
    assert "final 2" in sc.legal()
    sc.do("final 2", "roll 1")
    assert sc.at(2).race == "Ghouls"


def test_r_ruling_10_decline_ghouls_have_no_power_but_fortresses_defend() -> None:
    sc = Scenario().active(1, "Ratmen", hand=6).declined(0, "Ghouls", power="")
    sc.region(1, 0, "Ghouls", 2, fortress=True).region(2, 1, "Ratmen", 1).conquering(1)
    assert [b.name for b in badges(sc.race("Ghouls"))] == ["Ghouls"]
    assert explain_cost(sc.state, 1).total == 2 + 1 + 2


def test_r_ruling_11_ghouls_attack_own_active_race_tokens_available_at_once() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(1, 0, "Ghouls", 6).region(2, 0, "Ratmen", 3).region(8, 0, "Ratmen", 1)
    sc.start_turn(0)
    sc.do("conquer 2")  # 2 + 3 Ratmen: the active race is readied after the Ghouls
    assert sc.hand("Ratmen") == 2  # lost 1, the other 2 in hand at once
    sc.do("end", "done")
    assert sc.state.turn.acting == "Ratmen" and sc.state.turn.defenders == ()
    assert sc.hand("Ratmen") == 2  # nothing to ready in region 8
    sc.do("conquer 7")  # the returned tokens conquer in the same turn
    assert sc.at(7).race == "Ratmen"


def test_r_ruling_12_ghouls_act_then_the_active_race_may_decline() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(1, 0, "Ghouls", 3).region(8, 0, "Ratmen", 2).start_turn(0)
    sc.do("conquer 2", "end", "done")
    assert "decline" in sc.legal()
    sc.do("decline")
    # R-DECLINE-3: the older decline race (the Ghouls) leaves the map
    assert [d.name for d in sc.state.players[0].declined] == ["Ratmen"]
    assert sc.at(1).race == "" and sc.state.tray("Ghouls") == 10


def test_r_ruling_16_decline_ghouls_may_abandon_before_their_first_conquest() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(1, 0, "Ghouls", 3).region(2, 0, "Ghouls", 2).region(8, 0, "Ratmen", 2)
    sc.start_turn(0)
    assert sc.state.turn.acting == "Ghouls" and "abandon 2" in sc.legal()
    sc.do("abandon 2")  # R-EXPAND-2, as an active race may
    assert sc.at(2).race == "" and sc.hand("Ghouls") == 2 + 1 + 1
    sc.do("conquer 5")
    assert sc.refused("abandon 1") == "R-EXPAND-2"  # not after a conquest
    sc.do("end", "deploy 1:2,5:3")
    # the Ghouls' abandon does not commit the active race: it may still decline (R-RULING-12)
    assert sc.state.turn.acting == "Ratmen" and "decline" in sc.legal()


def test_r_ruling_16_ghouls_abandoning_every_region_re_enter_from_the_border() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(6, 0, "Ghouls", 3).region(8, 0, "Ratmen", 1).start_turn(0)
    sc.do("abandon 6")
    assert sc.refused("conquer 6") == "R-CONQ-1"  # no region left: enter from the edge
    sc.do("conquer 2", "end", "place 2", "done")
    assert sc.at(2).race == "Ghouls" and sc.at(2).in_decline and sc.at(2).tokens == 3


def test_r_ruling_16_ghouls_left_with_no_region_leave_the_game_r_decline_3() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(6, 0, "Ghouls", 3).region(8, 0, "Ratmen", 1).start_turn(0)
    sc.do("abandon 6", "end", "done")
    assert sc.state.race("Ghouls") is None and sc.state.tray("Ghouls") == 10
    assert "Ghouls" in sc.state.race_stack
    assert sc.state.turn.acting == "Ratmen"


def test_r_ruling_17_own_active_race_conquers_a_multi_token_ghoul_region() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).declined(0, "Ghouls")
    sc.region(2, 0, "Ratmen", 1).region(3, 0, "Ghouls", 3).region(8, 0, "Ghouls", 1)
    sc.conquering(0)
    assert explain_cost(sc.state, 3).total == 2 + 3  # R-CONQ-8: paying for those tokens
    sc.do("conquer 3")
    # R-CONQ-7: 1 token lost, not every token; the other 2 in the Ghouls' hand
    assert sc.hand("Ghouls") == 2 and sc.state.tray("Ghouls") == 10 - 4 + 1
    assert any(e.rule == "R-RULING-17" for e in sc.events)
    sc.do("end", "deploy 2:2,3:7")
    # ... redeployed among the Ghoul regions at the end of the turn (R-REDEPLOY-2)
    assert sc.state.turn.stage is Stage.DEFEND and sc.state.turn.acting == "Ghouls"
    assert sc.state.turn.actor == 0
    assert sc.refused("place 3") == "R-REDEPLOY-2"  # no longer a Ghoul region
    sc.do("place 8", "place 8", "done")
    assert sc.at(8).tokens == 3 and sc.state.current == 1


def test_r_ruling_17_the_last_ghoul_region_taken_the_ghouls_leave_r_decline_3() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).declined(0, "Ghouls")
    sc.region(2, 0, "Ratmen", 1).region(3, 0, "Ghouls", 3).conquering(0)
    sc.do("conquer 3")
    assert sc.state.race("Ghouls") is None and sc.state.tray("Ghouls") == 10


def test_r_conq_8_other_decline_races_still_lose_every_token() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=8).declined(0, "Dwarves")
    sc.region(2, 0, "Ratmen", 1).region(3, 0, "Dwarves", 1).region(6, 0, "Dwarves", 1)
    sc.conquering(0).do("conquer 3")
    assert sc.race("Dwarves").hand == 0 and sc.state.turn.defenders == ()


def test_r_conq_10_the_active_race_conquers_after_the_ghouls_used_the_die() -> None:
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls")
    sc.region(1, 0, "Ghouls", 2).region(8, 0, "Ratmen", 3).start_turn(0)
    sc.do("final 2", "roll 0")  # the Ghouls' conquests end (R-CONQ-10) ...
    assert sc.refused("conquer 2") == "R-CONQ-10"
    sc.do("place 1", "done")
    assert sc.state.turn.acting == "Ratmen"  # ... not the active race's
    sc.do("conquer 7")
    assert sc.at(7).race == "Ratmen"

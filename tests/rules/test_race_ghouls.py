"""Ghouls (R-RACE-GHOULS, R-TURN-0, R-RULING-10..12): they stay and conquer in decline."""

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

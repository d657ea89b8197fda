"""Berserk (R-POW-BERSERK, R-RULING-13): roll before each conquest, cost - roll (min 1)."""

from __future__ import annotations

from swlab.rules import Stage, explain_cost

from .helpers import Scenario


def berserk(hand: int) -> Scenario:
    sc = Scenario().active(0, "Ratmen", "Berserk", hand=hand).active(1, "Humans")
    return sc.region(2, 0, "Ratmen", 1)


def test_r_pow_berserk_roll_before_each_conquest() -> None:
    sc = berserk(3).lost_tribe(1).conquering(0)
    assert "berserk" in sc.legal()
    sc.do("berserk")
    assert sc.state.turn.stage is Stage.ROLL and sc.legal() == []  # the die is chance
    assert sc.chances() == [f"roll {f}" for f in range(4)]
    sc.do("roll 2")
    assert explain_cost(sc.state, 1).total == 1  # 2 + 1 lost tribe - 2
    sc.do("conquer 1")
    assert sc.at(1).tokens == 1 and sc.hand("Ratmen") == 2
    # a roll serves one conquest: full price again, and a new roll is offered
    assert explain_cost(sc.state, 3).total == 2 and "berserk" in sc.legal()
    assert any("R-POW-BERSERK" in t for t in sc.event_texts())


def test_r_ruling_1_berserk_roll_is_clamped_once_at_one() -> None:
    sc = berserk(3).conquering(0).do("berserk", "roll 3")
    cost = explain_cost(sc.state, 3)
    assert cost.total == 1 and cost.rows[-1].rule == "R-CONQ-3"


def test_r_pow_berserk_after_a_roll_only_what_it_made_affordable() -> None:
    sc = berserk(2).region(3, 1, "Humans", 3).region(1, 1, "Humans", 1).conquering(0)
    sc.do("berserk", "roll 1")
    assert sc.refused("conquer 3") == "R-CONQ-2"  # 2 + 3 - 1 = 4 > 2
    assert sc.refused("final 3") == "R-POW-BERSERK"  # no final conquest
    assert "conquer 1" in sc.legal()  # 2 + 1 - 1 = 2
    assert sc.refused("berserk") == "R-POW-BERSERK"  # one roll at a time


def test_r_pow_berserk_nothing_affordable_ends_the_conquests() -> None:
    sc = berserk(1).region(1, 1, "Humans", 2).region(3, 1, "Humans", 2)
    sc.region(6, 1, "Humans", 2).conquering(0).do("berserk", "roll 0")
    assert sc.state.turn.stage is Stage.REDEPLOY
    assert "no region is affordable" in " ".join(sc.event_texts())


def test_r_pow_berserk_roll_commits_to_expansion_r_decline_5() -> None:
    sc = Scenario().active(0, "Ratmen", "Berserk").region(2, 0, "Ratmen", 3).start_turn(0)
    assert "decline" in sc.legal()
    sc.do("berserk", "roll 0")
    assert sc.refused("decline") == "R-DECLINE-5"


def test_r_ruling_13_berserk_rolls_do_not_end_sorcerer_conversions() -> None:
    sc = Scenario().active(0, "Sorcerers", "Berserk", hand=2).active(1, "Humans")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1).conquering(0)
    sc.do("berserk", "roll 3")
    assert "convert 3" in sc.legal()
    sc.do("convert 3")
    assert sc.at(3).race == "Sorcerers"
    # a conversion uses no roll: the 3 still waits for the next conquest
    assert explain_cost(sc.state, 1).total == 1 and sc.refused("berserk") == "R-POW-BERSERK"


def test_r_pow_berserk_ends_in_decline() -> None:
    # the badge left in decline on purpose: the engine must not read it (R-DECLINE-1)
    sc = Scenario().active(0, "Ratmen").declined(0, "Ghouls", "Berserk").unchecked()
    sc.region(1, 0, "Ghouls", 3).start_turn(0)
    assert sc.state.turn.acting == "Ghouls" and "berserk" not in sc.legal()

"""Sorcerers (R-RACE-SORCERERS, R-RULING-13): convert a lone active enemy token."""

from __future__ import annotations

from swlab.rules import Stage

from .helpers import Scenario


def sorcerers(hand: int = 0) -> Scenario:
    sc = Scenario().active(0, "Sorcerers", hand=hand).active(1, "Humans")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1).region(8, 1, "Humans", 1)
    return sc.conquering(0)


def test_r_race_sorcerers_convert_needs_no_token_in_hand() -> None:
    sc = sorcerers(hand=0)
    assert "convert 3" in sc.legal() and "convert 8" not in sc.legal()
    sc.do("convert 3")
    assert sc.at(3).race == "Sorcerers" and sc.at(3).tokens == 1
    assert sc.state.tray("Sorcerers") == 18 - 2 and sc.state.tray("Humans") == 10 - 1
    assert sc.state.turn.conquests[-1].non_empty  # R-RULING-3


def test_r_race_sorcerers_once_per_opponent_per_turn() -> None:
    sc = sorcerers()
    sc.region(7, 1, "Humans", 1)
    sc.do("convert 3")
    assert sc.refused("convert 7") == "R-RACE-SORCERERS"


def test_r_race_sorcerers_only_a_lone_active_token() -> None:
    sc = sorcerers()
    sc.region(3, 1, "Humans", 2)
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"
    sc.region(3, 1, "Humans", 1, encampments=1)  # an Encampment keeps it company
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"
    sc.region(3, 1, "Humans", 1, lair=True, fortress=True)  # these do not
    sc.do("convert 3")
    assert not sc.at(3).lair and not sc.at(3).fortress


def test_r_race_sorcerers_not_a_decline_token() -> None:
    sc = Scenario().active(0, "Sorcerers").declined(1, "Humans")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1).conquering(0)
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"


def test_r_race_sorcerers_adjacent_only_and_not_immune() -> None:
    sc = sorcerers()
    assert sc.refused("convert 8") == "R-RACE-SORCERERS"
    sc.region(3, 1, "Humans", 1, hole=True)
    assert sc.refused("convert 3") == "R-IMMUNE"


def test_r_race_sorcerers_tray_limit_r_pick_4() -> None:
    sc = sorcerers()
    sc.state = sc.state.with_tray("Sorcerers", -sc.state.tray("Sorcerers"))
    assert sc.refused("convert 3") == "R-PICK-4"


def test_r_ruling_13_no_conversion_after_the_final_roll() -> None:
    sc = sorcerers(hand=1).do("final 1", "roll 0")
    assert sc.state.turn.stage is Stage.REDEPLOY
    assert sc.refused("convert 3") == "R-RULING-13"

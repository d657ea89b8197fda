"""Stout (R-POW-STOUT): decline after scoring at the end of a turn of conquests."""

from __future__ import annotations

from swlab.rules import Stage

from .helpers import Scenario


def test_r_pow_stout_declines_after_scoring_even_on_the_first_turn() -> None:
    sc = Scenario(races=["Ratmen"], powers=["Stout"]).do("pick 0", "conquer 1", "end")
    sc.do("deploy 1:12")
    assert sc.state.turn.stage is Stage.DECLINE_CHOICE and sc.coins_of(0) == 5 + 1
    assert sc.legal() == ["decline", "end"]
    sc.do("decline")
    assert sc.at(1).in_decline and sc.at(1).tokens == 1
    assert sc.coins_of(0) == 5 + 1  # scored once, before the decline
    assert sc.state.current == 1


def test_r_pow_stout_end_keeps_the_race_active() -> None:
    sc = Scenario().active(0, "Ratmen", "Stout").region(1, 0, "Ratmen", 3).start_turn(0)
    sc.do("end", "deploy 1:3", "end")
    assert sc.race("Ratmen").in_decline is False and sc.state.current == 1


def test_r_pow_stout_not_after_an_ordinary_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Stout").region(1, 0, "Ratmen", 3).start_turn(0)
    sc.do("decline")
    assert sc.state.current == 1 and sc.state.turn.stage is not Stage.DECLINE_CHOICE


def test_r_pow_stout_with_ghouls_keeps_every_token() -> None:
    sc = Scenario().active(0, "Ghouls", "Stout").region(1, 0, "Ghouls", 4).start_turn(0)
    sc.do("conquer 2", "end", "deploy 1:1,2:3", "decline")
    assert (sc.at(1).tokens, sc.at(2).tokens) == (1, 3)  # R-RACE-GHOULS, R-DECLINE-2
    assert sc.at(2).in_decline

"""Diplomat (R-POW-DIPLOMAT): peace with an opponent not attacked, until your next turn."""

from __future__ import annotations

from swlab.rules.abilities.powers.diplomat import peace_of

from .helpers import Scenario


def diplomat() -> Scenario:
    sc = Scenario().active(0, "Humans", "Diplomat", hand=8).active(1, "Ratmen")
    sc.region(1, 0, "Humans", 1).region(3, 1, "Ratmen", 4).region(7, 1, "Ratmen", 1)
    return sc.conquering(0)


def test_r_pow_diplomat_peace_until_your_next_turn() -> None:
    sc = diplomat().do("conquer 2", "end")
    assert "peace 1" in sc.legal() and "peace 0" not in sc.legal()
    sc.do("peace 1")
    assert peace_of(sc.state, 0) == 1
    assert any("R-POW-DIPLOMAT" in t for t in sc.event_texts())
    sc.do("deploy 2:8")
    assert sc.state.current == 1
    sc.do("conquer 8")  # the Ratmen's turn: they may go elsewhere ...
    assert sc.refused("conquer 2") == "R-POW-DIPLOMAT"  # ... but not into the Humans
    sc.do("end", "deploy 8:3")
    assert sc.state.current == 0 and peace_of(sc.state, 0) is None  # the peace is over


def test_r_pow_diplomat_not_an_opponent_you_attacked() -> None:
    sc = diplomat().do("conquer 2", "conquer 3", "end")
    assert sc.refused("peace 1") == "R-POW-DIPLOMAT"
    assert "peace 1" not in sc.legal()


def test_r_pow_diplomat_one_choice_per_turn_and_skip_is_allowed() -> None:
    sc = Scenario(players=3).active(0, "Humans", "Diplomat").region(1, 0, "Humans", 2)
    sc.start_turn(0).do("end", "peace 1")
    assert sc.refused("peace 2") == "R-POW-DIPLOMAT"
    skip = Scenario().active(0, "Humans", "Diplomat").region(1, 0, "Humans", 2)
    skip.start_turn(0).do("end", "deploy 1:2")  # no peace: done without choosing
    assert peace_of(skip.state, 0) is None


def test_r_pow_diplomat_decline_ghouls_may_still_attack() -> None:
    sc = Scenario().active(0, "Humans", "Diplomat").region(1, 0, "Humans", 1)
    sc.active(1, "Ratmen").declined(1, "Ghouls").region(2, 1, "Ghouls", 4)
    sc.region(3, 1, "Ratmen", 2).start_turn(0).do("end", "peace 1", "done")
    assert sc.state.turn.acting == "Ghouls"  # player 1's decline Ghouls act first
    sc.do("conquer 1")
    assert sc.at(1).race == "Ghouls"


def test_r_pow_diplomat_stops_a_sorcerer_conversion() -> None:
    sc = Scenario().active(0, "Humans", "Diplomat").region(1, 0, "Humans", 1)
    sc.active(1, "Sorcerers").region(2, 1, "Sorcerers", 1)
    sc.start_turn(0).do("end", "peace 1", "done")
    assert sc.refused("convert 1") == "R-POW-DIPLOMAT"


def test_r_pow_diplomat_ends_in_decline() -> None:
    sc = Scenario().active(0, "Humans", "Diplomat").region(1, 0, "Humans", 2)
    sc.active(1, "Ratmen", hand=5).region(2, 1, "Ratmen", 1)
    sc.start_turn(0).do("end", "peace 1", "deploy 1:2")
    sc.state = sc.state  # player 1's turn: the peace holds ...
    assert sc.refused("conquer 1") == "R-POW-DIPLOMAT"
    from swlab.rules.abilities.base import with_player_values

    sc.state = with_player_values(sc.state, 0, peace=-1)
    assert "conquer 1" in sc.legal()

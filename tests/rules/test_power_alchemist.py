"""Alchemist (R-POW-ALCHEMIST): +2 coins at the end of each turn while active."""

from __future__ import annotations

from swlab.rules.engine import score_rows

from .helpers import Scenario


def test_r_pow_alchemist_two_coins_each_turn_while_active() -> None:
    sc = Scenario().active(0, "Ratmen", "Alchemist").region(2, 0, "Ratmen", 3).start_turn(0)
    sc.do("end", "deploy 2:3")
    assert sc.coins_of(0) == 5 + 1 + 2
    assert "R-POW-ALCHEMIST" in " ".join(sc.event_texts())


def test_r_pow_alchemist_nothing_in_the_turn_of_decline_r_score_2() -> None:
    sc = Scenario().active(0, "Ratmen", "Alchemist").region(2, 0, "Ratmen", 3).start_turn(0)
    sc.do("decline")
    assert sc.coins_of(0) == 5 + 1  # R-DECLINE-5: 1 per region, no badge bonus
    assert sc.state.power_discard[-1] == "Alchemist"  # R-DECLINE-1


def test_r_pow_alchemist_adds_to_the_humans_farmland_bonus() -> None:
    sc = Scenario().active(0, "Humans", "Alchemist").region(1, 0, "Humans", 2).start_turn(0)
    sc.do("end", "deploy 1:2")
    assert [r.rule for r in score_rows(sc.state, 0)] == [
        "R-SCORE-1", "R-RACE-HUMANS", "R-POW-ALCHEMIST",
    ]  # fmt: skip
    assert sc.coins_of(0) == 5 + 1 + 1 + 2

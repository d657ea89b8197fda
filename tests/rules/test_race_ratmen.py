"""Ratmen (R-RACE-RATMEN): no ability, 8 tokens."""

from __future__ import annotations

from swlab.rules import RACES
from swlab.rules.engine import score_rows

from .helpers import Scenario


def test_r_race_ratmen_eight_tokens_no_bonus() -> None:
    assert RACES["Ratmen"].tokens == 8
    sc = Scenario(races=["Ratmen"], powers=["Merchant"]).do("pick 0")
    assert sc.hand("Ratmen") == 8 + 2
    sc.do("conquer 3", "end", "deploy 3:10")
    # the banner adds nothing; only the Merchant badge does (R-POW-MERCHANT)
    assert [r.rule for r in score_rows(sc.state, 0)] == ["R-SCORE-1", "R-POW-MERCHANT"]


def test_r_race_ratmen_full_cost_everywhere() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).region(3, 0, "Ratmen", 1).conquering(0)
    from swlab.rules import explain_cost

    assert explain_cost(sc.state, 4).total == 3

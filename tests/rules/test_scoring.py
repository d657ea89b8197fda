"""Scoring (R-SCORE-1..3) and hidden scores (R-SETUP-4)."""

from __future__ import annotations

from swlab.rules import scores
from swlab.rules.engine import score_rows

from .helpers import Scenario


def test_r_score_1_one_coin_per_region_active_and_in_decline() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen").declined(0, "Elves")
    sc.region(1, 0, "Ratmen", 2).region(2, 0, "Ratmen", 1).region(7, 0, "Elves", 1)
    sc.start_turn(0).do("end", "place 1", "done")
    assert sc.coins_of(0) == 5 + 3
    scored = next(e for e in sc.events if e.rule == "R-SCORE-1")
    assert scored.describe(sc.state) == (
        "Player 1 scores 3 victory coins: regions occupied +3 (R-SCORE-1)."
    )


def test_r_score_2_active_banner_bonus_only_decline_gives_none() -> None:
    """Humans (active) score their farmland; Wizards in decline score no magic."""
    sc = Scenario(races=["Ratmen"]).active(0, "Humans").declined(0, "Wizards")
    sc.region(1, 0, "Humans", 1).region(6, 0, "Humans", 1).region(3, 0, "Wizards", 1)
    rows = score_rows(sc.state, 0)
    assert [(r.amount, r.rule) for r in rows] == [(3, "R-SCORE-1"), (2, "R-RACE-HUMANS")]


def test_r_score_3_coins_are_integers_kept_per_player() -> None:
    sc = Scenario(races=["Ratmen"]).coins(1, 17)
    assert scores(sc.state) == (5, 17)


def test_r_score_1_empty_handed_player_scores_nothing() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=2).start_turn(0).do("end", "done")
    assert sc.coins_of(0) == 5

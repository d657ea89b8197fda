"""Events explain themselves in one sentence citing a rule; states are immutable."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from swlab.rules import apply, is_over, new_game, parse_action, random_action

from .helpers import Scenario, official


def test_every_event_of_a_game_cites_its_rule() -> None:
    board = official(3)
    state = new_game(board, 3, seed=2)
    rng = random.Random(2)
    seen: set[str] = set()
    while not is_over(state):
        state, events = apply(state, random_action(state, rng))
        for e in events:
            text = e.describe(state)
            assert re.search(r"\(R-[A-Z0-9-]+(, R-[A-Z0-9-]+)*\)", text), text
            assert e.rule in text, (e.rule, text)
            assert e.describe(board) and e.describe()
            seen.add(type(e).__name__)
    assert {"ComboPicked", "Conquered", "Scored", "TurnStarted", "TroopsReadied"} <= seen


def test_apply_never_changes_its_input() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).conquering(0, picked=True)
    before = sc.state
    text = str(before)
    after, _ = apply(before, parse_action("conquer 1"))
    assert str(before) == text and after is not before
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.round = 3  # type: ignore[misc]


def test_state_str_is_a_compact_board() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).conquering(0, picked=True).do("conquer 1")
    text = str(sc.state)
    assert "Player 1:Ratmenx2" in text and "stage conquer" in text


def test_r_race_ghouls_decline_ghouls_attacked_redeploy_their_rest() -> None:
    """R-CONQ-7 applies to decline Ghouls: they keep the rest for their redeployment."""
    sc = Scenario().active(0, "Ratmen", hand=8).declined(1, "Ghouls")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Ghouls", 3).region(8, 1, "Ghouls", 2)
    sc.conquering(0).do("conquer 3", "end", "deploy 2:2,3:7")
    assert sc.state.turn.actor == 1 and sc.state.turn.acting == "Ghouls"
    sc.do("place 8", "place 8")
    assert sc.at(8).tokens == 4 and sc.at(8).in_decline

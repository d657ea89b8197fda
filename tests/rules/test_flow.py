"""Rounds, the end of the game and the winner (R-FLOW-1..3, R-RULING-7, R-RULING-8)."""

from __future__ import annotations

from dataclasses import replace

from swlab.rules import (
    GameState,
    Stage,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    winners,
)
from swlab.rules.events import GameEnded, RoundStarted

from .helpers import Scenario, small_board


def quick_turn(state: GameState) -> GameState:
    """Pick or expand with a minimal turn: end conquests and deploy everything in place."""
    from swlab.rules.actions import Done, End, Pick, Place

    while True:
        actions = legal_actions(state)
        if state.turn.stage is Stage.PICK:
            return apply(state, Pick(0))[0]
        if state.turn.stage is Stage.CONQUER:
            state = apply(state, End())[0]
        elif Done() in actions:
            return apply(state, Done())[0]
        else:
            state = apply(state, next(a for a in actions if isinstance(a, Place)))[0]


def test_r_flow_1_rounds_advance_after_every_seat_played() -> None:
    state = new_game(small_board(), 2, seed=5)
    state = apply(state, legal_actions(state)[0])[0]  # seat 0 picks
    state = apply(state, legal_actions(state)[-1])[0]  # end conquests
    while state.turn.stage is Stage.REDEPLOY:
        state, _events = apply(state, legal_actions(state)[-1])
    assert state.current == 1 and state.round == 1
    state = quick_turn(state)
    while state.current != 0 or state.turn.stage is not Stage.CONQUER:
        state = quick_turn(state)
    assert state.round == 2


def test_r_flow_2_game_ends_after_the_last_round() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen").active(1, "Humans")
    sc.region(1, 0, "Ratmen", 1).region(8, 1, "Humans", 1).round(10).start_turn(1)
    sc.state = replace(sc.state, current=1)
    sc.do("end", "done")
    assert is_over(sc.state) and current_player(sc.state) is None
    assert legal_actions(sc.state) == []
    assert sc.refused("end") == "R-FLOW-2"
    assert isinstance(sc.events[-1], GameEnded)
    assert not any(isinstance(e, RoundStarted) for e in sc.events)


def test_r_flow_3_most_coins_wins() -> None:
    sc = Scenario(races=["Ratmen"]).coins(0, 30).coins(1, 31)
    assert winners(sc.state) == (1,)


def test_r_flow_3_tie_broken_by_race_tokens_on_the_map() -> None:
    sc = Scenario(races=["Ratmen"]).coins(0, 30).coins(1, 30)
    sc.active(0, "Ratmen").active(1, "Humans").declined(1, "Elves")
    sc.region(1, 0, "Ratmen", 3).region(2, 1, "Humans", 2).region(3, 1, "Elves", 2)
    assert winners(sc.state) == (1,)


def test_r_flow_3_full_tie_is_a_shared_win() -> None:
    sc = Scenario(races=["Ratmen"]).coins(0, 30).coins(1, 30)
    assert winners(sc.state) == (0, 1)


def test_r_ruling_8_tie_break_ignores_amazons_reserve_and_encampments() -> None:
    sc = Scenario(races=["Ratmen"]).coins(0, 30).coins(1, 30)
    sc.active(0, "Amazons", reserve=4).active(1, "Humans")
    sc.region(1, 0, "Amazons", 2, encampments=3).region(2, 1, "Humans", 3)
    assert winners(sc.state) == (1,)


def test_r_ruling_7_active_race_without_regions_cannot_pick() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=6).start_turn(0)
    assert sc.state.turn.stage is Stage.CONQUER
    assert sc.refused("pick 0") == "R-RULING-7"
    assert "decline" in sc.legal()

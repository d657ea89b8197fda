"""The blank banner and badge (R-COMP-4): custom races and powers from existing hooks."""

from __future__ import annotations

import random

import pytest

from swlab.game import GameRecord
from swlab.rules import RACES, apply, explain_cost, is_over, new_game, random_action
from swlab.rules.abilities.custom import custom_power, custom_race
from swlab.rules.abilities.registry import race_badge

from .helpers import Scenario, small_board


def goblins():  # type: ignore[no-untyped-def]
    return custom_race(
        "Goblins", 7, 14, coins_per={"terrain": {"hill": 1}}, discount={"symbol": {"cavern": 1}}
    )


def test_r_comp_4_custom_race_and_power_play_in_one_game() -> None:
    looting = custom_power("Looting", 3, coins_per={"conquest": 1}, enter_anywhere=True)
    state = new_game(small_board(), 2, seed=3, races=[goblins()], powers=[looting])
    assert (state.column[0].race, state.column[0].power) == ("Goblins", "Looting")
    assert state.tray("Goblins") == 14
    sc = Scenario(races=["Goblins"], powers=["Looting"])  # by name once registered
    sc.lost_tribe(6).do("pick 0")
    assert sc.hand("Goblins") == 7 + 3
    assert explain_cost(sc.state, 5).total == 1  # cavern: 2 - 1
    sc.do("conquer 6", "conquer 2", "end", "deploy 6:6,2:4")  # inland entry: enter_anywhere
    # 2 regions + 1 hill (race) + 1 non-empty conquest (power)
    assert sc.coins_of(0) == 5 + 2 + 1 + 1


def test_r_comp_4_banner_at_most_10_badge_at_most_5() -> None:
    with pytest.raises(ValueError, match="at most 10"):
        custom_race("Titans", 11, 20)
    with pytest.raises(ValueError, match="at most 5"):
        custom_power("Mighty", 6)
    with pytest.raises(ValueError, match="tray"):
        custom_race("Few", 8, 5)
    with pytest.raises(ValueError, match="official"):
        custom_race("Ratmen", 8, 13)
    with pytest.raises(ValueError, match="unknown terrain 'desert'"):
        custom_power("Dunes", 3, coins_per={"terrain": {"desert": 1}})
    with pytest.raises(ValueError, match="unknown discount key"):
        custom_power("Odd", 3, discount={"everything": 1})


def test_r_comp_4_custom_badges_join_only_the_games_that_list_them() -> None:
    goblins()
    plain = new_game(small_board(), 2, seed=3)
    everything = [c.race for c in plain.column] + list(plain.race_stack)
    assert "Goblins" not in everything and len(everything) == len(RACES)
    assert "Goblins" not in dict(plain.trays) and "Goblins" not in RACES
    assert race_badge("Goblins").tokens == 7


def test_r_comp_4_custom_effects_elves_like_losses_and_spirit_like_decline() -> None:
    custom_race("Stoneskins", 6, 12, defender_loses=0)
    sc = Scenario().active(0, "Ratmen", hand=8).active(1, "Stoneskins")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Stoneskins", 3).conquering(0).do("conquer 3")
    assert sc.hand("Stoneskins") == 3  # lost none (like R-RACE-ELVES)
    custom_power("Ancestors", 4, outside_decline_limit=True)
    sc = Scenario().active(0, "Humans", "Ancestors").declined(0, "Elves")
    sc.region(1, 0, "Humans", 2).region(8, 0, "Elves", 1).start_turn(0).do("decline")
    assert [d.name for d in sc.state.players[0].declined] == ["Elves", "Humans"]


def test_r_comp_4_custom_game_replays_from_its_record_and_keeps_invariants() -> None:
    raiders = custom_power("Raiders", 4, discount={"all": 1}, flat_coins=1)
    board = small_board()
    start = new_game(board, 2, seed=5, races=[goblins()], powers=[raiders])
    state, rng, actions = start, random.Random(5), []
    while not is_over(state):
        action = random_action(state, rng)
        state, _ = apply(state, action)
        actions.append(action)
    record = GameRecord.from_state(start, actions)
    assert str(record.final_state(board)) == str(state)

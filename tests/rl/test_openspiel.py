"""The OpenSpiel game passes ``pyspiel.random_sim_test`` with serialization; OpenSpiel's
MCTS bot plays it against swlab's greedy bot."""

from __future__ import annotations

import random

import pyspiel
import pytest

from swlab.rl.actions import encode, num_actions
from swlab.rl.openspiel import load_game, mcts_against_greedy
from swlab.rules import Roll
from swlab.rules.engine import DIE_ODDS


def test_pyspiel_random_sim_test_passes_with_serialization() -> None:
    pyspiel.random_sim_test(load_game(seed=3), num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(
        load_game(board="official_3p", seed=4), num_sims=1, serialize=True, verbose=False
    )


def test_the_game_type_says_explicit_chance_and_imperfect_information() -> None:
    game = load_game()
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    geo = game.new_initial_state().game_state.geo
    assert game.num_distinct_actions() == num_actions(geo, 2) == 315
    assert game.max_game_length() == 2000 and game.num_players() == 2
    assert pyspiel.load_game("python_smallworld(board=official_3p,seed=2)").num_players() == 3


def test_the_die_is_a_chance_node_with_the_engines_odds() -> None:
    """R-CONQ-10, R-COMP-5: faces 0, 0, 0, 1, 2, 3."""
    game = load_game(seed=5)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_chance_node():
        assert not state.is_terminal()
        named = {state.action_to_string(a): a for a in state.legal_actions()}
        finals = [a for text, a in named.items() if text.startswith("final")]
        forward = [a for text, a in named.items() if not text.startswith("take")]
        state.apply_action(finals[0] if finals else rng.choice(forward))
    geo = state.game_state.geo
    assert state.chance_outcomes() == [(encode(Roll(face), geo), p) for face, p in DIE_ODDS]
    assert sum(p for _a, p in state.chance_outcomes()) == pytest.approx(1)
    assert state.legal_actions() == [a for a, _p in state.chance_outcomes()]


def test_an_observation_hides_the_other_seats_coins() -> None:
    """R-SETUP-4, through OpenSpiel's observation string."""
    state = load_game(seed=1).new_initial_state()
    assert state.observation_string(0).startswith("seat 0 coins 5\n")
    assert "coins" not in str(state)
    assert len(state.observation_tensor(1)) == load_game().observation_tensor_size()


def test_openspiels_mcts_bot_plays_a_game_against_the_greedy_bot() -> None:
    returns = mcts_against_greedy(seed=1, simulations=5)
    assert len(returns) == 2 and all(r > 0 for r in returns)


def test_a_game_serialises_as_its_actions_and_replays_exactly() -> None:
    """The die's faces are actions of the history (R-CONQ-10), so the text replays."""
    game = load_game(seed=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    while len(state.history()) < 120 and not state.is_terminal():
        if state.is_chance_node():
            faces, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(faces, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
    assert again.game_state == state.game_state
    assert str(again) == str(state)
    assert again_game.get_parameters() == game.get_parameters()

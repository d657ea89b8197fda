"""The PettingZoo AEC environment passes PettingZoo's own conformance tests."""

from __future__ import annotations

import numpy as np
from pettingzoo.test import api_test, seed_test

from swlab.rl.pettingzoo import env, raw_env
from swlab.rules.setup import START_COINS


def play_to_the_end(game, seed: int):  # type: ignore[no-untyped-def]
    """Every agent plays its first legal action; the rewards each agent saw."""
    game.reset(seed=seed)
    total = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _info = game.last()
        total[agent] += reward
        legal = np.flatnonzero(obs["action_mask"])
        game.step(None if terminated or truncated else int(legal[-1]))
    return total


def test_pettingzoo_api_test_passes() -> None:
    api_test(env(seed=1), num_cycles=1000)
    api_test(env(board="official_3p", seed=2), num_cycles=1000)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: env(board="official_2p"), num_cycles=200)


def test_the_same_seed_gives_the_same_game_and_the_rewards_are_the_final_coins() -> None:
    """R-FLOW-3: each seat's reward is its victory coins at the end."""
    first, second = env(seed=3), env(seed=3)
    rewards = play_to_the_end(first, seed=11)
    assert rewards == play_to_the_end(second, seed=11)
    state = first.unwrapped.game_state
    assert rewards == {f"player_{k}": float(p.coins) for k, p in enumerate(state.players)}


def test_per_turn_rewards_add_up_to_the_coins_won() -> None:
    game = env(seed=3, per_turn_rewards=True)
    rewards = play_to_the_end(game, seed=11)
    state = game.unwrapped.game_state
    assert rewards == {
        f"player_{k}": float(p.coins - START_COINS) for k, p in enumerate(state.players)
    }


def test_only_the_agent_that_decides_has_legal_actions() -> None:
    game = raw_env(seed=5)
    game.reset(seed=5)
    acting = game.agent_selection
    masks = {agent: game.observe(agent)["action_mask"] for agent in game.agents}
    assert masks[acting].any()
    assert not any(m.any() for agent, m in masks.items() if agent != acting)


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    game = env(seed=5)
    game.reset(seed=5)
    agent = game.agent_selection
    mask = game.observe(agent)["action_mask"]
    game.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(game.terminations.values())
    assert game.rewards[agent] == -1


def test_a_game_that_never_ends_its_redeployment_is_truncated() -> None:
    game = raw_env(seed=2, max_steps=30)
    game.reset(seed=2)
    steps = 0
    for _agent in game.agent_iter():
        obs, _reward, terminated, truncated, _info = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 30 and all(game.truncations.values())

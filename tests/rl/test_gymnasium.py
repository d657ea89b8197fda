"""The single-agent Gymnasium environment (you against bots) passes Gymnasium's checker."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from swlab.rl.gymnasium import ENV_ID, OPPONENTS, SmallWorldEnv


@pytest.mark.parametrize("level", ["greedy", "random"])
def test_gymnasium_check_env_passes(level: str) -> None:
    check_env(SmallWorldEnv(opponents=level, seed=3), skip_render_check=True)


def test_the_levels_are_the_bots_of_swlab_by_name() -> None:
    assert {"greedy", "random"} <= set(OPPONENTS)
    with pytest.raises(ValueError, match="unknown opponents 'grandmaster'; levels are: "):
        SmallWorldEnv(opponents="grandmaster")


def test_an_episode_following_the_mask_ends_with_every_seats_coins() -> None:
    game = SmallWorldEnv(board="official_3p", seat=1, opponents="random", seed=4)
    obs, info = game.reset(seed=4)
    assert info == {} and (obs["action_mask"] == game.action_masks()).all()
    rng = np.random.default_rng(4)
    total = 0.0
    while True:
        action = rng.choice(np.flatnonzero(obs["action_mask"]))
        obs, reward, terminated, truncated, info = game.step(action)
        total += reward
        if terminated or truncated:
            break
    assert terminated and not truncated
    assert total == info["coins"][1] == game.table.state.players[1].coins


def test_an_illegal_action_ends_the_episode() -> None:
    game = SmallWorldEnv(seed=1)
    obs, _info = game.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = game.step(illegal)
    assert terminated and reward == -1.0 and info == {"illegal": illegal}


def test_gymnasium_make_knows_the_environment_and_its_text_board() -> None:
    game = gymnasium.make(ENV_ID, opponents="random", seed=2, render_mode="ansi")
    obs, _info = game.reset(seed=2)
    assert obs["action_mask"].any()
    text = game.render()
    assert isinstance(text, str) and text.startswith("official-2p  round 1/10")
    check_env(game.unwrapped, skip_render_check=False)

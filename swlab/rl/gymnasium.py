"""Small World as a Gymnasium environment: you play one seat against swlab's bots.

::

    from swlab.rl.gymnasium import SmallWorldEnv

    game = SmallWorldEnv(board="official_2p", opponents="greedy", seed=7)
    obs, info = game.reset(seed=7)
    while True:
        action = int(obs["action_mask"].nonzero()[0][0])   # your policy here
        obs, reward, terminated, truncated, info = game.step(action)
        if terminated or truncated:
            break

The observation, the action space, the die and the rewards are those of the PettingZoo
environment (:mod:`swlab.rl.pettingzoo`) for your seat; the other seats are played by
the bots of :data:`OPPONENTS` (a name per level: ``"greedy"``, ``"random"``; a level
added to swlab's bots is one entry there), between your decisions. ``action_masks()``
gives the mask too (the name MaskablePPO asks for). An action that is not legal now ends
the episode with ``illegal_reward`` (info ``"illegal"``), as PettingZoo's classic games
do; a policy that follows the mask never plays one. ``info["coins"]`` gives every seat's
coins once the game is over (R-FLOW-3: they are counted at the end). Importing this module
registers the environment with Gymnasium as ``swlab/SmallWorld-v0`` (:data:`ENV_ID`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from swlab.bots import BOT_KINDS, make_bot
from swlab.rl import missing
from swlab.rules import BoardLike, drive
from swlab.rules.driver import Decider

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:  # the plain install of swlab has no research libraries
    raise missing("gymnasium", "swlab.rl.gymnasium", error) from error

from swlab.rl.table import OBSERVATION_HIGH, Table, max_steps_for

__all__ = ["ENV_ID", "OPPONENTS", "SmallWorldEnv"]

#: The opponents' levels by name: a bot made from a seed. One table: a new level of
#: swlab's bots (``swlab.bots.make_bot``) is a new name here.
OPPONENTS: dict[str, Callable[[int], Decider]] = {
    kind: (lambda seed, kind=kind: make_bot(kind, seed))  # type: ignore[misc]
    for kind in BOT_KINDS
}

Observation = dict[str, npt.NDArray[Any]]

#: The environment's id in Gymnasium's registry: ``gymnasium.make(ENV_ID, opponents=...)``.
ENV_ID = "swlab/SmallWorld-v0"


class SmallWorldEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a Small World game against bots (see the module)."""

    metadata = {"render_modes": ["human", "ansi"]}  # noqa: RUF012 (gymnasium's attribute)

    def __init__(
        self,
        board: str | BoardLike = "official_2p",
        players: int | None = None,
        seat: int = 0,
        opponents: str = "greedy",
        seed: int | None = None,
        per_turn_rewards: bool = False,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        if opponents not in OPPONENTS:
            raise ValueError(f"unknown opponents {opponents!r}; levels are: {', '.join(OPPONENTS)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: one of None, 'human', 'ansi'")
        self.table = Table(board, players, seed)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat {seat} is not one of the {self.table.players} seats")
        self.seat = seat
        self.opponents = opponents
        self.per_turn_rewards = per_turn_rewards
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.max_steps = max_steps if max_steps is not None else max_steps_for(self.table.players)
        size = self.table.space.size
        self.action_space = spaces.Discrete(size)
        self.observation_space = cast(
            "spaces.Space[Observation]",
            spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, OBSERVATION_HIGH, (self.table.observation_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            ),
        )
        self._bots: dict[int, Decider] = {}

    def _observation(self) -> Observation:
        return {
            "observation": self.table.observe(self.seat),
            "action_mask": self.table.mask(self.seat),
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO asks this)."""
        return self.table.mask(self.seat).astype(bool)

    def _info(self) -> dict[str, Any]:
        if self.table.actor is None:
            return {"coins": self.table.coins()}
        return {}

    def _opponents_play(self) -> None:
        """The bots play until your seat decides or the game ends (the die included)."""
        result = drive(self.table.state, self._bots)
        self.table.state = result.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed)
        # the bots' own seeds follow the game's, so a seeded reset replays them too
        bot_seed = self.table.state.seed
        make = OPPONENTS[self.opponents]
        self._bots = {k: make(bot_seed + k) for k in range(self.table.players) if k != self.seat}
        self._opponents_play()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self.table.actor != self.seat:
            raise RuntimeError("the game is over: call reset() before step()")
        before = self.table.coins()[self.seat]
        if int(action) not in self.table.legal():
            return self._observation(), self.illegal_reward, True, False, {"illegal": int(action)}
        self.table.play(int(action))
        self._opponents_play()
        coins = self.table.coins()[self.seat]
        over = self.table.actor is None
        gain = coins - before if self.per_turn_rewards else (coins if over else 0)
        reward = float(gain)
        truncated = not over and self.table.steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, truncated, self._info()

    def render(self) -> str | None:
        """The text board (:meth:`Table.render`)."""
        return self.table.render(self.render_mode)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="swlab.rl.gymnasium:SmallWorldEnv")

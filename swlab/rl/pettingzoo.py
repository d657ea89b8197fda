"""Small World as a PettingZoo AEC environment: the agents are the seats.

::

    from swlab.rl.pettingzoo import env

    game = env(board="official_2p", seed=7)
    game.reset(seed=7)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        mask = obs["action_mask"]
        game.step(None if terminated or truncated else int(mask.nonzero()[0][0]))

* **Agents** ``player_0`` .. ``player_{P-1}``, the seats in turn order (R-SETUP-5). The
  agent selected is the player who decides now: the current player, or an attacked
  player redeploying (R-REDEPLOY-2), so one agent often acts several times in a row.
* **Actions** ``Discrete(A)``, the fixed index space of :mod:`swlab.rl.actions`.
* **Observations** ``{"observation": float32[...], "action_mask": int8[A]}``: the public
  state from the agent's seat (:mod:`swlab.rl.observation`; never another player's coins,
  R-SETUP-4), and the legal decisions (all 0 for an agent that does not decide now).
* **Chance**: the reinforcement die (R-CONQ-10, R-POW-BERSERK) is rolled inside
  :meth:`raw_env.step`, drawn from the game's seed (:func:`swlab.rules.sample_chance`);
  no agent ever sees a chance node.
* **Rewards**: each seat's victory coins when the game ends (R-FLOW-3), 0 before; with
  ``per_turn_rewards=True`` every step gives each seat the coins it gained (its sum over
  the game is the final coins less the 5 of R-SETUP-4).
* **Seeding**: ``env(seed=s)`` or ``reset(seed=s)`` fixes the setup (the stacks, R-SETUP-3)
  and the die: the same seed and the same actions give the same game.
* **Termination**: every agent terminates when the last round is played (R-FLOW-2).
  Every agent is truncated after ``max_steps`` decisions (default 1,000 per seat): a
  redeployment may take tokens back and place them again without end (R-REDEPLOY-1).
* **Illegal actions**: :func:`env` wraps the game as PettingZoo's classic games are: an
  illegal action ends the game with reward -1 for the agent that played it.

PettingZoo's ``api_test`` and ``seed_test`` pass (``tests/rl/test_pettingzoo.py``).
``max_cycles_test`` does not apply: it needs a ``parallel_env``, where every agent acts
in every cycle, and plays actions sampled without the mask; Small World is a sequential
game with masked actions (so are PettingZoo's own classic board games, which leave that
test out too).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from swlab.rl import missing
from swlab.rules import BoardLike

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.agent_selector import AgentSelector
except ImportError as error:  # the plain install of swlab has no research libraries
    raise missing("pettingzoo", "swlab.rl.pettingzoo", error) from error

from swlab.rl.table import OBSERVATION_HIGH, Table, max_steps_for

__all__ = ["env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


def env(
    board: str | BoardLike = "official_2p",
    players: int | None = None,
    seed: int | None = None,
    per_turn_rewards: bool = False,
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games (illegal action: -1, end)."""
    game: AECEnv = raw_env(board, players, seed, per_turn_rewards, render_mode, max_steps)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv):  # type: ignore[misc]  # (untyped base) PettingZoo's name for it
    """The AEC environment without wrappers (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "smallworld_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        board: str | BoardLike = "official_2p",
        players: int | None = None,
        seed: int | None = None,
        per_turn_rewards: bool = False,
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: one of None, 'human', 'ansi'")
        self.table = Table(board, players, seed)
        self.render_mode = render_mode
        self.per_turn_rewards = per_turn_rewards
        self.max_steps = max_steps if max_steps is not None else max_steps_for(self.table.players)
        self.possible_agents = [f"player_{k}" for k in range(self.table.players)]
        self.agents = self.possible_agents[:]
        size = self.table.space.size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, OBSERVATION_HIGH, (self.table.observation_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._started = False

    # --- the PettingZoo API -------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self._started = True
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._selector = AgentSelector(self.agents)
        self._select()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.table.coins()
        self.table.play(int(action))
        self._cumulative_rewards[agent] = 0.0
        after = self.table.coins()
        over = self.table.actor is None
        for seat, name in enumerate(self.possible_agents):
            if over:
                self.rewards[name] = float(
                    after[seat] - before[seat] if self.per_turn_rewards else after[seat]
                )
            else:
                self.rewards[name] = (
                    float(after[seat] - before[seat]) if self.per_turn_rewards else 0.0
                )
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.table.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """The agent who decides now (the current player, or a defender); at the end, the
        next agent still to be removed goes on in seat order."""
        actor = self.table.actor
        if actor is not None and not any(self.truncations.values()):
            self.agent_selection = self.possible_agents[actor]
        elif self.agents:
            current = getattr(self, "agent_selection", self.agents[0])
            self.agent_selection = current if current in self.agents else self.agents[0]

    def render(self) -> str | None:
        """The text board (:meth:`Table.render`)."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game holds no window or process."""

    @property
    def game_state(self) -> Any:
        """The engine's :class:`~swlab.rules.GameState` of the game being played."""
        return self.table.state

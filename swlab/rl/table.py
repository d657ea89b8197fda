"""What the adapters share: a board by name, a seeded game, a step by action index with
the die rolled as chance, and the coins as rewards.

The die is never a player's decision: after every step the adapters roll it
(:func:`swlab.rules.sample_chance`, drawn from the game's seed and the position, so the
same seed and the same decisions give the same game), until a player must decide again
or the game is over. OpenSpiel shows the die as an explicit chance node instead
(:mod:`swlab.rl.openspiel`).
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import numpy.typing as npt

from swlab.board.catalog import load_board
from swlab.rl.actions import ActionSpace
from swlab.rl.observation import observation_size, observe
from swlab.rules import (
    CHANCE,
    Action,
    BoardLike,
    GameState,
    apply,
    current_player,
    is_over,
    new_game,
    sample_chance,
)
from swlab.rules.setup import START_COINS
from swlab.rules.state import format_state

__all__ = ["OBSERVATION_HIGH", "START_COINS", "Table", "board_named", "max_steps_for"]

#: The upper bound of the observation's box: no count of a game (tokens, coins, rounds)
#: comes near it.
OBSERVATION_HIGH = 1e6


@cache
def board_named(name: str) -> BoardLike:
    """A shipped board (``official_2p`` ...) or a map file, read once per process."""
    return load_board(name)


def max_steps_for(players: int) -> int:
    """The default limit of decisions in one game: far more than a game takes (random
    players make 250 to 1,500 decisions), a bound on a redeployment that takes tokens
    back and places them again without end (R-REDEPLOY-1 allows it)."""
    return 1000 * players


class Table:
    """One game played by action indices: the state, the space, the seeds."""

    def __init__(self, board: str | BoardLike, players: int | None, seed: int | None) -> None:
        self.board = board_named(board) if isinstance(board, str) else board
        self.players = players if players is not None else self.board.players
        probe = new_game(self.board, self.players, seed=0)
        self.space = ActionSpace(probe.geo, self.players)
        self.observation_size = observation_size(probe.geo, self.players)
        self.state = probe
        self.seeds = random.Random(seed)
        self.steps = 0

    def reset(self, seed: int | None) -> GameState:
        """A new game; ``seed`` (when given) restarts the sequence of game seeds, so the
        same ``seed`` gives the same games."""
        if seed is not None:
            self.seeds = random.Random(seed)
        self.state = new_game(self.board, self.players, seed=self.seeds.randrange(2**31))
        self.steps = 0
        self.roll()
        return self.state

    def roll(self) -> None:
        """Roll the die as long as the game waits for it (R-CONQ-10)."""
        while current_player(self.state) == CHANCE:
            self.state, _events = apply(self.state, sample_chance(self.state))

    def render(self, mode: str | None) -> str | None:
        """The text board for a render mode (every seat's coins shown: a view for a person,
        not an agent): returned for ``"ansi"``, printed for ``"human"``, nothing without."""
        if mode is None:
            return None
        text = format_state(self.state)
        if mode == "ansi":
            return text
        print(text)
        return None

    def legal(self) -> dict[int, Action]:
        """index -> action for the decisions open now."""
        return self.space.legal(self.state)

    def play(self, index: int) -> None:
        """Apply the decision of ``index`` (``ValueError`` when it is not legal now), then
        roll the die while the game waits for it."""
        action = self.legal().get(int(index))
        if action is None:
            raise ValueError(
                f"action {int(index)} is not legal now (stage {self.state.turn.stage.value}); "
                "the mask says which are"
            )
        self.state, _events = apply(self.state, action)
        self.steps += 1
        self.roll()

    def coins(self) -> list[int]:
        """Every seat's victory coins (hidden while the game runs, R-SETUP-4)."""
        return [p.coins for p in self.state.players]

    @property
    def actor(self) -> int | None:
        """The seat that decides now, ``None`` at the end."""
        return None if is_over(self.state) else self.state.turn.actor

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        return observe(self.state, seat)

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The legal decisions of ``seat``: none while another seat decides."""
        if self.actor != seat:
            return np.zeros(self.space.size, dtype=np.int8)
        return self.space.mask(self.state)

"""A bot that plays a uniformly random legal action, but always finishes its turns."""

from __future__ import annotations

import random

from swlab.bots.base import forward_actions
from swlab.rules import CHANCE, Action, GameState, current_player, legal_actions


class RandomBot:
    """Uniform over the legal actions, without the ones that undo a placement.

    ``take`` (and badge actions marked ``Action.undoes``: lifting a hero or an encampment)
    are left out, so that a redeployment always ends: without them every ``place`` brings
    the turn one token closer to ``done``.
    """

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self._name = name
        self.seed = seed
        self.rng = random.Random(seed)

    @property
    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"

    def choose(self, state: GameState) -> Action:
        if current_player(state) == CHANCE:
            raise ValueError("the die is chance, not a decision: the driver rolls it (R-CONQ-10)")
        actions = legal_actions(state)
        if not actions:
            raise ValueError("the game is over: there is no action to choose")
        forward = forward_actions(actions)
        return self.rng.choice(forward or actions)

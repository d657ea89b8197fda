"""A careless bot: the greedy bot's move most of the time, a random one now and then.

Why it exists: between a bot that plays at random and the greedy bot there is a gap no
learner crosses in one step (the greedy bot wins nearly every 2-player game against the
random one). A person new to the game makes sensible moves with slips: picks a combo
without weighing it, declines too early, spreads tokens oddly. :class:`CarelessBot` plays
like that: at each decision with more than one forward action it slips with probability
``slip`` and plays a random one of them (as :class:`~swlab.bots.RandomBot` would), else the
greedy bot's choice. The slips are drawn from its own seeded generator, so a seed gives
the same game on every machine.
"""

from __future__ import annotations

import random

from swlab.bots.base import forward_actions
from swlab.bots.greedy import GreedyBot
from swlab.rules import CHANCE, Action, GameState, current_player, legal_actions

__all__ = ["SLIP", "CarelessBot"]

#: The default chance of a slip per decision (on the ladder ``easy`` slips at 0.5 and
#: ``medium`` at 0.15: :mod:`swlab.bots.levels`).
SLIP = 0.25


class CarelessBot:
    """The greedy bot's choice, except a random forward action with probability ``slip``.

    "Forward" as for the random bot: ``take`` and the actions that undo a placement are
    never the slip, so a redeployment always ends.
    """

    def __init__(self, seed: int = 0, name: str = "careless", *, slip: float = SLIP) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip is a probability, got {slip}")
        self._name = name
        self.seed = seed
        self.slip = slip
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed, name)

    @property
    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"CarelessBot(seed={self.seed}, slip={self.slip})"

    def choose(self, state: GameState) -> Action:
        if current_player(state) == CHANCE:
            raise ValueError("the die is chance, not a decision: the driver rolls it (R-CONQ-10)")
        forward = forward_actions(legal_actions(state))
        if len(forward) > 1 and self.rng.random() < self.slip:
            return self.rng.choice(forward)
        return self.greedy.choose(state)

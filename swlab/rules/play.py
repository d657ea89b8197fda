"""Seeded drivers: the reinforcement die as a chance actor, and random playouts."""

from __future__ import annotations

import random

from swlab.rules.actions import DIE_FACES, Action, Roll, Take
from swlab.rules.engine import apply, is_over, legal_actions
from swlab.rules.events import Event
from swlab.rules.state import GameState, Stage


def roll_die(rng: random.Random) -> Roll:
    """A roll of the reinforcement die: faces 0, 0, 0, 1, 2, 3 (R-COMP-5)."""
    return Roll(rng.choice(DIE_FACES))


def random_action(state: GameState, rng: random.Random) -> Action:
    """A uniformly random legal action; the die when it is rolled; never ``take``.

    ``take`` and the other actions that undo a placement (``Action.undoes``: lifting a hero
    or an encampment) are left out so that random redeployment always ends (they could undo
    every ``place`` forever); scripted tests use them directly.
    """
    if state.turn.stage is Stage.ROLL:
        return roll_die(rng)
    actions = [a for a in legal_actions(state) if not (isinstance(a, Take) or a.undoes)]
    return rng.choice(actions)


def play_random(
    state: GameState, rng: random.Random, max_steps: int = 100_000
) -> tuple[GameState, list[Action]]:
    """Play random legal actions until the game ends; returns the final state and actions."""
    played: list[Action] = []
    for _ in range(max_steps):
        if is_over(state):
            break
        action = random_action(state, rng)
        state, _events = apply(state, action)
        played.append(action)
    return state, played


def replay(state: GameState, actions: list[Action]) -> tuple[GameState, list[list[Event]]]:
    """Apply ``actions`` in order; returns the final state and each step's events."""
    log: list[list[Event]] = []
    for action in actions:
        state, events = apply(state, action)
        log.append(events)
    return state, log

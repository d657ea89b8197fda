"""The bot protocol, the seeded game driver and a bot factory.

A bot is anything with a ``name`` and ``choose(state) -> Action``; it is asked only when a
player must decide (the *actor* of the state: the current player, or an attacked player
redeploying in :attr:`~swlab.rules.Stage.DEFEND`). The reinforcement die is not a decision:
:func:`play_game` rolls it with its own seeded generator whenever the stage is ``roll``
(a final conquest, or any badge that asks for the die, e.g. Berserk).

Given the same board, bots (built with the same seeds) and game seed, :func:`play_game`
always produces the same record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from swlab.rules import (
    Action,
    BoardLike,
    GameRecord,
    GameState,
    Stage,
    apply,
    current_player,
    is_over,
    new_game,
    roll_die,
)
from swlab.rules.events import Event

#: A guard against a bot that never ends its turn (a real game has a few hundred steps).
MAX_STEPS = 50_000

#: Called after every applied action: (state before, action, events, state after).
Observer = Callable[[GameState, Action, list[Event], GameState], None]


@runtime_checkable
class Bot(Protocol):
    """A player that decides: deterministic given the seed it was built with."""

    @property
    def name(self) -> str: ...

    def choose(self, state: GameState) -> Action:
        """A legal action for ``state.turn.actor`` (never asked while the die is rolled)."""
        ...


def die_rng(seed: int) -> random.Random:
    """The generator of the reinforcement die for the game played with ``seed``."""
    return random.Random(seed * 7919 + 104_729)


def seat_names(bots: Sequence[Bot]) -> list[str]:
    """Seat names that say which bot plays where: ``greedy1``, ``random2``, ..."""
    return [f"{b.name}{i + 1}" for i, b in enumerate(bots)]


def play_game(
    board: BoardLike,
    bots: Sequence[Bot],
    seed: int,
    *,
    names: Sequence[str] | None = None,
    races: Sequence[str] | None = None,
    powers: Sequence[str] | None = None,
    observer: Observer | None = None,
    max_steps: int = MAX_STEPS,
) -> tuple[GameState, GameRecord]:
    """Play a whole game on ``board``, seat ``i`` played by ``bots[i]``.

    ``seed`` fixes the setup (race and power stacks, lost tribes) and the die. Returns the
    final state and the :class:`~swlab.rules.GameRecord` that replays it exactly.
    ``races`` / ``powers`` put these names on top of the stacks (as :func:`new_game`);
    ``observer`` sees every step.
    """
    if not bots:
        raise ValueError("play_game needs at least one bot")
    players = list(names) if names is not None else seat_names(bots)
    if len(players) != len(bots):
        raise ValueError(f"{len(players)} names for {len(bots)} bots")
    initial = new_game(
        board,
        players,
        seed=seed,
        races=list(races) if races is not None else None,
        powers=list(powers) if powers is not None else None,
    )
    state = initial
    rng = die_rng(seed)
    actions: list[Action] = []
    for _ in range(max_steps):
        if is_over(state):
            break
        if state.turn.stage is Stage.ROLL:
            action: Action = roll_die(rng)
        else:
            actor = current_player(state)
            assert actor is not None
            action = bots[actor].choose(state)
        after, events = apply(state, action)
        if observer is not None:
            observer(state, action, events, after)
        actions.append(action)
        state = after
    else:
        raise RuntimeError(f"the game did not end within {max_steps} steps")
    return state, GameRecord.from_state(initial, actions)


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by name: ``greedy`` or ``random``."""
    from swlab.bots.greedy import GreedyBot
    from swlab.bots.random_bot import RandomBot

    factories: dict[str, Callable[[int], Bot]] = {"greedy": GreedyBot, "random": RandomBot}
    key = kind.strip().lower()
    if key not in factories:
        raise ValueError(f"unknown bot {kind!r}; bots are: {', '.join(sorted(factories))}")
    return factories[key](seed)


BOT_KINDS: tuple[str, ...] = ("greedy", "random")

"""The bot protocol, the seeded game driver and a bot factory.

A bot is anything with a ``name`` and ``choose(state) -> Action``; it is asked only when a
player must decide (the *actor* of the state: the current player, or an attacked player
redeploying in :attr:`~swlab.rules.Stage.DEFEND`). The reinforcement die is not a decision:
at a chance node (a final conquest's die, or any badge that asks for the die, e.g. Berserk)
:func:`play_game` lets the engine's one driver (:func:`swlab.rules.drive`) draw the face
from the game's seed.

Given the same board, bots (built with the same seeds) and game seed, :func:`play_game`
always produces the same record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from swlab.game import GameRecord
from swlab.rules import Action, BoardLike, GameState, Take, drive, new_game
from swlab.rules.driver import Observer

__all__ = ["BOT_KINDS", "MAX_STEPS", "Bot", "Observer", "make_bot", "play_game", "seat_names"]

#: A guard against a bot that never ends its turn (a real game has a few hundred steps).
MAX_STEPS = 50_000


@runtime_checkable
class Bot(Protocol):
    """A player that decides: deterministic given the seed it was built with."""

    @property
    def name(self) -> str: ...

    def choose(self, state: GameState) -> Action:
        """A legal action for ``state.turn.actor`` (never asked at a chance node)."""
        ...


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

    ``seed`` fixes the setup (race and power stacks, lost tribes) and the die (drawn from the
    game's seed by :func:`swlab.rules.drive`). Returns the final state and the
    :class:`~swlab.game.GameRecord` that replays it exactly (die faces included).
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
    result = drive(initial, list(bots), max_steps=max_steps, observer=observer)
    if result.stopped != "over":
        raise RuntimeError(f"the game did not end within {max_steps} steps")
    return result.state, GameRecord.from_state(initial, result.actions)


def forward_actions(actions: Sequence[Action]) -> list[Action]:
    """``actions`` without those that undo a placement (``take``, lifting a hero or an
    encampment: ``Action.undoes``): a bot that only moves forward always ends its turn."""
    return [a for a in actions if not (isinstance(a, Take) or a.undoes)]


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by name: a bot kind (``greedy``, ``careless``, ``random``, ``search``), a level
    (``beginner`` ... ``expert``) or a style (``aggressive``, ``early-decline``); see
    :mod:`swlab.bots.levels` and :data:`BOT_KINDS`."""
    from swlab.bots.careless import CarelessBot
    from swlab.bots.greedy import GreedyBot
    from swlab.bots.levels import level
    from swlab.bots.random_bot import RandomBot
    from swlab.bots.search import SearchBot

    factories: dict[str, Callable[[int], Bot]] = {
        "greedy": GreedyBot,
        "careless": CarelessBot,
        "random": RandomBot,
        "search": SearchBot,
    }
    key = kind.strip().lower()
    if key in factories:
        return factories[key](seed)
    if key in BOT_KINDS:
        return level(key).bot(seed)
    raise ValueError(f"unknown bot {kind!r}; bots are: {', '.join(BOT_KINDS)}")


#: Every name :func:`make_bot` accepts: the kinds, the levels (weakest first), the styles.
BOT_KINDS: tuple[str, ...] = (
    "greedy",
    "careless",
    "random",
    "search",
    "beginner",
    "easy",
    "medium",
    "hard",
    "expert",
    "aggressive",
    "early-decline",
)

"""The one seeded driver: decisions from players or bots, the die from the game's own seed.

The reinforcement die is chance, not a player's choice (OpenSpiel's model): at a roll
:func:`~swlab.rules.engine.current_player` is :data:`~swlab.rules.engine.CHANCE`,
:func:`~swlab.rules.engine.legal_actions` is empty and
:func:`~swlab.rules.engine.chance_outcomes` gives each face with its probability.

:func:`sample_chance` is the only place that draws a face. The face is a function of the
game's seed and of which roll of the game this is (round, seat, acting race, which roll of
the turn), never of a generator's history: undo followed by a roll shows the same face,
and every program that plays the game (bots, the viewer, ``swlab simulate``, the
benchmarks, the random playouts) sees the same die. :func:`drive` plays a game forward
with it, asking a decider for every decision::

    final = drive(state, {0: GreedyBot(1), 1: RandomBot(2)}).state  # to the end
    drive(state, bots, until=lambda s: s.round > 3)                  # or any stop
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from operator import attrgetter
from typing import Literal, Protocol, runtime_checkable

from swlab.rules.actions import Action
from swlab.rules.engine import apply, chance_outcomes, listed_actions
from swlab.rules.events import Event
from swlab.rules.state import GameState, Stage

#: A decision function: the action for the player who must decide in ``state``.
Chooser = Callable[[GameState], Action]

#: Called after every applied step: (state before, action, events, state after).
Observer = Callable[[GameState, Action, list[Event], GameState], None]

#: Why :func:`drive` stopped: the game is over, a seat without a decider must decide,
#: ``until`` said so, or ``max_steps`` were played.
StopReason = Literal["over", "seat", "until", "limit"]


@runtime_checkable
class Decider(Protocol):
    """Anything that decides for a player: a bot (``choose(state) -> Action``)."""

    def choose(self, state: GameState) -> Action:
        """A legal action for ``state.turn.actor``; never asked at a chance node."""
        ...


#: What :func:`drive` accepts: one decider (or function) for every seat, a mapping seat ->
#: decider (seats left out stop the drive: human seats), or a sequence indexed by seat.
Deciders = Decider | Chooser | Mapping[int, Decider | Chooser] | Sequence[Decider | Chooser]


@dataclass(frozen=True)
class Drive:
    """Where :func:`drive` stopped: the state, the actions played (die faces included, as a
    record stores them) and why it stopped."""

    state: GameState
    actions: tuple[Action, ...]
    stopped: StopReason


def _roll_key(state: GameState) -> str:
    """What identifies this roll in the game, as the string that seeds its generator.

    The final conquest's die (R-CONQ-10) is rolled at most once per acting race and turn,
    so the region aimed at or the conquests made before do not change its face. A Berserk
    race rolls before each conquest (R-POW-BERSERK); a roll is used by a conquest before
    the next one, so the conquests of the turn so far tell its rolls apart.
    """
    turn = state.turn
    if turn.final_region >= 0:
        kind, n = "final", 0
    else:
        kind, n = "berserk", sum(1 for c in turn.conquests if c.race == turn.acting)
    return f"swlab die|{state.seed}|{state.round}|{state.current}|{turn.acting}|{kind}|{n}"


def sample_chance(state: GameState) -> Action:
    """The outcome of the chance node ``state``: the die face, drawn from the game's seed.

    Deterministic (the same position gives the same face, whatever PYTHONHASHSEED) and
    distributed as :func:`~swlab.rules.engine.chance_outcomes` says; distinct rolls of a
    game are independent draws. A face fixed by ``GameState.die`` is returned as it is.
    ``ValueError`` outside a chance node.
    """
    outcomes = chance_outcomes(state)
    if not outcomes:
        raise ValueError(
            f"no chance node in stage {state.turn.stage.value!r}: the die is rolled only after "
            "a final conquest is chosen or a Berserk roll is asked for (R-CONQ-10)"
        )
    if len(outcomes) == 1:
        return outcomes[0][0]
    x = random.Random(_roll_key(state)).random()
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]  # rounding: x was within 1e-16 of 1


def _as_chooser(decider: Decider | Chooser | None) -> Chooser | None:
    if decider is None:
        return None
    choose = getattr(decider, "choose", None)
    if callable(choose):
        return choose  # type: ignore[no-any-return]
    if callable(decider):
        return decider
    raise TypeError(f"{decider!r} cannot decide: give a bot (choose(state)) or a function")


def _seat_choosers(deciders: Deciders) -> Callable[[int], Chooser | None]:
    """seat -> its decision function, ``None`` for a seat nobody plays for."""
    if isinstance(deciders, Mapping):
        table = {seat: _as_chooser(d) for seat, d in deciders.items()}
        return table.get
    if isinstance(deciders, Sequence):
        seats = [_as_chooser(d) for d in deciders]
        return lambda seat: seats[seat] if 0 <= seat < len(seats) else None
    one = _as_chooser(deciders)
    return lambda _seat: one


def drive(
    state: GameState,
    deciders: Deciders,
    *,
    until: Callable[[GameState], bool] | None = None,
    max_steps: int | None = None,
    observer: Observer | None = None,
) -> Drive:
    """Play from ``state``: decisions from ``deciders``, the die from :func:`sample_chance`.

    Stops when the game is over, when a seat with no decider must decide (a human seat:
    leave it out of the mapping), when ``until(state)`` is true (asked before every step,
    chance nodes included) or after ``max_steps`` steps. ``observer`` sees every step. An
    illegal decision raises :class:`~swlab.rules.IllegalActionError` from ``apply``, after
    the observer has seen the steps before it.
    """
    chooser_of = _seat_choosers(deciders)
    one = None if isinstance(deciders, Mapping | Sequence) else chooser_of(0)
    played: list[Action] = []
    stopped: StopReason
    # (read once: an attribute of an Enum class is slow to read, at every step)
    game_over, roll = Stage.GAME_OVER, Stage.ROLL
    while True:  # the hot loop of every playout: current_player inlined
        turn = state.turn
        if turn.stage is game_over:
            stopped = "over"
            break
        if until is not None and until(state):
            stopped = "until"
            break
        if max_steps is not None and len(played) >= max_steps:
            stopped = "limit"
            break
        if turn.stage is roll:  # current_player(state) == CHANCE
            action = sample_chance(state)
        else:
            choose = one or chooser_of(turn.actor)
            if choose is None:
                stopped = "seat"
                break
            action = choose(state)
        after, events = apply(state, action)
        if observer is not None:
            observer(state, action, events, after)
        played.append(action)
        state = after
    return Drive(state, tuple(played), stopped)


#: ``Stage.ROLL`` read once (an attribute of an Enum class is slow to read)
_ROLL = Stage.ROLL
#: whether an action undoes a placement (:func:`random_action` leaves those out)
_UNDOES = attrgetter("undoes")


def random_action(state: GameState, rng: random.Random) -> Action:
    """A uniformly random legal action; never ``take``; the sampled die at a chance node.

    ``take`` and the other actions that undo a placement (``Action.undoes``: lifting a hero
    or an encampment) are left out so that random redeployment always ends (they could undo
    every ``place`` forever); scripted tests use them directly.
    """
    if state.turn.stage is _ROLL:
        return sample_chance(state)
    # (``Take.undoes`` is true: one attribute read per action tells both, by a getter at C
    # speed; the listing read as the memo keeps it, without legal_actions's copy)
    actions = list(filterfalse(_UNDOES, listed_actions(state)))
    return rng.choice(actions)


def play_random(
    state: GameState, rng: random.Random, max_steps: int = 100_000
) -> tuple[GameState, list[Action]]:
    """Play random legal actions until the game ends; returns the final state and actions.

    The decisions come from ``rng``, the die from the game's seed (:func:`drive`).
    """
    result = drive(state, lambda s: random_action(s, rng), max_steps=max_steps)
    return result.state, list(result.actions)


def replay(state: GameState, actions: list[Action]) -> tuple[GameState, list[list[Event]]]:
    """Apply ``actions`` in order; returns the final state and each step's events."""
    log: list[list[Event]] = []
    for action in actions:
        state, events = apply(state, action)
        log.append(events)
    return state, log

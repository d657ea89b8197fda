"""Setting up a game (R-SETUP-1..5)."""

from __future__ import annotations

import random
from collections.abc import Container, Iterable, Sequence

from swlab.i18n import _
from swlab.rules.abilities.base import Power, Race
from swlab.rules.abilities.registry import (
    CUSTOM_POWERS,
    CUSTOM_RACES,
    POWERS,
    RACES,
    race_badge,
    register_custom,
)
from swlab.rules.engine import start_turn
from swlab.rules.events import Event
from swlab.rules.geo import BoardLike, Geo
from swlab.rules.ops import refill_column
from swlab.rules.state import (
    GameState,
    Holdings,
    PlayerState,
    RegionState,
    Stage,
    TurnState,
    setup_regions,
)
from swlab.rules.state import setup_region as setup_region  # its home is state.py now

START_COINS = 5  # R-SETUP-4


def shuffled_stack(
    top: Sequence[str], pool: Iterable[str], rng: random.Random, placed: Container[str] = ()
) -> tuple[str, ...]:
    """A stack of banners or badges: ``top`` first, then the rest of ``pool`` shuffled.

    Names in ``placed`` (elsewhere in the game) leave the pool *before* the shuffle, names
    of ``top`` *after* it: the order :func:`new_game` and scenario files have always used,
    so that seeded games, records and scenario files keep their stacks (R-SETUP-3).
    """
    rest = [n for n in pool if n not in placed]
    rng.shuffle(rest)
    return (*top, *(n for n in rest if n not in top))


def _order(
    names: list[str], given: list[str] | None, rng: random.Random, what: str
) -> tuple[str, ...]:
    if given:
        unknown = [g for g in given if g not in names]
        if unknown:
            raise ValueError(f"unknown {what} {unknown[0]!r}; known {what}s: {', '.join(names)}")
        if len(set(given)) != len(given):
            raise ValueError(f"a {what} appears twice in {given}")
    return shuffled_stack(given or (), names, rng)


def board_problem(board: BoardLike) -> str | None:
    """Why ``board`` is no Small World board, or ``None`` (R-COMP-1). A Terra Mystica map
    shares the map layer (hexes in the same GeoJSON) but not this game."""
    if getattr(board, "profile", "small_world") == "terra_mystica":
        return (
            _("{board} is a Terra Mystica map, not a Small World board").format(board=board.name)
            + " (R-COMP-1)"
        )
    return None


def seat_problem(players: int, board: BoardLike) -> str | None:
    """Why ``players`` seats cannot play on ``board`` (R-COMP-1, R-SETUP-1), or ``None``."""
    problem = board_problem(board)
    if problem is not None:
        return problem
    if not 2 <= players <= 6:
        return (
            _("Small World is played by 2 to 6 players, not {players}").format(players=players)
            + " (R-COMP-1)"
        )
    if board.players != players:
        return (
            _("{board} is the board for {seats} players, not {players}").format(
                board=board.name, seats=board.players, players=players
            )
            + " (R-SETUP-1)"
        )
    return None


def _setup(geo: Geo) -> tuple[tuple[RegionState, ...], Holdings]:
    """Every region as at setup (R-SETUP-2) and their holdings: the same for every game on
    a board, so made once per board (``Geo.per_board``)."""
    regions = setup_regions(geo)
    return regions, Holdings.scan(regions, regions)


def _names(
    given: list[str] | list[str | Race] | list[str | Power] | None,
    custom: dict[str, Race] | dict[str, Power],
) -> tuple[list[str] | None, list[str]]:
    """Names of the given badges, and which of them are custom ones (R-COMP-4).

    A badge object given here is registered (so records and replays find it by name).
    """
    if given is None:
        return None, []
    names: list[str] = []
    for item in given:
        if isinstance(item, Race | Power):
            if item.name not in RACES and item.name not in POWERS:
                register_custom(item)
            names.append(item.name)
        else:
            names.append(item)
    return names, [n for n in names if n in custom]


def new_game(
    board: BoardLike,
    players: int | list[str],
    *,
    seed: int | None = None,
    races: list[str] | list[str | Race] | None = None,
    powers: list[str] | list[str | Power] | None = None,
) -> GameState:
    """A game ready for the first player's first action.

    R-SETUP-1: the board's turn track; R-SETUP-2: a Lost Tribe on each Lost Tribe symbol,
    a Mountain on each Mountain region; R-SETUP-3: the 14 banners and 20 badges shuffled
    with ``seed`` (``races`` / ``powers`` give the top of the stacks explicitly, the rest
    follows shuffled), 6 visible combos; R-SETUP-4: 5 coins each; R-SETUP-5: seat 0 starts
    and play goes in seat order. The seed is kept in the state for later reshuffles
    (R-PICK-5).

    ``races`` and ``powers`` may also hold custom badges (R-COMP-4, built with
    :mod:`swlab.rules.abilities.custom`) or the names of registered ones: they join this
    game's stacks, on top with the other given names.
    """
    names = (
        [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    )
    problem = seat_problem(len(names), board)
    if problem is not None:
        raise ValueError(problem)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    race_names, custom_races = _names(races, CUSTOM_RACES)
    power_names, custom_powers = _names(powers, CUSTOM_POWERS)
    race_stack = _order([*RACES, *custom_races], race_names, rng, "race")
    power_stack = _order([*POWERS, *custom_powers], power_names, rng, "power")
    geo = Geo.from_board(board)  # built once per board (geo.py)
    regions, held = geo.per_board("setup", _setup)
    state = GameState(
        geo=geo,
        regions=regions,
        players=tuple(PlayerState(name, START_COINS) for name in names),
        column=(),
        race_stack=race_stack,
        power_stack=power_stack,
        power_discard=(),
        trays=tuple((name, race_badge(name).tray) for name in [*RACES, *custom_races]),
        round=1,
        current=0,
        turn=TurnState(stage=Stage.PICK, actor=0),
        seed=seed,
    )
    state = state.given_holdings(held)  # counted once per board too (see state.py)
    state, _ = refill_column(state)
    events: list[Event] = []
    state = start_turn(state, 0, events)
    return state.updated()  # a state without the memo of the steps above

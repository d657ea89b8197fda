"""A fixed-shape numpy encoding of the public state, as one seat sees it.

One flat ``float32`` vector whose length depends only on the board (``N`` regions) and the
number of players ``P`` (:func:`observation_size`). It is made of sections, in this order;
:func:`layout` gives each section's start and shape, so ``obs[start:stop].reshape(shape)``
reads it back as a table. Seats are **relative**: column/row 0 is the observing seat, 1 the
next seat in turn order, ... (a policy then plays every seat alike); ``seat`` gives the
observer's own seat number.

=============  ==============  =============================================================
section        shape           columns
=============  ==============  =============================================================
``regions``    N x F           per region, in ``board.ids`` order: owner (P+1 one-hot: none,
                               then relative seats), race (16 one-hot: none, the 14 races of
                               R-COMP-2 in the rulebook's order, a custom race), tokens, in
                               decline, each piece of R-COMP-5 as a count (mountain,
                               fortress, lair, encampments, lost tribes, hole, hero,
                               dragon), terrain (7 one-hot), symbols (4: mine, magic,
                               cavern, lost tribe), edge, coastal, conquered this turn,
                               target of the final conquest (R-CONQ-10)
``column``     6 x C           the combos on offer, top first (R-PICK-1): present, race (16
                               one-hot), power (22 one-hot: none, the 20 powers of R-COMP-3,
                               a custom power), victory coins placed on it (R-PICK-2)
``players``    P x Q           per relative seat: active race (16 one-hot), its power (22
                               one-hot), tokens in hand, in reserve (Amazons), decline races
                               (16 multi-hot), regions owned (R-SCORE-1)
``turn``       T               stage (9 one-hot, :class:`~swlab.rules.Stage`), acting race
                               (16 one-hot), actor (P one-hot, relative: who decides now),
                               current player (P one-hot, relative), round, rounds of the
                               board (R-SETUP-1)
``own``        1 + P           the observer's own victory coins, its seat (P one-hot)
``supply``     3 + 16          races in the race stack, powers in the power stack, badges
                               in the discard (counts only), tokens left in each race's tray
=============  ==============  =============================================================

What is hidden (never in the vector): the other players' victory coins (R-SETUP-4: coins
are kept face down), the order of the race and power stacks (only how many are left), the
game's seed (which draws the die) and the die faces a teacher fixed. Counts are raw
numbers (tokens, coins, rounds), not scaled.

>>> from swlab.board import official_board
>>> from swlab.rules import new_game
>>> state = new_game(official_board(2), 2, seed=1)
>>> observe(state, 0).shape == (observation_size(state.geo, 2),)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import prod
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from swlab.board.model import SYMBOLS, TERRAINS
from swlab.rules import POWERS, RACES, GameState, Geo, Stage
from swlab.rules.ops import COLUMN_SIZE
from swlab.rules.pieces import PIECES
from swlab.rules.state import NOBODY

#: The races of R-COMP-2 in the rulebook's order; slot 0 is "none", the last a custom race.
RACE_NAMES: tuple[str, ...] = tuple(RACES)
#: The powers of R-COMP-3 in the rulebook's order; slot 0 is "none", the last a custom one.
POWER_NAMES: tuple[str, ...] = tuple(POWERS)
RACE_SLOTS = len(RACE_NAMES) + 2
POWER_SLOTS = len(POWER_NAMES) + 2
STAGES: tuple[Stage, ...] = tuple(Stage)
_RACE = {name: k + 1 for k, name in enumerate(RACE_NAMES)}
_POWER = {name: k + 1 for k, name in enumerate(POWER_NAMES)}
_TERRAIN = {name: k for k, name in enumerate(TERRAINS)}
_STAGE = {stage: k for k, stage in enumerate(STAGES)}
#: a region's owner, tokens, decline flag and pieces, as numbers
_region_values = attrgetter("owner", "tokens", "in_decline", *(p.field for p in PIECES))


def race_slot(name: str) -> int:
    """0 for no race, 1..14 for the races of R-COMP-2, the last slot for a custom race."""
    return _RACE.get(name, RACE_SLOTS - 1) if name else 0


def power_slot(name: str) -> int:
    """0 for no power, 1..20 for the powers of R-COMP-3, the last slot for a custom one."""
    return _POWER.get(name, POWER_SLOTS - 1) if name else 0


@dataclass(frozen=True)
class Section:
    """One section of the vector: ``obs[start:stop].reshape(shape)``."""

    name: str
    start: int
    shape: tuple[int, ...]

    @property
    def stop(self) -> int:
        return self.start + prod(self.shape)


def region_columns(players: int) -> int:
    """F: the columns of one region."""
    return (players + 1) + RACE_SLOTS + 2 + len(PIECES) + len(TERRAINS) + len(SYMBOLS) + 4


@cache
def layout(regions: int, players: int) -> tuple[Section, ...]:
    """The sections of the vector for ``regions`` regions and ``players`` players."""
    shapes = [
        ("regions", (regions, region_columns(players))),
        ("column", (COLUMN_SIZE, 1 + RACE_SLOTS + POWER_SLOTS + 1)),
        ("players", (players, RACE_SLOTS + POWER_SLOTS + 2 + RACE_SLOTS + 1)),
        ("turn", (len(STAGES) + RACE_SLOTS + 2 * players + 2,)),
        ("own", (1 + players,)),
        ("supply", (3 + RACE_SLOTS,)),
    ]
    out: list[Section] = []
    start = 0
    for name, shape in shapes:
        out.append(Section(name, start, shape))
        start = out[-1].stop
    return tuple(out)


def observation_size(geo: Geo, players: int) -> int:
    """The length of the vector for this board and number of players."""
    return layout(len(geo), players)[-1].stop


def _static_regions(geo: Geo, players: int) -> npt.NDArray[np.float32]:
    """The columns of the regions that never change (terrain, symbols, edge, coast)."""
    table = np.zeros((len(geo), region_columns(players)), dtype=np.float32)
    base = (players + 1) + RACE_SLOTS + 2 + len(PIECES)
    for i in range(len(geo)):
        terrain = _TERRAIN.get(geo.terrain[i])
        if terrain is not None:
            table[i, base + terrain] = 1
        for k, symbol in enumerate(SYMBOLS):
            table[i, base + len(TERRAINS) + k] = symbol in geo.symbols[i]
        table[i, base + len(TERRAINS) + len(SYMBOLS)] = i in geo.edge
        table[i, base + len(TERRAINS) + len(SYMBOLS) + 1] = i in geo.coastal
    return table


def observe(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The public state as seat ``seat`` sees it (see the module for the layout); a new
    array each time (made once per state and seat, kept in the state's memo)."""
    players = len(state.players)
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not one of the {players} seats")
    key = ("rl observation", seat)
    made: npt.NDArray[np.float32] | None = state.memo.get(key)
    if made is None:
        made = state.memo[key] = _observe(state, seat)
    return made.copy()


def _observe(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    geo, players = state.geo, len(state.players)
    sections = {s.name: s for s in layout(len(geo), players)}
    obs = np.zeros(sections["supply"].stop, dtype=np.float32)

    def rel(player: int) -> int:
        return (player - seat) % players

    # regions: one row of numbers per region, then the one-hot columns
    static = geo.per_board(("rl static regions", players), lambda g: _static_regions(g, players))
    table = static.copy()
    values = np.array([_region_values(r) for r in state.regions], dtype=np.float32)
    rows = np.arange(len(geo))
    owner = values[:, 0].astype(np.int64)
    table[rows, np.where(owner == NOBODY, 0, 1 + (owner - seat) % players)] = 1
    table[rows, players + 1 + np.array([race_slot(r.race) for r in state.regions])] = 1
    pieces = (players + 1) + RACE_SLOTS
    table[:, pieces : pieces + 2 + len(PIECES)] = values[:, 1:]
    last = table.shape[1] - 2
    for c in state.turn.conquests:  # region positions
        table[c.region, last] = 1
    if state.turn.final_region >= 0:
        table[state.turn.final_region, last + 1] = 1
    s = sections["regions"]
    obs[s.start : s.stop] = table.ravel()

    # the column of combos
    s = sections["column"]
    column = obs[s.start : s.stop].reshape(s.shape)
    for k, combo in enumerate(state.column[:COLUMN_SIZE]):
        column[k, 0] = 1
        column[k, 1 + race_slot(combo.race)] = 1
        column[k, 1 + RACE_SLOTS + power_slot(combo.power)] = 1
        column[k, -1] = combo.coins

    # the players, observer first
    s = sections["players"]
    seats = obs[s.start : s.stop].reshape(s.shape)
    for p, player in enumerate(state.players):
        row = seats[rel(p)]
        active = player.active
        row[race_slot(active.name if active else "")] = 1
        row[RACE_SLOTS + power_slot(active.power if active else "")] = 1
        row[RACE_SLOTS + POWER_SLOTS] = active.hand if active else 0
        row[RACE_SLOTS + POWER_SLOTS + 1] = active.reserve if active else 0
        for race in player.declined:
            row[RACE_SLOTS + POWER_SLOTS + 2 + race_slot(race.name)] = 1
        row[-1] = state.regions_of(p)

    # the turn
    s = sections["turn"]
    turn = obs[s.start : s.stop]
    turn[_STAGE[state.turn.stage]] = 1
    k = len(STAGES)
    turn[k + race_slot(state.turn.acting)] = 1
    k += RACE_SLOTS
    if state.turn.stage is not Stage.GAME_OVER:
        turn[k + rel(state.turn.actor)] = 1
    turn[k + players + rel(state.current)] = 1
    turn[-2] = state.round
    turn[-1] = geo.turns

    # what only the observer knows of itself (R-SETUP-4)
    s = sections["own"]
    obs[s.start] = state.players[seat].coins
    obs[s.start + 1 + seat] = 1

    # the supply: how many badges are left, never their order
    s = sections["supply"]
    obs[s.start] = len(state.race_stack)
    obs[s.start + 1] = len(state.power_stack)
    obs[s.start + 2] = len(state.power_discard)
    for name, n in state.trays:
        obs[s.start + 3 + race_slot(name)] += n
    return obs

"""A board generator that aims at fairness: boards whose seat distance is at most ``D``.

::

    from swlab.balance.fair import Constraints, generate_fair
    result = generate_fair(Constraints(players=2, water_share=0.15), target=0.05)
    result.reached, result.distance, result.interval, result.board

The same as ``swlab map generate --players 2 --water-share 0.15 --fair 0.05 -o fair.geojson``.
The **seat distance** is the fingerprint's (:mod:`swlab.balance.fingerprint`): over the
games of the fast bot styles, ``max_s |r_s - 1/k|``. A board is returned as fair only when
its distance is at most ``D`` on at least :data:`MIN_VERIFY_GAMES` games never used to
choose it.

**The designer's constraints** (:class:`Constraints`): regions per player, terrain shares
of the land, the number (or share) of Mines, Magic sources and Caverns, Lost Tribes, the
water share and the fewest and most neighbours a region may have. They are turned into
exact counts first (:func:`recipe`); a request no board can meet is refused there, or
after :data:`MAX_DRAWS` drawn boards, with a :class:`ConstraintError` naming the constraint
that binds and its numbers. Every candidate meets every constraint: the boards are drawn
by :func:`swlab.board.voronoi.random_board` with the recipe's water and terrain, their
symbols dealt to the recipe's counts, and each move below keeps every count and border.

**The moves.** The games say which seat wins most (favoured) and least (disfavoured) and,
per seat, which regions its races conquered first (the fingerprint's first-conquest
popularity, per seat). A move changes the land around those likely first conquests:
swap two regions' terrain and symbols between the favoured seat's area and the
disfavoured one's, move a Lost Tribe into the favoured seat's area, or move a Mine, Magic
source or Cavern into the disfavoured seat's; or start again from a new seed.

**The method: racing, in three stages** (successive halving of the games spent on a board):

1. *screen*: every candidate plays the same ``screen_games`` seeded games per style (common
   random numbers: two boards are compared on the same seeds, which makes the comparison
   sharper than independent games would). A move whose board screens better replaces the
   board it came from (hill climbing); after :data:`PATIENCE` moves without a better board,
   the search starts again from a new seed.
2. *confirm*: a board that screens at ``D`` or below plays twice as many games again on the
   next seeds; most lucky screens end here, for a fifth of the price of a verification.
3. *verify*: a board still at ``D`` or below after that plays at least
   :data:`MIN_VERIFY_GAMES` **new** games (seeds no screen used). Only this count decides:
   the boards were chosen for their low screen distance, so those games flatter them
   (the winner's curse), while fresh games do not.

Why not full counts for every candidate: 400 games cost minutes on two cores, and most
candidates are seen to be unfair after 60. Why not a smaller final count: the distance's
95 % interval over 400 two-player games is still about ±5 points wide.

Everything is drawn from ``seed`` and the games are the balance lab's (game ``g`` of a
run uses seed ``seed + g``), so the same seed gives the same boards, moves and numbers
serially or on any number of Dask workers. Only ``max_seconds`` depends on the machine.
"""

from __future__ import annotations

import dataclasses
import math
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

import numpy as np

from swlab.balance.fingerprint import (
    DEFAULT_STYLES,
    Fingerprint,
    StyleFingerprint,
    fingerprint,
    from_outcomes,
    rate_with_interval,
)
from swlab.balance.runner import CONNECT_TIMEOUT_S, GameOutcome, local_cluster, plays_serially
from swlab.board.model import (
    LOST_TRIBE_TOKENS,
    MOUNTAIN_TOKENS,
    TURNS_BY_PLAYERS,
    Board,
    Region,
    Symbol,
    Terrain,
)
from swlab.board.validate import check_board
from swlab.board.voronoi import (
    BOX_LIMIT_REGIONS,
    LAND_TERRAINS,
    LOST_TRIBE_SHARE,
    SYMBOL_SHARE,
    land_counts,
    random_board,
)
from swlab.i18n import _, ngettext, percent

if TYPE_CHECKING:
    from distributed import Security

__all__ = [
    "MIN_VERIFY_GAMES",
    "ConstraintError",
    "Constraints",
    "FairResult",
    "Recipe",
    "generate_fair",
    "recipe",
    "violations",
]

#: The fewest games the final verification plays (fresh seeds).
MIN_VERIFY_GAMES = 400
#: Regions of the official board for each player count (the default regions per player).
OFFICIAL_REGIONS: dict[int, int] = {2: 23, 3: 30, 4: 39, 5: 48, 6: 48}
#: The official boards' water: 2 Seas and the Lake of 23 regions.
DEFAULT_WATER_SHARE = 3 / 23
#: Land regions a player needs at the least: a first conquest and room to grow.
MIN_LAND_PER_PLAYER = 3
#: Boards drawn to meet the constraints before the binding one is named.
MAX_DRAWS = 120
#: Moves without a better screen before the search starts again from a new seed.
PATIENCE = 6
#: Boards drawn and screened before the first move.
POPULATION = 3
#: First conquests of a seat whose neighbourhood is "its area".
AREA_TOP = 3
#: The three symbols a region carries one of at the most (Lost Tribes apart).
POWER_SYMBOLS: tuple[str, ...] = (Symbol.MINE.value, Symbol.MAGIC.value, Symbol.CAVERN.value)
#: Planar maps: the average region has fewer than 6 neighbours (Euler's formula).
PLANAR_DEGREE = 6


class ConstraintError(ValueError):
    """The designer's constraints cannot be met; ``constraint`` names the one that binds."""

    def __init__(self, constraint: str, message: str) -> None:
        super().__init__(message)
        self.constraint = constraint


@dataclass(frozen=True)
class Constraints:
    """What a designer asks of the board. ``None`` takes the official boards' proportions.

    A count-or-share value (``symbols``, ``lost_tribes``) is a count when it is a whole
    number of 1 or more, and a share of the land (of the land that is not Mountain, for
    Lost Tribes) when it is below 1.
    """

    players: int
    regions_per_player: float | None = None
    #: land terrain -> share of the land; unnamed land terrains share what is left evenly
    terrain_shares: Mapping[str, float] | None = None
    #: mine, magic, cavern -> count or share of the land (the others: a fifth each)
    symbols: Mapping[str, float] | None = None
    lost_tribes: float | None = None
    water_share: float | None = None
    min_neighbours: int | None = None
    max_neighbours: int | None = None


@dataclass(frozen=True)
class Recipe:
    """The exact counts of a board that meets :class:`Constraints`."""

    players: int
    regions: int
    seas: int
    lake: bool
    terrains: dict[str, int]  #: land terrain -> regions
    symbols: dict[str, int]  #: mine, magic, cavern -> regions
    lost_tribes: int
    min_neighbours: int | None
    max_neighbours: int | None

    @property
    def water(self) -> int:
        return self.seas + int(self.lake)

    @property
    def land(self) -> int:
        return self.regions - self.water


def _count(value: float, base: int, what: str) -> int:
    """A count-or-share value as a count of ``base`` regions."""
    if not (math.isfinite(value) and value >= 0):
        raise ValueError(
            _("{what}: {value} is not a count or a share").format(what=what, value=value)
        )
    if value < 1:
        return round(value * base)
    if value != int(value):
        raise ValueError(
            _("{what}: {value} is neither a whole count nor a share below 1").format(
                what=what, value=value
            )
        )
    return int(value)


def _terrain_mix(shares: Mapping[str, float] | None) -> dict[str, float]:
    """Every land terrain's share: the named ones, the rest split evenly among the others."""
    if shares is None:
        return dict.fromkeys(LAND_TERRAINS, 1 / len(LAND_TERRAINS))
    for terrain, share in shares.items():
        if terrain not in LAND_TERRAINS:
            raise ValueError(
                _("terrain shares: {terrain} is not a land terrain ({terrains})").format(
                    terrain=repr(terrain), terrains=", ".join(LAND_TERRAINS)
                )
            )
        if not (math.isfinite(share) and 0 <= share <= 1):
            raise ValueError(
                _("terrain shares: {terrain} {share} is not a share from 0 to 1").format(
                    terrain=terrain, share=share
                )
            )
    given = sum(shares.values())
    rest = [t for t in LAND_TERRAINS if t not in shares]
    if given > 1 + 1e-9 or (not rest and abs(given - 1) > 1e-6):
        raise ValueError(_("terrain shares add up to {total}, not 1").format(total=f"{given:g}"))
    mix = {t: float(shares.get(t, 0.0)) for t in LAND_TERRAINS}
    for terrain in rest:
        mix[terrain] = max(0.0, 1 - given) / len(rest)
    if sum(mix.values()) <= 0:
        raise ValueError(_("terrain shares give the land no terrain"))
    return mix


def recipe(constraints: Constraints) -> Recipe:
    """The exact counts the constraints ask for; :class:`ConstraintError` when no board
    can hold them (the message names the constraint and the numbers)."""
    c = constraints
    players = c.players
    if players not in TURNS_BY_PLAYERS:
        raise ValueError(
            _("players must be 2 to 6 (R-COMP-1), not {players}").format(players=players)
        )
    per_player = c.regions_per_player
    if per_player is None:
        regions = OFFICIAL_REGIONS[players]
    else:
        if not (math.isfinite(per_player) and per_player > 0):
            raise ValueError(
                _("regions per player must be a positive number, not {value}").format(
                    value=per_player
                )
            )
        regions = round(per_player * players)
    share = DEFAULT_WATER_SHARE if c.water_share is None else c.water_share
    if not (math.isfinite(share) and 0 <= share < 1):
        raise ValueError(
            _("water share must be from 0 to below 1, not {value}").format(value=share)
        )
    water = round(share * regions)
    lake = water >= 2  # one Lake inland, the rest Seas on the edge, as on the printed boards
    land = regions - water
    least = MIN_LAND_PER_PLAYER * players
    if land < least:
        name = _("water share") if c.water_share is not None else _("regions per player")
        raise ConstraintError(
            name,
            _(
                "{constraint}: {regions} regions with a water share of {share} leave "
                "{land} land regions; {players} players need at least {least} "
                "({each} each)"
            ).format(
                constraint=name,
                regions=regions,
                share=percent(share),
                land=land,
                players=players,
                least=least,
                each=MIN_LAND_PER_PLAYER,
            ),
        )
    mix = _terrain_mix(c.terrain_shares)
    terrains = land_counts(land, {t: w for t, w in mix.items() if w > 0}, cap_mountains=False)
    mountains = terrains.get(Terrain.MOUNTAIN.value, 0)
    if regions <= BOX_LIMIT_REGIONS and mountains > MOUNTAIN_TOKENS:
        name = _("terrain shares")
        raise ConstraintError(
            name,
            _(
                "{constraint}: a Mountain share of {share} of {land} land regions is "
                "{mountains} Mountains; the box holds {tokens} Mountain tokens (R-COMP-5)"
            ).format(
                constraint=name,
                share=percent(mix[Terrain.MOUNTAIN.value]),
                land=land,
                mountains=mountains,
                tokens=MOUNTAIN_TOKENS,
            ),
        )
    asked = dict(c.symbols or {})
    for symbol in asked:
        if symbol not in POWER_SYMBOLS:
            raise ValueError(
                _("symbols: {symbol} is not one of {symbols}").format(
                    symbol=repr(symbol), symbols=", ".join(POWER_SYMBOLS)
                )
            )
    symbols = {
        s: _count(asked[s], land, _("symbols")) if s in asked else round(land * SYMBOL_SHARE)
        for s in POWER_SYMBOLS
    }
    if sum(symbols.values()) > land:
        name = _("symbols")
        raise ConstraintError(
            name,
            _(
                "{constraint}: {mines} Mines, {magic} Magic sources and {caverns} Caverns "
                "are {total} symbols for {land} land regions; a region carries one of them "
                "at the most"
            ).format(
                constraint=name,
                mines=symbols["mine"],
                magic=symbols["magic"],
                caverns=symbols["cavern"],
                total=sum(symbols.values()),
                land=land,
            ),
        )
    lowland = land - mountains
    if c.lost_tribes is None:
        tribes = round(lowland * LOST_TRIBE_SHARE)
        if regions <= BOX_LIMIT_REGIONS:
            tribes = min(tribes, LOST_TRIBE_TOKENS)
    else:
        tribes = _count(c.lost_tribes, lowland, _("lost tribes"))
    name = _("lost tribes")
    if regions <= BOX_LIMIT_REGIONS and tribes > LOST_TRIBE_TOKENS:
        raise ConstraintError(
            name,
            _(
                "{constraint}: {tribes} asked; the box holds {tokens} Lost Tribe tokens (R-COMP-2)"
            ).format(constraint=name, tribes=tribes, tokens=LOST_TRIBE_TOKENS),
        )
    if tribes > lowland:
        raise ConstraintError(
            name,
            _(
                "{constraint}: {tribes} asked, but only {lowland} land regions are not "
                "Mountains (a Lost Tribe never starts on a Mountain)"
            ).format(constraint=name, tribes=tribes, lowland=lowland),
        )
    _check_neighbours(c.min_neighbours, c.max_neighbours, regions)
    return Recipe(
        players,
        regions,
        water - int(lake),
        lake,
        terrains,
        symbols,
        tribes,
        c.min_neighbours,
        c.max_neighbours,
    )


def _check_neighbours(low: int | None, high: int | None, regions: int) -> None:
    """Borders per region a plane can hold: on a map the average region has fewer than 6
    neighbours (Euler's formula), so no board gives every region 6 or more."""
    name = _("borders per region")
    for value, option in ((low, "min"), (high, "max")):
        if value is not None and value < 0:
            raise ValueError(
                _("{constraint}: {option} {value} is not a number of neighbours").format(
                    constraint=name, option=option, value=value
                )
            )
    if low is not None and high is not None and low > high:
        raise ConstraintError(
            name,
            _("{constraint}: at least {low} and at most {high} neighbours cannot both hold").format(
                constraint=name, low=low, high=high
            ),
        )
    if low is not None and low >= PLANAR_DEGREE:
        raise ConstraintError(
            name,
            _(
                "{constraint}: at least {low} neighbours for every region; on a flat board "
                "of {regions} regions the average region has fewer than {planar} "
                "(Euler's formula), so no board has that"
            ).format(constraint=name, low=low, regions=regions, planar=PLANAR_DEGREE),
        )
    if low is not None and low >= regions:
        raise ConstraintError(
            name,
            _("{constraint}: at least {low} neighbours on a board of {regions} regions").format(
                constraint=name, low=low, regions=regions
            ),
        )


# --- boards that meet the recipe ------------------------------------------------------------
def _degrees(board: Board) -> list[int]:
    return [len(board.neighbours(rid)) for rid in board.ids]


def violations(board: Board, wanted: Recipe) -> list[str]:
    """How ``board`` departs from ``wanted`` (nothing: it meets every constraint)."""
    found: list[str] = []
    seas = sum(r.terrain == Terrain.SEA for r in board)
    lakes = sum(r.terrain == Terrain.LAKE for r in board)
    if (len(board), seas, lakes) != (wanted.regions, wanted.seas, int(wanted.lake)):
        found.append(
            _("{regions} regions, {seas} Seas, {lakes} Lakes; wanted {want}").format(
                regions=len(board),
                seas=seas,
                lakes=lakes,
                want=f"{wanted.regions}, {wanted.seas}, {int(wanted.lake)}",
            )
        )
    terrains = Counter(r.terrain for r in board if not r.is_water)
    if {t: n for t, n in terrains.items() if n} != {t: n for t, n in wanted.terrains.items() if n}:
        found.append(
            _("terrains {have}; wanted {want}").format(have=dict(terrains), want=wanted.terrains)
        )
    for symbol, n in wanted.symbols.items():
        have = sum(r.has(symbol) for r in board)
        if have != n:
            found.append(_("{have} {symbol}; wanted {n}").format(have=have, symbol=symbol, n=n))
    if any(sum(r.has(s) for s in POWER_SYMBOLS) > 1 or (r.is_water and r.symbols) for r in board):
        found.append(_("a region with two symbols, or a symbol on water"))
    tribes = [r for r in board if r.has(Symbol.LOST_TRIBE)]
    if len(tribes) != wanted.lost_tribes or any(r.is_mountain or r.is_water for r in tribes):
        found.append(
            _("{have} Lost Tribes; wanted {want}, none on Mountains or water").format(
                have=len(tribes), want=wanted.lost_tribes
            )
        )
    degrees = _degrees(board)
    if wanted.min_neighbours is not None and min(degrees) < wanted.min_neighbours:
        found.append(_("a region with {n} neighbours").format(n=min(degrees)))
    if wanted.max_neighbours is not None and max(degrees) > wanted.max_neighbours:
        found.append(_("a region with {n} neighbours").format(n=max(degrees)))
    return found


def _dealt(board: Board, wanted: Recipe, rng: np.random.Generator) -> Board:
    """``board`` with its symbols dealt again to the recipe's counts: Mines, Magic sources
    and Caverns on distinct land regions, Lost Tribes on land that is not Mountain."""
    land = [k for k, r in enumerate(board.regions) if not r.is_water]
    symbols: list[set[str]] = [set() for _ in board.regions]
    order = rng.permutation(land).tolist()
    start = 0
    for symbol in POWER_SYMBOLS:
        for k in order[start : start + wanted.symbols[symbol]]:
            symbols[k].add(symbol)
        start += wanted.symbols[symbol]
    lowland = [k for k in land if not board.regions[k].is_mountain]
    for k in rng.choice(lowland, size=wanted.lost_tribes, replace=False).tolist():
        symbols[k].add(Symbol.LOST_TRIBE.value)
    regions = tuple(
        dataclasses.replace(r, symbols=frozenset(s))
        for r, s in zip(board.regions, symbols, strict=True)
    )
    return dataclasses.replace(board, regions=regions)


@dataclass
class _Misses:
    """Why drawn boards failed, to name the binding constraint when none passes."""

    draws: int = 0
    seas: int = 0  #: the most Seas a draw could hold
    lowest_max: int | None = None  #: the smallest "most neighbours" of a draw
    highest_min: int | None = None  #: the largest "fewest neighbours" of a draw
    water_missed: int = 0
    degree_missed: int = 0
    invalid: int = 0

    def error(self, wanted: Recipe) -> ConstraintError:
        if self.water_missed >= max(self.degree_missed, self.invalid):
            name = _("water share")
            return ConstraintError(
                name,
                _(
                    "{constraint}: {water} water regions of {regions} need {seas} Seas on "
                    "the board's edge and {lakes} Lake inland; in {draws} drawn boards the "
                    "edge held {most} Seas at the most (one edge region stays land)"
                ).format(
                    constraint=name,
                    water=wanted.water,
                    regions=wanted.regions,
                    seas=wanted.seas,
                    lakes=int(wanted.lake),
                    draws=self.draws,
                    most=self.seas,
                ),
            )
        if self.degree_missed >= self.invalid:
            name = _("borders per region")
            low, high = wanted.min_neighbours, wanted.max_neighbours
            if low is not None and high is not None:
                asked = _("{low} to {high} neighbours").format(low=low, high=high)
            elif low is not None:
                asked = _("at least {low} neighbours").format(low=low)
            else:
                asked = _("at most {high} neighbours").format(high=high)
            return ConstraintError(
                name,
                _(
                    "{constraint}: none of {draws} drawn boards of {regions} regions gives "
                    "every region {asked} (the closest: {closest_low} to {closest_high}; "
                    "regions in the board's corners have the fewest)"
                ).format(
                    constraint=name,
                    draws=self.draws,
                    regions=wanted.regions,
                    asked=asked,
                    closest_low=self.highest_min,
                    closest_high=self.lowest_max,
                ),
            )
        name = _("regions per player")
        return ConstraintError(
            name,
            _(
                "{constraint}: none of {draws} drawn boards of {regions} regions passes "
                "`swlab map check`"
            ).format(constraint=name, draws=self.draws, regions=wanted.regions),
        )


def _draws(wanted: Recipe, seed: int) -> Iterator[tuple[int, Board]]:
    """Boards meeting ``wanted``, each with the seed it was drawn from, endlessly; a
    :class:`ConstraintError` when :data:`MAX_DRAWS` draws in a row give none."""
    seeds = np.random.default_rng([seed, 27])
    misses = _Misses()
    mix = {t: float(n) for t, n in wanted.terrains.items() if n > 0} or None
    while True:
        draw = int(seeds.integers(2**31))
        misses.draws += 1
        board = random_board(
            wanted.regions,
            players=wanted.players,
            seed=draw,
            terrain_mix=mix,
            seas=wanted.seas,
            lake=wanted.lake,
        )
        seas = sum(r.terrain == Terrain.SEA for r in board)
        lakes = sum(r.terrain == Terrain.LAKE for r in board)
        degrees = _degrees(board)
        misses.seas = max(misses.seas, seas)
        low, high = min(degrees), max(degrees)
        misses.highest_min = low if misses.highest_min is None else max(misses.highest_min, low)
        misses.lowest_max = high if misses.lowest_max is None else min(misses.lowest_max, high)
        if (seas, lakes) != (wanted.seas, int(wanted.lake)):
            misses.water_missed += 1
        elif (wanted.min_neighbours is not None and low < wanted.min_neighbours) or (
            wanted.max_neighbours is not None and high > wanted.max_neighbours
        ):
            misses.degree_missed += 1
        else:
            board = _dealt(board, wanted, np.random.default_rng([draw, 28]))
            if not check_board(board) and not violations(board, wanted):
                misses = _Misses()
                yield draw, dataclasses.replace(board, name=f"fair-{wanted.players}p-s{draw}")
                continue
            misses.invalid += 1
        if misses.draws >= MAX_DRAWS:
            raise misses.error(wanted)


# --- moves ---------------------------------------------------------------------------------
def _first_conquests(outcomes: Sequence[GameOutcome], players: int) -> list[Counter[int]]:
    """Per seat, how often its races conquered each region first (R-CONQ-2)."""
    seats: list[Counter[int]] = [Counter() for _ in range(players)]
    for o in outcomes:
        for pick in o.picks:
            if pick.first_conquest >= 0:
                seats[pick.seat][pick.first_conquest] += 1
    return seats


def _area(board: Board, firsts: Counter[int]) -> list[int]:
    """A seat's area: the land of its :data:`AREA_TOP` most frequent first conquests and
    their land neighbours, in region order."""
    top = [rid for rid, _n in sorted(firsts.items(), key=lambda kv: (-kv[1], kv[0]))][:AREA_TOP]
    near = set(top)
    for rid in top:
        near |= board.neighbours(rid)
    return sorted(rid for rid in near if not board[rid].is_water)


def _with(board: Board, changed: Mapping[int, Region]) -> Board:
    regions = tuple(changed.get(r.id, r) for r in board.regions)
    return dataclasses.replace(board, regions=regions)


def _pick(rng: np.random.Generator, choices: Sequence[int]) -> int | None:
    return int(choices[int(rng.integers(len(choices)))]) if choices else None


def _move(
    board: Board, rates: Sequence[float], outcomes: Sequence[GameOutcome], rng: np.random.Generator
) -> tuple[Board, str] | None:
    """One move that keeps every count and border (see the module text), or ``None``
    when the drawn kind of move has nothing to move."""
    favoured = max(range(len(rates)), key=lambda s: (rates[s], -s))
    disfavoured = min(range(len(rates)), key=lambda s: (rates[s], s))
    firsts = _first_conquests(outcomes, len(rates))
    land = [r.id for r in board if not r.is_water]
    mine = _area(board, firsts[favoured]) or land
    theirs = _area(board, firsts[disfavoured]) or land
    only_mine = [rid for rid in mine if rid not in theirs] or mine
    only_theirs = [rid for rid in theirs if rid not in mine] or theirs
    kind = int(rng.integers(3))
    if kind == 0:  # swap terrain and symbols of two regions
        a = _pick(rng, only_mine)
        b = _pick(rng, [rid for rid in only_theirs if rid != a])
        if a is None or b is None:
            return None
        ra, rb = board[a], board[b]
        if (ra.terrain, ra.symbols) == (rb.terrain, rb.symbols):
            return None
        changed = {
            a: dataclasses.replace(ra, terrain=rb.terrain, symbols=rb.symbols),
            b: dataclasses.replace(rb, terrain=ra.terrain, symbols=ra.symbols),
        }
        text = _("regions {a} and {b} swap terrain and symbols").format(a=a, b=b)
        return _with(board, changed), text
    if kind == 1:  # a Lost Tribe into the favoured seat's area
        tribe = Symbol.LOST_TRIBE.value
        source = _pick(rng, [r for r in only_theirs if board[r].has(tribe)]) or _pick(
            rng, [r for r in land if board[r].has(tribe) and r not in mine]
        )
        target = _pick(
            rng, [r for r in mine if not board[r].has(tribe) and not board[r].is_mountain]
        )
        if source is None or target is None:
            return None
        rs, rt = board[source], board[target]
        changed = {
            source: dataclasses.replace(rs, symbols=rs.symbols - {tribe}),
            target: dataclasses.replace(rt, symbols=rt.symbols | {tribe}),
        }
        text = _("a Lost Tribe moves from region {a} to region {b}").format(a=source, b=target)
        return _with(board, changed), text
    # a Mine, Magic source or Cavern into the disfavoured seat's area
    source = _pick(rng, [r for r in only_mine if board[r].symbols & set(POWER_SYMBOLS)])
    target = _pick(rng, [r for r in theirs if not board[r].symbols & set(POWER_SYMBOLS)])
    if source is None or target is None:
        return None
    rs, rt = board[source], board[target]
    symbol = next(s for s in POWER_SYMBOLS if rs.has(s))
    changed = {
        source: dataclasses.replace(rs, symbols=rs.symbols - {symbol}),
        target: dataclasses.replace(rt, symbols=rt.symbols | {symbol}),
    }
    text = _("a {symbol} symbol moves from region {a} to region {b}").format(
        symbol=symbol, a=source, b=target
    )
    return _with(board, changed), text


# --- the search ----------------------------------------------------------------------------
@dataclass
class _Candidate:
    """One board tried, with its games: the screen (the same seeds for every board), the
    confirmation after it, and the verification (new seeds), when played."""

    number: int
    board: Board
    how: str
    screen: Fingerprint
    outcomes: dict[str, list[GameOutcome]]  #: screen and confirmation games by style
    verified: Fingerprint | None = None

    @property
    def distance(self) -> float:
        return self.screen.overall.seat_distance


@dataclass(frozen=True)
class FairResult:
    """What the search found: the board, whether it reached ``target`` and the games behind
    its distance (the verification's when one was played, else the screen's)."""

    board: Board
    target: float
    reached: bool
    fingerprint: Fingerprint
    verified: bool  #: the fingerprint is of at least :data:`MIN_VERIFY_GAMES` new games
    candidates: int
    games: int  #: every game the search played
    seconds: float
    stopped_by: str | None = None  #: the budget that ran out ("" when none did)
    history: tuple[str, ...] = field(default=(), compare=False)  #: the progress lines

    @property
    def overall(self) -> StyleFingerprint:
        return self.fingerprint.overall

    @property
    def distance(self) -> float:
        return self.overall.seat_distance

    @property
    def interval(self) -> tuple[float, float]:
        return self.overall.seat_distance_interval

    def distance_text(self) -> str:
        """``4.2% (95%: 0.0%-9.1%)`` (an en dash) on this result's games."""
        return rate_with_interval(self.distance, *self.interval, digits=1)

    def message(self) -> str:
        """One line: reached, or which budget ran out and the best board found."""
        games = self.overall.games
        if self.reached:
            return _(
                "{board}: seat distance {distance} on {games} new games, at most {target}: "
                "reached after {candidates} and {played} games in {seconds} s"
            ).format(
                board=self.board.name,
                distance=self.distance_text(),
                games=games,
                target=percent(self.target, 1),
                candidates=ngettext("{n} candidate", "{n} candidates", self.candidates).format(
                    n=self.candidates
                ),
                played=self.games,
                seconds=round(self.seconds),
            )
        checked = (
            _("on {games} new games").format(games=games)
            if self.verified
            else _("on {games} screening games (not verified)").format(games=games)
        )
        return _(
            "seat distance {target} not reached within the budget ({budget}): the best "
            "board, {board}, has a seat distance of {distance} {checked}"
        ).format(
            target=percent(self.target, 1),
            budget=self.stopped_by,
            board=self.board.name,
            distance=self.distance_text(),
            checked=checked,
        )


class _Search:
    """The state of one :func:`generate_fair` run (see the module text for the method)."""

    def __init__(
        self,
        wanted: Recipe,
        target: float,
        styles: Sequence[str],
        seed: int,
        screen_games: int,
        verify_games: int,
        budget: tuple[int, int, float | None],
        stream: TextIO | None,
        run_options: dict[str, object],
    ) -> None:
        self.wanted, self.target, self.styles, self.seed = wanted, target, tuple(styles), seed
        self.screen_games = screen_games
        self.verify_per_style = math.ceil(verify_games / len(self.styles))
        self.max_candidates, self.max_games, self.max_seconds = budget
        self.stream = stream
        self.options = run_options
        self.rng = np.random.default_rng([seed, 13])
        self.draws = _draws(wanted, seed)
        self.games = 0
        self.candidates: list[_Candidate] = []
        self.verifications = 0
        self.start = time.perf_counter()
        self.history: list[str] = []
        # the seeds: screens from here (the same for every board), verifications far after
        self.screen_seed = seed * 1_000_000
        self.verify_seed = self.screen_seed + 500_000

    # --- games ---------------------------------------------------------------------------
    def _play(
        self, board: Board, games: int, seed: int, progress: bool = False
    ) -> dict[str, list[GameOutcome]]:
        kept: dict[str, list[GameOutcome]] = {}
        fingerprint(
            board,
            self.styles,
            games,
            seed,
            keep=kept,
            progress=progress,
            stream=self.stream or sys.stderr,
            **self.options,  # type: ignore[arg-type]
        )
        self.games += games * len(self.styles)
        return kept

    def _of(
        self, board: Board, outcomes: Mapping[str, Sequence[GameOutcome]], seed: int
    ) -> Fingerprint:
        return from_outcomes(board.name, self.wanted.players, seed, outcomes, board.ids)

    def say(self, line: str) -> None:
        self.history.append(line)
        if self.stream is not None:
            self.stream.write(line + "\n")
            self.stream.flush()

    # --- budget --------------------------------------------------------------------------
    def out_of_budget(self, games_next: int, candidate: bool = True) -> str | None:
        """The budget that stops the search before ``games_next`` more games (of a new
        ``candidate``, or of one already screened), if one does."""
        if candidate and len(self.candidates) >= self.max_candidates:
            return _("{n} candidates").format(n=self.max_candidates)
        if self.games + games_next > self.max_games:
            return _("{n} games").format(n=self.max_games)
        if self.max_seconds is not None and time.perf_counter() - self.start >= self.max_seconds:
            return _("{n} s").format(n=f"{self.max_seconds:g}")
        return None

    # --- candidates ----------------------------------------------------------------------
    def screen(self, board: Board, how: str) -> _Candidate:
        outcomes = self._play(board, self.screen_games, self.screen_seed)
        number = len(self.candidates) + 1
        board = dataclasses.replace(
            board, name=f"fair-{self.wanted.players}p-s{self.seed}-c{number}"
        )
        found = _Candidate(
            number, board, how, self._of(board, outcomes, self.screen_seed), outcomes
        )
        self.candidates.append(found)
        best = self.best_screened()
        part = found.screen.overall
        self.say(
            _(
                "candidate {k} ({how}): {games} games, seat distance {distance}; best so far "
                "{best} (candidate {j})"
            ).format(
                k=number,
                how=how,
                games=part.games,
                distance=rate_with_interval(part.seat_distance, *part.seat_distance_interval, 1),
                best=percent(best.distance, 1),
                j=best.number,
            )
        )
        return found

    def fresh(self) -> _Candidate:
        draw, board = next(self.draws)
        return self.screen(board, _("new board, seed {seed}").format(seed=draw))

    def best_screened(self) -> _Candidate:
        return min(self.candidates, key=lambda c: (c.distance, c.number))

    def mutate(self, current: _Candidate) -> _Candidate | None:
        """A move from ``current`` (a few tries to find one with something to move)."""
        every = [o for outcomes in current.outcomes.values() for o in outcomes]
        for _try in range(8):
            moved = _move(current.board, current.screen.overall.rates, every, self.rng)
            if moved is not None:
                board, how = moved
                problems = violations(board, self.wanted)
                if problems:  # a move keeps every count by construction
                    raise AssertionError(f"{how}: {problems}")
                return self.screen(board, how)
        return None

    def confirm_and_verify(self, c: _Candidate) -> bool:
        """The second and third stage for a board that screened at the target or below."""
        more = 2 * self.screen_games
        cost = (more + self.verify_per_style) * len(self.styles)
        if self.out_of_budget(cost, candidate=False) is not None:
            return False
        extra = self._play(c.board, more, self.screen_seed + self.screen_games)
        joined = {s: [*c.outcomes[s], *extra[s]] for s in self.styles}
        c.outcomes = joined
        confirmed = self._of(c.board, joined, self.screen_seed).overall
        self.say(
            _("candidate {k}: {games} games, seat distance {distance}").format(
                k=c.number,
                games=confirmed.games,
                distance=rate_with_interval(
                    confirmed.seat_distance, *confirmed.seat_distance_interval, 1
                ),
            )
        )
        if confirmed.seat_distance > self.target:
            return False
        seed = self.verify_seed + self.verifications * 10_000
        self.verifications += 1
        self.say(
            _("candidate {k}: verifying on {games} new games").format(
                k=c.number, games=self.verify_per_style * len(self.styles)
            )
        )
        fresh = self._play(c.board, self.verify_per_style, seed, progress=self.stream is not None)
        c.verified = self._of(c.board, fresh, seed)
        part = c.verified.overall
        self.say(
            _("candidate {k}: seat distance {distance} on {games} new games").format(
                k=c.number,
                games=part.games,
                distance=rate_with_interval(part.seat_distance, *part.seat_distance_interval, 1),
            )
        )
        return part.seat_distance <= self.target

    def result(self, reached: _Candidate | None, stopped_by: str | None) -> FairResult:
        verified = [c for c in self.candidates if c.verified is not None]
        if reached is not None:
            best = reached
        elif verified:
            best = min(verified, key=lambda c: (c.verified.overall.seat_distance, c.number))  # type: ignore[union-attr]
        else:
            best = self.best_screened()
        fp = best.verified if best.verified is not None else best.screen
        return FairResult(
            board=best.board,
            target=self.target,
            reached=reached is not None,
            fingerprint=fp,
            verified=best.verified is not None,
            candidates=len(self.candidates),
            games=self.games,
            seconds=time.perf_counter() - self.start,
            stopped_by=stopped_by,
            history=tuple(self.history),
        )

    def run(self) -> FairResult:
        screen_cost = self.screen_games * len(self.styles)
        current: _Candidate | None = None
        stale = 0
        while True:
            stopped = self.out_of_budget(screen_cost)
            if stopped is not None:
                if not self.candidates:
                    raise ValueError(
                        _("the budget ({budget}) does not hold one screen of {games} games").format(
                            budget=stopped, games=screen_cost
                        )
                    )
                return self.result(None, stopped)
            if current is None or len(self.candidates) < POPULATION or stale >= PATIENCE:
                found = self.fresh()
                if current is None or stale >= PATIENCE or found.distance < current.distance:
                    current, stale = found, 0
            else:
                moved = self.mutate(current)
                if moved is None:
                    stale = PATIENCE
                    continue
                found = moved
                if moved.distance < current.distance:
                    current, stale = moved, 0
                else:
                    stale += 1
            if found.distance <= self.target and found.verified is None:
                if self.confirm_and_verify(found):
                    return self.result(found, None)
                if found is current:
                    stale = PATIENCE  # a lucky screen: start again elsewhere


def generate_fair(
    constraints: Constraints,
    target: float,
    *,
    styles: Sequence[str] = DEFAULT_STYLES,
    seed: int = 0,
    screen_games: int = 20,
    verify_games: int = MIN_VERIFY_GAMES,
    max_candidates: int = 60,
    max_games: int = 40_000,
    max_seconds: float | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    security: Security | None = None,
    stream: TextIO | None = None,
) -> FairResult:
    """Search for a board meeting ``constraints`` whose seat distance is at most ``target``
    on at least ``verify_games`` new games (see the module text for the method).

    ``screen_games`` games per style screen each candidate; ``max_candidates``,
    ``max_games`` (all games played) and ``max_seconds`` bound the search, which then
    returns its best board with ``reached`` false. Progress lines go to ``stream``.
    Raises :class:`ConstraintError` when the constraints cannot be met.
    """
    wanted = recipe(constraints)
    kinds = tuple(dict.fromkeys(k.strip().lower() for k in styles if k.strip()))
    if not kinds:
        raise ValueError(_("give at least one bot style"))
    k = wanted.players
    if not (0 < target < 1 - 1 / k):
        raise ValueError(
            _("the seat distance to reach must be above 0 and below {top}, not {value}").format(
                top=f"{1 - 1 / k:g}", value=target
            )
        )
    if verify_games < MIN_VERIFY_GAMES:
        raise ValueError(
            _("the verification plays at least {least} games, not {games}").format(
                least=MIN_VERIFY_GAMES, games=verify_games
            )
        )
    if screen_games < 1:
        raise ValueError(
            _("screen games must be 1 or more, not {games}").format(games=screen_games)
        )
    for name, value in ((_("max candidates"), max_candidates), (_("max games"), max_games)):
        if value < 1:
            raise ValueError(
                _("{name} must be 1 or more, not {value}").format(name=name, value=value)
            )
    options: dict[str, object] = {
        "connect_timeout": connect_timeout,
        "security": security,
        "workers": workers,
        "scheduler": scheduler,
    }
    with ExitStack() as stack:
        verify_per_style = math.ceil(verify_games / len(kinds))
        if scheduler is None and not plays_serially(workers, None, verify_per_style):
            # one local cluster for the whole search: it takes seconds to start
            cluster, _n = stack.enter_context(local_cluster(workers))
            options["scheduler"], options["workers"] = cluster.scheduler_address, None
        search = _Search(
            wanted,
            target,
            kinds,
            seed,
            screen_games,
            verify_games,
            (max_candidates, max_games, max_seconds),
            stream,
            options,
        )
        return search.run()

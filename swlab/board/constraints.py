"""The designer's constraints on a generated board, as exact counts, and boards that meet them.

A designer asks for a board by its proportions (:class:`Constraints`): regions per player,
terrain shares of the land, the number (or share) of Mines, Magic sources and Caverns, Lost
Tribes, the water share and the fewest and most neighbours a region may have. :func:`recipe`
turns them into exact counts, so every board made from them has the same pieces; a request
no board can meet is refused there, or by :func:`draws` after :data:`MAX_DRAWS` drawn boards
in a row miss it, with a :class:`ConstraintError` naming the constraint that binds and its
numbers (never a search that runs forever). :func:`draws` draws boards with
:func:`swlab.board.voronoi.random_board` at the recipe's water and terrain and deals their
symbols to the recipe's counts; :func:`violations` says what a changed board no longer meets.
The fair generator (:mod:`swlab.balance.fair`) searches among these boards.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from swlab.board.model import (
    LOST_TRIBE_TOKENS,
    MOUNTAIN_TOKENS,
    TURNS_BY_PLAYERS,
    Board,
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
from swlab.i18n import _, percent

__all__ = [
    "MAX_DRAWS",
    "POWER_SYMBOLS",
    "ConstraintError",
    "Constraints",
    "Recipe",
    "draws",
    "recipe",
    "violations",
]

#: Regions of the official board for each player count (the default regions per player).
OFFICIAL_REGIONS: dict[int, int] = {2: 23, 3: 30, 4: 39, 5: 48, 6: 48}
#: The official boards' water: 2 Seas and the Lake of 23 regions.
DEFAULT_WATER_SHARE = 3 / 23
#: Land regions a player needs at the least: a first conquest and room to grow.
MIN_LAND_PER_PLAYER = 3
#: Boards drawn to meet the constraints before the binding one is named.
MAX_DRAWS = 120
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


def draws(wanted: Recipe, seed: int) -> Iterator[tuple[int, Board]]:
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

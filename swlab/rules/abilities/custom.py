"""Custom races and powers: the blank banner and the blank badge (R-COMP-4).

The box holds one blank race banner and one blank power badge to design your own. Here a
custom badge is a token number plus effects built only from existing hooks of
:class:`~swlab.rules.abilities.base.Badge` (the same ones the 14 races and 20 powers use),
so the engine treats it like any other badge::

    from swlab.rules import new_game
    from swlab.rules.abilities.custom import custom_power, custom_race

    goblins = custom_race(
        "Goblins", 7, 14,
        coins_per={"terrain": {"hill": 1}},        # +1 coin per Hill region (like Hill)
        discount={"symbol": {"cavern": 1}},        # caverns cost 1 less (like Underworld)
        enter_anywhere=True,                       # first conquest anywhere (like Halflings)
    )
    looters = custom_power("Looting", 3, coins_per={"conquest": 1}, discount={"all": 1})
    state = new_game(board, 2, seed=1, races=[goblins], powers=[looters])

``races=[...]`` and ``powers=[...]`` accept badges as well as names: a custom badge joins the
stacks of *that* game only (on top, like any name given there); other games never see it.
Its name is registered so that the engine, records and replays can find it by name in this
process (:func:`swlab.rules.abilities.registry.race_badge`); defining the same name again
replaces the earlier definition. Names of the 14 races and 20 powers are refused.

Limits (R-COMP-4, the advice printed on the blanks): a custom race's banner value is at most
**10** and a custom power's badge value at most **5**, "or the tray may run dry"; larger
values raise ``ValueError`` naming the limit. A custom race also gives its ``tray`` (how many
tokens the box holds for it, R-COMP-2), at least its banner value.

Effects (every one optional; a race's effects end in decline unless said otherwise):

``coins_per``
    ``{"terrain": {"hill": 1}, "symbol": {"mine": 1}, "region": 1, "conquest": 1}``: coins
    at the end of the turn per region of a terrain, per region with a symbol, per region
    occupied, per non-empty region conquered this turn (R-SCORE-2, R-RULING-3, R-RULING-9).
``flat_coins``
    coins every turn while active (like Alchemist's 2).
``discount``
    ``{"all": 1, "terrain": {"hill": 1}, "symbol": {"cavern": 1}, "coastal": 1}``: conquest
    cost reductions, summed with the partner's and clamped to 1 once (R-RULING-1).
``enter_anywhere`` / ``ignore_adjacency`` / ``water``
    first conquest anywhere (R-CONQ-1), no adjacency needed (R-CONQ-6), may conquer Seas
    and Lakes (R-CONQ-4, like Seafaring).
``adjacent_symbol``
    regions with this symbol count as adjacent to each other (like Underworld's caverns).
``defender_loses``
    tokens lost to the tray when an enemy conquers one of your regions (Elves: 0).
``coins_in_decline``
    ``coins_per`` keeps paying in decline (like Dwarves' mines, R-SCORE-2).
``keeps_tokens_in_decline`` / ``acts_in_decline``
    Ghouls' decline behaviour (R-DECLINE-2 exception, R-TURN-0).
``outside_decline_limit``
    does not count toward the one-decline-race limit (like Spirit, R-DECLINE-3).
``declines_after_scoring``
    may decline after a turn of conquests (like Stout).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from swlab.rules.abilities.base import (
    Badge,
    ModifierSets,
    Power,
    Race,
    Row,
    count_regions,
    non_empty_conquests,
)

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

RULE = "R-COMP-4"
MAX_RACE_VALUE = 10  # R-COMP-4
MAX_POWER_VALUE = 5  # R-COMP-4
TERRAINS = frozenset({"farmland", "forest", "hill", "swamp", "mountain", "sea", "lake"})
SYMBOLS = frozenset({"mine", "magic", "cavern", "lost_tribe"})
COIN_KEYS = frozenset({"terrain", "symbol", "region", "conquest"})
DISCOUNT_KEYS = frozenset({"all", "terrain", "symbol", "coastal"})


@dataclass(frozen=True)
class Effects:
    """What a custom badge does, as data; every hook below reads it."""

    coins_terrain: tuple[tuple[str, int], ...] = ()
    coins_symbol: tuple[tuple[str, int], ...] = ()
    coins_region: int = 0
    coins_conquest: int = 0
    flat_coins: int = 0
    discount_all: int = 0
    discount_terrain: tuple[tuple[str, int], ...] = ()
    discount_symbol: tuple[tuple[str, int], ...] = ()
    discount_coastal: int = 0
    enter_anywhere: bool = False
    ignore_adjacency: bool = False
    water: bool = False
    adjacent_symbol: str = ""
    defender_loses: int | None = None
    coins_in_decline: bool = False
    keeps_tokens_in_decline: bool = False
    acts_in_decline: bool = False
    outside_decline_limit: bool = False
    declines_after_scoring: bool = False


class _Custom(Badge):
    """Hooks of a custom badge, all driven by :class:`Effects`."""

    effects: ClassVar[Effects] = Effects()

    def _coin_rows(self, state: GameState, race: RaceState) -> list[Row]:
        e, rows = self.effects, []
        for terrain, n in e.coins_terrain:
            k = count_regions(state, race, terrain=terrain)
            if k:
                rows.append(Row(f"{self.name}: {terrain}", k * n, RULE))
        for symbol, n in e.coins_symbol:
            k = count_regions(state, race, symbol=symbol)
            if k:
                rows.append(Row(f"{self.name}: {symbol}", k * n, RULE))
        if e.coins_region:
            k = count_regions(state, race)
            if k:
                rows.append(Row(f"{self.name}: regions", k * e.coins_region, RULE))
        if e.coins_conquest:
            k = non_empty_conquests(state, race)
            if k:
                rows.append(Row(f"{self.name}: conquests", k * e.coins_conquest, RULE))
        return rows

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        if race.in_decline:
            return ()
        rows = self._coin_rows(state, race)
        if self.effects.flat_coins:
            rows.append(Row(self.name, self.effects.flat_coins, RULE))
        return rows

    def decline_bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        return self._coin_rows(state, race) if self.effects.coins_in_decline else ()

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        e, geo = self.effects, state.geo
        if race.in_decline and not e.acts_in_decline:
            return ()
        n = e.discount_all
        n += sum(d for t, d in e.discount_terrain if geo.terrain[region] == t)
        n += sum(d for s, d in e.discount_symbol if geo.has(region, s))
        if e.discount_coastal and region in geo.coastal and not geo.water[region]:
            n += e.discount_coastal
        return (Row(self.name, -n, RULE),) if n else ()

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets:
        e, geo = self.effects, state.geo
        if race.in_decline and not e.acts_in_decline:
            return ()
        out: list[tuple[int, Collection[int] | None]] = []
        if e.discount_all:
            out.append((-e.discount_all, None))
        out.extend((-d, geo.with_terrain(t)) for t, d in e.discount_terrain if d)
        out.extend((-d, geo.with_symbol(s)) for s, d in e.discount_symbol if d)
        if e.discount_coastal:
            out.append((-e.discount_coastal, geo.coastal_land))
        return out

    def enters_anywhere(self, state: GameState, race: RaceState) -> bool:
        return self.effects.enter_anywhere and not race.in_decline

    def ignores_adjacency(self, state: GameState, race: RaceState) -> bool:
        return self.effects.ignore_adjacency and not race.in_decline

    def can_occupy_water(self, state: GameState, race: RaceState) -> bool:
        return self.effects.water and not race.in_decline

    def is_extra_adjacent(self, state: GameState, race: RaceState, region: int) -> bool:
        symbol = self.effects.adjacent_symbol
        if not symbol or race.in_decline:
            return False
        marked = state.geo.with_symbol(symbol)
        return region in marked and not marked.isdisjoint(state.race_region_set(race.name))

    def extra_adjacent_regions(self, state: GameState, race: RaceState) -> Collection[int]:
        # the regions of the symbol once the race holds one, none before
        symbol = self.effects.adjacent_symbol
        if not symbol or race.in_decline:
            return ()
        marked = state.geo.with_symbol(symbol)
        return () if marked.isdisjoint(state.race_region_set(race.name)) else marked

    def defender_losses(self, state: GameState, race: RaceState, conversion: bool) -> int | None:
        if conversion or race.in_decline:
            return None
        return self.effects.defender_loses

    def keeps_tokens_in_decline(self) -> bool:
        return self.effects.keeps_tokens_in_decline

    def acts_in_decline(self) -> bool:
        return self.effects.acts_in_decline

    def counts_toward_decline_limit(self) -> bool:
        return not self.effects.outside_decline_limit

    def keeps_badge_in_decline(self) -> bool:
        return self.effects.outside_decline_limit

    def declines_after_scoring(self) -> bool:
        return self.effects.declines_after_scoring


class CustomRace(_Custom, Race):
    """A race made with the blank banner (R-COMP-4); build it with :func:`custom_race`."""


class CustomPower(_Custom, Power):
    """A power made with the blank badge (R-COMP-4); build it with :func:`custom_power`."""


def _amounts(
    spec: Mapping[str, object], key: str, allowed: frozenset[str], what: str
) -> tuple[tuple[str, int], ...]:
    value = spec.get(key, {})
    if not isinstance(value, Mapping):
        raise ValueError(f"{what}[{key!r}] must map a {key} name to a number, e.g. {{'hill': 1}}")
    out = []
    for name, n in value.items():
        if name not in allowed:
            raise ValueError(
                f"unknown {key} {name!r} in {what}; {key}s are: {', '.join(sorted(allowed))}"
            )
        out.append((str(name), _count(n, f"{what}[{key!r}][{name!r}]")))
    return tuple(out)


def _count(n: object, what: str) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"{what} must be a whole number ≥ 0, not {n!r}")
    return n


def _effects(
    coins_per: Mapping[str, object] | None,
    discount: Mapping[str, object] | None,
    **flags: object,
) -> Effects:
    coins = dict(coins_per or {})
    disc = dict(discount or {})
    for spec, keys, what in ((coins, COIN_KEYS, "coins_per"), (disc, DISCOUNT_KEYS, "discount")):
        unknown = set(spec) - keys
        if unknown:
            raise ValueError(
                f"unknown {what} key {sorted(unknown)[0]!r}; keys are: {', '.join(sorted(keys))}"
            )
    loses = flags.pop("defender_loses")
    symbol = str(flags.pop("adjacent_symbol") or "")
    if symbol and symbol not in SYMBOLS:
        raise ValueError(f"unknown symbol {symbol!r}; symbols are: {', '.join(sorted(SYMBOLS))}")
    return Effects(
        coins_terrain=_amounts(coins, "terrain", TERRAINS, "coins_per"),
        coins_symbol=_amounts(coins, "symbol", SYMBOLS, "coins_per"),
        coins_region=_count(coins.get("region", 0), "coins_per['region']"),
        coins_conquest=_count(coins.get("conquest", 0), "coins_per['conquest']"),
        flat_coins=_count(flags.pop("flat_coins"), "flat_coins"),
        discount_all=_count(disc.get("all", 0), "discount['all']"),
        discount_terrain=_amounts(disc, "terrain", TERRAINS, "discount"),
        discount_symbol=_amounts(disc, "symbol", SYMBOLS, "discount"),
        discount_coastal=_count(disc.get("coastal", 0), "discount['coastal']"),
        adjacent_symbol=symbol,
        defender_loses=None if loses is None else _count(loses, "defender_loses"),
        **{k: bool(v) for k, v in flags.items()},
    )


def _check_name(name: str, kind: str) -> None:
    from swlab.rules.abilities.registry import POWERS, RACES

    if not name or not name.strip() or "," in name:
        raise ValueError(f"a custom {kind} needs a name (no commas: records list names)")
    if name in RACES or name in POWERS:
        raise ValueError(f"{name!r} is an official race or power; give the custom {kind} its own")


def custom_race(
    name: str,
    tokens: int,
    tray: int,
    *,
    coins_per: Mapping[str, object] | None = None,
    flat_coins: int = 0,
    discount: Mapping[str, object] | None = None,
    enter_anywhere: bool = False,
    ignore_adjacency: bool = False,
    water: bool = False,
    adjacent_symbol: str = "",
    defender_loses: int | None = None,
    coins_in_decline: bool = False,
    keeps_tokens_in_decline: bool = False,
    acts_in_decline: bool = False,
) -> CustomRace:
    """A race on the blank banner: ``tokens`` ≤ 10 (R-COMP-4), ``tray`` tokens in the box.

    Registered by name for the games that list it in ``new_game(races=[...])``; see the
    module docstring for the effects.
    """
    from swlab.rules.abilities.registry import register_custom

    _check_name(name, "race")
    if not isinstance(tokens, int) or not 1 <= tokens <= MAX_RACE_VALUE:
        raise ValueError(
            f"a custom race's banner value must be 1 to {MAX_RACE_VALUE}, not {tokens!r}: "
            f"R-COMP-4 advises at most {MAX_RACE_VALUE}, or the tray may run dry"
        )
    if not isinstance(tray, int) or tray < tokens:
        raise ValueError(
            f"the tray of {name} must hold at least its banner value ({tokens}) tokens, not "
            f"{tray!r} (R-COMP-2, R-PICK-4)"
        )
    effects = _effects(
        coins_per,
        discount,
        flat_coins=flat_coins,
        enter_anywhere=enter_anywhere,
        ignore_adjacency=ignore_adjacency,
        water=water,
        adjacent_symbol=adjacent_symbol,
        defender_loses=defender_loses,
        coins_in_decline=coins_in_decline,
        keeps_tokens_in_decline=keeps_tokens_in_decline,
        acts_in_decline=acts_in_decline,
    )
    cls: type[CustomRace] = type(
        f"CustomRace_{name}",
        (CustomRace,),
        {"name": name, "tokens": tokens, "tray": tray, "rule": RULE, "effects": effects},
    )
    badge = cls()
    register_custom(badge)
    return badge


def custom_power(
    name: str,
    tokens: int,
    *,
    coins_per: Mapping[str, object] | None = None,
    flat_coins: int = 0,
    discount: Mapping[str, object] | None = None,
    enter_anywhere: bool = False,
    ignore_adjacency: bool = False,
    water: bool = False,
    adjacent_symbol: str = "",
    defender_loses: int | None = None,
    outside_decline_limit: bool = False,
    declines_after_scoring: bool = False,
) -> CustomPower:
    """A power on the blank badge: ``tokens`` ≤ 5 (R-COMP-4).

    Registered by name for the games that list it in ``new_game(powers=[...])``; see the
    module docstring for the effects. Like every power it works for its race while active
    (R-YOU), except ``outside_decline_limit`` (Spirit's), which keeps the badge in decline.
    """
    from swlab.rules.abilities.registry import register_custom

    _check_name(name, "power")
    if not isinstance(tokens, int) or not 0 <= tokens <= MAX_POWER_VALUE:
        raise ValueError(
            f"a custom power's badge value must be 0 to {MAX_POWER_VALUE}, not {tokens!r}: "
            f"R-COMP-4 advises at most {MAX_POWER_VALUE}, or the tray may run dry"
        )
    effects = _effects(
        coins_per,
        discount,
        flat_coins=flat_coins,
        enter_anywhere=enter_anywhere,
        ignore_adjacency=ignore_adjacency,
        water=water,
        adjacent_symbol=adjacent_symbol,
        defender_loses=defender_loses,
        outside_decline_limit=outside_decline_limit,
        declines_after_scoring=declines_after_scoring,
    )
    cls: type[CustomPower] = type(
        f"CustomPower_{name}",
        (CustomPower,),
        {"name": name, "tokens": tokens, "rule": RULE, "effects": effects},
    )
    badge = cls()
    register_custom(badge)
    return badge

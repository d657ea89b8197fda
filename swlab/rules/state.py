"""The game state: immutable values, updated with :func:`dataclasses.replace`.

A region's state is a small :class:`RegionState` kept in a tuple indexed by region
position (see :class:`swlab.rules.geo.Geo`); players and the races they own are tuples of
frozen values; the turn bookkeeping lives in :class:`TurnState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from swlab.rules.geo import Geo

NOBODY = -1


class Stage(StrEnum):
    """What the game waits for."""

    PICK = "pick"  #: choose a combo (R-PICK)
    CONQUER = "conquer"  #: conquests, abandons, conversions, dragon, decline (R-CONQ, R-TURN)
    ROLL = "roll"  #: the die of the final conquest (R-CONQ-10) or a Berserk roll (R-POW-BERSERK)
    REDEPLOY = "redeploy"  #: the acting race moves its tokens (R-REDEPLOY-1)
    WITHDRAW = "withdraw"  #: Amazons take 4 tokens off the map (R-RACE-AMAZONS)
    DEFEND = "defend"  #: an attacked player redeploys (R-REDEPLOY-2, R-CONQ-7)
    DECLINE_CHOICE = "decline_choice"  #: optional decline after scoring (R-POW-STOUT)
    GAME_OVER = "game_over"  #: R-FLOW-2


@dataclass(frozen=True, slots=True)
class RegionState:
    """Who holds a region and what stands in it.

    ``race`` is the race name of the tokens ("" when none); a region holds race tokens or
    lost tribe tokens, never both and never two races (R-CONQ-5). Pieces: ``mountain``
    (R-SETUP-2), ``lair`` (R-RACE-TROLLS), ``fortress`` (R-POW-FORTIFIED), ``hole``
    (R-RACE-HALFLINGS), ``hero`` (R-POW-HEROIC), ``dragon`` (R-POW-DRAGONMASTER),
    ``encampments`` (R-POW-BIVOUACKING).
    """

    owner: int = NOBODY
    race: str = ""
    tokens: int = 0
    in_decline: bool = False
    lost_tribes: int = 0
    mountain: bool = False
    lair: bool = False
    fortress: bool = False
    hole: bool = False
    hero: bool = False
    dragon: bool = False
    encampments: int = 0

    @property
    def is_occupied(self) -> bool:
        """Non-empty: holds a lost tribe or race token (R-EMPTY); a Mountain alone is empty."""
        return self.tokens > 0 or self.lost_tribes > 0

    @property
    def is_immune(self) -> bool:
        """A Hole-in-the-Ground, a Hero or the Dragon makes a region immune (R-IMMUNE)."""
        return self.hole or self.hero or self.dragon

    def emptied(self) -> RegionState:
        """The region after its race leaves it: lair, fortress and hole go (R-EXPAND-2)."""
        return RegionState(mountain=self.mountain)


@dataclass(frozen=True, slots=True)
class RaceState:
    """A race a player owns, active or in decline.

    ``hand`` holds tokens to place; ``reserve`` holds tokens kept off the map that return
    at the next Ready-your-troops (Amazons' 4, R-RACE-AMAZONS). ``conquests`` counts the
    regions this race has conquered since it was picked (Halflings' first two holes).
    """

    name: str
    power: str
    owner: int
    in_decline: bool = False
    hand: int = 0
    reserve: int = 0
    conquests: int = 0


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A seat: name, hidden victory coins (R-SETUP-4), active race, decline races."""

    name: str
    coins: int = 5
    active: RaceState | None = None
    declined: tuple[RaceState, ...] = ()
    #: badge data that outlives a turn, as (key, value) pairs (e.g. Diplomat's peace)
    data: tuple[tuple[str, int], ...] = ()

    def races(self) -> tuple[RaceState, ...]:
        """Active race first, then decline races."""
        return ((self.active,) if self.active else ()) + self.declined


@dataclass(frozen=True, slots=True)
class Combo:
    """A race banner paired with a power badge in the column, with coins left on it."""

    race: str
    power: str
    coins: int = 0


@dataclass(frozen=True, slots=True)
class Conquest:
    """One region conquered this turn; ``non_empty`` by what it held before (R-RULING-3)."""

    race: str
    region: int
    non_empty: bool
    defender: int = NOBODY  #: the player whose race tokens were there (Diplomat)
    defender_active: bool = False  #: those tokens were an active race (R-POW-DIPLOMAT)
    conversion: bool = False  #: a Sorcerer conversion, which uses no Berserk roll (R-RULING-13)


@dataclass(frozen=True, slots=True)
class TurnState:
    """Bookkeeping of the turn in progress.

    ``actor`` is the player who must decide now (the current player, or a defender in
    :attr:`Stage.DEFEND`); ``acting`` the race that conquers or redeploys now.
    """

    stage: Stage
    actor: int
    acting: str = ""
    picked: bool = False  #: a combo was picked this turn (the race's first turn)
    acted: bool = False  #: the active race conquered or abandoned (no decline, R-TURN)
    declined: bool = False  #: the active race went into decline this turn (R-DECLINE-5)
    conquests: tuple[Conquest, ...] = ()
    converted: frozenset[int] = frozenset()  #: players converted by Sorcerers this turn
    final_region: int = -1  #: target of the final conquest (R-CONQ-10)
    readied: tuple[tuple[int, int], ...] = ()  #: (region, tokens taken) at R-EXPAND-1
    defenders: tuple[tuple[int, str], ...] = ()  #: (player, race) still to redeploy
    withdraw_left: int = 0  #: Amazons' tokens still to take off the map
    data: tuple[tuple[str, int], ...] = ()  #: per-turn counters for badges (powers)


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game at one moment. Never mutated: every step returns a new one."""

    geo: Geo = field(repr=False, compare=False)
    regions: tuple[RegionState, ...]
    players: tuple[PlayerState, ...]
    column: tuple[Combo, ...]
    race_stack: tuple[str, ...]
    power_stack: tuple[str, ...]
    power_discard: tuple[str, ...]
    trays: tuple[tuple[str, int], ...]  #: tokens left in the tray per race (R-COMP-2)
    round: int
    current: int
    turn: TurnState
    seed: int
    reshuffles: int = 0

    # --- lookups ------------------------------------------------------------------------
    @property
    def stage(self) -> Stage:
        return self.turn.stage

    def tray(self, race: str) -> int:
        """Tokens of ``race`` left in the tray (R-PICK-4)."""
        for name, n in self.trays:
            if name == race:
                return n
        raise KeyError(race)

    def with_tray(self, race: str, delta: int) -> GameState:
        trays = tuple((n, c + delta) if n == race else (n, c) for n, c in self.trays)
        return replace(self, trays=trays)

    def race(self, name: str) -> RaceState | None:
        """The race state of ``name`` if some player owns it."""
        for p in self.players:
            if p.active is not None and p.active.name == name:
                return p.active
            for d in p.declined:
                if d.name == name:
                    return d
        return None

    def race_regions(self, name: str) -> list[int]:
        """Region positions held by ``name``."""
        return [i for i, r in enumerate(self.regions) if r.race == name]

    def region_of(self, region_id: int) -> RegionState:
        return self.regions[self.geo.index[region_id]]

    def player_name(self, player: int) -> str:
        return self.players[player].name

    def __str__(self) -> str:
        return format_state(self)

    def _repr_html_(self) -> str:
        """The text board in a notebook, without widgets (escaped, monospace)."""
        import html

        return f"<pre style='font-size: 12px'>{html.escape(format_state(self))}</pre>"


def format_state(state: GameState) -> str:
    """A compact text board for test failures and quick looks."""
    geo = state.geo
    lines = [
        f"{geo.name}  round {state.round}/{geo.turns}  player {state.player_name(state.current)}"
        f"  stage {state.turn.stage.value} (actor {state.player_name(state.turn.actor)}"
        f"{', acting ' + state.turn.acting if state.turn.acting else ''})"
    ]
    for p in state.players:
        parts = [f"{p.name}: {p.coins} coins"]
        if p.active:
            a = p.active
            parts.append(
                f"active {a.name}+{a.power} hand {a.hand}"
                + (f" reserve {a.reserve}" if a.reserve else "")
            )
        for d in p.declined:
            parts.append(f"decline {d.name}" + (f" hand {d.hand}" if d.hand else ""))
        lines.append("  " + ", ".join(parts))
    for i, r in enumerate(state.regions):
        bits = []
        if r.race:
            who = state.player_name(r.owner) if r.owner >= 0 else "?"
            bits.append(f"{who}:{r.race}{'(d)' if r.in_decline else ''}x{r.tokens}")
        if r.lost_tribes:
            bits.append(f"lost tribe x{r.lost_tribes}")
        for flag in ("mountain", "lair", "fortress", "hole", "hero", "dragon"):
            if getattr(r, flag):
                bits.append(flag)
        if r.encampments:
            bits.append(f"encampment x{r.encampments}")
        lines.append(f"  {geo.ids[i]:>3} {geo.terrain[i]:<9}" + " ".join(bits))
    col = " | ".join(f"{k}:{c.race}+{c.power}({c.coins})" for k, c in enumerate(state.column))
    lines.append("  column " + col)
    return "\n".join(lines)

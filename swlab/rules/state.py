"""The game state: immutable values, updated with :func:`dataclasses.replace`.

A region's state is a small :class:`RegionState` kept in a tuple indexed by region
position (see :class:`swlab.rules.geo.Geo`); players and the races they own are tuples of
frozen values; the turn bookkeeping lives in :class:`TurnState`.

Speed (``benchmarks/engine.py``): the engine makes several new values at every step, so
:class:`GameState`, :class:`TurnState`, :class:`RaceState` and :class:`RegionState` have an
``updated(field=value, ...)`` method that does what :func:`dataclasses.replace` does (a
field left out, or given as ``None``, keeps its value: none of these fields is optional)
with one direct constructor call, about twice as fast. ``tests/rules/test_fast_paths.py`` checks
that each one knows every field. A state also memoizes lookups asked many times of it
(:meth:`GameState.race_regions`, the engine's conquest checks) in :attr:`GameState.memo`,
which is not a field: never compared, shown or written to scenarios, and a new state starts
without it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from swlab.rules import pieces as _pieces
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
    lost tribe tokens, never both and never two races (R-CONQ-5). The fields from
    ``lost_tribes`` on are pieces: :data:`swlab.rules.pieces.PIECES` describes each one
    (its rule, defence, immunity, fate on decline and on leaving, box count), and what
    depends on pieces reads that table rather than these names.
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

    def updated(
        self,
        *,
        owner: int | None = None,
        race: str | None = None,
        tokens: int | None = None,
        in_decline: bool | None = None,
        lost_tribes: int | None = None,
        mountain: bool | None = None,
        lair: bool | None = None,
        fortress: bool | None = None,
        hole: bool | None = None,
        hero: bool | None = None,
        dragon: bool | None = None,
        encampments: int | None = None,
    ) -> RegionState:
        """``dataclasses.replace(self, ...)`` with the fields given; fast (see the module)."""
        return RegionState(
            self.owner if owner is None else owner,
            self.race if race is None else race,
            self.tokens if tokens is None else tokens,
            self.in_decline if in_decline is None else in_decline,
            self.lost_tribes if lost_tribes is None else lost_tribes,
            self.mountain if mountain is None else mountain,
            self.lair if lair is None else lair,
            self.fortress if fortress is None else fortress,
            self.hole if hole is None else hole,
            self.hero if hero is None else hero,
            self.dragon if dragon is None else dragon,
            self.encampments if encampments is None else encampments,
        )

    def pieces(self) -> list[str]:
        """What stands in the region besides race tokens, in words (for texts and tables):
        ``mountain``, ``lair``, ..., ``encampment x2``, ``lost tribe x1`` (R-COMP-5)."""
        return _pieces.words(self)

    @property
    def is_occupied(self) -> bool:
        """Non-empty: holds a lost tribe or race token (R-EMPTY); a Mountain alone is empty."""
        return self.tokens > 0 or self.lost_tribes > 0

    @property
    def is_immune(self) -> bool:
        """A piece makes the region immune: a Hole-in-the-Ground, a Hero, the Dragon (R-IMMUNE)."""
        return _pieces.is_immune(self)

    def emptied(self) -> RegionState:
        """The region after its race leaves it: only the pieces that stay (the Mountain,
        R-CONQ-9); the others go or leave (R-EXPAND-2, R-CONQ-7)."""
        return RegionState().updated(**{f: getattr(self, f) for f in _pieces.KEPT_ON_EMPTY})


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

    def updated(
        self,
        *,
        name: str | None = None,
        power: str | None = None,
        owner: int | None = None,
        in_decline: bool | None = None,
        hand: int | None = None,
        reserve: int | None = None,
        conquests: int | None = None,
    ) -> RaceState:
        """``dataclasses.replace(self, ...)`` with the fields given; fast (see the module)."""
        return RaceState(
            self.name if name is None else name,
            self.power if power is None else power,
            self.owner if owner is None else owner,
            self.in_decline if in_decline is None else in_decline,
            self.hand if hand is None else hand,
            self.reserve if reserve is None else reserve,
            self.conquests if conquests is None else conquests,
        )


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

    def updated(
        self,
        *,
        stage: Stage | None = None,
        actor: int | None = None,
        acting: str | None = None,
        picked: bool | None = None,
        acted: bool | None = None,
        declined: bool | None = None,
        conquests: tuple[Conquest, ...] | None = None,
        converted: frozenset[int] | None = None,
        final_region: int | None = None,
        readied: tuple[tuple[int, int], ...] | None = None,
        defenders: tuple[tuple[int, str], ...] | None = None,
        withdraw_left: int | None = None,
        data: tuple[tuple[str, int], ...] | None = None,
    ) -> TurnState:
        """``dataclasses.replace(self, ...)`` with the fields given; fast (see the module)."""
        return TurnState(
            self.stage if stage is None else stage,
            self.actor if actor is None else actor,
            self.acting if acting is None else acting,
            self.picked if picked is None else picked,
            self.acted if acted is None else acted,
            self.declined if declined is None else declined,
            self.conquests if conquests is None else conquests,
            self.converted if converted is None else converted,
            self.final_region if final_region is None else final_region,
            self.readied if readied is None else readied,
            self.defenders if defenders is None else defenders,
            self.withdraw_left if withdraw_left is None else withdraw_left,
            self.data if data is None else data,
        )


# No slots: a state keeps its memos (cached_property) in its instance dict.
@dataclass(frozen=True)
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
    #: faces the next rolls of the reinforcement die show, fixed by a scenario or a teacher
    #: (R-CONQ-10); empty: the die is random, drawn from the seed
    die: tuple[int, ...] = ()

    def updated(
        self,
        *,
        regions: tuple[RegionState, ...] | None = None,
        players: tuple[PlayerState, ...] | None = None,
        column: tuple[Combo, ...] | None = None,
        race_stack: tuple[str, ...] | None = None,
        power_stack: tuple[str, ...] | None = None,
        power_discard: tuple[str, ...] | None = None,
        trays: tuple[tuple[str, int], ...] | None = None,
        round: int | None = None,
        current: int | None = None,
        turn: TurnState | None = None,
        seed: int | None = None,
        reshuffles: int | None = None,
        die: tuple[int, ...] | None = None,
    ) -> GameState:
        """``dataclasses.replace(self, ...)`` with the fields given; fast (see the module)."""
        return GameState(
            self.geo,
            self.regions if regions is None else regions,
            self.players if players is None else players,
            self.column if column is None else column,
            self.race_stack if race_stack is None else race_stack,
            self.power_stack if power_stack is None else power_stack,
            self.power_discard if power_discard is None else power_discard,
            self.trays if trays is None else trays,
            self.round if round is None else round,
            self.current if current is None else current,
            self.turn if turn is None else turn,
            self.seed if seed is None else seed,
            self.reshuffles if reshuffles is None else reshuffles,
            self.die if die is None else die,
        )

    # --- memo: lookups asked several times of one state (see the module) ---------------
    @cached_property
    def memo(self) -> dict[Hashable, Any]:
        """Values the engine derived from this state, kept for the next ask of the same state.

        Not a field: never compared, shown or saved, and a new state starts empty. A value
        must depend only on the state's fields and must not refer back to the state.
        """
        return {}

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
        return self.updated(trays=trays)

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
        """Region positions held by ``name``, ascending."""
        key = ("held", name)
        held = self.memo.get(key)
        if held is None:
            held = self.memo[key] = tuple([i for i, r in enumerate(self.regions) if r.race == name])
        return list(held)

    def region_of(self, region_id: int) -> RegionState:
        return self.regions[self.geo.index[region_id]]

    def player_name(self, player: int) -> str:
        return self.players[player].name

    def __str__(self) -> str:
        return format_state(self)

    def __repr__(self) -> str:
        """One line for a plain Python prompt (``print(state)`` shows the whole board, a
        notebook the HTML view)."""
        return (
            f"<GameState {self.geo.name} round {self.round}/{self.geo.turns}, "
            f"{self.player_name(self.current)}'s turn, stage {self.turn.stage.value}, "
            f"{len(self.regions)} regions>"
        )

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
        bits += r.pieces()
        lines.append(f"  {geo.ids[i]:>3} {geo.terrain[i]:<9}" + " ".join(bits))
    col = " | ".join(f"{k}:{c.race}+{c.power}({c.coins})" for k, c in enumerate(state.column))
    lines.append("  column " + col)
    return "\n".join(lines)

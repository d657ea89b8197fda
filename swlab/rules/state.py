"""The game state: immutable values, updated with :func:`dataclasses.replace`.

A region's state is a small :class:`RegionState` kept in a tuple indexed by region
position (see :class:`swlab.rules.geo.Geo`); players and the races they own are tuples of
frozen values; the turn bookkeeping lives in :class:`TurnState`.

Speed (``benchmarks/engine.py``): the engine makes several new values at every step, so
:class:`GameState`, :class:`TurnState`, :class:`RaceState` and :class:`RegionState` have an
``updated(field=value, ...)`` method that does what :func:`dataclasses.replace` does (a
field left out, or given as ``None``, keeps its value: none of these fields is optional)
with one direct call of the record's maker (:func:`swlab.rules.records.maker`, which skips
the frozen dataclass's per-field ``object.__setattr__``), several times as fast.
``tests/rules/test_fast_paths.py`` checks that each one knows every field. Their fields are
given by keyword; the parameters of a record's are not keyword-only all the same: CPython
3.11 finds the default of each keyword-only parameter left out in a dictionary (a dozen
lookups per call, at several calls per step), and that of any other in a tuple.
A state also memoizes lookups asked many times of it (the engine's conquest checks) in
:attr:`GameState.memo`, which is not a field: never compared, shown or written to
scenarios, and a new state starts with an empty one.

Who holds which region (:class:`Holdings`: the positions of each race, the regions of each
player, the pieces on the map) is derived from the regions, and kept in the state's memo
too. A new state takes it from its parent: unchanged when the regions are
(:meth:`GameState.updated` without ``regions``), updated for the regions that changed
(:meth:`GameState.with_region`, :meth:`GameState.with_regions`); any other new state
counts it again when first asked. So no step scans the whole board to find a race's
regions: on a 5,000-region board that scan cost more than the rest of a step.

A state the engine makes (:meth:`GameState.updated`, :func:`swlab.rules.draft.working_copy`)
is given a plain ``dict`` of its fields as its ``__dict__``, not filled through the one an
object makes when its ``__dict__`` is first asked for: the fields of a state are read at
nearly every line of the engine, and CPython 3.11 reads an attribute at its specialised
speed from an object's own plain dictionary but not from that one (a dictionary split with
its class: every read went the generic way, about five times as long).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from operator import add, attrgetter, sub
from typing import Any, ClassVar

from swlab.rules import pieces as _pieces
from swlab.rules.geo import Geo
from swlab.rules.records import fast_init, field_reader, field_replacer, maker
from swlab.terminal import printable

NOBODY = -1

#: ``object.__new__`` and ``object.__setattr__``, read once: CPython 3.11 looks a method of
#: a class up the generic way at every call of ``object.__new__(...)`` (a state is made at
#: every step, and its dictionary set)
new_object = object.__new__
set_attribute = object.__setattr__


class Stage(StrEnum):
    """What the game waits for."""

    PICK = "pick"  #: choose a combo (R-PICK)
    CONQUER = "conquer"  #: conquests, abandons, conversions, dragon, decline (R-CONQ, R-TURN)
    ROLL = "roll"  #: the die of the final conquest (R-CONQ-10) or a Berserk roll (R-POW-BERSERK)
    REDEPLOY = "redeploy"  #: the acting race moves its tokens (R-REDEPLOY-1)
    WITHDRAW = "withdraw"  #: Amazons take 4 tokens off the map (R-RACE-AMAZONS)
    DEFEND = "defend"  #: an attacked player redeploys (R-REDEPLOY-2, R-CONQ-7)
    DECLINE_CHOICE = "decline_choice"  #: optional decline after scoring (R-POW-STOUT)
    #: the turn of decline: the race is in decline, scoring is still to come (R-DECLINE-5)
    DECLINED = "declined"
    GAME_OVER = "game_over"  #: R-FLOW-2


@fast_init
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
        return _make_region(
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

    def is_emptied(self) -> bool:
        """Whether the region is as :meth:`emptied` leaves it: nothing for a leaving race
        to take away (most conquests are of such regions); one comparison of a tuple, not
        of two records."""
        return _reset_on_empty(self) == _RESET_VALUES

    def emptied(self) -> RegionState:
        """The region after its race leaves it: only the pieces that stay (the Mountain,
        R-CONQ-9); the others go or leave (R-EXPAND-2, R-CONQ-7). The few possible
        answers are made once each and shared."""
        kept = _kept_on_empty(self)
        found = _EMPTIED.get(kept)
        if found is None:
            found = _EMPTIED[kept] = RegionState().updated(
                **{f: getattr(self, f) for f in _pieces.KEPT_ON_EMPTY}
            )
        return found


#: builds a RegionState from every field, in order (:func:`~swlab.rules.records.maker`)
_make_region = maker(RegionState)
#: ``region.updated(tokens=n)`` as ``with_region_tokens(region, n)``, fast: every placement
with_region_tokens = field_replacer(RegionState, _make_region, "tokens")


#: the values of the fields an emptied region keeps, and the emptied regions made so far
_kept_on_empty = attrgetter(*_pieces.KEPT_ON_EMPTY)
_EMPTIED: dict[Any, RegionState] = {}
#: the other fields, which :meth:`RegionState.emptied` resets, and their values then
_reset_on_empty = field_reader(
    *(f for f in RegionState.__slots__ if f not in _pieces.KEPT_ON_EMPTY)
)
_RESET_VALUES = _reset_on_empty(RegionState())


#: the key of a state's :class:`Holdings` in its memo
HOLDINGS = "holdings"
#: the counts of every piece in a region, in the order of the pieces table
_piece_counts = field_reader(*(p.field for p in _pieces.PIECES))
#: what :class:`Holdings` counts of a region: its race, its owner, then its piece counts
counted = field_reader("race", "owner", *(p.field for p in _pieces.PIECES))
_PIECE_FIELDS: tuple[str, ...] = tuple(p.field for p in _pieces.PIECES)


def setup_region(geo: Geo, i: int, lost_tribes: bool = True) -> RegionState:
    """Region ``i`` as at setup (R-SETUP-2): its Mountain, and a Lost Tribe on a land region
    with the Lost Tribe symbol (``lost_tribes=False``: the region left empty)."""
    tribe = lost_tribes and "lost_tribe" in geo.symbols[i] and not geo.water[i]
    return RegionState(lost_tribes=1 if tribe else 0, mountain=geo.mountain[i])


def setup_regions(geo: Geo) -> tuple[RegionState, ...]:
    """Every region of the board as at setup (R-SETUP-2), made once per board."""
    return geo.per_board("setup regions", _make_setup_regions)


def _make_setup_regions(geo: Geo) -> tuple[RegionState, ...]:
    return tuple(setup_region(geo, i) for i in range(len(geo)))


class Holdings:
    """Who holds what in a state's regions, derived from them (see the module).

    ``races`` maps each race name with a region to its positions, ascending; ``owners``
    each player to the number of regions it owns (active and decline races); ``pieces``
    the number of each piece on the map (in the order of the pieces table); ``touched``
    the positions whose region is no longer as at setup (:func:`setup_regions`): every
    other region is known from the board alone, which lets the conquest lists judge them
    in bulk. Never changed once made: a state with other regions gets a new one from
    :meth:`changed`.

    It also keeps, per race, the sets a conquest listing asks for (:meth:`held_set`, and
    :meth:`border`: the regions next to one of the race's, R-CONQ-6), made when first
    asked and then carried from state to state by :meth:`changed`: a conquest adds the
    neighbours of one region to its race's border instead of every listing walking all
    the race's regions again (on a 20,000-region board, hundreds of them).
    """

    __slots__ = ("borders", "held_sets", "owners", "pieces", "races", "touched")

    def __init__(
        self,
        races: dict[str, tuple[int, ...]],
        owners: dict[int, int],
        pieces: tuple[int, ...],
        touched: frozenset[int],
    ) -> None:
        self.races = races
        self.owners = owners
        self.pieces = pieces
        self.touched = touched
        #: per race, the positions next to one of its regions (its own among them)
        self.borders: dict[str, frozenset[int]] = {}
        #: per race, its positions as a set
        self.held_sets: dict[str, frozenset[int]] = {}

    def held_set(self, race: str) -> frozenset[int]:
        """The positions of ``race``, as a set (kept)."""
        found = self.held_sets.get(race)
        if found is None:
            found = self.held_sets[race] = frozenset(self.races.get(race, ()))
        return found

    def border(self, race: str, neighbours: Sequence[frozenset[int]]) -> frozenset[int]:
        """The positions adjacent to a region of ``race`` (R-CONQ-6), its own included when
        they touch each other; ``neighbours``: the board's, by position (kept)."""
        found = self.borders.get(race)
        if found is None:
            found = self.borders[race] = frozenset().union(
                *[neighbours[i] for i in self.races.get(race, ())]
            )
        return found

    @classmethod
    def scan(cls, regions: tuple[RegionState, ...], setup: tuple[RegionState, ...]) -> Holdings:
        """Count every region (the only whole-board walk; see the module)."""
        races: dict[str, list[int]] = {}
        owners: dict[int, int] = {}
        pieces = [0] * len(_PIECE_FIELDS)
        touched: list[int] = []
        for i, r in enumerate(regions):
            if r.race:
                races.setdefault(r.race, []).append(i)
            if r.owner != NOBODY:
                owners[r.owner] = owners.get(r.owner, 0) + 1
            for k, n in enumerate(_piece_counts(r)):
                pieces[k] += n
            if r is not setup[i] and r != setup[i]:
                touched.append(i)
        races_held = {k: tuple(v) for k, v in races.items()}
        return cls(races_held, owners, tuple(pieces), frozenset(touched))

    def changed(
        self,
        changes: Iterable[tuple[int, RegionState, RegionState]],
        setup: tuple[RegionState, ...],
        neighbours: Sequence[frozenset[int]],
    ) -> Holdings:
        """The holdings after each ``(position, old region, new region)`` of ``changes``
        (``self`` itself when none of them changes what the holdings count: tokens moved);
        ``setup`` and ``neighbours``: the board's regions at setup and adjacency."""
        races, owners, pieces, touched = self.races, self.owners, self.pieces, self.touched
        copied_races = copied_owners = changed = False
        gained: list[tuple[str, int]] = []
        lost: list[str] = []
        for i, old, new in changes:
            # a region as at setup has no owner (cheap to tell before comparing)
            at_setup = new.owner == NOBODY and (new is setup[i] or new == setup[i])
            before, after = counted(old), counted(new)
            if before == after and (i in touched) != at_setup:
                continue  # nothing counted here changes (tokens moved)
            changed = True
            old_race, new_race = before[0], after[0]
            if old_race != new_race:
                if not copied_races:
                    races, copied_races = dict(races), True
                _move_race(races, i, old_race, new_race)
                if old_race:
                    lost.append(old_race)
                if new_race:
                    gained.append((new_race, i))
            if before[1] != after[1]:
                if not copied_owners:
                    owners, copied_owners = dict(owners), True
                _move_owner(owners, before[1], after[1])
            if before[2:] != after[2:]:
                # (each count less the region's before plus its after, in C: no loop here)
                pieces = tuple(map(add, map(sub, pieces, before[2:]), after[2:]))
            if at_setup:
                if i in touched:
                    touched = touched - {i}
            elif i not in touched:
                touched = touched | {i}
        if not changed:
            return self
        # made without __init__: the per-race sets are carried below, not started empty
        out = new_object(Holdings)
        out.races, out.owners, out.pieces, out.touched = races, owners, pieces, touched
        out._carry(self, gained, lost, neighbours)
        return out

    def _carry(
        self,
        before: Holdings,
        gained: list[tuple[str, int]],
        lost: list[str],
        neighbours: Sequence[frozenset[int]],
    ) -> None:
        """Take the per-race sets of ``before`` that still hold: those of races whose
        regions did not change, and the borders of races that only gained regions (plus
        the new regions' neighbours); a race that lost one is counted again when asked."""
        held_sets = before.held_sets.copy()  # (a few races: a copy, then a pop or two)
        borders = before.borders.copy()
        for race in lost:
            held_sets.pop(race, None)
            borders.pop(race, None)
        for race, i in gained:
            held_sets.pop(race, None)
            if race in borders and race not in lost:
                borders[race] = borders[race] | neighbours[i]
        self.held_sets = held_sets
        self.borders = borders

    def on_map(self, piece_field: str) -> int:
        """How many of the piece held in ``piece_field`` stand on the map."""
        return self.pieces[_PIECE_FIELDS.index(piece_field)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Holdings):
            return NotImplemented
        own = {k: n for k, n in self.owners.items() if n}
        theirs = {k: n for k, n in other.owners.items() if n}
        mine = (self.races, own, self.pieces, self.touched)
        return mine == (other.races, theirs, other.pieces, other.touched)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Holdings(races={self.races!r}, owners={self.owners!r}, pieces={self.pieces!r}, "
            f"touched={sorted(self.touched)!r})"
        )


def _move_race(races: dict[str, tuple[int, ...]], i: int, old: str, new: str) -> None:
    """Region position ``i`` passes from race ``old`` to race ``new`` ("" for none)."""
    if old:
        left = tuple([j for j in races[old] if j != i])
        if left:
            races[old] = left
        else:
            del races[old]
    if new:
        held = list(races.get(new, ()))
        insort(held, i)
        races[new] = tuple(held)


def _move_owner(owners: dict[int, int], old: int, new: int) -> None:
    """A region passes from player ``old`` to player ``new`` (``NOBODY`` for none)."""
    if old != NOBODY:
        owners[old] -= 1
    if new != NOBODY:
        owners[new] = owners.get(new, 0) + 1


@fast_init
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
        name: str | None = None,
        power: str | None = None,
        owner: int | None = None,
        in_decline: bool | None = None,
        hand: int | None = None,
        reserve: int | None = None,
        conquests: int | None = None,
    ) -> RaceState:
        """``dataclasses.replace(self, ...)`` with the fields given; fast (see the module)."""
        return _make_race(
            self.name if name is None else name,
            self.power if power is None else power,
            self.owner if owner is None else owner,
            self.in_decline if in_decline is None else in_decline,
            self.hand if hand is None else hand,
            self.reserve if reserve is None else reserve,
            self.conquests if conquests is None else conquests,
        )


#: builds a RaceState from every field, in order (:func:`~swlab.rules.records.maker`)
_make_race = maker(RaceState)
#: ``race.updated(hand=n)`` as ``with_hand(race, n)``, fast: every placement
with_hand = field_replacer(RaceState, _make_race, "hand")


@fast_init
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


#: builds a PlayerState from every field, in order, for the updates of every step
#: (:mod:`swlab.rules.ops`; :func:`~swlab.rules.records.maker`)
make_player = maker(PlayerState)


@fast_init
@dataclass(frozen=True, slots=True)
class Combo:
    """A race banner paired with a power badge in the column, with coins left on it."""

    race: str
    power: str
    coins: int = 0


@fast_init
@dataclass(frozen=True, slots=True)
class Conquest:
    """One region conquered this turn; ``non_empty`` by what it held before (R-RULING-3)."""

    race: str
    region: int
    non_empty: bool
    defender: int = NOBODY  #: the player whose race tokens were there (Diplomat)
    defender_active: bool = False  #: those tokens were an active race (R-POW-DIPLOMAT)
    conversion: bool = False  #: a Sorcerer conversion, which uses no Berserk roll (R-RULING-13)


@fast_init
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
        return _make_turn(
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


#: builds a TurnState from every field, in order (:func:`~swlab.rules.records.maker`)
_make_turn = maker(TurnState)


def new_turn(stage: Stage, actor: int) -> TurnState:
    """``TurnState(stage=stage, actor=actor)``: a turn with nothing done yet, made from a
    blank one by :meth:`TurnState.updated` (a slotted record's ``__init__`` sets each of its
    13 fields through a call of the slot's setter, several times as long: at every turn)."""
    return BLANK_TURN.updated(stage=stage, actor=actor)


#: a turn with nothing done yet, which :func:`new_turn` and the start of a turn
#: (:func:`swlab.rules.flow.start_turn`) update into the turn that starts
BLANK_TURN = TurnState(stage=Stage.PICK, actor=NOBODY)


# No slots: a state keeps its memo in its instance dict.
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

    #: Whether this state is a step's working copy (:mod:`swlab.rules.draft`), which its
    #: ``updated`` and ``with_*`` methods change in place. Not a field: the engine writes it
    #: in the instance dictionary of each state it makes (the copy, then the state frozen),
    #: where it is read fast; a state made otherwise reads this class's ``False``. One class
    #: for both: a line of the engine then sees one type of state, which CPython 3.11
    #: specialises its attribute reads for (a second class would undo that at each switch).
    drafting: ClassVar[bool] = False
    #: A working copy's own instance dictionary, which its updates write its fields in;
    #: ``None`` on every other state (the engine's frozen states hold the entry, as
    #: ``None``). Read as an attribute, at its specialised speed: ``self.__dict__`` is a
    #: generic lookup in CPython 3.11 (about 270 instructions), at every update of a step.
    #: The copy's dictionary refers to itself until :func:`~swlab.rules.draft.frozen`
    #: sets it to ``None``.
    own_fields: ClassVar[dict[str, Any] | None] = None
    #: Values the engine derived from this state, kept for the next ask of the same state.
    #: Not a field: never compared, shown or saved. Each state has its own, in its instance
    #: dictionary (made with the state: ``__post_init__``, :meth:`updated`, a working
    #: copy's), empty but for its :class:`Holdings` when its parent knew them (see the
    #: module). A value must depend only on the state's fields and must not refer back to
    #: the state. (Declared ``ClassVar`` only to be no dataclass field: a class attribute,
    #: such as a cached property, would keep CPython 3.11 from reading it at its
    #: specialised speed, at every listing and step.)
    memo: ClassVar[dict[Hashable, Any]]

    def updated(
        self,
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
        """``dataclasses.replace(self, ...)`` with the fields given; fast (see the module).

        The new state is this one's fields copied (a state has no checks to run when it is
        made: nothing else ``__init__`` would do) with the given ones replaced, without the
        memo; with the same regions it keeps this one's :class:`Holdings`. A working copy
        (:attr:`drafting`) is changed in place instead and returned
        (:mod:`swlab.rules.draft`): its memo keeps only the holdings, and only while its
        regions stay."""
        fields = self.own_fields
        if fields is not None:  # a working copy
            new = self
            memo = fields["memo"]
            if regions is not None:
                fields["regions"] = regions
                fields["memo"] = {}
            elif len(memo) > 1 or (memo and HOLDINGS not in memo):
                # (most changes of a step find a memo that holds only the holdings, which
                # stays as it is)
                self._forget(memo.get(HOLDINGS))
        else:
            new = new_object(GameState)
            fields = dict(self.__dict__)
            # its own plain dictionary (see the module; object's setter: a frozen state
            # refuses assignments)
            set_attribute(new, "__dict__", fields)
            held = fields["memo"].get(HOLDINGS)
            if regions is None and held is not None:
                fields["memo"] = {HOLDINGS: held}
            else:
                fields["memo"] = {}
                if regions is not None:
                    fields["regions"] = regions
        if players is not None:
            fields["players"] = players
        if column is not None:
            fields["column"] = column
        if race_stack is not None:
            fields["race_stack"] = race_stack
        if power_stack is not None:
            fields["power_stack"] = power_stack
        if power_discard is not None:
            fields["power_discard"] = power_discard
        if trays is not None:
            fields["trays"] = trays
        if round is not None:
            fields["round"] = round
        if current is not None:
            fields["current"] = current
        if turn is not None:
            fields["turn"] = turn
        if seed is not None:
            fields["seed"] = seed
        if reshuffles is not None:
            fields["reshuffles"] = reshuffles
        if die is not None:
            fields["die"] = die
        return new

    def with_region(self, i: int, region: RegionState) -> GameState:
        """This state with region position ``i`` replaced; its holdings follow."""
        fields = self.own_fields
        if fields is not None:  # a working copy
            regions = fields["regions"]
            if type(regions) is not list:  # (_region_list, inlined: every placement and
                regions = fields["regions"] = list(regions)  # conquest comes here)
            old = regions[i]
            regions[i] = region
            # (the known holdings read inline, and the memo that holds only them updated
            # in place)
            memo: dict[Hashable, Any] = fields["memo"]
            held = memo.get(HOLDINGS)
            if held is not None:
                # Tokens moved in a region that stays its owner's (every place, take and
                # withdraw): nothing the holdings count changes, and an owned region is
                # already among their touched ones; Holdings.changed would return them as
                # they are.
                if not (old.owner == region.owner != NOBODY and counted(old) == counted(region)):
                    geo = self.geo
                    held = held.changed(((i, old, region),), setup_regions(geo), geo.neighbours)
                if len(memo) == 1:  # _forget's common case: the memo holds only the holdings
                    memo[HOLDINGS] = held
                    return self
            self._forget(held)
            return self
        regions = self.regions
        new = self.updated(regions=(*regions[:i], region, *regions[i + 1 :]))
        held = self._known_holdings()
        if held is not None:
            new.given_holdings(
                held.changed(
                    ((i, regions[i], region),), setup_regions(self.geo), self.geo.neighbours
                )
            )
        return new

    def with_tokens(self, i: int, tokens: int) -> GameState:
        """This state with ``tokens`` race tokens in region position ``i``, which stays its
        owner's with the same pieces (a placement, a token taken back or withdrawn, troops
        readied): nothing the holdings count changes (a working copy's are left as they
        are, without comparing the region's pieces before and after)."""
        fields = self.own_fields
        if fields is not None:  # a working copy
            regions = fields["regions"]
            if type(regions) is not list:  # (_region_list, inlined: every place and take)
                regions = fields["regions"] = list(regions)
            regions[i] = with_region_tokens(regions[i], tokens)
            memo = fields["memo"]
            if len(memo) > 1 or (memo and HOLDINGS not in memo):
                self._forget(memo.get(HOLDINGS))
            return self
        return self.with_region(i, self.regions[i].updated(tokens=tokens))

    def with_regions(self, changes: Mapping[int, RegionState]) -> GameState:
        """This state with the regions at the positions of ``changes`` replaced (the
        others are unchanged); its holdings follow."""
        if self.drafting:
            if not changes:
                return self
            regions = self._region_list()
            moves = [(i, regions[i], region) for i, region in changes.items()]
            for i, _old, region in moves:
                regions[i] = region
            held = self._known_holdings()
            if held is not None:
                held = held.changed(moves, setup_regions(self.geo), self.geo.neighbours)
            self._forget(held)
            return self
        if not changes:
            return self.updated()
        old = self.regions
        listed = list(old)
        for i, region in changes.items():
            listed[i] = region
        new = self.updated(regions=tuple(listed))
        held = self._known_holdings()
        if held is not None:
            setup = setup_regions(self.geo)
            moves_made = ((i, old[i], region) for i, region in changes.items())
            new.given_holdings(held.changed(moves_made, setup, self.geo.neighbours))
        return new

    # --- a working copy's own (swlab.rules.draft) ----------------------------------------
    def _region_list(self) -> list[RegionState]:
        """A working copy's regions as the list it changes in place (made at the first
        change of a region: one change is one assignment, not a copy of the board)."""
        regions = self.__dict__["regions"]
        if type(regions) is not list:
            regions = self.__dict__["regions"] = list(regions)
        return regions

    def _forget(self, held: Holdings | None) -> None:
        """A working copy's memo after a change: what it derived from the old fields is
        dropped, ``held`` kept (the holdings of the new regions, or ``None`` when they are
        not known). A memo that holds nothing else than ``held`` is kept as it is (most
        changes of a step find it so)."""
        fields = self.__dict__
        memo = fields["memo"]
        if held is None:
            if memo:
                fields["memo"] = {}
        elif len(memo) != 1 or memo.get(HOLDINGS) is not held:
            fields["memo"] = {HOLDINGS: held}

    def given_holdings(self, held: Holdings) -> GameState:
        """This state, told its holdings when they are already known (the regions at setup,
        counted once per board): ``held`` must be what :meth:`Holdings.scan` finds."""
        self.memo[HOLDINGS] = held
        return self

    def _known_holdings(self) -> Holdings | None:
        return self.memo.get(HOLDINGS)

    @property
    def holdings(self) -> Holdings:
        """Who holds which region, derived from :attr:`regions` (see the module)."""
        return self.held()

    def held(self) -> Holdings:
        """:attr:`holdings`, as a method: the engine's own callers ask at every listing,
        and a property is called through C, at about twice the cost of a method call."""
        memo = self.memo
        held: Holdings | None = memo.get(HOLDINGS)
        if held is None:
            held = memo[HOLDINGS] = Holdings.scan(self.regions, setup_regions(self.geo))
        return held

    # --- memo: lookups asked several times of one state (see the module) ---------------
    def __post_init__(self) -> None:
        set_attribute(self, "memo", {})  # (a state made by its engine gets one there)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """A copied or unpickled state: the fields, with a memo of its own (empty)."""
        set_attribute(self, "__dict__", {**fields, "memo": {}, "own_fields": None})

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
        """This state with ``delta`` tokens added to the tray of ``race`` (the other pairs
        shared, not made again: a tray changes at every conquest of a race's region)."""
        trays = self.trays
        for k, (name, n) in enumerate(trays):
            if name == race:
                return with_field(self, "trays", (*trays[:k], (name, n + delta), *trays[k + 1 :]))
        return with_field(self, "trays", trays)

    def race(self, name: str, owner: int = NOBODY) -> RaceState | None:
        """The race state of ``name`` if some player owns it; ``owner``: the player who
        holds it, when the caller knows (a region's owner, a race's): that player's races
        are looked at first, without a walk over the players (a race is owned by one player
        at most)."""
        players = self.players
        if 0 <= owner < len(players):
            p = players[owner]
            active = p.active
            if active is not None and active.name == name:
                return active
            for d in p.declined:  # (a defender's region is often a decline race's)
                if d.name == name:
                    return d
        for p in players:
            active = p.active
            if active is not None and active.name == name:
                return active
            if p.declined:  # (most players have none: no loop to start)
                for d in p.declined:
                    if d.name == name:
                        return d
        return None

    def race_regions(self, name: str) -> list[int]:
        """Region positions held by ``name``, ascending (``""``: the regions of no race)."""
        if not name:
            return [i for i, r in enumerate(self.regions) if not r.race]
        return list(state_held(self).races.get(name, ()))

    def race_region_set(self, name: str) -> frozenset[int]:
        """The positions of :meth:`race_regions`, as a set (kept by the holdings, carried
        from state to state while the race's regions stay the same)."""
        if name:
            return state_held(self).held_set(name)
        key = ("held set", name)
        held: frozenset[int] | None = self.memo.get(key)
        if held is None:
            held = self.memo[key] = frozenset(self.race_regions(name))
        return held

    def has_regions(self, name: str) -> bool:
        """Whether the race ``name`` holds a region."""
        return name in state_held(self).races

    def regions_of(self, player: int) -> int:
        """How many regions ``player`` owns, with any of its races (R-SCORE-1)."""
        return state_held(self).owners.get(player, 0)

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


# The state's methods the engine calls at every step, as plain functions (the same function
# objects: no code twice). CPython 3.11 does not specialise a method lookup on an object
# whose instance dictionary is materialised, which every state's is (see the module): each
# ``state.updated(...)`` looked the method up the generic way and made a bound method, about
# 250 instructions more than a call of a module's function (~30k calls per 10 seeded
# 5-player games). The engine's modules call these; other callers keep the methods.
state_updated = GameState.updated
state_with_region = GameState.with_region
state_with_tokens = GameState.with_tokens
state_with_tray = GameState.with_tray
state_held = GameState.held
state_race = GameState.race
state_race_regions = GameState.race_regions
state_has_regions = GameState.has_regions
state_regions_of = GameState.regions_of


def with_field(state: GameState, name: str, value: Any) -> GameState:
    """``state.updated(**{name: value})`` for one field other than ``regions`` (``turn``,
    ``players``: most updates of a step change one of them alone), a working copy's in
    place: without :meth:`GameState.updated`'s walk over every field it may be given
    (about 1,000 instructions less, ~5,500 calls per 10 seeded 5-player games)."""
    fields = state.own_fields
    if fields is None:  # a frozen state: a new one
        return state_updated(state, **{name: value})
    memo = fields["memo"]
    if len(memo) > 1 or (memo and HOLDINGS not in memo):  # (as updated: see _forget)
        state._forget(memo.get(HOLDINGS))
    fields[name] = value
    return state


def format_state(state: GameState) -> str:
    """A compact text board for test failures and quick looks (names from files shown as
    text: :func:`swlab.terminal.printable`)."""
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
    return "\n".join(printable(line) for line in lines)  # a name is text, one line

"""Conquest reach: which regions a race may conquer, and why not (R-CONQ-1..6, R-IMMUNE).

One home for the checks that do not depend on the cost (water, own region, immunity, the
defender's protection, entering from the border, adjacency, a token in hand) and for the
price checks of a conquest (afford it, or at most 3 short for the die). Ordinary conquest
(:func:`swlab.rules.engine.legal_actions` and ``apply``), Dragon Master's ``dragon`` and
Sorcerers' ``convert`` all ask this module, so every way of taking a region reaches the
same regions: Flying, Underworld's caverns, Seafaring's water and Halflings' entry apply to
each of them through the badges' hooks.

It also holds the step that takes a region (:func:`conquer_region`: defender losses, the
tokens placed, the badges' ``on_conquest``) and the end of a race's conquests after its
final-conquest attempt (:func:`end_conquests`, :func:`conquests_ended`, R-CONQ-10).

Badges use the public functions (:func:`reach_of`, :func:`reach_candidates`,
:func:`reach_refusal`, :func:`conquer_region`); the engine uses the same :class:`Reach`,
kept in the state's memo.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from enum import Enum
from itertools import chain
from operator import itemgetter
from typing import TypeVar

from swlab import names
from swlab.i18n import N_, _
from swlab.rules.abilities.base import DERIVED, Badge, derived_get, turn_value, with_turn_value
from swlab.rules.abilities.base import hooked as hooked  # its home is base.py
from swlab.rules.actions import Conquer, Final
from swlab.rules.cost import MINIMUM, conquest_cost, cost_rows, cost_summary
from swlab.rules.errors import IllegalActionError, Sentence
from swlab.rules.events import Conquered, Event
from swlab.rules.geo import Geo
from swlab.rules.ops import badges, hooked_badges, strip_defender, update_race
from swlab.rules.pieces import UNIT_DEFENCES, defence, defence_counts, immune_flags, is_immune
from swlab.rules.state import (
    NOBODY,
    Conquest,
    GameState,
    RaceState,
    RegionState,
    setup_regions,
    state_held,
    state_race,
    with_field,
)

T = TypeVar("T")

MAX_SHORT = 3  # R-CONQ-10: the die shows at most 3


class Reach:
    """What the acting race may conquer: the R-CONQ checks, set up once per query.

    The checks return short reason codes; :meth:`refuse` turns a code into the learner's
    sentence, so :func:`legal_actions` (which only needs yes/no) and :func:`why_illegal`
    run exactly the same tests without formatting messages for every region.

    It holds only facts about the race in one state (never the state itself), so that
    :func:`reach_of` can keep it in that state's memo: ``legal_actions``, then ``apply``'s
    legality check, and Dragon Master's and Sorcerers' checks of every region all ask the
    same state.

    ``in_hand=False`` (Sorcerers' conversion, which takes its token from the tray) leaves
    out the one check on the hand, R-CONQ-3.
    """

    def __init__(self, state: GameState, race: RaceState) -> None:
        self.race = race
        own, hooks = _hook_table(race)
        self.badges: tuple[Badge, ...] = own
        #: the state's holdings (read once: the listing asks them several things)
        self.holdings = holdings = state_held(state)
        self.held: Sequence[int] = holdings.races.get(race.name, ())
        self.held_set = holdings.held_set(race.name)  # (state.race_region_set, for a race)
        # Each hook is asked only of the badges that replace its no-op default (the others
        # cannot answer anything else); the per-region ones are asked of every candidate.
        water, anywhere, flying, extra, cost, restricting = hooks
        self.water_ok = bool(water) and any(b.can_occupy_water(state, race) for b in water)
        self.anywhere = bool(anywhere) and any(b.enters_anywhere(state, race) for b in anywhere)
        self.flying = bool(flying) and any(b.ignores_adjacency(state, race) for b in flying)
        self.extra_adjacency = extra
        self.cost_badges = cost
        self.restricting = restricting
        #: defender race name -> (its state, its badges that may refuse an attack)
        self.guards: dict[str, tuple[RaceState | None, tuple[Badge, ...]]] = {}

    def candidates(self, state: GameState, *, in_hand: bool = True) -> Sequence[int]:
        """Positions, ascending, that may pass :meth:`where`: the rest fail it for sure.

        ``legal_actions`` runs every check on these only. Most regions of a board are
        neither adjacent to the race nor on its way in, so sorting them out with set
        operations first saves running each one's badge hooks at every call; a badge
        that adds adjacency of its own adds the regions it names
        (:meth:`~swlab.rules.abilities.base.Badge.extra_adjacent_regions`: Underworld's
        caverns), and one that cannot name them, or a race that reaches anywhere, keeps
        the whole board.
        """
        if in_hand and self.race.hand < 1:
            return ()  # R-CONQ-3: where() refuses every region
        reachable = self._reachable(state)
        if reachable is None or reachable is EVERYWHERE:
            return range(len(state.geo))
        return sorted(reachable)

    def conquests(self, state: GameState) -> list[Conquer | Final]:
        """The ``conquer`` and ``final`` actions legal now, ascending by region position:
        :meth:`kind` of every candidate, the list :func:`legal_actions` shows.

        The candidates are judged by :meth:`_judge` (the checks of :meth:`kind` in one
        loop). On a large board they are many (every region for Flying, every cavern for
        Underworld) and most of them are still as at setup (:meth:`partition`): those are
        priced together, by their defence at setup and the badges'
        :meth:`~swlab.rules.abilities.base.Badge.cost_modifier_sets`, with set operations,
        and only the others are judged one by one. The answer is the same
        (``tests/rules/test_large_boards.py``). A badge that cannot give its modifiers as
        sets, or that may refuse some conquests and not others, keeps every region judged
        one by one; one that cannot name the regions it makes adjacent, :meth:`kind`.
        """
        geo = state.geo
        if self.race.hand < 1:
            return []  # R-CONQ-3
        reachable = self._reachable(state)
        if reachable is None:  # a badge to ask region by region whether it is adjacent
            conquer_at, final_at = [], []
            for i in self.candidates(state):
                kind = self.kind(state, i)
                if kind is Conquer:
                    conquer_at.append(i)
                elif kind is Final:
                    final_at.append(i)
            return _in_order(geo, conquer_at, final_at)
        # (most races have no cost badge and no refusing one: no call for either)
        modifiers = self._modifier_sets(state) if self.cost_badges else _NO_MODIFIERS
        refused = self._refused_everywhere(state) if self.restricting else _REFUSED_NOWHERE
        if modifiers is None or refused is None:
            bulk = False
        elif reachable is EVERYWHERE:
            bulk = True
        else:
            bulk = len(reachable) >= BULK_FROM
        if not bulk:
            candidates = range(len(geo)) if reachable is EVERYWHERE else sorted(reachable)
            conquer_at, final_at = self._judge(state, candidates, modifiers, refused)
            return _in_order(geo, conquer_at, final_at)
        assert modifiers is not None and refused is not None
        return self._in_bulk(state, reachable, modifiers, refused)

    def _in_bulk(
        self,
        state: GameState,
        reachable: Positions | _Reachable,
        modifiers: list[tuple[int, Collection[int] | None]],
        refused: dict[bool, bool],
    ) -> list[Conquer | Final]:
        """:meth:`conquests` on many reachable regions: those as at setup priced together
        by set operations, the others judged one by one."""
        geo = state.geo
        touched = self.holdings.touched
        cells: list[tuple[Positions, int]]
        if reachable is EVERYWHERE:
            # the board's regions by defence at setup, less those no longer as at setup
            groups = _setup_defences(geo, everywhere=True, water=self.water_ok)
            cells = [(group - touched, added) for added, group in groups]
            loud: Positions = touched - self.held_set
        else:
            assert not isinstance(reachable, _Reachable)
            loud = reachable & touched
            quiet = reachable - loud
            cells = [(quiet & group, added) for added, group in _setup_defences(geo)]
        # a region as at setup costs 2 + the defence of its pieces, plus the modifiers
        for amount, where in modifiers:
            cells = _modified(cells, amount, where)
        hand = self.race.hand
        conquer_parts: list[Collection[int]] = []  # disjoint parts
        final_parts: list[Collection[int]] = []
        for positions, added in cells:
            cost = max(2 + added, MINIMUM)  # R-CONQ-2, R-CONQ-3
            if cost <= hand:
                if positions and not refused[False]:
                    conquer_parts.append(positions)
            elif cost - hand <= MAX_SHORT and positions and not refused[True]:
                final_parts.append(positions)  # R-CONQ-10
        loud_conquer, loud_final = self._judge(state, loud, modifiers, refused)
        conquer_parts.append(loud_conquer)
        final_parts.append(loud_final)
        return _in_order(geo, sorted(chain(*conquer_parts)), sorted(chain(*final_parts)))

    def _judge(
        self,
        state: GameState,
        positions: Iterable[int],
        modifiers: list[tuple[int, Collection[int] | None]] | None,
        refused: dict[bool, bool] | None,
    ) -> tuple[list[int], list[int]]:
        """The positions where ``conquer`` and those where ``final`` is legal, among
        ``positions``, which must all pass the reach checks (border or adjacency) of
        :meth:`where`: the other checks of :meth:`kind` in one loop. ``modifiers`` and
        ``refused`` as :meth:`conquests` has them, ``None`` to ask the badges' hooks."""
        race, regions, water = self.race, state.regions, state.geo.water
        name, owner, hand, water_ok = race.name, race.owner, race.hand, self.water_ok
        guards = self.guards
        conquer_at: list[int] = []
        final_at: list[int] = []
        # A region as at setup (not among the holdings' touched ones) holds no race and no
        # immune piece: its reach checks all pass but water's, and its cost before the
        # modifiers is the board's (negative: water, for a race that cannot go there). Only
        # the others are read, each check in turn. (The cost below is conquest_cost's sum,
        # inlined: this loop runs over every candidate at every listing.)
        touched = self.holdings.touched
        at_setup = _setup_costs(state.geo, water_ok)
        unit = UNIT_DEFENCES
        # Most races: no modifier and no refusal, so the cost is the region's own (2 or more:
        # above the minimum) and decides alone (R-CONQ-2, R-CONQ-10).
        plain = modifiers == [] and refused is not None and not (refused[False] or refused[True])
        limit = hand + MAX_SHORT
        for i in positions:
            if i in touched:
                r = regions[i]
                if r.race == name or (water[i] and not water_ok):
                    continue  # R-CONQ-5, R-CONQ-4
                other = r.owner
                if other != NOBODY and other != owner:
                    # _shielded, inlined: R-IMMUNE, or the defender's protection (Diplomat's
                    # peace)
                    if any(immune_flags(r)):
                        continue
                    guard = guards.get(r.race) or self._guard(state, r)
                    if guard[1] and self.protection(state, i) is not None:
                        continue
                # R-CONQ-2
                raw = 2 + r.tokens + (sum(defence_counts(r)) if unit else defence(r))
            else:
                raw = at_setup[i]
                if raw < 0:
                    continue  # R-CONQ-4
            if plain:
                if raw <= hand:
                    conquer_at.append(i)
                elif raw <= limit:
                    final_at.append(i)
                continue
            if modifiers is None:
                cost = conquest_cost(state, race, i, self.cost_badges)
            else:
                if modifiers:
                    for amount, where in modifiers:
                        if where is None or i in where:
                            raw += amount
                cost = raw if raw > MINIMUM else MINIMUM  # R-CONQ-3
            if cost > hand:
                if cost - hand > MAX_SHORT:
                    continue  # R-CONQ-2; R-CONQ-10: the die shows at most 3
                final = True
            else:
                final = False
            if refused is None:
                if self.restriction(state, i, final) is not None:
                    continue
            elif refused[final]:
                continue
            (final_at if final else conquer_at).append(i)
        return conquer_at, final_at

    def _shielded(
        self,
        state: GameState,
        i: int,
        r: RegionState,
        guards: dict[str, tuple[RaceState | None, tuple[Badge, ...]]],
    ) -> bool:
        """Whether another player's region ``i`` is immune (R-IMMUNE) or protected by its
        defender's badge (Diplomat's peace)."""
        if is_immune(r):
            return True
        guard = guards.get(r.race) or self._guard(state, r)
        return bool(guard[1]) and self.protection(state, i) is not None

    def partition(self, state: GameState) -> tuple[Positions, Positions] | None:
        """The candidate regions in two parts: those still as at setup, whose checks of
        :meth:`where` all pass (a region as at setup holds no race and no immune piece),
        and the others, to check one by one; ``None`` when a badge cannot name the
        regions it makes adjacent, or when few regions are reachable (then the
        candidates are checked one by one anyway).

        What else a conquest asks of a region as at setup depends on the board alone:
        its cost (:meth:`conquests`), whether Dragon Master's dragon may go there.
        """
        if self.race.hand < 1:
            return set(), set()  # R-CONQ-3: where() refuses every region
        reachable = self._reachable(state)
        if reachable is None:
            return None
        touched = self.holdings.touched
        if reachable is EVERYWHERE:
            geo = state.geo
            everywhere = frozenset(range(len(geo))) if self.water_ok else geo.land
            return everywhere - touched, touched - self.held_set
        if len(reachable) < BULK_FROM:
            return None
        loud = reachable & touched
        return reachable - loud, loud

    def _refused_everywhere(self, state: GameState) -> dict[bool, bool] | None:
        """For ``final`` False and True, whether a badge of the race refuses every such
        conquest (Berserk: every final one), or ``None`` if one may refuse some only."""
        if not self.restricting:
            return _REFUSED_NOWHERE  # (most races: no dict made at every listing)
        out = {False: False, True: False}
        for b in self.restricting:
            for final in (False, True):
                refuses = b.refuses_all_conquests(state, self.race, final)
                if refuses is None:
                    return None
                out[final] = out[final] or refuses
        return out

    def _reachable(self, state: GameState) -> Positions | _Reachable | None:
        """The positions whose reach checks of :meth:`where` (water, own region, border,
        adjacency) pass for a region as at setup; :data:`EVERYWHERE` for the whole board
        (less water without Seafaring); ``None`` when a badge cannot name its adjacent
        regions (then :meth:`where` asks it region by region)."""
        geo = state.geo
        if self.held:
            if self.flying:
                return EVERYWHERE
            # R-CONQ-6: the race's border, kept up to date by the holdings
            near = self.holdings.border(self.race.name, geo.neighbours)
            for b in self.extra_adjacency:
                extra = b.extra_adjacent_regions(state, self.race)
                if extra is None:
                    return None
                near = near.union(extra)
            near = near - self.held_set
            if not self.water_ok:
                near = near - geo.water_set  # R-CONQ-4
            return near
        if self.anywhere:
            return EVERYWHERE
        if self.water_ok:
            return geo.first_conquest | (geo.edge & geo.water_set)  # R-CONQ-1, edge Seas
        return geo.first_conquest  # R-CONQ-1

    def _modifier_sets(self, state: GameState) -> list[tuple[int, Collection[int] | None]] | None:
        """Every cost badge's :meth:`~swlab.rules.abilities.base.Badge.cost_modifier_sets`,
        or ``None`` if one of them cannot give its modifiers so."""
        if not self.cost_badges:
            return _NO_MODIFIERS
        out: list[tuple[int, Collection[int] | None]] = []
        for b in self.cost_badges:
            pairs = b.cost_modifier_sets(state, self.race)
            if pairs is None:
                return None
            out.extend((amount, where) for amount, where in pairs if amount)
        return out

    def where(self, state: GameState, i: int, *, in_hand: bool = True) -> str | None:
        """Every check that does not depend on the cost; a reason code or ``None``."""
        geo, race = state.geo, self.race
        r = state.regions[i]
        if geo.water[i] and not self.water_ok:
            return "water"  # R-CONQ-4
        if r.race == race.name:
            return "own"  # R-CONQ-5
        if r.owner != NOBODY and r.owner != race.owner:
            if r.is_immune:
                return "immune"  # R-IMMUNE
            if self.protection(state, i) is not None:
                return "protected"
        if not self.held:  # R-CONQ-1: enter from the border
            # a Sea touching the edge is a border region too (R-COMP-6), for Seafaring
            edge_sea = self.water_ok and geo.water[i] and i in geo.edge
            if not (self.anywhere or i in geo.first_conquest or edge_sea):
                return "border"
        elif not (
            self.flying
            or not geo.neighbours[i].isdisjoint(self.held_set)
            or any(b.is_extra_adjacent(state, race, i) for b in self.extra_adjacency)
        ):
            return "adjacent"  # R-CONQ-6
        if in_hand and race.hand < 1:
            return "hand"  # R-CONQ-3
        return None

    def protection(self, state: GameState, i: int) -> tuple[str, Sentence] | None:
        """The defender's badge refusing the attack on ``i`` (Diplomat's peace), if any."""
        r = state.regions[i]
        guard = self.guards.get(r.race) or self._guard(state, r)
        defender, protecting = guard
        if defender is not None:
            for b in protecting:
                refusal = b.protects(state, defender, self.race, i)
                if refusal is not None:
                    return refusal
        return None

    def _guard(
        self, state: GameState, r: RegionState
    ) -> tuple[RaceState | None, tuple[Badge, ...]]:
        """The defender in region ``r`` and its badges that may refuse an attack, kept by
        race name."""
        found = state_race(state, r.race, r.owner)
        guard = self.guards[r.race] = (
            found,
            () if found is None else hooked_badges(found, "protects"),
        )
        return guard

    def restriction(self, state: GameState, i: int, final: bool) -> tuple[str, Sentence] | None:
        """The attacker's badge refusing an otherwise legal conquest (Berserk), if any."""
        for b in self.restricting:
            refusal = b.conquest_refusal(state, self.race, i, final)
            if refusal is not None:
                return refusal
        return None

    def price(self, state: GameState, i: int, final: bool, cost: int | None = None) -> str | None:
        """R-CONQ-2 (afford it) or R-CONQ-10 (short by 1 to 3, R-RULING-2 discounted)."""
        if cost is None:
            cost = conquest_cost(state, self.race, i, self.cost_badges)
        hand = self.race.hand
        if not final:
            code = None if cost <= hand else "cost"
        elif cost <= hand:
            code = "affordable"
        else:
            code = None if cost - hand <= MAX_SHORT else "short"
        if code is None and self.restriction(state, i, final) is not None:
            return "restricted"
        return code

    def kind(self, state: GameState, i: int) -> type[Conquer] | type[Final] | None:
        """Which of ``conquer`` / ``final`` is legal for region ``i`` (never both)."""
        if self.where(state, i) is not None:
            return None
        cost = conquest_cost(state, self.race, i, self.cost_badges)
        if self.price(state, i, final=False, cost=cost) is None:
            return Conquer
        if self.price(state, i, final=True, cost=cost) is None:
            return Final
        return None

    def refuse(self, state: GameState, i: int, final: bool) -> IllegalActionError | None:
        """Every check for ``conquer`` (or ``final``) of region position ``i``."""
        code = self.where(state, i) or self.price(state, i, final)
        return None if code is None else self.error(state, code, i, final)

    def error(self, state: GameState, code: str, i: int, final: bool) -> IllegalActionError:
        if code == "protected":
            protection = self.protection(state, i)
            assert protection is not None
            return IllegalActionError(*protection)
        if code == "restricted":
            restriction = self.restriction(state, i, final)
            assert restriction is not None
            return IllegalActionError(*restriction)
        race, cost = self.race, conquest_cost(state, self.race, i, self.cost_badges)
        rule, text = _REFUSALS[code]

        def sentence() -> str:
            return _(text).format(
                region=state.geo.label(i),
                race=names.race(race.name),
                cost=cost,
                tokens=names.tokens(cost),
                hand=race.hand,
                short=cost - race.hand,
            )

        return IllegalActionError(rule, sentence)


#: Each refusal of :meth:`Reach.error`: its rule and its sentence (the fields: ``region``,
#: ``race``, ``cost``, ``tokens`` (the cost with its noun: "3 tokens"), ``hand`` and ``short``,
#: the tokens missing).
_REFUSALS: dict[str, tuple[str, str]] = {
    "water": ("R-CONQ-4", N_("{region} is water: Seas and Lakes cannot be conquered.")),
    "own": ("R-CONQ-5", N_("Your {race} already occupy {region}.")),
    "immune": (
        "R-IMMUNE",
        N_(
            "{region} is immune: a Hole-in-the-Ground, a Hero or the Dragon protects it from "
            "enemy conquests."
        ),
    ),
    "border": (
        "R-CONQ-1",
        N_(
            "{region} is not a border region: the {race} have no region on the map, so they "
            "must enter from the edge of the board."
        ),
    ),
    "adjacent": ("R-CONQ-6", N_("{region} is not adjacent to a region of your {race}.")),
    "hand": ("R-CONQ-3", N_("You have no {race} token in hand to conquer with.")),
    "cost": ("R-CONQ-2", N_("{region} costs {tokens} and you have {hand} in hand.")),
    "affordable": (
        "R-CONQ-10",
        N_(
            "You can afford {region} ({tokens}): conquer it; the die is only for a region "
            "you are short of."
        ),
    ),
    "short": (
        "R-CONQ-10",
        N_("{region} costs {cost} and you have {hand}: {short} short, more than the die's 3."),
    ),
}


#: a set of region positions
Positions = set[int] | frozenset[int]


class _Reachable(Enum):
    #: :meth:`Reach._reachable` of a race that reaches every region (Flying, Halflings'
    #: entry): the whole board, less water without Seafaring, less its own regions
    EVERYWHERE = "everywhere"


EVERYWHERE = _Reachable.EVERYWHERE
#: fewer reachable regions than this are judged one by one (:meth:`Reach.conquests`)
BULK_FROM = 24

#: :meth:`Reach._refused_everywhere` of a race with no badge that refuses conquests (only
#: read, never changed)
_REFUSED_NOWHERE: dict[bool, bool] = {False: False, True: False}
#: :meth:`Reach._modifier_sets` of a race with no cost badge (only read, never changed)
_NO_MODIFIERS: list[tuple[int, Collection[int] | None]] = []


def _setup_defences(
    geo: Geo, *, everywhere: bool = False, water: bool = True
) -> tuple[tuple[int, frozenset[int]], ...]:
    """The positions of the board by the defence of their pieces at setup (R-CONQ-2):
    ``(defence, positions)`` pairs, made once per board; ``everywhere``: for a race that
    reaches every region, ``water`` or not (the same groups, less the Seas and Lakes)."""
    if not everywhere or water:
        return geo.per_board("setup defences", _defence_groups)
    return geo.per_board(
        "setup defences on land",
        lambda g: tuple((d, group - g.water_set) for d, group in _setup_defences(g)),
    )


def _setup_costs(geo: Geo, water: bool) -> tuple[int, ...]:
    """The cost of conquering each region as at setup before any modifier, by position
    (R-CONQ-2: 2, plus its Lost Tribe and the defence of its pieces), made once per board;
    without ``water`` (a race that cannot occupy the Seas and Lakes, R-CONQ-4) a water
    region's is -1."""
    if water:
        return geo.per_board("setup costs", _costs_at_setup)
    return geo.per_board(
        "setup costs on land",
        lambda g: tuple(-1 if g.water[i] else c for i, c in enumerate(_setup_costs(g, True))),
    )


def _costs_at_setup(geo: Geo) -> tuple[int, ...]:
    return tuple(2 + r.tokens + defence(r) for r in setup_regions(geo))


def _defence_groups(geo: Geo) -> tuple[tuple[int, frozenset[int]], ...]:
    groups: dict[int, set[int]] = {}
    for i, r in enumerate(setup_regions(geo)):
        groups.setdefault(r.tokens + defence(r), set()).add(i)
    return tuple((d, frozenset(positions)) for d, positions in sorted(groups.items()))


def _codes(geo: Geo) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Conquer | Final, ...]]:
    """Per board: the code 2i of ``conquer`` at position i, 2i + 1 of ``final``, and the
    actions in code order (the conquest list of both kinds, sorted in one go)."""

    def make(g: Geo) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Conquer | Final, ...]]:
        n = len(g)
        conquer, final = g.per_region(Conquer), g.per_region(Final)
        both: list[Conquer | Final] = []
        for i in range(n):
            both += (conquer[i], final[i])
        return tuple(range(0, 2 * n, 2)), tuple(range(1, 2 * n, 2)), tuple(both)

    return geo.per_board("conquest codes", make)


def _modified(
    cells: list[tuple[Positions, int]], amount: int, where: Collection[int] | None
) -> list[tuple[Positions, int]]:
    """The priced cells after one modifier: ``amount`` added where it applies (``None``:
    everywhere), a cell split in two when the modifier covers part of it."""
    if where is None:
        return [(positions, added + amount) for positions, added in cells]
    parts: list[tuple[Positions, int]] = []
    for positions, added in cells:
        inside = positions.intersection(where)
        if inside:
            parts.append((inside, added + amount))
            parts.append((positions - inside, added))
        else:
            parts.append((positions, added))
    return parts


def _in_order(geo: Geo, conquer_at: list[int], final_at: list[int]) -> list[Conquer | Final]:
    """The ``conquer`` actions at ``conquer_at`` and the ``final`` ones at ``final_at`` (both
    ascending, never the same position), in one list by position."""
    if not final_at:
        return at_positions(geo.per_region(Conquer), conquer_at)
    if not conquer_at:
        return at_positions(geo.per_region(Final), final_at)
    # codes 2i (conquer) and 2i + 1 (final): two sorted runs that one sort merges
    even, odd, both = _codes(geo)
    codes = at_positions(even, conquer_at) + at_positions(odd, final_at)
    codes.sort()
    return at_positions(both, codes)


def at_positions(table: tuple[T, ...], positions: Sequence[int]) -> list[T]:
    """``[table[i] for i in positions]``, at C speed (the listings of every stage pick their
    shared actions from a per-region table this way)."""
    if len(positions) > 1:
        return list(itemgetter(*positions)(table))
    return [table[i] for i in positions]


def reach_of(state: GameState, race: RaceState) -> Reach:
    """The :class:`Reach` of ``race`` in ``state``, made once per state (its memo)."""
    key = ("reach", race.name)
    reach = state.memo.get(key)
    if not (isinstance(reach, Reach) and (reach.race is race or reach.race == race)):
        reach = state.memo[key] = Reach(state, race)
    return reach


_HOOK_TABLE = (
    "can_occupy_water",
    "enters_anywhere",
    "ignores_adjacency",
    "is_extra_adjacent",
    "cost_modifiers",
    "conquest_refusal",
)


def _hook_table(race: RaceState) -> tuple[tuple[Badge, ...], tuple[tuple[Badge, ...], ...]]:
    """The badges of ``race`` and :func:`hooked` for each hook :class:`Reach` asks, in the
    order of ``_HOOK_TABLE``: kept per (race, power, decline) as
    :func:`~swlab.rules.ops.badges` keeps the badges (one lookup for both: every conquest
    listing asks)."""
    key = ("reach hooks", race.name, race.power, race.in_decline)
    found: tuple[tuple[Badge, ...], tuple[tuple[Badge, ...], ...]] | None = derived_get(key)
    if found is None:
        own = badges(race)
        found = DERIVED[key] = (own, tuple(hooked(own, hook) for hook in _HOOK_TABLE))
    return found


def reach_candidates(state: GameState, race: RaceState, *, in_hand: bool = True) -> Sequence[int]:
    """Region positions, ascending, outside of which :func:`reach_refusal` always refuses.

    For badges that offer a conquest of their own on many regions (Dragon Master,
    Sorcerers): they need to check only these.
    """
    return reach_of(state, race).candidates(state, in_hand=in_hand)


def reach_refusal(
    state: GameState, race: RaceState, i: int, *, in_hand: bool = True
) -> IllegalActionError | None:
    """The conquest checks that do not depend on the cost, for region position ``i``.

    For badges that conquer their own way (Dragon Master, Sorcerers): water (R-CONQ-4),
    own region, immunity (R-IMMUNE), protection, R-CONQ-1 / R-CONQ-6 reach, a token in
    hand (R-CONQ-3, unless ``in_hand`` is false).
    """
    reach = reach_of(state, race)
    code = reach.where(state, i, in_hand=in_hand)
    return None if code is None else reach.error(state, code, i, final=False)


def conquer_region(
    state: GameState, race: RaceState, i: int, placed: int | None, events: list[Event]
) -> GameState:
    """Conquer region ``i`` with tokens from hand: defender losses (R-CONQ-7), place the
    tokens (R-CONQ-5).

    ``placed`` is the number of tokens moved in from hand (default: the cost). Shared by
    the ordinary conquest, the final die and Dragon Master's single token.
    """
    # the event explains the cost as explain_cost does, for the race the state holds
    held = state_race(state, race.name, race.owner)
    rows, cost = cost_rows(state, race, i)
    shown = (rows, cost) if held is race or held == race else cost_rows(state, held, i)
    tokens = cost if placed is None else placed
    breakdown = cost_summary(*shown)
    told = Conquered(race.owner, race.name, state.geo.ids[i], tokens, cost, breakdown)
    return take_region(state, race, i, tokens, told, events)


def take_region(
    state: GameState,
    race: RaceState,
    i: int,
    tokens: int,
    told: Event,
    events: list[Event],
    *,
    conversion: bool = False,
) -> GameState:
    """The one way a race takes region ``i``: the defender's losses (R-CONQ-7, or a
    Sorcerer conversion's), ``tokens`` of the race there (from hand, or one from the tray
    for a conversion, R-RACE-SORCERERS), the turn's record of the conquest, then the
    badges' conquest hooks. ``told`` is the event that says it, first of the events."""
    region = state.regions[i]
    defender = region.owner
    conquest = Conquest(
        race.name,
        i,
        region.is_occupied,
        defender,
        defender != NOBODY and not region.in_decline,
        conversion=conversion,
    )
    # the region as the race holds it: only the pieces that stay when a race leaves
    # (R-CONQ-9) and its tokens, set as the defender leaves (one change of the region)
    taken = region.emptied().updated(
        owner=race.owner, race=race.name, tokens=tokens, in_decline=race.in_decline
    )
    state, evs = strip_defender(state, i, race, conversion=conversion, into=taken)
    race = state_race(state, race.name, race.owner) or race
    hand = race.hand if conversion else race.hand - tokens
    race = race.updated(hand=hand, conquests=race.conquests + 1)
    state = update_race(state, race)
    turn = state.turn
    turn = turn.updated(
        conquests=(*turn.conquests, conquest),
        converted=turn.converted | {defender} if conversion else None,
        acted=turn.acted or not race.in_decline,
    )
    state = with_field(state, "turn", turn)
    events.append(told)
    events.extend(evs)
    for b in hooked_badges(race, "on_conquest"):  # (the default changes nothing)
        state, evs = b.on_conquest(state, race, i)
        events.extend(evs)
        race = state_race(state, race.name) or race
    return state


def _final_key(race: RaceState) -> str:
    return f"final:{race.name}"


def end_conquests(state: GameState, race: RaceState, i: int) -> GameState:
    """``state`` in which ``race`` has chosen region position ``i`` for its final conquest:
    whatever the die shows, its conquests are over for this turn (R-CONQ-10).

    Kept in ``TurnState.data`` under ``final:<race>`` (the region id), so a race acting
    later in the same turn (the active race after decline Ghouls) is not affected.
    """
    return with_turn_value(state, _final_key(race), state.geo.ids[i])


def conquests_ended(state: GameState, race: RaceState) -> bool:
    """Whether ``race`` has made its final-conquest attempt this turn (R-CONQ-10)."""
    return turn_value(state, _final_key(race)) is not None

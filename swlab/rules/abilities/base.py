"""The :class:`Badge` base class: every hook the core consults, as a no-op default.

A race banner or power badge overrides only the hooks its text needs; the core combines
them at fixed decision points (costs are summed and clamped to 1 once, R-RULING-1). Hooks
receive the :class:`~swlab.rules.state.GameState` and the :class:`RaceState` of the race the
badge belongs to (for a power: the race it is paired with, R-YOU). Region arguments are
region *positions* (see :class:`swlab.rules.geo.Geo`).

Hook catalogue and who uses it:

========================== ===============================================================
cost_modifiers             Giants, Tritons; Commando, Mounted, Underworld
cost_modifier_sets         the same badges (cost_modifiers as amounts over sets of regions)
enters_anywhere            Halflings; Flying (R-CONQ-1 exceptions)
ignores_adjacency          Flying (R-CONQ-6 exception)
is_extra_adjacent          Underworld (caverns adjacent to each other)
extra_adjacent_regions     Underworld (the regions is_extra_adjacent accepts: the caverns)
can_occupy_water           Seafaring (R-CONQ-4 exception)
protects                   Diplomat (peace: the defender's badge refuses an attack)
conquest_refusal           Berserk (no final conquest: the roll comes first)
refuses_all_conquests      Berserk (conquest_refusal refuses every final conquest, no other)
on_conquest                Halflings (hole), Trolls (lair), Berserk (a roll serves one)
defender_losses            Elves (keep every token)
redeploy_gain              Skeletons (new tokens from the tray)
withdraw_after_redeploy    Amazons (4 conquest-only tokens)
has_redeploy_work          Bivouacking (displaced Encampments are re-placed, R-REDEPLOY-2)
                           (badge actions are offered in ``defend`` too: the badge decides)
done_refusal               Heroic, Bivouacking (placements to make before ``done``)
extra_actions / check_extra / apply_extra / legal_extra_actions
                           Sorcerers (convert); Dragon Master (dragon), Fortified (fortress),
                           Heroic (heroes), Bivouacking (encampments), Diplomat (peace),
                           (``Action.undoes`` marks lifting verbs that random playouts skip),
                           Berserk (roll before a conquest: a ``roll`` with no final
                           region is routed to the badge that ``handles`` Roll).
                           New verbs join the notation with actions.register_action.
keeps_tokens_in_decline    Ghouls (R-DECLINE-2 exception)
acts_in_decline            Ghouls (R-TURN-0)
counts_toward_decline_limit  Spirit (R-DECLINE-3 exception)
keeps_badge_in_decline     Spirit (R-DECLINE-1 exception)
declines_after_scoring     Stout
bonus_coins                Dwarves, Humans, Orcs, Wizards; Alchemist, Forest, Fortified,
                           Hill, Merchant, Pillaging, Swamp, Wealthy
decline_bonus_coins        Dwarves (mines count in decline, R-SCORE-2)
========================== ===============================================================

Custom badges (the blank banner and badge, R-COMP-4) combine these same hooks from data:
:mod:`swlab.rules.abilities.custom`.

Pieces (fortress, troll lair, encampment, hero, dragon, hole) defend and protect through
core rules read from one table, :data:`swlab.rules.pieces.PIECES` (R-CONQ-2, R-IMMUNE,
R-DECLINE-4, R-EXPAND-2); a badge only places them, with
:func:`~swlab.rules.pieces.place_piece` (Trolls, Halflings) or as a
:class:`~swlab.rules.abilities.placing.PiecePower` with its place/lift actions (Fortified,
Heroic, Bivouacking, Dragon Master).

Badge data: ``TurnState.data`` (per turn: once-per-turn flags, a Berserk roll) and
``PlayerState.data`` (across turns: Diplomat's peace), as (key, value) pairs, read and
written with :func:`turn_value` / :func:`with_turn_value` / :func:`player_value` /
:func:`with_player_values` (a value not set reads as ``None``).
The conquest reach, :mod:`swlab.rules.reach`, lets a badge conquer through the core:
``reach_candidates`` / ``reach_refusal`` are the checks of an ordinary conquest (Dragon
Master, and Sorcerers' conversion with ``in_hand=False``), ``conquer_region`` takes the
region (Dragon Master: one token, whatever defends the region).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from swlab.i18n import _
from swlab.rules.errors import IllegalActionError

if TYPE_CHECKING:
    from swlab.rules.actions import Action
    from swlab.rules.errors import Sentence
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState


class Row(NamedTuple):
    """One line of a cost or score breakdown: what, how much, which rule."""

    label: str
    amount: int
    rule: str


#: A badge's cost modifiers for every region at once (:meth:`Badge.cost_modifier_sets`):
#: ``(amount, positions)`` pairs, ``positions`` ``None`` for every region.
ModifierSets = Sequence[tuple[int, Collection[int] | None]]


#: Values derived from the badges, asked at nearly every step: which badges replace a hook
#: (:func:`hooked`, keyed by the badge objects) and which badges a race of a name and power
#: has (``swlab.rules.ops.badges``, keyed by the names: the official tables never change
#: during a game). Made once, and dropped whenever a custom badge is registered
#: (``registry.register_custom``), so that a name finds its new badge and replaced
#: definitions do not pile up; a test that swaps an official badge clears it too
#: (tests/rules/conftest.py).
DERIVED: dict[Hashable, Any] = {}
#: ``DERIVED.get``, bound once: CPython 3.11 compiles ``name.method(...)`` of a name
#: imported from another module as a module's function call, which looks the method up
#: the generic way and makes a bound method at every call (these lookups run at every step)
derived_get = DERIVED.get


def hooked(own: tuple[Badge, ...], hook: str) -> tuple[Badge, ...]:
    """The badges of ``own`` that replace the no-op default of ``hook`` (see :class:`Badge`):
    the only ones that can answer anything else, so the engine asks just them. Kept per
    badges and hook (:data:`DERIVED`)."""
    key = ("hooked", own, hook)
    found: tuple[Badge, ...] | None = derived_get(key)
    if found is None:
        found = DERIVED[key] = tuple(b for b in own if hook in b.hooks)
    return found


class Badge:
    """A race banner or a special power badge; subclasses set the class data."""

    name: ClassVar[str] = ""
    #: banner or badge value: tokens taken when the combo is picked (R-PICK-4, R-COMP-3)
    tokens: ClassVar[int] = 0
    #: the rule id that describes this badge
    rule: ClassVar[str] = ""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.tokens}>"

    @cached_property
    def hooks(self) -> frozenset[str]:
        """Names of the hooks this badge's class replaces (the others are the no-op defaults).

        The engine asks some hooks of every candidate region at every ``legal_actions``
        call; it skips the badges that cannot answer anything but the default.
        """
        return frozenset(
            name
            for name, default in vars(Badge).items()
            if callable(default) and getattr(type(self), name) is not default
        )

    # --- conquest -----------------------------------------------------------------------
    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        """Discounts (negative) or surcharges for ``race`` conquering ``region`` (R-RULING-1)."""
        return ()

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets | None:
        """What :meth:`cost_modifiers` adds up to, for every region at once: ``(amount,
        positions)`` pairs, ``positions`` ``None`` for every region. The rows' amounts of a
        region sum to the amounts of the pairs whose positions hold it.

        ``None`` (the default): the badge cannot say, and each region is asked on its own.
        The conquest lists use the pairs to price the many regions of a large board that
        are still as at setup in a few set operations (Flying's, Underworld's caverns).
        """
        return None

    def enters_anywhere(self, state: GameState, race: RaceState) -> bool:
        """Whether the first conquest may be any region, not only a border one (R-CONQ-1)."""
        return False

    def ignores_adjacency(self, state: GameState, race: RaceState) -> bool:
        """Whether conquests need no adjacency at all (R-CONQ-6 exception)."""
        return False

    def is_extra_adjacent(self, state: GameState, race: RaceState, region: int) -> bool:
        """Whether ``region`` counts as adjacent to the race beyond real borders."""
        return False

    def extra_adjacent_regions(self, state: GameState, race: RaceState) -> Collection[int] | None:
        """Exactly the positions :meth:`is_extra_adjacent` accepts now, or ``None`` when the
        badge cannot tell: then every region of the board is asked.

        Conquest lists check only the regions a race can reach; a badge that adds
        adjacency names its regions here so that they stay a handful on a large board.
        """
        return None

    def can_occupy_water(self, state: GameState, race: RaceState) -> bool:
        """Whether the race may conquer Seas and the Lake (R-CONQ-4 exception)."""
        return False

    def protects(
        self, state: GameState, race: RaceState, attacker: RaceState, region: int
    ) -> tuple[str, Sentence] | None:
        """Called on the *defending* race's badges: ``(rule, reason)`` to refuse an attack
        (the reason a sentence, or a function that writes it: see ``IllegalActionError``)."""
        return None

    def conquest_refusal(
        self, state: GameState, race: RaceState, region: int, final: bool
    ) -> tuple[str, Sentence] | None:
        """Called on the *attacker's* badges once a conquest is otherwise legal:
        ``(rule, reason)`` to refuse it (Berserk: only what the roll made affordable)."""
        return None

    def refuses_all_conquests(self, state: GameState, race: RaceState, final: bool) -> bool | None:
        """Whether :meth:`conquest_refusal` now refuses every conquest (``final``: every
        final conquest) of the race (``True``) or none (``False``); ``None`` when it
        depends on the region (the default): then each region is asked on its own.
        """
        return None

    def on_conquest(
        self, state: GameState, race: RaceState, region: int
    ) -> tuple[GameState, list[Event]]:
        """After ``race`` conquered ``region`` (pieces: hole, lair)."""
        return state, []

    def defender_losses(self, state: GameState, race: RaceState, conversion: bool) -> int | None:
        """Called on the *defending* race: tokens lost to the tray, ``None`` = default 1."""
        return None

    def redeploy_gain(self, state: GameState, race: RaceState) -> int:
        """New tokens from the tray at the start of redeployment (before the tray limit)."""
        return 0

    def has_redeploy_work(self, state: GameState, race: RaceState) -> bool:
        """Whether an attacked race has something to re-place with no token in hand
        (Bivouacking's displaced Encampments, R-REDEPLOY-2)."""
        return False

    def done_refusal(self, state: GameState, race: RaceState) -> tuple[str, Sentence] | None:
        """``(rule, reason)`` while redeployment may not end yet (Heroic's heroes)."""
        return None

    def withdraw_after_redeploy(self, state: GameState, race: RaceState) -> int:
        """Tokens to take off the map after redeployment, kept in reserve."""
        return 0

    # --- extra actions ------------------------------------------------------------------
    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        """Candidate actions this badge adds in the current stage (checked by check_extra)."""
        return ()

    def handles(self, action: Action) -> bool:
        """Whether this badge owns ``action``'s type (then check_extra/apply_extra run)."""
        return False

    def legal_extra_actions(self, state: GameState, race: RaceState) -> list[Action]:
        """The actions of :meth:`extra_actions` that :meth:`check_extra` accepts, in their
        order: what ``legal_actions`` lists for the badge. A badge that can tell many of
        them legal at once overrides it (Dragon Master on a large board)."""
        return [
            a for a in self.extra_actions(state, race) if self.check_extra(state, race, a) is None
        ]

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        """Why ``action`` is refused now, or ``None`` when it is legal."""
        return IllegalActionError(
            "R-TURN-0", lambda: _("{badge} has no such action.").format(badge=self.name)
        )

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        """Apply a legal extra action."""
        return state, []

    def roll_unused(self, state: GameState, race: RaceState) -> GameState:
        """``state`` without the badge's roll that no conquest can use: the roll stage ends
        the conquests after it (R-POW-BERSERK)."""
        return state

    # --- decline ------------------------------------------------------------------------
    def keeps_tokens_in_decline(self) -> bool:
        """All tokens stay on the map on decline (R-DECLINE-2 exception)."""
        return False

    def acts_in_decline(self) -> bool:
        """The race conquers in decline at the start of its owner's turn (R-TURN-0)."""
        return False

    def counts_toward_decline_limit(self) -> bool:
        """Whether the race counts toward the one-decline-race limit (R-DECLINE-3)."""
        return True

    def keeps_badge_in_decline(self) -> bool:
        """Whether the power badge stays with the race in decline (R-DECLINE-1)."""
        return False

    def declines_after_scoring(self) -> bool:
        """Whether the race may go into decline after a turn of conquests."""
        return False

    # --- scoring ------------------------------------------------------------------------
    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        """Bonus coins of an active race at the end of its owner's turn (R-SCORE-2)."""
        return ()

    def decline_bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        """Bonus coins of a race in decline (only Dwarves' mines, R-SCORE-2)."""
        return ()


class Race(Badge):
    """A race banner; ``tray`` is how many tokens the box holds (R-COMP-2).

    A custom race (the blank banner, R-COMP-4) subclasses this; its value should not
    exceed 10, a custom power's 5, or the tray may run dry.
    """

    tray: ClassVar[int] = 0
    #: tokens added to banner + badge when picked (Amazons' 4 conquest-only tokens)
    extra_tokens: ClassVar[int] = 0


class Power(Badge):
    """A special power badge (R-COMP-3)."""


def count_regions(state: GameState, race: RaceState, terrain: str = "", symbol: str = "") -> int:
    """Regions of ``race`` with this terrain and/or symbol."""
    geo = state.geo
    n = 0
    for i in state.race_regions(race.name):
        if terrain and geo.terrain[i] != terrain:
            continue
        if symbol and symbol not in geo.symbols[i]:
            continue
        n += 1
    return n


def non_empty_conquests(state: GameState, race: RaceState) -> int:
    """Non-empty regions ``race`` conquered this turn (R-RULING-3, R-RULING-9)."""
    return sum(1 for c in state.turn.conquests if c.race == race.name and c.non_empty)


def turn_value(state: GameState, key: str) -> int | None:
    """A badge's per-turn value in ``TurnState.data`` (once-per-turn flags, a Berserk
    roll), or ``None`` when it was not set this turn."""
    for k, value in state.turn.data:
        if k == key:
            return value
    return None


def with_turn_value(state: GameState, key: str, value: int | None) -> GameState:
    """``state`` with ``TurnState.data[key]`` set (``None`` removes it)."""
    data = tuple(kv for kv in state.turn.data if kv[0] != key)
    if value is not None:
        data = (*data, (key, value))
    return state.updated(turn=state.turn.updated(data=data))


def player_value(state: GameState, player: int, key: str) -> int | None:
    """A badge's value that outlives a turn, in ``PlayerState.data`` (Diplomat's peace), or
    ``None`` when there is none."""
    for k, value in state.players[player].data:
        if k == key:
            return value
    return None


def with_player_values(state: GameState, player: int, **values: int | None) -> GameState:
    """``state`` with ``PlayerState.data`` of ``player`` updated (``None`` removes a key)."""
    from dataclasses import replace

    p = state.players[player]
    kept = tuple(kv for kv in p.data if kv[0] not in values)
    data = kept + tuple((k, v) for k, v in values.items() if v is not None)
    players = list(state.players)
    players[player] = replace(p, data=data)
    return state.updated(players=tuple(players))


def region_position(state: GameState, region: int) -> int | IllegalActionError:
    """The position of region id ``region``, or the error naming a missing region (R-COMP-6)."""
    i = state.geo.index.get(region)
    if i is None:
        return IllegalActionError(
            "R-COMP-6",
            lambda: _("There is no region {region} on this board.").format(region=region),
        )
    return i


def is_acting(state: GameState, race: RaceState, *stages: str) -> bool:
    """Whether ``race`` is the active race acting now, in one of ``stages``."""
    return (
        not race.in_decline
        and state.turn.acting == race.name
        and state.turn.stage in stages
        and state.players[race.owner].active is not None
    )

"""The pieces of the box as one table, and the one way to place and lift them.

A region's pieces are fields of :class:`~swlab.rules.state.RegionState` (``mountain``,
``lair``, ``fortress``, ...; a count for ``encampments`` and ``lost_tribes``, a flag for the
others). This module describes every one of those fields once, in :data:`PIECES`: the
rulebook's word, the rule it comes from, its defence (what it adds to the conquest cost,
R-CONQ-2), whether it makes its region immune (R-IMMUNE), what becomes of it when the race
goes into decline (R-DECLINE-4) and when the race leaves the region (R-EXPAND-2, R-CONQ-7,
R-CONQ-9), and how many the box holds (R-COMP-5, R-COMP-2 for Lost Tribes). The conquest
cost, immunity, emptying a region, decline, Sorcerers' lone-token test and the texts loop
over the table instead of naming pieces.

Badges that put pieces on the map (Fortified, Heroic, Bivouacking, Dragon Master) do it
through :func:`place_piece` / :func:`lift_piece` and the action family
:class:`PlacePiece` / :class:`LiftPiece` (their verbs ``fortress``, ``hero`` / ``unhero``,
``camp`` / ``uncamp`` and ``dragon`` are subclasses); the legality skeleton they share is
:class:`swlab.rules.abilities.placing.PiecePower`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

from swlab.rules.actions import RegionAction
from swlab.rules.events import PieceChanged
from swlab.rules.records import fast_init, field_reader

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RegionState


class Fate(StrEnum):
    """What happens to a piece when its race goes into decline or leaves its region."""

    STAYS = "stays"  #: it stays in the region (and keeps defending it)
    REMOVED = "removed"  #: it goes back to the box
    LEAVES = "leaves"  #: it leaves the region; its owner places it again (R-EXPAND-2)


@dataclass(frozen=True, slots=True)
class Piece:
    """One kind of piece, described by the rules (see the module)."""

    #: the :class:`RegionState` field that holds it (a flag, or a count when ``counted``)
    field: str
    #: the rulebook's word, capitalised as in the rules ("Troll Lair"), and its plural
    label: str
    plural: str
    #: the short word of texts and tables ("lair")
    word: str
    #: the rule that puts it on the map
    rule: str
    #: how many the box holds (R-COMP-5; Lost Tribes R-COMP-2)
    box: int
    #: tokens each one adds to the conquest cost (R-CONQ-2)
    defence: int = 0
    #: the rule of that cost row, when not :attr:`rule`
    defence_rule: str = ""
    #: it makes its region immune to enemy conquests and race or power effects (R-IMMUNE)
    immune: bool = False
    #: when the race there goes into decline (R-DECLINE-4)
    on_decline: Fate = Fate.STAYS
    #: when the race leaves the region: abandoned, conquered, withdrawn (R-EXPAND-2, R-CONQ-7)
    on_empty: Fate = Fate.REMOVED
    #: several may stand in one region (the field is a count)
    counted: bool = False
    #: it is a token of its own (Lost Tribes): its loss is told as tokens lost, not a piece
    is_token: bool = False
    #: it counts as a race token beside a lone token, which Sorcerers then cannot convert
    #: (an Encampment, R-RACE-SORCERERS); a Fortress, Troll Lair or Mountain does not
    keeps_company: bool = False

    @property
    def cost_rule(self) -> str:
        return self.defence_rule or self.rule

    @property
    def box_rule(self) -> str:
        """The rule that counts them in the box: R-COMP-2 for Lost Tribes, else R-COMP-5."""
        return "R-COMP-2" if self.is_token else "R-COMP-5"

    def count(self, region: RegionState) -> int:
        """How many of this piece stand in ``region`` (0 or 1 for a flag)."""
        return int(getattr(region, self.field))

    def words(self, n: int) -> str:
        """``"lair"`` for a flag, ``"encampment x2"`` for a count (texts and tables)."""
        return f"{self.word} x{n}" if self.counted else self.word


MOUNTAIN = Piece(
    field="mountain", label="Mountain", plural="Mountains", word="mountain",
    rule="R-SETUP-2", box=9, defence=1, defence_rule="R-CONQ-2",
    on_empty=Fate.STAYS,  # R-CONQ-9: never removed, it defends the new owner
)  # fmt: skip
FORTRESS = Piece(
    field="fortress", label="Fortress", plural="Fortresses", word="fortress",
    rule="R-POW-FORTIFIED", box=6, defence=1,
)  # fmt: skip
LAIR = Piece(
    field="lair", label="Troll Lair", plural="Troll Lairs", word="lair",
    rule="R-RACE-TROLLS", box=10, defence=1,
)  # fmt: skip
ENCAMPMENT = Piece(
    field="encampments", label="Encampment", plural="Encampments", word="encampment",
    rule="R-POW-BIVOUACKING", box=5, defence=1,
    on_decline=Fate.REMOVED, on_empty=Fate.LEAVES, counted=True, keeps_company=True,
)  # fmt: skip
LOST_TRIBE = Piece(
    field="lost_tribes", label="Lost Tribe", plural="Lost Tribes", word="lost tribe",
    rule="R-SETUP-2", box=18, defence=1, defence_rule="R-CONQ-2",
    counted=True, is_token=True,  # R-CONQ-7: removed when the region is conquered
)  # fmt: skip
HOLE = Piece(
    field="hole", label="Hole-in-the-Ground", plural="Holes-in-the-Ground", word="hole",
    rule="R-RACE-HALFLINGS", box=2, immune=True, on_decline=Fate.REMOVED,
)  # fmt: skip
HERO = Piece(
    field="hero", label="Hero", plural="Heroes", word="hero",
    rule="R-POW-HEROIC", box=2, immune=True, on_decline=Fate.REMOVED, on_empty=Fate.LEAVES,
)  # fmt: skip
DRAGON = Piece(
    field="dragon", label="Dragon", plural="Dragons", word="dragon",
    rule="R-POW-DRAGONMASTER", box=1, immune=True,
    on_decline=Fate.REMOVED, on_empty=Fate.LEAVES,
)  # fmt: skip

#: Every piece, in the order cost breakdowns and texts list them: the defending ones in the
#: order of the cost rows, then the ones that make a region immune.
PIECES: tuple[Piece, ...] = (MOUNTAIN, FORTRESS, LAIR, ENCAMPMENT, LOST_TRIBE, HOLE, HERO, DRAGON)
#: The pieces by their :class:`RegionState` field.
BY_FIELD: dict[str, Piece] = {p.field: p for p in PIECES}

# Readers made once from the table: these are read for every candidate region at every
# ``legal_actions`` call, so the loops over the table run as one function reading the
# slots (:func:`~swlab.rules.records.field_reader`; the table has several defending and
# several immune pieces: each reader returns a tuple).
_DEFENDING = tuple(p for p in PIECES if p.defence)
_DEFENCES = tuple(p.defence for p in _DEFENDING)
#: every defending piece adds 1 per piece: the defence is the sum of ``defence_counts``
UNIT_DEFENCES = all(d == 1 for d in _DEFENCES)
#: the counts of the defending pieces of a region, as a tuple, in the table's order
defence_counts = field_reader(*(p.field for p in _DEFENDING))
_IMMUNE = tuple(p for p in PIECES if p.immune)
#: the immunity flags of a region (Hole, Hero, Dragon), as a tuple, in the table's order
immune_flags = field_reader(*(p.field for p in _IMMUNE))
assert len(_DEFENDING) > 1 and len(_IMMUNE) > 1, "a getter of one field returns no tuple"
_COMPANY = tuple(p for p in PIECES if p.keeps_company)
#: fields kept when a race leaves its region (R-CONQ-9), pieces cleared on decline
KEPT_ON_EMPTY: tuple[str, ...] = tuple(p.field for p in PIECES if p.on_empty is Fate.STAYS)
CLEARED_ON_DECLINE: tuple[Piece, ...] = tuple(p for p in PIECES if p.on_decline is not Fate.STAYS)
#: the field values of a region after its race went into decline (R-DECLINE-4)
RESET_ON_DECLINE: dict[str, Any] = {p.field: 0 if p.counted else False for p in CLEARED_ON_DECLINE}


def defence(region: RegionState) -> int:
    """Tokens the pieces of ``region`` add to its conquest cost (R-CONQ-2)."""
    counts: tuple[int, ...] = defence_counts(region)
    if UNIT_DEFENCES:
        return sum(counts)
    return sum(n * d for n, d in zip(counts, _DEFENCES, strict=True))


def is_immune(region: RegionState) -> bool:
    """A piece in ``region`` makes it immune (a Hole-in-the-Ground, a Hero, the Dragon)."""
    return any(immune_flags(region))


def companions(region: RegionState) -> int:
    """Pieces in ``region`` that keep a lone race token company, so that Sorcerers cannot
    convert it (Encampments, R-RACE-SORCERERS)."""
    return sum(p.count(region) for p in _COMPANY)


def on_map(state: GameState, piece: Piece, race: str = "") -> int:
    """How many of ``piece`` stand on the map (in regions of ``race`` when given)."""
    if not race:
        return state.held().on_map(piece.field)
    get, regions = attrgetter(piece.field), state.regions
    return int(sum(get(regions[i]) for i in state.race_regions(race)))


def in_box(state: GameState, piece: Piece) -> int:
    """How many of ``piece`` are still off the map (R-COMP-5)."""
    return max(0, piece.box - on_map(state, piece))


def _with_count(state: GameState, i: int, piece: Piece, n: int) -> GameState:
    value: Any = n if piece.counted else bool(n)
    return state.with_region(i, state.regions[i].updated(**{piece.field: value}))


def place_piece(
    state: GameState, piece: Piece, i: int, why: str = ""
) -> tuple[GameState, list[PieceChanged]]:
    """Put one ``piece`` in region position ``i`` (the caller checked the rules)."""
    n = piece.count(state.regions[i])
    state = _with_count(state, i, piece, n + 1)
    return state, [PieceChanged(piece.label, state.geo.ids[i], True, why or piece.rule)]


def lift_piece(
    state: GameState, piece: Piece, i: int, why: str = ""
) -> tuple[GameState, list[PieceChanged]]:
    """Take one ``piece`` off region position ``i`` (the caller checked there is one)."""
    n = piece.count(state.regions[i])
    state = _with_count(state, i, piece, n - 1)
    return state, [PieceChanged(piece.label, state.geo.ids[i], False, why or piece.rule)]


def leaving(region: RegionState, pieces: tuple[Piece, ...] = PIECES) -> list[Piece]:
    """The pieces of ``pieces`` in ``region`` that are announced when they go (not tokens)."""
    return [p for p in pieces if not p.is_token and getattr(region, p.field)]


def words(region: RegionState) -> list[str]:
    """What stands in ``region`` besides race tokens, in words: ``mountain``, ``lair``,
    ``encampment x2``, ``lost tribe x1`` ... (texts and tables)."""
    return [p.words(n) for p in PIECES if (n := p.count(region))]


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class PieceAction(RegionAction):
    """An action on one ``piece`` in one region; a subclass names the piece and the verb."""

    piece: ClassVar[Piece]


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class PlacePiece(PieceAction):
    """Put one piece in a region: ``fortress 12``, ``hero 7``, ``camp 5``, ``dragon 3``."""


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class LiftPiece(PieceAction):
    """Lift one piece off a region to place it again: ``unhero 7``, ``uncamp 5``."""

    undoes: ClassVar[bool] = True

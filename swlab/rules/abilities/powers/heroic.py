"""Heroic (5): R-POW-HEROIC. At the end of your turn put your 2 Heroes in 2 different regions
you occupy: immune to enemy conquests and race/power effects while they stay. Removed on
decline. Tested in tests/rules/test_power_heroic.py.

Placing is a decision, made during the race's own redeployment (the end of its turn):
``hero R`` puts a Hero from the box in region ``R``; ``unhero R`` lifts one so it can go
elsewhere (Heroes stay where they are from turn to turn unless moved). ``done`` is refused
while a Hero is off the map and a region of yours has none (**ruling**: with a single region
only 1 Hero can stand). The Hero is a row of the pieces table
(:data:`swlab.rules.pieces.HERO`): it makes its region immune (R-IMMUNE, a core rule keyed
on the piece): enemies cannot conquer it, Sorcerers cannot convert it, the Dragon cannot
enter it. A Hero leaves a region that is abandoned (R-EXPAND-2) and is placed again at the
next redeployment; Heroes leave the map when the race declines (R-DECLINE-4). The placement
checks are those of every piece-placing power
(:class:`~swlab.rules.abilities.placing.PiecePower`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from swlab.i18n import N_
from swlab.rules.abilities.placing import PiecePower
from swlab.rules.actions import register_action
from swlab.rules.pieces import HERO, LiftPiece, Piece, PlacePiece, on_map
from swlab.rules.records import fast_init

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-HEROIC"
HEROES = HERO.box  # R-COMP-5


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class PlaceHero(PlacePiece):
    """Put a Hero in one of your regions: ``hero 7`` (R-POW-HEROIC)."""

    verb: ClassVar[str] = "hero"
    piece: ClassVar[Piece] = HERO


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class LiftHero(LiftPiece):
    """Lift a Hero off one of your regions to place it again: ``unhero 7``."""

    verb: ClassVar[str] = "unhero"
    piece: ClassVar[Piece] = HERO


register_action(PlaceHero)
register_action(LiftHero)


def heroes_on_map(state: GameState, race: RaceState) -> int:
    """Heroes standing in regions of ``race``."""
    return on_map(state, HERO, race.name)


class Heroic(PiecePower):
    name = "Heroic"
    tokens = 5
    rule = RULE
    piece = HERO
    place = PlaceHero
    lift = LiftHero
    must_place = True
    when = N_(
        "The {race}'s Heroes are placed at the end of their own turn, during the redeployment."
    )

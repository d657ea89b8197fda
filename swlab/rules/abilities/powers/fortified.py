"""Fortified (3): R-POW-FORTIFIED. Once per turn while active, put 1 Fortress in a region you
occupy. +1 coin per Fortress at turn end unless in decline; +1 defence even in decline.
Removed when the region is abandoned or conquered. At most 1 per region and **6 on the
map**. Tested in tests/rules/test_power_fortified.py.

The placement is the action ``fortress R`` during the race's own redeployment
(:attr:`~swlab.rules.state.Stage.REDEPLOY`; **ruling**: RULES.md does not name the moment,
the printed badge puts it in the redeployment). It is optional. The Fortress is a row of the
pieces table (:data:`swlab.rules.pieces.FORTRESS`): its defence (+1 to the conquest cost,
R-CONQ-2) is a core rule keyed on the piece, so it stays when the race declines
(R-DECLINE-4); the coins stop. Fortresses leave with the region (R-EXPAND-2, R-CONQ-7) and
do not protect a lone token from Sorcerers (R-RACE-SORCERERS). The placement checks are
those of every piece-placing power (:class:`~swlab.rules.abilities.placing.PiecePower`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from swlab.i18n import N_
from swlab.rules.abilities.base import Row
from swlab.rules.abilities.placing import PiecePower
from swlab.rules.actions import register_action
from swlab.rules.pieces import FORTRESS, Piece, PlacePiece
from swlab.rules.records import fast_init

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-FORTIFIED"
FORTRESSES = FORTRESS.box  # R-COMP-5
KEY = "fortified"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Fortify(PlacePiece):
    """Put a Fortress in one of your regions: ``fortress 12`` (R-POW-FORTIFIED)."""

    verb: ClassVar[str] = "fortress"
    piece: ClassVar[Piece] = FORTRESS


register_action(Fortify)


class Fortified(PiecePower):
    name = "Fortified"
    tokens = 3
    rule = RULE
    piece = FORTRESS
    place = Fortify
    once_per_turn = KEY
    when = N_("The {race} put their Fortress during their own redeployment, while active.")

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        if race.in_decline:
            return ()
        regions = state.regions
        n = sum(1 for i in state.race_regions(race.name) if regions[i].fortress)
        return (Row("Fortified: fortresses", n, RULE),) if n else ()

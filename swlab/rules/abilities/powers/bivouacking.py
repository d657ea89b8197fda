"""Bivouacking (5): R-POW-BIVOUACKING. During redeployment place 5 Encampments on your regions
(several may share a region). Each counts as 1 token for defence (and protects a lone token
from Sorcerers). They may be moved every turn. Never lost to attacks: re-placed at the end
of the current player's turn. Removed on decline.
Tested in tests/rules/test_power_bivouacking.py.

Placing is a decision: ``camp R`` puts one Encampment from the box in your region ``R``;
``uncamp R`` lifts one during your own redeployment so it can be moved. Encampments off the
map (never placed, lifted, or displaced when a region was conquered or abandoned) must all
be placed before ``done`` (**ruling**: "place 5" and "re-placed" read as an obligation while
the race holds a region). An attacked Bivouacking player re-places displaced Encampments in
its defender redeployment at the end of the current player's turn (R-REDEPLOY-2), even with
no token in hand. The Encampment is a row of the pieces table
(:data:`swlab.rules.pieces.ENCAMPMENT`): its defence (+1 each, R-CONQ-2) and the protection
of a lone token (R-RACE-SORCERERS) are core rules keyed on the piece. They never count as
race tokens for the tie-break (R-RULING-8) and leave the map when the race declines
(R-DECLINE-4). The placement checks are those of every piece-placing power
(:class:`~swlab.rules.abilities.placing.PiecePower`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from swlab.i18n import N_
from swlab.rules.abilities.placing import PiecePower
from swlab.rules.actions import register_action
from swlab.rules.pieces import ENCAMPMENT, LiftPiece, Piece, PlacePiece, in_box
from swlab.rules.records import fast_init
from swlab.rules.state import Stage

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-BIVOUACKING"
ENCAMPMENTS = ENCAMPMENT.box  # R-COMP-5


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Camp(PlacePiece):
    """Put one Encampment in one of your regions: ``camp 5`` (R-POW-BIVOUACKING)."""

    verb: ClassVar[str] = "camp"
    piece: ClassVar[Piece] = ENCAMPMENT


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Uncamp(LiftPiece):
    """Lift one Encampment off one of your regions to move it: ``uncamp 5``."""

    verb: ClassVar[str] = "uncamp"
    piece: ClassVar[Piece] = ENCAMPMENT


register_action(Camp)
register_action(Uncamp)


def encampments_off_map(state: GameState, race: RaceState) -> int:
    """Encampments still to place (R-COMP-5: the box holds 5)."""
    return in_box(state, ENCAMPMENT)


class Bivouacking(PiecePower):
    name = "Bivouacking"
    tokens = 5
    rule = RULE
    piece = ENCAMPMENT
    place = Camp
    lift = Uncamp
    # lifted only in the race's own redeployment; re-placed in its defence (R-REDEPLOY-2)
    stages = (Stage.REDEPLOY, Stage.DEFEND)
    must_place = True
    when = N_(
        "Encampments are placed during the {race}'s redeployment, or when re-placing "
        "displaced ones at the end of the turn."
    )

    def has_redeploy_work(self, state: GameState, race: RaceState) -> bool:
        return (
            not race.in_decline
            and encampments_off_map(state, race) > 0
            and bool(state.race_regions(race.name))
        )

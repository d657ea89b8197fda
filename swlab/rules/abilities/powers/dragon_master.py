"""Dragon Master (5): R-POW-DRAGONMASTER. Once per turn conquer a region with a single token,
whatever defends it; put the Dragon there: the region is immune to enemy conquests and to
race and power effects while it stays. Each turn the Dragon may move to a new region you
conquer with it. Removed on decline. Tested in tests/rules/test_power_dragon_master.py.

The attack is the action ``dragon R`` during the race's conquests (it needs 1 token in hand,
R-CONQ-3). It follows every conquest rule that does not depend on the cost, from the shared
conquest reach (:mod:`swlab.rules.reach`): R-CONQ-1 (enter from the border), R-CONQ-6
(adjacency, with Flying/Underworld exceptions through the badges), not an own region, and
the defender's protection (Diplomat); after a final-conquest attempt it is refused like any
conquest (R-CONQ-10). **R-RULING-4**: the Dragon cannot enter Seas or Lakes, nor immune
regions (a Hole-in-the-Ground or a Hero). Defenders lose tokens as in any conquest
(R-CONQ-7); the region counts as conquered (R-RULING-3). The Dragon is a row of the pieces
table (:data:`swlab.rules.pieces.DRAGON`): it leaves its old region when it moves, leaves
an abandoned region (R-EXPAND-2), and leaves the map on decline (R-DECLINE-4); its
placement is that of every piece-placing power
(:class:`~swlab.rules.abilities.placing.PiecePower`), the conquest added.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from swlab import names
from swlab.i18n import N_, _, pgettext
from swlab.rules import reach
from swlab.rules.abilities.base import is_acting
from swlab.rules.abilities.placing import PiecePower
from swlab.rules.actions import register_action
from swlab.rules.cost import conquest_cost
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Conquered
from swlab.rules.pieces import DRAGON, Piece, PlacePiece, lift_piece, on_map, place_piece
from swlab.rules.records import fast_init
from swlab.rules.state import Stage

if TYPE_CHECKING:
    from swlab.rules.actions import Action
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-DRAGONMASTER"
KEY = "dragon"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class DragonAttack(PlacePiece):
    """Conquer a region with a single token and the Dragon: ``dragon 12``."""

    verb: ClassVar[str] = "dragon"
    piece: ClassVar[Piece] = DRAGON


register_action(DragonAttack)


class DragonMaster(PiecePower):
    name = "Dragon Master"
    tokens = 5
    rule = RULE
    piece = DRAGON
    place = DragonAttack
    stages = (Stage.CONQUER,)
    once_per_turn = KEY
    when = N_("The Dragon attacks during the {race}'s conquests, while active.")

    def place_targets(self, state: GameState, race: RaceState) -> Sequence[int]:
        # only the regions the shared reach may accept: check_place refuses the rest
        if race.hand < 1:
            return ()
        geo, regions = state.geo, state.regions
        return [
            i
            for i in reach.reach_candidates(state, race)
            if not geo.water[i] and regions[i].race != race.name
        ]

    def legal_extra_actions(self, state: GameState, race: RaceState) -> list[Action]:
        # Where the shared reach judges the regions still as at setup in one go (a large
        # board, a Flying or entering race), each of those takes the Dragon: it is land,
        # holds no immune piece and the reach accepts it. The others are checked one by one.
        if not is_acting(state, race, *self.stages) or self.placed_this_turn(state):
            return []
        split = reach.reach_of(state, race).partition(state)
        if split is None or self.stage_refusal(state, race) is not None:
            return super().legal_extra_actions(state, race)
        quiet, loud = split
        geo, regions = state.geo, state.regions
        checked = [
            i
            for i in loud
            if not geo.water[i]
            and regions[i].race != race.name
            and self.check_place(state, race, i) is None
        ]
        attack = geo.per_region(self.place)
        return [attack[i] for i in sorted((quiet - geo.water_set).union(checked))]

    def stage_refusal(self, state: GameState, race: RaceState) -> IllegalActionError | None:
        if not is_acting(state, race, *self.stages) and reach.conquests_ended(state, race):
            return IllegalActionError(
                "R-CONQ-10",
                lambda: _(
                    "The {race} made their final conquest attempt: conquests, the Dragon's "
                    "too, end for this turn."
                ).format(race=names.race(race.name)),
            )
        if self.placed_this_turn(state):
            return IllegalActionError(
                RULE, lambda: pgettext("player's turn", "The Dragon attacks once per turn.")
            )
        return super().stage_refusal(state, race)

    def check_place(self, state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
        r = state.regions[i]
        if state.geo.water[i]:
            return IllegalActionError(
                "R-RULING-4",
                lambda: _("{region} is water: the Dragon cannot enter Seas or Lakes.").format(
                    region=state.geo.label(i)
                ),
            )
        if r.is_immune and r.owner != race.owner:
            return IllegalActionError(
                "R-RULING-4",
                lambda: _(
                    "{region} is immune (a Hole-in-the-Ground or a Hero): the Dragon cannot "
                    "enter it (R-RULING-4, R-IMMUNE)."
                ).format(region=state.geo.label(i)),
            )
        return reach.reach_refusal(state, race, i)

    def apply_place(
        self, state: GameState, race: RaceState, i: int
    ) -> tuple[GameState, list[Event]]:
        events: list[Event] = []
        if on_map(state, DRAGON):  # the Dragon moves: it leaves its old region
            for j, r in enumerate(state.regions):
                if r.dragon:
                    state, evs = lift_piece(state, DRAGON, j, RULE)
                    events.extend(evs)
        cost = conquest_cost(state, race, i)
        conquest: list[Event] = []
        state = reach.conquer_region(state, race, i, 1, conquest)
        # the core explains the usual cost; say why a single token is enough
        why = _("a single token with the Dragon, whatever defends it (cost {cost}, {rule})").format(
            cost=cost, rule=RULE
        )
        events.extend(
            replace(e, breakdown=why) if isinstance(e, Conquered) else e for e in conquest
        )
        state, evs = place_piece(state, DRAGON, i, RULE)
        events.extend(evs)
        return state, events

"""Dragon Master (5): R-POW-DRAGONMASTER. Once per turn conquer a region with a single token,
whatever defends it; put the Dragon there: the region is immune to enemy conquests and to
race and power effects while it stays. Each turn the Dragon may move to a new region you
conquer with it. Removed on decline. Tested in tests/rules/test_power_dragon_master.py.

The attack is the action ``dragon R`` during the race's conquests (it needs 1 token in hand,
R-CONQ-3). It follows every conquest rule that does not depend on the cost: R-CONQ-1 (enter
from the border), R-CONQ-6 (adjacency, with Flying/Underworld exceptions through the core),
not an own region, and the defender's protection (Diplomat). **R-RULING-4**: the Dragon
cannot enter Seas or Lakes, nor immune regions (a Hole-in-the-Ground or a Hero). Defenders
lose tokens as in any conquest (R-CONQ-7); the region counts as conquered (R-RULING-3). The
Dragon leaves its old region when it moves, leaves an abandoned region (R-EXPAND-2), and
leaves the map on decline (R-DECLINE-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from swlab.rules.abilities.base import (
    Power,
    is_acting,
    region_position,
    turn_value,
    with_turn_value,
)
from swlab.rules.actions import Action, RegionAction, register_action
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Conquered, PieceChanged

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-DRAGONMASTER"
KEY = "dragon"


@dataclass(frozen=True, slots=True, repr=False)
class DragonAttack(RegionAction):
    """Conquer a region with a single token and the Dragon: ``dragon 12``."""

    verb: ClassVar[str] = "dragon"


register_action(DragonAttack)


class DragonMaster(Power):
    name = "Dragon Master"
    tokens = 5
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, DragonAttack)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        from swlab.rules.state import Stage

        if not is_acting(state, race, Stage.CONQUER) or turn_value(state, KEY) >= 0:
            return ()
        if race.hand < 1:
            return ()
        from swlab.rules.engine import reach_candidates

        # only the regions the core's reach checks may accept: check_extra refuses the rest
        geo, regions = state.geo, state.regions
        return [
            DragonAttack(geo.ids[i])
            for i in reach_candidates(state, race)
            if not geo.water[i] and regions[i].race != race.name
        ]

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        from swlab.rules.engine import reach_refusal
        from swlab.rules.state import Stage

        assert isinstance(action, DragonAttack)
        i = region_position(state, action.region)
        if isinstance(i, IllegalActionError):
            return i
        if not is_acting(state, race, Stage.CONQUER):
            return IllegalActionError(
                RULE,
                f"The Dragon attacks during the {race.name}'s conquests, while active ({RULE}).",
            )
        if turn_value(state, KEY) >= 0:
            return IllegalActionError(RULE, f"The Dragon attacks once per turn ({RULE}).")
        label = state.geo.label(i)
        r = state.regions[i]
        if state.geo.water[i]:
            return IllegalActionError(
                "R-RULING-4",
                f"{label} is water: the Dragon cannot enter Seas or Lakes (R-RULING-4).",
            )
        if r.is_immune and r.owner != race.owner:
            return IllegalActionError(
                "R-RULING-4",
                f"{label} is immune (a Hole-in-the-Ground or a Hero): the Dragon cannot enter it "
                f"(R-RULING-4, R-IMMUNE).",
            )
        return reach_refusal(state, race, i)

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        from swlab.rules.cost import conquest_cost
        from swlab.rules.engine import conquer_region
        from swlab.rules.ops import set_region

        assert isinstance(action, DragonAttack)
        geo = state.geo
        i = geo.index[action.region]
        events: list[Event] = []
        for j, r in enumerate(state.regions):
            if r.dragon:
                state = set_region(state, j, replace(r, dragon=False))
                events.append(PieceChanged("Dragon", geo.ids[j], False, RULE))
        cost = conquest_cost(state, race, i)
        conquest: list[Event] = []
        state = conquer_region(state, race, i, 1, conquest)
        # the core explains the usual cost; say why a single token is enough
        why = f"a single token with the Dragon, whatever defends it (cost {cost}, {RULE})"
        events.extend(
            replace(e, breakdown=why) if isinstance(e, Conquered) else e for e in conquest
        )
        state = set_region(state, i, replace(state.regions[i], dragon=True))
        events.append(PieceChanged("Dragon", action.region, True, RULE))
        return with_turn_value(state, KEY, i), events

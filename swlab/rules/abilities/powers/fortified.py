"""Fortified (3): R-POW-FORTIFIED. Once per turn while active, put 1 Fortress in a region you
occupy. +1 coin per Fortress at turn end unless in decline; +1 defence even in decline.
Removed when the region is abandoned or conquered. At most 1 per region and **6 on the
map**. Tested in tests/rules/test_power_fortified.py.

The placement is the action ``fortress R`` during the race's own redeployment
(:attr:`~swlab.rules.state.Stage.REDEPLOY`; **ruling**: RULES.md does not name the moment,
the printed badge puts it in the redeployment). It is optional. The defence (+1 to the
conquest cost, R-CONQ-2) is a core rule keyed on the piece, so it stays when the race
declines (R-DECLINE-4); the coins stop. Fortresses leave with the region (R-EXPAND-2,
R-CONQ-7) and do not protect a lone token from Sorcerers (R-RACE-SORCERERS).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from swlab.rules.abilities.base import (
    Power,
    Row,
    is_acting,
    region_position,
    turn_value,
    with_turn_value,
)
from swlab.rules.actions import Action, RegionAction, register_action
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import PieceChanged

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-FORTIFIED"
FORTRESSES = 6  # R-COMP-5
KEY = "fortified"


@dataclass(frozen=True, slots=True, repr=False)
class Fortify(RegionAction):
    """Put a Fortress in one of your regions: ``fortress 12`` (R-POW-FORTIFIED)."""

    verb: ClassVar[str] = "fortress"


register_action(Fortify)


class Fortified(Power):
    name = "Fortified"
    tokens = 3
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, Fortify)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        from swlab.rules.state import Stage

        if not is_acting(state, race, Stage.REDEPLOY) or turn_value(state, KEY) >= 0:
            return ()
        geo = state.geo
        return [Fortify(geo.ids[i]) for i in state.race_regions(race.name)]

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        from swlab.rules.state import Stage

        assert isinstance(action, Fortify)
        i = region_position(state, action.region)
        if isinstance(i, IllegalActionError):
            return i
        if not is_acting(state, race, Stage.REDEPLOY):
            return IllegalActionError(
                RULE,
                f"The {race.name} put their Fortress during their own redeployment, while "
                f"active ({RULE}).",
            )
        if turn_value(state, KEY) >= 0:
            return IllegalActionError(RULE, f"Only 1 Fortress can be put each turn ({RULE}).")
        label = state.geo.label(i)
        r = state.regions[i]
        if r.race != race.name:
            return IllegalActionError(
                RULE, f"{label} is not a region of your {race.name} ({RULE})."
            )
        if r.fortress:
            return IllegalActionError(
                RULE, f"{label} already has a Fortress: at most 1 per region ({RULE})."
            )
        if sum(1 for x in state.regions if x.fortress) >= FORTRESSES:
            return IllegalActionError(
                RULE, f"All {FORTRESSES} Fortresses are on the map already ({RULE})."
            )
        return None

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        from swlab.rules.ops import set_region

        assert isinstance(action, Fortify)
        i = state.geo.index[action.region]
        state = set_region(state, i, replace(state.regions[i], fortress=True))
        state = with_turn_value(state, KEY, i)
        return state, [PieceChanged("Fortress", action.region, True, RULE)]

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        if race.in_decline:
            return ()
        n = sum(1 for r in state.regions if r.race == race.name and r.fortress)
        return (Row("Fortified: fortresses", n, RULE),) if n else ()

"""Giants (6): R-RACE-GIANTS. Tested in tests/rules/test_race_giants.py.

Conquer any region adjacent to a Mountain region they occupy for 1 token less; the
minimum of 1 is applied once to the total (R-RULING-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import ModifierSets, Race, Row

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Giants(Race):
    name = "Giants"
    tokens = 6
    tray = 11
    rule = "R-RACE-GIANTS"

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        geo = state.geo
        for n in geo.neighbours[region]:
            if geo.mountain[n] and state.regions[n].race == race.name:
                return (Row("Giants: next to their Mountain", -1, self.rule),)
        return ()

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets:
        geo = state.geo
        near: set[int] = set()
        for n in state.race_regions(race.name):
            if geo.mountain[n]:
                near.update(geo.neighbours[n])
        return ((-1, near),) if near else ()

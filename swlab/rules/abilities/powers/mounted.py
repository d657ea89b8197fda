"""Mounted (5): R-POW-MOUNTED. Conquer Hill and Farmland regions for 1 token less (min 1).
Tested in tests/rules/test_power_mounted.py.

The discount adds to the race's (Giants next to their Mountain: -2 on a Hill) and the
minimum of 1 is applied once (R-RULING-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import ModifierSets, Power, Row

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

TERRAINS = frozenset({"hill", "farmland"})


class Mounted(Power):
    name = "Mounted"
    tokens = 5
    rule = "R-POW-MOUNTED"

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        terrain = state.geo.terrain[region]
        if terrain in TERRAINS:
            return (Row(f"Mounted: {terrain}", -1, self.rule),)
        return ()

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets:
        return ((-1, state.geo.with_terrain(*TERRAINS)),)

"""Underworld (5): R-POW-UNDERWORLD. Conquer Cavern regions for 1 token less (min 1). All
Cavern regions count as adjacent to each other for your conquests.
Tested in tests/rules/test_power_underworld.py.

The extra adjacency is for conquests after the first (R-CONQ-6); a race entering the map
still enters from the border (R-CONQ-1). The minimum of 1 is applied once (R-RULING-1).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import ModifierSets, Power, Row

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

CAVERN = "cavern"


class Underworld(Power):
    name = "Underworld"
    tokens = 5
    rule = "R-POW-UNDERWORLD"

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        if state.geo.has(region, CAVERN):
            return (Row("Underworld: cavern", -1, self.rule),)
        return ()

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets:
        return ((-1, state.geo.with_symbol(CAVERN)),)

    def is_extra_adjacent(self, state: GameState, race: RaceState, region: int) -> bool:
        caverns = state.geo.with_symbol(CAVERN)
        return region in caverns and not caverns.isdisjoint(state.race_region_set(race.name))

    def extra_adjacent_regions(self, state: GameState, race: RaceState) -> Collection[int]:
        # every cavern once the race holds one, none before
        caverns = state.geo.with_symbol(CAVERN)
        return () if caverns.isdisjoint(state.race_region_set(race.name)) else caverns

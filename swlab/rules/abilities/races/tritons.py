"""Tritons (6): R-RACE-TRITONS. Tested in tests/rules/test_race_tritons.py.

Conquer coastal regions for 1 token less (minimum 1, R-RULING-1). Coastal means a land
region bordering a Sea or the Lake; water itself is never coastal (R-RULING-14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import ModifierSets, Race, Row

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Tritons(Race):
    name = "Tritons"
    tokens = 6
    tray = 11
    rule = "R-RACE-TRITONS"

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        if region in state.geo.coastal and not state.geo.water[region]:
            return (Row("Tritons: coastal region", -1, self.rule),)
        return ()

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets:
        return ((-1, state.geo.coastal_land),)

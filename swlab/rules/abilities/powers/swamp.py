"""Swamp (4): R-POW-SWAMP. +1 coin per Swamp region occupied by the race, while active (R-SCORE-2).
Tested in tests/rules/test_power_swamp.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power, Row, count_regions

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Swamp(Power):
    name = "Swamp"
    tokens = 4
    rule = "R-POW-SWAMP"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = count_regions(state, race, terrain="swamp")
        return (Row("Swamp: swamp regions", n, self.rule),) if n else ()

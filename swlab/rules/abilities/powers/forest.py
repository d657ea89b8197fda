"""Forest (4): R-POW-FOREST. +1 coin per Forest region occupied by the race, while active
(R-SCORE-2). Tested in tests/rules/test_power_forest.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power, Row, count_regions

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Forest(Power):
    name = "Forest"
    tokens = 4
    rule = "R-POW-FOREST"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = count_regions(state, race, terrain="forest")
        return (Row("Forest: forest regions", n, self.rule),) if n else ()

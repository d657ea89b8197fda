"""Hill (4): R-POW-HILL. +1 coin per Hill region occupied by the race, while active (R-SCORE-2).
Tested in tests/rules/test_power_hill.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power, Row, count_regions

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Hill(Power):
    name = "Hill"
    tokens = 4
    rule = "R-POW-HILL"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = count_regions(state, race, terrain="hill")
        return (Row("Hill: hill regions", n, self.rule),) if n else ()

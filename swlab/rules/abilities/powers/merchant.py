"""Merchant (2): R-POW-MERCHANT. +1 coin per region occupied by this race (active), on top of
the 1 per region every race scores (R-SCORE-1). Tested in tests/rules/test_power_merchant.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power, Row, count_regions

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Merchant(Power):
    name = "Merchant"
    tokens = 2
    rule = "R-POW-MERCHANT"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = count_regions(state, race)
        return (Row("Merchant: regions", n, self.rule),) if n else ()

"""Humans (5): R-RACE-HUMANS. Tested in tests/rules/test_race_humans.py.

+1 coin per Farmland region occupied (active only, R-SCORE-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race, Row, count_regions

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Humans(Race):
    name = "Humans"
    tokens = 5
    tray = 10
    rule = "R-RACE-HUMANS"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = count_regions(state, race, terrain="farmland")
        return (Row("Humans: farmland", n, self.rule),) if n else ()

"""Wizards (5): R-RACE-WIZARDS. Tested in tests/rules/test_race_wizards.py.

+1 coin per Magic-source region occupied (active only, R-SCORE-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race, Row, count_regions

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Wizards(Race):
    name = "Wizards"
    tokens = 5
    tray = 10
    rule = "R-RACE-WIZARDS"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = count_regions(state, race, symbol="magic")
        return (Row("Wizards: magic sources", n, self.rule),) if n else ()

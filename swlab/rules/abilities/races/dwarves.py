"""Dwarves (3): R-RACE-DWARVES. Tested in tests/rules/test_race_dwarves.py.

+1 coin per Mine region occupied, and this works in decline too (R-SCORE-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race, Row, count_regions

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Dwarves(Race):
    name = "Dwarves"
    tokens = 3
    tray = 8
    rule = "R-RACE-DWARVES"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = count_regions(state, race, symbol="mine")
        return (Row("Dwarves: mines", n, self.rule),) if n else ()

    def decline_bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        return self.bonus_coins(state, race)

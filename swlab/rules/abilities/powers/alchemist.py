"""Alchemist (4): R-POW-ALCHEMIST. +2 coins at the end of each turn while the race is not in
decline. Tested in tests/rules/test_power_alchemist.py.

``bonus_coins`` is only asked of an active race (R-SCORE-2), so the turn a race goes into
decline earns nothing from it; a Stout race declining after scoring still has it (R-POW-STOUT).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power, Row

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

COINS = 2


class Alchemist(Power):
    name = "Alchemist"
    tokens = 4
    rule = "R-POW-ALCHEMIST"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        return () if race.in_decline else (Row("Alchemist", COINS, self.rule),)

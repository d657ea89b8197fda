"""Wealthy (4): R-POW-WEALTHY. +7 coins once, at the end of your first turn with this race.
Tested in tests/rules/test_power_wealthy.py.

R-RULING-6: the +7 is paid at the end of the turn the combo was picked
(``state.turn.picked``), with the rest of the score; never again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power, Row

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState

COINS = 7


class Wealthy(Power):
    name = "Wealthy"
    tokens = 4
    rule = "R-POW-WEALTHY"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        if race.in_decline or not state.turn.picked:
            return ()
        return (Row("Wealthy (once, R-RULING-6)", COINS, self.rule),)

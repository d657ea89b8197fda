"""Pillaging (5): R-POW-PILLAGING. +1 coin per non-empty region conquered this turn.
Tested in tests/rules/test_power_pillaging.py.

Non-empty is judged by what the region held just before the conquest (R-RULING-3): Lost
Tribe regions count (R-RULING-9), a region holding only a Mountain does not (R-EMPTY).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power, Row, non_empty_conquests

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Pillaging(Power):
    name = "Pillaging"
    tokens = 5
    rule = "R-POW-PILLAGING"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = non_empty_conquests(state, race)
        return (Row("Pillaging: non-empty regions conquered", n, self.rule),) if n else ()

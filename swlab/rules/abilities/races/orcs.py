"""Orcs (5): R-RACE-ORCS. Tested in tests/rules/test_race_orcs.py.

+1 coin per non-empty region conquered this turn, judged by what it held just before the
conquest (R-RULING-3); Lost Tribe regions count (R-RULING-9); a Sorcerer conversion of an
Orc region is no Orc conquest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race, Row, non_empty_conquests

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Orcs(Race):
    name = "Orcs"
    tokens = 5
    tray = 10
    rule = "R-RACE-ORCS"

    def bonus_coins(self, state: GameState, race: RaceState) -> Sequence[Row]:
        n = non_empty_conquests(state, race)
        return (Row("Orcs: non-empty regions conquered", n, self.rule),) if n else ()

"""Halflings (6): R-RACE-HALFLINGS. Tested in tests/rules/test_race_halflings.py.

May enter the map in any region (R-CONQ-1 exception). A Hole-in-the-Ground goes in each of
the first 2 regions they conquer: those regions are immune to enemy conquests and to race
and power effects (R-IMMUNE). Holes go when the race declines (R-DECLINE-4) or the region
is abandoned (R-EXPAND-2); they are not placed again. The hole is a row of the pieces table
(:data:`swlab.rules.pieces.HOLE`), which says all of this to the core.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race
from swlab.rules.pieces import HOLE, in_box, place_piece

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

HOLES = HOLE.box  # R-COMP-5
FIRST_CONQUESTS = 2  # R-RACE-HALFLINGS: a hole in each of the first 2 regions conquered


class Halflings(Race):
    name = "Halflings"
    tokens = 6
    tray = 11
    rule = "R-RACE-HALFLINGS"

    def enters_anywhere(self, state: GameState, race: RaceState) -> bool:
        return not race.in_decline

    def on_conquest(
        self, state: GameState, race: RaceState, region: int
    ) -> tuple[GameState, list[Event]]:
        # ``race.conquests`` already counts this conquest.
        if race.in_decline or race.conquests > FIRST_CONQUESTS or in_box(state, HOLE) < 1:
            return state, []
        state, events = place_piece(state, HOLE, region, self.rule)
        return state, [*events]

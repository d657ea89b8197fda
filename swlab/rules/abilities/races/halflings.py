"""Halflings (6): R-RACE-HALFLINGS. Tested in tests/rules/test_race_halflings.py.

May enter the map in any region (R-CONQ-1 exception). A Hole-in-the-Ground goes in each of
the first 2 regions they conquer: those regions are immune to enemy conquests and to race
and power effects (R-IMMUNE). Holes go when the race declines (R-DECLINE-4) or the region
is abandoned (R-EXPAND-2); they are not placed again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race
from swlab.rules.events import PieceChanged

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

HOLES = 2  # R-COMP-5


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
        if race.in_decline or race.conquests > HOLES:
            return state, []
        if sum(1 for r in state.regions if r.hole) >= HOLES:
            return state, []
        regions = list(state.regions)
        regions[region] = replace(regions[region], hole=True)
        event = PieceChanged("Hole-in-the-Ground", state.geo.ids[region], True, self.rule)
        return replace(state, regions=tuple(regions)), [event]

"""Trolls (5): R-RACE-TROLLS. Tested in tests/rules/test_race_trolls.py.

A Troll Lair goes in every region they conquer: +1 defence (R-CONQ-2). Lairs stay when the
Trolls decline (R-DECLINE-4) and keep defending; they are removed when the region is
abandoned or conquered. The box holds 10 lairs (R-COMP-5).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race
from swlab.rules.events import PieceChanged

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

LAIRS = 10  # R-COMP-5


class Trolls(Race):
    name = "Trolls"
    tokens = 5
    tray = 10
    rule = "R-RACE-TROLLS"

    def on_conquest(
        self, state: GameState, race: RaceState, region: int
    ) -> tuple[GameState, list[Event]]:
        if race.in_decline or state.regions[region].lair:
            return state, []
        if sum(1 for r in state.regions if r.lair) >= LAIRS:
            return state, []
        regions = list(state.regions)
        regions[region] = replace(regions[region], lair=True)
        event = PieceChanged("Troll Lair", state.geo.ids[region], True, self.rule)
        return replace(state, regions=tuple(regions)), [event]

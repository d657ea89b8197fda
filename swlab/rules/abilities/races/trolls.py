"""Trolls (5): R-RACE-TROLLS. Tested in tests/rules/test_race_trolls.py.

A Troll Lair goes in every region they conquer: +1 defence (R-CONQ-2). Lairs stay when the
Trolls decline (R-DECLINE-4) and keep defending; they are removed when the region is
abandoned or conquered. The box holds 10 lairs (R-COMP-5). The lair is a row of the pieces
table (:data:`swlab.rules.pieces.LAIR`), which says all of this to the core.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race
from swlab.rules.pieces import LAIR, in_box, place_piece

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

LAIRS = LAIR.box  # R-COMP-5


class Trolls(Race):
    name = "Trolls"
    tokens = 5
    tray = 10
    rule = "R-RACE-TROLLS"

    def on_conquest(
        self, state: GameState, race: RaceState, region: int
    ) -> tuple[GameState, list[Event]]:
        if race.in_decline or state.regions[region].lair or in_box(state, LAIR) < 1:
            return state, []
        state, events = place_piece(state, LAIR, region, self.rule)
        return state, [*events]

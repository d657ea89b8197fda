"""Seafaring (5): R-POW-SEAFARING. While active, may conquer the Seas and the Lake, each as an
empty region. Keeps them after decline and scores them while tokens remain. Only Seafaring
races may occupy Seas and Lakes. **Ruling:** the seeds' "as 3 empty regions" refers to the
three water regions of the printed map; each water region is conquered as one empty region.
Tested in tests/rules/test_power_seafaring.py.

Water holds no Lost Tribe or Mountain, so an unoccupied Sea costs the base 2 tokens
(R-CONQ-2). A Sea touching the edge of the board is a border region (R-COMP-6), so a
Seafaring race may enter the map through it (R-CONQ-1). In decline the badge is discarded
(R-DECLINE-1): the decline tokens stay in their Seas and score 1 each (R-SCORE-1,
R-DECLINE-5), but no race can conquer water any more, decline Ghouls included
(R-RULING-10). Tritons' coastal discount never applies to water (R-RULING-14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Seafaring(Power):
    name = "Seafaring"
    tokens = 5
    rule = "R-POW-SEAFARING"

    def can_occupy_water(self, state: GameState, race: RaceState) -> bool:
        return not race.in_decline

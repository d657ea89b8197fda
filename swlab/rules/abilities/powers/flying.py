"""Flying (5): R-POW-FLYING. Conquer any region except Seas and Lakes; adjacency is not
required. Tested in tests/rules/test_power_flying.py.

**Ruling** (R-CONQ-1): "any region" applies to the first conquest too, so a Flying race may
enter the map anywhere. Water stays out of reach (R-CONQ-4): the water check comes first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Power

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Flying(Power):
    name = "Flying"
    tokens = 5
    rule = "R-POW-FLYING"

    def enters_anywhere(self, state: GameState, race: RaceState) -> bool:
        return not race.in_decline

    def ignores_adjacency(self, state: GameState, race: RaceState) -> bool:
        return not race.in_decline

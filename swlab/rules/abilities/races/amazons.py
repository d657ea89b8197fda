"""Amazons (6 + 4): R-RACE-AMAZONS. Tested in tests/rules/test_race_amazons.py.

4 Amazons conquer but never defend: the first turn starts with 10 + badge tokens, and at
the end of every redeployment 4 tokens come off the map (leaving at least 1 per region if
possible, yet even if that empties a region, official FAQ) into a reserve that returns at
the next Ready-your-troops (R-EXPAND-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Amazons(Race):
    name = "Amazons"
    tokens = 6
    #: the 4 conquest-only tokens added when the combo is picked (R-COMP-2 "6 (+4)")
    extra_tokens = 4
    tray = 15
    rule = "R-RACE-AMAZONS"

    def withdraw_after_redeploy(self, state: GameState, race: RaceState) -> int:
        return 0 if race.in_decline else 4

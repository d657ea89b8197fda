"""Skeletons (6): R-RACE-SKELETONS. Tested in tests/rules/test_race_skeletons.py.

During redeployment take 1 new token from the tray for every 2 non-empty regions conquered
this turn (R-RULING-3, R-RULING-9), never more than the tray holds (R-PICK-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race, non_empty_conquests

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Skeletons(Race):
    name = "Skeletons"
    tokens = 6
    tray = 20
    rule = "R-RACE-SKELETONS"

    def redeploy_gain(self, state: GameState, race: RaceState) -> int:
        if race.in_decline:
            return 0
        return non_empty_conquests(state, race) // 2

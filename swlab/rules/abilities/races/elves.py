"""Elves (6): R-RACE-ELVES. Tested in tests/rules/test_race_elves.py.

When an enemy conquers an Elf region, the Elves keep all their tokens for redeployment
instead of losing 1 (R-CONQ-7). A Sorcerer conversion still loses the Elf; in decline the
benefit ends (R-RACE "benefits end when the race goes into decline").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Elves(Race):
    name = "Elves"
    tokens = 6
    tray = 11
    rule = "R-RACE-ELVES"

    def defender_losses(self, state: GameState, race: RaceState, conversion: bool) -> int | None:
        if conversion or race.in_decline:
            return None
        return 0

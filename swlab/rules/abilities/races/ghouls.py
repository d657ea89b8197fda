"""Ghouls (5): R-RACE-GHOULS, R-TURN-0. Tested in tests/rules/test_race_ghouls.py.

On decline all Ghouls stay on the map (R-DECLINE-2 exception). In decline they keep
conquering at the start of their owner's turn, before the active race (R-TURN-0): they
ready troops, conquer (even the owner's active race, R-RULING-11), may use the die and
redeploy among Ghoul regions, with no special power (R-RULING-10).
"""

from __future__ import annotations

from swlab.rules.abilities.base import Race


class Ghouls(Race):
    name = "Ghouls"
    tokens = 5
    tray = 10
    rule = "R-RACE-GHOULS"

    def keeps_tokens_in_decline(self) -> bool:
        return True

    def acts_in_decline(self) -> bool:
        return True

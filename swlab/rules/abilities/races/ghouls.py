"""Ghouls (5): R-RACE-GHOULS, R-TURN-0.

On decline all Ghouls stay on the map (R-DECLINE-2 exception). In decline they keep
conquering at the start of their owner's turn, before the active race (R-TURN-0): they
ready troops, abandon regions before their first conquest (R-RULING-16), conquer (even the
owner's active race, R-RULING-11), may use the die and redeploy among Ghoul regions, with no
special power (R-RULING-10). When the owner's active race conquers one of their regions
holding several Ghouls, they lose 1 token as in any attack and redeploy the rest among their
regions at the end of the turn (R-RULING-17, R-CONQ-7). Having abandoned every region they
re-enter from the border as an active race would (R-CONQ-1); if they end their conquests
with no region, their last token has left the map and the race leaves the game
(R-DECLINE-3). Tested in tests/rules/test_race_ghouls.py.
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

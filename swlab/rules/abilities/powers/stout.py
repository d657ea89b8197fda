"""Stout (4): R-POW-STOUT. May go into decline at the end of any normal turn of conquests (the
race's first turn included), after scoring, instead of spending a whole turn.
Tested in tests/rules/test_power_stout.py.

After scoring the game waits in :attr:`~swlab.rules.state.Stage.DECLINE_CHOICE`: ``decline``
sends the race into decline (R-DECLINE-1..4, no second scoring), ``end`` keeps it active.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Stout(Power):
    name = "Stout"
    tokens = 4
    rule = "R-POW-STOUT"

    def declines_after_scoring(self) -> bool:
        return True

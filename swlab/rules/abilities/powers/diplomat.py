"""Diplomat (5): R-POW-DIPLOMAT. At the end of your turn choose one opponent whose active race
you did not attack this turn: until your next turn they cannot attack your active race.
Decline tokens are unaffected (decline Ghouls may still attack you).

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``extra_actions (end-of-turn choice) and protects`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Diplomat(Power):
    name = "Diplomat"
    tokens = 5
    rule = "R-POW-DIPLOMAT"

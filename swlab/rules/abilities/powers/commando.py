"""Commando (4): R-POW-COMMANDO. Every conquest costs 1 token less (min 1).
R-RULING-1: its discount adds to the race's; the minimum 1 is applied once.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``cost_modifiers`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Commando(Power):
    name = "Commando"
    tokens = 4
    rule = "R-POW-COMMANDO"

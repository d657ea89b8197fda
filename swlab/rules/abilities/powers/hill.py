"""Hill (4): R-POW-HILL. +1 coin per Hill region occupied.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``bonus_coins`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Hill(Power):
    name = "Hill"
    tokens = 4
    rule = "R-POW-HILL"

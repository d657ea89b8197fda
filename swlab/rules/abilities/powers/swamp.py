"""Swamp (4): R-POW-SWAMP. +1 coin per Swamp region occupied.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``bonus_coins`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Swamp(Power):
    name = "Swamp"
    tokens = 4
    rule = "R-POW-SWAMP"

"""Alchemist (4): R-POW-ALCHEMIST. +2 coins at the end of each turn while the race is not in
decline.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``bonus_coins`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Alchemist(Power):
    name = "Alchemist"
    tokens = 4
    rule = "R-POW-ALCHEMIST"

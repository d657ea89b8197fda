"""Pillaging (5): R-POW-PILLAGING. +1 coin per non-empty region conquered this turn.
R-RULING-3, R-RULING-9: non-empty as before the conquest; Lost Tribes count.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``bonus_coins`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Pillaging(Power):
    name = "Pillaging"
    tokens = 5
    rule = "R-POW-PILLAGING"

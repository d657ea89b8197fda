"""Heroic (5): R-POW-HEROIC. At the end of your turn put your 2 Heroes in 2 different regions
you occupy: immune to enemy conquests and race/power effects while they stay. Removed on
decline.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``extra_actions (heroes at the end of the turn)`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Heroic(Power):
    name = "Heroic"
    tokens = 5
    rule = "R-POW-HEROIC"

"""Mounted (5): R-POW-MOUNTED. Conquer Hill and Farmland regions for 1 token less (min 1).

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``cost_modifiers`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Mounted(Power):
    name = "Mounted"
    tokens = 5
    rule = "R-POW-MOUNTED"

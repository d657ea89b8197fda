"""Dragon Master (5): R-POW-DRAGONMASTER. Once per turn conquer a region with a single token,
whatever defends it; put the Dragon there: the region is immune to enemy conquests and to
race and power effects while it stays. Each turn the Dragon may move to a new region you
conquer with it. Removed on decline.
R-RULING-4: the Dragon cannot enter Seas or Lakes, nor immune regions.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``extra_actions (dragon conquest)`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class DragonMaster(Power):
    name = "Dragon Master"
    tokens = 5
    rule = "R-POW-DRAGONMASTER"

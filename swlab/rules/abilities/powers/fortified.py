"""Fortified (3): R-POW-FORTIFIED. Once per turn while active, put 1 Fortress in a region you
occupy. +1 coin per Fortress at turn end unless in decline; +1 defence even in decline.
Removed when the region is abandoned or conquered. At most 1 per region and **6 on the
map**.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``extra_actions (fortress) and bonus_coins`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Fortified(Power):
    name = "Fortified"
    tokens = 3
    rule = "R-POW-FORTIFIED"

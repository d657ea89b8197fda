"""Underworld (5): R-POW-UNDERWORLD. Conquer Cavern regions for 1 token less (min 1). All
Cavern regions count as adjacent to each other for your conquests.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``cost_modifiers and is_extra_adjacent`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Underworld(Power):
    name = "Underworld"
    tokens = 5
    rule = "R-POW-UNDERWORLD"

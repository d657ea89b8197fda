"""Stout (4): R-POW-STOUT. May go into decline at the end of any normal turn of conquests (the
race's first turn included), after scoring, instead of spending a whole turn.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``declines_after_scoring`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Stout(Power):
    name = "Stout"
    tokens = 4
    rule = "R-POW-STOUT"

"""Wealthy (4): R-POW-WEALTHY. +7 coins once, at the end of your first turn with this race.
R-RULING-6: the +7 is paid at the end of the turn the combo was picked
(``state.turn.picked``).

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``bonus_coins`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Wealthy(Power):
    name = "Wealthy"
    tokens = 4
    rule = "R-POW-WEALTHY"

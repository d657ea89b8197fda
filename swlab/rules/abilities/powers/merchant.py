"""Merchant (2): R-POW-MERCHANT. +1 coin per region occupied (by this race).

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``bonus_coins`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Merchant(Power):
    name = "Merchant"
    tokens = 2
    rule = "R-POW-MERCHANT"

"""Berserk (4): R-POW-BERSERK. The die may be rolled before **each** conquest: roll first, then
pick the region, then place cost - roll tokens (min 1). When the tokens run short, that
conquest is the last of the turn. **Ruling:** after a roll the player may only pick a region
they can now afford (cost - roll, min 1, ≤ tokens in hand); if none is affordable, or they
choose to stop, conquests end and the tokens in hand are redeployed. A roll serves one
conquest.
R-RULING-13: Berserk's per-conquest rolls do not end Sorcerer conversions.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``extra_actions (a roll before each conquest)`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Berserk(Power):
    name = "Berserk"
    tokens = 4
    rule = "R-POW-BERSERK"

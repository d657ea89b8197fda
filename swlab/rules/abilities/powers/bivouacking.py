"""Bivouacking (5): R-POW-BIVOUACKING. During redeployment place 5 Encampments on your regions
(several may share a region). Each counts as 1 token for defence (and protects a lone token
from Sorcerers). They may be moved every turn. Never lost to attacks: re-placed at the end
of the current player's turn. Removed on decline.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``extra_actions (encampments during redeployment)`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Bivouacking(Power):
    name = "Bivouacking"
    tokens = 5
    rule = "R-POW-BIVOUACKING"

"""Flying (5): R-POW-FLYING. Conquer any region except Seas and Lakes; adjacency is not
required.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``enters_anywhere and ignores_adjacency`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Flying(Power):
    name = "Flying"
    tokens = 5
    rule = "R-POW-FLYING"

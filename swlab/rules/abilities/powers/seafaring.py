"""Seafaring (5): R-POW-SEAFARING. While active, may conquer the Seas and the Lake, each as an
empty region. Keeps them after decline and scores them while tokens remain. Only Seafaring
races may occupy Seas and Lakes. **Ruling:** the seeds' "as 3 empty regions" refers to the
three water regions of the printed map; each water region is conquered as one empty region.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``can_occupy_water`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Seafaring(Power):
    name = "Seafaring"
    tokens = 5
    rule = "R-POW-SEAFARING"

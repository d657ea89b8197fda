"""Spirit (5): R-POW-SPIRIT. When this race declines it does not count toward the one-decline
limit, so two decline races may stand and both score. If a third race declines, the Spirit
race stays and the other decline race is removed. Spirit decline tokens leave only by
conquest.

Milestone note: this session the badge carries its name and value (R-COMP-3); its
behaviour arrives through the ``counts_toward_decline_limit and keeps_badge_in_decline`` hook(s) of
:class:`~swlab.rules.abilities.base.Badge` in the next milestone.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Spirit(Power):
    name = "Spirit"
    tokens = 5
    rule = "R-POW-SPIRIT"

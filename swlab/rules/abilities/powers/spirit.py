"""Spirit (5): R-POW-SPIRIT. When this race declines it does not count toward the one-decline
limit, so two decline races may stand and both score. If a third race declines, the Spirit
race stays and the other decline race is removed. Spirit decline tokens leave only by
conquest. Tested in tests/rules/test_power_spirit.py.

The badge stays with the race in decline (R-DECLINE-1 exception) so that the engine keeps
asking it; its only hooks are the decline limit (R-DECLINE-3) and keeping the badge. It
gives no coins: decline races score 1 per region (R-DECLINE-5, R-SCORE-2). When the Spirit
race finally leaves the map, its badge is discarded with it.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power


class Spirit(Power):
    name = "Spirit"
    tokens = 5
    rule = "R-POW-SPIRIT"

    def counts_toward_decline_limit(self) -> bool:
        return False

    def keeps_badge_in_decline(self) -> bool:
        return True

"""The statistics of the balance lab: intervals a designer can read, and one test.

* :func:`wilson` - the 95 % Wilson score interval of a rate (wins / games). Unlike the
  "estimate plus or minus 2 standard errors" interval it stays inside [0, 1] and is honest
  for small counts and rates near 0 or 1.
* :func:`bootstrap_mean` - the 95 % percentile bootstrap interval of a mean (coins), from a
  seeded generator so that a report is reproducible.
* :func:`seat_test` - Pearson's chi-square test of "every seat wins equally often":
  ``X2 = sum_s (W_s - G/k)**2 / (G/k)`` over the ``k`` seats, ``W_s`` the wins of seat
  ``s`` and ``G`` the games (a tie's shared win counted as its share), with ``k - 1``
  degrees of freedom. The p-value is :func:`chi2_sf`, exact for whole degrees of freedom:
  for even ``d``, ``exp(-x/2) * sum_{j<d/2} (x/2)**j / j!``; for odd ``d``,
  ``erfc(sqrt(x/2)) + exp(-x/2) * sum_{j=1}^{(d-1)/2} (x/2)**(j-1/2) / Gamma(j+1/2)``.
  The test is meaningful when the bots rotate over the seats (the default), so that every
  seat is played by the same mix of bots.

Figures behind fewer than :data:`MIN_GAMES` games are flagged: their interval is too wide
to say anything.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from swlab.i18n import _, decimal

__all__ = [
    "MIN_GAMES",
    "Z95",
    "SeatTest",
    "bootstrap_mean",
    "chi2_sf",
    "group_table",
    "seat_test",
    "wilson",
]

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Fewer games than this behind a figure: flagged "too few to say".
MIN_GAMES = 30
#: Bootstrap resamples per interval.
BOOTSTRAP = 2000


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the rate ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the interval always holds p; clamping removes rounding (5e-17 above 0 at p = 0)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def bootstrap_mean(
    values: Sequence[float] | np.ndarray, seed: int = 0, resamples: int = BOOTSTRAP
) -> tuple[float, float]:
    """The 95 % percentile bootstrap interval of the mean of ``values`` (seeded)."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return math.nan, math.nan
    if len(x) == 1 or np.all(x == x[0]):
        return float(x[0]), float(x[0])
    rng = np.random.default_rng(seed)
    means = x[rng.integers(0, len(x), size=(resamples, len(x)))].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return float(low), float(high)


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable with ``dof`` (whole) degrees of freedom."""
    if dof < 1:
        raise ValueError("the chi-square test needs at least 1 degree of freedom")
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for j in range(1, dof // 2):
            term *= half / j
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(half) / math.gamma(1.5)  # j = 1
    for j in range(1, (dof - 1) // 2 + 1):
        if j > 1:
            term *= half / (j - 0.5)
        total += math.exp(-half) * term
    return min(1.0, total)


@dataclass(frozen=True)
class SeatTest:
    """The chi-square test of "no seat advantage" (see the module text)."""

    statistic: float
    dof: int
    p_value: float
    games: int

    @property
    def verdict(self) -> str:
        if self.games < MIN_GAMES:
            return _("too few games ({games}) to test the seats").format(games=self.games)
        if self.p_value < 0.05:
            return _("the seats differ (p = {p} < {alpha}): a seat advantage").format(
                p=decimal(self.p_value, 3), alpha=decimal(0.05, 2)
            )
        return _("no evidence of a seat advantage (p = {p})").format(p=decimal(self.p_value, 2))


def seat_test(wins: Sequence[float], games: int) -> SeatTest:
    """Test the seats' win counts against equal shares of ``games``."""
    k = len(wins)
    if k < 2 or games <= 0:
        return SeatTest(0.0, max(k - 1, 1), 1.0, games)
    expected = games / k
    x2 = sum((w - expected) ** 2 / expected for w in wins)
    return SeatTest(x2, k - 1, chi2_sf(x2, k - 1), games)


def group_table(picks: pd.DataFrame, key: str, seed: int = 0) -> pd.DataFrame:
    """Per value of ``key`` (``race``, ``power``, ``combo``, ``bot``...): ``n`` (seats that
    held it), ``games``, win rate with its Wilson interval, mean coins with its bootstrap
    interval and the ``few`` flag; sorted by win rate, then mean coins."""
    columns = ["n", "games", "win_rate", "win_low", "win_high", "coins", "coins_low"]
    columns += ["coins_high", "few"]
    rows = []
    for value, part in picks.groupby(key, sort=True):
        n = len(part)
        wins = float(part["win"].sum())
        low, high = wilson(wins, n)
        c_low, c_high = bootstrap_mean(part["coins"].to_numpy(), seed)
        rows.append(
            {
                key: value,
                "n": n,
                "games": int(part["game"].nunique()),
                "win_rate": wins / n,
                "win_low": low,
                "win_high": high,
                "coins": float(part["coins"].mean()),
                "coins_low": c_low,
                "coins_high": c_high,
                "few": n < MIN_GAMES,
            }
        )
    table = pd.DataFrame(rows, columns=[key, *columns])
    table = table.sort_values(["win_rate", "coins", key], ascending=[False, False, True])
    return table.reset_index(drop=True)

"""The balance lab: many seeded bot games, serially or on Dask, and a report to trust.

::

    from swlab.balance import balance, compare
    report = balance("official_3p", games=300)       # a local Dask cluster, every core
    report.seat_test.verdict, report.thresholds["95%"]
    report.show()                                    # in a notebook
    report.save("runs/3p")                           # report.md + PNG/SVG + Parquet

Modules: :mod:`~swlab.balance.runner` (games as Dask tasks, identical whatever the
workers), :mod:`~swlab.balance.results` (pandas frames, Parquet with metadata),
:mod:`~swlab.balance.stats` (Wilson, bootstrap, the seat test),
:mod:`~swlab.balance.report` (tables, Markdown, plots, the heat map on the board),
:mod:`~swlab.balance.simulate` (the short summary ``swlab simulate`` prints).
"""

from swlab.balance.lab import balance, report_of_run
from swlab.balance.report import BalanceReport, compare, make_report
from swlab.balance.results import Results, load_results, results_of
from swlab.balance.runner import GameOutcome, Plan, Run, run_games, seat_bots
from swlab.balance.stats import SeatTest, bootstrap_mean, chi2_sf, seat_test, wilson

__all__ = [
    "BalanceReport",
    "GameOutcome",
    "Plan",
    "Results",
    "Run",
    "SeatTest",
    "balance",
    "bootstrap_mean",
    "chi2_sf",
    "compare",
    "load_results",
    "make_report",
    "report_of_run",
    "results_of",
    "run_games",
    "seat_bots",
    "seat_test",
    "wilson",
]

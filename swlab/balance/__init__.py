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

from typing import TYPE_CHECKING

from swlab.lazy import attach

if TYPE_CHECKING:
    from swlab.balance.lab import balance, report_of_run
    from swlab.balance.report import BalanceReport, compare, make_report
    from swlab.balance.results import Results, load_results, results_of
    from swlab.balance.runner import GameOutcome, Plan, Run, run_games, seat_bots
    from swlab.balance.stats import SeatTest, bootstrap_mean, chi2_sf, seat_test, wilson

#: Where each name of :data:`__all__` is defined; imported on first use, so that a Dask
#: worker, which unpickles its tasks from :mod:`~swlab.balance.runner`, does not import
#: the report's pandas and plots with this package (0.45 s of CPU per worker process).
_HOMES = {
    "balance": "lab",
    "report_of_run": "lab",
    "BalanceReport": "report",
    "compare": "report",
    "make_report": "report",
    "Results": "results",
    "load_results": "results",
    "results_of": "results",
    "GameOutcome": "runner",
    "Plan": "runner",
    "Run": "runner",
    "run_games": "runner",
    "seat_bots": "runner",
    "SeatTest": "stats",
    "bootstrap_mean": "stats",
    "chi2_sf": "stats",
    "seat_test": "stats",
    "wilson": "stats",
}

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


__getattr__, __dir__ = attach(__name__, _HOMES)

"""``balance(board, ...)``: play a seeded balance study and return its report.

::

    from swlab.balance import balance
    report = balance("official_5p", games=200, bots=["greedy"])   # every core
    report.show()                      # in a notebook: the report and its plots
    report.save("runs/5p")             # report.md, PNG + SVG plots, Parquet results

The same as ``swlab balance official_5p --games 200 --bots greedy --out runs/5p``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from swlab.balance.report import BalanceReport, make_report
from swlab.balance.results import results_of, save_records
from swlab.balance.runner import CONNECT_TIMEOUT_S, Plan, Run, run_games
from swlab.board.catalog import load_board
from swlab.board.model import Board
from swlab.rules import BoardLike

if TYPE_CHECKING:
    from distributed import Security

__all__ = ["balance", "report_of_run"]


def report_of_run(
    run: Run, board: BoardLike, records: str | os.PathLike[str] | None = None
) -> BalanceReport:
    """The report of a finished (or interrupted) run; records saved to ``records``. The
    heat map is drawn on the board when it has polygons (a region graph gets bars)."""
    if records is not None:
        save_records(run, records)
    drawn = board if isinstance(board, Board) else None
    name = str(getattr(board, "name", "board"))
    return make_report(results_of(run, name), drawn, seed=run.plan.seed)


def balance(
    board: BoardLike | str | os.PathLike[str],
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    bots: Sequence[str] = ("greedy", "random"),
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    security: Security | None = None,
    out: str | os.PathLike[str] | None = None,
    records: str | os.PathLike[str] | None = None,
    rotate: bool = True,
    progress: bool = True,
    stream: TextIO | None = None,
) -> BalanceReport:
    """Play ``games`` seeded games on ``board`` and report on them.

    ``players`` defaults to the board's. The games run serially, on a local Dask cluster
    (``workers`` processes, default every core) or on the cluster at ``scheduler``
    (answering within ``connect_timeout`` seconds; ``tls://`` with ``security``), with
    identical numbers (:mod:`swlab.balance.runner`). ``out`` saves the report, its plots
    and the Parquet results; ``records`` the game records (JSON). At Ctrl-C the report
    covers the games completed so far (``report.meta["interrupted"]``).
    """
    spec: str | BoardLike = os.fspath(board) if isinstance(board, str | os.PathLike) else board
    the_board = load_board(spec) if isinstance(spec, str) else spec
    seats = players if players is not None else the_board.players
    kinds = tuple(k.strip().lower() for k in bots if k.strip())
    plan = Plan(spec, seats, kinds, seed, games, rotate, records=records is not None)
    run = run_games(
        plan,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        stream=stream,
        label="balance",  # i18n: not prose: the command's name
        connect_timeout=connect_timeout,
        security=security,
    )
    report = report_of_run(run, the_board, records)
    if out is not None:
        report.save(out)
    return report

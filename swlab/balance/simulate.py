"""Many seeded bot games in a row, summed up for a terminal: win shares, coins, combos.

::

    from swlab.balance.simulate import simulate
    summary = simulate("official_5p", 5, games=50, seed=1, bots=["greedy", "random"])

From a shell::

    swlab simulate --board official_5p --players 5 --games 50 --seed 1 \\
                   --bots greedy,random --out runs/sim1

The games are the balance lab's: one runner (:func:`swlab.balance.runner.run_games`:
serially, on a local Dask cluster or on a cluster's scheduler, the same games whichever)
and one set of tables (:class:`swlab.balance.results.Results`: games, picks, held regions,
saved as Parquet). This module only reads those tables the short way ``swlab simulate``
prints them; ``swlab balance`` (:func:`swlab.balance.balance`) reads them the long way,
with confidence intervals and plots.

Seats get the bots in the order given (the list repeats when shorter than the seats),
rotated by one seat each game so that every bot plays every seat equally (``rotate``).
Game ``g`` uses seed ``seed + g``: the setup, the die and the bots' own generators all
follow from it, so a run replays exactly.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

import pandas as pd

from swlab import names
from swlab.balance.results import Results, results_of, save_records
from swlab.balance.runner import CONNECT_TIMEOUT_S, Plan, Run, run_games
from swlab.board.catalog import load_board
from swlab.i18n import N_, _, decimal, number, percent
from swlab.rules import BoardLike
from swlab.terminal import printable

if TYPE_CHECKING:
    from distributed import Security

__all__ = ["COMBO_COLUMNS", "SUMMARY_COLUMNS", "SimResult", "run_simulation", "simulate"]

#: Columns of the summary returned by :func:`simulate` (one row per seat and per bot).
SUMMARY_COLUMNS: tuple[str, ...] = ("group", "name", "games", "wins", "win_share", "avg_coins")
#: Columns of the race+power table.
COMBO_COLUMNS: tuple[str, ...] = ("combo", "picks", "coins", "coins_per_pick", "win_share")


@dataclass
class SimResult:
    """A run and its tables; the summary, the combo table and the totals are read from
    :attr:`results` (one row per game and seat in ``results.games``)."""

    results: Results  #: the run's tables (games, picks, held) and what it was (``meta``)
    run: Run  #: the outcomes, as the runner gave them

    @property
    def summary(self) -> pd.DataFrame:
        """Win share and coins per seat and per bot (``SUMMARY_COLUMNS``): ``games`` counts
        games (a bot on three seats of a game played one game, not three), ``wins`` the
        games won (shared wins split), ``avg_coins`` the mean coins per seat."""
        games = self.results.games
        parts: list[pd.DataFrame] = []
        for group in ("seat", "bot"):
            agg = games.groupby(group, sort=True).agg(
                games=("game", "nunique"), wins=("win", "sum"), avg_coins=("coins", "mean")
            )
            agg["win_share"] = agg["wins"] / agg["games"]
            agg = agg.reset_index().rename(columns={group: "name"})
            agg["name"] = agg["name"].astype(str)
            agg.insert(0, "group", group)
            parts.append(agg[list(SUMMARY_COLUMNS)])
        return pd.concat(parts, ignore_index=True)

    @property
    def combos(self) -> pd.DataFrame:
        """Race+power combos by coins scored while held, per pick (``COMBO_COLUMNS``)."""
        picks = self.results.picks
        if not len(picks):
            return pd.DataFrame(columns=list(COMBO_COLUMNS))
        agg = picks.groupby("combo").agg(
            picks=("combo", "size"), coins=("coins", "sum"), win_share=("win", "mean")
        )
        agg["coins_per_pick"] = agg["coins"] / agg["picks"]
        agg = agg.reset_index()
        agg = agg.sort_values(["coins_per_pick", "picks", "combo"], ascending=[False, False, True])
        return agg[list(COMBO_COLUMNS)].reset_index(drop=True)

    @property
    def totals(self) -> dict[str, Any]:
        """Board, players, bots, seed, games, actions, wall time, games per second..."""
        meta = self.results.meta
        played = self.results.games.drop_duplicates("game")
        actions = int(played["actions"].sum())
        wall = self.run.wall_time_s
        return {
            "board": meta["board"],
            "players": meta["players"],
            "bots": list(meta["bots"]),
            "seed": meta["seed"],
            "games": meta["games"],
            "actions": actions,
            "actions_per_game": actions / max(meta["games"], 1),
            "wall_time_s": wall,
            "games_per_s": meta["games"] / wall if wall > 0 else float("inf"),
            "backend": meta["backend"],
            "interrupted": meta["interrupted"],
        }

    def report(self, top: int = 10, min_picks: int = 2) -> str:
        """The printed summary: totals, per seat, per bot, the best combos.

        Combos picked fewer than ``min_picks`` times are left out of the combo table (one
        lucky game says little), unless no combo reaches it.
        """
        t = self.totals
        lines = [
            _("board {board}, {players}, bots {bots}, seed {seed}").format(
                board=printable(t["board"]),
                players=names.players(t["players"]),
                bots=", ".join(t["bots"]),
                seed=t["seed"],
            ),
            _(
                "games {games}   actions {actions}   wall time {wall} s   games/s {rate}"
                "   actions/game {per_game}"
            ).format(
                games=t["games"],
                actions=number(t["actions"]),
                wall=decimal(t["wall_time_s"], 2),
                rate=decimal(t["games_per_s"], 1),
                per_game=decimal(t["actions_per_game"], 0),
            ),
            "",
        ]
        if t.get("interrupted"):
            lines.insert(2, _("interrupted: the figures count the games completed before Ctrl-C"))
        fmt = {
            "wins": lambda v: decimal(v, 1),  # a shared win counts a share
            "win_share": lambda v: percent(v, 1),
            "avg_coins": lambda v: decimal(v, 1),
        }
        summary = self.summary
        for group, title in (("seat", N_("per seat")), ("bot", N_("per bot"))):
            part = summary[summary["group"] == group].drop(columns="group")
            lines += [_(title), part.to_string(index=False, formatters=fmt), ""]
        combos = self.combos
        if len(combos):
            often = combos[combos["picks"] >= min_picks]
            if len(often) == 0:
                often, min_picks = combos, 1
            best = often.head(top)
            cfmt = {"coins_per_pick": lambda v: decimal(v, 1), "win_share": lambda v: percent(v, 1)}
            lines += [
                _(
                    "most successful race+power combos (coins scored while held, per pick; "
                    "top {top} of {combos}, picked at least {picks}x)"
                ).format(top=len(best), combos=len(combos), picks=min_picks),
                best.to_string(index=False, formatters=cfmt),
            ]
        return "\n".join(lines).rstrip() + "\n"


def run_simulation(
    board: BoardLike | str | os.PathLike[str],
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("greedy", "random"),
    out_dir: str | os.PathLike[str] | None = None,
    progress: bool = True,
    *,
    rotate: bool = True,
    stream: TextIO | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    security: Security | None = None,
) -> SimResult:
    """Play ``games`` full games and measure them (see the module text); the records go
    to ``out_dir`` as JSON, one per game.

    The games run on :func:`swlab.balance.runner.run_games`: serially, on a local Dask
    cluster of ``workers`` processes (default: every core, serially for a short run) or on
    the cluster at ``scheduler`` (answering within ``connect_timeout`` seconds; ``tls://``
    with ``security``), with the same results whichever. At Ctrl-C the games completed so
    far are measured (``totals["interrupted"]``).
    """
    if games < 1:
        raise ValueError("play at least one game")
    if players < 1:
        raise ValueError("a game needs at least one player")
    kinds = tuple(k.strip().lower() for k in bots if k.strip())
    spec: str | BoardLike = os.fspath(board) if isinstance(board, str | os.PathLike) else board
    # bad names and files fail here, early
    the_board: BoardLike = load_board(spec) if isinstance(spec, str) else spec
    plan = Plan(spec, players, kinds, seed, games, rotate, records=out_dir is not None)
    run = run_games(
        plan,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        stream=stream,
        connect_timeout=connect_timeout,
        security=security,
    )
    if out_dir is not None:
        save_records(run, out_dir)
    return SimResult(results_of(run, str(getattr(the_board, "name", board))), run)


def simulate(
    board: BoardLike | str | os.PathLike[str],
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("greedy", "random"),
    out_dir: str | os.PathLike[str] | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` seeded games and return the summary (one row per seat and per bot).

    Columns ``SUMMARY_COLUMNS``; the run's totals (games, actions, wall time, games per
    second...) are in ``summary.attrs``. :func:`run_simulation` also gives the tables of
    every game and pick and the race+power table. Records go to ``out_dir`` as JSON.
    """
    result = run_simulation(board, players, games, seed, bots, out_dir, progress)
    summary = result.summary
    totals = result.totals
    summary.attrs.update({k: v for k, v in totals.items() if k != "bots"})
    summary.attrs["bots"] = ",".join(totals["bots"])
    return summary

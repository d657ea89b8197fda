"""Many seeded bot games in a row: win shares, coins, combos, and the records on disk.

::

    from swlab.sim import simulate
    summary = simulate("official_5p", 5, games=50, seed=1, bots=["greedy", "random"])

From a shell (the ``swlab`` command wires :func:`sim_cli`)::

    swlab simulate --board official_5p --players 5 --games 50 --seed 1 \\
                   --bots greedy,random --out runs/sim1

Seats get the bots in the order given (the list repeats when shorter than the seats),
rotated by one seat each game so that every bot plays every seat equally (``rotate``).
Game ``g`` uses seed ``seed + g``: the setup, the die and the bots' own generators all
follow from it, so a run replays exactly. Each game is played by
:func:`swlab.bots.play_game`, that is by the engine's one driver :func:`swlab.rules.drive`
(the die a chance node whose face is drawn from the game's seed and the position).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import pandas as pd

from swlab.balance.runner import (
    CONNECT_TIMEOUT_S,
    Plan,
    Run,
    _Progress,
    end_progress_lines,
    run_games,
    seat_bots,
)
from swlab.board.catalog import load_board
from swlab.i18n import N_, _
from swlab.rules import BoardLike, save_record
from swlab.terminal import printable

if TYPE_CHECKING:
    from distributed import Security

__all__ = [
    "COMBO_COLUMNS",
    "RESULT_COLUMNS",
    "SUMMARY_COLUMNS",
    "SimResult",
    "_Progress",
    "end_progress_lines",
    "run_simulation",
    "seat_bots",
    "sim_result",
    "simulate",
]

#: Columns of the summary returned by :func:`simulate` (one row per seat and per bot).
SUMMARY_COLUMNS: tuple[str, ...] = ("group", "name", "games", "wins", "win_share", "avg_coins")
#: Columns of the per-game results (one row per game and seat).
RESULT_COLUMNS: tuple[str, ...] = (
    "game", "seed", "seat", "player", "bot", "coins", "tokens_on_map", "win", "actions", "combos",
)  # fmt: skip
#: Columns of the race+power table.
COMBO_COLUMNS: tuple[str, ...] = ("combo", "picks", "coins", "coins_per_pick", "win_share")


@dataclass
class SimResult:
    """Everything a run measured; :attr:`summary` is what :func:`simulate` returns."""

    results: pd.DataFrame  #: one row per game and seat (``RESULT_COLUMNS``)
    summary: pd.DataFrame  #: win share and coins per seat and per bot (``SUMMARY_COLUMNS``)
    combos: pd.DataFrame  #: race+power combos by coins scored per pick (``COMBO_COLUMNS``)
    totals: dict[str, Any] = field(default_factory=dict)  #: games, actions, wall time...
    run: Run | None = field(default=None, repr=False)  #: the outcomes (for Parquet)

    def report(self, top: int = 10, min_picks: int = 2) -> str:
        """The printed summary: totals, per seat, per bot, the best combos.

        Combos picked fewer than ``min_picks`` times are left out of the combo table (one
        lucky game says little), unless no combo reaches it.
        """
        t = self.totals
        lines = [
            _("board {board}, {players} players, bots {bots}, seed {seed}").format(
                board=printable(t["board"]),
                players=t["players"],
                bots=", ".join(t["bots"]),
                seed=t["seed"],
            ),
            _(
                "games {games}   actions {actions}   wall time {wall} s   games/s {rate}"
                "   actions/game {per_game}"
            ).format(
                games=t["games"],
                actions=f"{t['actions']:,}",
                wall=f"{t['wall_time_s']:.2f}",
                rate=f"{t['games_per_s']:.1f}",
                per_game=f"{t['actions_per_game']:.0f}",
            ),
            "",
        ]
        if t.get("interrupted"):
            lines.insert(2, _("interrupted: the figures count the games completed before Ctrl-C"))
        fmt = {"win_share": "{:.1%}".format, "avg_coins": "{:.1f}".format}
        for group, title in (("seat", N_("per seat")), ("bot", N_("per bot"))):
            part = self.summary[self.summary["group"] == group].drop(columns="group")
            lines += [_(title), part.to_string(index=False, formatters=fmt), ""]
        if len(self.combos):
            often = self.combos[self.combos["picks"] >= min_picks]
            if len(often) == 0:
                often, min_picks = self.combos, 1
            best = often.head(top)
            cfmt = {"coins_per_pick": "{:.1f}".format, "win_share": "{:.1%}".format}
            lines += [
                _(
                    "most successful race+power combos (coins scored while held, per pick; "
                    "top {top} of {combos}, picked at least {picks}x)"
                ).format(top=len(best), combos=len(self.combos), picks=min_picks),
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
    """Play ``games`` full games and measure them (see the module text).

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
    if isinstance(spec, str):
        the_board: BoardLike = load_board(spec)  # bad names and files fail here, early
    else:
        the_board = spec
    out = Path(out_dir) if out_dir is not None else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    plan = Plan(spec, players, kinds, seed, games, rotate, records=out is not None)
    run = run_games(
        plan,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        stream=stream,
        connect_timeout=connect_timeout,
        security=security,
    )
    return sim_result(run, getattr(the_board, "name", str(board)), out)


def sim_result(run: Run, board_name: str, out: Path | None = None) -> SimResult:
    """The frames of :class:`SimResult` from a run's outcomes (records saved to ``out``)."""
    rows: list[dict[str, Any]] = []
    combo_rows: list[dict[str, Any]] = []
    total_actions = 0
    for o in run.outcomes:
        total_actions += o.actions
        if out is not None and o.record is not None:
            save_record(o.record, out / f"game{o.game:05d}_seed{o.seed}.json")
        for s in range(len(o.coins)):
            labels = [f"{p.race}+{p.power}" for p in o.picks if p.seat == s]
            coins: dict[str, int] = {}
            for p in o.picks:
                if p.seat == s:
                    label = f"{p.race}+{p.power}"
                    coins[label] = coins.get(label, 0) + p.coins
            rows.append(
                {
                    "game": o.game,
                    "seed": o.seed,
                    "seat": s + 1,
                    "player": o.names[s],
                    "bot": o.bots[s],
                    "coins": o.coins[s],
                    "tokens_on_map": o.tokens_on_map[s],
                    "win": o.win(s),
                    "actions": o.actions,
                    "combos": ", ".join(labels),
                }
            )
            for label in labels:
                combo_rows.append({"combo": label, "coins": coins[label], "win": o.win(s)})
    games = max(run.games, 1)
    wall = run.wall_time_s
    results = pd.DataFrame(rows, columns=list(RESULT_COLUMNS))
    totals: dict[str, Any] = {
        "board": board_name,
        "players": run.plan.players,
        "bots": list(run.plan.kinds),
        "seed": run.plan.seed,
        "games": run.games,
        "actions": total_actions,
        "actions_per_game": total_actions / games,
        "wall_time_s": wall,
        "games_per_s": run.games / wall if wall > 0 else float("inf"),
        "backend": run.backend,
        "interrupted": run.interrupted,
    }
    return SimResult(results, _summary(results), _combos(combo_rows), totals, run)


def _summary(results: pd.DataFrame) -> pd.DataFrame:
    """Per seat and per bot: ``games`` counts games (a bot on three seats of a game played
    one game, not three), ``wins`` the games won (shared wins split), ``win_share`` their
    ratio and ``avg_coins`` the mean coins per seat."""
    parts: list[pd.DataFrame] = []
    for group, key in (("seat", "seat"), ("bot", "bot")):
        agg = results.groupby(key, sort=True).agg(
            games=("game", "nunique"), wins=("win", "sum"), avg_coins=("coins", "mean")
        )
        agg["win_share"] = agg["wins"] / agg["games"]
        agg = agg.reset_index().rename(columns={key: "name"})
        agg["name"] = agg["name"].astype(str)
        agg.insert(0, "group", group)
        parts.append(agg[list(SUMMARY_COLUMNS)])
    return pd.concat(parts, ignore_index=True)


def _combos(rows: list[dict[str, Any]]) -> pd.DataFrame:
    if not rows:
        return pd.DataFrame(columns=list(COMBO_COLUMNS))
    df = pd.DataFrame(rows)
    agg = df.groupby("combo").agg(
        picks=("combo", "size"), coins=("coins", "sum"), win=("win", "mean")
    )
    agg["coins_per_pick"] = agg["coins"] / agg["picks"]
    agg = agg.rename(columns={"win": "win_share"}).reset_index()
    agg = agg.sort_values(["coins_per_pick", "picks", "combo"], ascending=[False, False, True])
    return agg[list(COMBO_COLUMNS)].reset_index(drop=True)


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
    second...) are in ``summary.attrs``. :func:`run_simulation` also gives the per-game
    results and the race+power table. Records go to ``out_dir`` as JSON, one per game.
    """
    result = run_simulation(board, players, games, seed, bots, out_dir, progress)
    summary = result.summary
    summary.attrs.update({k: v for k, v in result.totals.items() if k != "bots"})
    summary.attrs["bots"] = ",".join(result.totals["bots"])
    return summary


def sim_cli(argv: Sequence[str] | None = None) -> int:
    """``swlab simulate ...`` (the words after ``simulate``): the exit code, 0 ok, 2 bad
    input. The options are parsed by :mod:`swlab.cli`, like every other command."""
    from swlab.cli import main

    return main(["simulate", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(sim_cli())

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
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import pandas as pd

from swlab.board.catalog import load_board
from swlab.bots.base import Bot, make_bot, play_game
from swlab.rules import Action, BoardLike, GameState, save_record, tokens_on_map, winners
from swlab.rules.events import ComboPicked, Event, Scored

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

    def report(self, top: int = 10, min_picks: int = 2) -> str:
        """The printed summary: totals, per seat, per bot, the best combos.

        Combos picked fewer than ``min_picks`` times are left out of the combo table (one
        lucky game says little), unless no combo reaches it.
        """
        t = self.totals
        lines = [
            f"board {t['board']}, {t['players']} players, bots {', '.join(t['bots'])}, "
            f"seed {t['seed']}",
            f"games {t['games']}   actions {t['actions']:,}   wall time {t['wall_time_s']:.2f} s"
            f"   games/s {t['games_per_s']:.1f}   actions/game {t['actions_per_game']:.0f}",
            "",
        ]
        fmt = {"win_share": "{:.1%}".format, "avg_coins": "{:.1f}".format}
        for group, title in (("seat", "per seat"), ("bot", "per bot")):
            part = self.summary[self.summary["group"] == group].drop(columns="group")
            lines += [title, part.to_string(index=False, formatters=fmt), ""]
        if len(self.combos):
            often = self.combos[self.combos["picks"] >= min_picks]
            if len(often) == 0:
                often, min_picks = self.combos, 1
            best = often.head(top)
            cfmt = {"coins_per_pick": "{:.1f}".format, "win_share": "{:.1%}".format}
            lines += [
                f"most successful race+power combos (coins scored while held, per pick; "
                f"top {len(best)} of {len(self.combos)}, picked at least {min_picks}x)",
                best.to_string(index=False, formatters=cfmt),
            ]
        return "\n".join(lines).rstrip() + "\n"


def seat_bots(kinds: Sequence[str], players: int, game: int, rotate: bool = True) -> list[str]:
    """Bot kinds by seat for game number ``game`` (repeated, then rotated by ``game``)."""
    if not kinds:
        raise ValueError("give at least one bot kind")
    base = [kinds[i % len(kinds)] for i in range(players)]
    shift = game % players if rotate else 0
    return [base[(i + shift) % players] for i in range(players)]


class _Progress:
    """A one-line progress bar on stderr (no dependency)."""

    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.total, self.stream, self.enabled = total, stream, enabled
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = int(width * done / max(self.total, 1))
        rate = done / max(now - self.start, 1e-9)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\rsimulate [{bar}] {done}/{self.total} games  {rate:.1f} games/s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()
        if done < self.total:
            _DRAWN.add(self)
        else:
            _DRAWN.discard(self)

    def close(self) -> None:
        """End a bar left half-drawn (an interrupted run), so the next line starts clean."""
        if self in _DRAWN:
            _DRAWN.discard(self)
            self.stream.write("\n")
            self.stream.flush()


#: Progress bars drawn but not finished: an interrupted run leaves one on the line.
_DRAWN: weakref.WeakSet[_Progress] = weakref.WeakSet()


def end_progress_lines() -> None:
    """Finish the line of any half-drawn progress bar (``swlab`` calls it at Ctrl-C, so
    "swlab: interrupted" does not land at the end of the bar)."""
    for bar in list(_DRAWN):
        bar.close()


class _ComboTracker:
    """Credits each turn's score to the combo the player picked last."""

    def __init__(self, players: int) -> None:
        self.current: list[str | None] = [None] * players
        self.picked: list[list[str]] = [[] for _ in range(players)]
        self.coins: dict[tuple[int, str], int] = {}

    def __call__(
        self, before: GameState, action: Action, events: list[Event], after: GameState
    ) -> None:
        for e in events:
            if isinstance(e, ComboPicked):
                label = f"{e.race}+{e.power}"
                self.current[e.player] = label
                self.picked[e.player].append(label)
                self.coins.setdefault((e.player, label), 0)
            elif isinstance(e, Scored):
                held = self.current[e.player]
                if held is not None:
                    self.coins[(e.player, held)] = self.coins.get((e.player, held), 0) + e.total


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
) -> SimResult:
    """Play ``games`` full games and measure them (see the module text)."""
    if games < 1:
        raise ValueError("play at least one game")
    if players < 1:
        raise ValueError("a game needs at least one player")
    kinds = [k.strip().lower() for k in bots if k.strip()]
    for k in kinds:
        make_bot(k)  # fails early on an unknown kind
    the_board = load_board(board) if isinstance(board, str | os.PathLike) else board
    out = Path(out_dir) if out_dir is not None else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    bar = _Progress(games, stream or sys.stderr, progress)
    rows: list[dict[str, Any]] = []
    combo_rows: list[dict[str, Any]] = []
    total_actions = 0
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        seat_kinds = seat_bots(kinds, players, g, rotate)
        seat_players: list[Bot] = [
            make_bot(kind, game_seed * 100 + s) for s, kind in enumerate(seat_kinds)
        ]
        tracker = _ComboTracker(players)
        final, record = play_game(the_board, seat_players, game_seed, observer=tracker)
        total_actions += len(record.actions)
        if out is not None:
            save_record(record, out / f"game{g:05d}_seed{game_seed}.json")
        won = winners(final)
        for s in range(players):
            rows.append(
                {
                    "game": g,
                    "seed": game_seed,
                    "seat": s + 1,
                    "player": final.players[s].name,
                    "bot": seat_kinds[s],
                    "coins": final.players[s].coins,
                    "tokens_on_map": tokens_on_map(final, s),
                    "win": 1.0 / len(won) if s in won else 0.0,
                    "actions": len(record.actions),
                    "combos": ", ".join(tracker.picked[s]),
                }
            )
            for label in tracker.picked[s]:
                combo_rows.append(
                    {
                        "combo": label,
                        "coins": tracker.coins.get((s, label), 0),
                        "win": 1.0 / len(won) if s in won else 0.0,
                    }
                )
        bar.update(g + 1)
    wall = time.perf_counter() - start
    results = pd.DataFrame(rows, columns=list(RESULT_COLUMNS))
    totals: dict[str, Any] = {
        "board": getattr(the_board, "name", str(board)),
        "players": players,
        "bots": kinds,
        "seed": seed,
        "games": games,
        "actions": total_actions,
        "actions_per_game": total_actions / games,
        "wall_time_s": wall,
        "games_per_s": games / wall if wall > 0 else float("inf"),
    }
    return SimResult(results, _summary(results), _combos(combo_rows), totals)


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

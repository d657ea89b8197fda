"""The ladder of bot levels, measured by the balance lab: does each level beat the one below?

Prints only (never asserts)::

    .venv/bin/python benchmarks/ladder.py [--games 100] [--five-games 60] [--workers 2]
                                          [--seed 0] [--out runs/ladder] [--markdown]

* **level vs level** on ``official_2p``: each level (``swlab.bots.levels.LEVELS``) against
  the one below it, ``--games`` games, seats alternated (the balance lab's rotation). The
  higher level's win rate (a tie shares the win), its 95 % Wilson interval, the games, the
  higher level's mean and p95 CPU seconds per decision (``time.thread_time``: what one core
  spent, however busy the machine), and the CPU hours the whole match cost. The issue's bar:
  at least 60 % with the interval's lower end above 50 %.
* **the top level vs four greedy bots** on ``official_5p``, ``--five-games`` games, the top
  level on every seat in turn: its win share (a fifth is 20 %) and interval.

Games run on :func:`swlab.balance.runner.run_games` (on one local Dask cluster of
``--workers`` processes for the whole ladder, on the cluster at ``--scheduler``, or
serially with ``--workers 0``): game ``g`` of a match is the
same game wherever it is played. The measurement **resumes**: every game is appended, as
its batch completes, to ``<out>/games.jsonl`` (one JSON line: match, game, seats' levels,
winners, per-decision CPU seconds), and a later run with the same ``--seed`` plays only the
games missing from that file. Delete the file to measure again from scratch.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import math
import os
import platform
import statistics
import sys
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swlab.balance.runner import GameOutcome, Plan, run_games
from swlab.balance.stats import wilson
from swlab.bots.levels import LEVEL_NAMES

#: Game numbers of a match are played in runs that start at a multiple of this (both seat
#: counts divide it), so that a resumed run gives game ``g`` the seats it always has.
ALIGN = 10


@dataclass(frozen=True)
class Match:
    """A measured pairing: ``top`` (the level whose rate is reported) against ``kinds``."""

    key: str
    board: str
    kinds: tuple[str, ...]  #: the seats' levels of game 0 (rotated one seat per game)
    top: str
    games: int
    seed: int

    @property
    def players(self) -> int:
        return len(self.kinds)


def matches(games: int, five_games: int, seed: int) -> list[Match]:
    """Each level against the one below on 2 players; the top level against 4 greedy."""
    out = [
        Match(f"{hi} vs {lo}", "official_2p", (hi, lo), hi, games, seed + 10_000 * k)
        for k, (lo, hi) in enumerate(itertools.pairwise(LEVEL_NAMES))
    ]
    top = LEVEL_NAMES[-1]
    if five_games > 0:
        out.append(
            Match(
                f"{top} vs 4 greedy",
                "official_5p",
                (top, *["greedy"] * 4),
                top,
                five_games,
                seed + 90_000,
            )
        )
    return out


def load(path: Path) -> dict[str, dict[int, dict[str, Any]]]:
    """The games already measured, by match and game number (a broken last line, from an
    interrupted write, is left out and played again)."""
    done: dict[str, dict[int, dict[str, Any]]] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        done.setdefault(row["match"], {})[int(row["game"])] = row
    return done


def missing_runs(done: set[int], games: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` spans to play: each hole of ``done``, its start aligned down to
    :data:`ALIGN` (a few games of the span may be measured already: they are not kept twice)."""
    g = 0
    while g < games:
        if g in done:
            g += 1
            continue
        stop = g
        while stop < games and stop not in done:
            stop += 1
        yield g - g % ALIGN, stop
        g = stop


def row_of(match: Match, start: int, outcome: GameOutcome) -> dict[str, Any]:
    return {
        "match": match.key,
        "seed": match.seed,
        "game": start + outcome.game,
        "bots": list(outcome.bots),
        "winners": list(outcome.winners),
        "think": [list(t) for t in outcome.think],
        "cpu_seconds": outcome.cpu_seconds,
    }


def play(match: Match, path: Path, workers: int, scheduler: str | None) -> None:
    """Play the games of ``match`` missing from ``path``, appending each as it completes."""
    done = set(load(path).get(match.key, {}))
    for start, stop in missing_runs(done, match.games):
        plan = Plan(match.board, match.players, match.kinds, match.seed + start, stop - start)

        def keep(batch: list[GameOutcome], start: int = start) -> None:
            with path.open("a", encoding="utf-8") as f:
                for outcome in batch:
                    if start + outcome.game not in done:
                        done.add(start + outcome.game)
                        f.write(json.dumps(row_of(match, start, outcome)) + "\n")

        run = run_games(
            plan,
            workers=workers,
            scheduler=scheduler,
            progress=True,
            label=match.key,
            on_batch=keep,
        )
        if run.interrupted:
            raise KeyboardInterrupt


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)] if ordered else 0.0


def table(match_list: Sequence[Match], path: Path) -> list[dict[str, Any]]:
    """One row per match from the games in ``path``."""
    done = load(path)
    rows = []
    for m in match_list:
        games = [r for g, r in sorted(done.get(m.key, {}).items()) if g < m.games]
        wins = 0.0
        moves: list[float] = []
        cpu = 0.0
        for r in games:
            seats = [s for s, kind in enumerate(r["bots"]) if kind == m.top]
            winners = r["winners"]
            wins += sum(1 / len(winners) for s in seats if s in winners)
            for s in seats:
                moves.extend(r["think"][s])
            cpu += r["cpu_seconds"]
        n = len(games)
        low, high = wilson(wins, n) if n else (0.0, 1.0)
        rows.append(
            {
                "match": m.key,
                "board": m.board,
                "win rate": wins / n if n else float("nan"),
                "95% interval": (low, high),
                "games": n,
                "mean s/move": statistics.fmean(moves) if moves else float("nan"),
                "p95 s/move": p95(moves),
                "CPU hours": cpu / 3600,
            }
        )
    return rows


def render(rows: Sequence[dict[str, Any]], markdown: bool) -> str:
    head = ["match", "board", "win rate", "95% interval", "games", "mean s/move", "p95 s/move",
            "CPU hours"]  # fmt: skip
    body = [
        [
            r["match"],
            r["board"],
            f"{r['win rate']:.1%}",
            f"{r['95% interval'][0]:.1%} - {r['95% interval'][1]:.1%}",
            str(r["games"]),
            f"{r['mean s/move']:.3f}",
            f"{r['p95 s/move']:.3f}",
            f"{r['CPU hours']:.3f}",
        ]
        if r["games"]
        else [r["match"], r["board"], "-", "-", "0", "-", "-", "-"]
        for r in rows
    ]
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(b) + " |" for b in body]
        return "\n".join(lines)
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join(fmt.format(*line) for line in [head, *body])


@contextmanager
def local_cluster(workers: int) -> Iterator[str]:
    """One local Dask cluster for every match (its workers import swlab and load the
    boards once), as the balance lab makes it; yields its scheduler's address."""
    from distributed import LocalCluster

    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers, threads_per_worker=1, processes=True, silence_logs=logging.CRITICAL
    ) as cluster:
        yield str(cluster.scheduler_address)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="2-player games per match")
    parser.add_argument("--five-games", type=int, default=60, help="5-player games (0: none)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="local Dask workers (0: serially)")  # fmt: skip
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address instead")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--out", default="runs/ladder", help="folder of games.jsonl")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "games.jsonl"
    match_list = matches(args.games, args.five_games, args.seed)
    print(
        f"# ladder: {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{args.games} games per 2-player match, {args.five_games} 5-player games, "
        f"seed {args.seed}, games in {path}",
        flush=True,
    )
    with ExitStack() as stack:
        scheduler = args.scheduler
        if scheduler is None and args.workers > 0:
            scheduler = stack.enter_context(local_cluster(args.workers))
        try:
            for m in match_list:
                play(m, path, args.workers, scheduler)
        except KeyboardInterrupt:
            print("interrupted: the games so far are kept; run again to resume", file=sys.stderr)
    print(render(table(match_list, path), args.markdown))
    return 0


if __name__ == "__main__":
    sys.exit(main())

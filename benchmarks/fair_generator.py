"""How long the fair board generator takes to reach a seat distance, per player count.

Prints only (never asserts)::

    .venv/bin/python benchmarks/fair_generator.py [--players 2,5] [--target 0.05]
        [--seed 0] [--screen-games 20] [--max-candidates 200] [--max-seconds S]
        [--workers 2] [--regions-per-player X] [--markdown]

For each player count, :func:`swlab.balance.fair.generate_fair` runs with the official
board's proportions (no other constraint; ``--regions-per-player`` sets that one, the
constraint that decides whether five players can reach 0.05: ``docs/fair.md``), the fast
bot styles and one local Dask cluster of ``--workers`` processes (``--workers 0``:
serially), until the seat distance is at most ``--target`` on at least 400 new games or the
budget runs out. Printed: whether the target
was reached, the wall-clock time, the games played in all, the candidates tried, and the
board's seat distance with its 95 % interval on the games that decided (the verification's,
or the best screen's when none passed). The header gives the machine, the load average at the
start (the machine may be shared: read the times with it) and the options.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from swlab.balance.fair import Constraints, generate_fair


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="2,5", help="player counts, comma-separated")
    parser.add_argument("--target", type=float, default=0.05, help="seat distance to reach")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--screen-games", type=int, default=20, help="games per style a screen")
    parser.add_argument("--max-candidates", type=int, default=200)
    parser.add_argument("--max-games", type=int, default=40_000)
    parser.add_argument("--max-seconds", type=float, default=None)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--regions-per-player", type=float, default=None, help="default: the official board's"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    players = [int(p) for p in args.players.split(",") if p.strip()]
    print(
        f"# fair generator: {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{platform.machine()}; load average {os.getloadavg()[0]:.1f} at the start; "
        f"target {args.target:g}, seed {args.seed}, {args.screen_games} screen games per "
        f"style, budget {args.max_candidates} candidates / {args.max_games} games / "
        f"{args.max_seconds if args.max_seconds is not None else 'no'} s, "
        f"workers {args.workers}, regions per player "
        f"{args.regions_per_player or 'official'}",
        flush=True,
    )
    rows = []
    for n in players:
        start = time.perf_counter()
        result = generate_fair(
            Constraints(players=n, regions_per_player=args.regions_per_player),
            args.target,
            seed=args.seed,
            screen_games=args.screen_games,
            max_candidates=args.max_candidates,
            max_games=args.max_games,
            max_seconds=args.max_seconds,
            workers=args.workers,
            stream=None if args.quiet else sys.stderr,
        )
        seconds = time.perf_counter() - start
        rows.append(
            (
                f"{n}",
                "yes" if result.reached else f"no ({result.stopped_by})",
                f"{seconds:.0f}",
                f"{result.games}",
                f"{result.candidates}",
                result.distance_text(),
                f"{result.overall.games}" + ("" if result.verified else " (screen)"),
            )
        )
        print(result.message(), flush=True)
    head = ("players", "reached", "seconds", "games played", "candidates", "seat distance",
            "on games")  # fmt: skip
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(c)) for c in col) for col in zip(head, *rows, strict=True)]
        for row in (head, *rows):
            print("  ".join(str(c).rjust(w) for c, w in zip(row, widths, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

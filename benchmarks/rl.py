"""How fast the research environments run: PettingZoo's own ``performance_benchmark`` on
swlab's AEC environment (random masked play for 5 s a board, turns and cycles per second),
and the wall and CPU time per step it implies.

Prints only (never asserts a timing)::

    .venv/bin/python benchmarks/rl.py [--boards official_2p,official_5p] [--seed 0]

Needs the research libraries (``pip install swlab[rl]``). A *turn* in PettingZoo's words is
one ``step`` of one agent (a decision, the die rolled inside it when it follows); a *cycle*
is ``num_agents`` turns. On a busy machine the wall-clock figures drop with the load: the
CPU-time line says what the process itself spent.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pettingzoo.test import performance_benchmark  # noqa: E402

from swlab.rl.pettingzoo import env  # noqa: E402


def measure(board: str, seed: int) -> dict[str, float]:
    """PettingZoo's figures for one board, with the CPU time of the run."""
    game = env(board=board, seed=seed)
    out = io.StringIO()
    cpu, wall = time.process_time(), time.perf_counter()
    with contextlib.redirect_stdout(out):
        performance_benchmark(game)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"turns": _figure(out.getvalue(), "turns"), "cycles": _figure(out.getvalue(), "cycles"),
            "cpu": cpu, "wall": wall}  # fmt: skip


def _figure(text: str, what: str) -> float:
    """The ``N <what> per second`` figure PettingZoo printed."""
    found = re.search(rf"([\d.]+) {what} per second", text)
    if found is None:
        raise RuntimeError(f"performance_benchmark printed no {what} per second:\n{text}")
    return float(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default="official_2p,official_5p", help="comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(
        f"swlab research environments - Python {platform.python_version()}, "
        f"{platform.machine()}, pettingzoo performance_benchmark (random masked play, 5 s)"
    )
    for board in args.boards.split(","):
        figures = measure(board.strip(), args.seed)
        turns = figures["turns"]
        share = figures["cpu"] / figures["wall"] if figures["wall"] else 0.0
        print(
            f"{board:<12} {turns:8.1f} turns/s  {figures['cycles']:7.1f} cycles/s  "
            f"{1000 / turns:6.2f} ms a turn  (CPU {share:.0%} of wall time)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

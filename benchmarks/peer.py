"""swlab beside its peer engine smawg: random 5-player playouts with every legal action
enumerated, on one pinned core, measured in turns in one run (prints only)::

    python benchmarks/peer.py --smawg-python ~/smawg-venv/bin/python
                              [--players 5] [--games 20] [--rounds 5] [--seed 0]

smawg (https://github.com/Expurple/smawg) is GPL-licensed, so it lives in an environment
of its own and swlab never imports it: clone it, then
``python3 -m venv ~/smawg-venv && ~/smawg-venv/bin/pip install ./smawg``. Without
``--smawg-python`` (or ``SMAWG_PYTHON``) only swlab is measured, and the script says how
to add smawg. What each engine plays is in ``benchmarks/playouts.py``: swlab lists its
legal actions; smawg asks its rule checker about every action of its API at every region.
smawg plays no race or power effect, so swlab does more per step.

Each round runs one batch of each engine (its own process, pinned to the same CPU); the
figures are games per second of the process's CPU time, so a busy machine slows the wall
clock but not the comparison. The ratio is of the medians over the rounds.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import in_turns, median_rate, script

ROOT = Path(__file__).resolve().parents[1]
#: the issue's target: swlab at least this many times as fast as smawg, in the same run
TARGET_RATIO = 20.0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--smawg-python", default=os.environ.get("SMAWG_PYTHON"))
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--games", type=int, default=20, help="games per batch (default 20)")
    p.add_argument("--rounds", type=int, default=5, help="batches of each engine (default 5)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    print(
        f"swlab vs smawg - Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, one pinned; {args.players} players, {args.games} games a "
        f"batch, {args.rounds} rounds, seed {args.seed}"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    commands = {
        "swlab": ([sys.executable, *script("swlab", args.players, args.games, args.seed)], env)
    }
    if args.smawg_python:
        smawg = [args.smawg_python, *script("smawg", args.players, args.games, args.seed)]
        commands["smawg"] = (smawg, None)
    else:
        print("  (smawg not measured: give --smawg-python, a Python that has smawg installed)")
    results = in_turns(commands, args.rounds)
    ours = median_rate(results["swlab"])
    print(f"swlab: {ours:.1f} random {args.players}p games/s (median, CPU time)")
    if "smawg" in results:
        theirs = median_rate(results["smawg"])
        ratio = ours / theirs
        verdict = "MET" if ratio >= TARGET_RATIO else "NOT MET"
        print(f"smawg: {theirs:.2f} random {args.players}p games/s (median, CPU time)")
        print(f"swlab / smawg: {ratio:.1f}x (target >= {TARGET_RATIO:.0f}x) - {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

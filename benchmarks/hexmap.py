#!/usr/bin/env python3
"""How fast Terra Mystica maps are generated and their adjacency derived.

    python benchmarks/hexmap.py                 # 100 seeds each way, derivations x 5
    python benchmarks/hexmap.py --seeds 20 --repeat 3

* **generator**: :func:`swlab.board.hexmap.generate_layout` for seeds 0 .. N-1, with free
  terrain counts (checks 1-4) and with 11 of each terrain (checks 1-5); median, mean and
  max seconds per map, against the issue's 10 s bound;
* **derivations** on the base map, each on a freshly built board (no cache): shared edges
  from the polygons (``board.topology``), labels (the row grid read from hex centres),
  bridge slots, shipping 1/3/5, tunnelling 1 and carpet 4, land masses, all checks.

Figures only: it never fails on a timing.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import shapely

from swlab.board.hexmap import (
    base_map,
    bridge_slots,
    check,
    generate_layout,
    labels,
    land_masses,
    shipping_graph,
    tunnel_graph,
)

BOUND_S = 10.0


def timed(run: Callable[[], Any]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def derivations(repeat: int) -> dict[str, float]:
    """Median milliseconds of each derivation, each run on a new board."""
    steps: dict[str, Callable[[Any], Any]] = {
        "shared edges (topology)": lambda b: b.topology,
        "labels (grid from centres)": labels,
        "bridge slots": bridge_slots,
        "shipping 1": lambda b: shipping_graph(b, 1),
        "shipping 3": lambda b: shipping_graph(b, 3),
        "shipping 5": lambda b: shipping_graph(b, 5),
        "tunnelling 1": lambda b: tunnel_graph(b, 1),
        "carpet 4": lambda b: tunnel_graph(b, 4),
        "land masses": land_masses,
        "all checks": check,
    }
    found: dict[str, list[float]] = {name: [] for name in steps}
    for _ in range(repeat):
        for name, step in steps.items():
            board = base_map()
            if name != "shared edges (topology)":
                _ = board.topology  # measured on its own line
            if name not in ("shared edges (topology)", "labels (grid from centres)"):
                labels(board)
            found[name].append(timed(lambda s=step, b=board: s(b)) * 1000)  # type: ignore[misc]
    return {name: statistics.median(times) for name, times in found.items()}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100, help="generator seeds per mode")
    parser.add_argument("--repeat", type=int, default=5, help="runs per derivation (median)")
    args = parser.parse_args(argv)
    print(
        f"swlab hex-map benchmark: {platform.processor() or platform.machine()}, "
        f"{os.cpu_count() or '?'} CPUs, Python {platform.python_version()}, "
        f"shapely {shapely.__version__} (GEOS {shapely.geos_version_string})",
        flush=True,
    )
    for standard in (False, True):
        times = [
            timed(lambda s=seed, c=standard: generate_layout(s, standard_counts=c))
            for seed in range(args.seeds)
        ]
        mode = "checks 1-5 (11 each)" if standard else "checks 1-4"
        print(
            f"generator, {mode}: {args.seeds} seeds, median {statistics.median(times):.2f} s, "
            f"mean {statistics.mean(times):.2f} s, max {max(times):.2f} s "
            f"({'within' if max(times) <= BOUND_S else 'OVER'} the {BOUND_S:.0f} s bound)",
            flush=True,
        )
    print(f"derivations on the base map (113 spaces), median of {args.repeat}:")
    for name, ms in derivations(args.repeat).items():
        print(f"  {name:<28} {ms:8.2f} ms")


if __name__ == "__main__":
    main()

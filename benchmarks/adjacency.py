#!/usr/bin/env python3
"""How fast borders are derived from polygons, on random boards of growing size.

    python benchmarks/adjacency.py                      # 100, 1,000, 2,000, 10,000 regions
    python benchmarks/adjacency.py --sizes 100,30000 --repeat 5 --markdown

For each size a random Voronoi board is generated once (not timed), then each method is
run ``--repeat`` times and the median is printed:

* ``adjacent_pairs`` - :func:`swlab.board.geometry.adjacent_pairs`, the method the rules use
  (shared-segment fast path, ``STRtree`` + GEOS for irregular polygons). Its repeat calls
  reuse what the first derived from the same polygon objects (the snapped copies kept by
  :data:`swlab.board.geometry.MEMO`, as an edit in the editor does);
* ``first call`` - the same on fresh polygon objects each run (copies made untimed, as a
  board just read from a file): what a user waits for the first time;
* ``STRtree+GEOS`` - the earlier method, kept here as a baseline: ``STRtree`` candidates,
  every candidate's shared boundary measured by GEOS;
* ``all-pairs`` - :func:`~swlab.board.geometry.adjacent_pairs_naive`, every pair measured
  (quadratic, so only up to ``--naive-max`` regions; "—" beyond);
* ``topology`` - the whole ``board.topology`` derivation: adjacency, edge, coastal and
  first-conquest regions, and the networkx graph (repeat calls on the same board);
* ``topology first`` - the same on a fresh board of fresh polygon objects each run.

The script checks that every method finds the same borders, then says whether the issue's
targets are met. It prints figures only and never fails on a timing, so it can run on any
machine; the figures in ``benchmarks/README.md`` say which machine they came from.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd
import shapely
from shapely.geometry import Polygon

from swlab.board.geometry import (
    BORDER_CELLS,
    adjacent_pairs,
    adjacent_pairs_naive,
    derive_topology,
    grid_size,
    snap,
)
from swlab.board.voronoi import random_board

DEFAULT_SIZES = (100, 1_000, 2_000, 10_000)
#: Issue targets: 10,000 regions in under 2 s, and at least 20x all-pairs at 2,000.
TARGET_SECONDS = (10_000, 2.0)
TARGET_SPEEDUP = (2_000, 20.0)
DASH = "—"


def strtree_geos_pairs(polygons: Sequence[Polygon], grid: float) -> set[tuple[int, int]]:
    """The baseline: every ``STRtree`` candidate pair measured by a GEOS intersection."""
    geoms = snap(polygons, grid)
    left, right = shapely.STRtree(geoms).query(geoms, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    rings = shapely.boundary(geoms)
    lengths = shapely.length(shapely.intersection(rings[left], rings[right]))
    border = lengths > BORDER_CELLS * grid
    return set(zip(left[border].tolist(), right[border].tolist(), strict=True))


def fresh_polygons(polygons: Sequence[Polygon]) -> list[Polygon]:
    """New polygon objects with the same coordinates: nothing derived from the originals
    (kept by object identity) applies to them."""
    return list(shapely.from_wkb(shapely.to_wkb(list(polygons))))


def first_call_time(
    run: Callable[[Any], Any], make: Callable[[], Any], repeat: int
) -> tuple[float, Any]:
    """Median wall time of ``run(make())`` over ``repeat`` runs, ``make`` untimed: each
    run starts from fresh objects, as the first call on a board just read does."""
    times, result = [], None
    for _ in range(repeat):
        fresh = make()
        start = time.perf_counter()
        result = run(fresh)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def median_time(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median wall time of ``repeat`` runs, and the last run's result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def measure(regions: int, repeat: int, naive_max: int, seed: int) -> dict[str, Any]:
    """One row of the table; raises if the methods disagree about the borders."""
    start = time.perf_counter()
    board = random_board(regions, seed=seed)
    generated = time.perf_counter() - start
    polygons = [r.polygon for r in board]
    grid = grid_size(board.outline)

    first_s, (left, right, _) = first_call_time(
        lambda fresh: adjacent_pairs(fresh, grid), lambda: fresh_polygons(polygons), repeat
    )
    first_pairs = set(zip(left.tolist(), right.tolist(), strict=True))
    fast_s, (left, right, _) = median_time(lambda: adjacent_pairs(polygons, grid), repeat)
    pairs = set(zip(left.tolist(), right.tolist(), strict=True))
    if first_pairs != pairs:
        raise AssertionError(f"{regions} regions: the first and repeat calls disagree")
    base_s, base = median_time(lambda: strtree_geos_pairs(polygons, grid), repeat)
    if base != pairs:
        raise AssertionError(f"{regions} regions: STRtree+GEOS and adjacent_pairs disagree")
    naive_s: float | None = None
    if regions <= naive_max:
        naive_s, naive = median_time(lambda: adjacent_pairs_naive(polygons, grid), repeat)
        if set(naive) != pairs:
            raise AssertionError(f"{regions} regions: all-pairs and adjacent_pairs disagree")
    topo_first_s, _first = first_call_time(
        derive_topology,
        lambda: replace(
            board,
            outline=fresh_polygons([board.outline])[0],
            regions=tuple(
                replace(r, polygon=p) for r, p in zip(board, fresh_polygons(polygons), strict=True)
            ),
        ),
        repeat,
    )
    topo_s, topology = median_time(lambda: derive_topology(board), repeat)
    ids = board.ids
    if topology.borders != {(ids[i], ids[j]) for i, j in pairs}:
        raise AssertionError(f"{regions} regions: topology borders differ from adjacent_pairs")
    return {
        "regions": regions,
        "borders": len(pairs),
        "generate s": generated,
        "first call s": first_s,
        "adjacent_pairs s": fast_s,
        "STRtree+GEOS s": base_s,
        "all-pairs s": naive_s,
        "speed-up": None if naive_s is None else naive_s / fast_s,
        "topology first s": topo_first_s,
        "topology s": topo_s,
    }


def table(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Rows formatted for reading: seconds to 4 decimals, speed-ups as ``37.5x``."""
    frame = pd.DataFrame(rows)
    for column in frame.columns:
        if column.endswith(" s"):
            frame[column] = [DASH if v is None or pd.isna(v) else f"{v:.4f}" for v in frame[column]]
    frame["speed-up"] = [
        DASH if v is None or pd.isna(v) else f"{v:.1f}x" for v in frame["speed-up"]
    ]
    frame["regions"] = [f"{v:,}" for v in frame["regions"]]
    frame["borders"] = [f"{v:,}" for v in frame["borders"]]
    return frame


def markdown(frame: pd.DataFrame) -> str:
    """A GitHub table without the optional ``tabulate`` dependency."""
    cells = [list(frame.columns), *frame.astype(str).values.tolist()]
    widths = [max(len(str(row[k])) for row in cells) for k in range(len(frame.columns))]
    lines = [
        "| " + " | ".join(str(c).rjust(w) for c, w in zip(row, widths, strict=True)) + " |"
        for row in cells
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    return "\n".join(lines)


def verdicts(rows: list[dict[str, Any]]) -> list[str]:
    """Whether each of the issue's targets is met, in one line each."""
    by_size = {row["regions"]: row for row in rows}
    size, limit = TARGET_SECONDS
    lines = []
    if size in by_size:
        took = by_size[size]["adjacent_pairs s"]
        met = "MET" if took < limit else "NOT MET"
        lines.append(f"{size:,} regions under {limit:g} s: {took:.3f} s - {met}")
        took = by_size[size]["first call s"]
        met = "MET" if took < limit else "NOT MET"
        lines.append(f"{size:,} regions under {limit:g} s, first call: {took:.3f} s - {met}")
    else:
        lines.append(f"{size:,} regions under {limit:g} s: not measured (add it to --sizes)")
    size, factor = TARGET_SPEEDUP
    row = by_size.get(size)
    if row is not None and row["speed-up"] is not None:
        met = "MET" if row["speed-up"] >= factor else "NOT MET"
        lines.append(
            f"at least {factor:g}x all-pairs at {size:,} regions: {row['speed-up']:.1f}x - {met}"
        )
    else:
        lines.append(f"at least {factor:g}x all-pairs at {size:,} regions: not measured")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        default=",".join(map(str, DEFAULT_SIZES)),
        help="comma-separated region counts (default %(default)s; 30000 works too)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (median)")
    parser.add_argument(
        "--naive-max",
        type=int,
        default=2_000,
        help="largest board to time all-pairs on (default %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random boards")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    if args.repeat < 1 or any(s < 1 for s in sizes):
        parser.error("--repeat and every size must be at least 1")

    cpus = os.cpu_count() or "?"
    print(
        f"swlab adjacency benchmark: {platform.processor() or platform.machine()}, {cpus} CPUs, "
        f"Python {platform.python_version()}, shapely {shapely.__version__} "
        f"(GEOS {shapely.geos_version_string}), numpy {np.__version__}; "
        f"median of {args.repeat} runs, seed {args.seed}",
        flush=True,
    )
    rows = []
    for regions in sizes:
        rows.append(measure(regions, args.repeat, args.naive_max, args.seed))
        print(f"  measured {regions:,} regions", file=sys.stderr, flush=True)
    frame = table(rows)
    print(markdown(frame) if args.markdown else frame.to_string(index=False))
    print("every method found the same borders wherever it ran")
    for line in verdicts(rows):
        print(line)


if __name__ == "__main__":
    main()

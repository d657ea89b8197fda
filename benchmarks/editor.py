#!/usr/bin/env python3
"""How long the map editor makes its user wait on boards of growing size: opening a board
and one edit.

    python benchmarks/editor.py                        # 48, 2,000 and 10,000 regions
    python benchmarks/editor.py --sizes 48,2000 --repeat 3 --markdown

For each size the board is built once, untimed (48 is the 5-player official board, the
others ``random_board(size, seed=SEED)``), then:

* ``open`` - ``MapEditor(board)``: the kernel's side of opening the editor, everything the
  user waits for before the map is sent to the browser (the problems list, the statistics,
  the overlays, the GeoJSON layer, the labels at the fitted zoom). Each run on a board of
  fresh polygon objects, so nothing derived on an earlier run is reused;
* ``terrain`` - one terrain change through the editor (``MapEditor.apply`` with
  ``set_terrain``: the re-check and the map's refresh), on the editor just opened;
* ``merge`` - merging two neighbouring regions the same way.

Also shown: the labels on the map at the fitted zoom (the others hidden until the user
zooms in, :func:`swlab.play.style.hidden_labels`) and the size of the GeoJSON sent for the
regions. Targets (issue 23): open 2,000 regions in 5 s and 10,000 in 30 s. Wall and CPU
time are printed; on a machine shared with other jobs the wall time includes the wait for
a core, so targets are judged on CPU time. Prints figures only, never fails on a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import numpy as np
import shapely

from swlab.board import Board, official_board
from swlab.board.voronoi import random_board
from swlab.editor import draft as ed
from swlab.editor.widget import MapEditor

DEFAULT_SIZES = (48, 2_000, 10_000)
#: Issue 23: seconds to open the editor on a board of that many regions.
TARGETS = {2_000: 5.0, 10_000: 30.0}

Timing = tuple[float, float]


def board_of(size: int, seed: int) -> Board:
    """The 5-player official board for 48, else a random Voronoi board of ``size``."""
    return official_board(5) if size == 48 else random_board(size, seed=seed)


def fresh(board: Board) -> Board:
    """The same board built of new polygon objects: nothing remembered for the old ones
    (:data:`swlab.board.geometry.MEMO`) applies, as for a board just read from a file."""
    polygons = shapely.from_wkb(shapely.to_wkb([r.polygon for r in board]))
    return replace(
        board,
        outline=shapely.from_wkb(shapely.to_wkb(board.outline)),
        regions=tuple(replace(r, polygon=p) for r, p in zip(board, polygons, strict=True)),
    )


def timed(run: Callable[[], Any]) -> tuple[Timing, Any]:
    """Wall and CPU seconds of one run, and its result."""
    start, start_cpu = time.perf_counter(), time.process_time()
    result = run()
    return (time.perf_counter() - start, time.process_time() - start_cpu), result


def median(timings: Sequence[Timing]) -> Timing:
    return statistics.median(t[0] for t in timings), statistics.median(t[1] for t in timings)


def neighbours(board: Board) -> tuple[int, int]:
    """Two regions that share a border (to merge)."""
    return min(board.topology.borders)


def one_round(board: Board) -> tuple[Timing, Timing, Timing, MapEditor]:
    """Open the editor on a fresh copy of ``board``, change a terrain, merge two regions:
    the three timings and the editor."""
    copy = fresh(board)
    opened, editor = timed(lambda: MapEditor(copy))
    a, b = neighbours(editor.board)
    new = "forest" if editor.board[a].terrain != "forest" else "hill"
    terrain, done = timed(lambda: editor.apply(ed.set_terrain, [a], new))
    assert done, "the terrain change was refused"
    merged, done = timed(lambda: editor.apply(ed.merge, a, b, select=[a]))
    assert done, "the merge was refused"
    return opened, terrain, merged, editor


def measure(size: int, repeat: int, seed: int) -> dict[str, Any]:
    """One row: the open, terrain and merge timings of one board size."""
    board = board_of(size, seed)
    rounds = []
    for _ in range(repeat):
        ipywidgets.Widget.close_all()  # the last run's widgets go, as a closed notebook's do
        rounds.append(one_round(board))
    editor = rounds[-1][3]
    editor.controller.undo()
    editor.controller.undo()
    editor.refresh()
    labels = len(editor.label_layer.layers)
    layer = len(json.dumps(editor.layer.data, separators=(",", ":")))
    ipywidgets.Widget.close_all()
    return {
        "regions": len(board),
        "open": median([r[0] for r in rounds]),
        "terrain": median([r[1] for r in rounds]),
        "merge": median([r[2] for r in rounds]),
        "labels": labels,
        "layer MB": layer / 1e6,
    }


def report(rows: list[dict[str, Any]], markdown: bool) -> None:
    """One line (or Markdown row) per board size, then the verdicts."""
    if markdown:
        print(
            "| regions | open wall s | open CPU s | terrain wall s | terrain CPU s "
            "| merge wall s | merge CPU s | labels shown | region layer MB |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    else:
        print(
            f"{'regions':>8} {'open wall':>10} {'open CPU':>9} {'terrain wall':>13} "
            f"{'terrain CPU':>12} {'merge wall':>11} {'merge CPU':>10} {'labels':>7} "
            f"{'layer MB':>9}"
        )
    for row in rows:
        cells = [
            f"{row['regions']:,}",
            *(f"{v:.3f}" for key in ("open", "terrain", "merge") for v in row[key]),
            f"{row['labels']:,}",
            f"{row['layer MB']:.2f}",
        ]
        if markdown:
            print("| " + " | ".join(cells) + " |")
        else:
            widths = (8, 10, 9, 13, 12, 11, 10, 7, 9)
            print(" ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True)))
    by_size = {row["regions"]: row for row in rows}
    for size, limit in TARGETS.items():
        if size not in by_size:
            print(f"open {size:,} regions in {limit:g} s: not measured (add it to --sizes)")
            continue
        cpu = by_size[size]["open"][1]
        verdict = "MET" if cpu <= limit else "NOT MET"
        print(f"open {size:,} regions in {limit:g} s: {cpu:.2f} s of CPU - {verdict}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        default=",".join(map(str, DEFAULT_SIZES)),
        help="comma-separated region counts; 48 is the 5-player board (default %(default)s)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (median)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random boards")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    if args.repeat < 1 or any(s < 2 for s in sizes):
        parser.error("--repeat must be at least 1 and every size at least 2")
    print(
        f"swlab editor benchmark: {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, shapely "
        f"{shapely.__version__} (GEOS {shapely.geos_version_string}), numpy {np.__version__}, "
        f"ipywidgets {ipywidgets.__version__}; median of {args.repeat} runs, seed {args.seed}",
        flush=True,
    )
    rows = []
    for size in sizes:
        rows.append(measure(size, args.repeat, args.seed))
        print(f"  measured {size:,} regions", file=sys.stderr, flush=True)
    report(rows, args.markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())

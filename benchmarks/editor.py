#!/usr/bin/env python3
"""How long the map editor makes its user wait on boards of growing size: opening a board
and one edit.

    python benchmarks/editor.py                        # 48, 2,000 and 10,000 regions
    python benchmarks/editor.py --sizes 48,2000 --repeat 3 --markdown [--zoom-in 2]

For each size the board is built once, untimed (48 is the 5-player official board, the
others ``random_board(size, seed=SEED)``), then:

* ``open`` - ``MapEditor(board)``: the kernel's side of opening the editor, everything the
  user waits for before the map is sent to the browser (the problems list, the statistics,
  the overlays, the GeoJSON layer, the labels at the fitted zoom). Each run on a board of
  fresh polygon objects, so nothing derived on an earlier run is reused;
* ``terrain`` - one terrain change through the editor (``MapEditor.apply`` with
  ``set_terrain``: the re-check and the map's refresh), on the editor just opened;
* ``merge`` - merging two neighbouring regions the same way;
* ``zoom in`` - the map zoomed in by ``--zoom-in`` steps (what the browser sends), where
  more labels show: the labels placed for that view;
* ``zoomed terrain`` - one terrain change at that view, where the labels shown are placed
  again (on a board of thousands of regions, none show at the fitted zoom).

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
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import numpy as np
import shapely

from swlab.board import Board, official_board
from swlab.board.geometry import with_new_geometries
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


def one_round(board: Board, zoom_in: int) -> tuple[Timing, ...]:
    """Open the editor on a fresh copy of ``board``, change a terrain, merge two regions,
    zoom in by ``zoom_in`` steps and change a terrain there: the five timings, then the
    labels shown zoomed in."""
    copy = with_new_geometries(board)
    opened, editor = timed(lambda: MapEditor(copy))
    a, b = neighbours(editor.board)
    new = "forest" if editor.board[a].terrain != "forest" else "hill"
    terrain, done = timed(lambda: editor.apply(ed.set_terrain, [a], new))
    assert done, "the terrain change was refused"
    merged, done = timed(lambda: editor.apply(ed.merge, a, b, select=[a]))
    assert done, "the merge was refused"

    def zoom() -> None:
        editor.map.zoom = editor.map.zoom + zoom_in

    zoomed, _ = timed(zoom)
    c = max(editor.board.ids)
    other = "swamp" if editor.board[c].terrain != "swamp" else "hill"
    later, done = timed(lambda: editor.apply(ed.set_terrain, [c], other))
    assert done, "the terrain change was refused"
    shown = len(editor.label_layer.layers)
    editor.controller.undo()  # back to the board as opened, at the fitted zoom
    editor.controller.undo()
    editor.controller.undo()
    editor.map.zoom = editor.map.zoom - zoom_in
    editor.refresh()
    return opened, terrain, merged, zoomed, later, (float(shown), float(shown))


def measure(size: int, repeat: int, seed: int, zoom_in: int) -> dict[str, Any]:
    """One row: the open, terrain, merge, zoom and zoomed terrain timings of one size."""
    board = board_of(size, seed)
    rounds = []
    for _ in range(repeat):
        ipywidgets.Widget.close_all()  # the last run's widgets go, as a closed notebook's do
        rounds.append(one_round(board, zoom_in))
    editor = MapEditor(with_new_geometries(board))
    labels = len(editor.label_layer.layers)
    layer = len(json.dumps(editor.layer.data, separators=(",", ":")))
    ipywidgets.Widget.close_all()
    return {
        "regions": len(board),
        "open": median([r[0] for r in rounds]),
        "terrain": median([r[1] for r in rounds]),
        "merge": median([r[2] for r in rounds]),
        "zoom in": median([r[3] for r in rounds]),
        "zoomed terrain": median([r[4] for r in rounds]),
        "labels": labels,
        "zoomed labels": int(rounds[-1][5][0]),
        "layer MB": layer / 1e6,
    }


def report(rows: list[dict[str, Any]], markdown: bool) -> None:
    """One line (or Markdown row) per board size, then the verdicts."""
    timed_keys = ("open", "terrain", "merge", "zoom in", "zoomed terrain")
    heads = [f"{key} {kind}" for key in timed_keys for kind in ("wall", "CPU")]
    names = ["regions", *heads, "labels", "zoomed", "layer MB"]
    widths = tuple(max(len(n), 8) for n in names)
    if markdown:
        print(
            "| regions | "
            + " | ".join(f"{h} s" for h in heads)
            + " | labels shown | zoomed in | region layer MB |"
        )
        print("|---:" * (len(heads) + 4) + "|")
    else:
        print(" ".join(n.rjust(w) for n, w in zip(names, widths, strict=True)))
    for row in rows:
        cells = [
            f"{row['regions']:,}",
            *(f"{v:.3f}" for key in timed_keys for v in row[key]),
            f"{row['labels']:,}",
            f"{row['zoomed labels']:,}",
            f"{row['layer MB']:.2f}",
        ]
        if markdown:
            print("| " + " | ".join(cells) + " |")
        else:
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
    parser.add_argument(
        "--zoom-in", type=int, default=2, help="zoom steps in for the zoomed edit (%(default)s)"
    )
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
        rows.append(measure(size, args.repeat, args.seed, args.zoom_in))
        print(f"  measured {size:,} regions", file=sys.stderr, flush=True)
    report(rows, args.markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""How long a click takes in the game viewer's pure-Python part, on the 5-player board.

    python benchmarks/ui_controller.py [--clicks 50] [--seed 3] [--board official_5p]

One timed sample is: ``GameController.click(region)`` (the engine applies the action)
followed by ``GameController.panel()`` (the new GeoJSON FeatureCollection with every
region's style, the label HTML of every region, status, buttons, column, scoreboard and
log): everything the widget needs before it assigns new objects to its traits. Widget
syncing and the browser's redraw are not included.

The clicks come from a seeded random game: a region click on a legal target when there is
one (a conquest, a placement...), otherwise a random bot seated everywhere plays one step
through ``GameController.next_action`` (the engine's driver: pick, end, done, or the die
at a chance node) and it is not timed. It prints the median and
95th percentile over the timed clicks, and the split between click and panel. It prints
figures only; it never fails on a timing.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

import shapely

from swlab.board.catalog import load_board
from swlab.bots import RandomBot
from swlab.play.controller import GameController
from swlab.rules import actions_by_region


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--board", default="official_5p")
    parser.add_argument(
        "--widget",
        action="store_true",
        help="also time GameViewer.refresh (trait assignments, new DivIcons; no front end)",
    )
    args = parser.parse_args(argv)

    board = load_board(args.board, polygons=True)

    def controller(seed: int) -> GameController:
        bots = {seat: RandomBot(seed + seat) for seat in range(board.players)}
        return GameController(board, board.players, seed=seed, bots=bots)

    c = controller(args.seed)
    viewer = None
    if args.widget:
        from swlab.play.viewer import GameViewer

        viewer = GameViewer(c, auto_bots=False)
    widget_part: list[float] = []
    rng = random.Random(args.seed)
    c.panel()  # warm caches (imports, badge registry)

    total: list[float] = []
    click_part: list[float] = []
    panel_part: list[float] = []
    untimed = 0
    while len(total) < args.clicks:
        state = c.state
        if state.stage.value == "game_over":
            c = controller(args.seed + len(total) + 1)
            if viewer is not None:
                viewer.controller = c
            continue
        by_region = actions_by_region(state)
        single = [r for r, acts in by_region.items() if len(acts) == 1]
        if single and rng.random() < 0.85:
            region = rng.choice(sorted(single))
            t0 = time.perf_counter()
            result = c.click(region)
            t1 = time.perf_counter()
            c.panel()
            t2 = time.perf_counter()
            assert result.ok, result
            click_part.append(t1 - t0)
            panel_part.append(t2 - t1)
            total.append(t2 - t0)
            if viewer is not None:
                t3 = time.perf_counter()
                viewer.refresh()
                widget_part.append(time.perf_counter() - t3)
        else:
            assert c.next_action().ok
            untimed += 1

    ms = 1000.0
    print(
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"shapely {shapely.__version__} (GEOS {shapely.geos_version_string}), {sys.platform}"
    )
    print(
        f"board {board.name}: {len(board)} regions, {board.players} players, seed {args.seed}; "
        f"{len(total)} timed clicks ({untimed} untimed button actions between them)"
    )
    print(f"{'':24}{'median ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for name, values in (
        ("click -> panel model", total),
        ("  click (engine)", click_part),
        ("  panel (styles, HTML)", panel_part),
        *((("widget refresh", widget_part),) if widget_part else ()),
    ):
        print(
            f"{name:24}{statistics.median(values) * ms:10.2f}"
            f"{percentile(values, 0.95) * ms:10.2f}{max(values) * ms:10.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""How fast a scenario with an inline region graph loads, as the graph grows.

    python benchmarks/graph_loading.py                   # 1,000, 8,000 and 30,000 regions
    python benchmarks/graph_loading.py --sizes 8000,60000 --repeat 5

A scenario may write its board inline (``board: {regions: [...]}``). For each size a grid
graph is written as a YAML and as a JSON scenario (not timed), then each is loaded
``--repeat`` times by :func:`swlab.game.scenario.load_scenario`, through the safe reader
(size limit, UTF-8, bounded nesting and aliases, duplicate keys), and the median is
printed with the time per region: a time per region that stays flat as the size grows is
linear loading. The parse alone (:func:`swlab.safe_io.parse_yaml` / ``parse_json``) is shown
beside it. Issue 13's target: 8,000 regions well under a second. The script prints figures
only and never fails on a timing; a size whose file is over the scenario size limit
(``swlab.safe_io.LIMITS``) is reported as refused.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from swlab.game.scenario import ScenarioError, load_scenario
from swlab.safe_io import LIMITS, parse_json, parse_yaml

DEFAULT_SIZES = (1_000, 8_000, 30_000)
TARGET = (8_000, 1.0)  # regions, seconds


def grid_scenario(n: int, width: int = 100) -> dict[str, Any]:
    """A scenario on an inline board: ``n`` regions in rows of ``width``, edge all round."""
    regions = []
    for i in range(n):
        row, col = divmod(i, width)
        neighbours = [i + 2] if col + 1 < width and i + 1 < n else []
        neighbours += [i + width + 1] if i + width < n else []
        edge = row == 0 or col in (0, width - 1) or i + width >= n
        terrain = ("farmland", "forest", "hill", "swamp")[i % 4]
        regions.append({"id": i + 1, "terrain": terrain, "edge": edge, "neighbours": neighbours})
    board = {"name": f"grid {n}", "players": 2, "turns": 10, "regions": regions}
    return {"board": board, "players": ["Ann", "Bob"]}


def median_time(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    print(
        f"swlab graph-loading benchmark: {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, PyYAML {yaml.__version__} "
        f"({'libyaml' if yaml.__with_libyaml__ else 'pure Python'} events)"
    )
    columns = ("regions", "format", "size", "parse s", "load s", "us/region")
    print(" ".join(f"{c:>{w}}" for c, w in zip(columns, (8, 6, 9, 9, 9, 10), strict=True)))
    results: dict[tuple[int, str], float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for n in sizes:
            data = grid_scenario(n)
            for fmt in ("yaml", "json"):
                path = Path(folder) / f"grid_{n}.{fmt}"
                if fmt == "json":
                    text = json.dumps(data)
                else:
                    text = yaml.safe_dump(data, default_flow_style=None, width=100)
                path.write_text(text, encoding="utf-8")
                size = f"{len(text) / 1e6:.2f} MB"
                if len(text.encode()) > LIMITS["scenario"]:
                    print(f"{n:>8,} {fmt:>6} {size:>9}   refused: over the scenario size limit")
                    continue
                parse = parse_json if fmt == "json" else parse_yaml
                parse_s = median_time(lambda t=text, p=parse: p(t), args.repeat)  # type: ignore[misc]
                try:
                    load_s = median_time(lambda p=path: load_scenario(p), args.repeat)  # type: ignore[misc]
                except ScenarioError as error:
                    print(f"{n:>8,} {fmt:>6} {size:>9}   refused: {error}")
                    continue
                results[(n, fmt)] = load_s
                per = load_s / n * 1e6
                print(f"{n:>8,} {fmt:>6} {size:>9} {parse_s:>9.3f} {load_s:>9.3f} {per:>10.1f}")
    regions, limit = TARGET
    for fmt in ("yaml", "json"):
        if (regions, fmt) in results:
            took = results[(regions, fmt)]
            verdict = "met" if took < limit else "NOT MET"
            print(f"target: {regions:,} regions ({fmt}) in < {limit} s: {took:.3f} s - {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""How fast a map is checked: after one edit in the editor, and for a very large file.

    python benchmarks/map_checks.py                 # all cases, median of 5 runs
    python benchmarks/map_checks.py --repeat 9 --markdown
    python benchmarks/map_checks.py --edits         # only the edit cases (seconds, not minutes)
    python benchmarks/map_checks.py --click [--profile 30]   # the editor's simplify click

Cases (each the median of ``--repeat`` runs; the board is built once, untimed):

* ``5p edit`` - the 5-player board: one vertex moved (``editor.draft.move_vertex``), then
  :func:`swlab.board.validate.validate` on the new draft, topology included (a new board
  derives its borders again). Target: 50 ms.
* ``5p terrain`` - the same with a terrain change instead of a vertex move.
* ``2000 edit`` - a random Voronoi board of 2,000 regions, one vertex moved, validated.
  Target: 500 ms.
* ``dense region`` - the 5-player board with one edge region redrawn with as many
  vertices as ``swlab.safe_io.MAP_LIMITS["region_vertices"]`` allows (extra vertices along
  the board's edge), written to a file, read and validated: the largest region a map may
  have, so the worst case the limit admits.
* ``dense map`` - every border of the 5-player board cut into short segments until the
  map has about ``MAP_LIMITS["map_vertices"]`` vertices, read and validated.
* ``574k refused`` - a 10 MB file whose one region has 574,000 vertices: read until the
  vertex limit refuses it, naming the region. Target: 5 s (checked or refused).
* ``500k simplified`` - a plain GIS export of about 10 MB and 500,000 vertices: a random
  board of 200 regions whose borders are cut into short segments and given a wiggle
  (the same at both sides of a border, so the regions still tile), written by geopandas
  (pyogrio) when installed, else as JSON text. Read with ``simplify=True`` (simplified
  under the limits, :mod:`swlab.board.simplify`) and validated. Target: 5 s.
* ``500k in the editor`` - the same file through the editor's file box
  (:class:`~swlab.editor.controller.EditorController`): *load* refused with the offer to
  simplify (the whole file read and counted), then *simplify*: read, simplified and
  checked as the editor checks a board it shows. Target: 5 s.

With ``--click``, only the editor's two clicks on the 500,000-vertex file, as a person
makes them in :class:`~swlab.editor.MapEditor` (widgets attached): *load* (refused, the
offer shown), then *simplify* (read, simplified, checked, the map, labels and lists
redrawn). Each click's CPU time (median of ``--repeat`` runs on a new editor), and the CPU
time of each step of the *simplify* click, measured by wrapping the functions the click
calls (:data:`CLICK_STEPS`; a step's time includes the steps it calls). ``--profile N``
adds a cProfile of one *simplify* click (the N functions of most own time, and most
cumulative time). Target: the *simplify* click within 5 s of CPU.

Targets are judged on the CPU time (the wall time is printed too: on a machine shared
with other jobs it includes the wait for a core). Prints figures only and never fails on
a timing; the figures in ``benchmarks/README.md``
say which machine they came from.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

from swlab.board import Board, MapFormatError, Region, read_board, write_board
from swlab.board.catalog import official_board
from swlab.board.geometry import grid_size
from swlab.board.io import MapWarning, board_to_geojson
from swlab.board.validate import validate
from swlab.board.voronoi import random_board
from swlab.editor import draft as ed
from swlab.safe_io import MAP_LIMITS

TARGETS = {
    "5p edit": 0.050,
    "2000 edit": 0.500,
    "574k refused": 5.0,
    "dense region": 5.0,
    "500k simplified": 5.0,
    "500k in the editor": 5.0,
    "simplify click": 5.0,
}

#: The steps of the editor's *simplify* click timed by ``--click``: (label, module, name),
#: ``name`` a function of the module or ``Class.method``; a step includes those it calls.
CLICK_STEPS: tuple[tuple[str, str, str], ...] = (
    ("read the file (bytes, UTF-8)", "swlab.safe_io", "read_bytes"),
    ("parse the JSON", "swlab.safe_io", "parse_json"),
    ("build the board (incl. simplify)", "swlab.board.io", "parse_board"),
    ("simplify_regions", "swlab.board.simplify", "simplify_regions"),
    ("  coverage_is_valid", "shapely", "coverage_is_valid"),
    ("  coverage_clean", "shapely", "coverage_clean"),
    ("  coverage_simplify", "shapely", "coverage_simplify"),
    ("new draft (from_board)", "swlab.editor.draft", "from_board"),
    ("redraw (incl. check)", "swlab.editor.widget", "MapEditor._refresh"),
    ("check (validate)", "swlab.editor.controller", "EditorController.check"),
    ("regions' GeoJSON", "swlab.editor.overlays", "region_features"),
    ("labels", "swlab.editor.labels", "RegionLabels.show"),
    ("  label shapes (BoardShapes)", "swlab.play.style", "BoardShapes.from_board"),
    ("  label rooms", "swlab.play.style", "label_rooms"),
    ("  label forms", "swlab.play.style", "label_forms"),
)
#: The line of ``--click`` that gives the time spent collecting garbage, in any step.
COLLECTIONS = "garbage collections (in any step)"


Timing = tuple[float, float]


def median_time(run: Callable[[], Any], repeat: int) -> Timing:
    """Median wall and CPU seconds of ``repeat`` runs: on a shared machine the wall time
    includes waiting for a core, the CPU time does not."""
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), statistics.median(cpu)


def movable_vertex(draft: ed.Draft) -> tuple[tuple[float, float], tuple[float, float]]:
    """A vertex shared by regions inside the board and a small move that keeps it valid."""
    board = draft.board
    rim = board.outline.boundary
    counts: dict[tuple[float, float], int] = {}
    for region in board:
        for xy in region.polygon.exterior.coords[:-1]:
            counts[xy] = counts.get(xy, 0) + 1
    for xy, count in sorted(counts.items()):
        if count >= 3 and rim.distance(shapely.Point(xy)) > 1e-3:
            for step in (0.002, -0.002):
                size = step * max(board.outline.bounds[2] - board.outline.bounds[0], 1.0)
                target = (xy[0] + size, xy[1] + size)
                try:
                    ed.move_vertex(draft, xy, target)
                except ed.EditError:
                    continue
                return xy, target
    raise SystemExit("no movable vertex found")


def edit_then_check(board: Board, repeat: int) -> tuple[Timing, Timing]:
    """Median seconds of move-vertex + validate, and of set-terrain + validate."""
    draft = ed.from_board(board)
    old, new = movable_vertex(draft)
    moved = median_time(lambda: validate(ed.move_vertex(draft, old, new).board), repeat)
    region = board.regions[len(board.regions) // 2].id
    terrain = "forest" if board[region].terrain != "forest" else "hill"
    painted = median_time(lambda: validate(ed.set_terrain(draft, region, terrain).board), repeat)
    return moved, painted


def dense_region_board(board: Board, vertices: int) -> Board:
    """``board`` with its region longest on the edge redrawn with ``vertices`` positions,
    the extra ones along the edge (so the board stays exactly tiled)."""
    rim = board.outline.boundary

    def on_rim(region: Region) -> float:
        return float(region.polygon.boundary.intersection(rim).length)

    target = max(board.regions, key=on_rim)
    ring = list(target.polygon.exterior.coords)
    band = rim.buffer(1e-6)
    segments = list(itertools.pairwise(ring))
    edge = [(a, b) for a, b in segments if band.contains(LineString([a, b]))]
    total = sum(float(np.hypot(b[0] - a[0], b[1] - a[1])) for a, b in edge)
    spare = vertices - len(ring)
    out: list[tuple[float, float]] = []
    for a, b in segments:
        out.append(a)
        if (a, b) in edge:
            length = float(np.hypot(b[0] - a[0], b[1] - a[1]))
            n = max(1, int(spare * length / total))
            for k in range(1, n):
                t = k / n
                out.append((round(a[0] + (b[0] - a[0]) * t, 3), round(a[1] + (b[1] - a[1]) * t, 3)))
    out.append(ring[-1])
    regions = tuple(
        Region(r.id, r.terrain, Polygon(out), r.symbols, r.name) if r.id == target.id else r
        for r in board.regions
    )
    return Board(board.name, board.players, board.turns, board.outline, regions)


def dense_map_board(board: Board, vertices: int) -> Board:
    """``board`` with every region's ring cut into equal short segments (shared borders
    identically, once snapped; the outline as it was), about ``vertices`` positions."""
    grid = grid_size(board.outline)
    now = sum(len(shapely.get_coordinates(r.polygon)) for r in board) + 5
    perimeter = sum(r.polygon.length for r in board)
    length = perimeter / max(vertices - now, 1)

    def cut(polygon: Polygon) -> Polygon:
        return shapely.set_precision(shapely.segmentize(polygon, length), grid)

    regions = tuple(Region(r.id, r.terrain, cut(r.polygon), r.symbols, r.name) for r in board)
    return Board(board.name, board.players, board.turns, board.outline, regions)


def detailed_board(board: Board, vertices: int) -> Board:
    """``board`` with its borders as detailed as a GIS export of a coastline: the map's
    lines cut into segments until it has about ``vertices`` positions, each moved by a
    smooth wiggle of a quarter segment (nil on the outline's rim), and the regions built
    again from those lines, so both sides of a border share every vertex and the regions
    still tile the board, as in a topologically clean export."""
    minx, miny, maxx, maxy = board.outline.bounds
    step = sum(r.polygon.length for r in board) / vertices
    wave, amplitude = 4 * step, 0.25 * step

    def wiggle(xy: np.ndarray) -> np.ndarray:
        x, y = xy[:, 0], xy[:, 1]
        rim = np.minimum.reduce([x - minx, maxx - x, y - miny, maxy - y])
        fade = amplitude * np.clip(rim / (8 * step), 0.0, 1.0)
        return np.column_stack(
            [x + fade * np.sin(2 * np.pi * y / wave), y + fade * np.sin(2 * np.pi * x / wave)]
        )

    lines = shapely.union_all(shapely.boundary([r.polygon for r in board]))
    lines = shapely.transform(shapely.segmentize(lines, step), wiggle)
    pieces = shapely.get_parts(shapely.polygonize(shapely.get_parts(lines)))
    points = shapely.point_on_surface(pieces)
    where, which = shapely.STRtree([r.polygon for r in board]).query(points, predicate="within")
    shape = dict(zip(which.tolist(), pieces[where], strict=True))
    regions = tuple(replace(r, polygon=shape[k]) for k, r in enumerate(board))
    return replace(board, regions=regions)


def write_plain(board: Board, path: Path) -> str:
    """``board`` as a plain GeoJSON FeatureCollection (no swlab ``board`` member, as a GIS
    exports it): written by geopandas when it is installed, else as JSON text. Returns
    the writer's name."""
    try:
        import geopandas  # type: ignore[import-untyped]
    except ImportError:
        geopandas = None
    if geopandas is not None:
        frame = geopandas.GeoDataFrame(
            {"id": [r.id for r in board], "terrain": [r.terrain for r in board]},
            geometry=[r.polygon for r in board],
        )
        with warnings.catch_warnings():  # a board has no map projection to declare
            warnings.filterwarnings("ignore", "'crs' was not provided", UserWarning)
            frame.to_file(path, driver="GeoJSON", COORDINATE_PRECISION=3)
        return f"geopandas {geopandas.__version__}"
    document = board_to_geojson(board)
    del document["board"]
    path.write_text(json.dumps(document), encoding="utf-8")
    return "json"


def read_simplified_and_check(path: Path) -> str:
    """Read ``path`` simplified under the limits, validate it; the simplification's warning."""
    said: list[MapWarning] = []
    validate(read_board(path, simplify=True, warnings=said))
    return next(str(w) for w in said if "tolerance" in str(w))


def offer_then_simplify(path: Path) -> str:
    """The editor's *load* of ``path`` (refused, simplification offered), then *simplify*
    and the check of the board it loaded; the simplification's warning."""
    from swlab.editor.controller import EditorController
    from swlab.workspace import FileBox, Workspace

    editor = EditorController(official_board(3), files=FileBox(Workspace(path.parent)))
    if editor.load_box(path.name).offer != "simplify":
        raise SystemExit(f"{path} was not offered to be simplified")
    if not editor.simplify_file().ok:
        raise SystemExit(f"{path} was not loaded simplified")
    editor.check()
    return next(w for w in editor.load_warnings if "tolerance" in w)


def timed_collections() -> tuple[list[float], Any]:
    """The CPU seconds of each garbage collection from now on (``gc.callbacks``), and a
    function that stops counting: a collection is charged to whatever step runs when it
    starts, and with millions of objects alive a full one takes a noticeable time."""
    import gc

    spent: list[float] = []
    started = [0.0]

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            spent.append(time.process_time() - started[0])

    gc.callbacks.append(callback)
    return spent, lambda: gc.callbacks.remove(callback)


def timed_steps(steps: tuple[tuple[str, str, str], ...]) -> tuple[dict[str, list[float]], Any]:
    """Wrap each step's function so that its calls add their CPU time to a list (calls
    nested in an outer call of the same function are not counted twice); returns the
    lists by label and a function that puts the originals back. A module function is
    replaced wherever a loaded ``swlab`` module (or ``shapely``) holds it."""
    import functools
    import importlib

    spent: dict[str, list[float]] = {label: [] for label, _module, _name in steps}
    undo: list[tuple[Any, str, Any]] = []
    for label, module_name, name in steps:
        owner: Any = importlib.import_module(module_name)
        attr = name
        if "." in name:
            cls_name, attr = name.split(".")
            owner = getattr(owner, cls_name)
        original = owner.__dict__[attr] if isinstance(owner, type) else getattr(owner, attr)
        method = isinstance(original, classmethod)
        function = original.__func__ if method else original
        depth = [0]

        def wrapper(
            *args: Any, _f: Any = function, _l: str = label, _d: list[int] = depth, **kw: Any
        ) -> Any:
            if _d[0]:
                return _f(*args, **kw)
            _d[0] += 1
            start = time.process_time()
            try:
                return _f(*args, **kw)
            finally:
                spent[_l].append(time.process_time() - start)
                _d[0] -= 1

        functools.update_wrapper(wrapper, function)
        replacement: Any = classmethod(wrapper) if method else wrapper
        holders = [owner]
        if not isinstance(owner, type):
            holders += [
                m
                for n, m in list(sys.modules.items())
                if (n.startswith("swlab") or n == "shapely") and m is not owner
            ]
        for holder in holders:
            for key, value in list(vars(holder).items()):
                if value is original:
                    undo.append((holder, key, value))
                    setattr(holder, key, replacement)

    def restore() -> None:
        for holder, key, value in reversed(undo):
            setattr(holder, key, value)

    return spent, restore


def editor_clicks(path: Path) -> tuple[Any, Timing]:
    """A new :class:`~swlab.editor.MapEditor` whose *load* was clicked on ``path`` (the
    offer shown), and that click's wall and CPU seconds."""
    from swlab.editor import MapEditor

    editor = MapEditor(official_board(3), workspace=path.parent, width=800)
    editor.path.value = path.name
    start, start_cpu = time.perf_counter(), time.process_time()
    editor.buttons["load"].click()
    took = (time.perf_counter() - start, time.process_time() - start_cpu)
    if editor.controller.offered != path.name:
        raise SystemExit(f"{path} was not offered to be simplified")
    return editor, took


def click_simplify(editor: Any) -> Timing:
    """The *simplify* click on an editor that offers it: wall and CPU seconds."""
    start, start_cpu = time.perf_counter(), time.process_time()
    editor.buttons["simplify"].click()
    took = (time.perf_counter() - start, time.process_time() - start_cpu)
    if not any("tolerance" in w for w in editor.controller.load_warnings):
        raise SystemExit("the map was not loaded simplified")
    return took


def clicks(path: Path, repeat: int, profile: int) -> None:
    """``--click``: the editor's two clicks on ``path``, each the median of ``repeat``
    runs, the steps of the *simplify* click, and (``profile`` > 0) its profile."""
    loads: list[Timing] = []
    simplifies: list[Timing] = []
    totals: dict[str, list[float]] = {label: [] for label, _module, _name in CLICK_STEPS}
    said = ""
    totals[COLLECTIONS] = []
    spent, restore = timed_steps(CLICK_STEPS)
    collections, stop = timed_collections()
    try:
        for _ in range(repeat):
            editor, took = editor_clicks(path)
            loads.append(took)
            for times in (*spent.values(), collections):
                times.clear()
            simplifies.append(click_simplify(editor))
            said = next(w for w in editor.controller.load_warnings if "tolerance" in w)
            for label, times in spent.items():
                totals[label] += times
            totals[COLLECTIONS] += collections
            del editor
    finally:
        stop()
        restore()

    def median(timings: list[Timing]) -> Timing:
        return statistics.median(t[0] for t in timings), statistics.median(t[1] for t in timings)

    report(
        [
            ("load click", "refused, the offer shown", median(loads), ""),
            ("simplify click", "read, simplified, checked, redrawn", median(simplifies), said),
        ],
        False,
    )
    print(f"\nsteps of the simplify click, CPU s (mean of {repeat} runs; calls per run):")
    for label, times in totals.items():
        if times:
            print(f"  {label:<36} {sum(times) / repeat:8.3f}   {len(times) // repeat}")
    if profile:
        import cProfile
        import pstats

        editor, _took = editor_clicks(path)
        profiler = cProfile.Profile()
        profiler.enable()
        click_simplify(editor)
        profiler.disable()
        stats = pstats.Stats(profiler, stream=sys.stdout)
        stats.sort_stats("tottime").print_stats(profile)
        stats.sort_stats("cumulative").print_stats(profile)


def read_and_check(path: Path) -> int:
    return len(validate(read_board(path)))


def big_refused_file(folder: Path) -> Path:
    """The issue's file: 10 MB, one region of 574,000 vertices."""
    count = 574_000
    bottom = ", ".join(f"[{k * 0.005:.3f}, 0.000]" for k in range(count))
    right = count * 0.005
    dense = f"[[{bottom}, [{right:.3f}, 100], [0, 100], [0, 0]]]"
    path = folder / "574k.geojson"
    path.write_text(
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "id": 1, '
        '"properties": {"terrain": "hill"}, "geometry": {"type": "Polygon", '
        f'"coordinates": {dense}}}}}]}}',
        encoding="utf-8",
    )
    return path


def refuse(path: Path) -> str:
    try:
        read_board(path)
    except MapFormatError as error:
        return str(error)
    raise SystemExit(f"{path} was not refused")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per case (median)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument(
        "--edits", action="store_true", help="only the edit cases (5p and 2000 regions)"
    )
    parser.add_argument(
        "--click",
        action="store_true",
        help="only the editor's load and simplify clicks on the 500,000-vertex file",
    )
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="with --click: profile one click"
    )
    args = parser.parse_args(argv)
    print(
        f"# {os.cpu_count()} CPUs, Python {platform.python_version()}, shapely "
        f"{shapely.__version__} (GEOS {shapely.geos_version_string}), numpy {np.__version__}"
    )
    rows: list[tuple[str, str, Timing, str]] = []
    if args.click:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "coast.geojson"
            coast = detailed_board(random_board(200, seed=0), 500_000)
            writer = write_plain(coast, path)
            count = sum(len(shapely.get_coordinates(r.polygon)) for r in coast)
            print(f"# {count:,} vertices, {path.stat().st_size / 1e6:.1f} MB ({writer})")
            clicks(path, args.repeat, args.profile)
        return 0
    five = official_board(5)
    moved, painted = edit_then_check(five, args.repeat)
    rows.append(("5p edit", f"{len(five)} regions, move a vertex", moved, ""))
    rows.append(("5p terrain", f"{len(five)} regions, set a terrain", painted, ""))
    big = random_board(2000, seed=0)
    moved, painted = edit_then_check(big, max(3, args.repeat // 2))
    rows.append(("2000 edit", f"{len(big)} regions, move a vertex", moved, ""))
    rows.append(("2000 terrain", f"{len(big)} regions, set a terrain", painted, ""))
    if args.edits:
        return report(rows, args.markdown)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        limit = int(MAP_LIMITS["region_vertices"])
        dense = dense_region_board(five, limit)
        path = folder / "dense_region.geojson"
        write_board(dense, path)
        worst = max(len(shapely.get_coordinates(r.polygon)) for r in dense)
        seconds = median_time(lambda: read_and_check(path), max(3, args.repeat // 2))
        size = f"{path.stat().st_size / 1e6:.1f} MB"
        rows.append(("dense region", f"one region of {worst:,} vertices, {size}", seconds, ""))
        total = int(MAP_LIMITS["map_vertices"])
        spread = dense_map_board(five, total)
        path = folder / "dense_map.geojson"
        write_board(spread, path)
        count = sum(len(shapely.get_coordinates(r.polygon)) for r in spread)
        seconds = median_time(lambda: read_and_check(path), max(3, args.repeat // 2))
        size = f"{path.stat().st_size / 1e6:.1f} MB"
        rows.append(("dense map", f"{count:,} vertices in all, {size}", seconds, ""))
        path = big_refused_file(folder)
        message = refuse(path)
        seconds = median_time(lambda: refuse(path), max(3, args.repeat // 2))
        size = f"{path.stat().st_size / 1e6:.1f} MB"
        rows.append(
            ("574k refused", f"574,003 vertices, {size}", seconds, message.split(": ", 1)[1])
        )
        coast = detailed_board(random_board(200, seed=0), 500_000)
        path = folder / "coast.geojson"
        writer = write_plain(coast, path)
        count = sum(len(shapely.get_coordinates(r.polygon)) for r in coast)
        said = read_simplified_and_check(path)
        seconds = median_time(lambda: read_simplified_and_check(path), max(3, args.repeat // 2))
        size = f"{path.stat().st_size / 1e6:.1f} MB"
        rows.append(
            (
                "500k simplified",
                f"{count:,} vertices, {size} ({writer})",
                seconds,
                said.split(": ", 1)[-1],
            )
        )
        seconds = median_time(lambda: offer_then_simplify(path), max(3, args.repeat // 2))
        rows.append(("500k in the editor", "load (offered), simplify, check", seconds, ""))
    return report(rows, args.markdown)


def report(rows: list[tuple[str, str, Timing, str]], markdown: bool) -> int:
    """Print one line (or Markdown row) per case, each judged on its target."""
    if markdown:
        print("| case | board | median wall s | median CPU s | target | note |")
        print("|---|---|---:|---:|---|---|")
    for name, board, (wall, cpu), note in rows:
        target = TARGETS.get(name)
        mark = "" if target is None else ("met" if cpu <= target else "MISSED")
        goal = f"≤ {target:g} s" if target is not None else ""
        if markdown:
            print(f"| {name} | {board} | {wall:.3f} | {cpu:.3f} | {goal} {mark} | {note} |")
        else:
            print(
                f"{name:<14} {wall:8.3f} s wall {cpu:8.3f} s CPU  {goal:<9} {mark:<6} "
                f"{board}  {note}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

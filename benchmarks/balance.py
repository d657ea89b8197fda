"""How fast the balance lab plays: greedy and random 5-player games, serially and on Dask.

Prints only (never asserts a timing)::

    .venv/bin/python benchmarks/balance.py [--greedy-games 10] [--random-games 200]
                                           [--repeats 5] [--workers 2] [--before bbb2bac]
                                           [--seed 0]

Every figure is measured ``--repeats`` times, the two things compared back to back in each
repeat (on a machine other programs share, a busy moment then slows both alike), and
printed as the median with the spread (lowest-highest) of the repeats.

* **greedy bot, serial, before / after** - the greedy bot as it was at git revision
  ``--before`` (loaded from ``git show``) and as it is now, on the same engine and the same
  seeded games, the order of the two alternating game by game; games/s, decisions/s (by
  the wall clock and by the process's CPU time, which leaves out the time other programs
  took the CPU) and the mean time of a combo pick. Whether the two bots made the same
  choices is printed; when they differ the games differ too, so decisions/s is the figure
  to compare.
* **greedy, local Dask** - the same games serially and on a local cluster of ``--workers``
  processes, after the workers have imported swlab and loaded the board (a long run pays
  that once); the cluster's start-up is printed on its own.
* **random bots, serial vs local Dask** - the scheduling overhead on short games: the
  runner sends several games per task (``swlab.balance.runner.batches``), printed here.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from swlab.balance.runner import Plan, play_one, run_games  # noqa: E402
from swlab.board.catalog import load_board  # noqa: E402
from swlab.bots import greedy as greedy_now  # noqa: E402
from swlab.bots import play_game  # noqa: E402


def greedy_at(revision: str) -> ModuleType | None:
    """``swlab/bots/greedy.py`` as it was at ``revision``, as a module of its own."""
    try:
        source = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{revision}:swlab/bots/greedy.py"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return None
    folder = Path(tempfile.mkdtemp())
    path = folder / "greedy_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("greedy_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["greedy_before"] = module
    spec.loader.exec_module(module)
    return module


def timed_picks(module: ModuleType) -> list[tuple[float, float]]:
    """Wrap the bot's ``_pick`` to time every combo pick (wall clock, CPU time); returns
    the list it fills."""
    times: list[tuple[float, float]] = []
    original = module.GreedyBot._pick

    def pick(self: object, state: object) -> object:
        t, c = time.perf_counter(), time.process_time()
        try:
            return original(self, state)
        finally:
            times.append((time.perf_counter() - t, time.process_time() - c))

    module.GreedyBot._pick = pick
    return times


def spread(values: list[float], digits: int = 2) -> str:
    """``median (lowest-highest)`` of the repeats."""
    return (
        f"{statistics.median(values):.{digits}f} "
        f"({min(values):.{digits}f}-{max(values):.{digits}f})"
    )


def serial_greedy(games: int, seed: int, before: ModuleType | None, repeats: int) -> None:
    board = load_board("official_5p")
    modules: dict[str, ModuleType] = {"after": greedy_now}
    if before is not None:
        modules["before"] = before
    originals = {m: m.GreedyBot._pick for m in modules.values()}
    picks = {name: timed_picks(m) for name, m in modules.items()}
    figures: dict[str, dict[str, list[float]]] = {
        name: {"games/s": [], "decisions/s": [], "decisions/s CPU": []} for name in modules
    }
    actions: dict[str, list[tuple[object, ...]]] = {name: [] for name in modules}
    for rep in range(repeats):
        wall = dict.fromkeys(modules, 0.0)
        cpu = dict.fromkeys(modules, 0.0)
        decisions = dict.fromkeys(modules, 0)
        for g in range(games):
            order = list(modules) if (g + rep) % 2 == 0 else list(reversed(modules))
            for name in order:
                bots = [modules[name].GreedyBot((seed + g) * 100 + s) for s in range(5)]
                t, c = time.perf_counter(), time.process_time()
                _final, record = play_game(board, bots, seed + g)
                wall[name] += time.perf_counter() - t
                cpu[name] += time.process_time() - c
                if rep == 0:
                    actions[name].append(record.actions)
                decisions[name] += sum(1 for a in record.actions if type(a).__name__ != "Roll")
        for name in modules:
            figures[name]["games/s"].append(games / wall[name])
            figures[name]["decisions/s"].append(decisions[name] / wall[name])
            figures[name]["decisions/s CPU"].append(decisions[name] / cpu[name])
    print(f"greedy bot, 5 players, {games} games x {repeats} repeats, serial (one process):")
    for name in modules:
        f = figures[name]
        wall_ms = sorted(1000 * w for w, _c in picks[name])
        cpu_ms = sorted(1000 * c for _w, c in picks[name])
        print(
            f"  {name:6s} games/s {spread(f['games/s'])}  decisions/s {spread(f['decisions/s'], 0)}"
            f"  by CPU time {spread(f['decisions/s CPU'], 0)}"
        )
        print(
            f"         combo pick ({len(wall_ms)} picks): median"
            f" {statistics.median(wall_ms):.2f} ms, mean {statistics.mean(wall_ms):.2f} ms;"
            " by CPU time median"
            f" {statistics.median(cpu_ms):.2f} ms, mean {statistics.mean(cpu_ms):.2f} ms"
        )
    if before is not None:
        same = actions["before"] == actions["after"]
        print(f"  same choices in every game: {same}")
        for key in ("games/s", "decisions/s", "decisions/s CPU"):
            ratios = [
                a / b for a, b in zip(figures["after"][key], figures["before"][key], strict=True)
            ]
            print(f"  speed-up in {key}: {spread(ratios)}x")
    for module, original in originals.items():
        module.GreedyBot._pick = original  # the lab's runs below time nothing extra


def warm_up(board: str) -> None:
    """On a worker: import swlab and load the board (what a run's first task pays)."""
    from swlab.balance.runner import _named_board

    _named_board(board)


def lab(
    kinds: tuple[str, ...], games: int, seed: int, workers: int, repeats: int, title: str
) -> None:
    from distributed import Client, LocalCluster

    from swlab.balance.runner import LOCAL_CLUSTER_QUIET, _OnCluster, batches

    plan = Plan("official_5p", 5, kinds, seed, games)
    board = load_board("official_5p")
    play_one(board, plan, 0)  # warm the caches of this process
    t = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, **LOCAL_CLUSTER_QUIET)
    serial_rates: list[float] = []
    dask_rates: list[float] = []
    same = True
    serial: list[object] = []
    outcomes: list[object] = []
    with cluster, Client(cluster) as client:
        client.run(warm_up, "official_5p")  # imports and the board, as a long run has
        warmed = time.perf_counter() - t
        for rep in range(repeats):
            for where in ("serial", "dask") if rep % 2 == 0 else ("dask", "serial"):
                t = time.perf_counter()
                if where == "serial":
                    serial = run_games(plan, workers=0, progress=False).outcomes
                    serial_rates.append(games / (time.perf_counter() - t))
                else:
                    done: list[object] = []
                    _OnCluster(client, plan, None, done.extend, print).run()
                    dask_rates.append(games / (time.perf_counter() - t))
                    outcomes = sorted(done, key=lambda o: o.game)  # type: ignore[attr-defined]
            same = same and outcomes == serial
    tasks = list(batches(games, workers))
    ratios = [d / s for d, s in zip(dask_rates, serial_rates, strict=True)]
    print(f"{title}, 5 players, {games} games x {repeats} repeats:")
    print(f"  serial                 games/s {spread(serial_rates)}")
    print(
        f"  local Dask, {workers} workers  games/s {spread(dask_rates)}  "
        f"speed-up {spread(ratios)}x;"
        f" {len(tasks)} tasks of {len(tasks[0])} games; cluster start-up {warmed:.1f} s;"
        f" same outcomes as serial: {same}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--greedy-games", type=int, default=10)
    parser.add_argument("--random-games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", default="bbb2bac", help="git revision of the old bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.machine()}; "
        f"bot before: {args.before}; load average {os.getloadavg()[0]:.1f} (the machine is shared: "
        "other programs slow some repeats)"
    )
    before = greedy_at(args.before)
    if before is None:
        print(f"(git revision {args.before} not found: no 'before' figures)")
    serial_greedy(args.greedy_games, args.seed, before, args.repeats)
    lab(("greedy",), 2 * args.greedy_games, args.seed, args.workers, args.repeats, "greedy bots")
    lab(("random",), args.random_games, args.seed, args.workers, args.repeats, "random bots")


if __name__ == "__main__":
    main()

"""How fast the balance lab plays: greedy and random 5-player games, serially and on Dask.

Prints only (never asserts a timing)::

    .venv/bin/python benchmarks/balance.py [--greedy-games 20] [--random-games 200]
                                           [--workers 2] [--before 75365e3] [--seed 0]

* **greedy bot, serial, before / after** - the greedy bot as it was at git revision
  ``--before`` (loaded from ``git show``) and as it is now, on the same engine, games
  alternating between the two so that a busy machine slows both alike; games/s, decisions/s
  and the mean time of a combo pick. Both must make the same choices (the fingerprint test,
  ``tests/bots/test_greedy_fingerprint.py``): the benchmark refuses to print a speed-up
  when the games differ.
* **greedy, local Dask** - the same games on a local cluster of ``--workers`` processes,
  after the workers have imported swlab and loaded the board, and with that start-up.
* **random bots, serial vs local Dask** - the scheduling overhead on short games (the
  runner sends several games per task).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
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


def timed_picks(module: ModuleType) -> list[float]:
    """Wrap the bot's ``_pick`` to time every combo pick; returns the list it fills."""
    times: list[float] = []
    original = module.GreedyBot._pick

    def pick(self: object, state: object) -> object:
        t = time.perf_counter()
        try:
            return original(self, state)
        finally:
            times.append(time.perf_counter() - t)

    module.GreedyBot._pick = pick
    return times


def serial_greedy(games: int, seed: int, before: ModuleType | None) -> None:
    board = load_board("official_5p")
    modules: dict[str, ModuleType] = {"after": greedy_now}
    if before is not None:
        modules["before"] = before
    originals = {m: m.GreedyBot._pick for m in modules.values()}
    picks = {name: timed_picks(m) for name, m in modules.items()}
    wall = dict.fromkeys(modules, 0.0)
    decisions = dict.fromkeys(modules, 0)
    actions: dict[str, list[tuple[object, ...]]] = {name: [] for name in modules}
    for g in range(games):
        order = list(modules) if g % 2 == 0 else list(reversed(modules))
        for name in order:
            bots = [modules[name].GreedyBot((seed + g) * 100 + s) for s in range(5)]
            t = time.perf_counter()
            _final, record = play_game(board, bots, seed + g)
            wall[name] += time.perf_counter() - t
            actions[name].append(record.actions)
            decisions[name] += sum(1 for a in record.actions if type(a).__name__ != "Roll")
    print(f"greedy bot, 5 players, {games} games, serial (one process):")
    for name in modules:
        ms = 1000 * sum(picks[name]) / max(len(picks[name]), 1)
        print(
            f"  {name:6s} {games / wall[name]:6.2f} games/s  {decisions[name] / wall[name]:7.0f} "
            f"decisions/s  {1000 * wall[name] / decisions[name]:.3f} ms/decision  "
            f"combo pick {ms:.2f} ms"
        )
    if before is not None:
        if actions["before"] != actions["after"]:
            print("  the two bots chose differently: no speed-up printed")
        else:
            print(f"  same choices in every game; speed-up {wall['before'] / wall['after']:.2f}x")
    for module, original in originals.items():
        module.GreedyBot._pick = original  # the lab's runs below time nothing extra


def warm_up(board: str) -> None:
    """On a worker: import swlab and load the board (what a run's first task pays)."""
    from swlab.balance.runner import _named_board

    _named_board(board)


def lab(kinds: tuple[str, ...], games: int, seed: int, workers: int, title: str) -> None:
    plan = Plan("official_5p", 5, kinds, seed, games)
    board = load_board("official_5p")
    play_one(board, plan, 0)  # warm the caches of this process
    t = time.perf_counter()
    serial = run_games(plan, workers=0, progress=False)
    t_serial = time.perf_counter() - t
    from distributed import Client, LocalCluster

    t = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
    with cluster, Client(cluster) as client:
        from swlab.balance.runner import _run_on

        client.run(warm_up, "official_5p")  # imports and the board, as a long run has
        warmed = time.perf_counter() - t
        done: list[object] = []
        t = time.perf_counter()
        _run_on(client, plan, None, done.extend)
        t_dask = time.perf_counter() - t
    same = sorted(done, key=lambda o: o.game) == serial.outcomes  # type: ignore[attr-defined]
    print(f"{title}, 5 players, {games} games:")
    print(f"  serial                 {games / t_serial:7.2f} games/s")
    print(
        f"  local Dask, {workers} workers  {games / t_dask:7.2f} games/s "
        f"({games / (t_dask + warmed):.2f} with the cluster's start-up of {warmed:.1f} s)"
        f"  speed-up {t_serial / t_dask:.2f}x; same outcomes as serial: {same}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--greedy-games", type=int, default=20)
    parser.add_argument("--random-games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", default="75365e3", help="git revision of the old bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.machine()}; "
        f"bot before: {args.before}"
    )
    before = greedy_at(args.before)
    if before is None:
        print(f"(git revision {args.before} not found: no 'before' figures)")
    serial_greedy(args.greedy_games, args.seed, before)
    lab(("greedy",), args.greedy_games, args.seed, args.workers, "greedy bots")
    lab(("random",), args.random_games, args.seed, args.workers, "random bots")


if __name__ == "__main__":
    main()

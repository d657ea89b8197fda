"""How fast the rules engine plays: random games per second on one board, the time of one
``legal_actions`` and one ``apply`` call, and greedy-bot games per second on 2 players.

Prints only (never asserts a timing)::

    .venv/bin/python benchmarks/engine.py [--board NAME|PATH | --regions N] [--players P]
                                          [--games 50] [--greedy-games 20] [--seed 0]
                                          [--profile] [--top 20]

The board is the official 5-player board unless ``--board`` names another (a shipped name
such as ``official_3p`` or a GeoJSON path, ``swlab.board.load_board``) or ``--regions``
asks for a random Voronoi board of that many regions (``swlab.board.voronoi.random_board``,
seeded with ``--seed``, for ``--players`` seats, 5 by default).

The process is pinned to one CPU where the OS allows it (``sched_setaffinity``): the
figures are single-core. Random games are played exactly like ``swlab.rules.play_random``
(uniform legal actions, no ``take``), through the engine's one driver ``swlab.rules.drive``
(the die a chance node, its face drawn from the game's seed). The targets of the board
are printed with the figures (games/s on the official 5-player board and on 5,000
regions; on every board the mean ``legal_actions`` within 3x its median). When random
games run below their target or with ``--profile``, ten of them are profiled with
``cProfile`` and the hot spots printed.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from swlab.board import load_board, official_board  # noqa: E402
from swlab.bots import GreedyBot, RandomBot, play_game  # noqa: E402
from swlab.rules import (  # noqa: E402
    Action,
    BoardLike,
    GameState,
    Take,
    drive,
    legal_actions,
    new_game,
    play_random,
)
from swlab.rules.events import Event  # noqa: E402

#: random games per second, by board: the official 5-player board and 5,000 random regions
TARGET_OFFICIAL_5P = 150.0
TARGET_5000_REGIONS = 15.0
#: the mean ``legal_actions`` call at most this many times its median, on every board
TARGET_MEAN_OVER_MEDIAN = 3.0


def pin_one_core() -> str:
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[0]})
        return f"pinned to CPU {cpus[0]} of {os.cpu_count()}"
    return f"not pinned ({os.cpu_count()} CPUs)"


def core_speed() -> float:
    """CPU seconds of a fixed pure-Python loop (10 million additions), best of 3.

    The hosts this runs on differ, and one host's core is not always as fast (on a shared
    machine a fixed loop's CPU time has varied by half within minutes): the figure beside
    the games/s says how fast this core was when two runs' games/s are compared;
    ``--against`` compares engines within one run instead."""
    best = float("inf")
    for _ in range(3):
        start, total = time.process_time(), 0
        for i in range(10_000_000):
            total += i
        best = min(best, time.process_time() - start)
    return best


def names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


def choose_board(args: argparse.Namespace) -> tuple[BoardLike, str]:
    """The board of the random games, and how it was made (for the header)."""
    if args.regions is not None:
        from swlab.board.voronoi import random_board

        start = time.perf_counter()
        board = random_board(args.regions, players=args.players or 5, seed=args.seed)
        _ = board.topology  # borders derived now, outside the timed games
        made = f"random Voronoi board, built in {time.perf_counter() - start:.2f} s"
        return board, made
    board = load_board(args.board)
    if args.players and args.players != board.players:
        raise SystemExit(f"{board.name} is a board for {board.players} players, not {args.players}")
    return board, "from " + args.board


def games_target(board: BoardLike) -> float | None:
    """The games/s target of ``board``: the official 5-player board, 5,000 random regions."""
    if board.name == official_board(5).name:
        return TARGET_OFFICIAL_5P
    if len(board.ids) == 5000 and board.players == 5:
        return TARGET_5000_REGIONS
    return None


def random_games(board: BoardLike, games: int, seed: int) -> tuple[float, float, int]:
    """Wall time, CPU time and total actions of ``games`` random playouts (as play_random
    plays them)."""
    start, cpu = time.perf_counter(), time.process_time()
    steps = 0
    for g in range(games):
        state = new_game(board, names(board.players), seed=seed + g)
        _final, played = play_random(state, random.Random(seed + g))
        steps += len(played)
    return time.perf_counter() - start, time.process_time() - cpu, steps


class _Timed:
    """A uniform random decider that times its ``legal_actions`` call (wall and CPU time),
    and an observer that times the ``apply`` of each decision (from the decider's return to
    the observer)."""

    def __init__(
        self,
        rng: random.Random,
        legal_t: list[float],
        legal_cpu: list[float],
        apply_t: list[float],
    ) -> None:
        self.rng, self.legal_t, self.legal_cpu, self.apply_t = rng, legal_t, legal_cpu, apply_t
        self.decided: float | None = None

    def choose(self, state: GameState) -> Action:
        c0, t0 = time.thread_time(), time.perf_counter()
        actions = legal_actions(state)
        self.legal_t.append(time.perf_counter() - t0)
        self.legal_cpu.append(time.thread_time() - c0)
        action = self.rng.choice([a for a in actions if not (isinstance(a, Take) or a.undoes)])
        self.decided = time.perf_counter()
        return action

    def observe(
        self, before: GameState, action: Action, events: list[Event], after: GameState
    ) -> None:
        if self.decided is not None:  # a decision (the die's steps are not timed)
            self.apply_t.append(time.perf_counter() - self.decided)
            self.decided = None


def timed_calls(
    board: BoardLike, games: int, seed: int
) -> tuple[list[float], list[float], list[float]]:
    """The same games through ``drive``, timing every ``legal_actions`` call (wall time,
    then CPU time) and every decision's ``apply`` separately."""
    legal_t: list[float] = []
    legal_cpu: list[float] = []
    apply_t: list[float] = []
    for g in range(games):
        state = new_game(board, names(board.players), seed=seed + g)
        timed = _Timed(random.Random(seed + g), legal_t, legal_cpu, apply_t)
        drive(state, timed, observer=timed.observe)
    return legal_t, legal_cpu, apply_t


def bot_games(board: BoardLike, games: int, seed: int, kinds: tuple[str, str]) -> float:
    """Wall time of ``games`` bot games on ``board`` (seats swap every game)."""
    make: dict[str, Callable[[int], GreedyBot | RandomBot]] = {
        "greedy": GreedyBot,
        "random": RandomBot,
    }
    start = time.perf_counter()
    for g in range(games):
        order = kinds if g % 2 == 0 else (kinds[1], kinds[0])
        play_game(board, [make[k](seed + g * 10 + i) for i, k in enumerate(order)], seed + g)
    return time.perf_counter() - start


def us(values: list[float]) -> str:
    return (
        f"mean {statistics.fmean(values) * 1e6:7.1f} us   median "
        f"{statistics.median(values) * 1e6:7.1f} us   ({len(values):,} calls)"
    )


def profile(board: BoardLike, seed: int, top: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    random_games(board, 10, seed)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def against(
    rev: str, players: int, games: int, rounds: int, seed: int, regions: int | None = None
) -> int:
    """This checkout's engine beside revision ``rev``'s: random games on the official board of
    ``players`` (``regions``: a random Voronoi board of that many regions), each engine in
    its own pinned process, in turns (``playouts.py``); prints the ratio of the medians, so
    a change that slows the engine shows it."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from playouts import in_turns, median_rate, script

    with tempfile.TemporaryDirectory(prefix="swlab-against-") as tmp:
        old = Path(tmp) / "engine"
        git = ["git", "-C", str(ROOT)]
        subprocess.run([*git, "worktree", "add", "--detach", "-q", str(old), rev], check=True)
        try:
            label = subprocess.run(
                [*git, "log", "-1", "--format=%h %s", rev], capture_output=True, text=True
            ).stdout.strip()
            print(f"swlab engine: this checkout against {label}")
            where = "the official board" if regions is None else f"{regions:,} random regions"
            print(f"  random {players}p games on {where}, {games} a batch, {rounds} rounds")
            measured = script("swlab", players, games, seed, regions)
            commands = {
                rev: ([sys.executable, *measured], {**os.environ, "PYTHONPATH": str(old)}),
                "this checkout": (
                    [sys.executable, *measured],
                    {**os.environ, "PYTHONPATH": str(ROOT)},
                ),
            }
            results = in_turns(commands, rounds)
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(old)], check=False)
    before, after = median_rate(results[rev]), median_rate(results["this checkout"])
    print(f"{rev}: {before:.1f} games/s   this checkout: {after:.1f} games/s (medians, CPU time)")
    print(f"this checkout / {rev}: {after / before:.2f}x")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--board", default="official_5p", help="shipped board name or GeoJSON path (official_5p)"
    )
    where.add_argument("--regions", type=int, help="a random Voronoi board of N regions instead")
    p.add_argument("--players", type=int, help="seats (default: the board's; 5 with --regions)")
    p.add_argument("--games", type=int, default=50, help="random games (default 50)")
    p.add_argument("--greedy-games", type=int, default=20, help="2-player bot games (default 20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--profile", action="store_true", help="profile even when on target")
    p.add_argument("--top", type=int, default=20, help="functions in the profile (default 20)")
    p.add_argument(
        "--against",
        metavar="REV",
        help="compare with the engine of git revision REV instead (random games, in turns)",
    )
    p.add_argument("--rounds", type=int, default=5, help="with --against: rounds (default 5)")
    args = p.parse_args(argv)
    if args.against:
        return against(
            args.against, args.players or 5, args.games, args.rounds, args.seed, args.regions
        )

    pinned = pin_one_core()
    print(
        f"swlab engine benchmark - Python {platform.python_version()}, "
        f"{platform.machine()} {platform.processor() or ''}".rstrip()
        + f", {pinned}, seed {args.seed}"
    )
    print(f"this core: a loop of 10 million additions takes {core_speed():.2f} s of CPU")
    board, made = choose_board(args)
    n = board.players
    print(f"board {board.name}: {len(board.ids):,} regions, {n} players, {made}")

    random_games(board, 2, args.seed + 10_000)  # warm-up (imports, caches)
    wall, cpu, steps = random_games(board, args.games, args.seed)
    rate = args.games / wall
    print(
        f"\nrandom {n}p games ({board.name}, {args.games} games): {rate:6.1f} games/s   "
        f"{wall / args.games * 1000:6.1f} ms/game   {steps / args.games:5.0f} actions/game   "
        f"{steps / wall:8,.0f} actions/s"
    )
    print(f"  by CPU time (what the process itself spent): {args.games / cpu:6.1f} games/s")
    target = games_target(board)
    if target is not None:
        verdict = "MET" if rate >= target else "NOT MET"
        print(f"target >= {target:.0f} random {n}p games/s: {rate:.1f} - {verdict}")

    legal_t, legal_cpu, apply_t = timed_calls(board, args.games, args.seed)
    print(f"\nlegal_actions: {us(legal_t)}")
    print(f"  (CPU time)   {us(legal_cpu)}")
    print(f"apply:         {us(apply_t)}")
    for what, values in (("", legal_t), (", CPU time", legal_cpu)):
        ratio = statistics.fmean(values) / statistics.median(values)
        verdict = "MET" if ratio <= TARGET_MEAN_OVER_MEDIAN else "NOT MET"
        print(
            f"legal_actions mean / median{what}: {ratio:.2f} "
            f"(target <= {TARGET_MEAN_OVER_MEDIAN:.0f}) - {verdict}"
        )

    if args.greedy_games > 0:
        board2 = official_board(2)
        print()
        for kinds in (("greedy", "greedy"), ("greedy", "random")):
            w = bot_games(board2, args.greedy_games, args.seed, kinds)
            g = args.greedy_games
            print(
                f"{kinds[0]} vs {kinds[1]} 2p games ({board2.name}, {g} games): "
                f"{g / w:6.1f} games/s   {w / g * 1000:6.1f} ms/game"
            )

    if args.profile or (target is not None and rate < target):
        print(f"\nprofile of 10 random {n}p games, top {args.top} by own time:")
        print(profile(board, args.seed, args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

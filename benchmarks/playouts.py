"""Random playouts of one engine in this process, and several engines measured in turns.

As a script it is the measured process: it plays ``--games`` random games of ``--players``
players with one engine, pinned to one CPU, and prints one JSON line (games, actions, CPU
and wall seconds)::

    python benchmarks/playouts.py --engine swlab [--players 5] [--games 20] [--seed 0]
    python benchmarks/playouts.py --engine smawg ...   # run by a Python that has smawg
    python benchmarks/playouts.py --engine swlab --regions 5000 ...  # a random board

``swlab`` is whichever swlab the interpreter imports first (``PYTHONPATH`` chooses a
checkout: ``benchmarks/engine.py --against REV`` runs an older revision this way). Its
games are ``swlab.rules.play_random``: uniform among every legal action listed at each
step, the die drawn from the game's seed, on the official board of that many players
(``--regions N``: on a random Voronoi board of N regions for them, seeded with ``--seed``,
made and its borders derived before the clock starts).

``smawg`` (the peer engine, GPL-licensed: installed in its own environment, never imported
by swlab) has no list of legal actions, so its games enumerate them in full the way its
users must: every action of its API at every region (``Decline``, ``SelectCombo`` per
visible combo, ``Abandon``, ``Conquer``, ``ConquerWithDice``, ``Deploy`` of one token,
``StartRedeployment``, ``EndTurn``), each asked of its rule checker, then one is drawn
uniformly; the die is drawn from the seed. Board: its standard map of that many players.

:func:`in_turns` runs several such commands one after the other, round after round, so
that a change in the machine's load touches every engine alike.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

#: The faces of the reinforcement die (R-COMP-5): three blank, then 1, 2 and 3.
DIE = (0, 0, 0, 1, 2, 3)


def pin_one_core() -> None:
    """Run on the first CPU the process may use (figures are single-core)."""
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def swlab_games(players: int, games: int, seed: int, board: Any = None) -> int:
    """``games`` random games of swlab; the number of actions played. ``board``: the board
    (:func:`voronoi`), else the official board of ``players``."""
    from swlab.board import official_board
    from swlab.rules import new_game, play_random

    if board is None:
        board = official_board(players)
    names = [f"P{i + 1}" for i in range(players)]
    actions = 0
    for k in range(games):
        state = new_game(board, names, seed=seed + k)
        _, played = play_random(state, random.Random(seed + k))
        actions += len(played)
    return actions


def voronoi(regions: int, players: int, seed: int) -> Any:
    """A random Voronoi board (``swlab.board.voronoi.random_board``), its borders derived
    before anything is timed."""
    from swlab.board.voronoi import random_board

    board = random_board(regions, players=players, seed=seed)
    _ = board.topology
    return board


def smawg_games(players: int, games: int, seed: int) -> int:
    """``games`` random games of smawg with every action enumerated; the actions played."""
    import json as _json
    from pathlib import Path

    import smawg
    import smawg.basic_rules as moves

    assets_file = Path(smawg.__file__).parent / "assets" / f"standard_{players}_players.json"
    assets = _json.loads(assets_file.read_text())
    actions = 0
    for k in range(games):
        rng = random.Random(seed + k)
        die = random.Random(f"die {seed + k}")
        game = smawg.Game(
            smawg.Assets(**assets).shuffle(rng), dice_roll_func=partial(die.choice, DIE)
        )
        regions = range(len(game.regions))
        while not game.has_ended:
            candidates: list[Any] = [moves.Decline(), moves.StartRedeployment(), moves.EndTurn()]
            candidates += [moves.SelectCombo(i) for i in range(len(game.combos))]
            for r in regions:
                candidates += [
                    moves.Abandon(r),
                    moves.Conquer(r),
                    moves.ConquerWithDice(r),
                    moves.Deploy(1, r),
                ]
            legal = [a for a in candidates if next(game.rules.check(a), None) is None]
            game.do(rng.choice(legal))
            actions += 1
    return actions


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine", choices=("swlab", "smawg"), required=True)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--regions", type=int, help="swlab only: a random Voronoi board of N regions")
    args = p.parse_args(argv)
    pin_one_core()
    play: Callable[[int, int, int], int]
    if args.engine == "swlab":
        board = None if args.regions is None else voronoi(args.regions, args.players, args.seed)
        play = partial(swlab_games, board=board)
    elif args.regions is None:
        play = smawg_games
    else:
        raise SystemExit("--regions: random boards are swlab's only")
    play(args.players, 1, args.seed + 10_000)  # warm up: imports, the board, caches
    wall, cpu = time.perf_counter(), time.process_time()
    actions = play(args.players, args.games, args.seed)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"games": args.games, "actions": actions, "cpu": cpu, "wall": wall}))
    return 0


@dataclass(frozen=True)
class Batch:
    """What one run of this script printed."""

    games: int
    actions: int
    cpu: float
    wall: float

    @property
    def rate(self) -> float:
        """Games per second of CPU time (the process's own: other load does not count)."""
        return self.games / self.cpu


def run(command: Sequence[str], env: dict[str, str] | None = None) -> Batch:
    """Run one measured process and read its line."""
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.strip()}")
    return Batch(**json.loads(done.stdout.strip().splitlines()[-1]))


def in_turns(
    commands: dict[str, tuple[list[str], dict[str, str] | None]], rounds: int
) -> dict[str, list[Batch]]:
    """Each command once per round, in the same order, ``rounds`` times."""
    out: dict[str, list[Batch]] = {name: [] for name in commands}
    for k in range(rounds):
        for name, (command, env) in commands.items():
            batch = run(command, env)
            out[name].append(batch)
            print(
                f"  round {k + 1}/{rounds}  {name:<12} {batch.rate:8.1f} games/s (CPU)"
                f"  {batch.games / batch.wall:8.1f} games/s (wall)"
                f"  {batch.actions / batch.games:6.0f} actions/game",
                flush=True,
            )
    return out


def median_rate(batches: list[Batch]) -> float:
    """The median of the rounds' games per CPU second."""
    return statistics.median(b.rate for b in batches)


def script(
    engine: str, players: int, games: int, seed: int, regions: int | None = None
) -> list[str]:
    """The arguments of this script for one measured process."""
    more = [] if regions is None else ["--regions", str(regions)]
    return [
        __file__,
        "--engine",
        engine,
        "--players",
        str(players),
        "--games",
        str(games),
        "--seed",
        str(seed),
        *more,
    ]


if __name__ == "__main__":
    sys.exit(main())

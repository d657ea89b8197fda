"""The runner: the same games game by game whether serial, on 1 or 2 local workers or on a
separately started Dask cluster (a scheduler and two workers as processes)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from swlab.balance import Plan, balance, run_games
from swlab.balance.runner import batches, play_one
from swlab.balance.simulate import run_simulation
from swlab.board.catalog import load_board

ROOT = Path(__file__).resolve().parents[2]


def _key(run: object) -> list[tuple[object, ...]]:
    """Everything a game measured, game by game (records left out: not asked)."""
    outcomes = run.outcomes  # type: ignore[attr-defined]
    return [
        (o.game, o.seed, o.bots, o.coins, o.winners, o.actions, o.picks, o.held) for o in outcomes
    ]


PLAN = Plan("official_3p", 3, ("greedy", "random"), seed=11, games=6)


@pytest.fixture(scope="module")
def serial_run() -> object:
    return run_games(PLAN, workers=0, progress=False)


def test_one_and_two_local_workers_play_the_serial_games(serial_run: object) -> None:
    one = run_games(PLAN, workers=1, batch=2, progress=False)
    two = run_games(PLAN, workers=2, batch=1, progress=False)
    assert serial_run.backend == "serial"  # type: ignore[attr-defined]
    assert one.backend == "local cluster (1 workers)"
    assert two.backend == "local cluster (2 workers)"
    assert _key(one) == _key(two) == _key(serial_run)
    assert [o.game for o in two.outcomes] == list(range(6))


def test_a_game_is_the_same_game_alone() -> None:
    board = load_board("official_3p")
    alone = play_one(board, PLAN, 4)
    assert alone == run_games(PLAN, workers=0, progress=False).outcomes[4]
    assert alone.seed == 15 and len(alone.held) == board.turns


def test_batches_cover_every_game_once() -> None:
    cut = list(batches(100, 2))
    assert [g for b in cut for g in b] == list(range(100))
    assert len(cut) == 15  # 7 games a task: about 8 tasks per worker
    assert [len(b) for b in batches(5, 4, size=2)] == [2, 2, 1]


def test_short_runs_are_serial_by_default() -> None:
    run = run_games(Plan("official_2p", 2, ("random",), games=3), progress=False)
    assert run.backend == "serial" and run.games == 3


def test_an_interrupt_keeps_the_complete_games(monkeypatch: pytest.MonkeyPatch) -> None:
    import swlab.balance.runner as runner

    real = runner.play_one

    def stop_at_third(board: object, plan: Plan, game: int) -> object:
        if game == 2:
            raise KeyboardInterrupt
        return real(board, plan, game)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "play_one", stop_at_third)
    run = run_games(Plan("official_2p", 2, ("random",), games=5), workers=0, progress=False)
    assert run.interrupted and [o.game for o in run.outcomes] == [0, 1]


def test_bad_plans_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        Plan("official_2p", 2, ("clever",))
    with pytest.raises(ValueError, match="at least one game"):
        Plan("official_2p", 2, ("random",), games=0)
    with pytest.raises(ValueError, match="0 or more"):
        run_games(Plan("official_2p", 2, ("random",)), workers=-1)


# --- a real cluster: a scheduler and two workers started as processes -------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """``dask scheduler`` and two ``dask worker`` processes, as an operator starts them."""
    import distributed

    client_of: Any = distributed.Client  # untyped
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path[1:]])}
    quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "dask",
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-dashboard",
            ],
            **quiet,
        )
    ]
    try:
        for _ in range(2):
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "dask",
                        "worker",
                        address,
                        "--nthreads",
                        "1",
                        "--no-dashboard",
                    ],
                    **quiet,
                )
            )
        deadline = time.monotonic() + 90
        while True:  # each try waits up to 5 s for the scheduler to answer
            try:
                with client_of(address, timeout="5s") as client:
                    client.wait_for_workers(2, timeout=60)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
        yield address
    finally:
        # the workers, then the scheduler: a worker whose scheduler went at the same time
        # took 8 s to end (it tries to reach it again), one stopped first takes under 1 s
        for group in (procs[1:], procs[:1]):
            for p in group:
                p.terminate()
            for p in group:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()


def test_a_scheduler_address_plays_the_serial_games(cluster: str, serial_run: object) -> None:
    run = run_games(PLAN, scheduler=cluster, progress=False)
    assert run.backend == f"scheduler {cluster} (2 workers)"
    assert _key(run) == _key(serial_run)


def test_a_board_object_is_sent_to_the_workers(cluster: str, serial_run: object) -> None:
    """A ``Board`` (not a name) reaches worker processes (scattered, as for a local
    cluster: the same code), on the module's cluster rather than a cluster of its own."""
    board = load_board("official_3p")
    plan = Plan(board, 3, PLAN.kinds, PLAN.seed, PLAN.games)
    assert _key(run_games(plan, scheduler=cluster, progress=False)) == _key(serial_run)


def test_simulate_and_balance_on_the_scheduler_match_serial(cluster: str) -> None:
    args = ("official_2p", 2, 8, 3, ["greedy", "random"])
    there = run_simulation(*args, progress=False, scheduler=cluster)
    here = run_simulation(*args, progress=False, workers=0)
    assert there.results.games.equals(here.results.games) and there.combos.equals(here.combos)
    a = balance("official_2p", games=8, seed=3, scheduler=cluster, progress=False)
    b = balance("official_2p", games=8, seed=3, workers=0, progress=False)
    assert a.to_markdown().replace(a.meta["backend"], "X") == b.to_markdown().replace(
        b.meta["backend"], "X"
    )


def test_a_run_inside_another_clients_block_waits_on_its_own_client(
    cluster: str, serial_run: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inside ``with Client(...)`` (another client made current, as a notebook or a test
    watching the cluster does), the run collects its finished tasks on its own client's
    loop: on the current client's, each one waited seconds for that loop to wake."""
    import distributed

    import swlab.balance.runner as runner

    dask: Any = distributed  # untyped
    loops: dict[str, object] = {}
    real_run, real_completed = runner._OnCluster.run, dask.as_completed

    def run(self: runner._OnCluster) -> bool:
        loops["client"] = self.client.loop
        return real_run(self)

    def as_completed(*args: object, **kwargs: object) -> Any:
        collector = real_completed(*args, **kwargs)
        loops["collected"] = collector.loop
        return collector

    monkeypatch.setattr(runner._OnCluster, "run", run)
    monkeypatch.setattr(distributed, "as_completed", as_completed)
    with dask.Client(cluster) as other:
        played = run_games(PLAN, scheduler=cluster, batch=1, progress=False)
    assert other.loop is not loops["client"]  # two loops: the case that stalled
    assert loops["collected"] is loops["client"]
    assert _key(played) == _key(serial_run)

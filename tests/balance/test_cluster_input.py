"""Bad input to a run on a cluster, refused in one line, fast: a game count that cannot be
planned, a scheduler that accepts and never answers, ``tls://`` without certificates; and
games played by another swlab version, never kept (R-FLOW-3's winners must come from
this engine)."""

from __future__ import annotations

import contextlib
import io
import os
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from swlab.balance import Plan, run_games
from swlab.balance.results import results_of
from swlab.balance.runner import LOCAL_CLUSTER_QUIET, WINDOW_PER_WORKER, batches
from swlab.limits import MAX_GAMES

ROOT = Path(__file__).resolve().parents[2]
MINE = __import__("swlab").__version__
OTHER = "0.0.0-other"


def _swlab(*args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    """``python -m swlab ARGS`` as a user runs it; the result and its wall time."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path[1:]])}
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "swlab", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
    return done, time.monotonic() - start


def _one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("swlab: error: "), done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


# --- game counts ------------------------------------------------------------------------
@pytest.mark.parametrize("games", [str(MAX_GAMES + 1), "1000000000000", str(10**30)])
@pytest.mark.parametrize("command", ["simulate", "balance official_2p"])
def test_a_game_count_that_cannot_be_planned_is_refused(command: str, games: str) -> None:
    done, _wall = _swlab(*command.split(), "--games", games, "--no-progress", "--serial")
    line = _one_line_error(done)
    assert "--games" in line and f"{MAX_GAMES:,}" in line


def test_a_plan_of_too_many_games_is_refused_before_anything_is_built() -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_GAMES:,} games"):
        Plan("official_2p", 2, ("random",), games=10**30)
    # the tasks of a run are made as they are asked for, never all up front
    cut = batches(10**30, 2, size=1)
    assert list(next(cut)) == [0] and list(next(cut)) == [1]


# --- a scheduler that does not answer ----------------------------------------------------
@pytest.fixture
def silent_port() -> Iterator[int]:
    """A real socket that accepts every connection and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except TimeoutError:
                continue
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        for conn in accepted:
            conn.close()
        server.close()


def test_a_scheduler_that_never_answers_is_given_up_after_the_timeout(silent_port: int) -> None:
    address = f"tcp://127.0.0.1:{silent_port}"
    done, wall = _swlab("simulate", "--games", "30", "--no-progress", "--scheduler", address,
                        "--connect-timeout", "1")  # fmt: skip
    line = _one_line_error(done)
    assert address in line and "1 s" in line and "--connect-timeout" in line
    assert wall < 60  # the timeout, Python's start and swlab's imports on a busy machine


def test_the_connect_timeout_is_documented_and_checked() -> None:
    done, _wall = _swlab("simulate", "--help")
    assert "--connect-timeout" in done.stdout and "15 s" in " ".join(done.stdout.split())
    done, _wall = _swlab("balance", "official_2p", "--connect-timeout", "0")
    assert "--connect-timeout must be a positive number" in _one_line_error(done)


def test_tls_without_certificates_says_what_it_needs(silent_port: int) -> None:
    done, _wall = _swlab("balance", "official_2p", "--games", "30", "--no-progress",
                         "--scheduler", f"tls://127.0.0.1:{silent_port}")  # fmt: skip
    line = _one_line_error(done)
    assert "tls://" in line and "--tls-ca-file" in line and "certificates" in line
    done, _wall = _swlab("balance", "official_2p", "--tls-cert", "c.pem")
    assert "need a tls:// --scheduler" in _one_line_error(done)
    tls = ["--tls-ca-file", "nowhere.pem", "--tls-cert", "c", "--tls-key", "k"]
    done, _wall = _swlab("balance", "official_2p", "--scheduler", "tls://127.0.0.1:1", *tls)
    assert "nowhere.pem: --tls-ca-file must name a readable file" in _one_line_error(done)


# --- another swlab version --------------------------------------------------------------
def _played(run: object) -> list[tuple[object, ...]]:
    return [(o.game, o.coins, o.winners, o.actions) for o in run.outcomes]  # type: ignore[attr-defined]


PLAN = Plan("official_2p", 2, ("random",), seed=5, games=12)


def test_a_worker_whose_version_changes_midway_has_its_games_played_again() -> None:
    """A checked worker that then reports another version (restarted with another swlab):
    its games are played again on a checked worker, and the results say so. The run holds
    a few tasks per worker at a time, not one per batch of the whole run."""
    import distributed

    dask: Any = distributed  # untyped
    serial = run_games(PLAN, workers=0, progress=False)
    with (
        dask.LocalCluster(n_workers=2, threads_per_worker=1, **LOCAL_CLUSTER_QUIET) as cluster,
        dask.Client(cluster) as client,
    ):
        other = sorted(client.scheduler_info()["workers"])[0]
        changed: list[bool] = []

        def become_other() -> None:  # on the worker: another swlab from now on
            import swlab

            swlab.__version__ = OTHER

        def tasks_held() -> int:
            return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))

        held: list[int] = []

        def after_a_batch(_done: object) -> None:
            held.append(tasks_held())
            if not changed:
                client.run(become_other, workers=[other])
                changed.append(True)

        notes = io.StringIO()
        run = run_games(PLAN, scheduler=cluster.scheduler_address, batch=1, progress=False,
                        on_batch=after_a_batch, stream=notes)  # fmt: skip
    assert _played(run) == _played(serial)
    # the tasks are made as the run goes: never more than a few per worker at once
    assert max(held) <= WINDOW_PER_WORKER * 2 + 1 < PLAN.games, held
    assert run.played_by == {MINE: PLAN.games}
    assert run.replayed.get(OTHER, 0) >= 1 and run.refused_workers == {other: OTHER}
    assert f"worker {other} runs swlab {OTHER}, not {MINE}" in notes.getvalue()
    meta = results_of(run, "official_2p").meta
    assert meta["played_by"] == {MINE: PLAN.games} and meta["replayed"] == run.replayed


SHIM = """
import os, time
import swlab
if os.environ.get("SWLAB_FAKE_VERSION"):
    swlab.__version__ = os.environ["SWLAB_FAKE_VERSION"]
import swlab.balance.runner as runner
_play_one = runner.play_one
def play_one(board, plan, game):
    gate = os.environ.get("SWLAB_TEST_GATE")
    while gate and game > 0 and not os.path.exists(gate):  # hold the run until told
        time.sleep(0.05)
    log = os.environ.get("SWLAB_TEST_PLAYED")
    if log:
        with open(log, "a") as f:
            f.write(f"{game}\\n")
    return _play_one(board, plan, game)
runner.play_one = play_one
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "dask", *args], env=env, stdout=out, stderr=out,
            start_new_session=True,
        )  # fmt: skip


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """Stop each process group started here (a worker's own children included)."""
    import signal

    for p in reversed(procs):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGTERM)
    for p in procs:
        try:
            p.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(10)


def test_a_worker_of_another_version_joining_midway_plays_no_game(tmp_path: Path) -> None:
    """A real ``dask worker`` with another swlab (a ``sitecustomize`` shim sets its
    version) joins while the run waits: it gets no game, and the results say which
    version played."""
    import distributed

    dask: Any = distributed  # untyped
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(textwrap.dedent(SHIM))
    gate, played = tmp_path / "go", tmp_path / "played-by-other.txt"
    base = {k: v for k, v in os.environ.items() if not k.startswith("SWLAB_")}
    path = os.pathsep.join([str(shim), str(ROOT), *sys.path[1:]])
    good = {**base, "PYTHONPATH": path, "SWLAB_TEST_GATE": str(gate)}
    bad = {**base, "PYTHONPATH": path, "SWLAB_FAKE_VERSION": OTHER,
           "SWLAB_TEST_PLAYED": str(played)}  # fmt: skip
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    worker = ["worker", address, "--nthreads", "1", "--no-dashboard"]
    procs = [_start(["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                    base, tmp_path / "scheduler.log")]  # fmt: skip
    try:
        procs.append(_start(worker, good, tmp_path / "good.log"))
        with dask.Client(address, timeout="60s") as watcher:
            watcher.wait_for_workers(1, timeout=120)

            def after_a_batch(_done: object) -> None:
                if len(procs) == 2:  # game 0 is in; the other games wait for the gate
                    procs.append(_start(worker, bad, tmp_path / "other.log"))
                    watcher.wait_for_workers(2, timeout=120)
                    gate.touch()

            run = run_games(PLAN, scheduler=address, batch=1, progress=False,
                            on_batch=after_a_batch, stream=io.StringIO())  # fmt: skip
    finally:
        gate.touch()
        _stop(procs)
    assert not played.exists(), f"games played by swlab {OTHER}: {played.read_text()}"
    assert run.games == PLAN.games and run.played_by == {MINE: PLAN.games}
    assert list(run.refused_workers.values()) == [OTHER]
    meta = results_of(run, "official_2p").meta
    assert meta["played_by"] == {MINE: PLAN.games}
    assert meta["refused_workers"] == run.refused_workers

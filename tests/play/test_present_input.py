"""``swlab present FILE`` reads FILE through swlab.safe_io like every other command: a
FIFO, a link to a device, JSON nested too deep and files over the size limits are each
refused in one line (exit 2), quickly and in bounded memory, before any server starts."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from swlab.safe_io import LIMITS, MAX_DEPTH

ROOT = Path(__file__).resolve().parents[2]
#: Address space the command may use: far below what reading /dev/zero would take.
MEMORY_LIMIT = 3 * 1024**3


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _present(path: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path[1:]])}
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "swlab", "present", str(path), "--no-browser", "--port", "1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=90,  # a FIFO read blocks forever: this ends the test, not the machine
        preexec_fn=_limit_memory,
    )
    return done, time.monotonic() - start


def _fifo(folder: Path) -> Path:
    path = folder / "game.json"
    os.mkfifo(path)
    return path


def _zero(folder: Path) -> Path:
    path = folder / "game.json"
    path.symlink_to("/dev/zero")
    return path


def _deep(folder: Path) -> Path:
    path = folder / "game.json"
    path.write_text('{"actions": ' + "[" * 100_000 + "]" * 100_000 + "}")
    return path


def _huge(folder: Path) -> Path:
    path = folder / "game.json"
    actions = ",".join(['"pick 0"'] * (LIMITS["record"] // 9 + 1000))
    path.write_text('{"actions": [' + actions + "]}")
    return path


def _gigabyte(folder: Path) -> Path:
    """A file of 1 GB (sparse: no disk used), over every limit: refused by its size."""
    path = folder / "game.json"
    with path.open("wb") as f:
        f.truncate(1024**3)
    return path


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (_fifo, "is a FIFO (named pipe), not a regular file"),
        (_zero, "is a device, not a regular file"),
        (_deep, f"nested more than {MAX_DEPTH} deep"),
        (_huge, "more than the 8 MB a record file may have"),
        (_gigabyte, "is 1.02e+03 MB, more than the 32 MB a map file may have"),
    ],
    ids=["fifo", "dev-zero-link", "deep-json", "huge-record", "gigabyte-file"],
)
def test_a_bad_file_is_refused_in_one_line(tmp_path: Path, make: object, problem: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    done, wall = _present(path)
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    assert lines[0].startswith(f"swlab: error: {path}: ") and problem in lines[0]
    assert wall < 45  # Python's start and swlab's imports on a busy machine; no wait

"""Results saved as Parquet are replaced atomically: a process killed (SIGKILL) at any
moment of a save leaves each file as it was or as it was meant to be, never half written."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from swlab.balance.results import FILES, META_KEY, Results, load_results

ROOT = Path(__file__).resolve().parents[2]

#: The child saves results of ``ROWS`` rows per table over and over, each save numbered
#: (``meta["save"]``, and every ``seed`` of the games table): a file read back must hold
#: one complete save.
ROWS = 250_000
CHILD = f"""
import sys, time
import pandas as pd
from swlab.balance.results import Results

def results(n):
    rows = {ROWS}
    games = pd.DataFrame({{"game": range(rows), "seed": [n] * rows,
                          "player": ["Player " + str(n)] * rows}})
    picks = pd.DataFrame({{"game": range(rows), "race": ["Amazons"] * rows}})
    held = pd.DataFrame({{"game": range(rows), "round": [n] * rows}}).astype("int32")
    return Results(games, picks, held, {{"save": n}})

folder = sys.argv[1]
start = time.perf_counter()
results(0).save(folder)
print("saved", time.perf_counter() - start, flush=True)
n = 1
while True:
    results(n).save(folder)
    n += 1
"""


def _read_back(folder: Path) -> dict[str, int]:
    """The save number each file holds; fails if a file is not a complete save."""
    import pyarrow.parquet as pq

    found: dict[str, int] = {}
    for name, file in FILES.items():
        path = folder / file
        assert path.exists(), f"{file} vanished"
        table = pq.read_table(path)  # raises on a half-written file
        meta = json.loads((table.schema.metadata or {})[META_KEY])
        assert table.num_rows == ROWS
        if name == "games":
            seeds = set(table.column("seed").to_pylist())
            assert seeds == {meta["save"]}, f"{file}: rows of saves {seeds}, meta {meta}"
        found[name] = meta["save"]
    return found


def test_a_save_killed_at_any_moment_leaves_readable_files(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path[1:]])}
    rng = random.Random(7)
    for trial in range(8):
        folder = tmp_path / f"run{trial}"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(folder)],
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        try:
            line = child.stdout.readline() if child.stdout else ""  # the first save is done
            assert line.startswith("saved"), line
            one_save = float(line.split()[1])
            # a kill anywhere within the next few saves (each as long as the first)
            time.sleep(rng.uniform(0.0, 3 * one_save))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(30)
            if child.stdout:
                child.stdout.close()
        saves = _read_back(folder)
        assert all(n >= 0 for n in saves.values())
    # the next save removes what the killed writers left beside the files
    one = pd.DataFrame({"game": [1]})
    Results(one, one, one, {"save": 9}).save(folder)
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES.values())


def test_files_of_two_saves_are_not_read_as_one_run(tmp_path: Path) -> None:
    """A save stopped between two files leaves tables of two runs: reading them says so."""
    one = pd.DataFrame({"game": [1]})
    Results(one, one, one, {"save": 1}).save(tmp_path / "a")
    Results(one, one, one, {"save": 2}).save(tmp_path / "b")
    (tmp_path / "b" / FILES["held"]).replace(tmp_path / "a" / FILES["held"])
    with pytest.raises(ValueError, match="describe different runs") as refused:
        load_results(tmp_path / "a")
    assert len(str(refused.value).splitlines()) == 1

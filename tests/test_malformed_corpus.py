"""The malformed-input corpus through the CLI: one clear line, fast, in bounded memory.

Every file of ``tests/data/malformed/{scenarios,records,maps}/`` (written by
``build_corpus.py`` there; ``corpus.json`` gives its command and expected message) and the
special files made here (devices, a FIFO, a folder, files of many megabytes) is read by
``swlab ... check FILE`` in a process of its own with an address-space limit. Each must
exit 2 with exactly one ``swlab: error: FILE: ...`` line holding the expected text, no
traceback, and the command must finish within :data:`BUDGET_S` (measured around ``main()``
in the child, once swlab and its libraries are imported, so the interpreter's start is not
counted). A child still running after :data:`HANG_S` is a hang, which issue 13 forbids:
the test fails.

The children are forked from one server process per module (:class:`Cli`) that has
imported swlab and its libraries once: a fresh interpreter per case spent more CPU on
starting and importing than the 150 cases spent in ``main()``.

``SWLAB_CORPUS_REPORT=path`` writes every case's time to ``path`` (the slowest first).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "data" / "malformed"
MANIFEST: dict[str, dict[str, object]] = json.loads(
    (CORPUS / "corpus.json").read_text(encoding="utf-8")
)
#: CPU time one case may take, from calling the CLI's ``main`` to its return (seconds): CPU
#: time, not the wall clock, so a machine busy with other work does not fail a quick refusal.
BUDGET_S = 2.0
#: Time the 10 MB map of one 574,000-vertex region may take to be refused (issue 12).
LARGE_MAP_S = 5.0
#: A child still running after this long hangs (on a busy box).
HANG_S = 30.0
#: Address space of the child: swlab with numpy and shapely loaded needs far less.
MEMORY_BYTES = 1536 * 1024 * 1024

#: The server: swlab and the libraries it loads are imported once (their import time does
#: not depend on the input); then, for each request (a JSON line: the arguments, the working
#: directory, the files for the child's stdout and stderr), a forked child runs ``main()``,
#: timed in CPU seconds of the child, and the server answers with the child's exit status
#: (``null``: still running after HANG_S, killed). The child exits as ``python -c`` would:
#: ``SystemExit``'s code, or 1 after a traceback.
_SERVER = """\
import json, os, signal, sys, time, traceback
import yaml, shapely
import swlab.board.io, swlab.game.game, swlab.game.report, swlab.safe_io
from swlab.cli import main

def child(argv, out, err):
    fd_out = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    fd_err = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(fd_out, 1)
    os.dup2(fd_err, 2)
    sys.stdin.close()
    try:
        start = time.process_time()
        code = main(argv)
        sys.stderr.write(f'\\nelapsed {time.process_time() - start:.4f}\\n')
        sys.exit(code)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, (int, type(None))) else 1
        if status is not stop.code:
            print(stop.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status or 0)

for line in sys.stdin:
    request = json.loads(line)
    pid = os.fork()
    if pid == 0:
        os.chdir(request["cwd"])
        child(request["argv"], request["out"], request["err"])
    deadline = time.monotonic() + request["hang"]
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            answer = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            answer = None
            break
        time.sleep(0.005)  # a poll of the child: its exit, or the hang deadline
    print(json.dumps(answer), flush=True)
"""

TIMES: dict[str, float] = {}


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


class Cli:
    """The server of :data:`_SERVER`, under the address-space limit its children inherit."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        env = {**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=_limit_memory,
            env=env,
            cwd=ROOT,
        )

    def run(self, words: list[str], cwd: Path = ROOT) -> tuple[int, str, float]:
        """Exit code, stderr without the timing line, and the CPU time ``main()`` took."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        out, err = self.scratch / "stdout", self.scratch / "stderr"
        request = {"argv": words, "cwd": str(cwd), "out": str(out), "err": str(err)}
        self.proc.stdin.write(json.dumps({**request, "hang": HANG_S}) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        assert answer, f"the CLI server ended ({self.proc.wait()})"
        code = json.loads(answer)
        if code is None:
            pytest.fail(f"swlab {' '.join(words)} hangs: still running after {HANG_S:.0f} s")
        lines = err.read_text(errors="replace").rstrip("\n").splitlines()
        last = lines[-1] if lines else ""
        elapsed = float(last.split()[1]) if last.startswith("elapsed ") else -1
        return code, "\n".join(line for line in lines[:-1] if line), elapsed

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cli]:
    server = Cli(tmp_path_factory.mktemp("cli"))
    yield server
    server.close()


def check_refusal(
    cli: Cli, words: list[str], shown: str, expected: str, case: str, budget: float = BUDGET_S
) -> float:
    """One error line naming the file and holding ``expected``; within ``budget``."""
    code, err, elapsed = cli.run(words)
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    assert len(err.splitlines()) == 1, err
    assert err.startswith("swlab: error: "), err
    assert f"{Path(shown).name}: " in err, err  # the file, as given or resolved
    assert expected in err, f"{expected!r} not in {err!r}"
    assert 0 <= elapsed <= budget, f"{case}: {elapsed:.2f} s, over the {budget} s budget"
    TIMES[case] = elapsed
    return elapsed


def test_the_corpus_is_large_and_every_file_has_an_expectation() -> None:
    files = {
        p.relative_to(CORPUS).as_posix()
        for folder in ("scenarios", "records", "maps")
        for p in (CORPUS / folder).iterdir()
    }
    assert files == set(MANIFEST)
    scenario_and_record = [f for f in files if f.startswith(("scenarios/", "records/"))]
    assert len(scenario_and_record) >= 60


@pytest.mark.parametrize("case", sorted(MANIFEST))
def test_corpus_file_is_one_clear_line(cli: Cli, case: str) -> None:
    entry = MANIFEST[case]
    command = [str(w) for w in entry["command"]]  # type: ignore[attr-defined]
    path = f"tests/data/malformed/{case}"
    check_refusal(cli, [*command, path], path, str(entry["error"]), case)


# --- files the repository cannot hold ------------------------------------------------------


@pytest.fixture(scope="module")
def specials(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """FIFOs, folders, a sparse 30 MB file, a scenario with a 7 MB title."""
    folder = tmp_path_factory.mktemp("specials")
    fifo = folder / "pipe.yaml"
    os.mkfifo(fifo)
    big = folder / "thirty_mb.yaml"
    with big.open("wb") as handle:
        handle.truncate(30 * 1024 * 1024)
    title = folder / "seven_mb_title.yaml"
    title.write_text(
        "board: official_2p\nplayers: [Ann, Bob]\ntitle: " + "x" * (7 * 1024 * 1024) + "\n",
        encoding="utf-8",
    )
    (folder / "a_folder.yaml").mkdir()
    os.mkfifo(folder / "pipe.geojson")
    (folder / "a_folder.geojson").mkdir()
    yield {
        "map_fifo": folder / "pipe.geojson",
        "map_folder": folder / "a_folder.geojson",
        "fifo": fifo,
        "big": big,
        "title": title,
        "folder": folder / "a_folder.yaml",
    }


SPECIAL_CASES = [
    ("scenario", "/dev/zero", "cannot read the scenario: is a device, not a regular file"),
    ("scenario", "/dev/urandom", "cannot read the scenario: is a device, not a regular file"),
    ("record", "/dev/zero", "cannot read the record: is a device, not a regular file"),
    ("record", "/dev/urandom", "cannot read the record: is a device, not a regular file"),
    ("map", "/dev/zero", "is a device, not a regular file"),
    ("scenario", "fifo", "cannot read the scenario: is a FIFO (named pipe), not a regular file"),
    ("record", "fifo", "cannot read the record: is a FIFO (named pipe), not a regular file"),
    ("map", "map_fifo", "is a FIFO (named pipe), not a regular file"),
    ("map", "map_folder", "a folder, not a board file"),
    ("scenario", "folder", "cannot read the scenario: is a folder, not a regular file"),
    ("record", "folder", "cannot read the record: is a folder, not a regular file"),
    ("scenario", "big", "is 30 MB, more than the 8 MB a scenario file may have"),
    ("record", "big", "is 30 MB, more than the 8 MB a record file may have"),
    ("scenario", "title", "title: 7,340,032 characters, more than the 200 allowed"),
]


@pytest.mark.parametrize(("kind", "which", "expected"), SPECIAL_CASES)
def test_special_file_is_refused_without_reading_it(
    cli: Cli, specials: dict[str, Path], kind: str, which: str, expected: str
) -> None:
    path = str(specials[which]) if which in specials else which
    check_refusal(cli, [kind, "check", path], path, expected, f"{kind} {which}")


def test_a_ten_megabyte_region_is_refused_fast_naming_it(cli: Cli, tmp_path: Path) -> None:
    """Issue 12: a valid board whose one region has 574,000 vertices (10 MB) is refused by
    the documented vertex limit (``swlab.safe_io.MAP_LIMITS``), within :data:`LARGE_MAP_S`."""
    count = 574_000
    bottom = ", ".join(f"[{k * 0.005:.3f}, 0.000]" for k in range(count))
    right = count * 0.005
    dense = f"[[{bottom}, [{right:.3f}, 100], [0, 100], [0, 0]]]"
    corners = [(right, 0), (right + 100, 0), (right + 100, 100), (right, 100), (right, 0)]
    square = "[[" + ", ".join(f"[{x:.3f}, {y}]" for x, y in corners) + "]]"
    features = [
        '{"type": "Feature", "id": 1, "properties": {"terrain": "hill"}, '
        f'"geometry": {{"type": "Polygon", "coordinates": {dense}}}}}',
        '{"type": "Feature", "id": 2, "properties": {"terrain": "forest"}, '
        f'"geometry": {{"type": "Polygon", "coordinates": {square}}}}}',
    ]
    path = tmp_path / "ten_mb_region.geojson"
    path.write_text(
        '{"type": "FeatureCollection", "features": [' + ", ".join(features) + "]}",
        encoding="utf-8",
    )
    assert path.stat().st_size > 10_000_000
    expected = (
        f"feature #0 (region 1): field 'geometry.coordinates': {count + 3:,} vertices, more "
        "than the 5,000 a region may have (swlab.safe_io.MAP_LIMITS)"
    )
    # issue 12's budget for this file (5 s): its 10 MB of JSON take most of a second to parse
    case = "map 574,000-vertex region"
    check_refusal(cli, ["map", "check", str(path)], str(path), expected, case, budget=LARGE_MAP_S)


def test_a_valid_file_with_a_utf8_bom_loads(cli: Cli, tmp_path: Path) -> None:
    """The byte-order mark some editors write is accepted (the one encoding rule relaxed)."""
    path = tmp_path / "bom.yaml"
    path.write_bytes(
        b"\xef\xbb\xbf" + "title: Café\nboard: official_2p\nplayers: [Ann, Bob]\n".encode()
    )
    code, err, elapsed = cli.run(["scenario", "check", str(path)])
    assert code == 0, err
    assert 0 <= elapsed <= BUDGET_S


def test_an_inline_board_of_8000_regions_loads_within_the_budget(cli: Cli, tmp_path: Path) -> None:
    """Linear-time graph loading: 8,000 regions in a scenario's inline board."""
    regions = []
    width = 100
    for i in range(8000):
        row, col = divmod(i, width)
        neighbours = [i + 2] if col + 1 < width else []
        neighbours += [i + width + 1] if i + width < 8000 else []
        edge = row == 0 or col in (0, width - 1) or i + width >= 8000
        regions.append({"id": i + 1, "terrain": "hill", "edge": edge, "neighbours": neighbours})
    path = tmp_path / "big_board.json"
    path.write_text(
        json.dumps({"board": {"name": "big", "regions": regions}, "players": ["Ann", "Bob"]}),
        encoding="utf-8",
    )
    code, err, elapsed = cli.run(["scenario", "check", str(path)])
    assert code == 0, err
    assert 0 <= elapsed <= BUDGET_S
    TIMES["scenario inline board of 8,000 regions"] = elapsed


def test_zz_report_the_slowest_case() -> None:
    """Write the times (``SWLAB_CORPUS_REPORT``) once the cases of this process ran."""
    target = os.environ.get("SWLAB_CORPUS_REPORT")
    if not target or not TIMES:
        pytest.skip("set SWLAB_CORPUS_REPORT=path to write the times")
    ranked = sorted(TIMES.items(), key=lambda kv: -kv[1])
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    lines = [f"# {len(ranked)} cases, {stamp}"] + [f"{t:.3f} s  {case}" for case, t in ranked]
    Path(target).write_text("\n".join(lines) + "\n", encoding="utf-8")

"""The safe reader (:mod:`swlab.safe_io`) in-process: every loader refuses bad input with
its own error type, quickly, and never blocks, recurses or reads without bound.

The CLI side (one ``swlab: error:`` line per file) is ``tests/test_malformed_corpus.py``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from swlab.board.catalog import CatalogError, load_board
from swlab.board.graph import GraphError, read_graph
from swlab.board.io import MapFormatError, read_board
from swlab.game.codec import ScenarioError
from swlab.game.game import Game
from swlab.game.record import RecordError, load_record
from swlab.game.scenario import load_scenario
from swlab.safe_io import (
    LIMITS,
    MAX_ALIAS_VALUES,
    DuplicateKey,
    InputRefused,
    atomic_write_text,
    parse_yaml,
    read_text,
    remove_stale_temporaries,
)

#: loader, the one error type it raises, and a suffix for its files
LOADERS: list[tuple[str, Callable[[Path], Any], type[Exception], str]] = [
    ("load_scenario", load_scenario, ScenarioError, ".yaml"),
    ("Game.from_scenario", Game.from_scenario, ScenarioError, ".yaml"),
    ("load_record", load_record, RecordError, ".json"),
    ("Game.from_record", Game.from_record, RecordError, ".json"),
    ("read_board", read_board, MapFormatError, ".geojson"),
    ("read_graph", read_graph, GraphError, ".json"),
    ("load_board", load_board, (CatalogError, MapFormatError), ".geojson"),  # type: ignore[list-item]
]

IDS = [x[0] for x in LOADERS]

BAD: dict[str, bytes] = {
    "latin1": '{"title": "Café"}'.encode("latin-1"),
    "utf16": '{"title": "x"}'.encode("utf-16"),
    "nul": b'{"title": "\x00"}',
    "deep_json": b"[" * 5000 + b"]" * 5000,
    "deep_yaml": b"a: " + b"[" * 5000 + b"]" * 5000,
    "huge_int": b'{"seed": ' + b"9" * 5000 + b"}",
    "garbage": b"\x89PNG\r\n\x1a\n",
}


@pytest.mark.parametrize("bad", sorted(BAD))
@pytest.mark.parametrize(("name", "loader", "error", "suffix"), LOADERS, ids=IDS)
def test_every_loader_refuses_with_its_own_error(
    tmp_path: Path, name: str, loader: Callable[[Path], Any], error: type, suffix: str, bad: str
) -> None:
    path = tmp_path / f"bad{suffix}"
    path.write_bytes(BAD[bad])
    with pytest.raises(error) as info:
        loader(path)
    assert str(path) in str(info.value) or path.name in str(info.value)
    assert "\n" not in str(info.value)


def _returns_within(seconds: float, call: Callable[[], Any]) -> BaseException | None:
    """Run ``call`` in a thread; fail if it is still running after ``seconds`` (a hang)."""
    result: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            result.append(None)
        except BaseException as error:
            result.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s: it blocks"
    return result[0]


@pytest.mark.parametrize(("name", "loader", "error", "suffix"), LOADERS, ids=IDS)
def test_fifos_and_devices_are_refused_without_blocking(
    tmp_path: Path, name: str, loader: Callable[[Path], Any], error: type, suffix: str
) -> None:
    fifo = tmp_path / f"pipe{suffix}"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), Path("/dev/urandom"), tmp_path):
        raised = _returns_within(5.0, lambda p=path: loader(p))  # type: ignore[misc]
        assert isinstance(raised, error), (path, raised)
        assert "regular file" in str(raised) or "folder" in str(raised), raised


def test_a_file_over_its_kind_limit_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(LIMITS["scenario"] + 1)
    with pytest.raises(InputRefused, match="more than the 8 MB a scenario file may have"):
        read_text(big, "scenario")


def test_a_utf8_bom_is_accepted_and_offsets_count_it(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfboard: official_2p\nplayers: [Ann, Bob]\n")
    assert load_scenario(path).players[0].name == "Ann"
    path.write_bytes(b"\xef\xbb\xbftitle: Caf\xe9\n")
    with pytest.raises(ScenarioError, match=r"byte 13: invalid continuation byte.*Latin-1"):
        load_scenario(path)


def test_an_alias_bomb_is_refused_fast() -> None:
    """The 324-byte "billion laughs": 9^9 values if expanded; refused while composing."""
    lines = ["a: &a [" + ", ".join(["lol"] * 9) + "]"]
    lines += [f"{chr(98 + k)}: &{chr(98 + k)} [" + ", ".join([f"*{chr(97 + k)}"] * 9) + "]"
              for k in range(8)]  # fmt: skip
    start = time.perf_counter()
    with pytest.raises(InputRefused, match="YAML aliases"):
        parse_yaml("\n".join(lines))
    assert time.perf_counter() - start < 2.0


def test_aliases_within_the_limit_load_and_duplicate_keys_are_checked_once() -> None:
    """Many aliases of one mapping: composed once, its keys checked once, values shared."""
    text = "base: &b {" + ", ".join(f"k{i}: {i}" for i in range(50)) + "}\n"
    text += "uses: [" + ", ".join(["*b"] * (MAX_ALIAS_VALUES // 120)) + "]\n"
    data = parse_yaml(text)
    assert len(data["uses"]) == MAX_ALIAS_VALUES // 120 and data["uses"][0]["k3"] == 3
    with pytest.raises(InputRefused, match="the key 'k1' appears twice"):
        parse_yaml("base: &b {k1: 1, k1: 2}\nuses: [*b, *b]\n")


@pytest.mark.parametrize(
    ("first", "second", "value"),
    [("12", "0xC", "12"), ("13", "015", "13"), ("1", "true", "1"), ("1.0", "1", "1.0"),
     ("2", "0b10", "2"), ("null", "~", "None")],
)  # fmt: skip
def test_one_key_in_two_spellings_is_a_key_written_twice(
    first: str, second: str, value: str
) -> None:
    """Keys are compared as YAML reads them: ``0xC`` is 12 again, and the last would win."""
    text = f"regions:\n  {first}: {{tokens: 1}}\n  {second}: {{tokens: 2}}\n"
    with pytest.raises(DuplicateKey) as caught:
        parse_yaml(text)
    reason = caught.value.reason
    assert f"the key {second!r} (line 3)" in reason, reason
    assert f"the key {first!r} of line 2" in reason and value in reason, reason
    assert caught.value.path == f"regions.{second}" and caught.value.line == 3


def test_interrupted_atomic_writes_leave_no_temporaries_behind(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    dead = tmp_path / f".game.json.{2**22 + 12345}.abc123.tmp"  # no such process
    dead.write_text("half")
    old = tmp_path / ".game.json.xyz.tmp"  # an older swlab: no process id
    old.write_text("half")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    fresh = tmp_path / ".game.json.qq.tmp"  # someone may be writing it now
    fresh.write_text("half")
    mine = tmp_path / f".game.json.{os.getpid()}.abc.tmp"
    mine.write_text("half")
    other = tmp_path / f".other.json.{2**22 + 12345}.abc.tmp"
    other.write_text("half")
    atomic_write_text(target, "{}")
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["game.json", fresh.name, mine.name, other.name])
    assert remove_stale_temporaries(tmp_path / "other.json") == [other]

"""Names reach the terminal as text: a control character in a player's, board's or region's
name is printed as a visible escape by every command, in its output and its error lines.

A name may hold ``ESC [2J`` (clear the screen), ``ESC ]0;...BEL`` (retitle the window), a
line break followed by a fake ``swlab: error:`` line, or a right-to-left override. Each
command below reads such names and prints them: nothing it prints may hold a raw control
character (line ends aside), no line may be the fake one, and the name is still shown whole.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from swlab.board import official_board, write_board
from swlab.cli import main
from swlab.terminal import printable, printable_block

CLEAR = "Ann\x1b[2J\x1b]0;pwned\x07"
FAKE = "Bob\nswlab: error: fake line"
BIDI = "Cy\u202eevil"
#: what a terminal would act on: every control character but the line end, separators, bidi
RAW = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def _check(out: str, err: str, shown: list[str]) -> None:
    for stream in (out, err):
        assert not RAW.search(stream), repr(stream)
        assert not any(line.startswith("swlab: error: fake") for line in stream.splitlines())
    for name in shown:
        assert printable(name) in out + err, (printable(name), out + err)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    scenario = tmp_path / "hostile.yaml"
    scenario.write_text(
        json.dumps({"title": "t\x1b[2J", "board": "official_2p", "players": [CLEAR, FAKE]}),
        encoding="utf-8",
    )
    board = official_board(2)
    regions = tuple(
        dataclasses.replace(r, name=f"{FAKE}{r.id}") if k < 3 else r
        for k, r in enumerate(board.regions)
    )
    hostile_map = tmp_path / "hostile.geojson"
    write_board(dataclasses.replace(board, name=CLEAR, regions=regions), hostile_map)
    broken = dataclasses.replace(board, name=BIDI, regions=regions[:-1])  # a gap: problems
    broken_map = tmp_path / "broken.geojson"
    write_board(broken, broken_map)
    from swlab.game import GameRecord
    from swlab.rules import new_game

    record = GameRecord.from_state(new_game(official_board(2), 2, seed=1), [])
    data = record.to_json()
    data["players"] = [BIDI, BIDI]
    twins = tmp_path / "twins.json"
    twins.write_text(json.dumps(data), encoding="utf-8")
    return {"scenario": scenario, "map": hostile_map, "broken": broken_map, "twins": twins}


@pytest.mark.parametrize(
    ("words", "shown"),
    [
        (["scenario", "check", "{scenario}"], [CLEAR, FAKE]),
        (["scenario", "run", "{scenario}", "--events", "--actions", "pick 0; end"], [CLEAR]),
        (["scenario", "run", "{scenario}", "--actions", "pick 0; conquer 999"], [CLEAR]),
        (["map", "check", "{map}"], [CLEAR]),
        (["map", "check", "{broken}"], []),
        (["map", "stats", "{map}", "--compare", "{broken}"], []),
        (["record", "check", "{twins}"], [BIDI]),
        (["scenario", "check", "{scenario}\x1b[2J"], ["\x1b[2J"]),
        (["simulate", "--board", "{map}", "--games", "1", "--serial", "--no-progress"], [CLEAR]),
    ],
)
def test_every_command_prints_names_as_text(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], words: list[str], shown: list[str]
) -> None:
    main([w.format(**{k: str(v) for k, v in files.items()}) for w in words])
    out, err = capsys.readouterr()
    _check(out, err, shown)


def test_printable_escapes_controls_and_keeps_everything_else() -> None:
    assert printable("a\tb\r\n\x00\x7f\x85\u2028\u202e\u2067z") == (
        "a\\tb\\r\\n\\x00\\x7f\\x85\\u2028\\u202e\\u2067z"
    )
    assert printable("Γιάννης Ünal 龍") == "Γιάννης Ünal 龍"
    assert printable_block("one\x1b\ntwo\n") == "one\\x1b\ntwo\n"

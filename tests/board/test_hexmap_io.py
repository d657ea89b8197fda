"""Hex maps in files: the profile in GeoJSON, row strings and hex JSON round trips, the
shipped base map regenerated, and ``swlab map check|show`` on Terra Mystica maps."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from swlab.board import MapFormatError, read_board, write_board
from swlab.board.hexmap import (
    BASE_ROWS,
    HexLayoutError,
    base_layout,
    base_map,
    board_layout,
    generate_layout,
    layout_board,
    layout_from_json,
    layout_to_json,
    parse_rows,
    read_hexmap,
    rows_text,
    write_hexmap,
)
from swlab.board.hexmap.base import base_geojson_path, write_base_geojson
from swlab.board.io import board_to_geojson, parse_board
from swlab.cli import main

REPO = Path(__file__).resolve().parents[2]


def test_geojson_round_trip_keeps_the_profile(tmp_path: Path) -> None:
    board = base_map()
    write_board(board, tmp_path / "tm.geojson")
    again = read_board(tmp_path / "tm.geojson")
    assert again.profile == "terra_mystica"
    assert board_layout(again) == base_layout()
    assert board_to_geojson(again) == board_to_geojson(board)


def test_small_world_files_carry_no_profile_and_read_as_small_world() -> None:
    from swlab.board import official_board

    doc = board_to_geojson(official_board(2))
    assert "profile" not in doc["board"]
    assert parse_board(doc).profile == "small_world"


def test_an_unknown_profile_is_refused_with_its_field() -> None:
    doc = board_to_geojson(base_map())
    doc["board"]["profile"] = "catan"
    with pytest.raises(MapFormatError, match=r"board\.profile.*small_world, terra_mystica"):
        parse_board(doc, "x.geojson")


def test_the_shipped_geojson_is_generated_from_the_rows(tmp_path: Path) -> None:
    fresh = write_base_geojson(tmp_path / "terra_mystica_base.geojson")
    assert fresh.read_bytes() == base_geojson_path().read_bytes()
    tool = [sys.executable, str(REPO / "tools" / "hexmaps.py"), "base", "--check"]
    done = subprocess.run(tool, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "up to date" in done.stdout, done.stderr


def test_row_strings_round_trip_exactly() -> None:
    assert rows_text(parse_rows(BASE_ROWS)) == BASE_ROWS
    for seed in range(3):
        layout = generate_layout(seed)
        assert parse_rows(rows_text(layout)) == layout


def test_row_strings_read_leniently() -> None:
    compact = "# a comment\nusg\n\n,y,~,\n"
    assert parse_rows(compact) == parse_rows("A: U S G\nB:  Y ~")


def test_a_bad_letter_names_its_line_and_space() -> None:
    with pytest.raises(HexLayoutError, match=r"line 2, space 3: 'X' is not a terrain letter"):
        parse_rows("A: U S G\nB:  Y ~ X")


def test_hex_json_round_trips_exactly(tmp_path: Path) -> None:
    doc = layout_to_json(base_layout(), "terra_mystica_base")
    assert doc["rows"][1] == "Y~~UK~~YK~~Y"
    assert layout_from_json(json.loads(json.dumps(doc))) == (base_layout(), "terra_mystica_base")
    write_hexmap(base_layout(), "base", tmp_path / "base.json")
    assert read_hexmap(tmp_path / "base.json") == (base_layout(), "base")
    write_hexmap(base_layout(), "base", tmp_path / "base.txt")
    assert (tmp_path / "base.txt").read_text() == BASE_ROWS
    assert read_hexmap(tmp_path / "base.txt") == (base_layout(), "base")


def test_hex_json_errors_name_the_field() -> None:
    with pytest.raises(HexLayoutError, match="swlab-hexmap"):
        layout_from_json({"rows": []})
    with pytest.raises(HexLayoutError, match="field 'rows'"):
        layout_from_json({"format": "swlab-hexmap", "version": 1, "name": "x", "rows": 3})


def test_tool_imports_and_exports(tmp_path: Path) -> None:
    rows = tmp_path / "mine.txt"
    rows.write_text("A: U K ~\nB:  B ~ S\n")
    tool = [sys.executable, str(REPO / "tools" / "hexmaps.py")]
    out = tmp_path / "mine.geojson"
    subprocess.run([*tool, "import", str(rows), "-o", str(out)], check=True, capture_output=True)
    board = read_board(out)
    assert board.profile == "terra_mystica" and board.name == "mine"
    back = tmp_path / "back.txt"
    subprocess.run([*tool, "export", str(out), "-o", str(back)], check=True, capture_output=True)
    assert back.read_text() == rows.read_text()


def test_map_check_on_the_base_map_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "check", "terra_mystica_base"]) == 0
    out = capsys.readouterr().out
    assert "OK: terra_mystica_base — 113 spaces (77 terrain, 36 river)" in out
    assert "0 problems, 17 facts of the printed map's design" in out


def test_map_check_on_a_bad_hex_map_fails_naming_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.geojson"
    write_board(layout_board(parse_rows("A: U U ~ K"), "bad"), path)
    assert main(["map", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "same_terrain" in out and "[A1, A2]" in out and "Fix: repaint A2" in out


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_map_show_draws_a_hex_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    target = tmp_path / f"tm{suffix}"
    args = ["--adjacency", "--reach", "e7", "--shipping", "2", "--land-masses", "--problems"]
    assert main(["map", "show", "terra_mystica_base", "-o", str(target), *args]) == 0
    assert target.stat().st_size > 10_000
    if suffix == ".svg":
        text = target.read_text()
        assert "bridge slot" in text and ">E7<" in text and "#2e8b3a" in text.lower()


def test_map_show_refuses_an_unknown_label(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["map", "show", "terra_mystica_base", "-o", str(tmp_path / "x.svg"), "--reach", "Z9"])
        == 2
    )
    assert "no terrain space has that label" in capsys.readouterr().err


# --- large row-string files: a size limit and a linear parser -------------------------------
def _rows_file(path: Path, rows: int, per_row: int, comments: int = 0) -> Path:
    """``rows`` rows of ``per_row`` letters (no separators), after ``comments`` comment lines."""
    letters = "USGBYRK~"
    body = "".join(f"# note {k}\n" for k in range(comments))
    body += "".join(
        "".join(letters[(r + c) % len(letters)] for c in range(per_row)) + "\n" for r in range(rows)
    )
    path.write_text(body, encoding="utf-8")
    return path


def _cpu(fn: Any) -> float:
    import time

    start = time.process_time()
    fn()
    return time.process_time() - start


def test_a_row_file_over_the_size_limit_is_refused_fast_naming_the_limit(tmp_path: Path) -> None:
    """An 83 kB row file took 22 s and 514 MB to become a board, a 2 MB one ran for minutes:
    the size is refused before anything is parsed."""
    from swlab.safe_io import LIMITS

    big = _rows_file(tmp_path / "two_mb.txt", 26, 80_000)
    assert big.stat().st_size > 2_000_000
    refusals: list[str] = []

    def refuse() -> None:
        with pytest.raises(HexLayoutError) as caught:
            read_hexmap(big)
        refusals.append(str(caught.value))

    elapsed = _cpu(refuse)
    limit = f"{LIMITS['hex map']:,} bytes"
    assert refusals == [
        f"{big}: is {big.stat().st_size / 2**20:.3g} MB, more than the {limit} a hex map file "
        "may have"
    ]
    assert elapsed < 0.5, elapsed


def test_too_many_spaces_are_refused_while_reading_naming_the_limit(tmp_path: Path) -> None:
    from swlab.safe_io import MAP_LIMITS

    spaces = int(MAP_LIMITS["hex_spaces"])
    path = _rows_file(tmp_path / "wide.txt", 26, 2_000)  # 52,000 spaces in 52 kB
    with pytest.raises(HexLayoutError) as caught:
        read_hexmap(path)
    assert str(caught.value).startswith(f"{path}: line ")
    assert f"more than the {spaces:,} spaces a hex map may have" in str(caught.value)
    doc = {"format": "swlab-hexmap", "version": 1, "name": "x", "rows": ["U" * 2_000] * 26}
    with pytest.raises(HexLayoutError, match=f"more than the {spaces:,} spaces"):
        layout_from_json(doc)


def test_a_big_legal_row_file_parses_in_linear_time(tmp_path: Path) -> None:
    """The most spaces a file may have, under the size limit with comments, parses in a
    fraction of a second, and eight times the text takes about eight times as long."""
    from swlab.safe_io import LIMITS, MAP_LIMITS

    per_row = int(MAP_LIMITS["hex_spaces"]) // 26
    small = _rows_file(tmp_path / "small.txt", 26, per_row, comments=400)
    large = _rows_file(tmp_path / "large.txt", 26, per_row, comments=3_200 + 2_000)
    assert large.stat().st_size < LIMITS["hex map"] < large.stat().st_size * 1.3
    layout, _ = read_hexmap(large)
    assert len(layout) == 26 * per_row
    texts = {p: p.read_text() for p in (small, large)}
    best = {p: min(_cpu(lambda p=p: parse_rows(texts[p])) for _ in range(5)) for p in texts}
    assert best[large] < 0.5, best
    ratio = best[large] / max(best[small], 1e-4)
    assert ratio < 40, best  # text 8x larger (spaces equal): linear, not quadratic (64x+)


def test_a_27th_row_and_an_empty_file_name_the_problem(tmp_path: Path) -> None:
    with pytest.raises(HexLayoutError, match=r"^line 27: a hex map has at most 26 rows"):
        parse_rows("U\n" * 27)
    with pytest.raises(HexLayoutError, match="no rows: write one row"):
        parse_rows("# only a comment\n")

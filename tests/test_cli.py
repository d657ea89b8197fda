"""The ``swlab`` command, run in-process through :func:`swlab.cli.main`.

Exit codes: 0 success, 1 a map with problems (``map check``), 2 bad input, which must be
one ``swlab: error:`` line and never a traceback.
"""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from shapely.geometry import box

from swlab.board import Board, Region, maps_dir, read_board, write_board
from swlab.cli import main

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
HAS_GENERATE = importlib.util.find_spec("swlab.board.generate") is not None
HAS_VALIDATE = importlib.util.find_spec("swlab.board.validate") is not None
HAS_OFFICIAL = (maps_dir() / "official_2p.geojson").is_file()
needs_validate = pytest.mark.skipif(not HAS_VALIDATE, reason="swlab.board.validate not there yet")

#: 5 regions: four around the edge, a Mountain in the middle bordering all of them.
GRAPH = {
    "name": "five",
    "players": 2,
    "turns": 10,
    "regions": [
        {"id": 1, "terrain": "sea", "symbols": [], "edge": True, "neighbours": [2, 4, 5]},
        {
            "id": 2,
            "terrain": "farmland",
            "symbols": ["mine"],
            "edge": True,
            "neighbours": [1, 3, 5],
        },
        {
            "id": 3,
            "terrain": "forest",
            "symbols": ["lost_tribe"],
            "edge": True,
            "neighbours": [2, 4, 5],
        },
        {"id": 4, "terrain": "hill", "symbols": ["magic"], "edge": True, "neighbours": [1, 3, 5]},
        {
            "id": 5,
            "terrain": "mountain",
            "symbols": ["cavern"],
            "edge": False,
            "neighbours": [1, 2, 3, 4],
            "name": "Peak",
        },
    ],
}


def clean_map(tmp_path: Path) -> Path:
    """A playable 2 x 2 board: Sea, Farmland (mine), Forest, Mountain (lost tribe)."""
    regions = (
        Region(1, "sea", box(0, 0, 1, 1)),
        Region(2, "farmland", box(1, 0, 2, 1), frozenset({"mine"})),
        Region(3, "forest", box(0, 1, 1, 2)),
        Region(4, "mountain", box(1, 1, 2, 2), frozenset({"lost_tribe"})),
    )
    path = tmp_path / "clean.geojson"
    write_board(Board("clean", 2, 10, box(0, 0, 2, 2), regions), path)
    return path


def overlapping_map(tmp_path: Path) -> Path:
    """Two squares overlapping in the middle of a 3 x 2 outline."""
    regions = (Region(1, "hill", box(0, 0, 2, 2)), Region(2, "forest", box(1, 0, 3, 2)))
    path = tmp_path / "bad.geojson"
    write_board(Board("bad", 2, 10, box(0, 0, 3, 2), regions), path)
    return path


def assert_input_error(code: int, err: str) -> None:
    assert code == 2
    assert err.startswith("swlab: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


# --- map check -----------------------------------------------------------------------------
@needs_validate
def test_check_clean_board_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "check", str(clean_map(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: clean — 4 regions")
    assert "4 borders" in out


@needs_validate
def test_check_board_with_problems_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["map", "check", str(overlapping_map(tmp_path))]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("overlap") and "[1, 2]" in line for line in lines)
    assert lines[-1].endswith("in " + str(tmp_path / "bad.geojson"))
    assert lines[-1].split()[1] in ("problem", "problems")


def test_malformed_file_exits_2_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.geojson"
    path.write_text("this is { not JSON", encoding="utf-8")
    for command in (["map", "check"], ["map", "stats"], ["map", "show", "-o", "x.svg"]):
        code = main([*command[:2], str(path), *command[2:]])
        captured = capsys.readouterr()
        assert_input_error(code, captured.err)
        assert "not valid JSON" in captured.err


def test_missing_map_names_the_shipped_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["map", "check", "official3p"])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "no such file or shipped map" in err


@needs_validate
@pytest.mark.skipif(not HAS_OFFICIAL, reason="official boards not shipped yet")
def test_check_shipped_map_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "check", "official_2p"]) == 0
    assert capsys.readouterr().out.startswith("OK: official-2p — 23 regions")


# --- map show ------------------------------------------------------------------------------
def test_show_writes_svg_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = str(clean_map(tmp_path))
    svg, png = tmp_path / "board.svg", tmp_path / "board.png"
    assert main(["map", "show", board, "-o", str(svg), "--adjacency"]) == 0
    assert main(["map", "show", board, "-o", str(png), "--highlight", "first-conquest"]) == 0
    assert main(["map", "show", board, "-o", str(svg), "--no-ids", "--highlight", "coastal"]) == 0
    ET.parse(svg)
    assert png.read_bytes()[:8] == PNG_SIGNATURE
    assert capsys.readouterr().out.splitlines()[0] == f"wrote {svg}"


@needs_validate
def test_show_problems(tmp_path: Path) -> None:
    target = tmp_path / "bad.svg"
    assert (
        main(["map", "show", str(overlapping_map(tmp_path)), "-o", str(target), "--problems"]) == 0
    )
    assert "problem (1)" in target.read_text(encoding="utf-8")


def test_show_refuses_unknown_picture_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["map", "show", str(clean_map(tmp_path)), "-o", str(tmp_path / "board.gif")])
    assert_input_error(code, capsys.readouterr().err)
    assert not (tmp_path / "board.gif").exists()


def test_show_into_missing_folder_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "such" / "board.svg"
    code = main(["map", "show", str(clean_map(tmp_path)), "-o", str(target)])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert err == f"swlab: error: {target}: cannot write (no such folder)\n"


# --- map stats -----------------------------------------------------------------------------
def test_stats_prints_terrain_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "stats", str(clean_map(tmp_path))]) == 0
    rows = {line.split()[1]: line.split()[2:] for line in capsys.readouterr().out.splitlines()[1:]}
    for terrain in ("farmland", "forest", "hill", "swamp", "mountain", "sea", "lake"):
        assert terrain in rows
    assert rows["farmland"] == ["1"] and rows["swamp"] == ["0"]
    assert rows["mountains"] == ["1", "9"]  # needed vs tokens in the box (R-COMP-5)


def test_r_comp_5_stats_flags_more_mountains_than_tokens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    regions = tuple(Region(k + 1, "mountain", box(k, 0, k + 1, 1)) for k in range(10))
    path = tmp_path / "alps.geojson"
    write_board(Board("alps", 2, 10, box(0, 0, 10, 1), regions), path)
    assert main(["map", "stats", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    flagged = [line for line in lines if line.endswith("more than the box holds")]
    assert len(flagged) == 1 and flagged[0].split()[1:4] == ["mountains", "10", "9"]


def test_stats_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean = str(clean_map(tmp_path))
    bad = str(overlapping_map(tmp_path))
    assert main(["map", "stats", clean, "--compare", bad]) == 0
    header = capsys.readouterr().out.splitlines()[0].split()
    assert header == ["group", "item", "clean", "bad", "difference", "limit"]


# --- map from-graph ------------------------------------------------------------------------
@pytest.mark.skipif(not HAS_GENERATE, reason="swlab.board.generate not there yet")
def test_from_graph_writes_a_board_with_the_graph_topology(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    graph = tmp_path / "five.json"
    graph.write_text(json.dumps(GRAPH), encoding="utf-8")
    target = tmp_path / "five.geojson"
    assert main(["map", "from-graph", str(graph), "-o", str(target), "--seed", "2"]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {target}: five — 5 regions")
    board = read_board(target)
    assert (board.name, board.players, board.turns) == ("five", 2, 10)
    for raw in GRAPH["regions"]:
        region = board[raw["id"]]
        assert region.terrain == raw["terrain"]
        assert region.symbols == frozenset(raw["symbols"])
        assert board.neighbours(region.id) == frozenset(raw["neighbours"])
    assert board[5].name == "Peak"
    assert board.edge_regions == {1, 2, 3, 4}


@pytest.mark.skipif(not HAS_GENERATE, reason="swlab.board.generate not there yet")
def test_from_graph_bad_graph_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    graph = tmp_path / "bad.json"
    broken = json.loads(json.dumps(GRAPH))
    broken["regions"][0]["neighbours"] = [2, 4, 5, 99]  # a region that does not exist
    graph.write_text(json.dumps(broken), encoding="utf-8")
    code = main(["map", "from-graph", str(graph), "-o", str(tmp_path / "out.geojson")])
    assert_input_error(code, capsys.readouterr().err)
    assert not (tmp_path / "out.geojson").exists()
    graph.write_text("{", encoding="utf-8")
    code = main(["map", "from-graph", str(graph), "-o", str(tmp_path / "out.geojson")])
    assert_input_error(code, capsys.readouterr().err)


# --- usage ---------------------------------------------------------------------------------
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["map"]) == 2
    assert main(["map", "show", "official_2p"]) == 2  # -o is required
    assert "usage: swlab" in capsys.readouterr().err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "--help"]) == 0
    out = capsys.readouterr().out
    for command in ("check", "show", "stats", "from-graph"):
        assert command in out

"""The ``swlab`` command, run in-process through :func:`swlab.cli.main`.

Exit codes: 0 success, 1 a map with problems (``map check``), 2 bad input, which must be
one ``swlab: error:`` line and never a traceback.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from shapely.geometry import box

import swlab.servers
from swlab.board import Board, Region, maps_dir, read_board, write_board
from swlab.cli import main

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
HAS_GENERATE = importlib.util.find_spec("swlab.board.generate") is not None
HAS_VALIDATE = importlib.util.find_spec("swlab.board.validate") is not None
HAS_OFFICIAL = (maps_dir() / "official_2p.geojson").is_file()
ROOT = Path(__file__).resolve().parents[1]
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


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from swlab import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"swlab {__version__}\n"


# --- one error prefix, shipped names listed ------------------------------------------------
SHIPPED = (
    "shipped boards: official_2p, official_3p, official_4p, official_5p, sample, terra_mystica_base"
)


@pytest.mark.parametrize(
    "command",
    [
        ["map", "check", "official3p"],
        ["map", "stats", "official_2p", "--compare", "nowhere"],
        ["map", "show", "official3p", "-o", "x.svg"],
        ["simulate", "--board", "official3p", "--games", "1", "--no-progress"],
    ],
    ids=["check", "compare", "show", "simulate"],
)
def test_every_wrong_board_name_lists_the_shipped_boards(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(command)
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert SHIPPED in err


def test_both_spellings_of_a_shipped_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "stats", "official-3p", "--compare", "official_3p"]) == 0
    assert "official-3p" in capsys.readouterr().out


def test_a_region_graph_is_no_map_to_check(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["map", "check", "sample"])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "swlab map from-graph sample -o sample.geojson" in err


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--top", "-1", "--top must be 1 or more, not -1"),
        ("--games", "0", "--games must be 1 or more, not 0"),
        ("--min-picks", "0", "--min-picks must be 1 or more"),
        ("--players", "7", "--players must be 2 to 6 (R-COMP-1), not 7"),
    ],
)
def test_simulate_refuses_bad_numbers_in_one_line(
    option: str, value: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--board", "official_2p", option, value, "--no-progress"])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert words in err


def test_simulate_errors_use_the_common_prefix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--games", "1", "--bots", "clever", "--no-progress"])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "unknown bot" in err
    (tmp_path / "file").write_text("x")
    code = main(["simulate", "--games", "1", "--out", str(tmp_path / "file"), "--no-progress"])
    assert_input_error(code, capsys.readouterr().err)


def test_simulate_counts_games_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--board", "official_3p", "--games", "2", "--bots", "greedy,random"]
    assert main([*argv, "--no-progress"]) == 0
    out = capsys.readouterr().out
    per_bot = out.split("per bot\n", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    games = {line.split()[0]: int(line.split()[1]) for line in per_bot}
    assert games == {"greedy": 2, "random": 2}  # greedy sat on two seats of each game


def test_an_interrupt_ends_the_progress_line_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import swlab.balance.runner
    import swlab.balance.simulate

    def interrupted(*args: object, **kwargs: object) -> object:
        bar = swlab.balance.runner._Progress(10, sys.stderr, True)
        bar.update(3)
        raise KeyboardInterrupt

    monkeypatch.setattr(swlab.balance.simulate, "run_simulation", interrupted)
    assert main(["simulate", "--board", "official_2p"]) == 130
    err = capsys.readouterr().err
    assert err.endswith("games/s\nswlab: interrupted\n")


@pytest.mark.parametrize("folder", ["out/", "existing"])
def test_an_output_naming_a_folder_is_refused(
    folder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "existing").mkdir()
    for command in (["map", "show", "official_2p"], ["map", "from-graph", "sample"]):
        code = main([*command, "-o", folder])
        err = capsys.readouterr().err
        assert_input_error(code, err)
        assert "is a folder; name a file" in err
    assert not (tmp_path / "out").exists()


def test_show_into_a_folder_named_like_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "dir.svg"
    code = main(["map", "show", "official_2p", "-o", f"{target}/"])
    assert_input_error(code, capsys.readouterr().err)
    assert not target.exists()


@pytest.mark.skipif(not HAS_GENERATE, reason="swlab.board.generate not there yet")
def test_from_graph_never_overwrites_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    graph = tmp_path / "five.json"
    graph.write_text(json.dumps(GRAPH), encoding="utf-8")
    code = main(["map", "from-graph", str(graph), "-o", str(graph)])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "is the input graph" in err
    assert json.loads(graph.read_text(encoding="utf-8")) == GRAPH


@pytest.mark.skipif(not HAS_GENERATE, reason="swlab.board.generate not there yet")
def test_from_graph_draws_the_shipped_sample(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "sample.geojson"
    assert main(["map", "from-graph", "sample", "-o", str(target)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {target}: sample — 9 regions")
    assert main(["map", "check", str(target)]) == 0


def test_map_and_scenario_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["official_2p", "map", "and", "region", "graph"]
    assert lines[-2].split() == ["sample", "region", "graph"]
    assert lines[-1].split() == ["terra_mystica_base", "map"]
    assert main(["scenario", "list"]) == 0
    names = capsys.readouterr().out.split()
    assert "02_mountain_and_lost_tribe" in names and "tutorial/02_the_die" in names


def test_a_missing_dependency_says_how_to_set_up(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import swlab.cli

    def lacking(args: object, out: object) -> int:
        raise ModuleNotFoundError("No module named 'shapely'", name="shapely")

    monkeypatch.setattr(swlab.cli, "_cmd_map_list", lacking)
    assert main(["map", "list"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("swlab: error: this Python") and "no module 'shapely'" in err
    assert "python3 tasks.py swlab" in err and "Traceback" not in err


def test_python_m_swlab_without_the_dependencies_prints_the_fix() -> None:
    """``-S``: no site-packages, as for the system Python in a fresh clone."""
    for command in (["map", "check", "official_2p"], ["scenario", "run", "01_first_conquest"]):
        done = subprocess.run(
            [sys.executable, "-S", "-m", "swlab", *command],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
        )
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith("swlab: error: this Python")
        assert "python3 tasks.py swlab" in done.stderr


# --- scenario run --------------------------------------------------------------------------
def lesson(tmp_path: Path) -> Path:
    """Ann's Ratmen on Farmland 3 mid-turn, Bob's Humans on 7 (official 2-player board)."""
    path = tmp_path / "s.yaml"
    path.write_text(
        "board: official_2p\n"
        "players:\n"
        "  - {name: Ann, active: {race: Ratmen, power: Hill, hand: 3}}\n"
        "  - {name: Bob, active: {race: Humans, power: Forest}}\n"
        "unlisted_regions: empty\n"
        "regions: {3: {race: Ratmen, tokens: 2}, 7: {race: Humans, tokens: 3}}\n"
        "turn: {stage: conquer}\n",
        encoding="utf-8",
    )
    return path


def test_scenario_run_prints_one_line_and_the_refusal_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = str(lesson(tmp_path))
    assert main(["scenario", "run", p, "--actions", "conquer 2; end"]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"{p}: played conquer 2; end: round 1, Ann to play (redeploy, Ratmen)\n"
    assert captured.err == ""
    assert main(["scenario", "run", p, "--actions", "conquer 2; conquer 12"]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        f"{p}: played conquer 2 (1 of 2, then refused): round 1, Ann to play (conquer, Ratmen)"
    ]
    assert captured.err.startswith("swlab: refused: conquer 12: ")
    assert captured.err.rstrip().endswith("(R-CONQ-6).") and captured.err.count("\n") == 1


def test_scenario_run_events_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = str(lesson(tmp_path))
    assert main(["scenario", "run", p, "-a", "conquer 2", "--events"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("  Ann conquers") and "(R-CONQ-2)" in lines[0]
    assert main(["scenario", "run", p, "--actions", "conquer 2; end", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stage"] == "redeploy"
    assert main(["scenario", "run", p, "--actions", "conquer 12", "--json", "--indent", "0"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["error"]["rule"] == "R-CONQ-6"
    assert captured.out.count("\n") == 1 and "R-CONQ-6" in captured.err


def test_scenario_mistakes_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "s.yaml"
    p.write_text("board: nowhere\nplayers: [A, B]\n")
    code = main(["scenario", "run", str(p)])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "no shipped board" in err and SHIPPED in err
    p.write_bytes("board: official_2p\nplayers: [Ann, Bjørn]\n".encode("latin-1"))
    code = main(["scenario", "run", str(p)])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "not UTF-8 text" in err
    code = main(["scenario", "check", "tutorial/99_nothing"])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "shipped scenarios: 01_first_conquest" in err


def test_scenario_check_prints_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "check", "01_first_conquest"]) == 0
    out = capsys.readouterr().out
    assert "official-2p  round 1/10" in out and "legal: pick 0" in out


def test_the_maintenance_command_is_not_offered(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "refresh-docs"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_present_takes_its_own_lang_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """`swlab present --lang el` serves the presenter in Greek (issue 15); a language swlab
    does not speak is refused before any server starts."""
    seen: list[dict[str, str]] = []

    def serve(cmd: list[str], env: dict[str, str]) -> int:
        seen.append(env)
        return 0

    monkeypatch.setattr(swlab.servers, "become", serve)
    assert main(["present", "--lang", "el", "--no-browser", "--seed", "1"]) == 0
    assert seen[-1]["SWLAB_LANG"] == "el"
    assert main(["--lang", "tr", "present", "--no-browser", "--seed", "1"]) == 0
    assert seen[-1]["SWLAB_LANG"] == "tr"
    assert main(["present", "--lang", "xx", "--no-browser"]) == 2
    assert len(seen) == 2


# --- no noise that looks like an error ---------------------------------------------------------
@pytest.mark.parametrize("spec", ["boards", "boards/", "./boards"])
def test_a_folder_given_as_a_map_is_called_a_folder(
    spec: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "boards").mkdir()
    monkeypatch.chdir(tmp_path)
    code = main(["map", "check", spec])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "boards: a folder, not a board file" in err


def test_a_misspelt_presenter_source_lists_the_shipped_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(swlab.servers, "become", lambda *a, **k: pytest.fail("a server started"))
    code = main(["present", "oficial_2p", "--no-browser"])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "'oficial_2p' is neither a board, a scenario nor a game record" in err
    assert SHIPPED in err and "shipped scenarios: 01_first_conquest, " in err


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "--board", "terra_mystica_base", "--games", "1", "--no-progress"],
        ["balance", "terra_mystica_base", "--games", "1", "--no-progress"],
        ["present", "terra_mystica_base", "--no-browser"],
    ],
    ids=["simulate", "balance", "present"],
)
def test_r_comp_1_a_terra_mystica_map_is_no_small_world_board(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(swlab.servers, "become", lambda *a, **k: pytest.fail("a server started"))
    code = main(command)
    captured = capsys.readouterr()
    assert_input_error(code, captured.err)
    assert "terra_mystica_base is a Terra Mystica map, not a Small World board (R-COMP-1)" in (
        captured.err
    )
    assert captured.out == ""  # not one game played


def test_a_cluster_run_says_nothing_of_a_taken_dashboard_port(tmp_path: Path) -> None:
    """Dask's default dashboard port 8787 is often taken (another cluster, a notebook's);
    a local cluster run must not warn "Port 8787 is already in use"."""
    import socket

    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", 8787))
        holder.listen()
    except OSError:  # taken already by another program: what this test needs
        pass
    try:
        from swlab.balance.runner import MIN_GAMES_FOR_CLUSTER

        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "default"}
        games = str(MIN_GAMES_FOR_CLUSTER)  # the fewest games played on a cluster
        argv = ["simulate", "--board", "official_2p", "--games", games, "--workers", "2"]
        done = subprocess.run(
            [sys.executable, "-m", "swlab", *argv, "--no-progress"],
            capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600,
        )  # fmt: skip
    finally:
        holder.close()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_every_shipped_notebook_has_cell_ids() -> None:
    """nbformat warns (MissingIDFieldWarning) on a notebook without cell ids, as Voila opens
    the presenter's; every notebook swlab ships reads without a warning."""
    import warnings

    import nbformat

    shipped = [*(ROOT / "swlab").rglob("*.ipynb"), *(ROOT / "notebooks").rglob("*.ipynb")]
    assert ROOT / "swlab" / "play" / "present.ipynb" in shipped
    for path in shipped:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            notebook = nbformat.read(path, as_version=4)
            nbformat.validate(notebook)
        assert all(cell.get("id") for cell in notebook.cells), path


# --- swlab tutorial -------------------------------------------------------------------------
SHIPPED_NOTEBOOKS = sorted(
    p.relative_to(ROOT / "notebooks").as_posix()
    for p in [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks").glob("*/*.ipynb")]
)


def copy_tutorial_here(folder: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["tutorial", str(folder), "--copy-only"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


def test_tutorial_copies_every_notebook_and_every_translation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "lessons"
    n = len(SHIPPED_NOTEBOOKS)
    # 13 notebooks, each in English and 4 translations
    assert n == 13 * 5 and "el/02_conquest.ipynb" in SHIPPED_NOTEBOOKS
    lines = copy_tutorial_here(folder, capsys)
    assert lines == [f"{folder}: {n} copied, 0 updated, 0 kept, 0 already up to date"]
    copied = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.ipynb"))
    assert copied == SHIPPED_NOTEBOOKS
    for name in copied:
        assert (folder / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()
    lines = copy_tutorial_here(folder, capsys)
    assert lines == [f"{folder}: 0 copied, 0 updated, 0 kept, {n} already up to date"]


def test_tutorial_keeps_a_learners_edit_and_updates_an_untouched_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from swlab.tutorial import NOTE

    folder = tmp_path / "lessons"
    copy_tutorial_here(folder, capsys)
    edited = folder / "02_conquest.ipynb"
    edited.write_text(edited.read_text(encoding="utf-8").replace("conquer", "CONQUER"))
    mine = edited.read_bytes()
    # an older swlab's copy, left as it was copied: the note has its digest
    older = folder / "el" / "04_decline.ipynb"
    older.write_bytes(b'{"cells": []}')
    note = json.loads((folder / NOTE).read_text(encoding="utf-8"))
    import hashlib

    note["files"]["el/04_decline.ipynb"] = hashlib.sha256(older.read_bytes()).hexdigest()
    (folder / NOTE).write_text(json.dumps(note), encoding="utf-8")
    (folder / "05_races.ipynb").unlink()  # deleted: copied again

    lines = copy_tutorial_here(folder, capsys)
    n = len(SHIPPED_NOTEBOOKS)
    assert lines == [
        f"updated {folder / 'el' / '04_decline.ipynb'}",
        f"kept {edited}: you changed it (delete it to get the shipped one again)",
        f"{folder}: 1 copied, 1 updated, 1 kept, {n - 3} already up to date",
    ]
    assert edited.read_bytes() == mine  # the learner's edit, untouched
    assert older.read_bytes() == (ROOT / "notebooks" / "el" / "04_decline.ipynb").read_bytes()
    assert copy_tutorial_here(folder, capsys)[0].startswith("kept ")  # and on every later run


def test_tutorial_into_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "lessons").write_text("not a folder")
    code = main(["tutorial", str(tmp_path / "lessons"), "--no-open"])
    err = capsys.readouterr().err
    assert_input_error(code, err)
    assert "lessons: is a file; give a folder for the tutorial" in err


@pytest.mark.parametrize(
    ("lang", "first"), [("en", "00_welcome.ipynb"), ("el", "el/00_welcome.ipynb")]
)
def test_tutorial_opens_jupyterlab_on_the_welcome_notebook_with_the_offline_voila_template(
    lang: str,
    first: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import swlab.servers
    from swlab.servers import JUPYTER_DATA, Served

    served: list[tuple[list[str], dict[str, str], Path]] = []

    def serve(cmd: list[str], env: dict[str, str], cwd: Path, **kw: object) -> Served:
        served.append((cmd, env, cwd))
        return Served(0, 2)  # stopped by Ctrl-C

    monkeypatch.setattr(swlab.servers, "serve", serve)
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    monkeypatch.chdir(tmp_path)
    assert main(["--lang", lang, "tutorial", "--no-browser", "--port", "8899"]) == 0
    folder = tmp_path / "swlab-tutorial"  # the default folder, in the current one
    ((cmd, env, cwd),) = served
    assert cmd[:4] == [sys.executable, "-m", "swlab.servers", "lab"]
    assert cwd == Path("swlab-tutorial")
    assert f"--ServerApp.root_dir={folder}" in cmd
    assert f"--LabApp.default_url=/lab/tree/{first}" in cmd
    assert "--VoilaConfiguration.template=swlab" in cmd
    assert cmd[-2:] == ["--port=8899", "--no-browser"]
    assert ("--allow-root" in cmd) == (os.geteuid() == 0)
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(JUPYTER_DATA), "/elsewhere"]
    assert env["SWLAB_LANG"] == lang
    out = capsys.readouterr().out.splitlines()
    if lang == "en":
        assert out[-2:] == [
            f"Opening JupyterLab on {Path('swlab-tutorial') / first} (Ctrl-C stops it)",
            "JupyterLab stopped",
        ]
    assert (folder / first).is_file()
    # the command it builds is one this Python runs
    version = [sys.executable, "-m", "swlab.servers", "lab", "--version"]
    assert subprocess.run(version, capture_output=True, timeout=120).returncode == 0


@needs_validate
def test_the_shipped_maps_are_files_at_the_top_of_the_repository(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["map", "check", "maps/official_2p.geojson"]) == 0
    assert capsys.readouterr().out.startswith("OK: official-2p — 23 regions")

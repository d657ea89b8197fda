"""What GIS tools really write opens (issue 27 §1): a region without a terrain, symbols
written as text, another name for a symbol, a number where a word belongs. Each opens with
a warning saying what the reader made of it, and what is still wrong is a problem on the
map (R-COMP-6) the editor can fix; ``swlab map check`` and the editor list the same
problems for every file. The geopandas files are written by geopandas itself (pyogrio's
GeoJSON driver), not by hand.
"""

from __future__ import annotations

import json
import warnings as pywarnings
from pathlib import Path
from typing import Any

import pytest

from swlab.board import read_board
from swlab.board.catalog import maps_dir, official_board
from swlab.board.hexmap.checks import HexProblemKind, is_printed, is_warning
from swlab.board.io import MapWarning
from swlab.board.model import Board
from swlab.board.validate import ProblemKind, check_board
from swlab.cli import main
from swlab.editor.controller import EditorController
from swlab.workspace import FileBox, Workspace

DATA = Path(__file__).resolve().parents[1] / "data"
OPENS = DATA / "opens"

#: file stem -> (the warning's text, the problem kinds of region 2) for the files that
#: were refused before issue 27: each broken the same way in feature #1 (region 2).
OPENED: dict[str, tuple[str, list[str]]] = {
    "terrain_missing": ("", ["no_terrain"]),
    "properties_missing": ("", ["no_terrain"]),
    "terrain_not_string": (
        "field 'properties.terrain': expected a string, got an integer: read as '3'",
        ["unknown_terrain"],
    ),
    "symbols_not_list": ("symbols written as text: read as a comma-separated list", []),
    "symbol_not_string": ("an empty symbol (null or blank) left out", []),
    "name_not_string": (
        "field 'properties.name': expected a string, got a list: read as "
        """'["Hill", "of", "Bones"]'""",
        [],
    ),
    "symbol_twice": ("a symbol listed twice: read once", []),
    "symbol_twice_in_capitals": ("a symbol listed twice: read once", []),
}


def kinds_of(board: Board, region: int) -> list[str]:
    return [str(p.kind) for p in check_board(board) if region in p.regions]


@pytest.mark.parametrize("stem", sorted(OPENED))
def test_r_comp_6_a_file_refused_before_opens_with_its_warning_and_problems(stem: str) -> None:
    says, kinds = OPENED[stem]
    found: list[MapWarning] = []
    board = read_board(OPENS / f"{stem}.geojson", warnings=found)
    assert board.ids == (1, 2, 3)
    text = "\n".join(str(w) for w in found)
    assert says in text
    if says:
        assert f"feature #1 (region 2): {says}" in text, text
    assert kinds_of(board, 2) == kinds


def test_every_opened_file_has_an_expectation() -> None:
    assert {p.stem for p in OPENS.glob("*.geojson")} == set(OPENED)


# --- files written by geopandas ---------------------------------------------------------------
def geopandas_export(path: Path, board: Board, **columns: list[Any]) -> None:
    """``board`` as geopandas writes it, with ``columns`` replacing or adding attributes."""
    gpd = pytest.importorskip("geopandas", reason="the test extra (geopandas, pyogrio)")
    pytest.importorskip("pyogrio", reason="the test extra (geopandas, pyogrio)")
    data: dict[str, list[Any]] = {
        "fid": [r.id for r in board],
        "terrain": [r.terrain for r in board],
        "symbols": [sorted(r.symbols) for r in board],
        **columns,
    }
    frame = gpd.GeoDataFrame(data, geometry=[r.polygon for r in board])
    with pywarnings.catch_warnings():
        pywarnings.simplefilter("ignore")  # "no CRS": a board has none
        frame.to_file(path, driver="GeoJSON", engine="pyogrio")


def rough_export(path: Path) -> Board:
    """The 2-player board as a rough GIS export: region 3 with a null terrain, symbols
    as text everywhere (region 5's ``"mine, cave"``), region 6 with the unknown ``gold``."""
    official = official_board(2)
    terrains: list[str | None] = [r.terrain for r in official]
    terrains[2] = None
    symbols: list[str | None] = [", ".join(sorted(r.symbols)) or None for r in official]
    symbols[4] = "mine, cave"
    symbols[5] = "gold"
    geopandas_export(path, official, terrain=terrains, symbols=symbols)
    return official


def test_a_geopandas_export_with_null_terrain_and_text_symbols_opens(tmp_path: Path) -> None:
    path = tmp_path / "rough.geojson"
    official = rough_export(path)
    written = json.loads(path.read_text())["features"]
    assert written[2]["properties"]["terrain"] is None  # geopandas wrote a null
    assert written[4]["properties"]["symbols"] == "mine, cave"  # and text, not a list
    found: list[MapWarning] = []
    board = read_board(path, warnings=found)
    text = "\n".join(str(w) for w in found)
    assert "symbols written as text: read as a comma-separated list" in text
    assert "feature #4 (region 5): symbol 'cave' read as 'cavern'" in text
    assert board[3].terrain == "" and board[5].symbols == {"mine", "cavern"}
    assert board[6].symbols == {"gold"}
    assert [r.symbols for r in board if r.id not in (5, 6)] == [
        r.symbols for r in official if r.id not in (5, 6)
    ]
    problems = check_board(board)
    assert [(p.kind, p.regions) for p in problems] == [
        (ProblemKind.NO_TERRAIN, (3,)),
        (ProblemKind.UNKNOWN_SYMBOL, (6,)),
    ]
    assert problems[0].message == "Region 3 has no terrain: choose one."
    assert "press a terrain button" in problems[0].fix
    assert "'gold'" in problems[1].message and "remove unknown symbols" in problems[1].fix


def test_the_editor_fixes_what_the_export_lacks_with_its_buttons(tmp_path: Path) -> None:
    rough_export(tmp_path / "rough.geojson")
    c = EditorController("official_2p", files=FileBox(Workspace(tmp_path)))
    assert c.load_box("rough.geojson").ok
    said = c.view().message
    assert said is not None and "symbol 'cave' read as 'cavern'" in said.text
    assert c.view().problems[0].startswith("Region 3 has no terrain: choose one. Fix:")
    assert len(c.view().problems) == 2
    c.select_problem(0)  # a click on the problem selects region 3
    assert c.set_terrain("forest")
    assert [p.kind for p in c.problems] == [ProblemKind.UNKNOWN_SYMBOL]
    c.select_problem(0)
    assert c.remove_unknown_symbols()
    assert c.message is not None and "'gold' removed from region 6" in c.message.text
    assert c.problems == [] and c.board[6].symbols == frozenset()
    assert c.undo() and [p.kind for p in c.problems] == [ProblemKind.UNKNOWN_SYMBOL]
    assert c.redo()
    assert c.save_box("fixed.geojson").ok
    assert check_board(read_board(tmp_path / "fixed.geojson")) == []


def test_removing_unknown_symbols_from_a_region_without_any_is_refused() -> None:
    c = EditorController("official_2p")
    c.select(4)
    before = c.draft
    assert not c.remove_unknown_symbols()
    assert c.message is not None and c.message.refused
    assert c.message.text == "Region 4: region 4 has no unknown symbol to remove"
    assert c.draft is before


def test_cave_is_another_name_for_cavern_on_the_buttons_too() -> None:
    c = EditorController("official_2p")
    c.select(2)
    assert c.toggle_symbol("cave")
    assert "cavern" in c.board[2].symbols and "cave" not in c.board[2].symbols
    assert c.message is not None
    assert c.message.text.endswith("('cave' read as 'cavern', the rulebook's word)")


# --- swlab map check and the editor agree -----------------------------------------------------
def _check_files(tmp_path: Path) -> list[Path]:
    """GIS exports, files refused before, plain files, a broken board, the shipped maps."""
    rough_export(tmp_path / "rough.geojson")
    return [
        tmp_path / "rough.geojson",
        *sorted(OPENS.glob("*.geojson")),
        *sorted((DATA / "plain").glob("*.geojson")),
        DATA / "bad_board.geojson",
        maps_dir() / "official_3p.geojson",
        maps_dir() / "terra_mystica_base.geojson",
    ]


def test_map_check_and_the_editor_list_the_same_problems_for_every_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kinds = {str(k) for k in ProblemKind} | {str(k) for k in HexProblemKind}
    for path in _check_files(tmp_path):
        assert path.is_file(), path
        code = main(["map", "check", str(path)])
        captured = capsys.readouterr()
        printed = captured.out
        editor = EditorController("official_2p")
        if code == 2:  # refused: a file that cannot be shown at all, by both alike
            assert not editor.load(path) and editor.message is not None
            assert editor.message.text in captured.err, path
            continue
        assert editor.load(path), editor.message
        words = [line.split()[:1] for line in printed.splitlines()]
        listed = [w[0] for w in words if w and w[0] in kinds]
        problems = editor.problems
        assert listed == [str(p.kind) for p in problems], path
        design = is_printed(editor.board)  # the printed map's advice is its design's
        for problem in problems:
            assert problem.message in printed, (path, problem)
            assert problem.fix in printed or (design and is_warning(problem)), (path, problem)

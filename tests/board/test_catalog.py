"""The board catalog: shipped boards by name, any board by path, one cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from shapely.geometry import box

from swlab.board import Board, Region, write_board
from swlab.board.catalog import (
    CatalogError,
    board_ref,
    board_source,
    find_graph,
    load_board,
    maps_dir,
    official_board,
    shipped_board_names,
    shipped_folder,
)
from swlab.board.graph import GraphBoard
from swlab.game.game import Game
from swlab.game.scenario import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
OFFICIAL = [f"official_{n}p" for n in (2, 3, 4, 5)]


def tiny_map(path: Path, name: str = "tiny") -> Path:
    """A 2-region GeoJSON board (not one of the shipped ones)."""
    regions = (Region(1, "hill", box(0, 0, 1, 1)), Region(2, "forest", box(1, 0, 2, 1)))
    write_board(Board(name, 2, 10, box(0, 0, 2, 1), regions), path)
    return path


def test_the_maps_are_found_at_the_top_level() -> None:
    """The maps are the checkout's top-level ``maps/`` (the wheel carries them as
    ``swlab/maps``: tests/test_wheel.py)."""
    assert maps_dir() == shipped_folder("maps") == ROOT / "maps"
    assert not (ROOT / "swlab" / "maps").exists()  # one copy in the repository
    assert shipped_folder("notebooks") == ROOT / "notebooks"
    with pytest.raises(CatalogError, match="swlab's nothing folder is missing"):
        shipped_folder("nothing")


def test_shipped_boards_are_the_official_four_the_sample_graph_and_terra_mystica() -> None:
    assert shipped_board_names() == [*OFFICIAL, "sample", "terra_mystica_base"]
    for name in OFFICIAL:
        assert (maps_dir() / f"{name}.geojson").is_file()
        assert (maps_dir() / "graphs" / f"{name}.json").is_file()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_either_spelling_gives_the_one_cached_board(players: int) -> None:
    board = load_board(f"official_{players}p")
    assert isinstance(board, Board)
    assert load_board(f"official-{players}p") is board
    assert load_board(f" Official_{players}P ") is board
    assert official_board(players) is board
    assert board.name == f"official-{players}p" and board.players == players
    assert board_source(board) == f"official_{players}p"


def test_an_unknown_name_lists_the_shipped_boards() -> None:
    with pytest.raises(CatalogError) as caught:
        load_board("official3p")
    message = str(caught.value)
    assert "no such file or shipped map" in message
    assert "shipped boards: official_2p, official_3p, official_4p, official_5p, sample" in message
    with pytest.raises(ValueError, match="no official board for 7 players"):
        official_board(7)
    with pytest.raises(CatalogError, match="give a shipped board name"):
        load_board("  ")


def test_an_explicit_path_never_consults_the_shipped_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    impostor = tiny_map(tmp_path / "official_2p.geojson", name="impostor")
    monkeypatch.chdir(tmp_path)
    for spec in ("./official_2p.geojson", "official_2p.geojson", impostor, str(impostor)):
        board = load_board(spec)
        assert board.name == "impostor", spec
    assert load_board("official_2p").name == "official-2p"  # the bare name is the shipped one
    with pytest.raises(CatalogError, match="no such board file"):
        load_board("maps/official_2p.geojson")  # a path: not looked up by name


def test_paths_are_relative_to_base_dir_and_folders_are_refused(tmp_path: Path) -> None:
    (tmp_path / "lessons" / "boards").mkdir(parents=True)
    tiny_map(tmp_path / "lessons" / "boards" / "mine.geojson")
    board = load_board("boards/mine.geojson", tmp_path / "lessons")
    assert board.name == "tiny"
    assert board_ref(board, tmp_path / "lessons") == os.path.join("boards", "mine.geojson")
    with pytest.raises(CatalogError, match="a folder, not a board file"):
        load_board(tmp_path / "lessons")


def test_a_bare_word_that_is_a_file_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tiny_map(tmp_path / "mymap")
    monkeypatch.chdir(tmp_path)
    assert load_board("mymap").name == "tiny"


def test_the_cache_rereads_a_changed_file(tmp_path: Path) -> None:
    path = tiny_map(tmp_path / "b.geojson", name="first")
    first = load_board(path)
    assert load_board(path) is first
    tiny_map(path, name="second version")
    assert load_board(path).name == "second version"


def test_region_graphs_by_name_path_or_inline_and_polygons_refused(tmp_path: Path) -> None:
    sample = load_board("sample")
    assert isinstance(sample, GraphBoard) and len(sample.ids) == 9
    assert board_ref(sample) == "sample"
    graph = tmp_path / "g.json"
    graph.write_text((maps_dir() / "graphs" / "sample.json").read_text(encoding="utf-8"))
    assert isinstance(load_board(graph), GraphBoard)
    with pytest.raises(CatalogError, match=r"swlab map from-graph sample -o sample\.geojson"):
        load_board("sample", polygons=True)
    inline = json.loads(graph.read_text(encoding="utf-8"))
    board = load_board(inline)
    assert isinstance(board, GraphBoard) and board.name == "sample"
    assert board_ref(board) == "sample"  # same regions as the shipped graph: named again
    inline["name"] = "my own"
    assert board_ref(load_board(inline))["name"] == "my own"  # written out inline


def test_a_geojson_document_behind_a_json_suffix_is_a_map(tmp_path: Path) -> None:
    geo = tiny_map(tmp_path / "map.geojson")
    as_json = tmp_path / "map.json"
    as_json.write_text(geo.read_text(encoding="utf-8"), encoding="utf-8")
    assert isinstance(load_board(as_json), Board)
    as_json.write_text("{ nope", encoding="utf-8")
    with pytest.raises(CatalogError, match="not valid JSON"):
        load_board(as_json)


def test_graph_files_by_shipped_name_or_path(tmp_path: Path) -> None:
    assert find_graph("official_3p") == maps_dir() / "graphs" / "official_3p.json"
    assert find_graph("Official-3p") == maps_dir() / "graphs" / "official_3p.json"
    assert find_graph(tmp_path / "x.json") == tmp_path / "x.json"
    with pytest.raises(CatalogError, match=r"shipped: official_2p, .*sample"):
        find_graph("nowhere")


def test_game_takes_a_board_name_or_path(tmp_path: Path) -> None:
    assert Game("official-2p", ["A", "B"], seed=1).state.geo.board is load_board("official_2p")
    path = tiny_map(tmp_path / "t.geojson")
    assert Game(path, ["A", "B"], seed=1).state.geo.name == "tiny"


def test_scenario_board_errors_name_the_board_key(tmp_path: Path) -> None:
    from swlab.game.scenario import scenario_from_dict

    with pytest.raises(ScenarioError) as caught:
        scenario_from_dict({"board": "official_9p", "players": ["A", "B"]}, file="s.yaml")
    assert caught.value.path == "board" and "official_2p, official_3p" in caught.value.reason
    with pytest.raises(ScenarioError, match="no such board file"):
        scenario_from_dict({"board": "maps/none.json", "players": ["A", "B"]}, tmp_path)
    bad_graph = {"regions": [{"id": 1, "terrain": "desert"}]}
    with pytest.raises(ScenarioError, match=r"regions\[0\] \(region 1\)\.terrain: unknown terrain"):
        scenario_from_dict({"board": bad_graph, "players": ["A", "B"]})


def test_the_catalog_and_graph_reader_need_no_geometry_stack() -> None:
    code = (
        "import sys, swlab.board.catalog as c; b = c.load_board('sample'); "
        "print(len(b.ids), sorted(m for m in ('shapely', 'networkx', 'matplotlib') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ).stdout
    assert out.strip() == "9 []"

"""Starting points: official boards, reference graphs, random boards, GeoJSON files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from swlab.board import Board, maps_dir
from swlab.board.generate import read_graph
from swlab.board.validate import validate
from swlab.editor import (
    expected_diff,
    from_geojson,
    from_graph,
    from_official,
    from_random,
    set_terrain,
    split,
)
from swlab.editor.widget import MapEditor

GRAPHS = sorted((maps_dir() / "graphs").glob("official_*p.json"))


@pytest.mark.parametrize("path", GRAPHS, ids=lambda p: p.stem)
def test_from_graph_reproduces_the_reference_topology(path: Path) -> None:
    draft = from_graph(path)
    assert validate(draft.board) == []
    diff = expected_diff(draft.board, path)
    assert diff.is_empty, diff.lines()
    graph = read_graph(path)
    assert {r.id: r.terrain for r in graph.regions} == {r.id: r.terrain for r in draft.board}


def test_from_graph_takes_a_shipped_graph_by_name() -> None:
    draft = from_graph("sample")
    assert validate(draft.board) == [] and draft.board.name == "sample"
    assert set(from_graph("official-2p").board.ids) == set(from_official(2).board.ids)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_boards_are_valid(players: int) -> None:
    draft = from_random(12 + 6 * players, players=players, seed=players)
    assert validate(draft.board) == []
    assert draft.board.players == players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_official_boards_match_their_graphs(players: int) -> None:
    board = from_official(players).board
    diff = expected_diff(board, maps_dir() / "graphs" / f"official_{players}p.json")
    assert diff.is_empty, diff.lines()


def test_expected_diff_finds_missing_and_extra_borders() -> None:
    path = maps_dir() / "graphs" / "official_3p.json"
    draft = from_official(3)
    r = draft.board[9].polygon
    c = r.centroid
    minx, _, maxx, _ = r.bounds
    edited = split(draft, 9, [(minx - 1, c.y), (maxx + 1, c.y)])
    diff = expected_diff(edited.board, path)
    assert diff.extra_regions == (31,)
    assert all(31 in pair for pair in diff.extra)
    new_neighbours = edited.board.neighbours(9)
    lost = {tuple(sorted((9, n))) for n in draft.board.neighbours(9) - new_neighbours}
    assert set(diff.missing) == lost
    assert diff.lines()[0] == "regions not in the design: 31"


def test_expected_diff_reports_edge_changes(make_grid: Callable[..., Board]) -> None:
    doc = {
        "regions": [
            {"id": 1, "terrain": "hill", "edge": True, "neighbours": [2]},
            {"id": 2, "terrain": "hill", "edge": False, "neighbours": [1, 3]},
            {"id": 3, "terrain": "hill", "edge": True, "neighbours": [2]},
        ]
    }
    board = make_grid(3, 1)
    diff = expected_diff(board, doc)
    assert diff.missing == () and diff.extra == ()
    assert diff.edge_extra == (2,)


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    draft = set_terrain(from_official(2), 3, "swamp")
    editor = MapEditor(draft)
    target = tmp_path / "mine.geojson"
    assert editor.save(target) == []
    loaded = from_geojson(target)
    assert loaded.board == draft.board
    assert all(
        r.polygon.equals_exact(s.polygon, 0) for r, s in zip(loaded.board, draft.board, strict=True)
    )
    editor.load(target)
    assert editor.board == draft.board

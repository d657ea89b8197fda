"""The one region-graph reader, the engine's graph board, and the documented sample."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from swlab.board.catalog import find_graph, maps_dir
from swlab.board.generate import board_from_graph
from swlab.board.graph import (
    GRAPH_SYMBOLS,
    GRAPH_TERRAINS,
    GraphBoard,
    GraphError,
    board_to_graph,
    check_graph,
    parse_graph,
    read_graph,
)
from swlab.board.model import SYMBOLS, TERRAINS
from swlab.board.validate import validate

README = maps_dir() / "graphs" / "README.md"
SAMPLE = maps_dir() / "graphs" / "sample.json"


def sample_document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return data


def test_the_graph_vocabulary_is_the_map_vocabulary() -> None:
    assert GRAPH_TERRAINS == TERRAINS
    assert GRAPH_SYMBOLS == SYMBOLS


def test_the_sample_reads_draws_and_checks_clean() -> None:
    graph = read_graph(find_graph("sample"))
    assert (graph.name, graph.players, graph.turns, len(graph.regions)) == ("sample", 2, 10, 9)
    assert graph.edge_cycle == (1, 2, 3, 6, 9, 8, 7, 4)
    board = board_from_graph(graph, seed=0)
    assert validate(board) == []
    for region in graph.regions:
        assert board.neighbours(region.id) == frozenset(region.neighbours)
    assert board.first_conquest_regions == {2, 3, 4, 6, 7, 8, 9}


def test_the_readme_describes_every_field_the_reader_accepts() -> None:
    text = README.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", text, re.M))
    from swlab.board import graph as module

    assert documented == set(module._TOP_KEYS) | set(module._REGION_KEYS)
    for terrain in GRAPH_TERRAINS:
        assert f"`{terrain}`" in text
    for symbol in GRAPH_SYMBOLS:
        assert f"`{symbol}`" in text


def test_the_readme_excerpt_is_the_sample_file() -> None:
    text = README.read_text(encoding="utf-8")
    excerpt = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))  # type: ignore[union-attr]
    sample = sample_document()
    for key in ("name", "players", "turns"):
        assert excerpt[key] == sample[key]
    by_id = {r["id"]: r for r in sample["regions"]}
    for region in excerpt["regions"]:
        assert by_id[region["id"]] == region
    assert set(excerpt["notes"]) <= set(sample["notes"])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda d: d["regions"][0].update(terrain="desert"),
            r"region 1\)\.terrain: unknown terrain",
        ),
        (lambda d: d["regions"][0].update(symbols=["gold"]), r"\.symbols: unknown symbol 'gold'"),
        (lambda d: d["regions"][0].update(id=True), r"regions\[0\]\.id: expected an integer"),
        (lambda d: d["regions"][0].update(colour="red"), r"unknown field 'colour'"),
        (lambda d: d.update(author="me"), r"unknown field 'author'"),
        (lambda d: d["regions"][1].update(id=1), r"region 1: duplicate id"),
        (lambda d: d["regions"][0].update(neighbours=[2, 40]), r"unknown neighbour id 40"),
        (lambda d: d["regions"][0].update(neighbours=[1]), r"lists itself"),
        (lambda d: d["regions"][0].update(edge="yes"), r"\.edge: expected true or false"),
        (lambda d: d.update(regions=[]), r"regions: expected a non-empty list"),
        (lambda d: d.update(notes=["Board-edge cycle: [1, x]"]), r"unreadable board-edge cycle"),
    ],
)
def test_mistakes_name_the_source_region_and_field(change: Any, words: str) -> None:
    document = sample_document()
    change(document)
    with pytest.raises(GraphError, match=rf"^mine\.json: .*{words}"):
        parse_graph(document, "mine.json")


def test_defaults_and_one_sided_borders_for_the_engine_not_for_drawing() -> None:
    graph = parse_graph(
        {"regions": [{"id": 1, "terrain": "hill", "edge": True, "neighbours": [2]},
                     {"id": 2, "terrain": "sea"}]}
    )  # fmt: skip
    assert (graph.name, graph.players, graph.turns) == ("custom board", 2, 10)
    board = GraphBoard.from_graph(graph)
    assert board.neighbours(2) == {1} and board.are_adjacent(2, 1)
    assert board.coastal_regions == {1} and board.first_conquest_regions == {1}
    assert board[2].is_water and board[1].label == "Hill (1)"
    with pytest.raises(GraphError, match="neighbour list lacks 1"):
        check_graph(graph)


def test_a_graph_board_written_out_reads_back_the_same(tmp_path: Path) -> None:
    board = GraphBoard.from_graph(parse_graph(sample_document()))
    again = GraphBoard.from_graph(parse_graph(board_to_graph(board)))
    assert again.ids == board.ids
    for rid in board.ids:
        assert again[rid] == board[rid] and again.neighbours(rid) == board.neighbours(rid)
    assert again.edge_regions == board.edge_regions


def test_read_graph_reports_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(b"\xff\xfe{")
    with pytest.raises(GraphError, match=r"g\.json: cannot read region graph"):
        read_graph(path)

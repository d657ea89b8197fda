"""The four shipped boards match their reference region graphs exactly (R-COMP-1, R-COMP-6).

The reference graphs in ``maps/graphs/`` record terrain, symbols, edge contact and
borders of the printed boards; everything on the shipped GeoJSON side is *derived* from polygons.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swlab.board import official_board
from swlab.board.model import TURNS_BY_PLAYERS

GRAPHS = Path(__file__).resolve().parents[2] / "maps" / "graphs"
PLAYERS = (2, 3, 4, 5)


def reference(players: int) -> dict:
    return json.loads((GRAPHS / f"official_{players}p.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", PLAYERS)
def test_r_comp_6_official_board_topology_equals_reference(players: int) -> None:
    board = official_board(players)
    ref = reference(players)
    by_id = {r["id"]: r for r in ref["regions"]}
    assert sorted(board.ids) == sorted(by_id)
    for region in board:
        expected = by_id[region.id]
        assert region.terrain == expected["terrain"], region.id
        assert sorted(region.symbols) == sorted(expected["symbols"]), region.id
        assert board.neighbours(region.id) == frozenset(expected["neighbours"]), region.id
    assert board.edge_regions == {i for i, r in by_id.items() if r["edge"]}
    borders = {(a, b) for a, r in by_id.items() for b in r["neighbours"] if a < b}
    assert board.topology.borders == borders


@pytest.mark.parametrize("players", PLAYERS)
def test_r_comp_1_official_board_turns_and_players(players: int) -> None:
    board = official_board(players)
    assert board.players == players
    assert board.turns == TURNS_BY_PLAYERS[players] == reference(players)["turns"]


@pytest.mark.parametrize("players", PLAYERS)
def test_r_conq_1_first_conquest_regions_follow_edge_seas(players: int) -> None:
    """First-conquest = land on the edge + land on the shore of an edge Sea (R-COMP-6)."""
    board = official_board(players)
    ref = reference(players)
    by_id = {r["id"]: r for r in ref["regions"]}
    edge_seas = {i for i, r in by_id.items() if r["edge"] and r["terrain"] == "sea"}
    expected = {
        i
        for i, r in by_id.items()
        if r["terrain"] not in ("sea", "lake") and (r["edge"] or edge_seas & set(r["neighbours"]))
    }
    assert board.first_conquest_regions == expected


@pytest.mark.parametrize("players", PLAYERS)
def test_official_board_is_valid(players: int) -> None:
    from swlab.board.validate import validate

    assert validate(official_board(players)) == []

"""Pure edits on hand-made boards: the board stays valid and borders are as expected."""

from __future__ import annotations

import pytest
from shapely.geometry import LineString

from swlab.board.validate import ProblemKind, validate
from swlab.editor import (
    Draft,
    EditError,
    blank,
    delete,
    draw_region,
    merge,
    move_vertex,
    redo,
    rename,
    set_symbols,
    set_terrain,
    split,
    toggle_symbol,
    undo,
)
from swlab.editor.draft import insert_vertex, set_board_info


def borders(draft: Draft) -> set[tuple[int, int]]:
    return set(draft.board.topology.borders)


def test_blank_is_one_valid_region() -> None:
    d = blank(100, 60, players=4)
    assert d.board.ids == (1,)
    assert d.board.turns == 9
    assert validate(d.board) == []


def test_blank_refuses_bad_size() -> None:
    with pytest.raises(EditError, match="positive size"):
        blank(0, 10)


def test_split_gives_two_neighbours_and_keeps_the_input(squares: Draft) -> None:
    before = squares.board
    d = split(squares, 2, [(15, -1), (15, 21)])
    assert squares.board is before and len(before) == 6  # input untouched
    assert sorted(d.board.ids) == [1, 2, 3, 4, 5, 6, 7]
    assert validate(d.board) == []
    assert d.board.are_adjacent(2, 7)
    assert d.board[7].terrain == d.board[2].terrain
    # the vertical cut through 2 also reaches region 5's bottom edge: it becomes a vertex
    assert (15.0, 10.0) in set(d.board[5].polygon.exterior.coords)
    assert d.board.neighbours(1) == {2, 4} or d.board.neighbours(1) == {7, 4}


def test_split_snaps_new_vertices_to_the_grid(squares: Draft) -> None:
    d = split(squares, 1, [(3.3333333333, -1), (3.3333333333, 11)])
    xs = {x for r in d.board for x, _ in r.polygon.exterior.coords}
    grid = squares.grid
    assert all(abs(x / grid - round(x / grid)) < 1e-6 for x in xs)
    assert validate(d.board) == []


def test_split_keeps_symbols_on_the_larger_piece(squares: Draft) -> None:
    d = set_symbols(squares, 1, ["mine"])
    d = split(d, 1, LineString([(3, -1), (3, 11)]))
    assert d.board[1].symbols == {"mine"} and d.board[1].polygon.area == pytest.approx(70)
    assert d.board[7].symbols == frozenset()


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ([(5, 5), (6, 6)], "from one border to another"),
        ([(50, 50), (60, 60)], "does not touch"),
        ([(2, -1), (2, 11), (4, 11), (4, -1)], "3 pieces"),
    ],
)
def test_split_refusals_name_the_region(
    squares: Draft, line: list[tuple[float, float]], reason: str
) -> None:
    with pytest.raises(EditError, match=reason) as info:
        split(squares, 1, line)
    assert info.value.region == 1
    assert str(info.value).startswith("Region 1:")


def test_split_unknown_region(squares: Draft) -> None:
    with pytest.raises(EditError, match="Region 99: there is no such region"):
        split(squares, 99, [(0, 0), (1, 1)])


def test_merge_neighbours(squares: Draft) -> None:
    d = set_symbols(squares, 2, ["magic"])
    d = set_terrain(d, 1, "hill")
    d = set_symbols(d, 1, ["mine"])
    d = merge(d, 1, 2)
    assert 2 not in d.board
    assert d.board[1].terrain == "hill"
    assert d.board[1].symbols == {"mine", "magic"}
    assert d.board[1].polygon.area == pytest.approx(200)
    assert validate(d.board) == []
    assert borders(d) == {(1, 3), (1, 4), (1, 5), (3, 6), (4, 5), (5, 6)}
    # the corner where 4 and 5 meet the merged region's top is kept as a shared vertex
    assert (10.0, 10.0) in set(d.board[1].polygon.exterior.coords)


def test_merge_refuses_non_neighbours(squares: Draft) -> None:
    with pytest.raises(
        EditError, match="Region 1: cannot merge with region 5: they share no border"
    ):
        merge(squares, 1, 5)  # a shared corner is not a border


def test_move_shared_vertex_moves_every_polygon(squares: Draft) -> None:
    d = move_vertex(squares, (10, 10), (12, 11))
    for rid in (1, 2, 4, 5):
        assert (12.0, 11.0) in set(d.board[rid].polygon.exterior.coords)
    assert validate(d.board) == []
    assert sum(r.polygon.area for r in d.board) == pytest.approx(600)
    assert borders(d) == borders(squares)


def test_move_vertex_on_the_edge_moves_the_outline(squares: Draft) -> None:
    d = move_vertex(squares, (10, 0), (10, -3))
    assert validate(d.board) == []
    assert d.board.outline.area == pytest.approx(630)  # 600 + the triangle under 1 and 2


def test_move_vertex_refuses_a_fold(squares: Draft) -> None:
    with pytest.raises(EditError, match=r"invalid|overlap") as info:
        move_vertex(squares, (10, 10), (25, 5))
    assert info.value.region is not None


def test_move_vertex_refuses_missing_vertex(squares: Draft) -> None:
    with pytest.raises(EditError, match=r"no vertex at \(5, 5\)"):
        move_vertex(squares, (5, 5), (6, 6))


def test_insert_then_move_a_new_vertex(squares: Draft) -> None:
    d = insert_vertex(squares, (15, 10))
    assert (15.0, 10.0) in set(d.board[5].polygon.exterior.coords)
    d = move_vertex(d, (15, 10), (15, 12))
    assert validate(d.board) == []
    assert d.board[2].polygon.area == pytest.approx(110)


def test_delete_leaves_a_gap_the_validator_reports(squares: Draft) -> None:
    d = delete(squares, 5)
    problems = validate(d.board)
    assert [p.kind for p in problems] == [ProblemKind.GAP]
    assert problems[0].regions == (2, 4, 6)


def test_delete_given_to_a_neighbour(squares: Draft) -> None:
    d = set_terrain(squares, 4, "forest")
    d = delete(d, 5, give_to=4)
    assert validate(d.board) == []
    assert d.board[4].terrain == "forest" and d.board[4].polygon.area == pytest.approx(200)
    assert borders(d) == {(1, 2), (1, 4), (2, 3), (2, 4), (3, 6), (4, 6)}


def test_delete_give_to_refuses_non_neighbour(squares: Draft) -> None:
    with pytest.raises(EditError, match="Region 1: cannot give its area to region 6"):
        delete(squares, 1, give_to=6)


def test_draw_region_fills_a_gap(squares: Draft) -> None:
    d = delete(squares, 5)
    d = draw_region(d, [(8, 8), (22, 8), (22, 25), (8, 25)], terrain="swamp")
    assert d.board[7].terrain == "swamp"
    assert d.board[7].polygon.area == pytest.approx(100)
    assert validate(d.board) == []
    assert d.board.neighbours(7) == {2, 4, 6}


def test_draw_region_refuses_where_there_is_no_gap(squares: Draft) -> None:
    with pytest.raises(EditError, match="covers no gap"):
        draw_region(squares, [(1, 1), (4, 1), (4, 4)])


def test_terrain_and_symbols(squares: Draft) -> None:
    d = set_terrain(squares, 3, "sea")
    assert d.board[3].terrain == "sea"
    with pytest.raises(EditError, match="Region 3: unknown terrain 'desert'"):
        set_terrain(d, 3, "desert")
    d = toggle_symbol(d, 2, "cavern")
    assert d.board[2].symbols == {"cavern"}
    d = toggle_symbol(d, 2, "cavern")
    assert d.board[2].symbols == frozenset()
    with pytest.raises(EditError, match="Region 2: unknown symbol 'gold'"):
        toggle_symbol(d, 2, "gold")
    d = rename(d, 2, "Dragon's Gap")
    assert d.board[2].label == "Dragon's Gap (2)"
    assert 3 in d.board.coastal_regions or 2 in d.board.coastal_regions


def test_board_info(squares: Draft) -> None:
    d = set_board_info(squares, name="mine", players=5)
    assert (d.board.name, d.board.players, d.board.turns) == ("mine", 5, 8)


def test_undo_redo(squares: Draft) -> None:
    d1 = split(squares, 1, [(5, -1), (5, 11)])
    d2 = set_terrain(d1, 7, "hill")
    back = undo(undo(d2))
    assert back.board is squares.board
    again = redo(redo(back))
    assert again.board is d2.board
    assert again.note == d2.note
    d3 = set_terrain(undo(d2), 7, "swamp")  # a new edit drops the redo branch
    assert not d3.future
    with pytest.raises(EditError, match="nothing to undo"):
        undo(squares)
    with pytest.raises(EditError, match="nothing to redo"):
        redo(d2)


def test_long_edit_session_stays_valid(squares: Draft) -> None:
    d = split(squares, 1, [(5, -1), (5, 11)])
    d = split(d, 5, [(9, 15), (21, 15)])
    d = move_vertex(d, (5, 10), (6, 10))
    d = merge(d, 2, 3)
    d = move_vertex(d, (20, 10), (19, 12))
    d = delete(d, 6, give_to=8)
    assert validate(d.board) == []
    assert len(d.past) == 6

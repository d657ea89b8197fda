"""One stroke splits several regions, a lasso selects several (issue 27 §2), without a
browser: :mod:`swlab.editor.stroke` and the controller's split and lasso modes.

The board is six 10 x 10 squares: 1 2 3 along the bottom, 4 5 6 above.
"""

from __future__ import annotations

from typing import Any

import pytest

from swlab.board.validate import validate
from swlab.editor import Draft
from swlab.editor.controller import EditorController
from swlab.editor.draft import EditError, delete_regions, merge_regions, undo
from swlab.editor.events import apply_drawn
from swlab.editor.stroke import lasso, split_along
from tests.editor.conftest import grid_board


def line(*points: tuple[float, float]) -> dict[str, Any]:
    """A line as Geoman reports it when drawn."""
    return {"geometry": {"type": "LineString", "coordinates": [list(p) for p in points]}}


def ring(*points: tuple[float, float]) -> dict[str, Any]:
    """A polygon as Geoman reports it when drawn (closed)."""
    coords = [list(p) for p in (*points, points[0])]
    return {"geometry": {"type": "Polygon", "coordinates": [coords]}}


@pytest.fixture
def ctl() -> EditorController:
    return EditorController(grid_board())


def test_one_stroke_splits_every_region_it_crosses_as_one_undo_step(squares: Draft) -> None:
    stroke = split_along(squares, [(-2, 5), (32, 5)])
    assert stroke.split == ((1, 7), (2, 8), (3, 9)) and stroke.left == ()
    board = stroke.draft.board
    assert sorted(board.ids) == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert validate(board) == []
    assert board.are_adjacent(7, 8) and board.are_adjacent(8, 9)  # the new pieces border
    assert stroke.report() == "split regions 1, 2 and 3 (new regions 7, 8 and 9)"
    assert undo(stroke.draft).board is squares.board  # one step for the whole stroke


def test_a_region_the_line_ends_inside_is_left_alone_and_named(squares: Draft) -> None:
    stroke = split_along(squares, [(-2, 5), (25, 5)])
    assert [old for old, _new in stroke.split] == [1, 2]
    assert stroke.left == ((3, "the line ends inside region 3"),)
    assert stroke.draft.board[3].polygon.equals(squares.board[3].polygon)  # a shared corner more
    assert stroke.report() == (
        "split regions 1 and 2 (new regions 7 and 8); not split: the line ends inside region 3"
    )


def test_ends_a_few_pixels_short_of_the_edge_snap_onto_it(squares: Draft) -> None:
    short = [(0.4, 5), (29.6, 5)]
    # without a tolerance the line ends inside the outer squares
    unsnapped = split_along(squares, short)
    assert [old for old, _new in unsnapped.split] == [2]
    assert [rid for rid, _why in unsnapped.left] == [1, 3]
    snapped = split_along(squares, short, tolerance=0.5)
    assert [old for old, _new in snapped.split] == [1, 2, 3] and snapped.left == ()
    assert validate(snapped.draft.board) == []


def test_an_end_just_past_a_border_is_drawn_back_onto_it(squares: Draft) -> None:
    """A stroke from outside the board up through region 1 that stops just inside region
    4 splits region 1; region 4 is neither split nor named."""
    stroke = split_along(squares, [(5, -3), (5, 10.3)], tolerance=0.5)
    assert stroke.split == ((1, 7),) and stroke.left == ()
    assert stroke.draft.board[4].polygon.area == pytest.approx(100)
    assert validate(stroke.draft.board) == []


def test_a_region_crossed_twice_is_left_and_the_other_split(squares: Draft) -> None:
    """The U goes up through region 2 twice (three pieces: refused) and cuts a notch off
    region 5 (two pieces: split)."""
    stroke = split_along(squares, [(12, -2), (12, 12), (18, 12), (18, -2)])
    assert stroke.split == ((5, 7),)
    assert stroke.left == ((2, "the line crosses region 2 more than once"),)


def test_only_the_selected_regions_are_split(squares: Draft) -> None:
    stroke = split_along(squares, [(-2, 5), (32, 5)], only=[2])
    assert stroke.split == ((2, 7),) and stroke.left == ()
    assert stroke.report() == "split region 2 (new region 7)"
    with pytest.raises(
        EditError,
        match=r"^Nothing split: the line does not cross the selected "
        r"regions 5 and 6\.$",
    ):
        split_along(squares, [(-2, 5), (32, 5)], only=[6, 5])


@pytest.mark.parametrize(
    ("points", "why"),
    [
        ([(12, 2), (18, 8)], "Nothing split: the line ends inside region 2."),
        ([(40, 5), (50, 5)], "Nothing split: the line crosses no region from border to border."),
        (
            [(10, -2), (10, 22)],
            "Nothing split: the line only runs along the border of region 1; the line only "
            "runs along the border of region 2; the line only runs along the border of "
            "region 4; the line only runs along the border of region 5.",
        ),
    ],
)
def test_a_stroke_that_splits_nothing_is_refused_in_one_sentence(
    squares: Draft, points: list[tuple[float, float]], why: str
) -> None:
    with pytest.raises(EditError) as refused:
        split_along(squares, points)
    assert str(refused.value) == why and "\n" not in why


def test_a_drawn_line_without_a_selection_splits_both_regions_it_crosses(squares: Draft) -> None:
    d = apply_drawn(squares, [line((5, -1), (5, 21))])
    assert sorted(d.board.ids) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert d.board.are_adjacent(7, 8)


def test_the_lasso_takes_the_regions_whose_label_it_surrounds(squares: Draft) -> None:
    # the labels are the squares' centres: (5, 5), (15, 5), (5, 15) inside; (15, 15) not,
    # though the lasso covers part of region 5 and a corner of region 3
    around = [(0, 0), (22, 0), (22, 8), (8, 20), (0, 20)]
    assert lasso(squares.board, around) == [1, 2, 4]
    assert lasso(squares.board, [(40, 40), (50, 40), (50, 50)]) == []
    # no label inside: a quarter of region 6 is not enough, an L over 64 % of it is
    assert lasso(squares.board, [(21, 11), (29, 11), (29, 14), (21, 14)]) == []
    ell = [(20, 10), (30, 10), (30, 14), (24, 14), (24, 20), (20, 20)]
    assert lasso(squares.board, ell) == [6]


def test_merge_and_delete_act_on_all_regions_given_in_one_step(squares: Draft) -> None:
    merged = merge_regions(squares, [4, 1, 2])
    assert sorted(merged.board.ids) == [3, 4, 5, 6]
    assert merged.note == "merge regions 1 and 2 into region 4"
    assert undo(merged).board is squares.board
    gone = delete_regions(squares, [1, 2, 3])
    assert sorted(gone.board.ids) == [4, 5, 6] and undo(gone).board is squares.board
    with pytest.raises(EditError, match="cannot merge region 6: it borders none of the others"):
        merge_regions(squares, [1, 2, 6])


def test_split_mode_without_a_selection_splits_every_region_crossed(
    ctl: EditorController,
) -> None:
    ctl.enter_mode("split")
    assert ctl.view().message.text.startswith("Draw a line across the regions to split")  # type: ignore[union-attr]
    # from outside the board, a few pixels short of the far edge (0.05 units a pixel)
    assert ctl.drawn([line((-3, 15), (29.8, 15))], pixel=0.05)
    assert len(ctl.board) == 9 and ctl.mode == "select"
    assert ctl.view().message.text == "split regions 4, 5 and 6 (new regions 7, 8 and 9)"  # type: ignore[union-attr]
    assert ctl.undo() and len(ctl.board) == 6


def test_split_mode_keeps_a_lasso_selection_as_its_targets(ctl: EditorController) -> None:
    ctl.enter_mode("lasso")
    assert ctl.drawn([ring((0, 0), (22, 0), (22, 8), (8, 20), (0, 20))])
    ctl.enter_mode("split")
    assert ctl.view().selected == (1, 2, 4)
    assert ctl.view().message.text == (  # type: ignore[union-attr]
        "Draw a line across regions 1, 2 and 4 (double-click ends it; Esc cancels)."
    )
    assert ctl.drawn([line((-2, 5), (32, 5))])
    assert ctl.view().message.text == "split regions 1 and 2 (new regions 7 and 8)"  # type: ignore[union-attr]
    assert 3 in ctl.board and ctl.board[3].polygon.area == pytest.approx(100)


def test_a_refused_stroke_changes_nothing_and_stays_in_split_mode(ctl: EditorController) -> None:
    ctl.enter_mode("split")
    before = ctl.draft
    assert not ctl.drawn([line((12, 2), (18, 8))])
    message = ctl.view().message
    assert message is not None and message.refused
    assert message.text == "Nothing split: the line ends inside region 2."
    assert ctl.draft is before and ctl.mode == "split"


def test_a_lasso_selects_then_terrain_merge_and_delete_act_on_all(ctl: EditorController) -> None:
    ctl.enter_mode("lasso")
    assert ctl.mode == "lasso" and ctl.view().mode_text.startswith("mode: lasso")
    assert ctl.drawn([ring((0, 0), (22, 0), (22, 8), (8, 20), (0, 20))])
    view = ctl.view()
    assert ctl.mode == "select" and view.selected == (1, 2, 4)
    assert view.message is not None and view.message.text == "Lasso: regions 1, 2 and 4 selected."
    assert view.can_merge and view.can_delete and not view.can_give
    assert ctl.set_terrain("forest")
    assert [ctl.board[r].terrain for r in (1, 2, 4)] == ["forest"] * 3
    assert ctl.board[3].terrain == "farmland"
    assert ctl.toggle_symbol("mine")
    assert all("mine" in ctl.board[r].symbols for r in (1, 2, 4))
    assert ctl.merge()
    assert sorted(ctl.board.ids) == [1, 3, 5, 6] and ctl.view().selected == (1,)
    assert ctl.view().message.text == "merge regions 2 and 4 into region 1"  # type: ignore[union-attr]
    assert ctl.undo() and sorted(ctl.board.ids) == [1, 2, 3, 4, 5, 6]
    ctl.selected = [1, 2, 4]
    assert ctl.delete() and sorted(ctl.board.ids) == [3, 5, 6]
    assert ctl.view().message.text == "delete regions 1, 2 and 4"  # type: ignore[union-attr]


def test_a_lasso_around_no_label_is_refused_and_stays_in_lasso_mode(
    ctl: EditorController,
) -> None:
    ctl.enter_mode("lasso")
    assert not ctl.drawn([ring((1, 1), (3, 1), (3, 3))])
    message = ctl.view().message
    assert message is not None and message.refused
    assert message.text == (
        "The lasso surrounds no region's label: draw around the labels to select."
    )
    assert ctl.mode == "lasso" and ctl.view().selected == ()

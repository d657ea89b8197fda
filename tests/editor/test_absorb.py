"""One click absorbs a gap or a sliver into a chosen neighbouring region (issue 27 §2):
click the problem, keep the region that should grow selected, press "absorb gap". The
regions beside a closed sliver border again (R-COMP-6), a sliver at the board's edge too.
"""

from __future__ import annotations

from shapely.geometry import Polygon, box

from swlab.board.model import Board, Region
from swlab.board.validate import ProblemKind
from swlab.editor import MapEditor
from tests.board.test_edge_sliver import SPLIT_TO_THE_EDGE, board_of
from tests.editor.test_vertex_snapping import sliver_board


def test_r_comp_6_absorbing_a_sliver_makes_its_regions_neighbours() -> None:
    editor = MapEditor(sliver_board(), width=500)
    ((_text, index),) = editor.problem_list.options
    editor.problem_list.value = index  # a click on the sliver: regions 1 and 2 selected
    assert editor.selected == [1, 2]
    editor.buttons["absorb gap"].click()
    c = editor.controller
    assert c.message is not None and not c.message.refused
    assert c.message.text == "the gap given to region 1"
    assert c.problems == [] and c.board.are_adjacent(1, 2)
    assert c.board[1].polygon.area == 100.5 and c.board[2].polygon.area == 99.5
    assert editor.problem_list.options == ()
    c.undo()
    assert [p.kind for p in c.problems] == [ProblemKind.SLIVER]


def test_the_region_left_selected_is_the_one_that_grows() -> None:
    editor = MapEditor(sliver_board(), width=500)
    editor.problem_list.value = 0
    editor.select(1)  # unselect region 1: region 2 takes the sliver
    editor.buttons["absorb gap"].click()
    assert editor.controller.problems == [] and editor.board[2].polygon.area == 100.0


def test_a_sliver_at_the_boards_edge_is_absorbed_and_the_edge_moves_out() -> None:
    editor = MapEditor(board_of(SPLIT_TO_THE_EDGE), width=500)
    c = editor.controller
    assert [(p.kind, p.regions) for p in c.problems] == [(ProblemKind.SLIVER, (1, 2))]
    editor.problem_list.value = 0
    editor.buttons["absorb gap"].click()
    assert c.problems == [] and c.board.are_adjacent(1, 2)
    assert c.board.outline.area == 400.0


def test_absorb_without_a_gap_or_with_a_region_not_beside_it_is_refused() -> None:
    regions = (
        Region(1, "hill", box(0, 0, 10, 10)),
        Region(2, "forest", Polygon([(10.05, 0), (20, 0), (20, 10), (10.05, 10)])),
        Region(3, "farmland", box(0, 10, 20, 20)),
        Region(4, "swamp", box(20, 0, 30, 20)),
    )
    editor = MapEditor(Board("far", 2, 10, box(0, 0, 30, 20), regions), width=500)
    c = editor.controller
    editor.buttons["absorb gap"].click()
    assert c.message is not None and c.message.refused
    assert c.message.text == "Click a gap or a sliver in the problem list first."
    editor.problem_list.value = 0
    editor.select(1)
    editor.select(2)
    editor.select(4)  # only region 4 selected, not beside the sliver
    before = c.draft
    editor.buttons["absorb gap"].click()
    assert c.message.refused and c.draft is before
    assert c.message.text == "Select the region to absorb the gap: one of 1, 2, 3."

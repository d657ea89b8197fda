"""The map editor's controller, headless: every operation, undo and redo, and bad input
refused with one clear line and nothing lost (as the game controller is tested)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from swlab.board.validate import ProblemKind
from swlab.editor import Draft, NotPlayableError
from swlab.editor.controller import (
    DESIGNS,
    MODES,
    SOURCES,
    EditorController,
    EditorView,
    Message,
)
from swlab.workspace import FileBox, Workspace


def line(*points: tuple[float, float]) -> dict[str, Any]:
    return {
        "type": "Feature",
        "properties": {},
        "geometry": {"type": "LineString", "coordinates": [list(p) for p in points]},
    }


@pytest.fixture
def ctl(squares: Draft, tmp_path: Path) -> EditorController:
    return EditorController(squares, files=FileBox(Workspace(tmp_path / "ws")))


def refused_and_unchanged(ctl: EditorController, before: Draft, words: str) -> None:
    """A refusal: one line that says ``words``, marked refused; the draft as it was."""
    message = ctl.view().message
    assert message is not None and message.refused, message
    assert words in message.text and "\n" not in message.text
    assert ctl.draft is before


def test_the_view_is_a_frozen_record_of_plain_values(ctl: EditorController) -> None:
    view = ctl.view()
    assert isinstance(view, EditorView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.mode = "split"  # type: ignore[misc]
    assert view.summary == ("6 regions, 3 players, 10 turns - sound: ready to play; selected: none")
    assert view.mode == "select" and view.message is None
    assert not (view.can_undo or view.can_redo or view.can_merge or view.can_delete)


def test_select_toggles_and_keeps_at_most_two(ctl: EditorController) -> None:
    for rid in (1, 2, 3):
        ctl.select(rid)
    assert ctl.view().selected == (2, 3)
    ctl.select(3)
    assert ctl.view().selected == (2,)
    assert ctl.view().message == Message("Farmland (2) selected")
    ctl.select(99)  # not on the board: nothing happens
    assert ctl.view().selected == (2,)


def test_merge_then_undo_then_redo_one_step_each(ctl: EditorController) -> None:
    ctl.select(1)
    ctl.select(2)
    assert ctl.view().can_merge
    assert ctl.merge()
    assert 2 not in ctl.board and ctl.view().selected == (1,)
    assert ctl.view().message == Message("merge region 2 into region 1")
    assert ctl.undo() and 2 in ctl.board
    assert ctl.view().message == Message("Undone: merge region 2 into region 1")
    assert ctl.view().can_redo and not ctl.view().can_undo
    assert ctl.redo() and 2 not in ctl.board
    assert ctl.view().message == Message("Redone: merge region 2 into region 1")


def test_a_merge_of_regions_without_a_border_is_refused_and_loses_nothing(
    ctl: EditorController,
) -> None:
    before = ctl.draft
    assert not ctl.merge()
    refused_and_unchanged(ctl, before, "Select two neighbouring regions to merge.")
    ctl.select(1)
    ctl.select(6)
    assert not ctl.merge()
    refused_and_unchanged(ctl, before, "Region 1: cannot merge with region 6")
    assert ctl.view().selected == (1, 6)  # the selection survives a refusal


def test_delete_and_give_to(ctl: EditorController) -> None:
    before = ctl.draft
    assert not ctl.delete()
    refused_and_unchanged(ctl, before, "Select a region to delete.")
    ctl.select(5)
    ctl.select(6)
    assert ctl.give()
    assert 5 not in ctl.board and ctl.view().selected == (6,)
    ctl.selected = [4]
    assert ctl.delete() and 4 not in ctl.board
    assert [p.kind for p in ctl.problems] == [ProblemKind.GAP]
    assert ctl.view().summary.endswith("1 problem; selected: none")


def test_give_to_needs_two_regions(ctl: EditorController) -> None:
    before = ctl.draft
    ctl.select(5)
    assert not ctl.give()
    refused_and_unchanged(ctl, before, "then the neighbour to receive it")


def test_terrain_and_symbols_change_every_selected_region_in_one_step(
    ctl: EditorController,
) -> None:
    before = ctl.draft
    assert not ctl.set_terrain("forest")
    refused_and_unchanged(ctl, before, "Select a region first.")
    ctl.select(1)
    ctl.select(2)
    assert ctl.set_terrain("forest")
    assert {ctl.board[1].terrain, ctl.board[2].terrain} == {"forest"}
    assert ctl.toggle_symbol("mine")
    assert ctl.board[1].symbols == ctl.board[2].symbols == {"mine"}
    assert len(ctl.draft.past) == 2
    after = ctl.draft
    assert not ctl.set_terrain("lava")
    refused_and_unchanged(ctl, after, "lava")


def test_board_settings_and_region_names(ctl: EditorController) -> None:
    assert ctl.rename("  Islands ") and ctl.board.name == "Islands"
    assert not ctl.rename("Islands") and not ctl.rename("   ")  # nothing to change
    assert ctl.set_players(4) and (ctl.board.players, ctl.board.turns) == (4, 9)
    assert ctl.view().message == Message("4 players, 9 turns (R-COMP-1)")
    assert ctl.set_turns(7) and ctl.board.turns == 7
    before = ctl.draft
    assert not ctl.set_players(9)
    refused_and_unchanged(ctl, before, "players must be one of")
    assert not ctl.set_turns(0)
    refused_and_unchanged(ctl, before, "at least 1 turn")
    assert ctl.rename_region(3, "Ford") and ctl.board[3].name == "Ford"


def test_modes_and_esc(ctl: EditorController) -> None:
    ctl.select(1)
    ctl.select(2)
    ctl.enter_mode("split")
    assert ctl.view().selected == (1, 2)  # the split's targets
    assert ctl.view().message == Message(
        "Draw a line across regions 1 and 2 (double-click ends it; Esc cancels)."
    )
    assert ctl.escape() and ctl.mode == "select"
    assert ctl.view().message == Message("Back to select mode (left split mode).")
    assert not ctl.escape()  # already in select mode: nothing to leave
    ctl.enter_mode("draw")
    assert ctl.view().selected == () and ctl.view().mode_text.startswith("mode: draw region")
    with pytest.raises(ValueError, match="unknown mode 'paint'"):
        ctl.set_mode("paint")
    assert ctl.mode == "draw"
    assert set(MODES) == {"select", "split", "draw", "edit", "lasso"}


def test_a_drawn_line_splits_and_returns_to_select(ctl: EditorController) -> None:
    ctl.select(2)
    ctl.enter_mode("split")
    assert ctl.drawn([line((15, -2), (15, 22))])
    assert sorted(ctl.board.ids) == [1, 2, 3, 4, 5, 6, 7]
    assert ctl.mode == "select" and ctl.view().selected == ()
    assert "split region 2" in ctl.view().message.text  # type: ignore[union-attr]
    assert ctl.undo() and len(ctl.board) == 6


def test_a_line_that_crosses_nothing_is_refused(ctl: EditorController) -> None:
    ctl.enter_mode("split")
    before = ctl.draft
    assert not ctl.drawn([line((25, 2), (25, 8))])
    refused_and_unchanged(ctl, before, "Nothing split: the line ends inside region 3.")
    assert ctl.mode == "split"  # still drawing: the person tries again


def dragged(ctl: EditorController, old: tuple[float, float], new: tuple[float, float]) -> Any:
    """What Geoman sends when a corner of region 1 is dragged from ``old`` to ``new``."""
    coords = ctl.board[1].polygon.exterior.coords
    ring = [list(new) if (x, y) == old else [x, y] for x, y in coords]
    return {
        "type": "Feature",
        "id": 1,
        "properties": {"region": 1},
        "geometry": {"type": "Polygon", "coordinates": [ring]},
    }


def test_a_vertex_drag_is_one_step_and_a_bad_one_is_refused(ctl: EditorController) -> None:
    ctl.enter_mode("edit")
    before = ctl.draft
    assert ctl.edited("markerdragend", [dragged(ctl, (10.0, 10.0), (11, 11))])
    assert ctl.view().message == Message("Moved a corner of regions 1, 2, 4 and 5.")
    assert ctl.draft.past[-1][0] is before.board  # one undo step
    after = ctl.draft
    assert ctl.edited("markerdragend", [dragged(ctl, (11.0, 11.0), (35, 10))]) is False
    refused_and_unchanged(ctl, after, "Corner not moved: ")
    assert ctl.edited("vertexremoved", []) is None
    refused_and_unchanged(ctl, after, "Removing vertices is not supported; use undo.")
    assert ctl.undo() and ctl.draft.board is before.board


def test_new_boards_from_each_kind_of_source(ctl: EditorController) -> None:
    assert ctl.new("rectangle", players=2)
    assert len(ctl.board) == 1 and ctl.expected is None and not ctl.view().can_undo
    assert ctl.new("official 2p")
    assert ctl.board.players == 2 and str(ctl.expected).endswith("official_2p.json")
    assert ctl.view().message == Message("new board from official 2p")
    assert ctl.new("random", players=3, regions=12, seed=1) and len(ctl.board) == 12
    before = ctl.draft
    assert not ctl.new("hexagon")
    refused_and_unchanged(ctl, before, "unknown source 'hexagon'; use one of")
    assert "graph 4p" in SOURCES


def test_compare_with_a_shipped_graph_and_a_missing_file(ctl: EditorController) -> None:
    assert ctl.new("official 3p")
    assert ctl.compare("official_3p graph")
    assert ctl.view().message == Message("Comparing the board with the shipped graph official_3p.")
    diff = ctl.graph_diff()
    assert diff is not None and not diff.missing and not diff.extra
    assert "diff" in ctl.overlays({"diff"}).legends
    before = ctl.draft
    assert not ctl.compare("file in the design box", "nowhere.json")
    refused_and_unchanged(ctl, before, "nowhere.json")
    assert not ctl.compare("no design") and ctl.graph_diff() is None
    assert DESIGNS[0] == "no design"


def test_save_load_and_the_replace_question(ctl: EditorController, tmp_path: Path) -> None:
    (tmp_path / "ws").mkdir()
    ctl.select(1)
    ctl.set_terrain("hill")
    assert ctl.save_box("mine.geojson").ok
    assert ctl.view().message == Message("Saved mine.geojson.")
    outcome = ctl.save_box("mine.geojson")
    assert outcome.confirm and "replace it?" in ctl.view().message.text  # type: ignore[union-attr]
    assert not ctl.keep_file().ok
    assert ctl.view().message.text == "Kept mine.geojson."  # type: ignore[union-attr]
    ctl.new("rectangle")
    assert ctl.load_box("mine.geojson").ok
    assert ctl.board[1].terrain == "hill" and not ctl.view().can_undo
    assert ctl.view().message == Message("Loaded mine.geojson.")


def test_a_bad_file_is_one_line_and_the_draft_is_kept(
    ctl: EditorController, tmp_path: Path
) -> None:
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "bad.geojson").write_text('{"type": "FeatureCollection"')
    ctl.select(1)
    ctl.set_terrain("swamp")
    before = ctl.draft
    assert not ctl.load_box("bad.geojson").ok
    refused_and_unchanged(ctl, before, "Could not load: bad.geojson")
    assert not ctl.load_box("../escape.geojson").ok
    refused_and_unchanged(ctl, before, "'..' is not allowed")
    assert not ctl.load(tmp_path / "ws" / "bad.geojson")
    refused_and_unchanged(ctl, before, "bad.geojson")


def test_a_board_with_problems_is_saved_as_a_draft(ctl: EditorController, tmp_path: Path) -> None:
    ctl.select(5)
    ctl.delete()
    problems = ctl.save(tmp_path / "gap.geojson")
    assert [p.kind for p in problems] == [ProblemKind.GAP]
    message = ctl.view().message
    assert message is not None and message.refused
    assert "as a draft: 1 problem left before it can be played" in message.text
    assert json.loads((tmp_path / "gap.geojson").read_text())["type"] == "FeatureCollection"


def test_a_failed_save_is_said_then_raised(ctl: EditorController, tmp_path: Path) -> None:
    with pytest.raises(OSError):
        ctl.save(tmp_path / "no-such-folder" / "x.geojson")
    assert "Could not save" in ctl.view().message.text  # type: ignore[union-attr]


def test_problems_select_their_regions_and_say_the_fix(ctl: EditorController) -> None:
    ctl.select(5)
    ctl.delete()
    (text,) = ctl.view().problems
    assert "Fix:" in text
    ctl.select_problem(0)
    assert ctl.view().selected == (2, 4)
    assert ctl.view().message == Message(text, refused=True)


def test_hover_reports_borders_size_and_problems(ctl: EditorController) -> None:
    assert ctl.hover(5)
    assert not ctl.hover(5)  # the same region: nothing to redraw
    lines = ctl.view().hover_lines
    assert lines[0] == "Farmland (5): no symbols; borders 2, 4, 6"
    assert lines[1] == "size: 1.0 times an average region"
    ctl.enter_mode("edit")
    assert ctl.view().hover_lines == ()  # only in select mode
    ctl.enter_mode("select")
    assert ctl.hover(99) is False or ctl.view().hovered is None


def test_overlays_say_what_they_draw(ctl: EditorController) -> None:
    panels = ctl.overlays({"adjacency", "edge", "problems", "heat"})
    assert len(panels.data["adjacency"]["features"]) == 7  # the borders of six squares
    assert set(panels.data) >= {"adjacency", "corners", "edge", "problems"}
    assert "press play test first" in panels.legends["heat"]
    assert not ctl.overlays(set()).data


def test_a_play_test_is_refused_on_a_board_with_problems(ctl: EditorController) -> None:
    ctl.select(5)
    ctl.delete()
    before = ctl.draft
    with pytest.raises(NotPlayableError, match="Gap"):
        ctl.play_test(["random"], 1, 0)
    assert ctl.draft is before and ctl.balance is None
    assert ctl.play_test_seats(["greedy"]) == {1: "greedy", 2: "greedy"}

"""The Terra Mystica hex editor and check (issue 27 §5): shipping goes to 5 as the rulebook
and ``reach`` do, the chosen space stays chosen when the shipping value changes, the panel
stays beside the map, and the printed base map's departures from the design advice are
facts of its design, not 17 instructions to fix it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swlab.board.hexmap import reach
from swlab.board.hexmap.adjacency import MAX_SHIPPING
from swlab.board.hexmap.checks import check, describe, is_printed
from swlab.cli import main
from swlab.editor.hexwidget import CSS, HexMapEditor
from swlab.workspace import Workspace
from tests.board.test_hexmap_editor import by_label


def test_shipping_goes_to_5_and_keeps_the_chosen_space(tmp_path: Path) -> None:
    editor = HexMapEditor("terra_mystica_base", workspace=Workspace(tmp_path))
    assert list(editor.shipping.options) == [1, 2, 3, 4, 5] and MAX_SHIPPING == 5
    e7 = by_label(editor.board, "E7")
    editor.reach_button.click()
    editor.click(e7)
    editor.shipping.value = 1
    rings_1 = len(editor.overlay_layers["reach"].data["features"])
    assert "shipping 1 adds" in editor.message.value
    editor.shipping.value = 5  # the person presses "5": E7 is still the chosen space
    assert editor.reach_from == e7
    assert "E7: direct D4, D5, E6, E8, F4; shipping 5 adds" in editor.message.value
    rings_5 = len(editor.overlay_layers["reach"].data["features"])
    far = reach(editor.board, e7, shipping=5)
    assert rings_5 > rings_1 and rings_5 >= len(far["direct"]) + len(far["shipping"])


def test_shipping_without_a_chosen_space_says_nothing(tmp_path: Path) -> None:
    editor = HexMapEditor("terra_mystica_base", workspace=Workspace(tmp_path))
    editor.shipping.value = 4
    assert editor.reach_from is None and editor.message.value == ""


def test_the_panel_stays_beside_the_map() -> None:
    """The row never wraps (the panel fell below the map at 1280 x 720): the map gives up
    width first, the panel keeps at least 300 px."""
    editor = HexMapEditor("terra_mystica_base")
    (board_row,) = [w for w in editor.widget.children if "swlab-hexmap-row" in w._dom_classes]
    assert list(board_row.children) == [editor.map, editor.panel]
    assert "swlab-hexmap-panel" in editor.panel._dom_classes
    assert ".swlab-hexmap-row { display: flex; flex-flow: row nowrap;" in CSS
    assert "min-width: 0; }" in CSS and "min-width: 300px;" in CSS


def test_a_map_given_less_width_fits_the_whole_board_into_it() -> None:
    """At 1280 x 720 beside a file browser the row gives the 760-pixel map about 534: the
    board is fitted to the width the browser reports, not cut at both sides."""
    editor = HexMapEditor("terra_mystica_base")
    zoom, height = editor.map.zoom, editor.map.layout.height
    m = editor.map
    for side, px in (("left", 0.0), ("top", 0.0), ("right", 534.0), ("bottom", 497.0)):
        m.set_trait(side, px)  # read-only traits the browser sets
    assert editor.map.zoom < zoom
    assert editor.map.layout.height != height and int(editor.map.layout.height[:-2]) < 497


def test_map_check_says_the_printed_maps_departures_are_its_design(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["map", "check", "terra_mystica_base"]) == 0
    out = capsys.readouterr().out
    assert "Fix" not in out
    assert out.count(" design  [") == 17
    assert "as printed, a choice of the published map's design (nothing to fix)" in out
    assert "0 problems, 17 facts of the printed map's design in terra_mystica_base" in out


def test_a_repainted_copy_gets_the_advice_with_its_fixes(tmp_path: Path) -> None:
    editor = HexMapEditor("terra_mystica_base", workspace=Workspace(tmp_path))
    assert is_printed(editor.board)
    assert "As printed: a choice of the published design." in editor.problem_box.value
    editor.choose_brush("swamp")
    editor.click(by_label(editor.board, "A1"))
    board = editor.board
    assert not is_printed(board)
    warned = [describe(board, p) for p in check(board) if p.kind == "river_pool"]
    assert warned and all(" warning [" in line and "Fix:" in line for line in warned)
    assert "Fix:" in editor.problem_box.value and "warnings" in editor.status.value

"""The map designer's geometry tools in a real JupyterLab (headless Chromium, a 1280 x 720
window; issue 27 §2), used as a person uses them, with the mouse: a sliver open to the
board's edge is listed in full, clicked and absorbed into a neighbour; one stroke splits
the two regions it crosses and says why it left the third; a lasso (in a 1920 x 1080
window) selects three regions. What changed is read back from the kernel. Uses the
JupyterLab harness of ``tests/browser``; skipped without it, playwright or Chromium.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.editor.test_browser import _UNDER, DRAWN, _harness, editor_page_and_kernel, wait_text

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/w14-stroke-shots")

#: Four squares along the bottom (1 to 4), three regions above (5 over 1 and 2, 6 over 3,
#: 7 over 4); between 6 and 7 a sliver 2 units wide runs from region 4 up to the board's
#: top edge, so 6 and 7 do not border. A plain FeatureCollection, as a GIS tool writes
#: it: no outline, so the sliver is open to the board's edge.
SOURCE = """import json
from shapely.geometry import Polygon, box, mapping
from swlab.board.io import parse_board
from swlab.editor import MapEditor

shapes = {
    1: ("hill", box(0, 0, 100, 100)),
    2: ("forest", box(100, 0, 200, 100)),
    3: ("farmland", box(200, 0, 300, 100)),
    4: ("swamp", Polygon([(300, 0), (400, 0), (400, 100), (302, 100), (300, 100)])),
    5: ("hill", Polygon([(0, 100), (100, 100), (200, 100), (200, 200), (0, 200)])),
    6: ("forest", box(200, 100, 300, 200)),
    7: ("farmland", box(302, 100, 400, 200)),
}
plain = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "id": k, "geometry": json.loads(json.dumps(mapping(s))),
     "properties": {"terrain": t}} for k, (t, s) in shapes.items()]}
editor = MapEditor(parse_board(plain, "strokes.geojson", players=3, turns=10))
editor"""

#: The page boxes of the board's regions, joined: the board (0..400 x 0..200) on screen.
_BOARD_BOX = """() => {
  const rs = [...document.querySelectorAll('.swlab-editor path.swlab-region')]
    .map(p => p.getBoundingClientRect());
  return [Math.min(...rs.map(r => r.left)), Math.min(...rs.map(r => r.top)),
          Math.max(...rs.map(r => r.right)), Math.max(...rs.map(r => r.bottom))];
}"""

Point = tuple[float, float]


@pytest.fixture(scope="module")
def lab_page(jupyter: Any, chromium: Any) -> Iterator[tuple[Any, Any]]:
    """The editor's page in a 1280 x 720 window, and a probe of its kernel."""
    viewport = {"width": 1280, "height": 720}
    rel = "editor-stroke/strokes.ipynb"
    yield from editor_page_and_kernel(jupyter, chromium, rel, SOURCE, viewport)


def to_page(page: Any) -> Callable[[float, float], Point]:
    """Board ``(x, y)`` to page pixels, from where the regions are drawn now (the map is
    scrolled into view first; y grows upwards on the board, downwards on the page)."""
    page.locator(".swlab-editor-map").scroll_into_view_if_needed()
    _harness().settle(page, ".swlab-editor path.swlab-region")
    left, top, right, bottom = page.evaluate(_BOARD_BOX)

    def convert(x: float, y: float) -> Point:
        return (left + x * (right - left) / 400, bottom - y * (bottom - top) / 200)

    return convert


def draw(page: Any, points: list[Point], finish: Point) -> None:
    """Draw through ``points`` with Geoman's tool (on: its cursor marker is in the page):
    the mouse glides to each point in steps, each click acknowledged (one more vertex in
    the map) before the next; a click at ``finish`` (the last point again ends a line,
    the first closes a polygon) ends the shape."""
    from playwright.sync_api import TimeoutError as PageTimeout

    page.wait_for_selector(".leaflet-marker-pane .cursor-marker", state="attached")
    for x, y in points:
        before = page.locator(DRAWN).count()
        page.mouse.move(x, y, steps=5)
        page.mouse.click(x, y)
        try:
            page.wait_for_function(
                "([sel, n]) => document.querySelectorAll(sel).length > n",
                arg=[DRAWN, before],
                timeout=60_000,
            )
        except PageTimeout:
            under = page.evaluate(_UNDER, [x, y])
            raise AssertionError(f"no vertex for the click at {x:.0f},{y:.0f}: {under}") from None
    page.mouse.move(*finish, steps=5)
    page.mouse.click(*finish)


def _fitted(page: Any, kernel: Any) -> bool:
    """True once the kernel fits the board to the map's width in the page."""
    box = page.locator(".swlab-editor-map").bounding_box()
    return box is not None and abs(float(kernel("editor._size[0]")) - box["width"]) < 2


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def test_the_edge_sliver_is_listed_in_full_then_absorbed(lab_page: tuple[Any, Any]) -> None:
    page, kernel = lab_page
    wait_text(page, "1 problem")
    option = page.locator(".swlab-editor-problems select option").first
    option.scroll_into_view_if_needed()
    text = option.inner_text().replace("\xa0", " ").replace("\u200b", "")
    assert "Sliver gap reaching the board's edge between regions" in text
    assert "6" in text and "7" in text and "Fix:" in text
    # the whole line is on screen: wrapped inside its list, not cut at its right
    line, listed = option.bounding_box(), page.locator(".swlab-editor-problems select")
    frame = listed.bounding_box()
    assert line is not None and frame is not None
    assert line["x"] + line["width"] <= frame["x"] + frame["width"] + 1
    assert line["y"] >= 0 and line["y"] + line["height"] <= 720
    shot(page, "1_edge_sliver_listed.png")
    option.click()
    kernel.wait_for("len(editor.selected)", 2)
    if 4 in kernel("editor.selected"):  # region 6 should grow: region 4 is unselected
        page.mouse.click(*to_page(page)(350, 50))
        kernel.wait_for("editor.selected", [6])
    page.get_by_role("button", name="absorb gap").click()
    wait_text(page, "the gap given to region 6")
    kernel.wait_for("len(editor.problems)", 0)
    assert kernel("editor.board.are_adjacent(6, 7)")
    assert kernel("round(editor.board[6].polygon.area)") == 10200
    shot(page, "2_sliver_absorbed.png")


def test_one_stroke_splits_the_two_regions_it_crosses(lab_page: tuple[Any, Any]) -> None:
    page, kernel = lab_page
    page.get_by_role("button", name="select", exact=True).click()
    for rid in kernel("editor.selected"):  # a click on a selected region unselects it
        inside = kernel(f"editor.board[{rid}].polygon.representative_point().coords[0]")
        page.mouse.click(*to_page(page)(*inside))
    kernel.wait_for("editor.selected", [])
    before = kernel("len(editor.board)")
    page.get_by_role("button", name="split", exact=True).click()
    wait_text(page, "mode: split")
    at = to_page(page)
    # from just inside the board's left edge (within the snapping pixels; low, below
    # Leaflet's and Geoman's buttons) across regions 1 and 2, ending inside region 3
    start, end = at(0, 15), at(250, 50)
    draw(page, [(start[0] + 4, start[1]), at(150, 20), end], finish=end)
    said = wait_text(page, "split regions 1 and 2")
    assert "not split: the line ends inside region 3" in said
    assert kernel.wait_for("len(editor.board)", before + 2) == before + 2
    assert kernel("editor.mode") == "select"
    assert kernel("round(editor.board[3].polygon.area)") == 10000
    shot(page, "3_stroke_split.png")


def test_a_lasso_selects_three_regions_in_a_full_hd_window(lab_page: tuple[Any, Any]) -> None:
    page, kernel = lab_page
    page.set_viewport_size({"width": 1920, "height": 1080})
    # the map grows with the window; the kernel refits the board to its new size
    _harness().wait_until(lambda: _fitted(page, kernel), 60, "the map was never refitted")
    page.get_by_role("button", name="lasso", exact=True).click()
    wait_text(page, "mode: lasso")
    at = to_page(page)
    # around the labels of regions 6, 7 (top right) and 4 (bottom right), not 3's
    corners = [at(225, 195), at(395, 195), at(395, 15), at(315, 15), at(315, 105), at(225, 105)]
    draw(page, corners, finish=corners[0])
    wait_text(page, "Lasso: regions 4, 6 and 7 selected.")
    assert kernel.wait_for("editor.selected", [4, 6, 7]) == [4, 6, 7]
    assert kernel("editor.mode") == "select"
    shot(page, "4_lasso_selected.png")
    page.get_by_role("button", name="swamp", exact=True).click()
    wait_text(page, "regions 4, 6 and 7 are swamp")
    terrains = kernel("[editor.board[r].terrain for r in (3, 4, 6, 7)]")
    assert terrains == ["farmland", "swamp", "swamp", "swamp"]
    shot(page, "5_lasso_terrain.png")

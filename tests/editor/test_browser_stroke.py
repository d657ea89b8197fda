"""The map designer's geometry tools in a real browser (headless Chromium), in JupyterLab
and in Voila (issue 27 §2), used as a person uses them, with the mouse and the keyboard:
region 4's label sits inside it and the label of its corner contact covers no label; a
sliver open to the board's edge is listed in full, clicked and absorbed into a neighbour;
one stroke (a 1280 x 720 window) splits the two regions it crosses and says why it left
the third; a lasso (a 1920 x 1080 window) selects three regions; L and K, pressed once
each, enter lasso and split mode once. What changed is read back from the kernel; every
wait is on a condition. Screenshots go to ``out/screenshots/editor-{lab,voila}-*.png``. Uses the
JupyterLab harness of ``tests/browser``; skipped without it, playwright or Chromium.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.editor.test_browser import (
    _UNDER,
    DRAWN,
    SCREENSHOTS,
    _harness,
    editor_page_and_kernel,
    wait_text,
)

pytestmark = pytest.mark.browser

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


@pytest.fixture(scope="module", params=["lab", "voila"])
def lab_page(
    request: pytest.FixtureRequest, jupyter: Any, jupyterlab_tab: Any
) -> Iterator[tuple[Any, Any]]:
    """The editor's page in a 1280 x 720 window, in JupyterLab or Voila (the module's
    tests run in order on each, from a folder of each's own), and a probe of its kernel."""
    viewport = {"width": 1280, "height": 720}
    rel = f"editor-stroke-{request.param}/strokes.ipynb"
    yield from editor_page_and_kernel(jupyterlab_tab, rel, SOURCE, viewport, request.param)


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
    """``out/screenshots/editor-{lab,voila}-NAME``: the window as it is."""
    where = "voila" if "/voila/" in page.url else "lab"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"editor-{where}-{name}"))


#: The page box of the text of region ``arg``'s label (the union of its lines: the
#: label's own box is its marker's, wider than the text), and of its region's path.
_LABEL_AND_PATH = """(rid) => {
  const label = document.querySelector(`.swlab-editor-map .swlab-label-${rid}`);
  const path = document.querySelector(`.swlab-editor path.swlab-region-${rid}`);
  if (!label || !path) return null;
  const lines = [...label.children].map(c => c.getBoundingClientRect());
  const box = r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  return {
    label: {left: Math.min(...lines.map(r => r.left)), top: Math.min(...lines.map(r => r.top)),
            right: Math.max(...lines.map(r => r.right)),
            bottom: Math.max(...lines.map(r => r.bottom))},
    path: box(path.getBoundingClientRect()),
  };
}"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["right"], b["right"]) > max(a["left"], b["left"]) and min(
        a["bottom"], b["bottom"]
    ) > max(a["top"], b["top"])


def test_region_4s_label_is_inside_it_and_its_corner_label_covers_it_not(
    lab_page: tuple[Any, Any],
) -> None:
    """The flaw of a 1280 x 720 screenshot: region 4's label sat on its top border, under
    the label of its corner contact with region 6 (R-COMP-6). Hovering region 4: its
    label's text lies inside its path's box, and the corner label's box covers none of
    the region labels' texts."""
    page, kernel = lab_page
    at = to_page(page)
    page.mouse.move(*at(350, 20), steps=3)  # low in region 4, under no label
    kernel.wait_for("editor.hovered", 4)
    corner = page.locator(".swlab-corner-label-4-6")
    corner.wait_for(timeout=60_000)
    _harness().settle(page, ".swlab-corner-label-4-6, .swlab-editor-map .swlab-label")
    shot(page, "0_region_4_hovered.png")
    found = page.evaluate(_LABEL_AND_PATH, 4)
    assert found is not None
    label, path = found["label"], found["path"]
    assert path["left"] <= label["left"] and label["right"] <= path["right"], found
    assert path["top"] <= label["top"] and label["bottom"] <= path["bottom"], found
    # well inside: the label's middle is within a quarter of the region's height of its own
    middle = (label["top"] + label["bottom"]) / 2
    assert abs(middle - (path["top"] + path["bottom"]) / 2) < (path["bottom"] - path["top"]) / 4
    b = corner.bounding_box()
    assert b is not None
    ring = {"left": b["x"], "top": b["y"], "right": b["x"] + b["width"],
            "bottom": b["y"] + b["height"]}  # fmt: skip
    covered = [
        rid for rid in kernel("list(editor.board.ids)")
        if _overlap(ring, page.evaluate(_LABEL_AND_PATH, rid)["label"])
    ]  # fmt: skip
    assert covered == [], f"the corner label covers the labels of regions {covered}"
    page.mouse.move(1, 1)


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


def test_l_and_k_pressed_once_enter_lasso_and_split_mode_once(lab_page: tuple[Any, Any]) -> None:
    """The editor's keys, the pointer over the map: L enters lasso mode, Esc leaves it, K
    enters split mode; each press runs one command (counted in the kernel) and the mode
    line says the mode. The mode buttons' tooltips name the keys."""
    from tests.browser.test_keys import count_commands

    page, kernel = lab_page
    kernel.run(count_commands("editor.keys"))
    lasso = page.get_by_role("button", name="lasso", exact=True)
    assert (lasso.get_attribute("title") or "").endswith("(L)")
    split = page.get_by_role("button", name="split", exact=True)
    assert (split.get_attribute("title") or "").endswith("(K)")
    page.locator(".swlab-editor .swlab-mode").click()  # the focus off the boxes
    box = page.locator(".swlab-editor-map").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    shown = page.locator(".swlab-editor .swlab-mode")
    for key, mode, calls in (("l", "lasso", ["lasso"]), ("Escape", "select", ["lasso", "cancel"]),
                             ("k", "split", ["lasso", "cancel", "split"])):  # fmt: skip
        page.keyboard.press(key)
        wait_text(page, f"mode: {mode}")
        assert kernel.wait_for("calls", calls) == calls
        assert kernel("editor.mode") == mode
        assert f"mode: {mode}" in shown.inner_text()
    shot(page, "6_key_k_split_mode.png")
    page.keyboard.press("Escape")
    kernel.wait_for("calls", ["lasso", "cancel", "split", "cancel"])
    wait_text(page, "mode: select")
    assert kernel("calls") == ["lasso", "cancel", "split", "cancel"]  # no late second delivery

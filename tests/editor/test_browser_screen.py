"""The editor's screen in a real browser (issue 12): JupyterLab and Voila, 1280x720 and
1920x1080, headless Chromium.

On a 2 x 2 board with symbols (four regions meeting in one corner, so the two diagonal
pairs touch at a corner only): the symbols are on the map, the panel is beside the map,
hovering a region tints its neighbours and labels the corner contact, an overlay shows its
legend, a split then a click selects without pressing *select*, a vertex drag is undone by
one undo, and Voila (with swlab's offline template) asks no outside host for anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from swlab.editor.overlays import CORNER_TEXT

from .test_browser import (
    SCREENSHOTS,
    _harness,
    draw_line,
    handles_gone,
    nearest_handle,
    serve,
    wait_text,
)

pytestmark = pytest.mark.browser

SIZES = ((1280, 720), (1920, 1080))
SOURCE = """from swlab.editor import MapEditor
from swlab.editor.draft import blank, set_terrain, split, toggle_symbol

d = split(blank(200, 120), 1, [(100, -1), (100, 121)])
d = split(split(d, 1, [(-1, 60), (201, 60)]), 2, [(-1, 60), (201, 60)])
d = toggle_symbol(toggle_symbol(d, 1, "mine"), 2, "lost_tribe")
d = set_terrain(d, 3, "mountain")
MapEditor(d)"""
LOCAL_HOSTS = {"127.0.0.1", "localhost", ""}


@pytest.fixture(scope="module")
def served(jupyter: Any, chromium: Any) -> Iterator[tuple[Any, Any, Any]]:
    """The harness, the process's JupyterLab (its Voila pages use swlab's offline template)
    serving the module's notebooks in ``editor-screen/``, and the process's Chromium."""
    harness = _harness()
    notebooks = {
        "screen.ipynb": harness.notebook(SOURCE),
        "five.ipynb": harness.notebook(
            "from swlab.editor import MapEditor\n\nMapEditor('official_5p')"
        ),
    }
    serve(jupyter, "editor-screen", notebooks)
    try:
        yield harness, jupyter, chromium
    finally:
        jupyter.shutdown_kernels()


def _open(
    served: tuple[Any, Any, Any], tab: Any, where: str, size: tuple[int, int]
) -> tuple[Any, list[str]]:
    """The editor in a window of ``size``: in Voila, a page of its own (the hosts it asks
    listed), in JupyterLab the process's loaded page (``tab``)."""
    harness, lab, browser = served
    viewport = {"width": size[0], "height": size[1]}
    requests: list[str] = []
    if where == "voila":
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(30_000)
        page = context.new_page()
        page.on("request", lambda r: requests.append(r.url))
        page.goto(lab.voila_url("editor-screen/screen.ipynb"), timeout=90_000)
    else:
        page = tab.fresh(viewport)
        harness.open_notebook(page, lab, "editor-screen/screen.ipynb")
        harness.run_all(page, 1)
        assert not harness.error_texts(page)
    page.wait_for_selector(".swlab-editor path.swlab-region-4", timeout=90_000)
    harness.settle(page, ".swlab-editor-map, .swlab-editor-panel")
    return page, requests


def _show_row(page: Any, harness: Any) -> None:
    """Scroll the editor's row (map and panel) to the top of the page, as a designer
    does before working on the map; the row fits the window's height."""
    page.locator(".swlab-editor-row").first.evaluate("e => e.scrollIntoView()")
    harness.settle(page, ".swlab-editor-row")


#: The page box of the first element ``arg`` once it has one (drawn, with a size).
_BOX = """(sel) => { const e = document.querySelector(sel);
  const r = e && e.getBoundingClientRect();
  return r && r.width > 0 && r.height > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height}
                                          : null; }"""


#: The pointer-events of each element ``arg`` (a selector) as laid out.
_POINTER_EVENTS = """(sel) => [...document.querySelectorAll(sel)]
  .map(e => getComputedStyle(e).pointerEvents)"""
#: Record on ``window`` the target of each click the page gets from now on.
_RECORD_CLICKS = """() => {
  window.__swlabClicks = [];
  document.addEventListener('click', e => window.__swlabClicks.push(
    `${e.target.tagName}.${e.target.getAttribute('class')}`), {capture: true});
}"""
#: The clicks recorded, and what lies at ``arg`` now.
_CLICKS_SEEN = """([x, y]) => {
  const e = document.elementFromPoint(x, y);
  return {clicked: window.__swlabClicks,
          now_under: e ? `${e.tagName}.${e.getAttribute('class')}` : null};
}"""


def _box(page: Any, selector: str) -> dict[str, float]:
    """The page box of ``selector``, waiting until it is drawn (a new region's path comes
    a moment after the words that announce it)."""
    return dict(page.wait_for_function(_BOX, arg=selector).json_value())


def _centre(page: Any, selector: str) -> tuple[float, float]:
    b = _box(page, selector)
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("where", ["lab", "voila"])
def test_the_editor_screen(
    served: tuple[Any, Any, Any], lab_tab: Any, where: str, size: tuple[int, int]
) -> None:
    harness = served[0]
    page, requests = _open(served, lab_tab, where, size)
    name = f"07_editor-{where}-{size[0]}x{size[1]}"
    try:
        # symbols, mountains and lost tribes are on the map, with the viewer's labels
        for piece in ("mine", "lost"):
            assert page.locator(f".swlab-editor-map .swlab-piece-{piece}").first.is_visible()
        assert "mountain" in page.inner_text(".swlab-editor-map .swlab-label-3")
        # the panel is beside the map, not below it
        m = page.locator(".swlab-editor-map").bounding_box()
        p = page.locator(".swlab-editor-panel").bounding_box()
        assert p["x"] >= m["x"] + m["width"] - 1 and p["y"] < m["y"] + m["height"] / 2
        if where == "voila":  # the board fills the page's width share
            assert m["width"] > 0.45 * size[0] or m["height"] > 0.75 * (size[1] - 150)

        # hovering a region tints its neighbours and labels the corner contact
        _show_row(page, harness)
        page.mouse.move(*_centre(page, "path.swlab-region-1"))
        page.wait_for_selector("path.swlab-neighbour", timeout=10_000)
        expect(page.locator("path.swlab-neighbour")).to_have_count(2)
        expect(page.locator("path.swlab-corner")).to_have_count(1)
        # the tints and the outline let clicks through to the region under them
        assert (
            page.evaluate(_POINTER_EVENTS, "path.swlab-neighbour, path.swlab-focus") == ["none"] * 3
        )
        label = page.locator(".swlab-corner-label").first
        label.wait_for(timeout=10_000)
        assert CORNER_TEXT in label.inner_text()
        assert CORNER_TEXT in page.inner_text(".swlab-hover")
        page.screenshot(path=str(SCREENSHOTS / f"{name}-hover.png"))

        # an overlay shows its legend, its count and its list
        page.get_by_role("button", name="edge", exact=True).click()
        page.wait_for_selector(".swlab-legend-edge", timeout=10_000)
        assert "4" in page.inner_text(".swlab-legend-edge")
        expect(page.locator(".swlab-overlay-edge select option")).to_have_count(4)
        page.get_by_role("button", name="borders", exact=True).click()
        page.wait_for_selector("path.swlab-border", state="attached", timeout=10_000)
        expect(page.locator("path.swlab-border")).to_have_count(4)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-overlays.png"))
        page.get_by_role("button", name="borders", exact=True).click()
        page.get_by_role("button", name="edge", exact=True).click()

        # a vertex drag is one undo step
        before = page.get_attribute("path.swlab-region-1", "d")
        page.get_by_role("button", name="edit vertices").click()
        wait_text(page, "mode: edit vertices")
        _show_row(page, harness)
        cx, cy = _centre(page, ".swlab-editor-map")
        x, y = nearest_handle(page, cx, cy)  # the corner all four regions share
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 25, y + 15, steps=12)
        page.mouse.up()
        page.screenshot(path=str(SCREENSHOTS / f"{name}-drag.png"))
        wait_text(page, "Moved a corner of regions 1, 2, 3 and 4.")
        page.get_by_role("button", name="undo", exact=True).click()
        wait_text(page, "Undone: Moved a corner of regions 1, 2, 3 and 4.")
        page.get_by_role("button", name="select", exact=True).click()
        wait_text(page, "mode: select")
        handles_gone(page)
        page.wait_for_function(  # one undo takes the whole drag back
            "([sel, d]) => document.querySelector(sel)?.getAttribute('d') === d",
            arg=["path.swlab-region-1", before],
        )

        # Esc returns to select; split, then a click selects at once
        page.get_by_role("button", name="edit vertices").click()
        wait_text(page, "mode: edit vertices")
        _show_row(page, harness)
        page.mouse.move(cx, cy)
        page.keyboard.press("Escape")
        wait_text(page, "mode: select")
        handles_gone(page)
        page.locator("path.swlab-region-1").first.click()
        wait_text(page, "selected: 1")
        page.get_by_role("button", name="split", exact=True).click()
        wait_text(page, "mode: split")
        _show_row(page, harness)
        m = _box(page, ".swlab-editor-map")
        r = _box(page, "path.swlab-region-1")
        mx = r["x"] + r["width"] / 2
        top, bottom = (
            max(r["y"] - 8, m["y"] + 3),
            min(r["y"] + r["height"] + 8, m["y"] + m["height"] - 3),
        )
        draw_line(page, [(mx, top), (mx + 2, bottom)])
        wait_text(page, "split region 1 (new region 5)")
        wait_text(page, "mode: select")
        # a real click at region 5's centre: the region the pointer was over as the split
        # ended is hovered, and its neighbours' tints lie over region 5; they let the
        # click through (one replaced between press and release took the click away)
        x, y = _centre(page, "path.swlab-region-5")
        page.evaluate(_RECORD_CLICKS)
        page.mouse.click(x, y)
        try:
            wait_text(page, "selected: 5")
        except AssertionError as e:  # what the click landed on, for whoever reads this
            seen = page.evaluate(_CLICKS_SEEN, [x, y])
            raise AssertionError(f"{e}\nthe click at {x:.0f},{y:.0f}: {seen}") from None
        page.screenshot(path=str(SCREENSHOTS / f"{name}-split.png"))
        assert not harness.error_texts(page)
    finally:
        lab_tab.release(page)
    if where == "voila":
        outside = sorted({u for u in requests if urlparse(u).scheme in ("http", "https")
                          and urlparse(u).hostname not in LOCAL_HOSTS})  # fmt: skip
        assert outside == [], outside


def test_the_borders_view_of_the_5_player_board(served: tuple[Any, Any, Any]) -> None:
    """Every border drawn on itself (no line crosses a third region), the corner contact
    ringed: legible on the largest board, in Voila at 1920 x 1080."""
    harness, lab, browser = served
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(lab.voila_url("editor-screen/five.ipynb"), timeout=90_000)
        page.wait_for_selector(".swlab-editor path.swlab-region-48", timeout=90_000)
        harness.settle(page)
        page.get_by_role("button", name="borders", exact=True).click()
        page.wait_for_selector("path.swlab-border", state="attached", timeout=10_000)
        expect(page.locator("path.swlab-border")).to_have_count(119)
        expect(page.locator("path.swlab-corner-12-17")).to_have_count(1)
        assert "119" in page.inner_text(".swlab-legend-adjacency")
        page.mouse.move(*_centre(page, "path.swlab-region-12"))
        page.wait_for_selector(".swlab-corner-label-12-17", timeout=10_000)
        page.screenshot(path=str(SCREENSHOTS / "07_editor-voila-5p-borders.png"))
    finally:
        context.close()
        lab.shutdown_kernels()

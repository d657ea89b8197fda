"""A dragged corner snaps in a real JupyterLab (headless Chromium, a 1280 x 720 window;
issue 27 §2): region 1's corner, dropped a few pixels short of region 2's corner across a
gap, lands on it (read back from the kernel), and the editor says so. Uses the JupyterLab
harness of ``tests/browser``; skipped without it, playwright or Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.editor.test_browser import (
    SCREENSHOTS,
    _harness,
    editor_page_and_kernel,
    handles,
    wait_text,
)
from tests.editor.test_browser_stroke import shot

pytestmark = pytest.mark.browser

#: Regions 1 and 2 under region 3, a gap 2 units wide between them; region 1's corner
#: (100, 30) faces region 2's (102, 30): on a 700-pixel map 7 pixels apart, within the 10
#: the editor snaps across, with no other handle between them.
SOURCE = """from shapely.geometry import Polygon, box
from swlab.board.model import Board, Region
from swlab.editor import MapEditor

regions = (
    Region(1, "hill", Polygon([(0, 0), (100, 0), (100, 30), (100, 60), (0, 60)])),
    Region(2, "forest", Polygon([(102, 0), (200, 0), (200, 60), (102, 60), (102, 30)])),
    Region(3, "farmland", box(0, 60, 200, 120)),
)
editor = MapEditor(Board("gap", 2, 10, box(0, 0, 200, 120), regions), width=700)
editor"""


@pytest.fixture(scope="module")
def lab_page(jupyter: Any, jupyterlab_tab: Any) -> Iterator[tuple[Any, Any]]:
    """The editor's page in a 1280 x 720 window, and a probe of its kernel."""
    viewport = {"width": 1280, "height": 720}
    yield from editor_page_and_kernel(jupyterlab_tab, "editor-snap/snap.ipynb", SOURCE, viewport)


def test_a_corner_dropped_near_another_snaps_onto_it(lab_page: tuple[Any, Any]) -> None:
    page, kernel = lab_page
    wait_text(page, "1 problem")  # the sliver
    page.get_by_role("button", name="edit vertices").click()
    wait_text(page, "mode: edit vertices")
    page.locator(".swlab-editor-map").scroll_into_view_if_needed()
    _harness().settle(page)
    box = page.locator(".swlab-editor-map").bounding_box()
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    harness = _harness()
    vertices = handles(page)

    def centres() -> list[tuple[float, float]] | None:
        boxes = [vertices.nth(i).bounding_box() for i in range(vertices.count())]
        if len(boxes) < 6 or any(b is None for b in boxes):
            return None
        return [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]

    laid_out = harness.wait_until(centres, 60, "the vertex handles were never all laid out")
    # one handle per place (regions sharing a corner each have one there); below the
    # middle (y grows upwards) and nearest it: (100, 30) of region 1, (102, 30) of region 2
    places = list({(round(x), round(y)): (x, y) for x, y in laid_out}.values())
    below = [c for c in places if abs(c[0] - middle[0]) < 15 and c[1] > middle[1] + 10]
    left, right = sorted(sorted(below, key=lambda c: c[1])[:2])
    assert 4 < right[0] - left[0] < 10, (left, right)
    shot(page, "0_snap_before.png")
    # the two handles overlap: region 1's is taken by its outer side, away from region 2's
    grip = (left[0] - 3, left[1])
    page.mouse.move(*grip)
    page.mouse.down()
    page.mouse.move(grip[0] + (right[0] - left[0]) / 2, grip[1] + 2, steps=6)
    page.mouse.up()
    wait_text(page, "Moved a corner of region 1. It snapped to a corner of region 2.")
    corners = kernel("[list(c) for c in editor.board[1].polygon.exterior.coords]")
    assert [102, 30] in corners and [100, 30] not in corners  # exactly on region 2's corner
    shot(page, "0_snap_after.png")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "07_map_editor-snap.png"), full_page=True)

"""A dragged corner snaps in a real JupyterLab (headless Chromium; issue 27 §2): region 1's
corner, dropped a few pixels short of region 2's corner across a gap, lands on it, and the
editor says so. Uses the JupyterLab harness of ``tests/browser``; skipped without it,
playwright or Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.editor.test_browser import SCREENSHOTS, _harness, editor_page, handles, wait_text

pytestmark = pytest.mark.browser

#: Regions 1 and 2 under region 3, a gap 2 units wide between them; region 1's corner
#: (100, 30) faces region 2's (102, 30): on a 900-pixel map about 9 pixels apart, within
#: the 10 the editor snaps across, with no other handle between them.
SOURCE = """from shapely.geometry import Polygon, box
from swlab.board.model import Board, Region
from swlab.editor import MapEditor

regions = (
    Region(1, "hill", Polygon([(0, 0), (100, 0), (100, 30), (100, 60), (0, 60)])),
    Region(2, "forest", Polygon([(102, 0), (200, 0), (200, 60), (102, 60), (102, 30)])),
    Region(3, "farmland", box(0, 60, 200, 120)),
)
MapEditor(Board("gap", 2, 10, box(0, 0, 200, 120), regions), width=900)"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory, pw: Any) -> Iterator[Any]:
    yield from editor_page(tmp_path_factory.mktemp("editor-snap"), pw, "snap.ipynb", SOURCE)


def test_a_corner_dropped_near_another_snaps_onto_it(page: Any) -> None:
    wait_text(page, "1 problem")  # the sliver
    page.get_by_role("button", name="edit vertices").click()
    wait_text(page, "mode: edit vertices")
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
    page.mouse.move(*left)
    page.mouse.down()
    page.mouse.move(left[0] + (right[0] - left[0]) / 2, left[1] + 2, steps=6)
    page.mouse.up()
    wait_text(page, "Moved a corner of region 1. It snapped to a corner of region 2.")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "07_map_editor-snap.png"), full_page=True)

"""A 10 MB GIS export is offered to be simplified in a real JupyterLab (headless Chromium, a
1280 x 720 window; issue 23 §2), as a person meets it: the file's name typed into the file
box, "load" pressed, the offer read beside the file box, "simplify" pressed, the warning
(tolerance, vertex counts before and after) read beside the file box, and the regions
loaded read back from the kernel. The file is the ~500,000-vertex export of
``benchmarks/map_checks.py`` (written by geopandas when installed), over the real limits.
Uses the JupyterLab harness of ``tests/browser``; skipped without it, playwright or
Chromium.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from swlab.board.voronoi import random_board
from swlab.safe_io import MAP_LIMITS
from tests.board.test_simplify_map import _map_checks
from tests.editor.test_browser import SCREENSHOTS, _harness, editor_page_and_kernel, wait_text

pytestmark = pytest.mark.browser

#: Regions of the export (a random board of 200, as ``map_checks.py`` builds it).
REGIONS = 200
SOURCE = """from swlab.editor import MapEditor

editor = MapEditor("official_3p")
editor"""

#: The warning beside the file box once simplified.
SIMPLIFIED = re.compile(
    r"coast\.geojson: ([\d,]+) vertices, more than the ([\d,]+) a map may have: simplified "
    r"with a tolerance of ([\d.e+-]+) map units to ([\d,]+) vertices, shared borders kept "
    r"together"
)


@pytest.fixture(scope="module")
def lab_page(jupyter: Any, jupyterlab_tab: Any) -> Iterator[tuple[Any, Any]]:
    """The editor's page in a 1280 x 720 window, and a probe of its kernel; the export in
    the editor's workspace (``swlab-files/`` beside the notebook)."""
    files = jupyter.root / "editor-simplify" / "swlab-files"
    files.mkdir(parents=True)
    checks = _map_checks()
    coast = checks.detailed_board(random_board(REGIONS, seed=0), 500_000)
    checks.write_plain(coast, files / "coast.geojson")
    viewport = {"width": 1280, "height": 720}
    rel = "editor-simplify/simplify.ipynb"
    yield from editor_page_and_kernel(jupyterlab_tab, rel, SOURCE, viewport)


def _in_view(page: Any, selector: str) -> dict[str, float]:
    """The box of ``selector`` on the page, asserted to be inside the 1280 x 720 window."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert 0 <= box["y"] <= 720 - box["height"], (selector, box)
    assert 0 <= box["x"] <= 1280 - box["width"], (selector, box)
    return dict(box)


def _centre(page: Any, selector: str) -> None:
    """Scroll the notebook so that ``selector`` stands mid-window, as a person reading it
    would, and wait until it stops moving."""
    page.locator(selector).evaluate("e => e.scrollIntoView({block: 'center'})")
    _harness().settle(page, selector)


def test_a_big_export_is_offered_then_simplified(lab_page: tuple[Any, Any]) -> None:
    page, kernel = lab_page
    wait_text(page, "sound: ready to play")
    name = page.locator(".swlab-editor-file input")
    name.scroll_into_view_if_needed()
    name.click()
    name.press("Control+a")
    name.press_sequentially("coast.geojson")
    kernel.wait_for("editor.path.value", "coast.geojson")
    page.get_by_role("button", name="load", exact=True).click()
    offer = wait_text(page, "(simplify / keep)", timeout=120)
    limit = f"{int(MAP_LIMITS['map_vertices']):,}"
    assert re.search(rf"coast\.geojson has [\d,]+ vertices, more than the {limit} a map", offer)
    assert kernel("editor.board.name") == "official-3p"  # nothing loaded yet
    simplify = page.get_by_role("button", name="simplify", exact=True)
    assert simplify.is_visible() and page.get_by_role("button", name="keep").is_visible()
    assert not page.get_by_role("button", name="replace").is_visible()
    assert "tolerance is chosen for you" in (simplify.get_attribute("title") or "")
    # the offer stands right below the file box and its question, in the window
    _centre(page, ".swlab-editor-simplify")
    said = _in_view(page, ".swlab-editor-message")
    asked = _in_view(page, ".swlab-editor-simplify")
    typed = _in_view(page, ".swlab-editor-file")
    assert typed["y"] < asked["y"] < said["y"] < asked["y"] + 3 * asked["height"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "07_map_editor-simplify-offer.png"))

    started = time.perf_counter()
    simplify.click()
    wait_text(page, "shared borders kept together", timeout=180)
    waited = time.perf_counter() - started
    said = page.inner_text(".swlab-editor-message").splitlines()
    assert said[0] == "Loaded coast.geojson.", said
    found = SIMPLIFIED.fullmatch(said[1])  # the first thing said after it
    assert found is not None, said
    before, limit_said, tolerance, after = found.groups()
    assert int(before.replace(",", "")) > 400_000 and limit_said == limit
    assert 0 < int(after.replace(",", "")) <= 0.9 * MAP_LIMITS["map_vertices"]
    assert float(tolerance) > 0
    assert kernel.wait_for("len(editor.board)", REGIONS) == REGIONS
    counted = kernel("sum(len(r.polygon.exterior.coords) for r in editor.board)")
    assert counted == int(after.replace(",", ""))
    assert f"{REGIONS} regions" in page.inner_text(".swlab-editor-panel")
    assert not page.get_by_role("button", name="simplify", exact=True).is_visible()
    _centre(page, ".swlab-editor-message")
    said_box = _in_view(page, ".swlab-editor-message")
    assert _in_view(page, ".swlab-editor-file")["y"] < said_box["y"]  # still beside it
    page.screenshot(path=str(SCREENSHOTS / "07_map_editor-simplified.png"))
    print(f"simplify pressed to warning shown: {waited:.1f} s wall")

"""Notebook 10 (Terra Mystica maps) in JupyterLab: it runs without an error, the hex editor
shows the base map with the reach of E7, and clicks in the page change shipping and paint
a hex; screenshots at 1280x720 and 1920x1080 go to ``out/screenshots/``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from swlab.board.hexmap import base_map, labels, reach

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

NOTEBOOK = "10_terra_mystica_maps.ipynb"
SIZES = ((1280, 720), (1920, 1080))


def _click_hex(page: Page, rid: int) -> None:
    """A mouse click in the middle of hex ``rid``, which must be the element hit there
    (labels let clicks through)."""
    path = page.locator(f".swlab-hexmap-editor path.swlab-hex-{rid}")
    # the whole map in view: Leaflet focuses its container on the first press, and a browser
    # scrolls a focused element that sticks out, which would turn that click into a drag
    page.locator(".swlab-hexmap-map").first.evaluate("e => e.scrollIntoView({block: 'center'})")
    harness.settle(page)
    box = path.bounding_box()
    assert box is not None, f"hex {rid} is not on the page"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hit = page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y); "
        "return e ? e.getAttribute('class') || e.tagName : null; }",
        [x, y],
    )
    assert hit and f"swlab-hex-{rid}" in hit.split(), f"a click on hex {rid} lands on {hit}"
    page.mouse.move(x, y)
    page.mouse.click(x, y)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_notebook_10_runs_and_its_editor_answers_clicks(
    lab: harness.Lab, lab_tab: harness.LabTab, screenshots: Path, size: tuple[int, int]
) -> None:
    from playwright.sync_api import expect

    width, height = size
    page = lab_tab.fresh({"width": width, "height": height})
    try:
        rel = f"notebooks/{NOTEBOOK}"
        nb = json.loads((lab.root / rel).read_text())
        harness.open_notebook(page, lab, rel)
        state = harness.run_all(page, len(harness.code_cells(nb)), timeout=240)
        assert not harness.error_texts(page), harness.error_texts(page)
        assert state["numbered"] == len(harness.code_cells(nb)), state

        board = base_map()
        names = {n: r for r, n in labels(board).items()}
        e7 = names["E7"]
        editor = page.locator(".swlab-hexmap-editor").first
        editor.scroll_into_view_if_needed()
        expect(editor.locator("path.swlab-hex")).to_have_count(113)
        found = reach(board, e7, shipping=1)
        expect(editor.locator("path.swlab-direct")).to_have_count(len(found["direct"]))
        expect(editor.locator("path.swlab-indirect")).to_have_count(len(found["shipping"]))
        expect(editor.locator(".swlab-hexmap-message")).to_contain_text("E7: direct D4, D5")
        harness.settle(page)
        page.screenshot(path=str(screenshots / f"tm_editor_reach_{width}x{height}.png"))

        # shipping 3 from the page: more dashed rings
        editor.locator(".widget-toggle-button", has_text=re.compile(r"^\s*3\s*$")).click()
        three = reach(board, e7, shipping=3)["shipping"]
        expect(editor.locator("path.swlab-indirect")).to_have_count(len(three))

        # paint A1 and A2 Swamp from the page: their fills change and the two clash
        editor.locator("button.swlab-brush-swamp").click()
        for label in ("A1", "A2"):
            _click_hex(page, names[label])
            expect(editor.locator(f"path.swlab-hex-{names[label]}")).to_have_class(
                re.compile(r"\bswlab-terrain-swamp\b")
            )
        expect(editor.locator("ul.swlab-hexmap-problems")).to_contain_text(
            "A1 and A2 are neighbours and both Swamp"
        )
        expect(editor.locator("path.swlab-problem-same_terrain")).to_have_count(2)
        # the overlays stay drawn above the repainted fills
        above = editor.evaluate(
            """(e) => { const hexes = e.querySelectorAll('path.swlab-hex');
                        const rings = e.querySelectorAll('path.swlab-direct');
                        const last = hexes[hexes.length - 1];
                        return rings.length > 0 && !!(last.compareDocumentPosition(rings[0])
                          & Node.DOCUMENT_POSITION_FOLLOWING); }"""
        )
        assert above, "the reach rings are drawn under the hexes"
        editor.locator("button.swlab-hexmap-undo").click()
        expect(editor.locator("path.swlab-problem-same_terrain")).to_have_count(0)
        harness.settle(page)
        harness.element_screenshot(
            page, editor, screenshots / f"tm_editor_painted_{width}x{height}.png"
        )
        harness.full_screenshot(page, screenshots / f"tm_notebook_{width}x{height}.png")
    finally:
        lab_tab.clear()

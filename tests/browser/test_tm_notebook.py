"""Notebook 10 (Terra Mystica maps) in JupyterLab: it runs without an error (in the page
and in the saved file: test_notebooks.py leaves this notebook to this module), the hex
editor shows the base map with the reach of E7, and clicks in the page change shipping
and paint a hex, at 1280x720 and at 1920x1080; screenshots go to ``out/screenshots/``.

The notebook runs once, in a window of the first size: Run All is some 20 s of CPU, and
what the second size checks is the editor in a window of that size. For it the window is
resized and the editor's cell run again (a fresh editor, laid out in the new window), as a
person who resized the window would do; the other cells' outputs stay as they are.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
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
#: Text of the one code cell that makes the hex editor.
EDITOR_CELL = 'editor = HexMapEditor("terra_mystica_base")'
#: The notebook's picture test_notebooks.py takes of every other notebook.
NOTEBOOK_SHOT = f"{Path(NOTEBOOK).stem}.png"


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


def _run_editor_cell_again(page: Page) -> None:
    """Select the editor's cell (a click on its prompt: command mode) and run it alone
    (Ctrl+Enter); wait until its new editor replaced the old one and the page is still."""
    old = page.locator(".swlab-hexmap-editor").first
    old.evaluate("e => e.setAttribute('data-swlab-old', '')")
    cell = page.locator(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell", has_text=EDITOR_CELL
    ).first
    cell.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Control+Enter")
    page.wait_for_selector(".swlab-hexmap-editor:not([data-swlab-old]) path.swlab-hex")
    page.wait_for_selector(".swlab-hexmap-editor[data-swlab-old]", state="detached")
    harness.settle(page)


class Run:
    """Notebook 10, run in the process's JupyterLab page, and whether its editor has been
    clicked (then a test runs the editor's cell again for an untouched one)."""

    def __init__(self, page: Page) -> None:
        self.page, self.used = page, False


@pytest.fixture(scope="module")
def notebook_10(lab: harness.Lab, jupyterlab_tab: harness.LabTab) -> Iterator[Run]:
    """Notebook 10 run once in a window of the first size (Run All), checked as
    test_notebooks.py checks every notebook: no error shown or saved, every code cell run."""
    width, height = SIZES[0]
    page = jupyterlab_tab.fresh({"width": width, "height": height})
    try:
        rel = f"notebooks/{NOTEBOOK}"
        cells = len(harness.code_cells(json.loads((lab.root / rel).read_text())))
        harness.open_notebook(page, lab, rel)
        state = harness.run_all(page, cells, timeout=240)
        shown = harness.error_texts(page)
        saved = harness.save(page, lab.root / rel)
        assert not shown, f"{NOTEBOOK} shows errors:\n" + "\n---\n".join(shown)
        assert not harness.saved_errors(saved), harness.saved_errors(saved)
        assert state["numbered"] == cells, f"not every code cell ran: {state}"
        yield Run(page)
    finally:
        jupyterlab_tab.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_notebook_10_runs_and_its_editor_answers_clicks(
    notebook_10: Run, screenshots: Path, size: tuple[int, int]
) -> None:
    from playwright.sync_api import expect

    width, height = size
    page = notebook_10.page
    harness.resize(page, {"width": width, "height": height}, ".jp-NotebookPanel")
    if notebook_10.used:
        _run_editor_cell_again(page)
    notebook_10.used = True
    assert not harness.error_texts(page), harness.error_texts(page)

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
    shot = screenshots / f"tm_notebook_{width}x{height}.png"
    harness.full_screenshot(page, shot)
    if size == SIZES[0]:  # the whole notebook, under the name test_notebooks.py gives it
        shutil.copyfile(shot, screenshots / NOTEBOOK_SHOT)

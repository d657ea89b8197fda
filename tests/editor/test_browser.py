"""The editor in a real JupyterLab (headless Chromium): a vertex drag and a drawn split.

Geoman moves a shared vertex in one polygon only; the editor must replay the drag as a
move of the shared vertex (every region follows) and push the fixed shapes back. Uses the
JupyterLab harness of ``tests/browser``; skipped without it, playwright or Chromium.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.browser

HARNESS = Path(__file__).resolve().parents[1] / "browser" / "harness.py"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"
LAB_ROOT: list[Path] = []  # the notebook's folder: its kernel's working directory
SOURCE = """from swlab.editor import MapEditor
from swlab.editor.draft import blank, split

d = split(split(blank(200, 120), 1, [(100, -1), (100, 121)]), 1, [(-1, 60), (201, 60)])
MapEditor(d, width=500)"""


def _harness() -> ModuleType:
    if not HARNESS.is_file():
        pytest.skip("tests/browser/harness.py is not here")
    spec = importlib.util.spec_from_file_location("swlab_browser_harness", HARNESS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    reason = module.missing()
    if reason:
        pytest.skip(reason)
    return module


def serve(lab: Any, folder: str, notebooks: dict[str, Any]) -> Path:
    """Put ``notebooks`` (file name: notebook) in ``folder`` of the process's JupyterLab
    (tests/conftest.py), a folder of the module's own: its kernels' working directory,
    where the editor keeps its workspace (``swlab-files/``)."""
    where = lab.root / folder
    where.mkdir(parents=True, exist_ok=True)
    for name, nb in notebooks.items():
        (where / name).write_text(json.dumps(nb, indent=1))
    return where


def editor_page(
    tab: Any,
    rel: str,
    source: str,
    viewport: dict[str, int] | None = None,
    where: str = "lab",
) -> Iterator[Any]:
    """The notebook ``rel`` (a folder and a file name) of ``source`` (a map editor), served
    by the JupyterLab of ``tab`` (tests/conftest.py's ``jupyterlab_tab``) and shown in a
    window of ``viewport`` (default the harness's): run in that loaded JupyterLab page, or
    (``where="voila"``) rendered by the same server's Voila in a page of its own. The page
    once the editor's regions are drawn, until closed (then the notebook's kernel goes)."""
    harness, lab = _harness(), tab.lab
    folder, name = rel.split("/")
    serve(lab, folder, {name: harness.notebook(source)})
    page = tab.page_for(where, viewport or harness.VIEWPORT)
    try:
        if where == "voila":  # its Voila pages use swlab's offline template
            page.goto(lab.voila_url(rel), timeout=120_000)
        else:
            harness.open_notebook(page, lab, rel)
            harness.run_all(page, 1)
        page.wait_for_selector(".swlab-editor path.swlab-region-1", timeout=120_000)
        assert not harness.error_texts(page)
        harness.settle(page)
        yield page
    finally:
        tab.release(page)


def editor_page_and_kernel(
    tab: Any,
    rel: str,
    source: str,
    viewport: dict[str, int] | None = None,
    where: str = "lab",
) -> Iterator[tuple[Any, Any]]:
    """:func:`editor_page`, with a probe of the notebook's kernel (to read back what a
    gesture did), closed with the page."""
    for page in editor_page(tab, rel, source, viewport, where):
        kernel = _harness().KernelProbe(tab.lab.root / ".home" / "runtime")
        try:
            yield page, kernel
        finally:
            kernel.close()


@pytest.fixture(scope="module")
def page(jupyter: Any, jupyterlab_tab: Any) -> Iterator[Any]:
    LAB_ROOT.append(jupyter.root / "editor-lab")
    yield from editor_page(jupyterlab_tab, "editor-lab/editor.ipynb", SOURCE)


def _text(page: Any, selector: str = ".swlab-editor") -> str:
    return str(page.inner_text(selector))


#: True once the element ``arg[0]`` shows the text ``arg[1]``.
_SHOWS = "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)"


def wait_text(page: Any, text: str, timeout: float = 60, where: str = ".swlab-editor") -> str:
    """Wait until the editor shows ``text`` (the kernel has answered); what it shows."""
    from playwright.sync_api import TimeoutError as PageTimeout

    try:
        page.wait_for_function(_SHOWS, arg=[".swlab-editor", text], timeout=timeout * 1000)
    except PageTimeout:
        raise AssertionError(f"{text!r} never shown:\n{_text(page, where)[:800]}") from None
    return _text(page)


#: Geoman's vertices of the line being drawn (its cursor marker left out).
DRAWN = ".leaflet-marker-pane .marker-icon:not(.cursor-marker)"
#: True once there are more than ``arg[1]`` elements ``arg[0]``.
_MORE = "([sel, n]) => document.querySelectorAll(sel).length > n"


def draw_line(page: Any, points: list[tuple[float, float]]) -> None:
    """Draw a line through ``points`` with Geoman's line tool (already on: its cursor
    marker is in the page), each click acknowledged (one more vertex) before the next;
    a click on the last point again ends the line."""
    from playwright.sync_api import TimeoutError as PageTimeout

    page.wait_for_selector(".leaflet-marker-pane .cursor-marker", state="attached")
    for k, (x, y) in enumerate(points):
        before = page.locator(DRAWN).count()
        page.mouse.move(x, y)  # Geoman places the vertex where its cursor marker is
        page.mouse.click(x, y)
        try:
            page.wait_for_function(_MORE, arg=[DRAWN, before], timeout=60_000)
        except PageTimeout:
            under = page.evaluate(_UNDER, [x, y])
            raise AssertionError(
                f"no vertex for click {k + 1} at {x:.0f},{y:.0f}: {under}"
            ) from None
    page.mouse.click(*points[-1])


#: What a click at ``arg`` lands on, and Geoman's markers: why a click made no vertex.
_UNDER = """([x, y]) => {
  const e = document.elementFromPoint(x, y);
  const markers = [...document.querySelectorAll('.leaflet-marker-pane .marker-icon')]
    .map(m => m.className);
  return {under: e ? `${e.tagName}.${e.getAttribute('class')}` : null, markers};
}"""


HANDLES = ".leaflet-marker-pane .marker-icon"


def handles(page: Any) -> Any:
    """Geoman's vertex handles in edit mode, once there are some."""
    found = page.locator(f"{HANDLES}:not(.marker-icon-middle)")
    found.first.wait_for(state="attached")
    return found


def nearest_handle(page: Any, x: float, y: float) -> tuple[float, float]:
    """The centre of the vertex handle nearest ``(x, y)``, once every handle is laid out
    (Geoman adds them one by one: on a busy machine one may have no box yet)."""
    vertices = handles(page)

    def centres() -> list[tuple[float, float]] | None:
        boxes = [vertices.nth(i).bounding_box() for i in range(vertices.count())]
        if not boxes or any(b is None for b in boxes):
            return None
        return [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]

    laid_out = sys.modules["swlab_browser_harness"].wait_until(
        centres, 60, "the vertex handles were never all laid out"
    )
    return min(laid_out, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)


def handles_gone(page: Any) -> None:
    """Wait until the page has left vertex editing too (its handles are gone): the kernel
    says "mode: select" first, and a click before the map follows is not a selection."""
    page.locator(HANDLES).first.wait_for(state="detached", timeout=60_000)


def test_drag_moves_the_shared_vertex_then_a_line_splits(page: Any) -> None:
    page.locator("path.swlab-region-1").first.click()
    wait_text(page, "selected: 1")
    page.get_by_role("button", name="edit vertices").click()
    box = page.locator(".swlab-editor-map").bounding_box()
    # the vertex (100, 60) that regions 1, 2 and 3 share is in the middle of the map
    x, y = nearest_handle(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 20, y + 20, steps=8)
    page.mouse.up()
    wait_text(page, "Moved a corner of regions 1, 2 and 3.")
    assert "sound: ready to play" in _text(page)

    # edit mode cleared the selection: select the region to split again
    page.get_by_role("button", name="select", exact=True).click()
    handles_gone(page)
    page.locator("path.swlab-region-1").first.click()
    wait_text(page, "selected: 1")
    page.get_by_role("button", name="split", exact=True).click()
    wait_text(page, "mode: split")
    box = page.locator(".swlab-editor-map").bounding_box()  # where the map is now
    x = box["x"] + box["width"] * 0.8  # region 1 is the top right quarter
    draw_line(page, [(x, box["y"] + 6), (x + 3, box["y"] + box["height"] - 6)])
    wait_text(page, "split region 1 (new region 4)")
    wait_text(page, "4 regions")


def test_set_a_terrain_and_save_then_the_file_has_it(page: Any) -> None:
    """Select a region, give it a terrain from the palette, save: the file holds it all."""
    from swlab.board import read_board
    from swlab.board.validate import validate

    page.get_by_role("button", name="select", exact=True).click()
    page.locator("path.swlab-region-3").first.click()
    wait_text(page, "(3) selected")
    page.get_by_role("button", name="forest", exact=True).click()
    wait_text(page, "region 3 is forest")
    page.get_by_role("button", name="save", exact=True).click()
    wait_text(page, "Saved")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "07_map_editor-browser.png"), full_page=True)

    # the editor saves into its workspace, swlab-files/ beside the notebook (swlab/workspace.py)
    board = read_board(LAB_ROOT[0] / "swlab-files" / "my_board.geojson")
    assert sorted(board.ids) == [1, 2, 3, 4]
    assert board[3].terrain == "forest"
    assert validate(board) == []
    assert board.are_adjacent(1, 4)  # the two halves of the split share the split line
    assert all(len(board.neighbours(r)) >= 2 for r in board.ids)


def test_generate_a_random_board_through_the_page_and_save_it(page: Any) -> None:
    """Pick "random" as the source, click "new", save: the file is a sound 30-region board."""
    from swlab.board import read_board
    from swlab.board.validate import validate

    page.locator(".swlab-editor-source select").select_option("random")
    page.get_by_role("button", name="new", exact=True).click()
    wait_text(page, "new board from random")
    page.locator(".swlab-editor-file input").fill("random_board.geojson")
    page.locator(".swlab-editor-file input").press("Enter")
    # the box sends its value as it is typed: it reaches the kernel before the click does
    page.get_by_role("button", name="save", exact=True).click()
    wait_text(page, "Saved random_board.geojson")
    page.screenshot(path=str(SCREENSHOTS / "07_map_editor-random.png"), full_page=True)

    board = read_board(LAB_ROOT[0] / "swlab-files" / "random_board.geojson")
    assert len(board) == 30
    assert validate(board) == []
    assert board.first_conquest_regions

"""A GeoJSON file written by geopandas (pyogrio's GeoJSON driver) opens through the editor's
file box in JupyterLab, in headless Chromium (issue 12): the board is drawn with the ids
the file keeps in ``properties.fid``, and the editor says what the reader assumed (the
player count and turns the file does not give, terrain words in another letter case).
Skipped without geopandas, pyogrio, playwright or Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from swlab.board import official_board
from tests.board.test_plain_geojson import geopandas_board
from tests.editor.test_browser import SCREENSHOTS, _harness, serve, wait_text

pytestmark = pytest.mark.browser

SOURCE = "from swlab.editor import MapEditor\n\nMapEditor('official_3p')"
NAME = "from_geopandas.geojson"
#: The ids the file gives in ``properties.fid``: not the official board's, so the drawn
#: regions can only have them from the file.
OFFSET = 100


@pytest.fixture(scope="module")
def served(jupyter: Any) -> Iterator[tuple[Any, Any, Path]]:
    """The harness, the process's JupyterLab serving the module's notebook, and the
    notebook's folder (``editor-geopandas/``); the page is the process's JupyterLab page
    (``lab_tab``)."""
    harness = _harness()
    folder = serve(jupyter, "editor-geopandas", {"editor.ipynb": harness.notebook(SOURCE)})
    try:
        yield harness, jupyter, folder
    finally:
        jupyter.shutdown_kernels()


def test_a_geojson_written_by_geopandas_loads_through_the_page(
    served: tuple[Any, Any, Path], lab_tab: Any
) -> None:
    harness, lab, folder = served
    board = official_board(2)
    # the editor's workspace: swlab-files/ beside the notebook (swlab/workspace.py)
    workspace = folder / "swlab-files"
    workspace.mkdir(parents=True, exist_ok=True)
    geopandas_board(workspace / NAME, board, fid=[r.id + OFFSET for r in board])
    page = lab_tab.fresh(harness.VIEWPORT, timeout_ms=60_000)  # cleared after the test
    try:
        harness.open_notebook(page, lab, "editor-geopandas/editor.ipynb")
        harness.run_all(page, 1)
        assert not harness.error_texts(page)
        page.wait_for_selector(".swlab-editor path.swlab-region-1")
        page.locator(".swlab-editor-file input").fill(NAME)
        page.get_by_role("button", name="load", exact=True).click()
        shown = wait_text(page, f"Loaded {NAME}.")
        page.wait_for_selector(f".swlab-editor path.swlab-region-{OFFSET + 1}")
        drawn = page.eval_on_selector_all(
            ".swlab-editor-map path.swlab-region",
            "ps => ps.map(p => [...p.classList].find(c => /^swlab-region-\\d+$/.test(c)))",
        )
        assert sorted({int(c.rsplit("-", 1)[1]) for c in drawn}) == [r.id + OFFSET for r in board]
        assert f"{len(board)} regions, 2 players, 10 turns" in shown
        # what the reader assumed, in the editor's message, named as the file box names it
        assert "no player count in the file: 2 players assumed" in shown
        assert "no turn count in the file: 10 turns" in shown
        assert "terrain 'Sea' read as 'sea'" in shown
        assert f"{NAME}: field 'board.players'" in shown and str(workspace) not in shown
        harness.settle(page)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "07_editor-geopandas-lab.png"))
    finally:
        lab_tab.clear()

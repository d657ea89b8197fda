"""A sliver open to the board's edge is listed in a real JupyterLab (headless Chromium;
issue 27 §2): a file without an outline whose regions 1 and 2 are parted by a sliver down
to the edge opens in the editor, whose problem list names both regions, the line wrapped
in full down to its fix. Uses the JupyterLab harness of ``tests/browser``; skipped without
it, playwright or Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.editor.test_browser import SCREENSHOTS, editor_page, wait_text

pytestmark = pytest.mark.browser

SOURCE = """import json
from shapely.geometry import Polygon, box, mapping
from swlab.board.io import parse_board
from swlab.editor import MapEditor

shapes = {
    1: box(0, 0, 100, 60),
    2: Polygon([(101, 0), (200, 0), (200, 60), (101, 60)]),
    3: box(0, 60, 200, 120),
}
plain = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "id": k, "geometry": json.loads(json.dumps(mapping(s))),
     "properties": {"terrain": "hill"}} for k, s in shapes.items()]}
MapEditor(parse_board(plain, "edge.geojson", players=2, turns=10), width=600)"""

#: The problem list's lines, as the page shows them.
OPTIONS = ".swlab-editor-problems select option"


@pytest.fixture(scope="module")
def page(jupyter: Any, jupyterlab_tab: Any) -> Iterator[Any]:
    yield from editor_page(jupyterlab_tab, "editor-edge/edge.ipynb", SOURCE)


def test_the_edge_sliver_is_listed_in_full_and_selects_its_regions(page: Any) -> None:
    wait_text(page, "1 problem")
    option = page.locator(OPTIONS).first
    text = option.inner_text().replace("\xa0", " ").replace("\u200b", "")
    assert "Sliver gap reaching the board's edge between regions 1 and 2" in text
    assert "Fix: Move the vertices of region" in text
    box = option.bounding_box()
    assert box is not None and box["height"] > 30  # wrapped over lines, not cut
    option.click()
    wait_text(page, "selected: 1, 2")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "07_map_editor-edge-sliver.png"), full_page=True)

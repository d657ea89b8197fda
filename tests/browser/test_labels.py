"""Issue 26 §2 and §1 in a real browser: ``swlab present`` on a crowded 2-player position
(a saved game of greedy bots, mid-game). At 1280x720 and 1920x1080 no two drawn labels
touch (their boxes as Chromium lays them out), the legend of short forms is on screen
when a label uses one, and a click at the centre of each label acts on that label's own
region (the region the controller received is drawn selected). Screenshots go to
``out/screenshots/``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from swlab.board import official_board
from swlab.play.controller import GameController

from . import harness
from .conftest import serve_present

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

#: Bot actions played before the position is saved: tokens of both players' races
#: (one of them in decline) on most regions.
CROWDED_STEPS = 70

#: Each drawn label's box in page pixels: the union of what it shows (its icon's empty
#: box takes no clicks and is not counted).
_LABEL_BOXES = """ps => ps.map(lab => {
  let x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const e of lab.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top);
    x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
  }
  const id = Number(/swlab-label-(\\d+)/.exec(lab.className)[1]);
  return [id, x0, y0, x1, y1];
})"""


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``swlab present`` on a saved mid-game position of the 2-player board."""
    home = tmp_path_factory.mktemp("crowded")
    c = GameController(official_board(2), ["Ann", "Bot"], seed=1, bots={0: "greedy", 1: "greedy"})
    for _ in range(CROWDED_STEPS):
        c.next_action()
    record = home / "crowded.json"
    c.game.save(record)
    args = [str(record), "--bots", "1:greedy", "--pace", "5"]
    for url, _tmp in serve_present(home, args):
        yield url


#: The presenter's boxes that a window size lays out.
PRESENT_BOXES = ".swlab-present .swlab-map, .swlab-present .swlab-panel"


def _open(chromium: Browser, url: str, width: int, height: int) -> tuple[Page, Locator]:
    context = chromium.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(url, timeout=120_000)
    page.wait_for_selector(".swlab-present .swlab-label", timeout=120_000)
    harness.settle(page, PRESENT_BOXES)
    return page, page.locator(".swlab-present").first


@pytest.fixture(scope="module")
def crowded_page(chromium: Browser, crowded: str) -> Iterator[harness.SharedPage]:
    """The crowded position's page (:class:`~harness.SharedPage`), loaded once: untouched,
    resized, for the labels at each window size, then handed over to the test that clicks
    every label."""
    with harness.SharedPage(
        lambda width, height: _open(chromium, crowded, width, height), PRESENT_BOXES
    ) as shared:
        yield shared


def _boxes(p: Locator) -> dict[int, tuple[float, float, float, float]]:
    rows = p.locator(".swlab-map .swlab-label").evaluate_all(_LABEL_BOXES)
    return {int(r[0]): (r[1], r[2], r[3], r[4]) for r in rows}


def _touching(boxes: dict[int, tuple[float, float, float, float]]) -> list[tuple[int, int]]:
    return [
        (a, b)
        for a, b in itertools.combinations(sorted(boxes), 2)
        if min(boxes[a][2], boxes[b][2]) > max(boxes[a][0], boxes[b][0])
        and min(boxes[a][3], boxes[b][3]) > max(boxes[a][1], boxes[b][1])
    ]


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)], ids=str)
def test_no_drawn_labels_touch_and_short_forms_have_a_legend(
    crowded_page: harness.SharedPage, screenshots: Path, width: int, height: int
) -> None:
    page, p = crowded_page.untouched(width, height)
    boxes = _boxes(p)
    assert sorted(boxes) == list(official_board(2).ids)
    assert _touching(boxes) == []
    shots = Path("/tmp/w26-labels-shots")
    shots.mkdir(exist_ok=True)
    for folder in (screenshots, shots):
        page.screenshot(path=str(folder / f"labels-crowded-{width}x{height}.png"))
    compact = p.locator(".swlab-map .swlab-label-compact")
    if compact.count():
        legend = p.locator(".swlab-abbreviations")
        box = legend.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height + 1, box
        words = legend.inner_text()
        for chip in compact.locator(".swlab-piece").all_inner_texts():
            assert re.sub(r"\d+$", "", chip) in words, chip


def test_a_click_on_each_label_acts_on_its_own_region(crowded_page: harness.SharedPage) -> None:
    """Each label clicked once at its centre: the region the controller received (drawn
    with ``swlab-selected``) is the label's own. In the page the label tests looked at."""
    page, p = crowded_page.hand_over(1280, 720)
    try:
        for rid, (x0, y0, x1, y1) in sorted(_boxes(p).items()):
            page.mouse.click((x0 + x1) / 2, (y0 + y1) / 2)
            page.wait_for_selector(
                f".swlab-present path.swlab-selected.swlab-region-{rid}", timeout=60_000
            )
            assert p.locator("path.swlab-selected").count() == 1, rid
    finally:
        page.context.close()

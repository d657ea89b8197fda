"""Issue 26 in a real browser: ``swlab present`` in a room and on a stream.

- At 1280x720 and 1920x1080 the end screen (a finished game record presented) lies wholly
  inside the window: the winner (also in the narration), each player's coins, the chart
  and the *new game* button, read from bounding boxes; R starts a new game.
- The narrated sentence is at least as large as the board's region numbers
  (``getComputedStyle``), and the controls are large.
- ``--overlay``: the page's background is transparent; a screenshot without background
  is laid over a checkerboard (``out/screenshots/overlay-checkerboard.png``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab.game.game import Game

from . import fit, harness
from .conftest import serve_present

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``swlab present`` on the record of a finished game: the end screen at once."""
    reason = harness.missing()
    if reason:
        pytest.skip(reason)
    home = tmp_path_factory.mktemp("present-end")
    game = Game("official_2p", ["Ann", "Bot"], seed=7)
    game.drive({0: _greedy(0), 1: _greedy(1)})
    record = home / "finished.json"
    game.save(record)
    for url, _tmp in serve_present(home, [str(record), "--bots", "1:greedy", "--pace", "0.2"]):
        yield url


@pytest.fixture(scope="module")
def overlay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``swlab present --overlay`` (transparent) on the 2-player board."""
    reason = harness.missing()
    if reason:
        pytest.skip(reason)
    home = tmp_path_factory.mktemp("present-overlay")
    for url, _tmp in serve_present(home, ["official_2p", "--players", "Ann,Bot", "--bots",
                                   "1:greedy", "--seed", "7", "--overlay"]):  # fmt: skip
        yield url


def _greedy(seat: int) -> Any:
    from swlab.bots import make_bot

    return make_bot("greedy", seat).choose


def _open(chromium: Browser, url: str, width: int, height: int, ready: str) -> Page:
    context = chromium.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(url, timeout=240_000)
    page.wait_for_selector(ready, timeout=240_000)  # the first kernel of a busy machine
    return page


def _px(locator: Locator) -> float:
    return float(locator.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


#: True once the chart's picture is decoded (its box then has its final size).
_CHART_LOADED = """() => {
  const img = document.querySelector('.swlab-present img.swlab-coins-chart');
  return img !== null && img.complete && img.naturalWidth > 0;
}"""


@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda s: str(s))
def test_the_end_screen_fills_the_window(
    chromium: Browser, finished: str, screenshots: Path, width: int, height: int
) -> None:
    from playwright.sync_api import expect

    page = _open(chromium, finished, width, height, ".swlab-present .swlab-winner")
    try:
        page.wait_for_function(_CHART_LOADED, timeout=60_000)
        harness.settle(page, ".swlab-present .swlab-end")
        p = page.locator(".swlab-present").first
        winner = p.locator(".swlab-winner")
        assert "wins with" in winner.inner_text()
        expect(p.locator(".swlab-narration")).to_contain_text(winner.inner_text().strip())
        assert "redeploys" not in p.locator(".swlab-narration").inner_text()
        fit.inside(page, p.locator(".swlab-narration"), "the narration")
        fit.inside(page, winner, "the winner")
        cards = p.locator(".swlab-standing")
        assert cards.count() == 2
        for k in range(cards.count()):
            fit.inside(page, cards.nth(k), f"player {k}'s coins")
        coins = _px(p.locator(".swlab-end-coins").first)
        assert coins >= 2.5 * _px(p.locator(".swlab-end-tokens").first), coins
        fit.inside(page, p.locator("img.swlab-coins-chart"), "the chart")
        fit.inside(page, p.locator("button.swlab-again"), "the new game button")
        page.screenshot(path=str(screenshots / f"present-end-{width}x{height}.png"))
        if (width, height) == SIZES[0]:  # one key starts again
            page.mouse.move(width // 2, height // 2)
            page.keyboard.press("r")
            page.wait_for_selector(".swlab-present .swlab-winner", state="detached")
            page.wait_for_selector(".swlab-present path.swlab-region", state="visible")
    finally:
        page.context.close()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda s: str(s))
def test_the_narration_is_as_large_as_the_labels(
    chromium: Browser, present: str, screenshots: Path, width: int, height: int
) -> None:
    page = _open(chromium, present, width, height, ".swlab-present .swlab-rid")
    try:
        harness.settle(page, ".swlab-present .swlab-map")
        # the narration follows the labels once the map has reported its size
        page.wait_for_function(
            """() => {
              const px = s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
              return px('.swlab-present .swlab-narration') >= px('.swlab-present .swlab-rid');
            }""",
            timeout=60_000,
        )
        p = page.locator(".swlab-present").first
        narration = _px(p.locator(".swlab-narration .widget-html-content"))
        label = _px(p.locator(".swlab-rid").first)
        assert narration >= label, (narration, label)
        controls = [_px(p.locator(".swlab-present-controls .widget-readout").first),
                    _px(p.locator(".swlab-present-controls button").first)]  # fmt: skip
        assert min(controls) >= 0.025 * height, controls
        fit.inside(page, p.locator(".swlab-map"), "the board")
        page.screenshot(path=str(screenshots / f"present-narration-{width}x{height}.png"))
    finally:
        page.context.close()


def test_the_overlay_is_transparent(chromium: Browser, overlay: str, screenshots: Path) -> None:
    page = _open(chromium, overlay, 1920, 1080, ".swlab-present .swlab-rid")
    try:
        harness.settle(page, ".swlab-present .swlab-map")
        backgrounds = page.evaluate(
            """() => ['html', 'body', '.swlab-present', '.swlab-map'].map(
                 s => getComputedStyle(document.querySelector(s)).backgroundColor)"""
        )
        assert set(backgrounds) == {"rgba(0, 0, 0, 0)"}, backgrounds
        p = page.locator(".swlab-present").first
        assert p.locator(".swlab-panel").first.is_hidden()
        fit.inside(page, p.locator(".swlab-map"), "the board")
        fit.inside(page, p.locator(".swlab-strip"), "the narration and scores")
        assert "Ann" in p.locator(".swlab-scores").inner_text()
        shot = screenshots / "overlay-transparent.png"
        page.screenshot(path=str(shot), omit_background=True)
        _over_a_checkerboard(shot, screenshots / "overlay-checkerboard.png")
    finally:
        page.context.close()


def _over_a_checkerboard(shot: Path, out: Path) -> None:
    """Lay a screenshot with transparency over a grey checkerboard, as OBS shows it over a
    scene; the corners, outside the board, show the checkerboard."""
    from PIL import Image

    top = Image.open(shot).convert("RGBA")
    corner = top.getpixel((2, 2))
    assert isinstance(corner, tuple) and corner[3] == 0  # a corner of the page is see-through
    board = Image.new("RGBA", top.size, (255, 255, 255, 255))
    dark = Image.new("RGBA", (32, 32), (150, 150, 150, 255))
    for y in range(0, top.size[1], 32):
        for x in range((y // 32) % 2 * 32, top.size[0], 64):
            board.paste(dark, (x, y))
    Image.alpha_composite(board, top).convert("RGB").save(out)

"""Issue 11 in a real browser: ``swlab present`` fits 1280x720 and 1920x1080, reads from the
back of a room, and serves a presenter played through by clicks and keys: pick -> conquest
-> final-conquest confirmation -> the die -> redeploy with Done -> the bot's turn summary ->
autoplay (asked) -> the game-over screen. No element shows coins while they are hidden; no
die-face control. (Notebook 00's viewer fits both screens in test_viewer_languages.py.)
Screenshots go to ``out/screenshots/``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from swlab.board import official_board

from . import fit, harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (1920, 1080)]


# ==========================================================================================
# swlab present
# ==========================================================================================


def _open_present(browser: Browser, url: str, width: int, height: int) -> tuple[Page, Locator]:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    page = context.new_page()
    from playwright.sync_api import expect

    page.goto(url, timeout=120_000)
    page.wait_for_selector(".swlab-present path.swlab-region", timeout=120_000)
    p = page.locator(".swlab-present").first
    expect(p.locator(".swlab-action-pick").first).to_be_enabled()
    harness.settle(page, PRESENT_BOXES)
    return page, p


#: The presenter's boxes that a window size lays out.
PRESENT_BOXES = ".swlab-present .swlab-map, .swlab-present .swlab-panel"


@pytest.fixture(scope="module")
def presenter(browser: Browser, present: str) -> Iterator[harness.SharedPage]:
    """The module's page of ``swlab present`` (:class:`~harness.SharedPage`): untouched for
    the fit at each window size, then handed over to the test that plays a game in it."""
    with harness.SharedPage(
        lambda width, height: _open_present(browser, present, width, height), PRESENT_BOXES
    ) as shared:
        yield shared


@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda s: str(s))
def test_present_fits_and_reads_from_the_back(
    presenter: harness.SharedPage, screenshots: Path, width: int, height: int
) -> None:
    page, p = presenter.untouched(width, height)
    fit.viewer_controls(page, p)
    px = float(p.locator(".swlab-rid").first.evaluate("e => getComputedStyle(e).fontSize")[:-2])
    assert px >= 20, f"region numbers are {px} px"
    fit.no_coins_shown(page)
    page.screenshot(path=str(screenshots / f"present-{width}x{height}.png"))


def _click_target(page: Page, p: Locator) -> bool:
    """Click the biggest region a click acts on; False when there is none."""
    board = official_board(2)
    classes = p.locator("path.swlab-target").evaluate_all("ps => ps.map(x => x.className.baseVal)")
    ids = [int(m.group(1)) for c in classes if (m := re.search(r"swlab-region-(\d+)", c))]
    if not ids:
        return False
    rid = max(ids, key=lambda r: board[r].polygon.area)
    x, y = harness.region_point(p, rid, board[rid].polygon)
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    return True


#: True once the presenter's step counter (the history slider) no longer reads ``arg[0]``
#: or its question says ``arg[1]``: the kernel has answered a click.
_ANSWERED = """([before, asked]) => {
  const p = document.querySelector('.swlab-present');
  const steps = p.querySelector('.swlab-history .widget-readout');
  const question = p.querySelector('.swlab-question');
  return (steps && steps.textContent.trim() !== before)
    || (asked !== '' && question !== null && question.innerText.includes(asked));
}"""


def _steps(p: Locator) -> str:
    """The presenter's step counter: the value of its history slider."""
    return str(p.locator(".swlab-history .widget-readout").first.text_content()).strip()


def _answered(page: Page, before: str, asked: str = "") -> None:
    """Wait until the kernel has played a step since the counter read ``before`` (or asks
    the question ``asked`` instead)."""
    page.wait_for_function(_ANSWERED, arg=[before, asked], timeout=60_000)


def test_a_presented_game_by_clicks_and_keys(
    presenter: harness.SharedPage, screenshots: Path
) -> None:
    """In the module's page of ``swlab present``, once the fit has been checked in it."""
    from playwright.sync_api import expect

    page, p = presenter.hand_over(1280, 720)
    shots = screenshots
    try:
        # pick, by a click on the first combo
        before = _steps(p)
        p.locator(".swlab-action-pick").first.click()
        _answered(page, before)
        expect(p.locator(".swlab-narration")).to_contain_text("picks")
        # conquests by clicks until a click would start the final conquest
        question = p.locator(".swlab-question")
        for _ in range(15):
            if "Final conquest of" in question.inner_text():
                break
            before = _steps(p)
            assert _click_target(page, p), "no target left before a final conquest"
            _answered(page, before, asked="Final conquest of")
        text = question.inner_text()
        assert "Final conquest of" in text and "or more on the die" in text, text
        page.screenshot(path=str(shots / "present-final-confirmation.png"))
        page.mouse.move(300, 300)
        page.keyboard.press("Enter")  # confirm, by key
        roll = p.locator("button", has_text="roll the die")
        expect(roll).to_be_enabled(timeout=60_000)
        fit.no_coins_shown(page)
        before = _steps(p)
        roll.click()
        _answered(page, before)
        # redeploy: the prompt, + until nothing is left, then Done
        prompt = p.locator(".swlab-redeploy")
        expect(prompt).to_contain_text("left to place", timeout=60_000)
        for _ in range(20):
            plus = p.locator(".swlab-redeploy button:not([disabled])", has_text="+")
            if not plus.count():
                break
            shown = prompt.inner_text()
            plus.first.click()
            expect(prompt).not_to_have_text(shown, timeout=60_000)  # one token placed
        assert "0 tokens left to place" in prompt.inner_text()
        page.screenshot(path=str(shots / "present-redeploy.png"))
        p.locator(".swlab-action-done").first.click()
        # the bot's turn, at its pace, then its summary
        page.wait_for_function(
            "() => (document.querySelector('.swlab-summary') || {}).innerText?.includes('Bot')",
            timeout=90_000,
        )
        assert "Bot" in p.locator(".swlab-summary").inner_text()
        page.screenshot(path=str(shots / "present-bot-summary.png"))
        fit.no_coins_shown(page)
        # autoplay asks before playing Ann's seat
        p.locator("button", has_text="autoplay").click()
        expect(question).to_contain_text("Ann's seat is played by a person", timeout=60_000)
        p.locator("button.swlab-answer-all").click()
        # autoplay goes at the pace (0.2 s a shown step): about 130 steps to the end
        page.wait_for_selector(".swlab-winner", timeout=600_000)
        assert p.locator(".swlab-coins-chart").count() == 1
        assert "Game over" in p.locator(".swlab-winner").inner_text()
        page.screenshot(path=str(shots / "present-game-over.png"), full_page=True)
    finally:
        page.context.close()


def test_settings_reach_the_presenter_notebook() -> None:
    """The command passes its settings as JSON (what the browser test relies on)."""
    from swlab.cli import _present_settings, build_parser

    args = build_parser().parse_args(["present", "official_2p", "--bots", "1:greedy"])
    assert json.loads(json.dumps(_present_settings(args)))["bots"] == {"1": "greedy"}

"""The viewer's panel fits its words in every language (issue 11): notebook 00 in Voila at
1280x720 and 1920x1080, before and after a pick, in each language (Greek, Turkish and German
have the longest words). No widget description is cut to an ellipsis ("γλώ…" for
"γλώσσα"), and no table of the panel (the column of combos, the players) is wider than the
panel or runs past its edge.

Screenshots: ``out/screenshots/panelfit-<lang>-<size>.png`` (the viewer) and
``panelfit-<lang>-<size>-players.png`` (the panel scrolled to the players' table).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab import i18n

from . import harness
from .test_viewer_languages import SCREENS, SMALL, serve

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: Every description of a viewer widget that is cut short (its text wider than its box),
#: and every table of the panel wider than the panel or reaching past its right edge.
_MISFITS = """() => {
  const v = document.querySelector('.swlab-viewer');
  const panel = v.querySelector('.swlab-panel');
  const p = panel.getBoundingClientRect();
  const edge = p.left + panel.clientWidth;  // the panel's own scroll bar is not room
  const cut = [...v.querySelectorAll('.widget-label, .widget-inline-hbox label, label')]
    .filter(e => e.offsetParent !== null && e.innerText.trim()
                 && e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.innerText} (${e.scrollWidth} px in ${e.clientWidth})`);
  const wide = [...panel.querySelectorAll('table')]
    .filter(t => t.offsetParent !== null)
    .map(t => [t, t.getBoundingClientRect()])
    .filter(([t, r]) => r.width > panel.clientWidth + 0.5 || r.right > edge + 0.5)
    .map(([t, r]) => `${t.rows[0].innerText.replace(/\\s+/g, ' ')}: ${Math.round(r.width)}`
                     + ` px, right ${Math.round(r.right)} > ${Math.round(edge)}`);
  return {cut, wide, tables: panel.querySelectorAll('table').length};
}"""


def misfits(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(_MISFITS))


def check(page: Page, where: str) -> None:
    found = misfits(page)
    assert found["tables"] >= 2, f"{where}: the panel shows no combo and player tables"
    assert not found["cut"], f"{where}: descriptions cut short: {found['cut']}"
    assert not found["wide"], f"{where}: tables wider than the panel: {found['wide']}"


def photograph(page: Page, lang: str, size: str, screenshots: Path) -> None:
    viewer = page.locator(".swlab-viewer").first
    viewer.evaluate("e => e.scrollIntoView()")
    harness.settle(page, ".swlab-viewer")
    page.screenshot(path=str(screenshots / f"panelfit-{lang}-{size}.png"))
    page.locator(".swlab-viewer .swlab-panel table").last.evaluate("e => e.scrollIntoView()")
    harness.settle(page, ".swlab-viewer")
    page.screenshot(path=str(screenshots / f"panelfit-{lang}-{size}-players.png"))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_panel_words_and_tables_fit_in_voila(
    lab: harness.Lab, browser: Any, screenshots: Path, lang: str
) -> None:
    from playwright.sync_api import expect

    rel, _nb = serve(lab, lang)
    context = browser.new_context(viewport=SMALL)
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(lab.voila_url(rel), timeout=harness.PAGE_TIMEOUT_MS)
        page.wait_for_selector(".swlab-viewer path.swlab-region", timeout=harness.PAGE_TIMEOUT_MS)
        harness.settle(page)
        for size, viewport in SCREENS.items():
            harness.resize(page, viewport)
            check(page, f"{lang} at {size}, at the start")
        # a pick: the players' table fills in (race, tokens), the column moves up
        harness.resize(page, SMALL)
        status = page.locator(".swlab-viewer .swlab-status").first
        before = status.inner_text()
        page.locator(".swlab-viewer .swlab-action-pick").first.click()
        expect(status).not_to_have_text(before, timeout=60_000)  # the pick redrew it
        for size, viewport in SCREENS.items():
            harness.resize(page, viewport)
            check(page, f"{lang} at {size}, after a pick")
            photograph(page, lang, size, screenshots)
    finally:
        context.close()
        lab.shutdown_kernels()

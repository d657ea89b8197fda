"""The viewer of notebook 00 in each language, in JupyterLab (issue 15): the panel's status,
buttons and language switch speak the language the viewer was given, a click answers in it,
and the switch redraws the panel in another one.

Notebook 00's viewer is served in a scratch notebook per language (``_viewer_<lang>.ipynb``,
the same call as notebook 00 with ``language=``), so the test does not depend on the
translated notebooks' prose. Screenshots at 1280x720 go to ``out/screenshots/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab import i18n

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

SMALL_SCREEN = {"width": 1280, "height": 720}
#: The first word of the status line in each language ("Round 1/10: ...").
ROUND = {
    code: i18n._("Round {round}/{turns}: {player} {doing}.", code).split()[0]
    for code in i18n.LANGUAGES
}


def _serve(lab: harness.Lab, lang: str) -> str:
    source = (
        "from swlab.play import GameViewer\n\n"
        f'GameViewer("official_2p", players=["Ann", "Bob"], seed=7, language="{lang}")'
    )
    rel = f"notebooks/_viewer_{lang}.ipynb"
    (lab.root / rel).write_text(json.dumps(harness.notebook(source), indent=1))
    return rel


def _small_page(browser: Browser) -> Any:
    context = browser.new_context(viewport=SMALL_SCREEN)  # type: ignore[arg-type]
    context.set_default_timeout(30_000)
    return context


def _open_viewer(page: Page, lab: harness.Lab, lang: str) -> Any:
    rel = _serve(lab, lang)
    harness.open_notebook(page, lab, rel)
    harness.run_all(page, 1)
    assert not harness.error_texts(page), harness.error_texts(page)
    viewer = page.locator(".swlab-viewer").first
    viewer.locator("path.swlab-region").first.wait_for()
    return viewer


def _overflowing(page: Page) -> list[str]:
    """Buttons of the viewer whose label is wider than the button."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.swlab-viewer button')]
                .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
                .map(b => b.innerText)"""
        )
    )


@pytest.mark.parametrize("lang", [c for c in i18n.LANGUAGES if c != i18n.SOURCE])
def test_the_viewer_of_notebook_00_speaks_its_language(
    browser: Browser, lab: harness.Lab, screenshots: Path, lang: str
) -> None:
    context = _small_page(browser)
    page = context.new_page()
    try:
        viewer = _open_viewer(page, lab, lang)
        status = viewer.locator(".swlab-status")
        assert status.inner_text().startswith(ROUND[lang]), status.inner_text()
        undo = i18n._("undo", lang)
        assert viewer.get_by_role("button", name=undo, exact=True).count() == 1
        assert viewer.get_by_role("button", name="undo", exact=True).count() == 0
        assert i18n._("Column of combos", lang) in viewer.inner_text()
        assert "Column of combos" not in viewer.inner_text()
        picked = viewer.locator(".swlab-action-pick").first
        picked.click()
        doing = i18n._("conquers", lang)
        page.wait_for_function(
            "([el, word]) => el.innerText.includes(word)",
            arg=[status.element_handle(), doing],
            timeout=30_000,
        )
        harness.settle(page)
        if lang in ("el", "tr"):
            page.screenshot(path=str(screenshots / f"{lang}-viewer-panel-1280x720.png"))
            viewer.locator(".swlab-panel").screenshot(
                path=str(screenshots / f"{lang}-viewer-panel-only.png")
            )
        assert not _overflowing(page), _overflowing(page)
    finally:
        context.close()
        lab.shutdown_kernels()


def test_the_language_switch_redraws_the_panel(
    browser: Browser, lab: harness.Lab, screenshots: Path
) -> None:
    context = _small_page(browser)
    page = context.new_page()
    try:
        viewer = _open_viewer(page, lab, "el")
        status = viewer.locator(".swlab-status")
        assert status.inner_text().startswith(ROUND["el"])
        viewer.locator(".swlab-language select").select_option(label=i18n.NAMES["tr"])
        page.wait_for_function(
            "([el, word]) => el.innerText.startsWith(word)",
            arg=[status.element_handle(), ROUND["tr"]],
            timeout=30_000,
        )
        assert viewer.get_by_role("button", name=i18n._("undo", "tr"), exact=True).count() == 1
        assert i18n._("Column of combos", "tr") in viewer.inner_text()
        harness.settle(page)
        page.screenshot(path=str(screenshots / "el-to-tr-viewer-switch-1280x720.png"))
    finally:
        context.close()
        lab.shutdown_kernels()

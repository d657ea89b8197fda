"""Voila pages ask no outside host for anything (issue 12): notebook 07 in JupyterLab's Voila
preview, and ``swlab present`` (notebook 00's page is checked so in each language, after it
is played, in test_viewer_languages.py). Each page is opened as a user opens it
(no template in the address: swlab's servers choose its offline template themselves) and
every request the page makes, websockets included, goes to the local server only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


def _open(browser: Browser, url: str, ready: str, shot: Path) -> list[str]:
    """Open ``url``, wait for ``ready`` and for late requests (fonts, lazy scripts), take
    a screenshot; the addresses on another host that the page asked for."""
    context = browser.new_context(viewport=harness.VIEWPORT)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        urls = harness.record_requests(page)
        page.goto(url, timeout=120_000)
        page.wait_for_selector(ready, timeout=120_000)
        harness.settle(page)
        outside = harness.outside_hosts(page, urls, url)
        page.screenshot(path=str(shot))
        return outside
    finally:
        context.close()


def test_the_map_editor_notebook_in_voila_asks_no_outside_host(
    browser: Browser, lab: harness.Lab, screenshots: Path
) -> None:
    rel = "notebooks/07_map_editor.ipynb"
    try:
        shot = screenshots / f"offline-voila-{Path(rel).stem}.png"
        outside = _open(browser, lab.voila_url(rel), ".swlab-editor path", shot)
    finally:
        lab.shutdown_kernels()
    assert not outside, outside


def test_swlab_present_asks_no_outside_host(
    browser: Browser, present: str, screenshots: Path
) -> None:
    shot = screenshots / "offline-present.png"
    outside = _open(browser, present, ".swlab-present path.swlab-region", shot)
    assert not outside, outside

"""Voila pages ask no outside host for anything (issue 12): notebook 00 and notebook 07 in
JupyterLab's Voila preview, and ``swlab present``. Each page is opened as a user opens it
(no template in the address: swlab's servers choose its offline template themselves) and
every request the page makes, websockets included, goes to the local server only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: Addresses a page may use without the network: inline data and the page's own blobs.
LOCAL_SCHEMES = ("data", "blob", "about")


def _record(page: Page) -> list[str]:
    """Every address the page asks for, from now on (requests and websockets)."""
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    return urls


def _outside(urls: list[str], server: str) -> list[str]:
    host = urlsplit(server).netloc
    return [
        u for u in urls if urlsplit(u).scheme not in LOCAL_SCHEMES and urlsplit(u).netloc != host
    ]


def _open(browser: Browser, url: str, ready: str, shot: Path) -> list[str]:
    """Open ``url``, wait for ``ready`` and for late requests (fonts, lazy scripts), take
    a screenshot; the addresses the page asked for."""
    context = browser.new_context(viewport=harness.VIEWPORT)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        urls = _record(page)
        page.goto(url, timeout=120_000)
        page.wait_for_selector(ready, timeout=120_000)
        harness.settle(page)
        # late requests: the fonts the page uses, then anything they started
        page.evaluate("() => document.fonts.ready.then(() => true)")
        page.wait_for_load_state("networkidle", timeout=60_000)
        page.screenshot(path=str(shot))
        assert urls, "no request was recorded"
        return list(urls)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("rel", "ready"),
    [
        ("notebooks/00_welcome.ipynb", ".swlab-viewer path.swlab-region"),
        ("notebooks/07_map_editor.ipynb", ".swlab-editor path"),
    ],
    ids=["00", "07"],
)
def test_a_voila_notebook_asks_no_outside_host(
    browser: Browser, lab: harness.Lab, screenshots: Path, rel: str, ready: str
) -> None:
    try:
        shot = screenshots / f"offline-voila-{Path(rel).stem}.png"
        urls = _open(browser, lab.voila_url(rel), ready, shot)
    finally:
        lab.shutdown_kernels()
    assert not _outside(urls, lab.base), _outside(urls, lab.base)


def test_swlab_present_asks_no_outside_host(
    browser: Browser, present: str, screenshots: Path
) -> None:
    shot = screenshots / "offline-present.png"
    urls = _open(browser, present, ".swlab-present path.swlab-region", shot)
    assert not _outside(urls, present), _outside(urls, present)

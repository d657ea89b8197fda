"""What fits a window, as a person at a laptop or a projector sees it: a box wholly on
screen, the panel beside the board, no word of the viewer's panel cut short and no table
of it wider than the panel, no coins shown while they are hidden. The browser tests of the
viewer (JupyterLab, Voila) and of ``swlab present`` share these checks.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from swlab.play.words import COINS

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


def inside(page: Page, locator: Locator, what: str) -> None:
    """``locator``'s box is wholly inside the window (``what`` names it in the failure)."""
    box = locator.bounding_box()
    assert box is not None, f"{what} is not displayed"
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    assert box["x"] >= 0 and box["y"] >= 0, (what, box)
    assert box["x"] + box["width"] <= vw + 1 and box["y"] + box["height"] <= vh + 1, (what, box)


def beside(map_: Locator, panel: Locator) -> None:
    """``panel`` starts right of the board and beside it, not under it."""
    m, p = map_.bounding_box(), panel.bounding_box()
    assert m is not None and p is not None
    assert p["x"] >= m["x"] + m["width"] - 1 and p["y"] < m["y"] + m["height"], (m, p)


def no_coins_shown(page: Page, root: str = ".swlab-viewer") -> None:
    """No element of the game (the viewer, the presenter) shows an amount of coins, in
    text or tooltips, and no button sets the die (the notebook's own prose about the
    rules may name coins)."""
    texts = page.eval_on_selector_all(
        f"{root}, {root} *",
        "es => es.map(e => [e.innerText || '', e.title || ''].join(' '))",
    )
    found = [t for t in texts if COINS.search(t)]
    assert not found, found[:3]
    labels = page.eval_on_selector_all("button", "bs => bs.map(b => b.textContent.trim())")
    assert not [t for t in labels if re.fullmatch(r"roll \d.*", t)], labels


def viewer_controls(page: Page, v: Locator) -> None:
    """The status line, the board and the first and last combo on screen, the panel beside
    the board."""
    v.locator(".swlab-status").scroll_into_view_if_needed()
    v.scroll_into_view_if_needed()
    harness.settle(page, ".swlab-map, .swlab-panel")
    inside(page, v.locator(".swlab-status"), "the status line")
    inside(page, v.locator(".swlab-map"), "the board")
    beside(v.locator(".swlab-map"), v.locator(".swlab-panel"))
    inside(page, v.locator(".swlab-action-pick").first, "the first combo")
    inside(page, v.locator(".swlab-action-pick").last, "the last combo")


def guide_beside(page: Page, v: Locator, screenshot: Path) -> None:
    """Notebook 00's "How to play" is in the panel beside the board, under the status line,
    on screen; opened, it reads there (screenshot), and the page never says Run All."""
    from playwright.sync_api import expect

    summary = v.locator(".swlab-guide summary").first
    inside(page, summary, "How to play")
    beside(v.locator(".swlab-map"), v.locator(".swlab-guide"))
    summary.click()
    page.wait_for_selector(".swlab-guide details[open]", timeout=30_000)
    expect(v.locator(".swlab-guide")).to_contain_text("Pick a combo.")
    harness.settle(page, ".swlab-guide, .swlab-panel")
    page.screenshot(path=str(screenshot))
    assert "Run All" not in page.locator("body").inner_text()
    summary.click()  # folded again: the choices are back on screen
    page.wait_for_selector(".swlab-guide details:not([open])", timeout=30_000)
    harness.settle(page, ".swlab-guide, .swlab-panel")
    inside(page, v.locator(".swlab-action-pick").first, "the first combo")


def cut_buttons(page: Page) -> list[str]:
    """Visible viewer buttons whose label is wider than the button."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.swlab-viewer button')]
                .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
                .map(b => b.innerText)"""
        )
    )


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


def panel_fits(page: Page, where: str) -> None:
    """The viewer's panel fits its words (no description cut to an ellipsis, "γλώ…" for
    "γλώσσα") and its tables (the column of combos, the players) in the panel."""
    found: dict[str, Any] = dict(page.evaluate(_MISFITS))
    assert found["tables"] >= 2, f"{where}: the panel shows no combo and player tables"
    assert not found["cut"], f"{where}: descriptions cut short: {found['cut']}"
    assert not found["wide"], f"{where}: tables wider than the panel: {found['wide']}"


def photograph_panel(page: Page, path: Path) -> None:
    """The viewer in sight (``path``), then the panel scrolled to the players' table
    (``path`` with ``-players`` before its suffix)."""
    viewer = page.locator(".swlab-viewer").first
    viewer.evaluate("e => e.scrollIntoView()")
    harness.settle(page, ".swlab-viewer")
    page.screenshot(path=str(path))
    page.locator(".swlab-viewer .swlab-panel table").last.evaluate("e => e.scrollIntoView()")
    harness.settle(page, ".swlab-viewer")
    page.screenshot(path=str(path.with_name(f"{path.stem}-players{path.suffix}")))

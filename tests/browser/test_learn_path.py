"""Notebook 12 in Voilà at 1280x720, by real clicks: the map of levels shows, the first
level opens on the board without the bots' controls and its click earns three stars; that
level was the last of the first stage left to solve, so the second stage opens, and its
first level is solved by a click on the right region (R-CONQ-1). The stars shown are the
ones the kernel wrote to the learner's progress file.

The notebook is served from a folder of its own, with its own workspace (the progress file
of a learner who solved every other level of the first stage). Screenshots:
``out/screenshots/learn-path-<width>x<height>-<step>.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab.learn.level import load_level, shipped_levels
from swlab.learn.progress import PROGRESS_FILE, Progress
from swlab.learn.widget import LevelPlay

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

NOTEBOOK = "12_learn_path.ipynb"
SMALL = (1280, 720)
#: the region the first conquest level asks for, on the edge of the board (R-CONQ-1)
EDGE = 5


def _button(page: Page, text: str) -> Any:
    """A button of the learn path whose label starts with ``text``."""
    return page.locator(".swlab-learn button").filter(has_text=re.compile("^" + re.escape(text)))


def _show_from(page: Page, selector: str) -> None:
    """Scroll the page so that ``selector`` is at the top, as a learner would, and wait for
    the board to stop moving."""
    page.locator(selector).first.evaluate("e => e.scrollIntoView()")
    harness.settle(page)


def _stars_saved(workspace: Path, level_id: str) -> int:
    """The stars of ``level_id`` in the progress file the kernel wrote (0 before)."""
    path = workspace / PROGRESS_FILE
    if not path.is_file():
        return 0
    return int(Progress.open(workspace).get(level_id).stars)


def play_the_path(browser: Browser, lab: harness.Lab, size: tuple[int, int], shots: Path) -> None:
    """Open notebook 12 in Voilà at ``size`` and solve two levels by clicks."""
    from playwright.sync_api import expect

    width, height = size
    folder = lab.root / f"learn-{width}x{height}"
    workspace = folder / "swlab-files"
    folder.mkdir(exist_ok=True)
    source = json.loads((harness.REPO / "notebooks" / NOTEBOOK).read_text(encoding="utf-8"))
    (folder / NOTEBOOK).write_text(json.dumps(harness.strip(source), indent=1))
    setup = [lv for lv in shipped_levels() if lv.stage == "setup"]
    (workspace / PROGRESS_FILE).unlink(missing_ok=True)
    progress = Progress.open(workspace)
    for level in setup[1:]:  # the learner solved the rest of the first stage before
        progress.solved(level.id, 3)
    first, edge = setup[0], load_level("conquest-border")

    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    page = context.new_page()
    stem = f"learn-path-{width}x{height}"
    try:
        page.goto(lab.voila_url(f"{folder.name}/{NOTEBOOK}"), timeout=120_000)
        # the map of levels: the first stage open, the second locked
        first_button = _button(page, f"1. {first.title}").first
        edge_button = _button(page, f"1. {edge.title}").first
        expect(first_button).to_be_enabled(timeout=120_000)
        expect(edge_button).to_be_disabled()
        expect(page.locator(".swlab-learn")).to_contain_text("locked")
        page.screenshot(path=str(shots / f"{stem}-map.png"))

        # the first level on the board: the top combo, free (R-PICK-1)
        first_button.click()
        viewer = page.locator(".swlab-learn .swlab-viewer").first
        expect(viewer.locator("path.swlab-region").first).to_be_attached(timeout=60_000)
        expect(page.locator(".swlab-learn-level")).to_contain_text(first.title)
        expect(first_button).to_be_hidden()  # the level in the map's place
        for label in ("bot: one action", "autoplay", "save game"):  # not the level's
            hidden = viewer.locator("button").filter(has_text=re.compile(f"^{label}$"))
            expect(hidden).to_have_count(1)
            expect(hidden).to_be_hidden()
        _show_from(page, ".swlab-learn-level")
        page.screenshot(path=str(shots / f"{stem}-level.png"))
        viewer.locator(".swlab-action-pick").first.click()
        verdict = page.locator(".swlab-learn-verdict")
        expect(verdict).to_contain_text("★★★", timeout=60_000)
        harness.wait_until(
            lambda: _stars_saved(workspace, first.id) == 3, 60, "the first level's stars saved"
        )
        _show_from(page, ".swlab-learn-level")
        page.screenshot(path=str(shots / f"{stem}-solved.png"))

        # back to the map: the first stage solved, the second opens
        _button(page, "back to the path").click()
        expect(_button(page, f"1. {first.title}").first).to_contain_text("★★★")
        expect(edge_button).to_be_enabled()
        edge_button.click()
        expect(page.locator(".swlab-learn-level")).to_contain_text(edge.title)
        viewer = page.locator(".swlab-learn .swlab-viewer").first
        expect(viewer.locator(f"path.swlab-region-{EDGE}")).to_be_attached(timeout=60_000)
        harness.settle(page)
        board = LevelPlay(edge).controller
        anchor = board.shapes.anchor[EDGE]  # the label's [y, x]: a second try
        x, y = harness.region_point(
            viewer, EDGE, board.board[EDGE].polygon, [(anchor[1], anchor[0])]
        )
        page.mouse.click(x, y)
        expect(verdict).to_contain_text("★★★", timeout=60_000)
        harness.wait_until(
            lambda: _stars_saved(workspace, edge.id) == 3, 60, "the edge level's stars saved"
        )
        _show_from(page, ".swlab-learn-verdict")
        page.screenshot(path=str(shots / f"{stem}-edge-solved.png"))
        harness.element_screenshot(
            page, page.locator(".swlab-learn"), shots / f"{stem}-edge-solved-whole.png"
        )
        text = page.inner_text("body")
        assert "Traceback" not in text and "There was an error" not in text, text[:2000]
    finally:
        context.close()
        lab.shutdown_kernels()


def test_r_conq_1_the_learn_path_notebook_solved_by_clicks_in_voila(
    lab: harness.Lab, browser: Browser, screenshots: Path
) -> None:
    play_the_path(browser, lab, SMALL, screenshots)

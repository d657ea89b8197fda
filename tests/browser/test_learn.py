"""The learn path in a real browser (Voila, 1280x720): a level opened from the map of
levels, solved by a click on the game viewer's button, its stars shown; the stars still on
the map after the page is opened again with a new kernel (the progress file of the
workspace). Screenshots: ``out/screenshots/learn-*.png``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

SMALL = {"width": 1280, "height": 720}
NAME = "_learn_path.ipynb"
SOURCE = 'from swlab.learn.widget import LearnPath\n\nLearnPath("learn-files")'


def test_a_level_solved_by_a_click_shows_its_stars_and_keeps_them_after_a_restart(
    lab: harness.Lab, browser: Browser, screenshots: Path
) -> None:
    from playwright.sync_api import expect

    (lab.root / "notebooks" / NAME).write_text(json.dumps(harness.notebook(SOURCE), indent=1))
    context = browser.new_context(viewport=SMALL)  # type: ignore[arg-type]
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(lab.voila_url(f"notebooks/{NAME}"), timeout=90_000)
        first = page.locator(".swlab-learn button", has_text="The top combo is free")
        expect(first).to_be_visible(timeout=90_000)
        locked = page.locator(".swlab-learn button", has_text="Enter from the edge")
        expect(locked).to_be_disabled()
        page.screenshot(path=str(screenshots / "learn-map.png"))
        first.click()
        page.wait_for_selector(".swlab-viewer path.swlab-region", timeout=90_000)
        harness.settle(page)
        expect(page.locator(".swlab-learn-level")).to_contain_text("Goal:")
        page.locator(".swlab-viewer .swlab-action-pick").first.click()
        verdict = page.locator(".swlab-learn-verdict")
        expect(verdict).to_contain_text("★★★", timeout=30_000)
        page.screenshot(path=str(screenshots / "learn-solved.png"))
        page.locator(".swlab-learn button", has_text="back to the path").click()
        expect(first).to_have_text(re.compile("★★★"))
        # a new page is a new kernel: the stars come from the progress file
        page.goto(lab.voila_url(f"notebooks/{NAME}"), timeout=90_000)
        again = page.locator(".swlab-learn button", has_text="The top combo is free")
        expect(again).to_have_text(re.compile("★★★"), timeout=90_000)
        page.screenshot(path=str(screenshots / "learn-restarted.png"))
    finally:
        context.close()
        lab.shutdown_kernels()


def test_r_conq_1_a_refused_click_shows_the_rule_and_a_hint_then_two_stars(
    lab: harness.Lab, browser: Browser, screenshots: Path
) -> None:
    from playwright.sync_api import expect

    from swlab.board.catalog import load_board
    from swlab.learn.level import shipped_levels
    from swlab.learn.progress import Progress

    name = "_learn_conquest.ipynb"
    folder = lab.root / "notebooks" / "learn-conquest"
    progress = Progress(path=folder / "learn-progress.json")
    for level in shipped_levels():  # the setup stage solved: the conquest stage is open
        if level.stage == "setup":
            progress.solved(level.id, 3)
    source = 'from swlab.learn.widget import LearnPath\n\nLearnPath("learn-conquest")'
    (lab.root / "notebooks" / name).write_text(json.dumps(harness.notebook(source), indent=1))
    board = load_board("official_2p", polygons=True)
    context = browser.new_context(viewport=SMALL)  # type: ignore[arg-type]
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(lab.voila_url(f"notebooks/{name}"), timeout=90_000)
        level = page.locator(".swlab-learn button", has_text="Enter from the edge")
        expect(level).to_be_enabled(timeout=90_000)
        level.click()
        page.wait_for_selector(".swlab-viewer path.swlab-region", timeout=90_000)
        harness.settle(page)
        viewer = page.locator(".swlab-viewer").first
        x, y = harness.region_point(viewer, 10, board[10].polygon)
        page.mouse.click(x, y)
        verdict = page.locator(".swlab-learn-verdict")
        expect(verdict).to_contain_text("Refused (R-CONQ-1)", timeout=30_000)
        expect(page.locator(".swlab-learn-hints li")).to_have_count(1)
        page.screenshot(path=str(screenshots / "learn-refused.png"))
        x, y = harness.region_point(viewer, 5, board[5].polygon)
        page.mouse.click(x, y)
        expect(verdict).to_contain_text("★★☆", timeout=30_000)
        page.screenshot(path=str(screenshots / "learn-two-stars.png"))
    finally:
        context.close()
        lab.shutdown_kernels()

"""The learn path's short check in the combinations the full flow (``test_learn_path.py``)
leaves out: Voilà at 1920x1080 in Greek and JupyterLab at 1280x720 in English. The map of
levels shows with its locked stage, a level opens with its board and its panel inside the
window's width, and one click on the board's pick button solves it with three stars; the
page shows no error, no return value and (in Voilà) no request to run a cell.
Screenshots: ``out/screenshots/learn-<host>-<width>x<height>-<language>.png``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from swlab.learn.level import shipped_levels
from swlab.learn.widget import stars_text

from . import harness
from .test_learn_path import (
    FIT,
    WAIT,
    Combo,
    check_page,
    level_button,
    open_level,
    open_path,
    path_page,
    prose_asks,
    say,
    serve,
    show_from,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("combo", FIT, ids=lambda c: c.name)
def test_r_pick_1_a_level_fits_the_window_and_is_solved_by_a_click(
    lab: harness.Lab, lab_tab: harness.LabTab, browser: Browser, screenshots: Path, combo: Combo
) -> None:
    from playwright.sync_api import expect

    setup = [lv for lv in shipped_levels() if lv.stage == "setup"]
    _folder, rel = serve(lab, combo, [])
    page = path_page(lab_tab, combo)
    try:
        open_path(page, lab, combo, rel)
        first = level_button(page, combo, setup[0].id)
        expect(first).to_be_enabled(timeout=120_000)
        expect(level_button(page, combo, "conquest-border")).to_be_disabled(timeout=WAIT)
        viewer, _twin = open_level(page, combo, setup[0].id)
        goal = say(combo, "Goal: {parts}.", parts="").split(":")[0]
        expect(page.locator(".swlab-learn-level")).to_contain_text(goal, timeout=WAIT)
        show_from(page, ".swlab-learn-level")
        for selector in (".swlab-learn-level", ".swlab-learn .leaflet-container"):
            box = page.locator(selector).first.bounding_box()
            assert box is not None and box["width"] > 0, selector
            assert box["x"] >= 0 and box["x"] + box["width"] <= combo.width + 1, (selector, box)
        viewer.locator(".swlab-action-pick").first.click()
        expect(page.locator(".swlab-learn-verdict")).to_contain_text(stars_text(3), timeout=WAIT)
        asks = check_page(page, combo)
        show_from(page, ".swlab-learn-level")
        page.screenshot(path=str(screenshots / f"learn-{combo.name}.png"))
    finally:
        lab_tab.release(page)
    prose_asks(asks)

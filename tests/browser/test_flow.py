"""The flow of play in a real browser, in Voila and in JupyterLab: a click on a region's
label (on its text, even where the text reaches over a neighbour) does what a click inside
the region does; after a final conquest the *roll the die* control is on screen at 1280x720,
beside the board, and one click rolls the die and shows its face.

What the page shows is checked against a twin viewer built in this process from the same
code (the engine's word, ``twin.py``). Screenshots:
``out/screenshots/flow-label-<where>.png`` and ``flow-die-<where>[-rolled].png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from . import fit, harness
from .twin import build, event, norm, same_board

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

    from swlab.play import GameViewer

pytestmark = pytest.mark.browser

SMALL = {"width": 1280, "height": 720}
LABELS = "_flow_labels.ipynb"
LABELS_SOURCE = (
    "from swlab.play import GameViewer\n\n"
    'GameViewer("official_2p", players=["Ann", "Bob"], seed=7, auto_bots=False)'
)
DIE = "_flow_die.ipynb"
DIE_SOURCE = (
    "from swlab.game.shipped import scenario_path\n"
    "from swlab.play import GameViewer\n"
    "from swlab.game.game import Game\n\n"
    'GameViewer(Game.from_scenario(scenario_path("03_reinforcement_die")), auto_bots=False)'
)

#: For each label of a target region: the centre of its region number on the page and the
#: region whose path lies under that point once the labels are out of the way.
_LABEL_POINTS = """(v) => {
  const labels = [...v.querySelectorAll('.swlab-label')];
  const points = labels.map(l => {
    const r = l.querySelector('.swlab-rid').getBoundingClientRect();
    return {rid: +l.className.match(/swlab-label-(\\d+)/)[1],
            x: r.x + r.width / 2, y: r.y + r.height / 2};
  });
  labels.forEach(l => { l.style.visibility = 'hidden'; });
  for (const p of points) {
    const el = document.elementFromPoint(p.x, p.y);
    const m = el && (el.getAttribute('class') || '').match(/swlab-region-(\\d+)/);
    p.under = m ? +m[1] : null;
  }
  labels.forEach(l => { l.style.visibility = ''; });
  for (const p of points) {
    const el = document.elementFromPoint(p.x, p.y);
    p.hit = !!el && !!el.closest('.swlab-label-' + p.rid);
  }
  return points;
}"""


def open_viewer(page: Page, lab: harness.Lab, name: str, source: str, where: str) -> Locator:
    """Serve a one-cell notebook ``name`` and open it in Voila or JupyterLab (Run All)."""
    (lab.root / "notebooks" / name).write_text(json.dumps(harness.notebook(source), indent=1))
    rel = f"notebooks/{name}"
    if where == "voila":
        page.goto(lab.voila_url(rel), timeout=harness.PAGE_TIMEOUT_MS)
    else:
        harness.open_notebook(page, lab, rel)
        page.keyboard.press("Control+b")  # the sidebar closed, as on a projector
        harness.run_all(page, 1)
    page.wait_for_selector(".swlab-viewer path.swlab-region", timeout=harness.PAGE_TIMEOUT_MS)
    harness.settle(page)
    viewer = page.locator(".swlab-viewer").first
    viewer.evaluate("e => e.scrollIntoView()")
    harness.settle(page)
    return viewer


def wait_text(locator: Locator, pattern: str, timeout: float = 20_000) -> None:
    from playwright.sync_api import expect

    expect(locator).to_have_text(re.compile(pattern), timeout=timeout)


@pytest.mark.parametrize("where", ["voila", "lab"])
def test_a_click_on_a_label_acts_on_its_region(
    lab: harness.Lab,
    browser: Browser,
    lab_tab: harness.LabTab,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    where: str,
) -> None:
    from playwright.sync_api import expect

    twin = build([LABELS_SOURCE], lab.root / "notebooks", monkeypatch)
    page = lab_tab.page_for(where, SMALL)
    try:
        v = open_viewer(page, lab, LABELS, LABELS_SOURCE, where)
        status = v.locator(".swlab-status")
        v.locator(".swlab-action-pick").first.click()
        twin.button("pick 0").click()
        expect(status).to_have_text(norm(twin.controller.status().text))
        same_board(page, v, twin)
        # a target's label whose number lies over another region: the hardest case
        targets = twin.controller.targets()
        points = [p for p in v.evaluate(_LABEL_POINTS) if p["rid"] in targets]
        assert points and all(p["hit"] for p in points), points
        # the hardest case is a label whose number lies over a neighbour; labels now sit in
        # their own region's room (swlab.play.style.label_rooms), so the click lands on the
        # label's number, which must act on the label's region and not on what lies beneath
        over = [p for p in points if p["under"] not in (None, p["rid"])]
        point = (over or points)[0]
        rid = point["rid"]
        page.mouse.move(point["x"], point["y"])
        expect(v.locator(".swlab-hover")).to_have_text(norm(twin.controller.hover(rid)))
        page.mouse.click(point["x"], point["y"])
        before = twin.controller.index
        event(twin, rid)  # what a click inside the region does
        assert twin.controller.index == before + 1, twin.controller.last
        expect(v.locator(f"path.swlab-region-{rid}")).to_have_class(
            re.compile(r"\bswlab-owner-0\b")
        )
        same_board(page, v, twin)
        expect(status).to_have_text(norm(twin.controller.status().text))
        expect(v.locator(".swlab-message")).to_have_text(norm(twin.controller.message()))
        page.screenshot(path=str(screenshots / f"flow-label-{where}.png"))
    finally:
        lab_tab.release(page)


@pytest.mark.parametrize("where", ["voila", "lab"])
def test_r_conq_10_the_die_is_on_screen_and_one_click_rolls_it(
    lab: harness.Lab,
    browser: Browser,
    lab_tab: harness.LabTab,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    where: str,
) -> None:
    from playwright.sync_api import expect

    twin: GameViewer = build([DIE_SOURCE], lab.root / "notebooks", monkeypatch)
    page = lab_tab.page_for(where, SMALL)
    try:
        v = open_viewer(page, lab, DIE, DIE_SOURCE, where)
        roll = v.locator("button.swlab-roll")
        expect(roll).to_be_hidden()
        # the final conquest of Mountain 9 (3 tokens, 2 in hand), asked first
        board = twin.controller.board
        x, y = harness.region_point(v, 9, board[9].polygon)
        page.mouse.click(x, y)
        event(twin, 9)
        confirm = v.locator("button.swlab-answer-confirm")
        expect(confirm).to_be_visible()
        confirm.click()
        twin.question_buttons[0].click()
        expect(roll).to_be_visible()
        expect(roll).to_be_enabled()
        v.evaluate("e => e.scrollIntoView()")
        harness.settle(page)
        fit.inside(page, roll, "the roll the die button")
        fit.inside(page, v.locator(".swlab-status"), "the status line")
        page.screenshot(path=str(screenshots / f"flow-die-{where}.png"))
        steps = twin.controller.index
        roll.click()
        twin.roll_button.click()
        assert twin.controller.index == steps + 1
        face = twin.controller.game.actions[-1].face  # type: ignore[attr-defined]
        message = v.locator(".swlab-message")
        wait_text(message, rf"The die shows {face} for Ann")
        expect(message).to_have_text(norm(twin.controller.message()))
        expect(v.locator(f"svg.swlab-die-{face}")).to_be_visible()
        expect(roll).to_be_hidden()
        expect(v.locator(".swlab-status")).to_have_text(norm(twin.controller.status().text))
        same_board(page, v, twin)
        page.screenshot(path=str(screenshots / f"flow-die-{where}-rolled.png"))
    finally:
        lab_tab.release(page)

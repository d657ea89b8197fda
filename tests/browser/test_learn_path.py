"""Notebook 12, the learn path, played by real clicks in JupyterLab and in Voilà, at
1280x720 and 1920x1080, in English and in Greek.

The whole flow runs in two of the eight combinations (Voilà at 1280x720 in English,
JupyterLab at 1920x1080 in Greek): the map of levels, three levels played by clicks (the
top combo, free, R-PICK-1; a refused click, R-CONQ-1, then the edge region for two stars;
a legal try that misses, whose answer is played on the board before the board comes back
as it was, then solved), the stars shown and kept in the learner's progress file after a
kernel restart. The others (``test_learn.py``) open a level, check that it fits the
screen and solve it by one click: the full flow twice covers both hosts, both sizes and
both languages, and the rest costs a page load each.

Every text is the catalog's, in the notebook's language. Screenshots:
``out/screenshots/learn-path-<host>-<width>x<height>-<language>-<step>.png``.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab.i18n import _, using
from swlab.learn.level import load_level, shipped_levels
from swlab.learn.progress import PROGRESS_FILE, Progress
from swlab.learn.widget import LevelPlay, stars_text

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

NOTEBOOK = "12_learn_path.ipynb"
#: how long a page may take to show what a click changed (ms): long, for a busy machine
WAIT = 90_000
#: the region the first conquest level asks for, on the edge of the board (R-CONQ-1)
EDGE = 5
#: a region inside the board: a first conquest there is refused (R-CONQ-1)
INSIDE = 10
#: conquest-stop: the region to take, and Ann's region the opponent's answer takes
HILL, FARMLAND = 7, 2


@dataclass(frozen=True)
class Combo:
    """Where the path is opened: the host (``voila`` or ``lab``), the window, the language."""

    host: str
    width: int
    height: int
    lang: str

    @property
    def name(self) -> str:
        return f"{self.host}-{self.width}x{self.height}-{self.lang}"


#: the full flow: each host, size and language once
FULL = (Combo("voila", 1280, 720, "en"), Combo("lab", 1920, 1080, "el"))
#: the short check (test_learn.py): the other two pairs of host and size, each language once
FIT = (Combo("voila", 1920, 1080, "el"), Combo("lab", 1280, 720, "en"))


def say(combo: Combo, text: str, **fields: Any) -> str:
    """``text`` through the catalog of the combination's language."""
    with using(combo.lang):
        return _(text).format(**fields) if fields else _(text)


def button(page: Page, text: str) -> Locator:
    """A button of the learn path whose label starts with ``text``."""
    return page.locator(".swlab-learn button").filter(has_text=re.compile("^" + re.escape(text)))


def level_button(page: Page, combo: Combo, level_id: str) -> Locator:
    """The map's button of a level: its number in its stage, then its title."""
    level = load_level(level_id)
    stage = [lv for lv in shipped_levels() if lv.stage == level.stage]
    k = [lv.id for lv in stage].index(level_id) + 1
    return button(page, f"{k}. {say(combo, level.title)}").first


def stars_saved(workspace: Path, level_id: str) -> int:
    """The stars of ``level_id`` in the progress file the kernel wrote (0 before)."""
    if not (workspace / PROGRESS_FILE).is_file():
        return 0
    return int(Progress.open(workspace).get(level_id).stars)


def serve(lab: harness.Lab, combo: Combo, solved: list[str]) -> tuple[Path, str]:
    """A folder of its own holding notebook 12 in the combination's language (stripped)
    and the progress file of a learner who solved ``solved``: the folder, and the
    notebook's path under the server's root."""
    folder = lab.root / f"learn-{combo.name}"
    workspace = folder / "swlab-files"
    folder.mkdir(exist_ok=True)
    source_dir = harness.REPO / "notebooks" / ("" if combo.lang == "en" else combo.lang)
    source = json.loads((source_dir / NOTEBOOK).read_text(encoding="utf-8"))
    (folder / NOTEBOOK).write_text(json.dumps(harness.strip(source), indent=1))
    (workspace / PROGRESS_FILE).unlink(missing_ok=True)
    progress = Progress.open(workspace)
    for level_id in solved:
        progress.solved(level_id, 3)
    return folder, f"{folder.name}/{NOTEBOOK}"


def open_path(page: Page, lab: harness.Lab, combo: Combo, rel: str) -> None:
    """Open the notebook as a learner does: Voilà renders it; in JupyterLab, Run All."""
    if combo.host == "voila":
        page.goto(lab.voila_url(rel), timeout=harness.PAGE_TIMEOUT_MS)
    else:
        cells = harness.code_cells(json.loads((lab.root / rel).read_text(encoding="utf-8")))
        harness.open_notebook(page, lab, rel)
        harness.run_all(page, len(cells), timeout=240)
    page.locator(".swlab-learn").first.wait_for(timeout=180_000)


def path_page(tab: harness.LabTab, combo: Combo) -> Page:
    """A page in the combination's window (:meth:`harness.LabTab.page_for`)."""
    viewport = {"width": combo.width, "height": combo.height}
    return tab.page_for(combo.host, viewport, timeout_ms=60_000)


def show_from(page: Page, selector: str) -> None:
    """Scroll ``selector`` to the top, as a learner would, and wait for the board."""
    page.locator(selector).first.evaluate("e => e.scrollIntoView()")
    harness.settle(page)


#: A sentence that asks to run a cell (or the key that does it).
RUN_A_CELL = re.compile(
    r"(?i)\brun (?:the|this|a|each|every) (?:code )?cells?\b|shift\s*\+\s*enter"
)


def check_page(page: Page, combo: Combo) -> list[str]:
    """No error and no return value (``True``, ``False``, ``None``, a repr) shown as an
    output; in Voilà no output asks a visitor to run a cell. Returns what the notebook's
    own prose (its Markdown cells) asks in Voilà: the caller fails on it at the end."""
    text = page.inner_text("body")
    assert "Traceback" not in text and "There was an error" not in text, text[:2000]
    outputs: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('.jp-OutputArea-output')]
                 .map(o => o.innerText.trim())"""
    )
    leaked = [o for o in outputs if o in ("True", "False", "None") or o.startswith("<swlab.")]
    assert leaked == [], f"return values shown in the page: {leaked}"
    if combo.host != "voila":
        return []
    asks = [m.group(0) for o in outputs for m in RUN_A_CELL.finditer(o)]
    assert asks == [], f"the Voilà page tells a visitor to run a cell: {asks}"
    prose: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('.jp-MarkdownOutput')].map(o => o.innerText)"""
    )
    return [line for p in prose for line in p.splitlines() if RUN_A_CELL.search(line)]


def prose_asks(asks: list[str]) -> None:
    """The notebook's prose must not ask a Voilà visitor to run a cell either (checked at
    the end, so that a failure here still shows that the flow itself works)."""
    assert asks == [], f"notebook 12's prose asks a Voilà visitor to run a cell: {asks[0]!r}"


def open_level(page: Page, combo: Combo, level_id: str) -> tuple[Locator, LevelPlay]:
    """Open a level from the map: its viewer (drawn and still), and its twin here."""
    from playwright.sync_api import expect

    level_button(page, combo, level_id).click()
    level = load_level(level_id)
    expect(page.locator(".swlab-learn-level")).to_contain_text(
        say(combo, level.title), timeout=WAIT
    )
    viewer = page.locator(".swlab-learn .swlab-viewer").first
    expect(viewer.locator("path.swlab-region").first).to_be_attached(timeout=90_000)
    harness.settle(page)
    return viewer, LevelPlay(level)


def click_region(page: Page, viewer: Locator, twin: LevelPlay, rid: int) -> None:
    """A click inside region ``rid`` (at its label's anchor when the first point is taken)."""
    c = twin.controller
    anchor = c.shapes.anchor[rid]  # the label's [y, x]
    x, y = harness.region_point(viewer, rid, c.board[rid].polygon, [(anchor[1], anchor[0])])
    page.mouse.click(x, y)


#: Records, from now on, every text of the verdict and every class list of one region,
#: with the time in ms: the answer to a missed try is over in about 2 s, too quick to poll.
WATCH = """([rid]) => {
  const seen = window.__swlabSeen = {texts: [], classes: []};
  const note = () => {
    const v = document.querySelector('.swlab-learn-verdict');
    const p = document.querySelector('.swlab-learn path.swlab-region-' + rid);
    const t = performance.now();
    if (v && (!seen.texts.length || seen.texts.at(-1)[1] !== v.innerText))
      seen.texts.push([t, v.innerText]);
    if (p && (!seen.classes.length || seen.classes.at(-1)[1] !== p.getAttribute('class')))
      seen.classes.push([t, p.getAttribute('class')]);
  };
  note();
  new MutationObserver(note).observe(document.querySelector('.swlab-learn'),
    {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def play_the_path(browser: Browser, tab: harness.LabTab, combo: Combo, shots: Path) -> None:
    """The full flow of one combination (see the module's text)."""
    from playwright.sync_api import expect

    setup = [lv for lv in shipped_levels() if lv.stage == "setup"]
    first, edge, stop = setup[0], load_level("conquest-border"), load_level("conquest-stop")
    lab = tab.lab
    folder, rel = serve(lab, combo, [lv.id for lv in setup[1:]])
    workspace = folder / "swlab-files"
    stem = f"learn-path-{combo.name}"
    three, two = stars_text(3), stars_text(2)
    verdict_selector = ".swlab-learn-verdict"

    page = path_page(tab, combo)
    try:
        open_path(page, lab, combo, rel)
        # the map of levels: the first stage open, the second locked
        expect(level_button(page, combo, first.id)).to_be_enabled(timeout=120_000)
        expect(level_button(page, combo, edge.id)).to_be_disabled(timeout=WAIT)
        locked = say(combo, "locked: solve every level above first")
        expect(page.locator(".swlab-learn")).to_contain_text(locked, timeout=WAIT)
        asks = check_page(page, combo)

        # 1. the top combo is free (R-PICK-1): one click on the pick button, three stars
        viewer, _twin = open_level(page, combo, first.id)
        expect(level_button(page, combo, first.id)).to_be_hidden(
            timeout=WAIT
        )  # the level in its place
        for label in ("bot: one action", "autoplay", "save game"):  # not the level's
            hidden = viewer.locator("button").filter(has_text=re.compile(f"^{say(combo, label)}$"))
            expect(hidden).to_have_count(1, timeout=WAIT)
            expect(hidden).to_be_hidden(timeout=WAIT)
        viewer.locator(".swlab-action-pick").first.click()
        verdict = page.locator(verdict_selector)
        expect(verdict).to_contain_text(three, timeout=WAIT)
        harness.wait_until(lambda: stars_saved(workspace, first.id) == 3, 60, "stars saved")
        button(page, say(combo, "back to the path")).click()
        expect(level_button(page, combo, first.id)).to_contain_text(three, timeout=WAIT)

        # 2. the second stage opened: a refused click (R-CONQ-1) and its hint, then the edge
        expect(level_button(page, combo, edge.id)).to_be_enabled(timeout=WAIT)
        viewer, twin = open_level(page, combo, edge.id)
        click_region(page, viewer, twin, INSIDE)
        refused = say(combo, "Refused ({rule}): {message}", rule="R-CONQ-1", message="")
        expect(verdict).to_contain_text(refused.strip(), timeout=WAIT)
        expect(page.locator(".swlab-learn-hints li")).to_have_count(1, timeout=WAIT)
        show_from(page, ".swlab-learn-level")
        page.screenshot(path=str(shots / f"{stem}-refused.png"))
        click_region(page, viewer, twin, EDGE)
        expect(verdict).to_contain_text(two, timeout=WAIT)
        harness.wait_until(lambda: stars_saved(workspace, edge.id) == 2, 60, "two stars saved")
        button(page, say(combo, "back to the path")).click()

        # 3. a legal try that misses: the answer on the board, then the board as it was
        viewer, twin = open_level(page, combo, stop.id)
        before = harness.owner_classes(page, viewer)
        page.evaluate(WATCH, [FARMLAND])
        viewer.locator(".swlab-action-decline").first.click()
        page.locator(".swlab-learn .swlab-answer-confirm").first.click()
        back = say(combo, "The board is back at the start: try again.")
        expect(verdict).to_contain_text(back, timeout=90_000)
        harness.wait_until(
            lambda: harness.owner_classes(page, viewer) == before, 60, "the board as it was"
        )
        seen = page.evaluate("() => window.__swlabSeen")
        answer = say(combo, "The answer, step {n} of {total}:").split("{")[0].strip()
        steps = [t for t, text in seen["texts"] if answer in text]
        assert steps, f"the answer was never told: {seen['texts']}"
        ended = next(t for t, text in seen["texts"] if back in text)
        # Farmland: Ann's, then the answer's (outlined as just changed), then Ann's again
        classes = [c for _t, c in seen["classes"]]
        assert classes[0] == classes[-1], classes
        assert any("swlab-changed" in c for c in classes[1:-1]), classes
        # 1.8 s planned (tests/learn/test_reply.py); on a busy machine each tick waits for
        # the kernel's redraw, so the time is told, not bounded here
        print(f"{combo.name}: the answer took {ended - steps[0]:.0f} ms on the screen")
        show_from(page, ".swlab-learn-level")
        page.screenshot(path=str(shots / f"{stem}-missed.png"))
        harness.settle(page)
        click_region(page, viewer, twin, HILL)
        harness.wait_until(  # the conquest on the board before the next button
            lambda: harness.owner_classes(page, viewer)[HILL] != before[HILL], 90, "Hill taken"
        )
        viewer.locator(".swlab-action-end").first.click()
        expect(verdict).to_contain_text(three, timeout=WAIT)
        harness.wait_until(lambda: stars_saved(workspace, stop.id) == 3, 60, "stars saved")
        asks += check_page(page, combo)

        # a new kernel: the stars come from the progress file
        if combo.host == "lab":
            tab.release(page)
            page = path_page(tab, combo)
        open_path(page, lab, combo, rel)
        for level_id, stars in ((first.id, three), (edge.id, two), (stop.id, three)):
            expect(level_button(page, combo, level_id)).to_contain_text(stars, timeout=120_000)
        asks += check_page(page, combo)
        show_from(page, ".swlab-learn")
        page.screenshot(path=str(shots / f"{stem}-restarted.png"))
    finally:
        tab.release(page)
    prose_asks(asks)


@pytest.mark.parametrize("combo", FULL, ids=lambda c: c.name)
def test_r_conq_1_three_levels_by_clicks_a_refusal_a_miss_and_stars_kept(
    lab: harness.Lab, lab_tab: harness.LabTab, browser: Browser, screenshots: Path, combo: Combo
) -> None:
    started = time.monotonic()
    play_the_path(browser, lab_tab, combo, screenshots)
    print(f"{combo.name}: {time.monotonic() - started:.0f} s")

"""A translated tutorial notebook in a real browser: the Greek 02_conquest in JupyterLab (Run
All, no error, the page's prose in Greek), and 02_conquest of every language in Voilà, where a
learner sees only the prose and the widgets and plays a level of the notebook's conquest
stage of the learn path by a click on the board: its stars show, in the page and in the
learner's progress file. The level's title is what swlab says in that language, never a
fixed string.

Screenshots go to ``out/screenshots/``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab import i18n
from swlab.learn.level import load_level
from swlab.learn.progress import PROGRESS_FILE, Progress
from swlab.learn.widget import LevelPlay

from . import harness
from . import test_viewer_languages as langs

if TYPE_CHECKING:
    from playwright.sync_api import Page

sys.path.insert(0, str(harness.REPO / "tools"))

import translate_notebooks as tn  # tools/ is not a package

pytestmark = pytest.mark.browser

NAME = "02_conquest"
#: The first level of the conquest stage, and the region on the edge of the board a first
#: conquest may take (R-CONQ-1).
LEVEL = "conquest-border"
EDGE = 5


def _serve(lab: harness.Lab, lang: str) -> tuple[str, dict[str, Any]]:
    """Put the stripped ``notebooks/<lang>/02_conquest.ipynb`` in the served tree."""
    nb = harness.strip(json.loads((tn.NOTEBOOKS / lang / f"{NAME}.ipynb").read_text()))
    rel = f"notebooks/{lang}/{NAME}.ipynb"
    (lab.root / rel).parent.mkdir(parents=True, exist_ok=True)
    (lab.root / rel).write_text(json.dumps(nb, indent=1))
    return rel, nb


def _prose(nb: dict[str, Any]) -> tuple[str, str]:
    """The notebook's title and its second markdown cell's first sentence, as rendered text."""
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    title = cells[0].splitlines()[0].lstrip("# ").strip()
    sentence = cells[1].split("\n\n")[1].split(":")[0].replace("\n", " ").strip()
    return title, sentence


def _text(page: Page) -> str:
    return " ".join(page.inner_text("body").split())


def _learn(lang: str) -> str:
    """ "What you will learn" in ``lang``, as the page shows it (bold marks rendered)."""
    return str(tn.read_catalog(lang)["**What you will learn**"].string).strip("*")


def test_a_greek_notebook_runs_in_jupyterlab(
    lab: harness.Lab, lab_page: Page, screenshots: Path
) -> None:
    page = lab_page
    rel, nb = _serve(lab, "el")
    title, sentence = _prose(nb)
    english = _prose(json.loads((tn.NOTEBOOKS / f"{NAME}.ipynb").read_text()))
    assert title != english[0] and sentence != english[1]
    assert all("\u0370" <= c <= "\u03ff" for c in title.split()[-1])  # Greek letters
    harness.open_notebook(page, lab, rel)
    state = harness.run_all(page, len(harness.code_cells(nb)))
    shown = harness.error_texts(page)
    harness.full_screenshot(page, screenshots / f"el-{NAME}-lab.png")
    assert not shown, "\n---\n".join(shown)
    assert state["numbered"] == len(harness.code_cells(nb)), state
    text = _text(page)
    assert title in text and sentence in text, text[:1500]
    assert "What you will learn" not in text and _learn("el") in text
    assert english[1] not in text


def _stars_saved(workspace: Path, level_id: str) -> int:
    """The stars of ``level_id`` in the progress file the kernel wrote (0 before)."""
    if not (workspace / PROGRESS_FILE).is_file():
        return 0
    return int(Progress.open(workspace).get(level_id).stars)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_r_conq_1_a_level_of_the_notebooks_stage_is_solved_by_a_click_in_voila(
    lab: harness.Lab, page: Page, screenshots: Path, lang: str
) -> None:
    """Notebook 02 of each language in Voila, where a learner sees only the prose and the
    widgets: its prose is the notebook's (no English paragraph left); its levels of the
    learn path are all open (a learner who comes here first may play them), and the first
    conquest level, opened by its button, is solved by one click on a region on the edge
    of the board: three stars in the page and in the progress file beside the notebook."""
    from playwright.sync_api import expect

    rel, nb = langs.serve(lab, lang, NAME)
    workspace = (lab.root / rel).parent / "swlab-files"
    (workspace / PROGRESS_FILE).unlink(missing_ok=True)  # a learner who solved nothing yet
    level = load_level(LEVEL)
    with i18n.using(lang):
        title, back_label = i18n._(level.title), i18n._("back to the path")
    page.goto(lab.voila_url(rel), timeout=harness.PAGE_TIMEOUT_MS)
    path = page.locator(".swlab-learn")
    button = path.locator("button").filter(has_text=re.compile("^" + re.escape(f"1. {title}")))
    expect(button).to_be_enabled(timeout=120_000)
    harness.settle(page)
    text = _text(page)
    assert "There was an error" not in text and "Traceback" not in text, text[:2000]
    assert not harness.error_texts(page)
    langs.check_prose(page, lang, nb)
    assert path.locator("button:disabled").count() == 0  # nothing locked here

    button.click()
    level_panel = page.locator(".swlab-learn-level")
    expect(level_panel).to_contain_text(title, timeout=60_000)
    viewer = path.locator(".swlab-viewer").first
    expect(viewer.locator(f"path.swlab-region-{EDGE}")).to_be_attached(timeout=60_000)
    level_panel.evaluate("e => e.scrollIntoView()")
    harness.settle(page)
    board = LevelPlay(level).controller
    anchor = board.shapes.anchor[EDGE]  # the label's [y, x]: a second try
    x, y = harness.region_point(viewer, EDGE, board.board[EDGE].polygon, [(anchor[1], anchor[0])])
    page.mouse.click(x, y)
    expect(page.locator(".swlab-learn-verdict")).to_contain_text("★★★", timeout=60_000)
    harness.wait_until(lambda: _stars_saved(workspace, LEVEL) == 3, 60, "the level's stars saved")
    page.screenshot(path=str(screenshots / f"lang-{lang}-{NAME}-level-voila.png"))

    # back to the stage's levels: the button shows the stars
    path.locator("button").filter(has_text=re.compile("^" + re.escape(back_label))).click()
    expect(button).to_contain_text("★★★", timeout=60_000)
    page.screenshot(path=str(screenshots / f"lang-{lang}-{NAME}-stage-voila.png"))

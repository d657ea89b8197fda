"""A translated tutorial notebook in a real browser: the Greek 02_conquest in JupyterLab (Run
All, no error, the page's prose in Greek), and 02_conquest of every language in Voilà, where a
learner sees only the prose and the widgets and does the notebook's first exercise (the
feedback expected is what the tutorial code says in that language, never a fixed string).

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
from swlab.play import tutorial

from . import harness
from . import test_viewer_languages as langs
from .test_notebooks import _norm

if TYPE_CHECKING:
    from playwright.sync_api import Page

sys.path.insert(0, str(harness.REPO / "tools"))

import translate_notebooks as tn  # tools/ is not a package

pytestmark = pytest.mark.browser

NAME = "02_conquest"
#: ``exercise("02_first_conquest")`` in a code cell: the exercises a notebook shows, in order.
EXERCISE_CALL = re.compile(r"""\bexercise\(\s*["']([\w-]+)["']""")


def _wrong_answer(name: str) -> str:
    """The first ``conquer N`` the tutorial's own check turns down for exercise ``name``."""
    for rid in range(1, 100):
        if not tutorial.check(name, f"conquer {rid}").ok:
            return f"conquer {rid}"
    raise LookupError(f"no wrong conquest for {name}")


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
    lab: harness.Lab, page: Page, screenshots: Path
) -> None:
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


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_tutorial_exercise_answers_in_its_language_in_voila(
    lab: harness.Lab, page: Page, screenshots: Path, lang: str
) -> None:
    """Notebook 02 of each language in Voila, where a learner sees only the prose and the
    widgets: its prose is the notebook's (no English paragraph left), and its first exercise
    answers a wrong answer, then the right one, with the feedback the tutorial code gives in
    that language (the hint with the wrong one), then shows the solution when asked."""
    from playwright.sync_api import expect

    rel, nb = langs.serve(lab, lang, NAME)
    name = EXERCISE_CALL.findall("\n".join(harness.code_cells(nb)))[0]
    wrong = _wrong_answer(name)
    with i18n.using(lang):
        expected_wrong = tutorial.check(name, wrong)
        expected_right = tutorial.check(name, tutorial.EXERCISES[name].solution)
    assert not expected_wrong.ok and expected_right.ok
    page.goto(lab.voila_url(rel), timeout=90_000)
    page.wait_for_selector(".swlab-viewer path.swlab-region", timeout=90_000)
    page.wait_for_selector(".swlab-feedback", state="attached", timeout=90_000)
    harness.settle(page)
    text = _text(page)
    assert "There was an error" not in text and "Traceback" not in text, text[:2000]
    assert not harness.error_texts(page)
    langs.check_prose(page, lang, nb)

    # the first exercise of the page: its box, then Check and Show solution in that order
    widget = page.locator(".widget-vbox:has(> .swlab-feedback)").first
    box = widget.locator(".widget-text input")
    check, solution = (
        widget.locator(".widget-hbox button").nth(0),
        widget.locator(".widget-hbox button").nth(1),
    )
    feedback = widget.locator(".swlab-feedback")
    box.fill(wrong)
    check.click()
    # one line each (``<br>``): the inner text keeps them apart
    expect(feedback).to_have_text(_norm(" ".join(expected_wrong.lines)), use_inner_text=True)
    assert expected_wrong.lines[-1] in feedback.inner_text()  # the hint comes last
    box.fill(tutorial.EXERCISES[name].solution)
    box.press("Enter")  # Enter checks too
    expect(feedback).to_have_text(_norm(" ".join(expected_right.lines)), use_inner_text=True)
    widget.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"lang-{lang}-{NAME}-exercise-voila.png"))
    solution.click()
    expect(feedback).to_contain_text(tutorial.EXERCISES[name].solution)
    assert _norm(" ".join(expected_right.lines)) not in _norm(feedback.inner_text())

"""A translated tutorial notebook in a real browser: the Greek 02_conquest in JupyterLab (Run
All, no error, the page's prose in Greek), and 02_conquest of every language in Voilà, where a
learner sees only the prose and the widgets.

Screenshots go to ``out/screenshots/``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Page

sys.path.insert(0, str(harness.REPO / "tools"))

import translate_notebooks as tn  # tools/ is not a package

pytestmark = pytest.mark.browser

NAME = "02_conquest"


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


@pytest.mark.parametrize("lang", tn.TARGETS)
def test_a_translated_notebook_opens_in_voila(
    lab: harness.Lab, page: Page, screenshots: Path, lang: str
) -> None:
    rel, nb = _serve(lab, lang)
    title, sentence = _prose(nb)
    page.goto(lab.voila_url(rel), timeout=90_000)
    page.wait_for_selector(".swlab-viewer path.swlab-region", timeout=90_000)
    harness.settle(page)
    page.screenshot(path=str(screenshots / f"{lang}-{NAME}-voila.png"), full_page=True)
    text = _text(page)
    assert "There was an error" not in text and "Traceback" not in text, text[:2000]
    assert not harness.error_texts(page)
    assert title in text and sentence in text, text[:1500]
    english = _prose(json.loads((tn.NOTEBOOKS / f"{NAME}.ipynb").read_text()))[1]
    assert "What you will learn" not in text and english not in text
    assert _learn(lang) in text

"""Every notebook in a real browser: Run All in JupyterLab with no error output, none in the
saved file, every code cell run (but those of conftest's ``RUN_BY_OWN_MODULE``, which their
own module runs with these checks: 00_welcome in test_viewer_languages.py, in each language,
before its viewer is played).

Screenshots go to ``out/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from . import harness
from .conftest import FAILING, NOTEBOOKS, RUN_BY_OWN_MODULE

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    "path",
    [p for p in NOTEBOOKS if p.name not in RUN_BY_OWN_MODULE],
    ids=lambda p: p.stem,
)
def test_notebook_runs_in_jupyterlab(
    lab: harness.Lab, lab_page: Page, screenshots: Path, path: Path
) -> None:
    harness.run_clean(lab_page, lab, f"notebooks/{path.name}", screenshots / f"{path.stem}.png")


def test_a_failing_cell_is_seen(lab: harness.Lab, lab_page: Page) -> None:
    """The checks of :func:`harness.run_clean` would pass vacuously if they missed errors:
    a notebook failing in its second cell must show it, in the page and in the saved file,
    and stop the run."""
    page = lab_page
    rel = f"notebooks/{FAILING}"
    harness.open_notebook(page, lab, rel)
    state = harness.run_all(page, 3)
    shown = harness.error_texts(page)
    assert len(shown) == 1 and "ZeroDivisionError" in shown[0], shown
    assert harness.saved_errors(harness.save(page, lab.root / rel)) == [
        "ZeroDivisionError: division by zero"
    ]
    assert state["numbered"] == 2, state

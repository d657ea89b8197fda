"""Browser tests: one JupyterLab server (with Voilà's server extension) and one headless
Chromium for the whole session (tests/conftest.py: the editor's browser tests share them);
a fresh browser context per test, or (JupyterLab) the process's loaded JupyterLab page,
reset between tests.

Skipped, with the reason, when playwright or Chromium is missing (``tasks.py test``
installs Chromium when it runs as root; playwright comes with the ``test`` extra).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: The notebooks under test: whatever ``notebooks/*.ipynb`` exist.
NOTEBOOKS = sorted((harness.REPO / "notebooks").glob("*.ipynb"))
#: Notebooks whose own module runs them with every check of test_notebooks.py's
#: ``test_notebook_runs_in_jupyterlab`` (no error shown or saved, every cell run, the
#: picture): that test leaves them out rather than run them a second time.
RUN_BY_OWN_MODULE = {
    "00_welcome.ipynb": "test_viewer_languages.py",
    "10_terra_mystica_maps.ipynb": "test_tm_notebook.py",
}
#: Screenshots of every run (``out/`` is git-ignored).
SCREENSHOTS = harness.REPO / "out" / "screenshots"

#: A notebook that fails in its second cell: the harness must see it.
FAILING = "_fails.ipynb"
FAILING_SOURCES = ("print('first')", "1 / 0", "print('never')")


@pytest.fixture(scope="session")
def lab(jupyter: harness.Lab) -> harness.Lab:
    """The process's JupyterLab (tests/conftest.py), serving the notebooks under test
    (stripped copies) and the failing stand-in in its ``notebooks/``."""
    harness.prepare_root(jupyter.root, NOTEBOOKS, {FAILING: harness.notebook(*FAILING_SOURCES)})
    return jupyter


@pytest.fixture(scope="module")
def present(present_server: tuple[str, Path]) -> str:
    """The address of a real ``swlab present`` (see :func:`present_server`)."""
    return present_server[0]


@pytest.fixture(scope="module")
def present_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A real ``swlab present`` (its own Voila server, with the environment a user has:
    the command itself finds swlab's Voila template) on the 2-player board: its address
    and the folder that holds its kernels' connection files."""
    args = ["official_2p", "--players", "Ann,Bot", "--bots", "1:greedy", "--pace", "0.2",
            "--seed", "7"]  # fmt: skip
    yield from serve_present(tmp_path_factory.mktemp("present"), args)


def serve_present(home: Path, args: list[str]) -> Iterator[tuple[str, Path]]:
    """Run ``swlab present ARGS`` from ``home`` until the generator is closed: its address
    and the folder that holds its kernels' connection files (skipped without a browser)."""
    reason = harness.missing()
    if reason:
        pytest.skip(reason)
    port = harness.free_port()
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("JUPYTER_") or k == "JUPYTER_PATH"
    }
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        MPLBACKEND="Agg",
        TMPDIR=str(home / "tmp"),  # where Voila keeps its kernels' connection files
    )
    (home / "tmp").mkdir()
    cmd = [sys.executable, "-m", "swlab", "present", *args, "--port", str(port), "--no-browser"]
    with (home / "voila.log").open("wb") as log:
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log, cwd=home)
    url = f"http://127.0.0.1:{port}/"

    def listens() -> bool:
        if proc.poll() is not None:
            raise RuntimeError((home / "voila.log").read_text(errors="replace"))
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    try:
        harness.wait_until(listens, 90, f"swlab present did not listen on {port}")
        yield url, home / "tmp"
    finally:
        proc.terminate()  # Voila itself (swlab present became it): it stops its kernels
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def browser(lab: harness.Lab, chromium: Browser) -> Browser:
    """The process's Chromium (tests/conftest.py), once the JupyterLab it visits serves the
    notebooks; ``chromium`` alone serves pages that are not JupyterLab's (``swlab present``,
    ``swlab replay``'s file)."""
    return chromium


@pytest.fixture
def page(browser: Browser, lab: harness.Lab) -> Iterator[Page]:
    context = browser.new_context(viewport=harness.VIEWPORT)  # type: ignore[arg-type]
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()
    lab.shutdown_kernels()


@pytest.fixture
def lab_page(lab: harness.Lab, lab_tab: harness.LabTab) -> Page:
    """The process's loaded JupyterLab page (tests/conftest.py's ``lab_tab``) as a ``?reset``
    load would give it, at :data:`~harness.VIEWPORT`: :func:`harness.open_notebook` opens
    a notebook in it without loading JupyterLab again."""
    return lab_tab.fresh()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS

"""Test-suite wide settings.

- Long runs (``slow``) run only with ``-m slow`` or ``SWLAB_SLOW=1``.
- ``SWLAB_REQUIRE_BROWSER=1`` (set by ``.ci/run``): a browser test skipped for want of
  Chromium or playwright fails instead, so CI cannot pass without running them.
- One JupyterLab (:func:`jupyter`) and one Chromium (:func:`chromium`) per test process,
  shared by every browser test (tests/browser, tests/editor): a server start and a
  browser launch are seconds of CPU each, and a fresh browser context per test (or per
  module, for a page a module's tests share) keeps the tests apart.
- One JupyterLab page per test process too (:func:`lab_tab`): loading JupyterLab is about
  5 s of CPU, so the tests open their notebooks in the loaded page, which is reset between
  tests as a ``?reset`` load would be.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.browser.harness import Lab, LabTab

#: Words of the skip reasons of ``tests/browser/harness.missing``.
BROWSER_MISSING = ("Chromium not found", "playwright is not installed")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` tests in the default run, saying how to run them."""
    if "slow" in (config.getoption("-m") or "") or os.environ.get("SWLAB_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or SWLAB_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Where the browser is required, a browser test skipped for want of one fails."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if not (report.skipped and os.environ.get("SWLAB_REQUIRE_BROWSER")):
        return
    reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else ""
    if any(words in reason for words in BROWSER_MISSING):
        report.outcome = "failed"
        report.longrepr = (
            f"SWLAB_REQUIRE_BROWSER is set (CI) but the browser tests cannot run: {reason}"
        )


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A test worker (``-n 2``) that has run its last test no longer takes SIGINT.

    Once every worker has reported its end, the run's main process gives each worker 5 s
    to finish and then sends it SIGINT (execnet's rule). On a busy machine pytest's own
    wrap-up in a worker (hooks, its last garbage collection) can take longer, and the
    SIGINT then surfaced as a ``KeyboardInterrupt`` traceback at the end of the log,
    though every test had passed. Ignored, it is followed 10 s later by execnet ending
    the worker outright; the worker's tests, fixtures and servers are all done by then.
    A Ctrl-C in the terminal still stops the run: it reaches the main process too.
    """
    if os.environ.get("PYTEST_XDIST_WORKER") and (
        threading.current_thread() is threading.main_thread()
    ):
        signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.fixture(scope="session")
def pw() -> Iterator[Any]:
    """The test process's one Playwright: its sync API refuses a second one while the first
    runs, so every browser test (tests/browser, tests/editor) launches Chromium from this."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def _browser_missing() -> None:
    """Skip, saying why, where the browser tests cannot run."""
    from tests.browser import harness

    reason = harness.missing()
    if reason:
        pytest.skip(reason)


@pytest.fixture(scope="session")
def jupyter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """The test process's one JupyterLab (with Voila's server extension), on a folder that
    holds only the user settings: each user puts its notebooks in a folder of its own
    (tests/browser's ``lab``: ``notebooks/``; an editor module: a folder named after it)
    and stops the kernels its pages started."""
    _browser_missing()
    from tests.browser import harness

    root = tmp_path_factory.mktemp("jupyter")
    harness.prepare_root(root, [])
    server = harness.Lab(root).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def chromium(pw: Any) -> Iterator[Browser]:
    """The test process's one headless Chromium; each test opens its own context in it."""
    _browser_missing()
    from tests.browser import harness

    b = harness.launch_chromium(pw)
    yield b
    b.close()


@pytest.fixture(scope="session")
def jupyterlab_tab(jupyter: Lab, chromium: Browser) -> Iterator[LabTab]:
    """The test process's one loaded JupyterLab page (:class:`~tests.browser.harness.LabTab`):
    a test opens its notebook in it instead of loading JupyterLab again. A fixture of a
    wider scope that uses it calls its ``clear()`` when done; tests use :func:`lab_tab`."""
    from tests.browser import harness

    tab = harness.LabTab(chromium, jupyter)
    yield tab
    tab.close()


@pytest.fixture
def lab_tab(jupyterlab_tab: LabTab) -> Iterator[LabTab]:
    """:func:`jupyterlab_tab` for one test: its ``fresh(viewport)`` is the page as a
    ``?reset`` load would give it; after the test its documents close and its kernels stop."""
    yield jupyterlab_tab
    jupyterlab_tab.clear()

"""JupyterLab and Voilà in headless Chromium: the pieces the browser tests and
``benchmarks/ui.py`` share (no pytest in here).

Recipes from ``JUPYTER_NOTES.md``: Debian's Chromium driven by Playwright from pip (never
``playwright install``), one JupyterLab server on 127.0.0.1 serving a temporary copy of the
notebooks with outputs and widget state stripped, user settings that keep every cell in the
page and the news away.
"""

from __future__ import annotations

import ast
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Playwright

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("SWLAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}
VIEWPORT = {"width": 1500, "height": 1000}
#: How often :func:`wait_until` asks again.
POLL = 0.1

T = TypeVar("T")


def wait_until(check: Callable[[], T | None], timeout: float, what: str | Callable[[], str]) -> T:
    """The first true value of ``check()``, asked every :data:`POLL` seconds; after
    ``timeout`` seconds a ``TimeoutError`` says ``what`` never happened. The one place
    the tests wait for a condition outside the page (a server, a file, a process): they
    never sleep for a fixed time, which a loaded machine would outlast."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            said = what() if callable(what) else what
            raise TimeoutError(f"after {timeout:.0f} s: {said}")
        time.sleep(POLL)


def missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return (
            f"Chromium not found at {CHROMIUM}: install it with "
            "'sudo apt-get install chromium' (or set SWLAB_CHROMIUM)"
        )
    return None


#: How long an ``expect(...)`` assertion waits for its condition. Playwright's default,
#: 5 s, is a quiet machine's: on a loaded one a kernel round trip (a language switch, a
#: redraw) has taken longer, and the assertion failed while the page was still on its way.
EXPECT_TIMEOUT_MS = 60_000

#: How long a Voila page may take to show its viewer. Voila runs the whole notebook before
#: it sends the page: on a quiet machine some 10 s, but in a run beside 4 CPU-bound
#: processes (``tasks.py test --busy 4``, session 13) notebook 00 outlasted 90 s.
PAGE_TIMEOUT_MS = 240_000


#: Chromium features the tests turn off, besides Playwright's own list.
#: - The omnibox's pop-up, a web page of Chromium's own: a headless window has no address
#:   bar to show it, yet each new window (each browser context of a test) started one in
#:   a renderer of its own, about 0.6 s of CPU each, some 40 times a run (Chromium 156).
DISABLED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
#: Starts Chromium with the switches of its command line that turn features off joined
#: into one (Chromium keeps only the last), so :data:`DISABLED_FEATURES` adds to
#: Playwright's list instead of replacing it.
JOIN_DISABLED_FEATURES = Path(__file__).with_name("chromium.sh")


def launch_chromium(p: Playwright) -> Browser:
    """Debian's headless Chromium, :data:`DISABLED_FEATURES` off (on POSIX, where
    :data:`JOIN_DISABLED_FEATURES` runs); every ``expect`` of the test run then waits up
    to :data:`EXPECT_TIMEOUT_MS` for its condition."""
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    if os.name != "posix":
        return p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    return p.chromium.launch(
        executable_path=JOIN_DISABLED_FEATURES,
        headless=True,
        args=[*CHROMIUM_ARGS, f"--disable-features={','.join(DISABLED_FEATURES)}"],
        env={**os.environ, "SWLAB_CHROMIUM_REAL": str(CHROMIUM)},
    )


# ==========================================================================================
# The served copy of the notebooks
# ==========================================================================================


def strip(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook without outputs, execution counts and saved widget state."""
    nb = json.loads(json.dumps(nb))
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        cell.get("metadata", {}).pop("widgets", None)
    return nb


def code_cells(nb: Mapping[str, Any]) -> list[str]:
    """Sources of the code cells that Run All executes (JupyterLab skips blank ones)."""
    out = []
    for cell in nb["cells"]:
        src = cell["source"]
        src = "".join(src) if isinstance(src, list) else src
        if cell["cell_type"] == "code" and src.strip():
            out.append(src)
    return out


def notebook(*sources: str) -> dict[str, Any]:
    """A minimal notebook of code cells."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": s,
                "outputs": [],
                "execution_count": None,
            }
            for s in sources
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def prepare_root(root: Path, notebooks: Iterable[Path], extra: Mapping[str, Any] = {}) -> None:
    """Fill ``root`` like the repository: ``notebooks/`` (stripped copies, plus ``extra``
    notebooks by file name), the data folders beside it, and the user settings."""
    nb_dir = root / "notebooks"
    nb_dir.mkdir(parents=True, exist_ok=True)
    for path in notebooks:
        (nb_dir / path.name).write_text(json.dumps(strip(json.loads(path.read_text())), indent=1))
    for name, nb in extra.items():
        (nb_dir / name).write_text(json.dumps(nb, indent=1))
    for rel, value in SETTINGS.items():
        f = root / ".settings" / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(value))


# ==========================================================================================
# The server
# ==========================================================================================


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Lab:
    """One JupyterLab server (with Voilà's server extension) on 127.0.0.1."""

    root: Path
    port: int = field(default_factory=free_port)
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lab_url(self, rel: str) -> str:
        return f"{self.base}/lab/tree/{rel}?reset&token={self.token}"

    def voila_url(self, rel: str) -> str:
        return f"{self.base}/voila/render/{rel}?token={self.token}"

    @property
    def log(self) -> Path:
        return self.root / "jupyter.log"

    def start(self, timeout: float = 90) -> Lab:
        from swlab.servers import lab_command, voila_environment

        home = self.root / ".home"
        # JUPYTER_PATH only adds places to find extensions (a widget library installed
        # beside the environment); the user's config and runtime dirs stay out
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("JUPYTER", "MPLBACKEND")) or k == "JUPYTER_PATH"
        }
        # swlab's Voila template (no outside host) for every Voila page of this server
        env = voila_environment(env)
        env.update(  # keep the user's config and runtime files out of it
            JUPYTER_CONFIG_DIR=str(home / "config"),
            JUPYTER_RUNTIME_DIR=str(home / "runtime"),
            IPYTHONDIR=str(home / "ipython"),
            PYTHONUNBUFFERED="1",
        )
        # JupyterLab as the tutorial starts it, on this root, with the test's own port,
        # token, settings and workspaces
        extra = [
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--LabApp.user_settings_dir={self.root / '.settings'}",
            f"--LabApp.workspaces_dir={self.root / '.ws'}",
            "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: see LabTab
        ]
        cmd = lab_command(sys.executable, self.root, "notebooks/00_welcome.ipynb", extra)
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=log, stderr=log)

        def answers() -> bool:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited ({self.proc.returncode}):\n{self.tail()}")
            try:
                self.api("GET", "/api/status")
                return True
            except (OSError, urllib.error.URLError):
                return False

        try:
            wait_until(answers, timeout, lambda: f"JupyterLab did not answer:\n{self.tail()}")
        except TimeoutError:
            self.stop()
            raise
        return self

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def api(self, method: str, path: str) -> Any:
        req = urllib.request.Request(
            self.base + path, method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def idle_kernel(self, rel: str) -> str | None:
        """The id of the kernel of notebook ``rel``'s session when the server says it is
        idle, else None."""
        try:
            sessions = self.api("GET", "/api/sessions")
        except (OSError, urllib.error.URLError):
            return None
        for s in sessions:
            kernel = s.get("kernel") or {}
            if s.get("path") == rel and kernel.get("execution_state") == "idle":
                return str(kernel["id"])
        return None

    def shutdown_kernels(self) -> None:
        """Stop every kernel the pages started (each holds ~130 MB)."""
        try:
            for s in self.api("GET", "/api/sessions"):
                self.api("DELETE", f"/api/sessions/{s['id']}")
            for k in self.api("GET", "/api/kernels"):
                self.api("DELETE", f"/api/kernels/{k['id']}")
        except (OSError, urllib.error.URLError):
            pass

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


# ==========================================================================================
# Driving JupyterLab
# ==========================================================================================

#: True once Run All is over: the kernel is idle, no cell waits (``[*]``), and the cells
#: that ran show a number. Returns the numbered count so the caller can compare.
_RUN_STATE = """() => {
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!nb) return null;
  const ind = nb.querySelector('.jp-Notebook-ExecutionIndicator');
  const prompts = [...nb.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
    .map(e => e.textContent.trim());
  return {
    status: ind ? ind.getAttribute('data-status') : null,
    waiting: prompts.filter(p => p.includes('*')).length,
    numbered: prompts.filter(p => /\\[\\d+\\]/.test(p)).length,
    cells: prompts.length,
    loading: [...nb.querySelectorAll('.jp-OutputArea-output')]
      .filter(e => e.textContent.includes('Loading widget')).length,
  };
}"""


#: JavaScript: how many requests the page sent kernel connection ``k`` (a JupyterLab
#: ``KernelConnection``) still await their reply or their idle: its ``KernelFutureHandler``s
#: without the flag IsDone (4). A cell's request stays in ``_futures`` after it is done
#: (its output area keeps it), so the flag, not the map's size, says what is pending.
_PENDING_REQUESTS = "[...k._futures.values()].filter(f => !(f._status & 4)).length"

#: The kernel of the notebook at ``path`` as the page sees it: its id, status and socket,
#: the page's requests still pending (:data:`_PENDING_REQUESTS`), and the notebook's
#: execution indicator.
_PAGE_KERNEL = f"""(path) => {{
  const panel = [...window.jupyterapp.shell.widgets('main')]
    .find(w => w.context && w.context.path === path);
  const session = panel && panel.sessionContext.session;
  const k = session && session.kernel;
  const ind = panel && panel.node.querySelector('.jp-Notebook-ExecutionIndicator');
  return {{
    indicator: ind ? ind.getAttribute('data-status') : null,
    id: k ? k.id : null, status: k ? k.status : null,
    socket: k ? k.connectionStatus : null, pending: k ? {_PENDING_REQUESTS} : null,
  }};
}}"""


def open_notebook(page: Page, lab: Lab, rel: str, timeout: float = 180) -> None:
    """Open ``rel`` in JupyterLab and wait until the page is connected to its kernel, the
    very kernel the server runs for ``rel``, and both say it is idle after the last request
    the page made (its kernel info, the widgets' comm info). The page's indicator says
    idle for a moment before the kernel exists, then connecting: the kernel's id and the
    socket, not a time without change, tell those apart. A kernel has taken more than 60 s
    to start on a loaded machine: the wait is a condition, so a generous bound costs a
    quiet machine nothing.

    A page that already holds this server's JupyterLab (a :class:`LabTab`) opens the
    notebook through the app's own command, the other documents closed as ``?reset``
    would have them: JupyterLab's load (some 5 s of CPU) is paid once per process, not once
    per notebook. Any other page loads JupyterLab at the notebook's address."""
    if _in_lab(page, lab):
        page.evaluate(_OPEN_ALONE, rel)
    else:
        # JupyterLab's bundles take more than Playwright's default 30 s to load on a loaded
        # machine: wait for the first byte, then for the notebook itself, as long as it takes
        page.goto(lab.lab_url(rel), timeout=180_000, wait_until="commit")
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook", timeout=timeout * 1000)
    seen: dict[str, Any] = {}

    def connected_and_idle() -> bool:
        seen.update(page.evaluate(_PAGE_KERNEL, rel))
        return bool(
            seen["indicator"] == seen["status"] == "idle"
            and seen["socket"] == "connected"
            and seen["pending"] == 0
            and seen["id"] == lab.idle_kernel(rel)
        )

    wait_until(connected_and_idle, timeout, lambda: f"the kernel of {rel} did not start: {seen}")


def _in_lab(page: Page, lab: Lab) -> bool:
    """True when ``page`` shows ``lab``'s JupyterLab with its app exposed (``jupyterapp``)."""
    return page.url.startswith(f"{lab.base}/lab") and bool(
        page.evaluate("() => !!(window.jupyterapp && window.jupyterapp.shell)")
    )


#: Open the notebook ``path`` alone in the main area, with the command a ``/lab/tree/``
#: address runs (the file browser goes to its folder): a document already open at that
#: path goes first (no state kept from before), the others once the notebook is in (the
#: main area never empties, so no Launcher opens; a ``?reset`` page shows only the
#: notebook).
_OPEN_ALONE = """async (path) => {
  const app = window.jupyterapp;
  for (const w of [...app.shell.widgets('main')]) {
    if (w.context && w.context.path === path) w.dispose();
  }
  const opened = await app.commands.execute(
    'filebrowser:open-path', {path, dontShowBrowser: true});
  for (const w of [...app.shell.widgets('main')]) if (w !== opened) w.dispose();
  app.shell.activateById(opened.id);
}"""

#: What a ``?reset`` page's shell looks like, compared before each reuse of a LabTab: the
#: mode, the side bars and their open panels, presentation mode, what overlays the page
#: (dialogs, menus, the command palette), the documents open and what the page keeps.
_SHELL = """() => {
  const s = window.jupyterapp.shell;
  const shown = sel => [...document.querySelectorAll(sel)]
    .filter(e => e.offsetParent !== null || e.getClientRects().length).length;
  return {
    mode: s.mode, presentation: s.presentationMode,
    left: s.leftCollapsed, right: s.rightCollapsed,
    leftPanel: [...s.widgets('left')].filter(w => w.isVisible).map(w => w.id),
    rightPanel: [...s.widgets('right')].filter(w => w.isVisible).map(w => w.id),
    leftWidth: Math.round(document.getElementById('jp-left-stack')?.offsetWidth || 0),
    overlays: shown('.jp-Dialog, .lm-Menu, .jp-ModalCommandPalette:not(.lm-mod-hidden)'),
    documents: [...s.widgets('main')].filter(w => w.context).length,
    kept: Object.keys(window).filter(k => k.startsWith('__swlab')),
  };
}"""

#: Close every document of the page, unsaved changes dropped (a disposed widget asks
#: nothing), forget what the tests kept on ``window``, then stop the app's sessions from
#: the page so its own list of running sessions holds none (a later notebook at the same
#: path must not join a dead one).
_CLOSE_ALL = """async () => {
  const app = window.jupyterapp;
  for (const w of [...app.shell.widgets('main')]) if (w.context) w.dispose();
  for (const k of Object.keys(window)) if (k.startsWith('__swlab')) delete window[k];
  await app.serviceManager.sessions.shutdownAll();
}"""

#: Put the shell's side bars and modes back as loaded (``arg``: :data:`_SHELL` then), as a
#: test that pressed Ctrl+B to close the file browser left them.
_RESTORE = """(want) => {
  const s = window.jupyterapp.shell;
  if (s.mode !== want.mode) s.mode = want.mode;
  if (s.presentationMode !== want.presentation) s.presentationMode = want.presentation;
  if (s.leftCollapsed !== want.left) { if (want.left) s.collapseLeft(); else s.expandLeft(); }
  if (s.rightCollapsed !== want.right) { if (want.right) s.collapseRight(); else s.expandRight(); }
}"""

#: The boxes of JupyterLab's shell that a resize or a side bar moves.
_SHELL_BOXES = "#jp-main-dock-panel, #jp-left-stack"

#: Bring the page's list of running sessions and kernels up to the server's.
_REFRESH = """async () => {
  const m = window.jupyterapp.serviceManager;
  await m.sessions.refreshRunning();
  await m.kernels.refreshRunning();
}"""


class LabTab:
    """One JupyterLab page kept loaded for a test process: each test opens its notebook in
    it (:func:`open_notebook` through the app's commands) instead of loading JupyterLab
    again, which cost about 5 s of CPU (the page's bundles, the server's answers) and
    4-5 s of wall time per test.

    :meth:`fresh` gives the page as a ``?reset`` load would: no document open, no dialog or
    menu, the side bars as loaded (put back if a test closed one), the test's viewport and
    timeout; anything else (a test that navigated away, left a dialog) and the page is
    loaded again.
    :meth:`clear` closes the documents and stops the kernels after a test.
    """

    def __init__(self, browser: Browser, lab: Lab) -> None:
        self.browser, self.lab = browser, lab
        self.page: Page | None = None
        self.shell: dict[str, Any] = {}

    def _load(self) -> Page:
        if self.page is not None:
            self.page.context.close()
        context = self.browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        page = context.new_page()
        page.goto(
            f"{self.lab.base}/lab?reset&token={self.lab.token}",
            timeout=180_000,
            wait_until="commit",
        )
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell", timeout=180_000
        )
        page.evaluate("() => window.jupyterapp.restored.then(() => null)")
        settle(page, _SHELL_BOXES)
        self.page, self.shell = page, page.evaluate(_SHELL)
        return page

    def _clean(self, page: Page) -> bool:
        """True when ``page`` (at :data:`VIEWPORT`) is as it was loaded, its side bars and
        modes put back first."""
        try:
            if page.is_closed() or not _in_lab(page, self.lab):
                return False
            page.evaluate(_RESTORE, self.shell)
            # the shell lays itself out by the next frame; compared too early, the page
            # would only be loaded again
            settle(page, _SHELL_BOXES)
            return bool(page.evaluate(_SHELL) == self.shell)
        except Exception:  # a crashed or closed page: load it again
            return False

    def fresh(self, viewport: Mapping[str, int] = VIEWPORT, timeout_ms: float = 30_000) -> Page:
        """The loaded page as a ``?reset`` page would be, at ``viewport``; ``timeout_ms``
        for its actions."""
        page = self.page
        if page is None:
            page = self._load()
        else:
            page.set_viewport_size(VIEWPORT)  # type: ignore[arg-type]
            if not self._clean(page):
                page = self._load()
        page.evaluate(_REFRESH)
        page.set_default_timeout(timeout_ms)
        page.mouse.move(0, 0)  # where a new page's pointer starts
        if dict(viewport) != VIEWPORT:
            page.set_viewport_size(dict(viewport))  # type: ignore[arg-type]
        return page

    def page_for(self, host: str, viewport: Mapping[str, int], timeout_ms: float = 30_000) -> Page:
        """A page in a window of ``viewport``: for ``host`` ``"lab"`` this loaded page
        (:meth:`fresh`), for Voila a new page of its own; give it back with :meth:`release`."""
        if host == "lab":
            return self.fresh(viewport, timeout_ms)
        context = self.browser.new_context(viewport=dict(viewport))  # type: ignore[arg-type]
        context.set_default_timeout(timeout_ms)
        return context.new_page()

    def release(self, page: Page) -> None:
        """Done with a page of :meth:`page_for`: this one is cleared (kept loaded), another
        closed; the server's kernels stop either way."""
        if page is self.page:
            self.clear()
        else:
            page.context.close()
            self.lab.shutdown_kernels()

    def clear(self) -> None:
        """Close the page's documents and stop every kernel of the server."""
        page = self.page
        if page is not None:
            try:
                if _in_lab(page, self.lab):
                    page.evaluate(_CLOSE_ALL)
            except Exception:  # a broken page: the next fresh() loads it again
                pass
        self.lab.shutdown_kernels()

    def close(self) -> None:
        if self.page is not None:
            self.page.context.close()
            self.page = None


class SharedPage:
    """One page shared by a module's tests, loaded once (``load(width, height)``: the page
    and the element under test), where each load costs the server a whole notebook run (a
    Voila page, ``swlab present``): the tests that only look at it, each at a window size,
    get it :meth:`untouched`, resized; then the test that acts in it takes it over
    (:meth:`hand_over`) and closes it. Asked for again after that, it is loaded again, so
    no test sees what another did in it."""

    def __init__(self, load: Callable[[int, int], tuple[Page, Locator]], boxes: str) -> None:
        """``boxes``: the selector whose boxes a resize lays out (:func:`resize`)."""
        self.load, self.boxes = load, boxes
        self.page: tuple[Page, Locator] | None = None

    def untouched(self, width: int, height: int) -> tuple[Page, Locator]:
        """The page, in a window of ``width`` x ``height``, as loaded."""
        if self.page is None:
            self.page = self.load(width, height)
        else:
            resize(self.page[0], {"width": width, "height": height}, self.boxes)
        return self.page

    def hand_over(self, width: int, height: int) -> tuple[Page, Locator]:
        """The untouched page, in a window of ``width`` x ``height``, for a test that acts
        in it and closes it (its ``context``)."""
        page = self.untouched(width, height)
        self.page = None
        return page

    def close(self) -> None:
        if self.page is not None:
            self.page[0].context.close()
            self.page = None

    def __enter__(self) -> SharedPage:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def run_all(page: Page, expected_cells: int, timeout: float = 120) -> dict[str, Any]:
    """Run → Run All Cells from the menu bar, then wait until the run is over (or stopped
    by an error), the widgets have loaded and the notebook stopped moving."""
    state: dict[str, Any] = {}
    started, clicked = False, 0.0

    def over() -> bool:
        nonlocal state, started, clicked
        if not started and time.monotonic() - clicked > 10:  # a click lost while loading
            page.keyboard.press("Escape")
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            clicked = time.monotonic()
        state = page.evaluate(_RUN_STATE) or {}
        started = started or state.get("waiting", 0) > 0 or state.get("numbered", 0) > 0
        return (
            started
            and state.get("status") == "idle"
            and state.get("waiting") == 0
            and state.get("loading") == 0
            and (state.get("numbered", 0) >= expected_cells or bool(error_texts(page)))
        )

    wait_until(over, timeout, lambda: f"Run All did not finish: {state}")
    settle(page)
    return state


def resize(page: Page, viewport: Mapping[str, int], selector: str = ".leaflet-container") -> None:
    """``page`` in a window of ``viewport``, once the boxes of ``selector`` are laid out
    again (:func:`settle`): a test that checks the fit at several window sizes resizes
    one loaded page instead of loading it again."""
    page.set_viewport_size(dict(viewport))  # type: ignore[arg-type]
    settle(page, selector)


def settle(page: Page, selector: str = ".leaflet-container", timeout: float = 10) -> None:
    """Wait until the boxes of ``selector`` stop moving (JupyterLab keeps scrolling and
    laying out for about a second after a run; a widget draws itself after its model
    arrives): the same boxes at :data:`STILL_FRAMES` animation frames in a row, with
    nothing on its way that would move them (:data:`_PENDING`: a request to a kernel, a
    busy kernel, a font, an image, an animation, a widget still loading; a map resized
    less than :data:`MAP_MOVEEND_MS` ago).

    The boxes once had to stay put for 3 polls 150 ms apart: 0.45 s a call even when
    nothing moved (46 calls in test_notebooks.py alone). What so long a wait let arrive, a
    kernel's answer or a widget, is now waited for by name; a loaded machine only spaces
    the frames out."""
    from playwright.sync_api import TimeoutError as PageTimeout

    key = f"__swlabSettle{secrets.token_hex(4)}"  # this wait's own memory in the page
    try:
        page.wait_for_function(
            _STILL,
            arg=[selector, key, STILL_FRAMES, MAP_MOVEEND_MS],
            polling="raf",
            timeout=timeout * 1000,
        )
    except PageTimeout:
        pass  # still moving (an animation): the caller checks what it needs
    finally:
        page.evaluate("(key) => { delete window[key]; }", key)


#: How many animation frames in a row :func:`settle` must see the same boxes: Playwright
#: calls an element stable after 2; one more, for a layout JupyterLab's message loop posts
#: to the next frame (a resize, then the fit it asks for).
STILL_FRAMES = 3

#: A Leaflet map whose size changed fires ``moveend`` 200 ms later (``invalidateSize``
#: with ``debounceMoveend``, as on a window resize); ipyleaflet then sends the kernel the
#: map's new bounds, and the viewer lays its labels out again. A timer the page cannot be
#: asked about: :func:`settle` counts a map's new size (or a map seen for the first time)
#: as pending for this long, and the request that follows as pending by itself.
MAP_MOVEEND_MS = 300

#: JavaScript: why the page may still move (a word), or null. The page's kernel
#: connections (JupyterLab's and Voila's app both expose ``jupyterapp``: JupyterLab's
#: service manager keeps its connections, Voila's app its widget manager's one): one busy
#: or starting, or a request to one awaiting its reply or idle, whose answer (a widget's
#: update, an output) would lay the page out again; then fonts and images still loading,
#: a CSS animation or transition that ends (infinite ones, spinners and the cursor's
#: blink, never do), an ipywidgets output still saying "Loading widget".
_PENDING = f"""() => {{
  const app = window.jupyterapp;
  const services = app && app.serviceManager, widgets = app && app._widgetManager;
  const kernels = new Set(services ? services.kernels._kernelConnections : []);
  if (widgets && widgets.kernel) kernels.add(widgets.kernel);
  for (const k of kernels) {{
    if (k.isDisposed || k.connectionStatus !== 'connected' || k.status === 'dead') continue;
    if (k.status !== 'idle') return 'kernel ' + k.status;
    if ({_PENDING_REQUESTS}) return 'request';
  }}
  if (document.fonts.status !== 'loaded') return 'font';
  if ([...document.images].some(i => !i.complete && i.loading !== 'lazy')) return 'image';
  if (document.getAnimations().some(a => a.playState === 'running'
      && isFinite(a.effect.getComputedTiming().endTime))) return 'animation';
  const views = document.querySelectorAll(
    '[data-mime-type="application/vnd.jupyter.widget-view+json"]');
  if ([...views].some(v => !v.firstElementChild && v.textContent.includes('Loading widget')))
    return 'widget';
  return null;
}}"""

#: True once the boxes of the selector (``arg[0]``) were the same, with nothing pending
#: (:data:`_PENDING`) and no map resized in the last ``arg[3]`` ms, at the last ``arg[2]``
#: frames; the previous boxes are kept on ``window[arg[1]]``, the maps' sizes and when
#: they changed on ``window.__swlabMaps`` (for the next wait too: the resize that a wait
#: follows comes before it).
_STILL = f"""([selector, key, frames, moveend]) => {{
  const boxes = (sel, keys) => [...document.querySelectorAll(sel)]
    .map(e => {{ const r = e.getBoundingClientRect();
                return keys.map(k => Math.round(r[k])).join(','); }})
    .join(';');
  // a map's size, not its place: Leaflet waits after a resize, not after a scroll
  const now = boxes(selector, ['x', 'y', 'width', 'height']);
  const maps = boxes('.leaflet-container', ['width', 'height']);
  const t = performance.now(), m = window.__swlabMaps;
  if (maps && (!m || m.boxes !== maps)) window.__swlabMaps = {{boxes: maps, at: t}};
  const resized = maps && t - window.__swlabMaps.at < moveend;
  const seen = window[key] || (window[key] = {{last: null, same: 0}});
  seen.same = now === seen.last && !resized && !({_PENDING})() ? seen.same + 1 : 0;
  seen.last = now;
  return seen.same >= frames;
}}"""


_ERROR_LINE = re.compile(r"^\s*[A-Z]\w*(Error|Exception|Exit|Interrupt)\b", re.MULTILINE)


def error_texts(page: Page, root: str = "body") -> list[str]:
    """The error outputs on the page: stderr outputs with a traceback or an exception name
    (``NameError: ...``), and widgets that failed to display."""
    stderr, widgets = page.evaluate(
        """(root) => {
          const el = document.querySelector(root) || document.body;
          const stderr = [...el.querySelectorAll(
              '[data-mime-type="application/vnd.jupyter.stderr"]')].map(o => o.innerText);
          const widgets = [...el.querySelectorAll('.jp-OutputArea-output')]
            .filter(o => /Error displaying widget|Failed to render/.test(o.textContent))
            .map(o => o.innerText);
          return [stderr, widgets];
        }""",
        root,
    )
    return [t for t in stderr if "Traceback" in t or _ERROR_LINE.search(t)] + widgets


def save(page: Page, path: Path, timeout: float = 15) -> dict[str, Any]:
    """Save the notebook (Ctrl+S) and return the file as written by JupyterLab."""
    before = path.stat().st_mtime_ns
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.click(
        position={"x": 5, "y": 5}
    )
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")

    def written() -> dict[str, Any] | None:
        if path.stat().st_mtime_ns == before:
            return None
        try:  # JupyterLab writes the file whole; a half-written one is read again
            return dict(json.loads(path.read_text()))
        except ValueError:
            return None

    return wait_until(written, timeout, f"{path.name} was not saved")


def saved_errors(nb: Mapping[str, Any]) -> list[str]:
    """``ename: evalue`` of every error output of a saved notebook."""
    return [
        f"{o.get('ename')}: {o.get('evalue')}"
        for c in nb["cells"]
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]


_SCROLL_TOP = """() => document.querySelectorAll('.jp-WindowedPanel-outer')
    .forEach(s => { s.scrollTop = 0; })"""


def full_screenshot(page: Page, path: Path, max_height: int = 9000, restore: bool = False) -> None:
    """The whole notebook in one picture: grow the viewport to the notebook's height (and
    back, with ``restore``)."""
    height = page.evaluate(
        """() => {
          const s = document.querySelector(
            '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
          if (!s) return document.body.scrollHeight;
          s.scrollTop = 0;
          const v = s.querySelector('.jp-WindowedPanel-viewport') || s;
          return s.getBoundingClientRect().top + v.scrollHeight + 40;
        }"""
    )
    size = page.viewport_size or VIEWPORT
    grow = min(max_height, int(height))
    path.parent.mkdir(parents=True, exist_ok=True)
    if grow > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": grow})
        settle(page)
        page.evaluate(_SCROLL_TOP)
        settle(page)
        page.screenshot(path=str(path))
        if restore:
            page.set_viewport_size(size)
            settle(page)
    else:
        page.screenshot(path=str(path))


#: Addresses a page may use without the network: inline data and the page's own blobs.
LOCAL_SCHEMES = ("data", "blob", "about")


def record_requests(page: Page) -> list[str]:
    """Every address the page asks for, from now on (requests and websockets)."""
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    return urls


def outside_hosts(page: Page, urls: list[str], server: str) -> list[str]:
    """The addresses of ``urls`` on another host than ``server``'s, once the page has asked
    for all it will (the fonts it uses, then anything they started)."""
    from urllib.parse import urlsplit

    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.wait_for_load_state("networkidle", timeout=60_000)
    assert urls, "no request was recorded"
    host = urlsplit(server).netloc
    return [
        u for u in urls if urlsplit(u).scheme not in LOCAL_SCHEMES and urlsplit(u).netloc != host
    ]


def run_clean(page: Page, lab: Lab, rel: str, screenshot: Path | None = None) -> None:
    """Open the served notebook ``rel`` in JupyterLab and Run All: no error shown, none in
    the file as JupyterLab saves it, every code cell run; the whole notebook photographed
    to ``screenshot`` (the window then as it was)."""
    cells = code_cells(json.loads((lab.root / rel).read_text()))
    open_notebook(page, lab, rel)
    state = run_all(page, len(cells))
    shown = error_texts(page)
    saved = save(page, lab.root / rel)
    if screenshot is not None:
        full_screenshot(page, screenshot, restore=True)
    assert not shown, f"{rel} shows errors:\n" + "\n---\n".join(shown)
    assert not saved_errors(saved), saved_errors(saved)
    assert state["numbered"] == len(cells), f"not every code cell ran: {state}"


def element_screenshot(page: Page, element: Locator, path: Path) -> None:
    """A picture of ``element``, the viewport grown first when the element is taller
    (JupyterLab's notebook scrolls inside a fixed-height panel, which would clip it)."""
    size = page.viewport_size or VIEWPORT
    box = element.bounding_box()
    path.parent.mkdir(parents=True, exist_ok=True)
    if box and box["height"] + 150 > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": int(box["height"]) + 300})
        settle(page)
        element.screenshot(path=str(path))
        page.set_viewport_size(size)
        settle(page)
    else:
        element.screenshot(path=str(path))


# ==========================================================================================
# The game viewer in a page
# ==========================================================================================


def owner_classes(page: Page, viewer: Locator) -> dict[int, str]:
    """Per region id: the ``swlab-*`` classes of its path, sorted, space-separated."""
    found: dict[str, str] = viewer.evaluate(
        """(v) => Object.fromEntries([...v.querySelectorAll('path.swlab-region')].map(p => {
             const cls = [...p.classList].filter(c => c.startsWith('swlab-')).sort();
             const id = cls.find(c => /^swlab-region-\\d+$/.test(c)).slice(13);
             return [id, cls.join(' ')];
           }))"""
    )
    return {int(k): v for k, v in found.items()}


def region_point(
    viewer: Locator, rid: int, polygon: Any, candidates: Iterable[tuple[float, float]] = ()
) -> tuple[float, float]:
    """Page pixels of a point inside region ``rid``'s path where a click lands on it.

    The board point (shapely's ``representative_point()``, then ``candidates``) is mapped
    to the page through the SVG path's own geometry: its ``getBBox()`` is the polygon's
    bounds in layer pixels (Leaflet's Simple CRS is linear, y up) and ``getScreenCTM()``
    takes layer pixels to the page. ``elementFromPoint`` must then be that very path: the
    empty box of a label lets clicks through, but its text takes them (for its own region),
    and other regions must not cover the path. When none of those points is free, points of
    a grid over the region are tried, nearest to the representative point first.
    """
    from shapely.geometry import Point

    minx, miny, maxx, maxy = polygon.bounds
    rp = polygon.representative_point()
    inner = polygon.buffer(-0.02 * min(maxx - minx, maxy - miny))
    grid = [
        (minx + (maxx - minx) * i / 8, miny + (maxy - miny) * j / 8)
        for i in range(1, 8)
        for j in range(1, 8)
    ]
    grid = sorted(
        (q for q in grid if inner.contains(Point(q))), key=lambda q: Point(q).distance(rp)
    )
    points = [(rp.x, rp.y), *candidates, *grid]
    path = viewer.locator(f"path.swlab-region-{rid}")
    path.scroll_into_view_if_needed()
    for x, y in points:
        hit = path.evaluate(
            """(p, [fx, fy]) => {
                 const b = p.getBBox(), m = p.getScreenCTM();
                 const pt = new DOMPoint(b.x + fx * b.width, b.y + fy * b.height)
                   .matrixTransform(m);
                 const el = document.elementFromPoint(pt.x, pt.y);
                 return {x: pt.x, y: pt.y, ok: el === p};
               }""",
            [(x - minx) / (maxx - minx), (maxy - y) / (maxy - miny)],
        )
        if hit["ok"]:
            return float(hit["x"]), float(hit["y"])
    raise AssertionError(f"no clickable point found inside region {rid}")


#: Resolves with the ms from now until the first DOM change under ``root`` (or -1).
WATCH_JS = """([root, timeout]) => new Promise(resolve => {
  const el = document.querySelector(root);
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    obs.disconnect(); resolve(performance.now() - t0);
  });
  obs.observe(el, {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(() => { obs.disconnect(); resolve(-1); }, timeout);
})"""


# ==========================================================================================
# The kernel behind a page
# ==========================================================================================


def _mtime(path: Path) -> float:
    return path.stat().st_mtime


class KernelProbe:
    """A second client of the kernel behind a page (the newest kernel whose connection file
    is in ``runtime`` or below): reads what the widgets' Python side holds, the truth a
    test compares with what was typed or pressed in the page."""

    def __init__(self, runtime: Path, timeout: float = 90) -> None:
        from jupyter_client import BlockingKernelClient

        files = wait_until(
            lambda: sorted(runtime.rglob("kernel-*.json"), key=_mtime),
            timeout,
            f"no kernel started in {runtime}",
        )
        self.client = BlockingKernelClient(connection_file=str(files[-1]))
        self.client.load_connection_file()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=timeout)

    def _request(self, code: str, expressions: Mapping[str, str]) -> dict[str, Any]:
        msg_id = self.client.execute(code, silent=True, user_expressions=dict(expressions))
        while True:
            reply = self.client.get_shell_msg(timeout=60)
            if reply["parent_header"].get("msg_id") == msg_id:
                content: dict[str, Any] = reply["content"]
                if content.get("status") != "ok":
                    raise RuntimeError(f"{content.get('ename')}: {content.get('evalue')}")
                return content

    def run(self, code: str) -> None:
        """Run ``code`` in the kernel (silently: no output, no execution count)."""
        self._request(code, {})

    def __call__(self, expr: str) -> Any:
        """The value of ``expr`` in the kernel (through JSON)."""
        result = self._request("", {"v": f"__import__('json').dumps({expr})"})
        value = result["user_expressions"]["v"]
        if value.get("status") != "ok":
            raise RuntimeError(f"{expr}: {value.get('ename')}: {value.get('evalue')}")
        return json.loads(ast.literal_eval(value["data"]["text/plain"]))

    def wait_for(self, expr: str, expected: Any, timeout: float = 60) -> Any:
        """Until ``expr`` equals ``expected`` in the kernel; its value (AssertionError with
        the last value seen when time runs out)."""
        seen: list[Any] = []

        def equal() -> bool:
            seen[:] = [self(expr)]
            return bool(seen[0] == expected)

        try:
            wait_until(equal, timeout, "")
        except TimeoutError:
            raise AssertionError(f"{expr} is {seen[0]!r}, expected {expected!r}") from None
        return seen[0]

    def close(self) -> None:
        self.client.stop_channels()

"""What pytest collects outside ``tests/`` and ``notebooks/``: the examples in swlab's
module docstrings.

``--doctest-modules`` (pyproject.toml) imports every module of ``swlab/`` to find its
examples. The modules below are left out: they are the faces that only work inside a
Jupyter kernel or a server (widgets that talk to the page through a kernel's comm, the
Voila server), and importing them pulls in the whole widget or server stack. Their
examples are marked ``+SKIP`` (or absent); the notebooks and the browser tests
(``tests/browser``) run them for real. ``tests/test_doctests.py`` checks that no runnable
example hides in a module left out.

It also sets the order in which a distributed run (``tasks.py test``: ``-n 2 --dist
loadfile --no-loadscope-reorder``) hands out its files: the costliest first
(:func:`pytest_collection_modifyitems`), and starts a notebook's kernel again when it
died on starting (:func:`start_kernel_again_if_it_died`).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

#: Module files (relative to this folder) whose examples pytest does not collect, each with
#: the reason.
NOT_COLLECTED: dict[str, str] = {
    "swlab/play/viewer.py": "the game viewer: ipyleaflet and ipywidgets, shown by a kernel",
    "swlab/play/present.py": "the presenter app: ipywidgets, shown by a kernel in Voila",
    "swlab/play/keys.py": "the keyboard layer: an anywidget, shown by a kernel",
    "swlab/play/voila_server.py": "the Voila server: imports Voila and Jupyter Server",
    "swlab/editor/widget.py": "the map editor widget: ipyleaflet and ipywidgets, shown by a kernel",
    "swlab/editor/hexwidget.py": "the hex map editor widget: ipywidgets, shown by a kernel",
    "swlab/editor/shell.py": "the frame both editors share: ipywidgets, shown by a kernel",
    "swlab/editor/labels.py": "the editor's region labels: ipyleaflet markers, shown by a kernel",
    # not a module: with ``--nbval-lax`` (tasks.py test) the notebooks here would be run too
    "swlab/play/present.ipynb": "the presenter notebook: Voila serves it (tests/browser runs it)",
}

collect_ignore = list(NOT_COLLECTED)


#: Seconds each test file took in a whole-suite run (``tools/file_costs.py`` writes it).
FILE_COSTS = Path(__file__).resolve().parent / "tests" / "file_costs.json"
#: The guess for a file the table does not list: seconds per test of a browser test, per
#: cell of a notebook (nbval), and per any other test (about the suite's averages).
GUESS_BROWSER_S = 20.0
GUESS_CELL_S = 0.7
GUESS_TEST_S = 0.5


def file_costs(items: list[pytest.Item]) -> dict[str, float]:
    """Each collected file's cost: the table's seconds, or a guess from its tests."""
    table: dict[str, float] = json.loads(FILE_COSTS.read_text()) if FILE_COSTS.is_file() else {}
    guessed: dict[str, float] = {}
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path in table:
            continue
        if path.endswith(".ipynb"):
            each = GUESS_CELL_S
        else:
            each = GUESS_BROWSER_S if item.get_closest_marker("browser") else GUESS_TEST_S
        guessed[path] = guessed.get(path, 0.0) + each
    return {**guessed, **table}


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a test worker of a distributed run, the costliest files first.

    With ``--dist loadfile`` a file runs whole on one worker, handed out in the order the
    workers collected them (xdist's own reorder, by number of tests, is turned off: it
    put the wheel's 8 slow tests late, and one worker then ran them alone). Costliest first,
    the last files handed out are short ones, and the workers end close together. Each
    worker computes the same order (the controller checks), and a file's tests keep theirs.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    cost = file_costs(items)
    items.sort(key=lambda item: -cost[item.nodeid.split("::", 1)[0]])


#: How many times nbval may start a notebook's kernel before its death fails the notebook.
KERNEL_START_TRIES = 3


def start_kernel_again_if_it_died(*args: Any, **kwargs: Any) -> Any:
    """nbval's ``start_new_kernel``, started again (with new ports) when the kernel dies
    before it answers, and the dead kernel's own words in the error.

    jupyter_client picks a kernel's five TCP ports by opening and closing them, and the
    kernel binds them seconds later; on a loaded machine another process's connection
    may take one in between, and the kernel dies (jupyter_client issue 154). Jupyter
    Server restarts such a kernel on new ports (``random_ports_until_alive``); nbval does
    not, and one notebook of a busy run of the suite failed so (18 cells, "Kernel died
    before replying to kernel_info"). nbval sends the kernel's stderr nowhere; here it is
    kept, so a kernel that dies every time says why.
    """
    from nbval import kernel

    for attempt in range(1, KERNEL_START_TRIES + 1):
        with tempfile.TemporaryFile("w+") as stderr:
            try:
                return NBVAL_START_NEW_KERNEL(*args, **{**kwargs, "stderr": stderr})
            except RuntimeError as error:
                stderr.seek(0)
                said = stderr.read()[-2000:].strip() or "(nothing on stderr)"
                kernel.logger.warning("kernel start %d died; it said: %s", attempt, said)
                if attempt == KERNEL_START_TRIES:
                    raise RuntimeError(f"{error}; the kernel said:\n{said}") from error
    raise AssertionError("unreachable")


NBVAL_START_NEW_KERNEL: Any = None


def pytest_configure(config: pytest.Config) -> None:
    """Notebook kernels that die on starting are started again (see above)."""
    global NBVAL_START_NEW_KERNEL
    try:
        from nbval import kernel
    except ImportError:  # nbval is a test tool: absent, no notebook runs
        return
    if NBVAL_START_NEW_KERNEL is None:
        NBVAL_START_NEW_KERNEL = kernel.start_new_kernel
        kernel.start_new_kernel = start_kernel_again_if_it_died

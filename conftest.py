"""What pytest collects outside ``tests/`` and ``notebooks/``: the examples in swlab's
module docstrings.

``--doctest-modules`` (pyproject.toml) imports every module of ``swlab/`` to find its
examples. The modules below are left out: they are the faces that only work inside a
Jupyter kernel or a server (widgets that talk to the page through a kernel's comm, the
Voila server), and importing them pulls in the whole widget or server stack. Their
examples are marked ``+SKIP`` (or absent); the notebooks and the browser tests
(``tests/browser``) run them for real. ``tests/test_doctests.py`` checks that no runnable
example hides in a module left out.
"""

from __future__ import annotations

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

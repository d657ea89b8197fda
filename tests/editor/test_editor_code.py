"""The shape of the editor's code: short functions, a thin widget, a pure controller, one
shell for both editors (what makes the editors readable in one sitting)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import swlab.editor

EDITOR = Path(swlab.editor.__file__).parent
#: The longest function or method the editor may have, in lines (docstring included).
LONGEST = 60


def functions(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (f"{path.name}:{node.lineno} {node.name}", node.end_lineno - node.lineno + 1)  # type: ignore[operator]
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


def test_no_function_of_the_editor_is_longer_than_a_screen() -> None:
    long = [
        (name, n)
        for path in sorted(EDITOR.glob("*.py"))
        for name, n in functions(path)
        if n > LONGEST
    ]
    assert long == []


def test_the_map_editor_widget_is_under_a_thousand_lines() -> None:
    assert len((EDITOR / "widget.py").read_text(encoding="utf-8").splitlines()) < 1000


def test_nothing_in_the_editor_ranks_worse_than_c() -> None:
    cc = pytest.importorskip("radon.complexity")
    worse = [
        f"{path.name}: {block.name} {cc.cc_rank(block.complexity)} ({block.complexity})"
        for path in sorted(EDITOR.glob("*.py"))
        for block in cc.cc_visit(path.read_text(encoding="utf-8"))
        if cc.cc_rank(block.complexity) > "C"
    ]
    assert worse == []


def test_the_controller_and_the_hex_drafts_import_no_widget_library() -> None:
    code = (
        "import sys\n"
        "import swlab.editor.controller, swlab.editor.hexmap\n"
        "print(sorted(m for m in ('ipywidgets', 'ipyleaflet', 'anywidget') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    assert done.stdout.strip() == "[]"


def test_both_editors_are_one_shell() -> None:
    from swlab.editor.hexmap import HexMapEditor
    from swlab.editor.shell import EditorShell
    from swlab.editor.widget import MapEditor

    assert issubclass(MapEditor, EditorShell) and issubclass(HexMapEditor, EditorShell)
    shared = ("_say", "file_row", "replace_file", "keep_file", "bind_keys", "toolbar", "refresh")
    for name in shared:
        assert name not in vars(MapEditor) and name not in vars(HexMapEditor), name

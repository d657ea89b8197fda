"""The game's faces stay thin: a widget method reads in one sitting, the controller is
one floor of logic (issue 22)."""

from __future__ import annotations

import ast
from pathlib import Path

import swlab.play

PLAY = Path(swlab.play.__file__).parent
#: The widgets of the game's faces: their methods only wire and render.
WIDGETS = ("viewer.py", "present.py", "tutorial.py")


def _long_functions(path: Path, limit: int) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > limit
    ]


def test_no_widget_method_is_over_60_lines() -> None:
    assert [f for name in WIDGETS for f in _long_functions(PLAY / name, 60)] == []


def test_the_controller_is_under_900_lines() -> None:
    lines = (PLAY / "controller.py").read_text(encoding="utf-8").count("\n")
    assert lines < 900, lines

"""The examples in swlab's module docstrings are collected and run by pytest.

``--doctest-modules`` (pyproject.toml) makes every example a test; the root
``conftest.py`` leaves out the modules that only work inside a kernel or a server, and
those modules must not hide an example that would run.
"""

from __future__ import annotations

import ast
import doctest
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _not_collected() -> dict[str, str]:
    """The root conftest's table of modules left out, read from its source (the test
    process already loaded it under a name of pytest's choosing)."""
    tree = ast.parse((ROOT / "conftest.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "NOT_COLLECTED":
            assert node.value is not None
            table = ast.literal_eval(node.value)
            assert isinstance(table, dict)
            return table
    raise AssertionError("conftest.py has no NOT_COLLECTED table")


def _runnable_examples(path: Path) -> list[str]:
    """The examples in ``path``'s docstrings that doctest would run (not ``+SKIP``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        text = ast.get_docstring(node, clean=False)
        for example in parser.get_examples(text or ""):
            if not example.options.get(doctest.SKIP):
                found.append(f"{path.name}:{example.lineno}: {example.source.strip()}")
    return found


@pytest.mark.parametrize("module", sorted(_not_collected()))
def test_a_module_left_out_has_no_example_that_would_run(module: str) -> None:
    assert (ROOT / module).is_file(), f"conftest.py leaves out {module}, which does not exist"
    if module.endswith(".py"):
        assert _runnable_examples(ROOT / module) == []


def test_module_examples_are_collected_and_kernel_faces_left_out() -> None:
    """Collecting ``swlab/play`` (as ``tasks.py test`` does, notebooks included) gives the
    controller's examples as a test and imports none of the widget modules, nor runs the
    presenter notebook (their ids would appear)."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--nbval-lax",
            "--collect-only",
            "-q",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "swlab/play",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    ids = [line for line in out.stdout.splitlines() if "::" in line]
    assert "swlab/play/controller.py::swlab.play.controller" in ids, out.stdout + out.stderr
    left_out = {Path(m).name for m in _not_collected() if m.startswith("swlab/play/")}
    assert not [i for i in ids if Path(i.split("::")[0]).name in left_out]

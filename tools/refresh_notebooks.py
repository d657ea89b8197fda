#!/usr/bin/env python3
"""Execute the tutorial notebooks and store only the outputs nbval compares.

    .venv/bin/python tools/refresh_notebooks.py [notebooks/NAME.ipynb ...]

nbval compares a cell's stored output only when the cell is marked, by the cell tag
``nbval-check-output`` (the tutorial notebooks: learners see no test markers) or the
comment ``# NBVAL_CHECK_OUTPUT``, and has an execution count. This script runs each notebook
top to bottom, keeps those checked outputs (deterministic text: tables, counts, messages)
and drops every other output and the widget-state blob, so the committed files stay small
and diff well.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbconvert.preprocessors import ExecutePreprocessor

ROOT = Path(__file__).resolve().parents[1]
MARK = "# NBVAL_CHECK_OUTPUT"
TAG = "nbval-check-output"


def refresh(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    ExecutePreprocessor(timeout=600, kernel_name="python3", store_widget_state=False).preprocess(
        nb, {"metadata": {"path": str(path.parent)}}
    )
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if TAG in cell.get("metadata", {}).get("tags", []) or MARK in cell.source:
            count += 1
            cell.execution_count = count
        else:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"refreshed {path.relative_to(ROOT)} ({count} checked cells)")


def main() -> None:
    paths = [Path(p).resolve() for p in sys.argv[1:]] or sorted(
        (ROOT / "notebooks").glob("*.ipynb")
    )
    for path in paths:
        refresh(path)


if __name__ == "__main__":
    main()

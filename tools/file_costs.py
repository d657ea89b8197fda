#!/usr/bin/env python3
"""The table of what each test file costs, for the order in which ``tasks.py test`` hands
files to its workers (``conftest.py``, :func:`scheduled_order`).

    python3 tasks.py test --junitxml=out/junit.xml         # a whole-suite run
    .venv/bin/python tools/file_costs.py out/junit.xml     # rewrites tests/file_costs.json

With ``--dist loadfile`` a file runs whole on one worker; a long file handed out last keeps
one worker busy while the other idles, so the run hands out the costliest files first. The
seconds are a JUnit report's test times (setup included) summed per file; only their order
matters, so a table from a loaded machine serves a quiet one. A file missing from the table
gets a guess (``conftest.py``), so a new test file needs no new table.
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "tests" / "file_costs.json"


def file_of(classname: str) -> str:
    """The file path of a JUnit ``classname``: ``tests.browser.test_keys`` (a test module),
    ``notebooks.de.00_welcome.ipynb`` (nbval) or ``swlab.board.__init__`` (a doctest)."""
    if classname.endswith(".ipynb"):
        return classname.removesuffix(".ipynb").replace(".", "/") + ".ipynb"
    return classname.replace(".", "/") + ".py"


def costs(junit: Path) -> dict[str, float]:
    """Seconds per file, costliest first."""
    total: defaultdict[str, float] = defaultdict(float)
    for case in ET.parse(junit).iter("testcase"):
        total[file_of(case.get("classname", ""))] += float(case.get("time") or 0)
    ranked = sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))
    return {path: round(seconds, 1) for path, seconds in ranked if (ROOT / path).is_file()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("junit", type=Path, help="a JUnit XML report of a whole-suite run")
    parser.add_argument("-o", "--output", type=Path, default=TABLE)
    args = parser.parse_args(argv)
    table = costs(args.junit)
    args.output.write_text(json.dumps(table, indent=0) + "\n")
    print(f"{args.output}: {len(table)} files, {sum(table.values()):.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())

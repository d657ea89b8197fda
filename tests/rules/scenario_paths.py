"""Where the tests find the shipped scenario files and the docs generator (one place to
repoint when the files move)."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = ROOT / "swlab" / "game" / "scenarios"


def shipped_scenarios(tutorial: bool = True) -> list[Path]:
    """The example scenarios (``swlab/game/scenarios/*.yaml``), with ``tutorial`` also the
    tutorial's."""
    found = sorted(SCENARIO_DIR.glob("*.yaml"))
    if tutorial:
        found += sorted((SCENARIO_DIR / "tutorial").glob("*.yaml"))
    return found


@cache
def scenario_docs() -> ModuleType:
    """``tools/scenario_docs.py`` (the field table of docs/scenarios.md), imported by path."""
    path = ROOT / "tools" / "scenario_docs.py"
    spec = importlib.util.spec_from_file_location("scenario_docs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module

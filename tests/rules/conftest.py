"""Rules tests: the helpers live in ``helpers.py`` (``from .helpers import Scenario``)."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long playouts (``slow``) run only with ``-m slow`` or ``SWLAB_SLOW=1``."""
    if "slow" in (config.getoption("-m") or "") or os.environ.get("SWLAB_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or SWLAB_SLOW=1")
    for item in items:
        if "slow" in item.keywords and item.path.is_relative_to(os.path.dirname(__file__)):
            item.add_marker(skip)

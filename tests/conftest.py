"""Test-suite wide settings: long runs (``slow``) run only with ``-m slow`` or ``SWLAB_SLOW=1``."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` tests in the default run, saying how to run them."""
    if "slow" in (config.getoption("-m") or "") or os.environ.get("SWLAB_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or SWLAB_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)

"""Rules tests: some swap an official badge for a test double (``monkeypatch.setitem`` on
``POWERS`` or ``RACES``), which a game never does. The engine keeps what it derives from
the badges of a name in ``DERIVED`` (cleared by the registry whenever a badge is
registered), so each test starts and ends with it empty: a double never outlives its test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from swlab.rules.abilities.base import DERIVED


@pytest.fixture(autouse=True)
def fresh_derived() -> Iterator[None]:
    DERIVED.clear()
    yield
    DERIVED.clear()

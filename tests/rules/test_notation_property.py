"""Property: whatever the notation parser or an action constructor accepts round-trips
through a saved record (JSON and text form), so a record can always be loaded again.

Hypothesis draws arbitrary text (with the Unicode digits and spaces ``int()`` and
``str.split()`` would take) and arbitrary constructor arguments; anything refused must be a
:class:`NotationError`, anything accepted must come back equal from the file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from swlab.game.record import GameRecord, load_record, save_record
from swlab.rules.actions import VERBS, Action, NotationError, parse_action

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

#: Examples per property: Hypothesis's usual 100 (a few seconds: every accepted action is
#: saved and loaded twice); 300 with ``SWLAB_SLOW=1``, as the long runs do.
EXAMPLES = 300 if os.environ.get("SWLAB_SLOW") else 100
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

#: Characters that fool ``int()`` and ``str.split()``: Unicode digits, spaces, separators.
TRICKY = "0123456789-+_:,. \t\x1c\x1f\u00a0\u2003\u3000\uff13\u0663\u0966\u212a\n\r"

words = st.sampled_from(sorted(VERBS)) | st.text(alphabet="abcdefghijklmnopqrstuvwxyzK\u212a")
arguments = st.text(alphabet=TRICKY, max_size=12) | st.integers().map(str)
notation = st.builds(
    lambda verb, args, sep: verb + sep + sep.join(args),
    words,
    st.lists(arguments, max_size=3),
    st.sampled_from([" ", "\t", "  ", "\u00a0", "\x1c", ""]),
) | st.text(max_size=30)


def round_trip(action: Action) -> None:
    """``action`` comes back equal from a saved record, in both forms."""
    record = GameRecord("official-2p", ("Ann", "Bob"), 1, ("Humans",), ("Hill",), (action,))
    with tempfile.TemporaryDirectory() as folder:
        for suffix in (".json", ".txt"):
            path = Path(folder) / f"game{suffix}"
            save_record(record, path)
            assert load_record(path).actions == (action,), (action, suffix)
    assert parse_action(repr(action)) == action


@SETTINGS
@given(notation)
def test_what_the_parser_accepts_round_trips(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError:
        return
    round_trip(action)


values = (
    st.integers()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.booleans()
    | st.floats(allow_nan=True)
    | st.none()
    | st.text(alphabet=TRICKY, max_size=4)
    | st.lists(st.integers(min_value=-3, max_value=30), max_size=2)
)
pairs = st.lists(st.tuples(values, values) | st.lists(values, max_size=3), max_size=3)


@SETTINGS
@given(st.sampled_from(sorted(VERBS)), st.lists(values, max_size=2), pairs)
def test_what_a_constructor_accepts_round_trips(verb: str, args: list[Any], placement: Any) -> None:
    cls = VERBS[verb]
    try:
        action = cls(placement) if verb == "deploy" else cls(*args)
    except NotationError:
        return
    except TypeError as error:  # the wrong number of arguments: Python's own check
        assert "argument" in str(error)
        return
    round_trip(action)

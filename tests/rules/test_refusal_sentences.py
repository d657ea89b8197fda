"""A refusal's sentence is written only when someone reads it (speed, not rules).

``legal_actions`` and ``is_legal`` ask thousands of times a game whether an action is
refused; translating and formatting a sentence for each answer was the largest single cost
of listing moves. The sentence is now written on reading (``why_illegal``, a refused
``apply``), in the language in effect when the action was refused.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

import swlab.i18n as i18n
from swlab.i18n import _, using
from swlab.rules import apply, is_legal, legal_actions, new_game, random_action, why_illegal
from swlab.rules.actions import Conquer, Decline, Done
from swlab.rules.errors import IllegalActionError
from swlab.rules.state import GameState, Stage

from .helpers import official


@pytest.fixture
def translated(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The catalogs looked up from now on (one entry per sentence translated)."""
    looked_up: list[str] = []
    real = i18n.translations

    def counting(code: str, domain: str = i18n.DOMAIN) -> object:
        looked_up.append(domain)
        return real(code, domain)

    monkeypatch.setattr(i18n, "translations", counting)
    yield looked_up


def states(count: int) -> list[GameState]:
    """The states of the first ``count`` steps of a seeded 5-player game."""
    state = new_game(official(5), ["Ann", "Bo", "Cy", "Di", "Ed"], seed=3)
    rng, out = random.Random(3), []
    for _step in range(count):
        out.append(state)
        state, _events = apply(state, random_action(state, rng))
    return out


def test_listing_and_checking_moves_writes_no_sentence(translated: list[str]) -> None:
    seen = states(120)
    assert {s.turn.stage for s in seen} >= {Stage.PICK, Stage.CONQUER, Stage.REDEPLOY}
    translated.clear()
    with using("el"):
        for state in seen:
            state.memo.clear()
            listed = legal_actions(state)
            for action in (*listed, Decline(), Done(), Conquer(state.geo.ids[0])):
                is_legal(state, action)
    assert translated == []


def test_the_sentence_is_written_when_read_in_the_language_of_the_refusal(
    translated: list[str],
) -> None:
    state = next(s for s in states(60) if s.turn.stage is Stage.REDEPLOY)
    with using("el"):
        error = why_illegal(state, Decline())
    assert error is not None and translated == []
    with using("de"):  # read later, elsewhere: still the Greek of the moment it was refused
        text = str(error)
    assert translated and error.rule in text
    with using("el"):
        assert text == str(why_illegal(state, Decline()))
    assert text != str(why_illegal(state, Decline()))  # English outside


def test_a_written_refusal_keeps_its_rule_repr_args_and_pickles() -> None:
    error = IllegalActionError("R-CONQ-6", lambda: _("Hill {n} is not adjacent.").format(n=5))
    assert error.args == ()  # nothing written yet
    assert str(error) == "Hill 5 is not adjacent (R-CONQ-6)."
    assert error.args == (str(error),) and error.message == str(error)
    assert repr(error) == "IllegalActionError('R-CONQ-6', 'Hill 5 is not adjacent (R-CONQ-6).')"
    back = pickle.loads(pickle.dumps(IllegalActionError("R-X", lambda: "Refused.")))
    assert (back.rule, str(back)) == ("R-X", "Refused (R-X).")
    with pytest.raises(IllegalActionError, match=r"Not adjacent \(R-CONQ-6\)"):
        raise IllegalActionError("R-CONQ-6", lambda: "Not adjacent.")

"""Illegal-action fuzz: every action of the vocabulary that is not legal is refused with
a rule id and leaves the state identical (R-CONQ-*, R-PICK-*, R-REDEPLOY-*...)."""

from __future__ import annotations

import random

import pytest

from swlab.rules import (
    IllegalActionError,
    apply,
    is_over,
    legal_actions,
    new_game,
    random_action,
    why_illegal,
)
from swlab.rules.actions import (
    Abandon,
    Action,
    Conquer,
    Convert,
    Decline,
    Deploy,
    Done,
    End,
    Final,
    Pick,
    Place,
    Roll,
    Take,
    Withdraw,
)

from .helpers import official
from .invariants import fields_repr


def vocabulary(ids: tuple[int, ...]) -> list[Action]:
    out: list[Action] = [Decline(), End(), Done()]
    out += [Pick(k) for k in range(-1, 8)] + [Roll(f) for f in range(4)]
    for rid in (*ids, 0, 999):
        out += [cls(rid) for cls in (Conquer, Final, Abandon, Convert, Place, Take, Withdraw)]
    out += [Deploy(((ids[0], 1),)), Deploy(((ids[1], 3), (ids[2], 2)))]
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_illegal_actions_are_refused_with_a_rule_and_change_nothing(players: int) -> None:
    state = new_game(official(players), players, seed=7)
    rng = random.Random(7)
    vocab = vocabulary(state.geo.ids)
    steps = 0
    while not is_over(state) and steps < 400:
        legal = set(legal_actions(state))
        snapshot = str(state), fields_repr(state)
        for a in rng.sample(vocab, 40):
            if a in legal:
                continue
            error = why_illegal(state, a)
            if error is None:
                assert isinstance(a, Deploy | Roll), a  # deploy is accepted, not listed
                continue
            assert error.rule.startswith("R-"), error
            assert f"({error.rule})" in error.message
            with pytest.raises(IllegalActionError):
                apply(state, a)
        assert (str(state), fields_repr(state)) == snapshot
        state = apply(state, random_action(state, rng))[0]
        steps += 1

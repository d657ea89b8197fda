"""Action notation round-trips; unknown text is a clear ValueError."""

from __future__ import annotations

import pytest

from swlab.rules import Deploy, format_action, parse_action
from swlab.rules.actions import VERBS

SAMPLES = [
    "pick 3", "conquer 12", "final 7", "roll 2", "abandon 9", "convert 14", "decline",
    "end", "place 4", "take 4", "deploy 3:2,5:1", "withdraw 4", "done",
    # the powers' verbs (R-POW-BERSERK, -BIVOUACKING, -DIPLOMAT, -DRAGONMASTER, -FORTIFIED,
    # -HEROIC), registered with actions.register_action
    "berserk", "camp 5", "uncamp 5", "peace 1", "dragon 12", "fortress 3", "hero 7",
    "unhero 7",
]  # fmt: skip


@pytest.mark.parametrize("text", SAMPLES)
def test_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert repr(action) == text == format_action(action) == str(action)
    assert parse_action(repr(action)) == action


def test_every_verb_has_a_sample() -> None:
    assert {s.split()[0] for s in SAMPLES} == set(VERBS)


def test_deploy_value() -> None:
    assert parse_action("deploy 3:2,5:1") == Deploy(((3, 2), (5, 1)))
    assert parse_action("  CONQUER   12 ") == parse_action("conquer 12")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("fly 3", "unknown action 'fly'"),
        ("conquer", "exactly one argument"),
        ("conquer x", "whole number"),
        ("decline 3", "takes no argument"),
        ("roll 5", "0, 1, 2 or 3"),
        ("deploy 3-2", "REGION:TOKENS"),
    ],
)
def test_bad_notation_is_a_clear_value_error(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        parse_action(text)


def test_conquer_and_final_of_the_same_region_differ() -> None:
    assert parse_action("conquer 3") != parse_action("final 3")

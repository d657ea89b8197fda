"""Typed actions: only what the notation writes back is an action, so records always load.

Issue 13 found ``Conquer(2.0)``, ``Pick(True)`` and ``Roll(2.0)`` accepted (and their
records unreadable), ``Pick(1.0)``, ``Conquer([1])``, ``Deploy(None)`` raising a bare
``TypeError``, and a parser that read Unicode digits, ``1_0`` and Unicode spaces. Every
such value is now a :class:`NotationError` with a sentence; a replay failure names the
file, the action's number and the rule (R-PICK-1, R-CONQ-1 ...).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from swlab.game import Game
from swlab.game.record import GameRecord, RecordError, ReplayError, load_record, save_record
from swlab.rules import IllegalActionError
from swlab.rules.abilities.powers.diplomat import Peace
from swlab.rules.actions import (
    Conquer,
    Deploy,
    NotationError,
    Pick,
    Place,
    Roll,
    parse_action,
)

WRONG = [2.0, True, False, None, "3", [1], (1,), 1.0, 10**18, -(10**18), 3 + 0j]


@pytest.mark.parametrize("value", WRONG, ids=repr)
@pytest.mark.parametrize("cls", [Conquer, Place, Pick, Peace])
def test_constructors_refuse_what_the_notation_cannot_write(cls: type, value: Any) -> None:
    with pytest.raises(NotationError, match="must be a whole number") as info:
        cls(value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, TypeError)


@pytest.mark.parametrize("value", [*WRONG, 4, -1], ids=repr)
def test_roll_takes_a_face_of_the_die_r_comp_5(value: Any) -> None:
    with pytest.raises(NotationError):
        Roll(value)
    assert [Roll(f).face for f in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    "placement", [None, 3, [(1, 2.0)], [(True, 1)], [(1,)], [(1, 2, 3)], "3:2"], ids=repr
)
def test_deploy_takes_pairs_of_whole_numbers(placement: Any) -> None:
    with pytest.raises(NotationError):
        Deploy(placement)


def test_deploy_keeps_pairs_as_tuples_and_an_empty_placement_round_trips() -> None:
    assert Deploy([(3, 2), [5, 1]]) == Deploy(((3, 2), (5, 1)))
    assert hash(Deploy([(3, 2)])) == hash(Deploy(((3, 2),)))
    assert parse_action(repr(Deploy(()))) == Deploy(())


@pytest.mark.parametrize(
    "text",
    [
        "conquer 2.0",
        "pick True",
        "roll 2.0",
        "conquer \uff13",  # fullwidth 3
        "conquer \u0663",  # Arabic-Indic 3
        "conquer 1_0",
        "conquer +3",
        "conquer\u00a03",  # no-break space
        "conquer\u20033",  # em space
        "conquer\x1c3",  # a separator str.split() would accept
        "CONQUER\u212a",  # the Kelvin sign lowers to k
        "conquer " + "9" * 19,
        "deploy 3:\uff12",
        "peace \u0661",
    ],
)
def test_the_parser_reads_only_plain_ascii(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_tabs_and_spaces_separate_words_and_case_is_ignored() -> None:
    assert parse_action(" Conquer\t12 ") == Conquer(12)
    assert parse_action("deploy 3:2,5:1") == Deploy(((3, 2), (5, 1)))


def _record(actions: list[Any]) -> GameRecord:
    golden = json.loads(
        (Path(__file__).resolve().parents[1] / "data" / "records" / "golden_2p.json").read_text()
    )
    return GameRecord.from_json({**golden, "actions": actions})


def test_a_replay_failure_names_the_file_the_action_and_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    save_record(_record(["pick 0", "conquer 10"]), path)
    with pytest.raises(ReplayError) as info:
        Game.from_record(path)
    error = info.value
    assert isinstance(error, RecordError) and isinstance(error, IllegalActionError)
    assert error.file == str(path) and error.index == 1 and error.rule == "R-CONQ-1"
    assert str(error).startswith(f"{path}: actions.1: action 2 ('conquer 10') is refused: ")
    assert str(error).endswith("(R-CONQ-1).")
    text_path = tmp_path / "bad.txt"
    save_record(_record(["pick 9"]), text_path)
    with pytest.raises(ReplayError, match=r"bad\.txt: actions\.0: action 1 \('pick 9'\).*R-PICK-1"):
        Game.from_record(text_path)


def test_a_record_of_a_played_game_always_loads_again(tmp_path: Path) -> None:
    game = Game("official_2p", ["Ann", "Bob"], seed=4)
    game.play(["pick 0"])
    for suffix in (".json", ".txt"):
        path = tmp_path / f"game{suffix}"
        game.save(path)
        assert load_record(path).actions == tuple(game.actions)

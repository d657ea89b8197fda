"""``position_problems``: each impossible position is found once, under its rule id, and
said in the learner's language; every reachable position has none.

Each test poses one thing no game can reach on an otherwise sound position (the
:class:`~tests.rules.helpers.Scenario` builder) and reads the rule ids found.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from swlab.i18n import using
from swlab.rules import Stage, new_game
from swlab.rules.driver import play_random
from swlab.rules.position import PositionProblem, position_problems

from .helpers import Scenario, official


def rules_of(sc: Scenario) -> list[str]:
    return [problem.rule for problem in position_problems(sc.state)]


def sound() -> Scenario:
    """Ann's Ratmen on Forest 3 and Bob's Humans on Hill 7, Ann conquering."""
    sc = Scenario().active(0, "Ratmen", "Hill", hand=3).active(1, "Humans", "Forest")
    return sc.region(3, 0, "Ratmen", 2).region(7, 1, "Humans", 3).conquering(0)


def test_a_new_game_and_a_sound_position_have_no_problem() -> None:
    assert position_problems(new_game(official(2), 2, seed=3)) == []
    assert rules_of(sound()) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_the_end_of_a_random_game_is_a_possible_position(seed: int) -> None:
    """(Every position on the way is checked by the playouts, tests/rules/invariants.py.)"""
    state = new_game(official(3), 3, seed=seed)
    final, _steps = play_random(state, random.Random(seed))
    assert position_problems(final) == []


def test_r_comp_2_more_tokens_than_the_box_holds() -> None:
    sc = sound().region(8, 0, "Ratmen", 20)
    (problem,) = position_problems(sc.state)
    assert (problem.rule, problem.field, problem.race) == ("R-COMP-2", "trays", "Ratmen")
    assert "Ratmen tokens are in play" in problem.message


def test_r_comp_3_a_badge_held_twice() -> None:
    sc = sound()
    players = list(sc.state.players)
    bob = players[1].active
    assert bob is not None
    players[1] = replace(players[1], active=replace(bob, power="Hill"))  # Ann's badge too
    sc.state = replace(sc.state, players=tuple(players))
    assert rules_of(sc) == ["R-COMP-3"]


def test_r_decline_1_a_race_in_decline_keeps_no_badge() -> None:
    sc = sound().declined(1, "Elves", "Flying")
    assert rules_of(sc) == ["R-DECLINE-1"]
    assert rules_of(sound().declined(1, "Elves", "Spirit")) == []  # Spirit keeps its own


def test_r_decline_3_one_race_in_decline() -> None:
    sc = sound().declined(1, "Elves").declined(1, "Giants")
    assert "R-DECLINE-3" in rules_of(sc)


def test_r_pick_3_coins_are_never_negative() -> None:
    assert rules_of(sound().coins(0, -1)) == ["R-PICK-3"]


def test_r_conq_5_lost_tribes_beside_race_tokens() -> None:
    sc = sound().lost_tribe(3)
    assert rules_of(sc) == ["R-CONQ-5"]


def test_r_comp_5_a_die_face_the_die_does_not_have() -> None:
    sc = sound()
    sc.state = replace(sc.state, die=(7,))
    assert rules_of(sc) == ["R-COMP-5"]


def test_r_decline_6_no_pick_in_the_turn_of_decline() -> None:
    declining = sound().stage(Stage.DECLINED, 0, "Ratmen", declined=True)
    assert rules_of(declining) == []
    declining.state = replace(declining.state, turn=replace(declining.state.turn, picked=True))
    assert rules_of(declining) == ["R-DECLINE-6"]


def test_a_problem_names_its_race_in_the_learners_language() -> None:
    sc = sound().region(8, 0, "Ratmen", 20)
    with using("de"):
        (problem,) = position_problems(sc.state)
    assert "Rattenmenschen" in problem.message and "Ratmen" not in problem.message
    assert problem.race == "Ratmen"  # the field keeps the engine's name
    assert str(problem).endswith("(R-COMP-2)")


def test_a_problem_is_a_frozen_record() -> None:
    problem = PositionProblem("R-PICK-3", "text", "coins", player=0)
    with pytest.raises(AttributeError):
        problem.rule = "R-X"  # type: ignore[misc]

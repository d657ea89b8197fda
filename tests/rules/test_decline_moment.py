"""The turn of decline as a moment of the game (R-DECLINE-5), and one notation for the
steps of a game and of ``scenario run`` (``Ghouls: conquer 7``, R-TURN-0).

A turn is either expansion or decline: once the race has gone into decline, the turn only
goes on to scoring. ``decline`` still plays that whole turn in one action; a scenario can
stop in the middle (``turn: {stage: declined}``) and there a conquest is refused.
"""

from __future__ import annotations

from typing import Any

from swlab.game import Game
from swlab.game.report import run_scenario
from swlab.game.scenario import dump_scenario, scenario_from_dict
from swlab.rules import Stage, apply, current_player, legal_actions, why_illegal
from swlab.rules.actions import Conquer, End, parse_action
from swlab.rules.events import Declined, Scored, TurnStarted
from swlab.rules.flow import decline

from .helpers import scenario_base as base
from .helpers import scenario_refusal as refusal
from .scenario_paths import SCENARIO_DIR
from .test_decline import humans_expanding


def the_turn_of_decline(**turn: Any) -> dict[str, Any]:
    """Ann's Ratmen have just gone into decline on Forest 3; Bob's Humans hold Hill 7."""
    return base(
        players=[
            {"name": "Ann", "declined": ["Ratmen"]},
            {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
        ],
        regions={
            3: {"race": "Ratmen", "tokens": 1},
            7: {"race": "Humans", "tokens": 3},
        },
        turn={"stage": "declined", **turn},
    )


def test_r_decline_5_the_turn_of_decline_can_be_posed_in_a_scenario() -> None:
    state = scenario_from_dict(the_turn_of_decline())
    assert state.turn.stage is Stage.DECLINED and state.turn.declined
    assert current_player(state) == 0
    assert legal_actions(state) == [End()]
    assert scenario_from_dict(dump_scenario(state)) == state


def test_r_decline_5_a_conquest_in_the_turn_of_decline_is_refused() -> None:
    state = scenario_from_dict(the_turn_of_decline())
    for text in ("conquer 4", "final 4", "abandon 3", "decline", "place 3"):
        error = why_illegal(state, parse_action(text))
        assert error is not None and error.rule == "R-DECLINE-5", (text, error)
    pick = why_illegal(state, parse_action("pick 0"))
    assert pick is not None and pick.rule == "R-DECLINE-6"
    game = Game.from_state(state)
    refused = game.try_play("conquer 4")
    assert refused is not None and refused.rule == "R-DECLINE-5"
    assert "expansion or decline" in refused.message
    assert len(game) == 0


def test_r_decline_5_end_scores_the_turn_of_decline() -> None:
    state = scenario_from_dict(the_turn_of_decline())
    after, events = apply(state, End())
    scored, started = events[:2]
    assert isinstance(scored, Scored) and isinstance(started, TurnStarted)
    assert scored.player == 0 and started.player == 1 and after.current == 1


def test_r_decline_5_a_scenario_turn_of_decline_needs_the_race_in_decline() -> None:
    err = refusal(base(turn={"stage": "declined"}))
    assert err.path == "turn.stage" and "(R-DECLINE-5)" in err.reason, str(err)
    err = refusal(the_turn_of_decline(declined=False))
    assert err.path == "turn.declined" and "(R-DECLINE-5)" in err.reason, str(err)


def test_r_decline_5_decline_still_plays_the_whole_turn_through_the_moment() -> None:
    """``decline`` = the moment of decline, then ``end``: the same state and events."""
    sc = humans_expanding()
    whole, whole_events = apply(sc.state, parse_action("decline"))
    assert whole.turn.stage is not Stage.DECLINED and whole.current == 1
    events: list[Any] = []
    moment = decline(sc.state, events)
    assert moment.turn.stage is Stage.DECLINED
    assert why_illegal(moment, Conquer(4)) is not None
    after, more = apply(moment, End())
    assert after == whole and events + more == whole_events
    assert isinstance(whole_events[0], Declined)


def test_r_turn_0_game_play_accepts_the_race_prefix_of_scenario_run() -> None:
    path = SCENARIO_DIR / "06_ghouls_first.yaml"
    game = Game.from_scenario(path)
    game.play("Ghouls: conquer 7")
    assert game.actions == [Conquer(7)]
    assert game.why_illegal("Tritons: conquer 7") is not None
    late = Game.from_scenario(path)
    refused = late.try_play("ghouls: end; deploy 6:3,12:3; Ghouls: conquer 7")
    assert refused is not None and refused.rule == "R-TURN-0" and len(late) == 0
    ok = run_scenario(path, "Ghouls: conquer 7")
    assert ok["actions"] == ["Ghouls: conquer 7"]

"""Scenario positions the rules make impossible are refused; what the format can say.

Each refusal is a ScenarioError naming the rule and the place in the file (R-COMP-5 box
counts, R-COMP-2/-3 one banner and badge each, R-CONQ-4 water, R-SETUP-2 Mountains,
R-CONQ-10 a roll's target, R-DECLINE-6 no pick in the turn of a decline). The additions:
stacks that are exactly what is written (an empty stack), ``Race: action`` in the actions
of ``scenario run``, Halflings' conquests derived from their Holes. And the engine imports
none of the heavy libraries the scenario files and the board pictures need.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from swlab.game.report import run_scenario
from swlab.game.scenario import (
    dump_scenario,
    load_scenario,
    scenario_from_dict,
)
from swlab.rules import apply, legal_actions, random_action
from swlab.rules.pieces import BY_FIELD

from .helpers import scenario_base as base
from .helpers import scenario_refusal as refusal
from .scenario_paths import ROOT, SCENARIO_DIR, shipped_scenarios

BEFORE = ROOT / "tests" / "data" / "scenario_states_before_split.json"


# --- every shipped scenario keeps its meaning -----------------------------------------


def test_every_shipped_scenario_loads_unchanged() -> None:
    """The positions the shipped files described before the split (dumped then) are the
    positions they load as now; and every shipped file loads into a consistent state."""
    before = json.loads(BEFORE.read_text())
    assert len(before) >= 39
    for name, dumped in before.items():
        path = SCENARIO_DIR / f"{name}.yaml"
        assert scenario_from_dict(dumped, path.parent) == load_scenario(path), name
    for path in shipped_scenarios():
        state = load_scenario(path)
        assert scenario_from_dict(dump_scenario(state, path.parent), path.parent) == state


# --- R-COMP-5: no more pieces than the box holds --------------------------------------


#: Land regions of the 2-player board that are not Mountains (those keep their Mountain).
LAND = [2, 3, 4, 5, 7, 10, 11, 12, 13, 14, 15, 17, 18, 19, 21, 22]
MOUNTAINS = 4


def _over_the_box(field: str) -> dict[int, dict[str, Any]]:
    """Regions holding one more ``field`` piece than the box has, with what is there."""
    box = BY_FIELD[field].box
    if field in ("lost_tribes", "encampments"):
        return {12: {field: box + 1}}
    already = MOUNTAINS if field == "mountain" else 0
    return {rid: {field: True} for rid in LAND[: box + 1 - already]}


@pytest.mark.parametrize("field", sorted(BY_FIELD))
def test_r_comp_5_no_more_pieces_than_the_box_holds(field: str) -> None:
    piece = BY_FIELD[field]
    regions = _over_the_box(field)
    err = refusal(base(regions=regions))
    last = list(regions)[-1]
    assert err.path == f"regions.{last}.{field}", str(err)
    assert f"box holds {piece.box} ({piece.box_rule})" in err.reason, str(err)
    assert piece.plural in err.reason
    if field != "mountain":  # Mountains on other regions are refused for what they are
        full = dict(list(regions.items())[:-1]) if len(regions) > 1 else {12: {field: piece.box}}
        scenario_from_dict(base(regions=full))


def test_r_comp_5_the_issue_examples_are_refused() -> None:
    """100 Lost Tribes in one region, 10 Fortresses, 2 Dragons, 50 Encampments."""
    fortresses = {rid: {"fortress": True} for rid in LAND[:10]}
    cases = [
        ({12: {"lost_tribes": 100}}, "regions.12.lost_tribes", "100 Lost Tribes", "R-COMP-2"),
        (fortresses, "regions.11.fortress", "10 Fortresses", "R-COMP-5"),
        (
            {3: {"race": "Ratmen", "dragon": True}, 4: {"race": "Ratmen", "dragon": True}},
            "regions.4.dragon",
            "2 Dragons",
            "R-COMP-5",
        ),
        ({3: {"race": "Ratmen", "encampments": 50}}, "regions.3.encampments", "50", "R-COMP-5"),
    ]
    for regions, path, words, rule in cases:
        err = refusal(base(regions=regions))
        assert (err.path, err.file) == (path, "lesson.yaml"), str(err)
        assert words in err.reason and f"({rule})" in err.reason, str(err)


def test_r_comp_5_counts_the_setup_lost_tribes_with_the_listed_ones() -> None:
    """The 8 other Lost Tribes of the 2-player setup plus 11 on Hill 7 are 19 of 18."""
    d = base(unlisted_regions="setup", regions={3: {"race": "Ratmen"}, 7: {"lost_tribes": 11}})
    err = refusal(d)
    assert err.path == "regions.7.lost_tribes" and "19 Lost Tribes" in err.reason


def test_r_comp_5_a_made_up_board_with_more_mountains_brings_its_own() -> None:
    regions = [
        {"id": k, "terrain": "mountain", "edge": True, "neighbours": [k + 1] if k < 12 else []}
        for k in range(1, 13)
    ]
    board = {"name": "peaks", "players": 2, "turns": 3, "regions": regions}
    state = scenario_from_dict({"board": board, "players": ["A", "B"]})
    assert sum(r.mountain for r in state.regions) == 12


# --- R-COMP-2, R-COMP-3: each banner and badge exists once ----------------------------


def test_r_comp_3_a_badge_held_by_two_players_is_refused() -> None:
    players = [
        {"name": "Ann", "active": {"race": "Ratmen", "power": "Hill"}},
        {"name": "Bob", "active": {"race": "Humans", "power": "Hill"}},
    ]
    err = refusal(base(players=players))
    assert err.path == "players.1.active.power" and "(R-COMP-3)" in err.reason, str(err)
    players[1]["active"] = {"race": "Humans", "power": "Forest"}
    players[1]["declined"] = [{"race": "Elves", "power": "Hill"}]
    assert refusal(base(players=players)).path == "players.1.declined.0.power"
    err = refusal(base(column=[{"race": "Elves", "power": "Forest"}]))
    assert err.path == "column.0.power" and "players.1.active" in err.reason
    assert "(R-COMP-3)" in err.reason


def test_r_comp_2_a_banner_held_by_two_players_is_refused() -> None:
    players = [
        {"name": "Ann", "active": {"race": "Ratmen", "power": "Hill"}},
        {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}, "declined": ["Ratmen"]},
    ]
    err = refusal(base(players=players))
    assert err.path == "players.1.declined.0.race" and "(R-COMP-2)" in err.reason, str(err)


# --- R-CONQ-4: Seas and the Lake hold only Seafaring tokens ---------------------------


@pytest.mark.parametrize("water", [1, 8, 23], ids=["sea", "lake", "other sea"])
def test_r_conq_4_a_race_on_water_without_seafaring_is_refused(water: int) -> None:
    err = refusal(base(regions={water: {"race": "Ratmen"}}))
    assert err.path == f"regions.{water}.race" and "(R-CONQ-4)" in err.reason, str(err)


def test_r_conq_4_seafaring_and_former_seafarers_in_decline_may_stand_on_water() -> None:
    seafaring = [
        {"name": "Ann", "active": {"race": "Ratmen", "power": "Seafaring"}},
        {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}, "declined": ["Elves"]},
    ]
    regions = {1: {"race": "Ratmen"}, 8: {"race": "Elves", "tokens": 1}, 7: {"race": "Humans"}}
    state = scenario_from_dict(base(players=seafaring, regions=regions))
    assert state.region_of(1).race == "Ratmen" and state.region_of(8).in_decline
    spirit = [
        seafaring[0],
        {
            "name": "Bob",
            "active": {"race": "Humans", "power": "Forest"},
            "declined": [{"race": "Elves", "power": "Spirit"}],
        },
    ]
    err = refusal(base(players=spirit, regions=regions))
    assert err.path == "regions.8.race" and "(R-CONQ-4)" in err.reason


# --- R-SETUP-2: Mountain tokens stand on Mountain regions -----------------------------


def test_r_setup_2_a_mountain_token_on_another_terrain_is_refused() -> None:
    err = refusal(base(regions={3: {"race": "Ratmen", "mountain": True}}))
    assert err.path == "regions.3.mountain" and "(R-SETUP-2)" in err.reason, str(err)
    state = scenario_from_dict(base(regions={3: {"race": "Ratmen"}, 6: {"mountain": True}}))
    assert state.region_of(6).mountain


@pytest.mark.parametrize("unlisted", ["setup", "empty"])
def test_r_conq_9_a_mountain_region_never_loses_its_mountain(unlisted: str) -> None:
    """``mountain: false`` on a Mountain region would make it cost 2 instead of 3: refused,
    naming the region and the rule."""
    regions = {3: {"race": "Ratmen"}, 6: {"mountain": False}}
    err = refusal(base(regions=regions, unlisted_regions=unlisted))
    assert err.path == "regions.6.mountain" and "(R-CONQ-9)" in err.reason, str(err)
    assert "Mountain (6) is a Mountain region" in err.reason
    assert str(err).startswith("lesson.yaml: regions.6.mountain: ")
    state = scenario_from_dict(base(regions={3: {"race": "Ratmen"}, 6: {"tokens": 0}}))
    assert state.region_of(6).mountain  # listed without the field: the Mountain stays


# --- R-CONQ-10: a roll stage has a target ---------------------------------------------


def test_r_conq_10_a_roll_stage_without_a_target_region_is_refused() -> None:
    err = refusal(base(turn={"stage": "roll"}))
    assert err.path == "turn.final_region" and "(R-CONQ-10)" in err.reason, str(err)
    state = scenario_from_dict(base(turn={"stage": "roll", "final_region": 4}))
    assert state.turn.final_region == state.geo.index[4]


def test_r_conq_10_a_berserk_roll_needs_no_target() -> None:
    players = [
        {"name": "Ann", "active": {"race": "Ratmen", "power": "Berserk", "hand": 3}},
        {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
    ]
    state = scenario_from_dict(base(players=players, turn={"stage": "roll", "acted": True}))
    assert state.turn.final_region == -1


def test_r_conq_10_a_roll_stage_needs_a_rolling_race() -> None:
    players = [{"name": "Ann"}, {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}}]
    err = refusal(base(players=players, regions={}, turn={"stage": "roll", "final_region": 4}))
    assert err.path == "turn.acting" and "roll stage" in err.reason


def test_r_comp_5_a_fixed_die_shows_only_real_faces() -> None:
    err = refusal(base(die=[2, 5]))
    assert err.path == "die.1" and "(R-COMP-5)" in err.reason, str(err)
    state = scenario_from_dict(base(die=[3, 0]))
    assert state.die == (3, 0)


# --- R-DECLINE-6: the combo is picked the turn after the decline ----------------------


def test_r_decline_6_a_pick_in_the_turn_of_a_decline_is_refused() -> None:
    players = [
        {"name": "Ann", "declined": ["Ratmen"]},
        {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
    ]
    d = base(players=players, turn={"stage": "pick", "declined": True})
    err = refusal(d)
    assert err.path == "turn.declined" and "(R-DECLINE-6)" in err.reason, str(err)
    d["turn"] = {"stage": "conquer", "picked": True, "declined": True}
    d["players"][0]["active"] = {"race": "Orcs", "power": "Swamp"}
    assert "(R-DECLINE-6)" in refusal(d).reason
    d["turn"] = {"stage": "pick"}
    del d["players"][0]["active"]
    assert scenario_from_dict(d).turn.stage.value == "pick"


# --- stacks that are exactly what is written ------------------------------------------


def test_an_empty_race_stack_and_an_empty_power_stack() -> None:
    d = base(
        unlisted_races="out",
        unlisted_powers="out",
        column=[{"race": "Elves", "power": "Swamp"}],
    )
    state = scenario_from_dict(d)
    assert state.race_stack == () and state.power_stack == () and len(state.column) == 1
    data = dump_scenario(state)
    assert data["unlisted_races"] == "out" and data["unlisted_powers"] == "out"
    assert scenario_from_dict(json.loads(json.dumps(data))) == state
    by_default = scenario_from_dict(base(column=[{"race": "Elves", "power": "Swamp"}]))
    assert len(by_default.race_stack) == 14 - 3 and len(by_default.power_stack) == 20 - 3
    assert "unlisted_races" not in dump_scenario(by_default)


def test_an_exact_stack_deals_the_column_from_what_is_written() -> None:
    d = base(unlisted_races="out", race_stack=["Orcs", "Elves"], power_stack=["Swamp"])
    state = scenario_from_dict(d)
    assert (state.column[0].race, state.column[0].power) == ("Orcs", "Swamp")
    assert [c.race for c in state.column] == ["Orcs", "Elves"] and state.race_stack == ()
    err = refusal(base(unlisted_powers="none"))
    assert err.path == "unlisted_powers" and "stack or out" in err.reason


def test_empty_stacks_round_trip_at_every_step_of_a_game() -> None:
    """Badges out of the game stay out: R-PICK-5 reshuffles only the discarded ones."""
    d = base(
        unlisted_races="out",
        unlisted_powers="out",
        race_stack=["Orcs", "Elves", "Giants"],
        power_stack=["Swamp"],
        power_discard=["Wealthy", "Alchemist"],
    )
    state = scenario_from_dict(d)
    assert state.column[0].power == "Swamp" and state.reshuffles == 1
    assert len(state.column) == 3 and state.power_stack == ()
    rng = random.Random(5)
    for _ in range(120):
        if not legal_actions(state):
            break
        state, _ = apply(state, random_action(state, rng))
        assert scenario_from_dict(json.loads(json.dumps(dump_scenario(state)))) == state


# --- Halflings' first conquests from the position -------------------------------------


def _halflings(regions: dict[int, dict[str, Any]], **race: Any) -> dict[str, Any]:
    players = [
        {"name": "Ann", "active": {"race": "Halflings", "power": "Hill", "hand": 6, **race}},
        {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
    ]
    return base(players=players, regions={**regions, 7: {"race": "Humans"}})


def test_r_race_halflings_conquests_are_derived_from_the_holes() -> None:
    one_hole = scenario_from_dict(_halflings({3: {"race": "Halflings", "hole": True}}))
    assert one_hole.players[0].active.conquests == 1  # type: ignore[union-attr]
    after, _ = apply(one_hole, legal_conquest(one_hole, 4))
    assert after.region_of(4).hole  # the second conquest gets the second Hole
    two = {3: {"race": "Halflings", "hole": True}, 4: {"race": "Halflings", "hole": True}}
    assert scenario_from_dict(_halflings(two)).players[0].active.conquests == 2  # type: ignore[union-attr]
    mixed = {3: {"race": "Halflings", "hole": True}, 4: {"race": "Halflings"}}
    state = scenario_from_dict(_halflings(mixed))
    assert state.players[0].active.conquests == 3  # type: ignore[union-attr]
    after, _ = apply(state, legal_conquest(state, 2))
    assert not after.region_of(2).hole  # a region without a Hole came after the first two
    given = scenario_from_dict(_halflings(mixed, conquests=1))
    assert given.players[0].active.conquests == 1  # type: ignore[union-attr]
    for s in (one_hole, state, given):
        assert scenario_from_dict(dump_scenario(s)) == s
    assert scenario_from_dict(_halflings({})).players[0].active.conquests == 0  # type: ignore[union-attr]


def legal_conquest(state: Any, region: int) -> Any:
    from swlab.rules import Conquer

    action = Conquer(region)
    assert action in legal_actions(state), legal_actions(state)
    return action


# --- which race acts: ``Race: action`` --------------------------------------------------


def test_r_turn_0_a_decline_ghoul_conquest_after_the_active_race_began_is_refused() -> None:
    path = SCENARIO_DIR / "06_ghouls_first.yaml"
    ok = run_scenario(path, "Ghouls: conquer 7")
    assert "error" not in ok and ok["actions"] == ["Ghouls: conquer 7"]
    early = run_scenario(path, "Tritons: conquer 7")
    assert early["error"]["rule"] == "R-TURN-0" and early["acting"] == "Ghouls"
    late = run_scenario(path, "ghouls: end; deploy 6:3,12:3; Ghouls: conquer 7")
    assert late["error"]["rule"] == "R-TURN-0" and late["error"]["index"] == 2
    assert late["actions"] == ["Ghouls: end", "deploy 6:3,12:3"] and late["acting"] == "Tritons"
    assert "Tritons act now" in late["error"]["message"]


def test_a_named_race_that_cannot_act_cites_its_rule() -> None:
    path = SCENARIO_DIR / "04_going_into_decline.yaml"
    assert run_scenario(path, "Humans: conquer 12")["error"]["rule"] == "R-DECLINE-7"
    assert run_scenario(path, "Wizards: conquer 3")["error"]["rule"] == "R-FLOW-1"
    assert run_scenario(path, "Amazons: conquer 3")["error"]["rule"] == "R-PICK-1"
    unknown = run_scenario(path, "Dragons: conquer 3")["error"]
    assert unknown["rule"] is None and "unknown race 'Dragons'" in unknown["message"]
    assert "error" not in run_scenario(path, "orcs: conquer 12")
    assert run_scenario(path, "Orcs: conquer 12")["actions"] == ["Orcs: conquer 12"]


# --- the engine imports no heavy library ----------------------------------------------


@pytest.mark.parametrize("module", ["swlab.rules.engine", "swlab.rules"])
def test_importing_the_engine_loads_no_yaml_shapely_networkx_or_matplotlib(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "heavy = ('yaml', 'shapely', 'networkx', 'matplotlib')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    paths = [str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
    where = subprocess.run(
        [sys.executable, "-c", "import swlab; print(swlab.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert Path(where.stdout.strip()).resolve().parents[1] == ROOT.resolve()


# --- the documented badge data ----------------------------------------------------------


def test_the_documented_diplomat_peace_and_per_turn_flags_mean_what_the_docs_say() -> None:
    import re

    import yaml

    from swlab.rules import Conquer, is_over
    from swlab.rules.abilities.powers.diplomat import peace_of

    doc = (ROOT / "docs" / "scenarios.md").read_text()
    section = doc.split("## Badge data", 1)[1].split("\n## ", 1)[0]
    example = yaml.safe_load(re.findall(r"```yaml\n(.*?)```", section, re.S)[0])
    d = {
        "board": "official_2p",
        "unlisted_regions": "empty",
        "regions": {3: {"race": "Ratmen", "tokens": 2}, 4: {"race": "Humans", "tokens": 4}},
        "turn": {"stage": "conquer"},
        **example,
    }
    d["players"][1]["active"]["hand"] = 6
    state = scenario_from_dict(d)
    assert peace_of(state, 0) == 1 and not is_over(state)
    assert Conquer(3) not in legal_actions(state)  # R-POW-DIPLOMAT: Ann's Ratmen are safe
    without = {**d, "players": [{**d["players"][0], "data": {}}, d["players"][1]]}
    assert Conquer(3) in legal_actions(scenario_from_dict(without))
    d["round"] = 5  # Ann's next turn has begun: the peace is over
    d["current"] = "Ann"
    d["players"][0]["active"]["hand"] = 1
    assert peace_of(scenario_from_dict(d), 0) is None
    fortified = base(
        players=[
            {"name": "Ann", "active": {"race": "Ratmen", "power": "Fortified", "hand": 1}},
            {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
        ],
        turn={"stage": "redeploy"},
    )
    assert "fortress 3" in [repr(a) for a in legal_actions(scenario_from_dict(fortified))]
    fortified["turn"] = {"stage": "redeploy", "data": {"fortified": 0}}
    assert "fortress 3" not in [repr(a) for a in legal_actions(scenario_from_dict(fortified))]

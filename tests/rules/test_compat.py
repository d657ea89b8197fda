"""Files written before the die became a chance node keep loading and meaning the same.

Every shipped scenario loads (and its dump loads back to the same position); every record
under ``tests/data/records`` (the golden games) and ``tests/data/compat`` replays; the
records and the roll-stage scenarios in ``tests/data/compat`` were written by the version
before the change (``roll N`` chosen by its drivers), and ``expected.json`` holds what that
version computed from them: the replay's final position, and for each roll-stage scenario
the position after each face.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from swlab.game import dump_scenario, load_record, load_scenario, replay_record, scenario_from_dict
from swlab.rules import CHANCE, GameState, apply, chance_outcomes, current_player, parse_action

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
#: Every shipped scenario file (scenarios/ and scenarios/tutorial/, wherever they live).
SHIPPED = sorted(
    p
    for p in ROOT.rglob("*.yaml")
    if "scenarios" in p.relative_to(ROOT).parts and p.relative_to(ROOT).parts[0] != "tests"
)
COMPAT = DATA / "compat"
OLD_RECORDS = sorted(p for p in COMPAT.glob("*.json") if p.name != "expected.json")
RECORDS = sorted((DATA / "records").glob("*.json")) + OLD_RECORDS
EXPECTED: dict[str, Any] = json.loads((COMPAT / "expected.json").read_text(encoding="utf-8"))


def fingerprint(state: GameState) -> dict[str, Any]:
    """What a position means, in the terms ``expected.json`` was written in."""
    return {
        "stage": state.turn.stage.value,
        "round": state.round,
        "current": state.current,
        "coins": [p.coins for p in state.players],
        "regions": [
            [r.owner, r.race, r.tokens, r.in_decline, r.lost_tribes] for r in state.regions
        ],
        "hands": [[ra.name, ra.hand] for p in state.players for ra in p.races()],
    }


def test_the_shipped_scenarios_are_all_found() -> None:
    names = {p.name for p in SHIPPED}
    assert len(SHIPPED) >= 30 and {"03_reinforcement_die.yaml", "02_the_die.yaml"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_scenario_loads_and_round_trips(path: Path) -> None:
    state = load_scenario(path)
    dumped = dump_scenario(state)
    assert "die" not in dumped  # no shipped scenario fixes the die
    board = state.geo.board
    again = scenario_from_dict(dumped, board=board)  # type: ignore[arg-type]
    assert again == state


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_record_replays_to_the_end(path: Path) -> None:
    record = load_record(path)
    steps = replay_record(record)
    assert len(steps) == len(record.actions)
    if path.name in EXPECTED:
        assert fingerprint(steps[-1].state) == EXPECTED[path.name]


def test_the_old_records_hold_both_kinds_of_roll() -> None:
    """The records written before the change hold final-conquest and Berserk rolls."""
    actions = [repr(a) for p in OLD_RECORDS for a in load_record(p).actions]
    assert "berserk" in actions and any(a.startswith("final") for a in actions)
    assert sum(a.startswith("roll") for a in actions) >= 3


@pytest.mark.parametrize("name", ["roll_final.yaml", "roll_berserk.yaml"])
def test_a_scenario_saved_at_a_roll_means_the_same(name: str) -> None:
    """Saved at the die by the old version: now a chance node; each face does what it did."""
    state = load_scenario(COMPAT / name)
    assert current_player(state) == CHANCE and len(chance_outcomes(state)) == 4
    for face, expected in EXPECTED[name].items():
        after = apply(state, parse_action(f"roll {face}"))[0]
        assert fingerprint(after) == expected, face

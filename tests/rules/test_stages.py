"""The legality oracle as a table of stages (R-FLOW-1): one object per stage lists the
decisions, refuses the others and plays them; the automatic transitions are in
``swlab.rules.flow``; the badges go through the rules' own functions, never the engine."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

from swlab.board import official_board
from swlab.rules import (
    Stage,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    random_action,
    why_illegal,
)
from swlab.rules.actions import Conquer, Pick, Roll
from swlab.rules.engine import ACTION_RULE, STAGE_RULE
from swlab.rules.events import BerserkRolled
from swlab.rules.stages.table import STAGES

from .test_power_berserk import berserk

RULES = Path(__file__).resolve().parents[2] / "swlab" / "rules"


def test_r_flow_1_every_stage_is_one_object_of_the_table() -> None:
    assert set(STAGES) == set(Stage)
    for stage, rules in STAGES.items():
        assert rules.stage is stage
        assert STAGE_RULE[stage] == (rules.rule, rules.waits)
    # the refusal of an action out of place says where it belongs, from the stage's kinds
    assert ACTION_RULE[Roll][0] == "R-CONQ-10" and ACTION_RULE[Pick][0] == "R-PICK-1"
    assert ACTION_RULE[Conquer][0] == "R-CONQ-11"


def test_r_flow_1_the_oracle_asks_the_stage_the_game_is_in() -> None:
    rng = random.Random(3)
    state = new_game(official_board(2), ["Ann", "Bob"], seed=3)
    seen: set[Stage] = set()
    for _ in range(400):
        stage = STAGES[state.turn.stage]
        seen.add(stage.stage)
        listed = legal_actions(state)
        assert listed == stage.candidates(state)
        assert all(why_illegal(state, a) is None for a in listed)
        if state.turn.stage is Stage.GAME_OVER:
            break
        outcomes = chance_outcomes(state)
        action = rng.choice(outcomes)[0] if outcomes else random_action(state, rng)
        state, _events = apply(state, action)
    assert {Stage.PICK, Stage.CONQUER, Stage.REDEPLOY} <= seen


def test_r_pow_berserk_the_roll_stage_ends_conquests_nothing_is_affordable() -> None:
    """No region affordable after the roll: the roll stage's own transition to the
    redeployment, told by the event; the unused roll is dropped."""
    sc = berserk(1).region(3, 1, "Humans", 3).conquering(0).do("berserk", "roll 0")
    assert sc.state.turn.stage is Stage.REDEPLOY
    told = [e for e in sc.events if isinstance(e, BerserkRolled)]
    assert len(told) == 1 and not told[0].affordable
    assert dict(sc.state.turn.data).get("berserk") is None


def module_imports(path: Path) -> set[str]:
    """The swlab modules ``path`` imports when it is imported (not in functions)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m.startswith("swlab.")}


def every_import(path: Path) -> set[str]:
    """Every swlab module ``path`` names in an import, wherever it stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m.startswith("swlab.")}


def test_the_badge_registry_is_a_leaf_filled_by_the_catalogue() -> None:
    registry = module_imports(RULES / "abilities" / "registry.py")
    assert registry <= {"swlab.rules.abilities.base"} | {
        f"swlab.rules.abilities.base.{n}" for n in ("DERIVED", "Badge", "Power", "Race")
    }
    catalogue = module_imports(RULES / "abilities" / "catalogue.py")
    assert "swlab.rules.abilities.powers.berserk" in catalogue


def test_badges_never_call_the_engine_the_stages_or_the_flow() -> None:
    above = ("swlab.rules.engine", "swlab.rules.stages", "swlab.rules.flow")
    for path in sorted((RULES / "abilities").rglob("*.py")):
        called = {m for m in every_import(path) if m.startswith(above)}
        assert not called, (path.name, called)


def test_a_lookup_before_the_engine_is_loaded_finds_the_official_badges() -> None:
    """The registry alone (no engine imported) still answers by name: the first lookup
    loads the catalogue."""
    code = (
        "from swlab.rules.abilities import registry\n"
        "print(registry.race_badge('Ghouls').tray, registry.badge('Berserk').tokens)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    assert out.stdout.split() == ["10", "4"]

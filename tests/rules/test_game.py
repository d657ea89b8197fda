"""The notebook Game: play, undo/redo, goto, history, explain, files, display."""

from __future__ import annotations

from pathlib import Path

import pytest

from swlab.game import Game, load_scenario
from swlab.rules import IllegalActionError, Stage
from swlab.rules.events import Conquered

ROOT = Path(__file__).resolve().parents[2]
RACES = ["Ratmen", "Humans", "Orcs", "Elves", "Dwarves", "Trolls"]
POWERS = ["Fortified", "Seafaring", "Flying", "Hill", "Forest", "Swamp"]


def game(**kw: object) -> Game:
    return Game("official_2p", ["Ann", "Bob"], seed=3, races=RACES, powers=POWERS, **kw)  # type: ignore[arg-type]


def test_play_returns_events_and_several_actions_at_once() -> None:
    g = game()
    events = g.play("pick 0")
    assert events[0].rule == "R-PICK-1" and g.state.turn.acting == "Ratmen"
    events = g.play("conquer 2; conquer 3")
    assert [type(e) for e in events if isinstance(e, Conquered)] == [Conquered, Conquered]
    assert len(g.history) == 3 and g.index == 3 and g.actions[-1] == g.history[-1].action


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    g = game()
    g.play("pick 0")
    before = g.state
    with pytest.raises(IllegalActionError) as info:
        g.play("conquer 2; conquer 14")  # the second is refused: all or nothing
    assert info.value.rule == "R-CONQ-6"
    assert g.state is before and len(g) == 1
    with pytest.raises(ValueError, match="unknown action"):
        g.play("fly 3")
    assert g.try_play("conquer 14") is not None and g.state is before


def test_undo_after_a_conquest_restores_the_exact_previous_state() -> None:
    g = game()
    g.play("pick 0; conquer 2")
    before = g.state
    g.play("conquer 3")
    after = g.state
    assert g.undo() is before
    assert g.state == before and g.state.region_of(3).race == ""
    assert g.redo() is after
    g.undo()
    g.play("conquer 7")  # a new branch forgets the undone step
    assert len(g) == 3 and g.redo() == g.state


def test_goto_and_history() -> None:
    g = game()
    g.play("pick 0; conquer 2; conquer 3; end")
    assert g.goto(0) is g.start and g.history == []
    assert g.goto(2).region_of(2).race == "Ratmen" and len(g.history) == 2
    assert g.goto(-1).stage is Stage.REDEPLOY
    with pytest.raises(IndexError):
        g.goto(9)
    assert g.undo(10) is g.start and g.redo(10).stage is Stage.REDEPLOY


def test_legal_explain_describe() -> None:
    g = game()
    assert g.legal()[:2] == ["pick 0", "pick 1"]
    g.play("pick 0")
    assert "conquer 2" in g.legal() and "conquer 14" not in g.legal()
    assert g.explain(12).summary() == "2 base + 1 lost tribe = 3"
    assert g.explain(6).total == 3
    assert g.describe(1)[0].startswith("Ann picks Fortified Ratmen")
    assert g.why_illegal("conquer 14") is not None


def test_save_and_reload_record_and_scenario(tmp_path: Path) -> None:
    g = game()
    g.play("pick 0; conquer 2; conquer 3; end; deploy 3:9")
    g.save(tmp_path / "g.json")
    again = Game.from_record(tmp_path / "g.json")
    assert again.state == g.state and len(again) == len(g)
    again.undo(2)
    assert again.state == g.history[-3].state
    g.save_scenario(tmp_path / "here.yaml")
    assert load_scenario(tmp_path / "here.yaml") == g.state
    assert Game.from_scenario(tmp_path / "here.yaml").state == g.state


def test_a_game_from_a_scenario_saves_a_replayable_record(tmp_path: Path) -> None:
    g = Game.from_scenario(ROOT / "swlab" / "game" / "scenarios" / "06_ghouls_first.yaml")
    g.play("conquer 7; end; deploy 6:2")
    g.save(tmp_path / "r.json")
    assert Game.from_record(tmp_path / "r.json").state == g.state


def test_display_hides_coins_unless_revealed() -> None:
    g = game()
    g.play("pick 0; conquer 2")
    html = g._repr_html_()
    assert "hidden" in html and "R-SETUP-4" in html and "Farmland (2)" in html
    assert "Ann: Ratmen x" in html and "stage <b>conquer</b>" in html
    shown = game(reveal=True)
    shown.play("pick 1")
    assert "<td>4</td>" in shown._repr_html_() and "hidden" not in shown._repr_html_()
    assert repr(g) == "<Game official-2p round 1/10, Ann to play (conquer), step 2/2>"


def test_the_engine_guide_lists_every_verb() -> None:
    from swlab.rules.actions import VERBS

    doc = (ROOT / "docs" / "rules_engine.md").read_text()
    table = doc.split("## 4. Notation", 1)[1].split("## 5.", 1)[0]
    missing = [v for v in VERBS if f"| `{v}` |" not in table]
    assert not missing, f"docs/rules_engine.md section 4 lacks the verbs {missing}"

"""``swlab learn check``: every shipped level's solution reaches its goal at par, its wrong
try gets the rule it names; a broken level is one line naming the file and the place."""

from __future__ import annotations

from pathlib import Path

import pytest

from swlab.cli import main
from swlab.learn.check import check_files
from swlab.learn.level import LevelError, level_from_dict, levels_dir, load_level, shipped_levels

BORDER = levels_dir() / "02_conquest" / "01_border.yaml"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_level_passes_its_check() -> None:
    failed = {r.file: r.problems for r in check_files() if not r.ok}
    assert failed == {}


def test_shipped_levels_have_unique_ids_in_their_stage_folder() -> None:
    levels = shipped_levels()
    assert len({lv.id for lv in levels}) == len(levels)
    for lv in levels:
        assert lv.file is not None
        folder = "lessons" if lv.stage == "lessons" else f"{lv.stage_number:02d}_{lv.stage}"
        assert lv.file.parent.name == folder


def test_the_levels_of_some_stages_are_those_of_the_whole_path_in_its_order() -> None:
    """A notebook's path of a few stages reads only their folders, and gets what the whole
    path holds for them, in the path's order whatever the order asked."""
    whole = shipped_levels()
    for stages in (("die", "conquest"), ("setup",), ("powers", "lessons")):
        some = shipped_levels(stages)
        assert some == [lv for lv in whole if lv.stage in stages]
        assert {lv.stage for lv in some} == set(stages)


def test_check_names_file_and_yaml_path_of_a_typo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _write(
        tmp_path, "bad.yaml", BORDER.read_text("utf-8").replace("hold: [5]", "hold: [5, x]")
    )
    assert main(["learn", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml: goal.hold.1: expected a whole number" in out
    assert "1 level checked, 1 fails" in out


def test_r_conq_1_check_reports_wrong_rule_and_wrong_par(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BORDER.read_text("utf-8").replace("rule: R-CONQ-1", "rule: R-CONQ-6")
    bad = _write(tmp_path, "bad.yaml", text.replace("par: 1", "par: 2"))
    assert main(["learn", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "par: the solution takes 1 action, the par says 2" in out
    assert "wrong: refused with R-CONQ-1, not R-CONQ-6" in out


def test_r_conq_1_a_legal_wrong_try_that_reaches_the_goal_fails(tmp_path: Path) -> None:
    text = BORDER.read_text("utf-8").replace(
        'actions: "conquer 10"\n  rule: R-CONQ-1', 'actions: "conquer 5"\n  misses: true'
    )
    (result,) = check_files([_write(tmp_path, "x.yaml", text)])
    assert result.problems == ["wrong: reaches the goal"]


def test_a_goal_that_holds_before_any_action_is_reported(tmp_path: Path) -> None:
    text = BORDER.read_text("utf-8").replace("hold: [5]", "coins: 5")
    (result,) = check_files([_write(tmp_path, "x.yaml", text)])
    assert "goal: it holds before any action" in result.problems


def test_a_refused_before_names_its_step() -> None:
    data = {
        "id": "x", "stage": "conquest", "title": "t", "teaches": ["R-CONQ-1"],
        "position": "01_first_conquest", "before": "pick 0; conquer 10", "goal": {"hold": [5]},
        "par": 1, "solution": "conquer 5", "wrong": {"actions": "conquer 10", "rule": "R-CONQ-1"},
    }  # fmt: skip
    with pytest.raises(LevelError, match=r"before\.1: conquer 10: refused: .*R-CONQ-1"):
        level_from_dict(data, "x.yaml")


def test_an_inline_position_mistake_names_its_path_under_position() -> None:
    data = {
        "id": "x", "stage": "conquest", "title": "t", "teaches": ["R-CONQ-1"],
        "position": {"board": "official_2p", "players": ["Ann", "Bob"], "round": 99},
        "goal": {"hold": [5]}, "par": 1, "solution": "conquer 5",
        "wrong": {"actions": "conquer 10", "rule": "R-CONQ-1"},
    }  # fmt: skip
    with pytest.raises(LevelError, match=r"x\.yaml: position\.round: the turn track"):
        level_from_dict(data, "x.yaml")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("stage: conquest", "stage: battle"), "stage: 'battle' is not a stage"),
        (("teaches: [R-CONQ-1]", "teaches: [conquer]"), "teaches.0: 'conquer' is not a rule id"),
        (("par: 1", "par: 0"), "par: the par is 1 action or more"),
        (("  rule: R-CONQ-1", "  misses: false"), "wrong: give either rule"),
        (
            ("goal:\n  hold: [5]", "goal:\n  refusal: R-CONQ-4\n  hold: [5]"),
            "goal.refusal: this goal stands alone",
        ),
    ],
)
def test_level_mistakes_name_the_yaml_path(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    text = BORDER.read_text("utf-8")
    assert change[0] in text
    path = _write(tmp_path, "lv.yaml", text.replace(*change))
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)


def test_learn_list_json_gives_id_stage_rules_and_par(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["learn", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    border = next(r for r in rows if r["id"] == "conquest-border")
    assert border["stage"] == "conquest"
    assert border["teaches"] == ["R-CONQ-1"]
    assert border["par"] == 1
    assert len(rows) == len(shipped_levels())
    lesson = next(r for r in rows if r["id"] == "first-turn-1")  # a shipped lesson's turn
    assert lesson["stage"] == "lessons" and lesson["file"] == "lessons/first-turn.json"

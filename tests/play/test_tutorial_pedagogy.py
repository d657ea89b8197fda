"""Issue 11, observation 9: the tutorial's viewers own their games, exercises are real
(the engine checks, the solution stays in the package), nbval checks use cell tags, and
the welcome notebook that runs in Voila asks nobody to Run All."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from swlab.game import Game
from swlab.play.tutorial import EXERCISES, check

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("0[0-6]_*.ipynb"))


def cells(path: Path) -> list[dict[str, object]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, object]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_test_markers_in_learner_cells(path: Path) -> None:
    for cell in cells(path):
        assert "NBVAL" not in source(cell), source(cell)[:80]


def test_checked_cells_are_tagged_for_nbval() -> None:
    tagged = [
        c
        for path in NOTEBOOKS
        for c in cells(path)
        if "nbval-check-output" in c.get("metadata", {}).get("tags", [])  # type: ignore[union-attr]
    ]
    assert len(tagged) > 40 and all(c.get("execution_count") for c in tagged)


def test_the_voila_notebook_asks_nobody_to_run_all() -> None:
    welcome = next(p for p in NOTEBOOKS if p.stem == "00_welcome")
    assert not any("Run All" in source(c) for c in cells(welcome))


#: The exercises of each notebook, in the order they come.
NOTEBOOK_EXERCISES = {
    "01_setup_and_combos": ("01_coins", "01_tokens"),
    "02_conquest": ("02_first_conquest", "02_the_die"),
    "03_redeploy_and_scoring": ("03_frontier", "03_four_regions"),
    "05_races": ("05_giants", "05_smallest_face"),
    "06_powers": ("06_best_badge", "06_heroes"),
}


@pytest.mark.parametrize("stem", sorted(NOTEBOOK_EXERCISES))
def test_notebooks_ship_no_answers(stem: str) -> None:
    nb = next(p for p in NOTEBOOKS if p.stem == stem)
    text = "\n".join(source(c) for c in cells(nb))
    for ex in NOTEBOOK_EXERCISES[stem]:
        # the solution is nowhere before the exercise (the lesson may use it afterwards)
        before = text[: text.index(f'exercise("{ex}")')]
        assert f'"{EXERCISES[ex].solution}"' not in before
        assert "answer =" not in before
    # no learner cell holds an answer to fill in, and no cell compares one
    for cell in cells(nb):
        if cell["cell_type"] == "code":
            assert not re.search(r"^(answer|best|heroes|face|ratmen_tokens) = ", source(cell), re.M)


def test_every_exercise_is_in_a_notebook() -> None:
    assert sorted(EXERCISES) == sorted(e for names in NOTEBOOK_EXERCISES.values() for e in names)


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_exercises_answer_with_feedback_and_a_hint(name: str) -> None:
    right = check(name, EXERCISES[name].solution)
    assert right.ok and right.lines[0].startswith("✔") and right.lines[-1] == "Well done."
    assert EXERCISES[name].hint and "(R-" in EXERCISES[name].hint
    if EXERCISES[name].choices:
        assert not check(name, "conquer 8").ok  # not one of the choices
        return
    wrong = check(name, "conquer 8")  # the Lake: refused (R-CONQ-4)
    assert not wrong.ok and "(R-CONQ-" in wrong.lines[0]
    assert wrong.lines[-1] == f"Hint: {EXERCISES[name].hint}"
    assert not check(name, "").ok and not check(name, "fly away").ok


#: Per exercise: legal answers that miss the goal, and the rule the verdict must cite.
WRONG = {
    "01_coins": [("pick 0", "R-PICK-1"), ("pick 1", "R-PICK-2")],
    "01_tokens": [("pick 1", "R-PICK-4"), ("pick 2", "R-PICK-4")],
    "02_first_conquest": [],
    "02_the_die": [],
    "03_frontier": [("deploy 3:3,7:5", "R-REDEPLOY-1"), ("deploy 2:4", "R-REDEPLOY-1")],
    "03_four_regions": [("conquer 11", "R-EXPAND-3"), ("end; deploy 5:5", "R-EXPAND-3")],
    "05_giants": [("conquer 3; conquer 7", "R-RACE-GIANTS"), ("conquer 12", "R-RACE-GIANTS")],
    "05_smallest_face": [("final 7; roll 3", "R-RULING-2"), ("final 7; roll 1", "R-CONQ-10")],
    "06_best_badge": [("Merchant", "R-SCORE-2"), ("Alchemist", "R-SCORE-2")],
    "06_heroes": [("hero 2; hero 3; done", "R-IMMUNE"), ("hero 7; hero 2", "R-POW-HEROIC")],
}


@pytest.mark.parametrize(
    ("name", "answer", "rule"),
    [(name, answer, rule) for name, tries in sorted(WRONG.items()) for answer, rule in tries],
)
def test_a_wrong_answer_is_told_why_with_the_rule_and_a_hint(
    name: str, answer: str, rule: str
) -> None:
    fb = check(name, answer)
    assert not fb.ok
    verdict = next(line for line in fb.lines if line.startswith("✘"))
    assert f"{rule}" in verdict and "(R-" in verdict
    assert fb.lines[-1] == f"Hint: {EXERCISES[name].hint}"
    assert EXERCISES[name].solution not in verdict  # the verdict does not give it away


def test_the_goal_is_the_engines_not_the_solutions_text() -> None:
    """Other actions reaching the same goal pass: the engine judges the position."""
    assert check("03_frontier", "place 7; place 7; place 7; done").ok
    assert check("03_four_regions", "conquer 11; end; deploy 5:2").ok
    assert check("05_giants", "conquer 12; conquer 7").ok
    assert check("06_heroes", "hero 2; hero 7; done").ok
    assert check("06_heroes", "hero 3; hero 7; done").ok


def test_the_exercise_widget_checks_and_shows_the_solution_on_request() -> None:
    pytest.importorskip("ipywidgets")
    from swlab.play.tutorial import exercise

    box = exercise("06_best_badge")
    answer, check_button, solution_button = box.children[1].children
    out = box.children[2]
    assert answer.value is None and EXERCISES["06_best_badge"].solution not in out.value
    answer.value = "Merchant"
    check_button.click()
    assert "R-SCORE-2" in out.value and "Hint:" in out.value
    solution_button.click()
    assert "Wealthy" in out.value
    typed = exercise("05_smallest_face")
    text, check_button, _ = typed.children[1].children
    text.value = "final 7; roll 2"
    check_button.click()
    assert "Well done." in typed.children[2].value


def test_the_exercise_widget_keeps_its_language() -> None:
    """Issue 15: the power names to choose from, and the feedback a click brings, are in
    the widget's language, whatever the language in effect at the click."""
    pytest.importorskip("ipywidgets")
    from swlab import i18n
    from swlab.play.tutorial import exercise

    box = exercise("06_best_badge", language="tr")
    answer, check_button, solution_button = box.children[1].children
    wealthy = i18n.pgettext("power", "Wealthy", "tr")
    assert (wealthy, "Wealthy") in answer.options and wealthy != "Wealthy"
    answer.value = "Merchant"
    with i18n.using("en"):
        check_button.click()
        solution_button.click()
    assert wealthy in box.children[2].value


def test_every_viewer_owns_its_game() -> None:
    pytest.importorskip("ipyleaflet")
    from swlab.play import GameViewer

    game = Game.from_scenario("tutorial/02_costs.yaml")
    viewer = GameViewer(game)
    shown = viewer.controller.state
    game.play("conquer 7")  # a later cell plays on the game
    assert viewer.controller.state is shown and viewer.controller.index == 0

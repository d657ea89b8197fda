"""Issue 11, observation 9: the tutorial's viewers own their games, exercises are real
(the engine checks, the solution stays in the package), nbval checks use cell tags, and
the welcome notebook that runs in Voila asks nobody to Run All."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swlab.play.tutorial import EXERCISES, check
from swlab.rules import Game

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


def test_notebook_02_ships_no_answers() -> None:
    nb = next(p for p in NOTEBOOKS if p.stem == "02_conquest")
    text = "\n".join(source(c) for c in cells(nb))
    for ex in ("02_first_conquest", "02_the_die"):
        # the solution is nowhere before the exercise (the lesson may use it afterwards)
        before = text[: text.index(f'exercise("{ex}")')]
        assert f'"{EXERCISES[ex].solution}"' not in before
        assert "answer =" not in before


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_exercises_answer_with_feedback_and_a_hint(name: str) -> None:
    right = check(name, EXERCISES[name].solution)
    assert right.ok and right.lines[0].startswith("✔") and right.lines[-1] == "Well done."
    wrong = check(name, "conquer 8")  # the Lake: refused (R-CONQ-4)
    assert not wrong.ok and "(R-CONQ-" in wrong.lines[0]
    assert wrong.lines[-1] == f"Hint: {EXERCISES[name].hint}"
    assert not check(name, "").ok and not check(name, "fly away").ok


def test_every_viewer_owns_its_game() -> None:
    pytest.importorskip("ipyleaflet")
    from swlab.play import GameViewer

    game = Game.from_scenario("tutorial/02_costs.yaml")
    viewer = GameViewer(game)
    shown = viewer.controller.state
    game.play("conquer 7")  # a later cell plays on the game
    assert viewer.controller.state is shown and viewer.controller.index == 0

"""Issue 11, observation 9: the tutorial's viewers own their games, nbval checks use cell
tags, and the welcome notebook that runs in Voila asks nobody to Run All. Issue 25: each
lesson (01-06) opens its stages of the learn path, played on the board, where its typed
exercises were."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from swlab.game import Game

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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_true_or_false_leaks_into_a_page(path: Path) -> None:
    """Issue 25: a cell's value is shown under it (in Voila too): a demonstration that
    ends with ``attempt(...)`` shows what happened, never ``True`` or ``False``."""
    for cell in cells(path):
        for out in cell.get("outputs", []) or []:  # type: ignore[attr-defined]
            value = "".join(out.get("data", {}).get("text/plain", ""))
            assert value not in ("True", "False"), source(cell)[:80]


#: The stages of the learn path each lesson opens on the board (docs/learn.md), in the
#: place of the typed exercises they had.
NOTEBOOK_STAGES = {
    "01_setup_and_combos": ("setup",),
    "02_conquest": ("conquest", "die"),
    "03_redeploy_and_scoring": ("redeploy", "scoring"),
    "04_decline": ("decline",),
    "05_races": ("races",),
    "06_powers": ("powers",),
}


def _stage_paths(path: Path) -> list[tuple[int, tuple[str, ...]]]:
    """(cell index, stages) of each ``LearnPath(stages=...)`` call of the notebook."""
    found = []
    for k, cell in enumerate(cells(path)):
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse(source(cell))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "LearnPath":
                for kw in node.keywords:
                    if kw.arg == "stages":
                        found.append((k, tuple(ast.literal_eval(kw.value))))
    return found


@pytest.mark.parametrize("stem", sorted(NOTEBOOK_STAGES))
def test_each_lesson_opens_its_stages_of_the_learn_path_and_says_what_to_do(stem: str) -> None:
    path = next(p for p in NOTEBOOKS if p.stem == stem)
    found = _stage_paths(path)
    assert [stages for _, stages in found] == [NOTEBOOK_STAGES[stem]]
    k = found[0][0]
    before = cells(path)[k - 1]
    assert before["cell_type"] == "markdown"
    assert "Click a level" in source(before) and "stars" in source(before)
    text = "\n".join(source(c) for c in cells(path))
    assert "exercise(" not in text and "Exercise" not in text  # nothing left to type
    assert "Check*" not in text and "Show solution" not in text


def test_the_lessons_open_every_stage_of_the_rules_in_the_paths_order() -> None:
    """Notebooks 01-06 open every stage of the rules; the last stage, the turns of lessons
    a teacher made by playing, is notebook 12's."""
    from swlab.learn.level import LESSONS, STAGES

    opened = [s for stem in sorted(NOTEBOOK_STAGES) for s in NOTEBOOK_STAGES[stem]]
    assert tuple(opened) == tuple(s for s in STAGES if s != LESSONS)


def test_every_viewer_owns_its_game() -> None:
    pytest.importorskip("ipyleaflet")
    from swlab.play import GameViewer

    game = Game.from_scenario("tutorial/02_costs.yaml")
    viewer = GameViewer(game)
    shown = viewer.controller.state
    game.play("conquer 7")  # a later cell plays on the game
    assert viewer.controller.state is shown and viewer.controller.index == 0

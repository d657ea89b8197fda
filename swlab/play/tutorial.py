"""Small helpers the tutorial notebooks share, so their cells stay one line long.

Exercises (:func:`exercise`) let the learner type an answer that the engine checks, with
feedback and a hint; their solutions live here, shown only on request.

They print plain sentences for a learner: what an action did (the engine's events, each
citing its rule id) or why it was refused (the rule id and the engine's sentence).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from swlab.board.catalog import scenario_path
from swlab.rules.game import Game
from swlab.rules.scenario import read_scenario_file, scenario_from_dict


def attempt(game: Game, actions: str) -> bool:
    """Play ``actions`` (``"conquer 3; end"``) on ``game`` and print the outcome.

    Prints ``✔`` and the events, or ``✘ refused:`` and the rule that forbids it; a refused
    attempt leaves the game as it was. Returns whether the actions were played.
    """
    before = game.index
    error = game.try_play(actions)
    if error:
        print(f"✘ refused: {error.message}")
        return False
    print("✔ " + "\n  ".join(game.describe(game.index - before)))
    return True


def with_power(scenario: str | os.PathLike[str], power: str, seat: int = 0) -> Game:
    """The position of ``scenario`` with another special power for the player in ``seat``.

    Lets a lesson compare powers on one and the same board position. ``scenario`` is a
    file or a shipped scenario's name (``"tutorial/06_cost_powers"``).
    """
    path = scenario_path(scenario)
    data = read_scenario_file(path)
    data["players"][seat]["active"]["power"] = power
    return Game.from_state(scenario_from_dict(data, path.parent))


# ==========================================================================================
# Exercises: the learner acts, the engine checks, the solution stays in the package
# ==========================================================================================


@dataclass(frozen=True)
class Exercise:
    """One exercise on a shipped position: ``goal`` says whether the learner's actions
    reached it (and why not); ``hint`` nudges; ``solution`` is shown only on request."""

    scenario: str
    prompt: str
    goal: Callable[[Game], str | None]
    hint: str
    solution: str


@dataclass(frozen=True)
class Feedback:
    """The engine's answer to a try: ``ok``, and the lines to show."""

    ok: bool
    lines: tuple[str, ...]


def _stage_is(stage: str, region: int | None = None) -> Callable[[Game], str | None]:
    def goal(game: Game) -> str | None:
        state = game.state
        if state.turn.stage.value != stage:
            return "That is legal, but not what the exercise asks."
        if region is not None and state.geo.ids[state.turn.final_region] != region:
            return "A final conquest, but not of the region the exercise names."
        return None

    return goal


def _first_conquest(game: Game) -> str | None:
    seat = game.state.current
    if any(r.owner == seat and r.tokens for r in game.state.regions):
        return None
    return "Ann holds no region yet: conquer one."


EXERCISES: dict[str, Exercise] = {
    "02_first_conquest": Exercise(
        scenario="tutorial/02_first_conquest.yaml",
        prompt="Type Ann's first conquest (for example: conquer 5), then Check.",
        goal=_first_conquest,
        hint="A first conquest enters from the edge of the board (R-CONQ-1), never on water "
        "(R-CONQ-4): look for a land region touching the board's edge.",
        solution="conquer 12",
    ),
    "02_the_die": Exercise(
        scenario="tutorial/02_the_die.yaml",
        prompt="Type the action that gives Ann a chance to take Hill 7, then Check.",
        goal=_stage_is("roll", 7),
        hint="Hill 7 costs 4 and Ann holds 3: a plain conquest is refused. The reinforcement "
        "die can add up to 3 tokens, if the region is chosen first (R-CONQ-10).",
        solution="final 7",
    ),
}


def check(name: str, actions: str) -> Feedback:
    """Play ``actions`` on a fresh copy of exercise ``name``'s position and say whether
    they reach its goal: the engine's refusal (rule id) or events, then a verdict."""
    ex = EXERCISES[name]
    text = actions.strip()
    if not text:
        return Feedback(False, ("Type an action first, such as: conquer 3.",))
    game = Game.from_scenario(ex.scenario)
    try:
        error = game.try_play(text)
    except ValueError as e:  # not an action at all
        return Feedback(False, (f"✘ {e}", f"Hint: {ex.hint}"))
    if error:
        return Feedback(False, (f"✘ refused: {error.message}", f"Hint: {ex.hint}"))
    events = tuple(game.describe())
    why = ex.goal(game)
    if why is None:
        return Feedback(True, ("✔ " + events[0] if events else "✔", *events[1:], "Well done."))
    return Feedback(False, (*events, f"✘ {why}", f"Hint: {ex.hint}"))


def exercise(name: str) -> Any:
    """The exercise as a widget: a box to type actions, Check (the engine answers with
    feedback and a hint) and an explicit Show solution."""
    import html

    import ipywidgets as widgets  # type: ignore[import-untyped]

    ex = EXERCISES[name]
    box = widgets.Text(placeholder="your answer, e.g. conquer 5", description="answer")
    check_button = widgets.Button(description="Check", button_style="primary")
    solution_button = widgets.Button(description="Show solution")
    out = widgets.HTML()
    out.add_class("swlab-feedback")

    def on_check(_: Any = None) -> None:
        fb = check(name, box.value)
        colour = "#009E73" if fb.ok else "#D55E00"
        body = "<br>".join(html.escape(line) for line in fb.lines)
        out.value = f"<div style='border-left:5px solid {colour};padding:4px 8px'>{body}</div>"

    def on_solution(_: Any = None) -> None:
        out.value = f"<div>Solution: <code>{html.escape(ex.solution)}</code></div>"

    check_button.on_click(on_check)
    box.on_submit(on_check)
    solution_button.on_click(on_solution)
    return widgets.VBox(
        [
            widgets.HTML(f"<b>{html.escape(ex.prompt)}</b>"),
            widgets.HBox([box, check_button, solution_button]),
            out,
        ]
    )

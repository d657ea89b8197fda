"""Lessons made by playing: each learner's turn marked in a lesson file becomes a level.

A teacher records a game in the viewer, comments steps and marks "the learner's turn"
(:mod:`swlab.play.lesson`); the file (:mod:`swlab.game.lesson`, ``docs/learn.md``) is
played here as levels of the learn path::

    from swlab.learn.lesson import lesson_levels
    from swlab.learn.widget import LearnPath

    LearnPath(levels=lesson_levels("swlab-files/first-turn.json"))

A mark from step ``S`` to step ``U`` gives the level whose position is the game at step
``S``, whose solution is the teacher's actions ``S + 1`` .. ``U`` and whose goal is what
those actions reached for the learner's seat: the regions newly held, the race gone into
decline, the stage the turn stands in, the coins scored, each when the turn changed it
(and the tokens in the regions when the rest was reached earlier). The goal is the
smallest of these that first holds at step ``U``, so the teacher's actions solve it in
exactly their number (the par). The level teaches the rule ids the engine applied in
those actions (their events' rules; for an action without events, its kind's
:data:`~swlab.rules.engine.ACTION_RULE`), its wrong try is an action the
engine refuses at the start, with its rule id, as near the teacher's first action as the
engine gives one.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from swlab.game.lesson import Lesson, LessonError, Mark, acting_seat, load_lesson
from swlab.game.record import Step
from swlab.game.scenario import dump_scenario
from swlab.learn.goal import counted, reached
from swlab.learn.level import RULE_ID, Goal, Level, LevelError, level_from_dict
from swlab.rules.actions import (
    Action,
    Conquer,
    Decline,
    Deploy,
    Done,
    End,
    Final,
    Pick,
    Place,
    RegionAction,
    Roll,
    Take,
    Withdraw,
)
from swlab.rules.driver import sample_chance
from swlab.rules.engine import ACTION_RULE, CHANCE, current_player, why_illegal
from swlab.rules.events import RoundStarted, TurnStarted
from swlab.rules.state import GameState, RegionState

__all__ = ["is_lesson_file", "lesson_levels", "levels_of"]


def is_lesson_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a lesson (a ``.json`` file) rather than a level (YAML)."""
    return Path(path).suffix.lower() == ".json"


def lesson_levels(path: str | os.PathLike[str]) -> list[Level]:
    """The levels of a lesson file, one per mark, in step order; :class:`LevelError`
    names the file and the place (``marks.1.until``, ``actions.4``)."""
    file = Path(path)
    try:
        lesson = load_lesson(file)
    except LessonError as e:
        raise LevelError(e.field, e.reason, file) from None
    return levels_of(lesson, file)


def levels_of(lesson: Lesson, file: str | os.PathLike[str]) -> list[Level]:
    """The levels of ``lesson`` (read from ``file``, which names the levels)."""
    path = Path(file)
    try:
        states, steps = lesson.replay(file=path)
    except LessonError as e:
        raise LevelError(e.field, e.reason, path) from None
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", path.stem).strip("-") or "lesson"
    return [
        _level(lesson, k, states, steps, f"{stem}-{k + 1}", path) for k in range(len(lesson.marks))
    ]


def _texts(lesson: Lesson, step: int) -> str:
    return " ".join(c.text.strip() for c in lesson.record.comments if c.step == step).strip()


def _level(
    lesson: Lesson, k: int, states: list[GameState], steps: list[Step], level_id: str, file: Path
) -> Level:
    mark = lesson.marks[k]
    where = f"marks.{k}"
    start = states[mark.step]
    seat = acting_seat(start)
    actions = lesson.record.actions[mark.step : mark.until]
    goal = _goal_for(mark, states, seat, where)
    hints = [t for n in range(mark.step + 1, mark.until) if (t := _texts(lesson, n))]
    data: dict[str, Any] = {
        "id": level_id,
        "stage": _stage(actions, start, goal),
        "title": mark.goal,
        "teaches": _teaches(steps[mark.step : mark.until], where),
        "position": json.loads(json.dumps(dump_scenario(start, file.parent))),
        "intro": _texts(lesson, mark.step) or mark.goal,
        "goal": goal,
        "par": sum(1 for a in actions if counted(a)),
        "solution": _solution(actions, states[mark.step : mark.until]),
        "wrong": _wrong(start, actions[0], where),
    }
    if hints:
        data["hints"] = hints
    if explain := _texts(lesson, mark.until):
        data["explain"] = explain
    try:
        return level_from_dict(data, file)
    except LevelError as e:
        raise LevelError(where, f"{e.path}: {e.reason}" if e.path else e.reason, file) from None


# ====================================================================================
# The goal: what the teacher's actions reached, first at the mark's last step
# ====================================================================================


def _held(r: RegionState, seat: int, race: str) -> bool:
    return bool(race) and r.owner == seat and r.race == race and not r.in_decline


def _candidates(before: GameState, after: GameState, seat: int) -> list[dict[str, Any]]:
    """Goals from the smallest to the strictest, each a level's ``goal`` mapping."""
    p0, p1 = before.players[seat], after.players[seat]
    race = p1.active.name if p1.active is not None else ""
    ids = after.geo.ids
    held0 = {ids[i] for i, r in enumerate(before.regions) if _held(r, seat, race)}
    held1 = {ids[i] for i, r in enumerate(after.regions) if _held(r, seat, race)}
    goal: dict[str, Any] = {}
    if new := sorted(held1 - held0):
        goal["hold"] = new
    if p0.active is not None:
        gone = after.race(p0.active.name)
        if gone is not None and gone.in_decline:
            goal["declined"] = True
    still = current_player(after) is not None and acting_seat(after) == seat
    if still and (after.stage != before.stage or goal):
        goal["stage"] = after.stage.value
    if p1.coins > p0.coins:
        goal["coins"] = p1.coins
    tokens = {
        ids[i]: r.tokens
        for i, r in enumerate(after.regions)
        if _held(r, seat, race) and r.tokens > (before.regions[i].tokens if ids[i] in held0 else 0)
    }
    with_tokens = {**goal, "tokens": tokens} if tokens else goal
    return [g for g in (goal, with_tokens) if g]


def _goal_key(goal: dict[str, Any]) -> Goal:
    return Goal(
        hold=tuple(goal.get("hold", ())),
        tokens=tuple(goal.get("tokens", {}).items()),
        stage=goal.get("stage", ""),
        coins=goal.get("coins"),
        declined=goal.get("declined"),
    )


def _goal_for(mark: Mark, states: list[GameState], seat: int, where: str) -> dict[str, Any]:
    """The smallest goal that holds at ``mark.until`` and at no step before it."""
    start = states[mark.step]
    candidates = _candidates(start, states[mark.until], seat)
    first = mark.until
    for goal in candidates:
        key = _goal_key(goal)
        first = next(
            n for n in range(mark.step, mark.until + 1) if reached(key, start, states[n], seat)
        )
        if first == mark.until:
            return goal
    if candidates and first > mark.step:
        raise LevelError(
            f"{where}.until",
            f"what the turn reaches ({', '.join(candidates[-1])}) is reached at step {first} "
            f"already: end the learner's turn there",
        )
    raise LevelError(
        where,
        "the actions change nothing a goal can ask for (regions held, tokens, stage, coins, "
        "decline): mark a turn that does",
    )


# ====================================================================================
# The level's other fields
# ====================================================================================


def _stage(actions: Sequence[Action], start: GameState, goal: dict[str, Any]) -> str:
    """The stage of the learn path the level belongs to (``docs/learn.md``)."""
    kinds = {type(a) for a in actions}
    table: tuple[tuple[tuple[type[Action], ...], str], ...] = (
        ((Decline,), "decline"),
        ((Roll, Final), "die"),
        ((Pick,), "setup"),
        ((Conquer,), "conquest"),
        ((Deploy, Place, Take, Withdraw), "redeploy"),
    )
    for group, stage in table:
        if kinds & set(group):
            return stage
    if start.stage.value == "redeploy":
        return "redeploy"
    return "scoring" if "coins" in goal else "conquest"


def _teaches(steps: Sequence[Step], where: str) -> list[str]:
    """The rule ids the engine applied in the turn, each once, in the order met: those of
    each action's events (up to the next turn's start), else the rule of the action's kind
    (``end``: R-CONQ-11)."""
    ids: list[str] = []
    for step in steps:
        rules: list[str] = []
        for event in step.events:
            if isinstance(event, TurnStarted | RoundStarted):
                break  # the next player's turn: not the learner's doing
            rules.append(event.rule)
        for rule in rules or [ACTION_RULE.get(type(step.action), ("", ""))[0]]:
            if RULE_ID.fullmatch(rule) and rule not in ids:
                ids.append(rule)
    if not ids:
        raise LevelError(where, "no rule of the engine names these actions: mark other steps")
    return ids


def _solution(actions: Sequence[Action], before: Sequence[GameState]) -> list[str]:
    """The actions in the notation; a die roll the seed gives is a bare ``roll`` (what the
    viewer's *roll the die* button plays), another face is written out."""
    out: list[str] = []
    for action, state in zip(actions, before, strict=True):
        seeded = isinstance(action, Roll) and current_player(state) == CHANCE
        out.append("roll" if seeded and sample_chance(state) == action else repr(action))
    return out


def _tries(start: GameState, first: Action) -> list[Action]:
    """Actions to try as the wrong one: the teacher's first kind on other regions or
    positions first, then every other kind."""
    regions = list(start.geo.ids)
    same: list[Action] = []
    kinds: list[Callable[[int], Action]] = [Conquer, Final]
    if isinstance(first, RegionAction):
        kinds.insert(0, type(first))
    for kind in kinds:
        same += [kind(rid) for rid in regions]
    picks: list[Action] = [Pick(n) for n in range(len(start.column) + 1)]
    rest: list[Action] = [Decline(), End(), Done()]
    return [*picks, *same, *rest] if isinstance(first, Pick) else [*same, *picks, *rest]


def _wrong(start: GameState, first: Action, where: str) -> dict[str, Any]:
    """One action the engine refuses at ``start`` with a rule id: the level's wrong try."""
    for action in _tries(start, first):
        error = why_illegal(start, action)
        if error is not None and RULE_ID.fullmatch(error.rule):
            return {"actions": [repr(action)], "rule": error.rule}
    raise LevelError(where, "the engine refuses no action here: mark another step")

"""``swlab learn check``: play each level's solution and its wrong try on the engine.

A level passes when its solution reaches the goal in exactly ``par`` actions (the par is
the best solution's length), the goal does not hold before any action, and the wrong try
gets the rule id it names (or, with ``misses: true``, is legal and misses the goal). The
actions are judged by the same :class:`~swlab.learn.goal.Attempt` the widget uses, so a
level that passes here can be solved with clicks.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from swlab.game.game import Game
from swlab.i18n import _, ngettext
from swlab.learn.goal import Attempt, Verdict, counted, engine_answer, reached
from swlab.learn.level import (
    Level,
    LevelError,
    lesson_files,
    level_files,
    load_level,
    play_step,
)

__all__ = ["CheckResult", "check_files", "check_level", "play_actions"]


@dataclass
class CheckResult:
    """The problems of one level file (none: it passes)."""

    file: str
    level_id: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def play_actions(
    level: Level, actions: Sequence[str], attempt: Attempt | None = None
) -> tuple[Verdict, Game]:
    """Play ``actions`` (notation; a bare ``roll`` rolls the die as the viewer's *roll the
    die* button does, from the position's seed) from the level's start and judge each with
    an :class:`Attempt`; stop at the first refusal or when the goal is reached."""
    attempt = attempt or Attempt(level)
    game = Game.from_state(level.start())
    verdict = Verdict("playing")
    done = 0
    for text in actions:
        refusal = play_step(game, text)
        if refusal is not None:
            return attempt.refused(refusal.rule, f"{text}: {refusal.message}", done), game
        done += sum(1 for a in game.actions[-1:] if counted(a))
        verdict = attempt.played(game.state, done)
        if verdict.kind in ("solved", "missed"):
            break
    return verdict, game


def check_level(level: Level) -> list[str]:
    """What fails in ``level`` (empty when it passes)."""
    if level.goal.predict is not None:
        return _check_predict(level)
    problems: list[str] = []
    if reached(level.goal, level.start(), level.start(), level.seat):
        problems.append(_("goal: it holds before any action"))
    verdict, _game = play_actions(level, level.solution)
    if verdict.kind != "solved":
        why = f"{verdict.rule} {verdict.message}".strip() if verdict.kind == "refused" else ""
        problems.append(
            _("solution: does not reach the goal{why}").format(why=f" ({why})" if why else "")
        )
    elif verdict.actions != level.par:
        problems.append(
            ngettext(
                "par: the solution takes {n} action, the par says {par}",
                "par: the solution takes {n} actions, the par says {par}",
                verdict.actions,
            ).format(n=verdict.actions, par=level.par)
        )
    elif verdict.stars != 3:
        problems.append(_("solution: earns {n} stars, not 3").format(n=verdict.stars))
    problems += _check_wrong(level)
    return problems


def _check_wrong(level: Level) -> list[str]:
    wrong = level.wrong
    verdict, _game = play_actions(level, wrong.actions)
    if wrong.rule:
        if verdict.kind != "refused":
            return [
                _("wrong: expected a refusal with {rule}, but the engine accepted it").format(
                    rule=wrong.rule
                )
            ]
        if verdict.rule != wrong.rule:
            return [
                _("wrong: refused with {got}, not {rule}: {message}").format(
                    got=verdict.rule or "-", rule=wrong.rule, message=verdict.message
                )
            ]
        if level.goal.refusal == wrong.rule:
            return [_("wrong: the goal's own refusal is not a wrong try")]
        return []
    if verdict.kind == "refused":
        return [
            _("wrong: refused ({rule}): {message}").format(
                rule=verdict.rule, message=verdict.message
            )
        ]
    if verdict.kind == "solved":
        return [_("wrong: reaches the goal")]
    return []


def _check_predict(level: Level) -> list[str]:
    predict = level.goal.predict
    assert predict is not None
    problems: list[str] = []
    want = engine_answer(predict, level.start())
    if predict.of and want is None:
        problems.append(
            _("goal.predict.of: the engine has no answer to {of}").format(of=predict.of)
        )
    elif want is not None and want != predict.answer:
        problems.append(
            _("goal.predict.answer: the engine says {want}").format(want=", ".join(map(str, want)))
        )
    for key, values, should in (
        ("solution", level.solution, True),
        ("wrong", level.wrong.actions, False),
    ):
        verdict = Attempt(level).answer([int(v) for v in values])
        if (verdict.kind == "solved") != should:
            problems.append(
                _("solution: is not the answer") if should else _("wrong: is the answer")
            )
        del key
    if level.par != 1:
        problems.append(_("par: a prediction is one answer: the par is 1"))
    return problems


def check_files(paths: Sequence[str | os.PathLike[str]] = ()) -> list[CheckResult]:
    """Check the given level files and lesson files (``.json``: one level per marked
    turn, :mod:`swlab.learn.lesson`), by default every shipped level and lesson; a file
    that does not load is one result whose problem names the place in the file."""
    from swlab.learn.lesson import is_lesson_file, lesson_levels

    results: list[CheckResult] = []
    #: each level with the place its problems are told at (``marks.1`` in a lesson)
    levels: list[tuple[Level, str] | tuple[str, LevelError]] = []
    for p in paths or [*level_files(), *lesson_files()]:
        try:
            if is_lesson_file(p):
                levels += [(lv, f"marks.{k}: ") for k, lv in enumerate(lesson_levels(p))]
            else:
                levels.append((load_level(p), ""))
        except LevelError as e:
            levels.append((str(p), e))
    seen: dict[str, str] = {}
    for item, where in levels:
        if isinstance(item, str):
            results.append(CheckResult(item, problems=[str(where)]))
            continue
        file = str(item.file) if item.file is not None else item.id
        result = CheckResult(file, item.id)
        if item.id in seen:
            result.problems.append(
                _("id: {id} is also the id of {other}").format(id=item.id, other=seen[item.id])
            )
        seen[item.id] = file
        try:
            result.problems += check_level(item)
        except (LevelError, ValueError) as e:
            result.problems.append(str(e))
        result.problems = [f"{where}{problem}" for problem in result.problems]
        results.append(result)
    return results


def shown_path(file: str) -> str:
    """A level file as a short path: relative to the working folder when inside it."""
    path = Path(file)
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return file

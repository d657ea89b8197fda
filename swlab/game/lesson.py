"""Lesson files: a game record with a teacher's comments and the learner's turns marked.

A lesson is the JSON form of a game record (:mod:`swlab.game.record`: board, players, seed
or scenario, actions, ``comments``) under its own format name, plus ``marks``::

    {"format": "swlab lesson", "version": 1,
     "board": "official_2p", "players": ["Ann", "Bob"], "seed": 12,
     "races": [...], "powers": [...], "actions": ["pick 0", "conquer 3", ...],
     "comments": [{"step": 0, "text": "Ann starts."}],
     "marks": [{"step": 0, "until": 3, "goal": "Enter the map and take two regions"}]}

Steps are counted as the comments count them: step 0 is the start, step ``k`` the position
after action ``k``. A mark says "from step ``step`` the learner plays this player's turn,
to step ``until``": the teacher's own actions ``step + 1`` .. ``until`` are the solution.
The learn path turns each mark into a level (:mod:`swlab.learn.lesson`); this module reads,
writes and checks the file itself, so the viewer (which records lessons) and the learn path
share one reader. Every refusal is a :class:`LessonError` naming the file and the field
(``marks.1.until``), as :class:`~swlab.game.record.RecordError` does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swlab.game.record import JSON_VERSION, MAGIC, GameRecord, RecordError, ReplayError, Step
from swlab.rules.engine import current_player
from swlab.rules.geo import BoardLike
from swlab.rules.state import GameState

__all__ = [
    "COMMENT_LIMIT",
    "GOAL_LIMIT",
    "LESSON_FORMAT",
    "LESSON_VERSION",
    "Lesson",
    "LessonError",
    "Mark",
    "acting_seat",
    "lesson_of",
    "load_lesson",
    "load_lesson_or_record",
    "other_player",
    "overlapped",
    "save_lesson",
]

LESSON_FORMAT = "swlab lesson"
LESSON_VERSION = 1
#: the longest goal text of a mark (it is the level's title)
GOAL_LIMIT = 200
#: the longest comment of a lesson: a level shows it as its intro, a hint or its
#: explanation, texts of at most 2,000 characters (:mod:`swlab.learn.level`)
COMMENT_LIMIT = 2_000


class LessonError(RecordError):
    """A lesson file that cannot be used: the file, the field and why."""

    def in_file(self, file: str | os.PathLike[str] | None) -> LessonError:
        if self.file is not None or file is None:
            return self
        return LessonError(self.field, self.reason, file)


@dataclass(frozen=True)
class Mark:
    """The learner's turn: from step ``step`` to step ``until``, with the goal in words."""

    step: int
    until: int
    goal: str


def acting_seat(state: GameState) -> int:
    """The seat whose turn it is at ``state`` (the player the die is rolled for, at a die
    roll): the learner of a mark starting there."""
    actor = current_player(state)
    return state.turn.actor if actor is None or actor < 0 else actor  # CHANCE < 0


def overlapped(marks: Sequence[Mark], mark: Mark) -> int | None:
    """The index of the first of ``marks`` sharing a step played with ``mark``, if any."""
    for j, other in enumerate(marks):
        if mark.step < other.until and other.step < mark.until:
            return j
    return None


def other_player(states: Sequence[GameState], mark: Mark) -> int | None:
    """The first step ``n`` of ``mark`` whose action (action ``n + 1``) another seat than
    the learner's plays, or after the game's end; None when the turn is one player's."""
    seat = acting_seat(states[mark.step])
    for n in range(mark.step, mark.until):
        if current_player(states[n]) is None or acting_seat(states[n]) != seat:
            return n
    return None


@dataclass(frozen=True)
class Lesson:
    """A recorded game (its comments included) and the learner's turns marked on it."""

    record: GameRecord
    marks: tuple[Mark, ...]

    def to_json(self, base_dir: str | os.PathLike[str] | None = None) -> dict[str, Any]:
        """The lesson file's mapping (a board path made relative to ``base_dir``)."""
        out = self.record.to_json(base_dir)
        out.update(format=LESSON_FORMAT, version=LESSON_VERSION)
        out["marks"] = [{"step": m.step, "until": m.until, "goal": m.goal} for m in self.marks]
        return out

    @classmethod
    def from_json(
        cls,
        data: Any,
        base_dir: str | os.PathLike[str] | None = None,
        file: str | os.PathLike[str] | None = None,
    ) -> Lesson:
        """Read a lesson's mapping: the record's fields as a record reads them, then the
        marks (:meth:`check_marks`)."""
        if not isinstance(data, dict):
            raise LessonError(
                "", f'a lesson is a JSON object {{"format": "{LESSON_FORMAT}", ...}}', file
            )
        if data.get("format") == MAGIC:
            raise LessonError(
                "format",
                f"this is a game record, not a lesson: a lesson's format is {LESSON_FORMAT!r} "
                "and it marks the learner's turns (marks)",
                file,
            )
        if data.get("format") != LESSON_FORMAT:
            raise LessonError("format", f"must be {LESSON_FORMAT!r}: this is not a lesson", file)
        if data.get("version") != LESSON_VERSION:
            raise LessonError(
                "version", f"this swlab reads lessons of version {LESSON_VERSION}", file
            )
        fields = {k: v for k, v in data.items() if k != "marks"}
        fields.update(format=MAGIC, version=JSON_VERSION)
        record = GameRecord.from_json(fields, base_dir, file)
        if "marks" not in data:
            raise LessonError("marks", "is required: a lesson marks the learner's turns", file)
        for k, c in enumerate(record.comments):
            if len(c.text) > COMMENT_LIMIT:
                raise LessonError(
                    f"comments.{k}.text",
                    f"{len(c.text):,} characters, more than the {COMMENT_LIMIT:,} a lesson's "
                    "comment may have (a level shows it)",
                    file,
                )
        marks = _json_marks(data["marks"], file)
        lesson = cls(record, marks)
        lesson.check_marks(file)
        return lesson

    def check_marks(self, file: str | os.PathLike[str] | None = None) -> None:
        """Every mark within the game's steps, none overlapping another."""
        steps = len(self.record.actions)
        if not self.marks:
            raise LessonError("marks", "mark at least one learner's turn", file)
        if not steps:
            raise LessonError(
                "actions", "the game has no actions: a learner's turn marks actions played", file
            )
        for k, m in enumerate(self.marks):
            if not 0 <= m.step < steps:
                raise LessonError(
                    f"marks.{k}.step",
                    f"step {m.step} is out of range: a learner's turn starts at a step from 0 "
                    f"(the start) to {steps - 1} (the game has {steps} actions)",
                    file,
                )
            if not m.step < m.until <= steps:
                raise LessonError(
                    f"marks.{k}.until",
                    f"step {m.until} is out of range: the turn marked from step {m.step} ends "
                    f"at a step from {m.step + 1} to {steps}",
                    file,
                )
            j = overlapped(self.marks[:k], m)
            if j is not None:
                other = self.marks[j]
                raise LessonError(
                    f"marks.{k}",
                    f"steps {m.step}-{m.until} overlap marks.{j} (steps "
                    f"{other.step}-{other.until}): a step belongs to one learner's turn",
                    file,
                )

    def replay(
        self, board: BoardLike | None = None, file: str | os.PathLike[str] | None = None
    ) -> tuple[list[GameState], list[Step]]:
        """The game's positions, step 0 (the start) to the last, and its steps (action,
        events, state), replayed by the rules; an action they refuse is named by its field
        and rule id. Each mark is checked to be one seat's turn (the learner plays one
        player)."""
        try:
            steps = self.record.timeline(board)
            states = [self.record.start(board), *(s.state for s in steps)]
        except ReplayError as e:
            raise LessonError(
                e.field,
                f"action {e.index + 1} ('{e.action!r}') is refused ({e.rule or 'notation'}): "
                f"{e.message}",
                file,
            ) from None
        except RecordError as e:
            raise LessonError(e.field, e.reason, e.file or file) from None
        for k, m in enumerate(self.marks):
            n = other_player(states, m)
            if n is not None:
                raise LessonError(
                    f"marks.{k}.until",
                    f"action {n + 1} is played by {states[n].players[acting_seat(states[n])].name}"
                    f", not {states[m.step].players[acting_seat(states[m.step])].name}: a "
                    f"learner's turn is one player's; end it at step {n} or earlier",
                    file,
                )
        return states, steps


def _json_marks(value: Any, file: str | os.PathLike[str] | None) -> tuple[Mark, ...]:
    if not isinstance(value, list):
        raise LessonError(
            "marks", 'must be a list of {"step": ..., "until": ..., "goal": ...}', file
        )
    marks: list[Mark] = []
    for k, item in enumerate(value):
        where = f"marks.{k}"
        if not isinstance(item, dict) or set(item) != {"step", "until", "goal"}:
            raise LessonError(
                where, 'must be an object {"step": ..., "until": ..., "goal": ...}', file
            )
        for key in ("step", "until"):
            if isinstance(item[key], bool) or not isinstance(item[key], int):
                raise LessonError(f"{where}.{key}", "must be a step number", file)
        goal = item["goal"]
        if not isinstance(goal, str) or not goal.strip():
            raise LessonError(f"{where}.goal", "must say the learner's goal in words", file)
        if len(goal) > GOAL_LIMIT:
            raise LessonError(
                f"{where}.goal",
                f"{len(goal):,} characters, more than the {GOAL_LIMIT:,} allowed",
                file,
            )
        marks.append(Mark(item["step"], item["until"], goal.strip()))
    return tuple(marks)


def save_lesson(lesson: Lesson, path: str | os.PathLike[str]) -> None:
    """Write ``lesson`` atomically as JSON (its marks checked first: nothing half-right is
    written)."""
    from swlab.safe_io import atomic_write_text

    target = Path(path)
    lesson.check_marks(target)
    text = json.dumps(lesson.to_json(target.resolve().parent), indent=1) + "\n"
    atomic_write_text(target, text, parents=True)


def load_lesson(path: str | os.PathLike[str]) -> Lesson:
    """Read a lesson file (by :mod:`swlab.safe_io`: a regular file, a size limit, UTF-8,
    bounded nesting); every refusal is a :class:`LessonError` naming the file."""
    from swlab.safe_io import InputRefused, parse_json, read_text

    p = Path(path)
    try:
        data = parse_json(read_text(p, "record"))
    except InputRefused as e:
        raise LessonError("", e.reason, p) from None
    try:
        return Lesson.from_json(data, p.resolve().parent, p)
    except LessonError:
        raise
    except RecordError as e:
        raise LessonError(e.field, e.reason, p) from None


def lesson_of(record: GameRecord, marks: Sequence[Mark]) -> Lesson:
    """A lesson of ``record`` with ``marks`` in step order (checked)."""
    lesson = Lesson(record, tuple(sorted(marks, key=lambda m: m.step)))
    lesson.check_marks()
    return lesson


def load_lesson_or_record(path: str | os.PathLike[str]) -> Lesson | GameRecord:
    """A lesson file, or a game record (JSON or text) to make one of: what a teacher
    opens to go on commenting and marking."""
    from swlab.game.record import load_record
    from swlab.safe_io import InputRefused, parse_json, read_text

    p = Path(path)
    try:
        text = read_text(p, "record")
        data = parse_json(text) if text.lstrip().startswith("{") else None
    except InputRefused as e:
        raise LessonError("", e.reason, p) from None
    if isinstance(data, dict) and data.get("format") == LESSON_FORMAT:
        return load_lesson(p)
    return load_record(p)

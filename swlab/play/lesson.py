"""The teacher's side of the game viewer: comment steps, mark the learner's turns, save a
lesson file that the learn path plays as levels (``docs/learn.md``).

:class:`LessonRecorder` is the logic, pure Python like the controller it follows: a
comment belongs to the step at the cursor (step 0 is the start, step ``k`` the position
after action ``k``, as in a game record); *learner's turn from here* and *until here*
mark the steps the learner will play, the teacher's own actions between them being the
solution. :class:`LessonBox` is the few widgets the viewer shows for it, inside its file
box: a text box for the comment or the goal, and the buttons. Typing in the text box
never triggers a shortcut (:mod:`swlab.play.keys` leaves editable elements alone).
"""

from __future__ import annotations

import html
import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from swlab.game.game import Game
from swlab.game.lesson import (
    COMMENT_LIMIT,
    GOAL_LIMIT,
    Lesson,
    Mark,
    acting_seat,
    lesson_of,
    load_lesson_or_record,
    other_player,
    overlapped,
    save_lesson,
)
from swlab.game.record import Comment, GameRecord
from swlab.i18n import N_, _
from swlab.workspace import Outcome

if TYPE_CHECKING:
    from swlab.play.controller import GameController
    from swlab.play.viewer import GameViewer

__all__ = ["LessonBox", "LessonRecorder"]


def _origin(game: Game) -> GameRecord:
    return game.record.with_actions(())


class LessonRecorder:
    """Comments and the learner's turns on the game a :class:`GameController` shows.

    Each request returns an :class:`~swlab.workspace.Outcome`: one line for the panel,
    ``ok`` when it was done. Opening another game (not a branch of this one) forgets the
    comments and marks of the one before.
    """

    def __init__(self, controller: GameController) -> None:
        self.controller = controller
        #: step -> the teacher's comment on it
        self.comments: dict[int, str] = {}
        self.marks: list[Mark] = []
        #: the step *learner's turn from here* was pressed at, until *until here*
        self.opened: int | None = None
        self._start = _origin(controller.game)

    def _follow(self) -> None:
        """Forget the notes when the controller shows another game."""
        start = _origin(self.controller.game)
        if start != self._start:
            self._start = start
            self.comments, self.marks, self.opened = {}, [], None

    @property
    def step(self) -> int:
        """The step at the cursor."""
        self._follow()
        return self.controller.index

    # --- comments --------------------------------------------------------------------------
    def comment(self, text: str) -> Outcome:
        """Keep ``text`` as the comment of the step at the cursor (an empty text removes
        the comment there)."""
        step, text = self.step, text.strip()
        if not text:
            if self.comments.pop(step, None) is None:
                return Outcome(False, _("Write the comment in the box first."))
            return Outcome(True, _("Comment on step {step} removed.").format(step=step))
        limit = COMMENT_LIMIT
        if len(text) > limit:
            return Outcome(
                False,
                _("The comment has {n} characters; at most {limit} are kept.").format(
                    n=len(text), limit=limit
                ),
            )
        self.comments[step] = text
        return Outcome(True, _("Comment on step {step} kept.").format(step=step))

    # --- the learner's turns ---------------------------------------------------------------
    def learner_from_here(self) -> Outcome:
        """The learner's turn starts at the step at the cursor."""
        step = self.step
        inside = overlapped(self.marks, Mark(step, step + 1, ""))
        if inside is not None:
            return Outcome(False, self._overlap(inside))
        self.opened = step
        return Outcome(
            True,
            _(
                "The learner's turn starts at step {step}: play the moves that solve it (or "
                "step forward over them), write the goal in the box and press 'until here'."
            ).format(step=step),
        )

    def learner_until_here(self, goal: str) -> Outcome:
        """The learner's turn opened by :meth:`learner_from_here` ends at the cursor; the
        text is its goal in words."""
        step, goal = self.step, goal.strip()
        if self.opened is None:
            return Outcome(
                False,
                _("Press 'learner's turn from here' at the turn's first step before 'until here'."),
            )
        if not goal:
            return Outcome(False, _("Write the learner's goal in the box first."))
        if len(goal) > GOAL_LIMIT:
            return Outcome(
                False,
                _("The goal has {n} characters; at most {limit} are kept.").format(
                    n=len(goal), limit=GOAL_LIMIT
                ),
            )
        if step <= self.opened:
            return Outcome(
                False,
                _("The turn started at step {start}: end it at a later step.").format(
                    start=self.opened
                ),
            )
        mark = Mark(self.opened, step, goal)
        other = overlapped(self.marks, mark)
        if other is not None:
            return Outcome(False, self._overlap(other))
        states = [self.controller.game.start, *(s.state for s in self.controller.game.history)]
        n = other_player(states, mark)
        if n is not None:
            learner = states[mark.step].players[acting_seat(states[mark.step])].name
            return Outcome(
                False,
                _(
                    "Action {number} is not {name}'s: a learner's turn is one player's; "
                    "end it at step {step} or earlier."
                ).format(number=n + 1, name=learner, step=n),
            )
        self.marks.append(mark)
        self.marks.sort(key=lambda m: m.step)
        self.opened = None
        return Outcome(
            True,
            _("The learner's turn from step {start} to step {end} is marked.").format(
                start=mark.step, end=mark.until
            ),
        )

    def _overlap(self, index: int) -> str:
        m = self.marks[index]
        return _("Steps {start} to {end} are already a learner's turn.").format(
            start=m.step, end=m.until
        )

    def forget_mark(self) -> Outcome:
        """Remove the learner's turn the cursor stands in (or the one being marked)."""
        step = self.step
        if self.opened is not None:
            self.opened = None
            return Outcome(True, _("The learner's turn being marked is dropped."))
        inside = overlapped(self.marks, Mark(step, step + 1, ""))
        if inside is None and step > 0:
            inside = overlapped(self.marks, Mark(step - 1, step, ""))
        if inside is None:
            return Outcome(False, _("No learner's turn is marked at this step."))
        m = self.marks.pop(inside)
        return Outcome(
            True,
            _("The learner's turn from step {start} to step {end} is removed.").format(
                start=m.step, end=m.until
            ),
        )

    # --- the file --------------------------------------------------------------------------
    def lesson(self) -> Lesson:
        """The lesson: the whole game (later steps than the cursor included), its comments
        and marks. ``LessonError`` when no turn is marked or a mark lies past the end."""
        self._follow()
        game = self.controller.game
        here = game.index
        game.goto(len(game))
        try:
            record = game.record
        finally:
            game.goto(here)
        comments = tuple(Comment(k, t) for k, t in sorted(self.comments.items()))
        kept = tuple(c for c in comments if c.step <= len(record.actions))
        return lesson_of(replace(record, comments=kept), self.marks)

    def not_ready(self) -> str | None:
        """Why the lesson cannot be saved yet (one line for the panel), or None."""
        self._follow()
        if self.opened is not None:
            return _(
                "The learner's turn from step {start} is not finished: press 'until here' "
                "at its last step, or 'forget turn'."
            ).format(start=self.opened)
        if not self.marks:
            return _(
                "Mark at least one learner's turn first ('learner's turn from here', then "
                "'until here')."
            )
        steps = len(self.controller)
        for m in self.marks:
            if m.until > steps:
                return _(
                    "The learner's turn from step {start} to step {end} lies past the game's "
                    "last step ({last}): forget it, or play on."
                ).format(start=m.step, end=m.until, last=steps)
        return None

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the lesson file (JSON) at ``path``."""
        save_lesson(self.lesson(), path)

    def open(self, path: str | os.PathLike[str]) -> None:
        """Open a lesson file, or a game record to comment and mark: the game replaces the
        one shown (cursor at the start), with its comments and marks."""
        found = load_lesson_or_record(path)
        record, marks = (found.record, found.marks) if isinstance(found, Lesson) else (found, ())
        self.controller.load_record(record)
        self.controller.goto(0)
        self._start = _origin(self.controller.game)
        comments: dict[int, str] = {}
        for c in record.comments:
            comments[c.step] = f"{comments[c.step]} {c.text}" if c.step in comments else c.text
        self.comments, self.marks, self.opened = comments, list(marks), None

    # --- what the panel shows --------------------------------------------------------------
    def summary(self) -> str:
        """One line: the comment of the step at the cursor and the learner's turns."""
        step = self.step
        parts = [_("Step {step}").format(step=step)]
        if step in self.comments:
            parts.append(_("comment: {text}").format(text=self.comments[step]))
        turns = [f"{m.step}-{m.until} {m.goal}" for m in self.marks]
        if self.opened is not None:
            turns.append(_("{start}-... (being marked)").format(start=self.opened))
        if turns:
            parts.append(_("learner's turns: {turns}").format(turns="; ".join(turns)))
        return " · ".join(parts)


class LessonBox:
    """The viewer's lesson row: the text box, the buttons and a summary line. The file
    name is the one in the viewer's file box; saving goes through its
    :class:`~swlab.workspace.FileBox` (inside the workspace, replace or keep)."""

    def __init__(self, viewer: GameViewer) -> None:
        self.viewer = viewer
        self.recorder = LessonRecorder(viewer.controller)
        self.text = widgets.Textarea(layout=widgets.Layout(width="100%", height="4em"))
        viewer._label(self.text, "placeholder", N_("A comment on this step, or the goal"))
        viewer._label(self.text, "tooltip", N_("Typed keys stay in the box: no shortcut acts here"))
        b = viewer._button
        self.buttons = [
            b(
                N_("comment this step"),
                self._on_comment,
                N_("Keep the text as this step's comment"),
            ),
            b(
                N_("learner's turn from here"),
                self._on_from,
                N_("The learner plays from this step; your next moves are the solution"),
            ),
            b(
                N_("until here"),
                self._on_until,
                N_("The learner's turn ends at this step; the text is its goal"),
            ),
            b(N_("forget turn"), self._on_forget, N_("Remove the learner's turn at this step")),
            b(N_("save lesson"), self._on_file, N_("Save the lesson file (JSON) in the workspace")),
            b(N_("open lesson"), self._on_file, N_("Open a lesson file or a game record")),
        ]
        self.summary = widgets.HTML()
        row = widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap"))
        title = viewer._heading(N_("Lesson: comments and the learner's turns"))
        self.box = widgets.VBox([title, self.text, row, self.summary])

    def sync(self) -> None:
        """After every redraw: the summary line of the step shown."""
        self.summary.value = f"<small>{html.escape(self.recorder.summary())}</small>"

    def _show(self, outcome: Outcome) -> None:
        self.viewer._show_file(outcome)

    def _on_comment(self, _button: Any = None) -> None:
        self._show(self.recorder.comment(self.text.value))

    def _on_from(self, _button: Any = None) -> None:
        self._show(self.recorder.learner_from_here())

    def _on_until(self, _button: Any = None) -> None:
        self._show(self.recorder.learner_until_here(self.text.value))

    def _on_forget(self, _button: Any = None) -> None:
        self._show(self.recorder.forget_mark())

    def _on_file(self, button: widgets.Button) -> None:
        """Save or open the name typed in the viewer's file box, inside the workspace."""
        v = self.viewer
        verb = v._file_verbs.get(id(button), button.description)
        if verb == "save lesson":
            why = self.recorder.not_ready()
            if why is not None:
                self._show(Outcome(False, why))
                return
            outcome = v.files.save(verb, v.path.value, "lesson", self.recorder.save)
        else:
            outcome = v.files.open(verb, v.path.value, "lesson", self.recorder.open)
        self._show(outcome)

"""The learn path in a notebook: the map of levels, and each level played on the board.

:class:`LevelPlay` is the logic of one level, without widgets: a
:class:`LevelController` (the game viewer's controller, which answers a prediction's
region clicks), the :class:`~swlab.learn.goal.Attempt` that judges what the controller
did, the hints that fade in, the stars and the progress file. :class:`LearnPath` is the
widget: a grid of buttons per stage (locked stages greyed), and a level opened in the
existing :class:`~swlab.play.viewer.GameViewer` (without its bots' controls and file boxes)
with the intro, the goal, the par, the hints and the stars beside it. Nothing is typed: the
learner clicks regions and buttons.

>>> from swlab.learn.widget import LearnPath        # doctest: +SKIP
>>> LearnPath()                                      # doctest: +SKIP
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from swlab.i18n import _, ngettext
from swlab.learn.goal import Attempt, Verdict, counted
from swlab.learn.level import STAGES, Level, shipped_levels
from swlab.learn.progress import Progress, ProgressError, open_stages
from swlab.learn.reply import Reply, plan_reply, reply_sentence, split_ticks
from swlab.learn.stars import MAX_STARS
from swlab.play.controller import ClickResult, GameController
from swlab.play.screen import changed_regions, stage_doing
from swlab.play.words import region_name
from swlab.rules.actions import Action
from swlab.rules.state import GameState
from swlab.workspace import Workspace, WorkspaceError

__all__ = ["LearnPath", "LevelController", "LevelPlay", "stage_title"]


def stage_title(stage: str) -> str:
    """A stage's name in the language in effect."""
    titles = {
        "setup": _("1. Setup and the column"),
        "conquest": _("2. Conquest"),
        "die": _("3. The reinforcement die"),
        "redeploy": _("4. Redeployment and later turns"),
        "scoring": _("5. Scoring"),
        "decline": _("6. Decline"),
        "races": _("7. The races"),
        "powers": _("8. The powers"),
        "lessons": _("9. Lessons made by playing"),
    }
    return titles.get(stage, stage)


def stars_text(n: int) -> str:
    """``★★☆`` for 2 stars of 3."""
    return "★" * n + "☆" * (MAX_STARS - n)


class LevelController(GameController):
    """The viewer's controller for a level: while a prediction by regions waits for its
    answer, a click selects or clears a region instead of acting, and the selected regions
    are outlined; once answered, the answer is outlined (the board shows it). Any other
    click is the game viewer's own."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        #: regions selected for a prediction's answer (None: clicks act on the game)
        self.picking: set[int] | None = None
        #: regions outlined as the answer, once given
        self.shown: frozenset[int] = frozenset()
        #: a sentence that refuses acting while a question waits (None: acting is fine)
        self.blocked: str | None = None

    def click(self, region_id: int) -> ClickResult:
        if self.picking is None:
            if self.blocked is not None:
                return self._remember(ClickResult("none", region=region_id, message=self.blocked))
            return super().click(region_id)
        name = region_name(self.state, region_id)
        if region_id in self.picking:
            self.picking.discard(region_id)
            text = _("{region} cleared.").format(region=name)
        else:
            self.picking.add(region_id)
            text = _("{region} selected.").format(region=name)
        return self._remember(ClickResult("none", region=region_id, message=text))

    def request(self, action: Action | str) -> ClickResult:
        if self.blocked is not None:
            return self._remember(ClickResult("none", message=self.blocked))
        return super().request(action)

    def targets(self) -> frozenset[int]:
        if self.picking is not None:
            return frozenset(self.picking)
        if self.shown:
            return self.shown
        return super().targets()


class LevelPlay:
    """One level played on a :class:`LevelController`: call :meth:`sync` after each thing
    the controller did (the viewer's refresh does), and it judges it.

    ``progress`` keeps the tries, the time and the stars (saved as they change);
    ``clock`` measures the time (seconds).
    """

    def __init__(
        self,
        level: Level,
        progress: Progress | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.level = level
        self.progress = progress if progress is not None else Progress()
        self.clock = clock
        self.controller = LevelController(level.start())
        self._begin()

    # --- an attempt ------------------------------------------------------------------------
    def _begin(self) -> None:
        self.attempt = Attempt(self.level)
        self.verdict = Verdict("playing")
        #: refused tries and misses so far: one more hint each
        self.wrong_tries = 0
        #: hints asked for with the *hint* button: one more each
        self.asked = 0
        #: the opponents' answer to a missed try, while it is shown (:meth:`reply_step`)
        self.reply: Reply | None = None
        #: what the last answer did, in one sentence (kept until the next try ends)
        self.told = ""
        self._seen: ClickResult | None = self.controller.last
        self._seen_index = self.controller.index
        self._started = self.clock()
        c = self.controller
        predict = self.level.goal.predict
        c.shown = frozenset()
        c.picking = set() if predict is not None and predict.kind == "regions" else None
        c.blocked = _("Answer the question first.") if predict is not None else None
        self.progress.started(self.level.id)

    def restart(self) -> None:
        """A new try from the level's start (the time so far is kept)."""
        self._back_to_start()
        self._begin()

    def _back_to_start(self) -> None:
        """The board back at the level's start for good (nothing left to redo), the time
        of the try so far kept."""
        self._spend()
        c = self.controller
        c.goto(0)
        c.game.truncate()
        c.last = None
        c.highlight = frozenset()
        c.blocked = None

    def close(self) -> None:
        """Leave the level: its time is added to the progress."""
        self._spend()

    def _spend(self) -> None:
        """Add the time of this try up to now; a solved try stopped its clock when solved."""
        now = self.clock()
        if self.verdict.kind != "solved":
            self.progress.spent(self.level.id, now - self._started)
        self._started = now

    # --- judging ---------------------------------------------------------------------------
    def actions(self) -> int:
        """The learner's actions on the board's timeline (the die's faces not counted)."""
        return sum(1 for step in self.controller.game.history if counted(step.action))

    def sync(self) -> Verdict:
        """Judge what the controller did since the last call."""
        if self.verdict.kind == "solved" or self.reply is not None:
            return self.verdict  # while the answer is shown, the board is not the learner's
        c = self.controller
        last = c.last
        if last is not None and last is not self._seen:
            self._seen = last
            if last.kind == "refused" and last.rule:
                return self._judged(self.attempt.refused(last.rule, last.message, self.actions()))
        if c.index != self._seen_index:
            self._seen_index = c.index
            verdict = self._judged(self.attempt.played(c.state, self.actions()))
            if verdict.kind == "missed":
                self._start_reply()
            return verdict
        return self.verdict

    # --- the answer to a missed try ----------------------------------------------------------
    def _start_reply(self) -> None:
        """After a legal try that misses the goal, plan the opponents' answer (unless the
        level turns it off, or nobody is left to answer); :meth:`reply_step` shows it."""
        self.told = ""
        if not self.level.reply:
            return
        c = self.controller
        plan = plan_reply(c.state, self.level.seat)
        if not plan:
            return
        self.reply = Reply(split_ticks(plan), first=c.index, expected=c.index)
        player = c.state.player_name(c.state.current)
        c.blocked = _("Watch {player}'s answer: the board goes back in a moment.").format(
            player=player
        )

    def reply_step(self) -> bool:
        """One tick of the answer: its next steps on the board (the regions they changed
        outlined, their narration kept for the panel); after the last one, the board goes
        back to the level's start, the sentence of what happened is kept and a new try
        begins (the hints shown stay). Whether the answer goes on."""
        r = self.reply
        if r is None:
            return False
        c = self.controller
        if r.shown < len(r.groups) and c.index == r.expected:
            before = c.state
            lines = []
            for action in r.groups[r.shown]:
                result = c.apply(action)
                if not result.ok:
                    break
                lines.append(result.narration)
            r.shown += 1
            r.expected = c.index
            r.lines = [line for line in lines if line]
            c.highlight = changed_regions(before, c.state)
            return True
        start = c.game.history[r.first - 1].state if r.first else c.game.start
        told = reply_sentence(start, c.game.history[r.first : c.index], self.level.seat)
        missed = self.verdict
        hints = (self.wrong_tries, self.asked)
        self._back_to_start()
        self._begin()
        self.wrong_tries, self.asked = hints
        self.verdict = missed
        self.told = told
        return False

    def reply_text(self) -> str:
        """While the answer is shown: its last steps told, one line each."""
        r = self.reply
        if r is None:
            return ""
        head = _("The answer, step {n} of {total}:").format(n=r.shown, total=len(r.groups))
        return "\n".join([head, *r.lines])

    def answer(self, values: Sequence[int] | None = None) -> Verdict:
        """Answer the prediction: ``values``, or the regions selected on the board."""
        c = self.controller
        if values is None:
            values = sorted(c.picking or ())
        verdict = self._judged(self.attempt.answer(list(values)))
        predict = self.level.goal.predict
        if verdict.kind == "solved" and predict is not None:
            c.picking = None
            c.blocked = None
            if predict.kind == "regions":
                c.shown = frozenset(predict.answer)
        return verdict

    def _judged(self, verdict: Verdict) -> Verdict:
        if verdict.kind in ("refused", "missed"):
            self.wrong_tries += 1
        if verdict.kind == "solved" and self.verdict.kind != "solved":
            self._spend()
            self.progress.solved(self.level.id, verdict.stars)
        self.verdict = verdict
        return verdict

    # --- what the panel says ---------------------------------------------------------------
    def hints(self) -> list[str]:
        """The hints shown: one more after each wrong try and each one asked for."""
        return [_(h) for h in self.level.hints[: self.wrong_tries + self.asked]]

    def more_hints(self) -> bool:
        """Whether a hint is left to show (none once the level is solved)."""
        shown = self.wrong_tries + self.asked
        return self.verdict.kind != "solved" and shown < len(self.level.hints)

    def ask_hint(self) -> bool:
        """Show one more hint, when one is left (the stars do not change)."""
        if not self.more_hints():
            return False
        self.asked += 1
        return True

    def goal_text(self) -> str:
        """The goal in words (the prediction's question, or what to reach)."""
        goal = self.level.goal
        state = self.controller.state
        if goal.predict is not None:
            return _(goal.predict.question)
        if goal.refusal:
            return _("Make the engine refuse an action with {rule}.").format(rule=goal.refusal)
        parts: list[str] = []
        if goal.hold:
            regions = ", ".join(region_name(state, r) for r in goal.hold)
            parts.append(_("hold {regions}").format(regions=regions))
        for rid, n in goal.tokens:
            parts.append(
                ngettext("{n} token on {region}", "{n} tokens on {region}", n).format(
                    n=n, region=region_name(state, rid)
                )
            )
        if goal.stage:
            # the status line's words: "get to the step where Bob conquers"
            parts.append(
                _("get to the step where {player} {doing}").format(
                    player=state.players[self.level.seat].name, doing=stage_doing(goal.stage)
                )
            )
        if goal.coins is not None:
            parts.append(_("have {n} coins").format(n=goal.coins))
        if goal.tokens_in_hand is not None:
            parts.append(
                _("end your conquests with {n} tokens in hand").format(n=goal.tokens_in_hand)
            )
        if goal.declined is not None:
            parts.append(_("go into decline") if goal.declined else _("stay active"))
        return _("Goal: {parts}.").format(parts=_(", ").join(parts))

    def verdict_text(self) -> str:
        """What the last try came to, in words (the refusal with its rule id)."""
        v = self.verdict
        if v.kind == "solved":
            text = ngettext(
                "Solved in {n} action (par {par}): {stars}",
                "Solved in {n} actions (par {par}): {stars}",
                v.actions,
            ).format(n=v.actions, par=self.level.par, stars=stars_text(v.stars))
            return f"{text}\n{_(self.level.explain)}" if self.level.explain else text
        if v.kind == "refused":
            return _("Refused ({rule}): {message}").format(rule=v.rule, message=v.message)
        if v.kind == "missed" and self.reply is not None:
            return v.message + "\n" + self.reply_text()
        if v.kind == "missed" and self.told:
            back = _("The board is back at the start: try again.")
            return f"{v.message} {self.told} {back}"
        if v.kind == "missed":
            return v.message + " " + _("Restart to try again.")
        return ""

    def number_choices(self) -> list[int]:
        """The numbers offered for a prediction by number: around the answer."""
        predict = self.level.goal.predict
        if predict is None or predict.kind != "number":
            return []
        answer = predict.answer[0]
        low = max(0, answer - 4)
        return list(range(low, low + 10))


class LearnPath:
    """The learn path widget: the map of levels; a click opens a level on the board.

    ``workspace``: the folder of the progress file (:mod:`swlab.learn.progress`);
    ``levels``: the levels to offer (default: every shipped level);
    ``stages``: only the levels of these stages (``("conquest", "die")``), as a tutorial
    notebook shows the stages it teaches, with the prose around them.

    The whole path opens its stages in order (``docs/learn.md``). A path of chosen stages
    has every one of them open, whatever the learner solved before: a learner who opens
    notebook 02 first must be able to play what it teaches, and its prose has just
    explained the rules its levels ask for. The progress file is the same one either way
    (the workspace's ``learn-progress.json``), so the stars earned in a notebook's stage
    show on the whole path, which keeps the order for the stages after it.
    """

    def __init__(
        self,
        workspace: Workspace | str | os.PathLike[str] | None = None,
        levels: Sequence[Level] | None = None,
        stages: Sequence[str] | None = None,
    ) -> None:
        import ipywidgets as widgets  # type: ignore[import-untyped]

        self._w = widgets
        #: the stages chosen (all open), or None: the whole path, opened in order
        self.stages: tuple[str, ...] | None = None
        if stages is not None:
            unknown = [s for s in stages if s not in STAGES]
            if unknown:
                raise ValueError(f"stages: no stage {unknown[0]!r}; the stages are {STAGES}")
            if not stages:
                raise ValueError(f"stages: none given; the stages are {STAGES}")
            self.stages = tuple(stages)
        self.levels = list(levels) if levels is not None else shipped_levels(self.stages)
        if self.stages is not None:
            self.levels = [lv for lv in self.levels if lv.stage in self.stages]
        #: why the progress is not saved (a broken file, left as it is; no workspace)
        self.progress_problem = ""
        try:
            self.progress = Progress.open(workspace)
        except (ProgressError, WorkspaceError) as e:
            self.progress = Progress()  # kept in memory: a broken file is never overwritten
            self.progress_problem = _("Progress is not saved: {problem}").format(problem=e)
        self.play: LevelPlay | None = None
        self.viewer: Any = None
        self.map_box = widgets.VBox()
        self.level_box = widgets.VBox()
        self.level_buttons: dict[str, Any] = {}
        self.box = widgets.VBox([self.map_box, self.level_box])
        self.box.add_class("swlab-learn")
        self.draw_map()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.box)  # type: ignore[no-untyped-call]

    # --- the map of levels -------------------------------------------------------------------
    def opened(self) -> set[str]:
        """The stages the learner may play: every chosen stage, or those the order opens."""
        if self.stages is not None:
            return set(self.stages)
        return open_stages(self.levels, self.progress)

    def draw_map(self) -> None:
        """A row of level buttons per stage, with their stars; locked stages greyed."""
        w = self._w
        self.progress.reload()  # stars another path (another notebook) saved meanwhile
        opened = self.opened()
        heading = html.escape(_("The learn path"))
        rows: list[Any] = [w.HTML(f"<h3>{heading}</h3>")]
        if self.progress_problem:
            problem = w.HTML(f"<p>{html.escape(self.progress_problem)}</p>")
            problem.add_class("swlab-learn-problem")
            rows.append(problem)
        self.level_buttons = {}
        for stage in STAGES:
            stage_levels = [lv for lv in self.levels if lv.stage == stage]
            if not stage_levels:
                continue
            locked = stage not in opened
            title = html.escape(stage_title(stage))
            if locked:
                title += " · " + html.escape(_("locked: solve every level above first"))
            buttons = []
            for k, lv in enumerate(stage_levels, 1):
                lp = self.progress.get(lv.id)
                b = w.Button(
                    description=f"{k}. {_(lv.title)} {stars_text(lp.stars)}",
                    tooltip=_(lv.title),
                    disabled=locked,
                    layout=w.Layout(width="auto"),
                )
                b.button_style = "success" if lp.solved else ""
                b.on_click(lambda _b, lv=lv: self.open_level(lv.id))
                self.level_buttons[lv.id] = b
                buttons.append(b)
            rows.append(w.HTML(f"<b>{title}</b>"))
            rows.append(w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
        self.map_box.children = tuple(rows)

    # --- a level -------------------------------------------------------------------------------
    def open_level(self, level_id: str) -> LevelPlay:
        """Open a level on the game viewer's board (its stage must be open)."""
        from swlab.play.viewer import GameViewer

        level = next(lv for lv in self.levels if lv.id == level_id)
        if level.stage not in self.opened():
            raise ValueError(_("the stage of {level} is locked").format(level=level_id))
        self.close_level()
        w = self._w
        play = LevelPlay(level, self.progress)
        self.play = play
        # a level is the learner's alone: no bots to call, no seats to hand over, no files
        self.viewer = GameViewer(play.controller, file_boxes=False, bot_controls=False)
        self.viewer.on_refresh.append(self._on_refresh)
        self.intro = w.HTML()
        self.goal = w.HTML()
        self.hint_box = w.HTML()
        self.verdict_box = w.HTML()
        self.restart_button = w.Button(
            description=_("restart"), tooltip=_("Try again from the start")
        )
        self.restart_button.on_click(lambda _b: self.restart())
        self.hint_button = w.Button(description=_("hint"), tooltip=_("Show the next hint"))
        self.hint_button.on_click(lambda _b: self.ask_hint())
        self.back_button = w.Button(
            description=_("back to the path"), tooltip=_("The map of levels")
        )
        self.back_button.on_click(lambda _b: self.close_level())
        self.answer_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._answer_buttons(play)
        # the clock of the answer to a missed try: a tick in the browser per shown step,
        # so the kernel is never kept waiting (hidden: nothing to press)
        self.reply_clock = w.Play(
            interval=500, min=0, max=10**9, step=1, show_repeat=False,
            layout=w.Layout(display="none"),
        )  # fmt: skip
        self.reply_clock.add_class("swlab-learn-reply")
        self.reply_clock.observe(lambda _change: self.reply_tick(), "value")
        panel = w.VBox(
            [
                self.intro,
                self.goal,
                self.answer_box,
                self.verdict_box,
                self.hint_box,
                w.HBox([self.hint_button, self.restart_button, self.back_button]),
                self.reply_clock,
            ]
        )
        panel.add_class("swlab-learn-level")
        self.level_box.children = (panel, self.viewer.widget)
        # the level takes the map's place: on a small screen it opens where the click was
        self.map_box.layout.display = "none"
        self.draw_level()
        return play

    def _answer_buttons(self, play: LevelPlay) -> None:
        w = self._w
        predict = play.level.goal.predict
        buttons = []
        if predict is not None and predict.kind == "regions":
            check = w.Button(description=_("check my answer"), button_style="primary")
            check.on_click(lambda _b: self.answer())
            buttons.append(check)
        for n in play.number_choices():
            b = w.Button(description=str(n), layout=w.Layout(width="3em"))
            b.on_click(lambda _b, n=n: self.answer([n]))
            buttons.append(b)
        self.answer_buttons = buttons
        self.answer_box.children = tuple(buttons)

    def answer(self, values: Sequence[int] | None = None) -> Verdict:
        """The prediction answered (a number button, or *check my answer*)."""
        assert self.play is not None
        verdict = self.play.answer(values)
        if self.viewer is not None:
            self.viewer.refresh()  # the board outlines the answer
        self.draw_level()
        return verdict

    def ask_hint(self) -> None:
        """The *hint* button: one more of the level's hints."""
        if self.play is not None and self.play.ask_hint():
            self.draw_level()

    def restart(self) -> None:
        """*restart*: a new try from the level's start (an answer under way stops)."""
        self._stop_reply()
        if self.play is not None:
            self.play.restart()
            if self.viewer is not None:
                self.viewer.refresh()
            self.draw_level()

    def reply_tick(self) -> None:
        """A tick of the answer's clock: the answer's next steps on the board, or, after
        the last, the board back at the start; the clock stops then."""
        play = self.play
        if play is None or play.reply is None:
            self._stop_reply()
            return
        if not play.reply_step():
            self._stop_reply()
        if self.viewer is not None:
            self.viewer.refresh()  # the hook draws the panel
        else:
            self.draw_level()

    def _stop_reply(self) -> None:
        clock = getattr(self, "reply_clock", None)
        if clock is not None and clock.playing:
            clock.playing = False

    def close_level(self) -> None:
        """Back to the map of levels (the time on the level is kept)."""
        self._stop_reply()
        if self.play is not None:
            self.play.close()
        self.play = None
        self.viewer = None
        self.level_box.children = ()
        self.map_box.layout.display = None
        self.draw_map()

    def _on_refresh(self) -> None:
        if self.play is not None:
            self.play.sync()
            reply = self.play.reply
            clock = getattr(self, "reply_clock", None)
            if reply is not None and clock is not None and not clock.playing:
                clock.interval = reply.interval
                clock.playing = True
            self.draw_level()

    def draw_level(self) -> None:
        """The level's panel: intro, goal and par, the verdict, the hints shown."""
        play = self.play
        if play is None or not hasattr(self, "intro"):
            return
        e = html.escape
        lv = play.level
        par = ngettext("par: {n} action", "par: {n} actions", lv.par).format(n=lv.par)
        rules = ", ".join(lv.teaches)
        # tight lines: at 1280x720 the panel above the board must leave the board in view
        tight = "margin:0 0 .25em;line-height:1.35"
        self.intro.value = (
            f"<h3 style='{tight}'>{e(_(lv.title))}</h3><p style='{tight}'>{e(_(lv.intro))}</p>"
        )
        self.goal.value = (
            f"<p style='{tight}'><b>{e(play.goal_text())}</b> "
            f"<small>({e(par)} · {e(rules)})</small></p>"
        )
        verdict = play.verdict_text()
        style = {"solved": "#0a6b2f", "refused": "#D55E00", "missed": "#7a5a00"}.get(
            play.verdict.kind, "#000"
        )
        self.verdict_box.value = (
            "<div class='swlab-learn-verdict' "
            f"style='white-space:pre-wrap;line-height:1.35;color:{style}'>"
            f"{e(verdict)}</div>"
            if verdict
            else ""
        )
        hints = play.hints()
        self.hint_box.value = (
            "<ul class='swlab-learn-hints'>" + "".join(f"<li>{e(h)}</li>" for h in hints) + "</ul>"
            if hints
            else ""
        )
        solved = play.verdict.kind == "solved"
        for b in getattr(self, "answer_buttons", []):
            b.disabled = solved
        self.hint_button.disabled = not play.more_hints()

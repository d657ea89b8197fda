"""The bots' clock: bot turns played at a pace, in steps a room can follow.

The presenter and the notebook viewer share it. A ``Play`` widget ticks in the browser
every *pace* seconds; each tick plays one **shown step** (:func:`play_shown_step`):

- one action that changes the board in a way worth a look of its own (a pick, a
  conquest, the die, a decline, the end of a stage);
- a run of one bot's *small steps*, a token placed, taken back or withdrawn
  (:data:`SMALL_STEPS`: the redeployment of R-REDEPLOY-1, the Amazons' withdrawals of
  R-RACE-AMAZONS), is folded into the step that follows it. A redeployment of eight
  placements and its *done* is one tick, not nine; four Amazon withdrawals are one, not
  four at 1.2 s each.

So a bot's turn takes about one tick per conquest plus two or three: with the default
pace of 1.2 s, 6 to 12 s on the official boards, whatever its redeployment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from swlab.play.controller import ClickResult, GameController
from swlab.rules.engine import CHANCE, current_player, is_over

__all__ = ["MAX_GROUP", "SMALL_STEPS", "BotClock", "play_shown_step"]

#: The verbs of a bot's small steps: one token placed, taken back or withdrawn.
SMALL_STEPS = frozenset({"place", "take", "withdraw"})
#: At most this many actions in one tick (a bot that only ever takes small steps).
MAX_GROUP = 60


def _actor(c: GameController) -> int | None:
    """Whose step is next: the player, or for the die the player whose conquest it is."""
    state = c.state
    actor = current_player(state)
    return state.turn.actor if actor == CHANCE else actor


def bots_to_play(c: GameController) -> bool:
    """Whether the next step is a bot's (or its die) and nothing waits for a person."""
    return (
        not is_over(c.state)
        and c.question is None
        and not c.viewing_past()
        and c.is_bot_seat(_actor(c))
    )


def play_shown_step(c: GameController) -> list[ClickResult]:
    """One tick: the next bot step (:meth:`GameController.advance`), and when it is a small
    step the rest of that bot's run of small steps and the step that ends it, all while the
    same bot acts (see the module text). The regions that changed are outlined
    (:attr:`GameController.highlight`); at the end of a turn its summary is kept."""
    if not bots_to_play(c):
        return []
    before = c.state
    start = c.index
    key = (before.round, before.current)
    seat = _actor(c)
    results: list[ClickResult] = []
    while len(results) < MAX_GROUP:
        result = c.advance()
        results.append(result)
        action = result.action
        small = result.ok and action is not None and action.verb in SMALL_STEPS
        if not small or not bots_to_play(c) or _actor(c) != seat:
            break
    after = c.state
    c.highlight = frozenset(
        before.geo.ids[i]
        for i, (x, y) in enumerate(zip(before.regions, after.regions, strict=True))
        if x != y
    )
    if (after.round, after.current) != key or is_over(after):
        c.summaries = c.turn_summaries(_turn_start(c, start), c.index)[:1]
    return results


def _turn_start(c: GameController, index: int) -> int:
    """The step at which the turn under way at step ``index`` began."""
    game = c.game

    def turn(i: int) -> tuple[int, int]:
        state = game.start if i == 0 else game.history[i - 1].state
        return (state.round, state.current)

    key = turn(index)
    while index > 0 and turn(index - 1) == key:
        index -= 1
    return index


class BotClock:
    """The clock's widgets: a ``Play`` (its ticks and its play/pause button) and a pace
    slider in seconds. It runs while ``enabled()`` and a bot is to act, and stops for a
    person; each tick is :func:`play_shown_step`, then ``redraw()``.

    ``speak`` wraps the tick (the viewer runs it in its own language). ``minimum`` is the
    slider's lowest pace: 0 in the viewer means *at once* (the bots move
    as soon as it is their turn, as before the clock), and the clock then never runs.
    """

    def __init__(
        self,
        controller: GameController,
        pace: float,
        redraw: Callable[[], None],
        *,
        enabled: Callable[[], bool] = lambda: True,
        minimum: float = 0.2,
        speak: Callable[[Any], Any] = lambda fn: fn,
    ) -> None:
        self.controller = controller
        self._redraw = redraw
        self._enabled = enabled
        self.player = widgets.Play(
            interval=_interval(pace), min=0, max=10**9, step=1, show_repeat=False
        )
        self.player.add_class("swlab-clock")
        # a tick speaks the language of the widget it serves (``speak`` wraps it)
        self.player.observe(speak(self._on_tick), "value")
        self.pace = widgets.FloatSlider(
            value=pace, min=minimum, max=5.0, step=0.1, readout_format=".1f"
        )
        self.pace.add_class("swlab-pace")
        self.pace.observe(self._on_pace, "value")
        controller.pace_autoplay = self.paced

    def paced(self) -> bool:
        """Whether bots play at the clock's pace (else at once)."""
        return float(self.pace.value) > 0

    def _on_pace(self, change: dict[str, Any]) -> None:
        self.player.interval = _interval(float(change["new"]))
        self.sync()

    def _on_tick(self, _change: dict[str, Any]) -> None:
        if self.paced() and self._enabled():
            self.step()

    def step(self) -> list[ClickResult]:
        """One shown step now (a tick, or the N key), then the redraw."""
        results = play_shown_step(self.controller)
        if results:
            self._redraw()
        return results

    def sync(self) -> None:
        """Run the clock while it should: paced, enabled, and a bot to act."""
        running = self.paced() and self._enabled() and bots_to_play(self.controller)
        if self.player.playing != running:
            self.player.playing = running


def _interval(pace: float) -> int:
    """The ``Play`` widget's interval (ms) for a pace in seconds."""
    return max(100, round(pace * 1000))

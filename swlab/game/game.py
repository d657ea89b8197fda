"""A game to play in a notebook: actions as text, undo/redo, history, saving.

>>> from swlab.game.game import Game
>>> game = Game("official_2p", ["Ann", "Bob"], seed=7)
>>> events = game.play("pick 0")             # one action, or several: "pick 0; conquer 12"
>>> game.legal()[:3]                          # doctest: +SKIP
['conquer 2', 'conquer 3', 'conquer 4']
>>> game.undo()                               # doctest: +SKIP
>>> game                                      # doctest: +SKIP

The log is the truth: a :class:`Game` is a start state plus a timeline of steps
(:class:`~swlab.game.record.Step`: action, events, state after it). Undo moves a cursor
back; playing after an undo drops the undone steps (like an editor). Nothing is mutated:
``game.state`` is always one of the engine's immutable states.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Sequence

from swlab import names as words
from swlab.board.catalog import load_board
from swlab.game.record import GameRecord, RecordError, Step, load_record, save_record
from swlab.game.report import read_step, split_actions
from swlab.game.scenario import load_scenario, save_scenario
from swlab.i18n import _, pgettext
from swlab.rules.actions import Action
from swlab.rules.cost import CostBreakdown, explain_cost
from swlab.rules.driver import Deciders, Drive, Observer, drive, sample_chance
from swlab.rules.engine import (
    CHANCE,
    apply,
    current_player,
    is_over,
    legal_actions,
    why_illegal,
    winners,
)
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.geo import BoardLike
from swlab.rules.setup import new_game
from swlab.rules.state import GameState, Stage

__all__ = ["Game"]


class Game:
    """A game with a timeline: ``play``, ``undo``, ``redo``, ``goto``, ``save``.

    ``Game(board_or_name, players, seed=...)`` starts at setup on a board, a shipped
    board's name or a board file (:func:`swlab.board.catalog.load_board`); ``races`` and
    ``powers`` fix the top of the stacks; :meth:`from_scenario`, :meth:`from_record` and
    :meth:`from_state` start elsewhere. ``reveal`` shows the hidden coins (R-SETUP-4) in
    ``_repr_html_`` (a teaching mode, which the display says).
    """

    def __init__(
        self,
        board_or_name: BoardLike | str | os.PathLike[str],
        players: int | Sequence[str] = 2,
        *,
        seed: int | None = None,
        races: Sequence[str] | None = None,
        powers: Sequence[str] | None = None,
        reveal: bool = False,
    ) -> None:
        board = (
            load_board(board_or_name)
            if isinstance(board_or_name, str | os.PathLike)
            else board_or_name
        )
        names = players if isinstance(players, int) else list(players)
        start = new_game(
            board,
            names,
            seed=seed,
            races=list(races) if races else None,
            powers=list(powers) if powers else None,
        )
        self._init(GameRecord.from_state(start), start, reveal)

    def _init(self, origin: GameRecord, start: GameState, reveal: bool) -> None:
        self._origin = origin.with_actions(())
        self._start = start
        self._steps: list[Step] = []
        self._cursor = 0
        self.reveal = reveal

    # --- other starts -------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: GameState, *, reveal: bool = False) -> Game:
        """A game continuing from any state (saved as a scenario record)."""
        game = cls.__new__(cls)
        game._init(GameRecord.from_scenario(state), state, reveal)
        return game

    @classmethod
    def from_scenario(cls, path: str | os.PathLike[str], *, reveal: bool = False) -> Game:
        """A game from a scenario file or a shipped scenario's name (``"tutorial/02_the_die"``;
        :func:`~swlab.game.scenario.load_scenario`)."""
        return cls.from_state(load_scenario(path), reveal=reveal)

    @classmethod
    def from_record(
        cls,
        record: GameRecord | str | os.PathLike[str],
        board: BoardLike | None = None,
        *,
        reveal: bool = False,
    ) -> Game:
        """A game replayed from a record (or its file); the cursor stands at the end."""
        rec = record if isinstance(record, GameRecord) else load_record(record)
        file = None if isinstance(record, GameRecord) else record
        game = cls.__new__(cls)
        try:
            game._init(rec, rec.start(board), reveal)
            game._steps = rec.timeline(board)
        except RecordError as e:  # ReplayError too: the action's number and its rule
            raise e.in_file(file) from None
        game._cursor = len(game._steps)
        return game

    # --- the timeline -------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The state at the cursor."""
        return self._steps[self._cursor - 1].state if self._cursor else self._start

    @property
    def start(self) -> GameState:
        return self._start

    @property
    def history(self) -> list[Step]:
        """The steps played up to the cursor (undone steps are not included)."""
        return self._steps[: self._cursor]

    @property
    def index(self) -> int:
        """How many steps are played (0 at the start)."""
        return self._cursor

    def __len__(self) -> int:
        """Steps in the timeline, including undone ones still available to :meth:`redo`."""
        return len(self._steps)

    @property
    def actions(self) -> list[Action]:
        return [s.action for s in self.history]

    @property
    def events(self) -> list[Event]:
        """Every event up to the cursor, in order."""
        return [e for s in self.history for e in s.events]

    @property
    def record(self) -> GameRecord:
        """The record of the game up to the cursor."""
        return self._origin.with_actions(self.actions)

    def play(self, actions: str | Action | Sequence[str | Action]) -> list[Event]:
        """Play one or several actions (``"conquer 12"``, ``"pick 0; conquer 3; end"``);
        a step may name its race (``"Ghouls: conquer 5"``), as ``swlab scenario run`` reads it.

        All or nothing: an illegal action raises :class:`IllegalActionError` (a badly
        written one ``ValueError``) and the game stays where it was. Returns the events of
        every action played. Playing after :meth:`undo` forgets the undone steps.
        """
        if isinstance(actions, Action):
            items: list[str | Action] = [actions]
        elif isinstance(actions, str):
            items = list(split_actions(actions))
        else:
            items = list(actions)
        state = self.state
        new: list[Step] = []
        for item in items:
            action, refusal = read_step(state, item) if isinstance(item, str) else (item, None)
            if refusal is not None:
                raise refusal
            state, events = apply(state, action)
            new.append(Step(action, tuple(events), state))
        del self._steps[self._cursor :]
        self._steps.extend(new)
        self._cursor = len(self._steps)
        return [e for s in new for e in s.events]

    def try_play(self, actions: str | Action | Sequence[str | Action]) -> IllegalActionError | None:
        """Like :meth:`play` but returns the refusal instead of raising it.

        A misspelt action is refused the same way: an :class:`IllegalActionError` whose
        ``rule`` is ``""`` (no rule refuses it, the notation does) and whose message says
        what was expected.
        """
        try:
            self.play(actions)
        except IllegalActionError as e:
            return e
        except ValueError as e:  # the notation (parse_action), before any rule
            return IllegalActionError("", str(e))
        return None

    def roll(self) -> list[Event]:
        """Roll the reinforcement die now (R-CONQ-10): the seeded face of this position
        (:func:`~swlab.rules.driver.sample_chance`), so an undo and a new roll show it again.

        ``ValueError`` when the game does not wait for the die; ``play("roll N")`` still
        sets a face by hand.
        """
        return self.play(sample_chance(self.state))

    def drive(
        self,
        deciders: Deciders,
        *,
        until: Callable[[GameState], bool] | None = None,
        max_steps: int | None = None,
        observer: Observer | None = None,
    ) -> Drive:
        """Play on with :func:`swlab.rules.drive` (bots decide, the die is sampled from the
        game's seed); every step joins the timeline as it is played, so the steps before a
        bot's illegal action (raised) are kept. Playing after :meth:`undo` forgets the
        undone steps."""

        def keep(before: GameState, action: Action, events: list[Event], after: GameState) -> None:
            del self._steps[self._cursor :]
            self._steps.append(Step(action, tuple(events), after))
            self._cursor = len(self._steps)
            if observer is not None:
                observer(before, action, events, after)

        return drive(self.state, deciders, until=until, max_steps=max_steps, observer=keep)

    def undo(self, steps: int = 1) -> GameState:
        """Step back (the steps stay available to :meth:`redo`); the state now."""
        self.goto(max(0, self._cursor - steps))
        return self.state

    def redo(self, steps: int = 1) -> GameState:
        """Replay undone steps; the state now."""
        self.goto(min(len(self._steps), self._cursor + steps))
        return self.state

    def truncate(self) -> None:
        """Forget the steps after the cursor: they can no longer be redone (a board that
        goes back for good, as a learn-path level after showing an answer)."""
        del self._steps[self._cursor :]

    def goto(self, index: int) -> GameState:
        """Move the cursor to ``index`` (0 = start, ``len(game)`` = last step; negative
        counts from the end like a list)."""
        if index < 0:
            index += len(self._steps) + 1
        if not 0 <= index <= len(self._steps):
            raise IndexError(f"the timeline has positions 0 to {len(self._steps)}, not {index}")
        self._cursor = index
        return self.state

    # --- questions ----------------------------------------------------------------------
    def legal(self) -> list[str]:
        """The legal actions now, in notation."""
        return [repr(a) for a in legal_actions(self.state)]

    def explain(self, region: int, race: str | None = None) -> CostBreakdown:
        """Why conquering ``region`` costs what it costs (rows with rule ids)."""
        return explain_cost(self.state, region, race)

    def why_illegal(self, action: str | Action) -> IllegalActionError | None:
        """The refusal of ``action`` now (rule id and sentence), ``None`` when it is legal;
        a misspelt action is refused with ``rule == ""`` as in :meth:`try_play`."""
        try:
            act, refusal = (
                read_step(self.state, action) if isinstance(action, str) else (action, None)
            )
        except ValueError as e:
            return IllegalActionError("", str(e))
        return refusal or why_illegal(self.state, act)

    def is_legal(self, action: str | Action) -> bool:
        """Whether ``action`` (or its notation) is legal now."""
        return self.why_illegal(action) is None

    def describe(self, last: int | None = None) -> list[str]:
        """The events as sentences (the ``last`` steps only, if given)."""
        steps = self.history if last is None else self.history[-last:] if last else []
        return [e.describe(s.state) for s in steps for e in s.events]

    # --- files --------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the record up to the cursor (``.json``; the text form otherwise)."""
        save_record(self.record, path)

    def save_scenario(self, path: str | os.PathLike[str], *, header: str = "") -> None:
        """Save the position at the cursor as a scenario file."""
        save_scenario(self.state, path, header=header)

    # --- display ------------------------------------------------------------------------
    def __repr__(self) -> str:
        s = self.state
        actor = current_player(s)
        if actor is None:
            who = "game over"
        elif actor == CHANCE:
            who = f"the die to roll for {s.player_name(s.turn.actor)} ({s.stage})"
        else:
            who = f"{s.player_name(actor)} to play ({s.stage})"
        return (
            f"<Game {s.geo.name} round {s.round}/{s.geo.turns}, {who}, "
            f"step {self._cursor}/{len(self._steps)}>"
        )

    def _repr_html_(self) -> str:
        return game_html(self.state, reveal=self.reveal, step=(self._cursor, len(self._steps)))


def game_html(
    state: GameState, *, reveal: bool = False, step: tuple[int, int] | None = None
) -> str:
    """A compact HTML view: whose turn, players (coins hidden unless ``reveal``, R-SETUP-4),
    races, and every region with an owner, tokens or pieces."""
    e = html.escape
    actor = current_player(state)
    head = _html_head(state, actor)
    if step is not None:
        head += " · " + _("step {done}/{total}").format(done=step[0], total=step[1])
    show_coins = reveal or state.turn.stage is Stage.GAME_OVER
    rows = _html_player_rows(state, actor, show_coins)
    note = (
        ""
        if show_coins or not state.players
        else (
            "<div style='font-size:11px'>"
            + _(
                "Coins are hidden during play (R-SETUP-4); {code} shows them (teaching mode)."
            ).format(code="<code>Game(..., reveal=True)</code>")
            + "</div>"
        )
    )
    if reveal and not is_over(state):
        revealed = _("Teaching mode: coins revealed (R-SETUP-4).")
        note = f"<div style='font-size:11px'>{revealed}</div>"
    cells = _html_region_rows(state)
    column = ", ".join(
        f"{k}: {words.combo(c.power, c.race)} ({c.coins})" for k, c in enumerate(state.column)
    )
    style = "border-collapse:collapse;font-size:12px;margin:2px 0"
    player, coins_h, active_h, decline_h, region_h, holds_h = (
        pgettext("column", "player"),
        pgettext("column", "coins"),
        pgettext("column", "active race"),
        pgettext("column", "in decline"),
        pgettext("column", "region"),
        pgettext("column", "holds"),
    )
    return (
        f"<div class='swlab-game'><div>{head}</div>"
        f"<table style='{style}'><tr><th>{player}</th><th>{coins_h}</th><th>{active_h}</th>"
        f"<th>{decline_h}</th></tr>{''.join(rows)}</table>{note}"
        f"<table style='{style}'><tr><th>{region_h}</th><th>{holds_h}</th></tr>"
        f"{''.join(cells)}</table>"
        f"<div style='font-size:11px'>{_('column: {combos}').format(combos=e(column))}</div></div>"
    )


def _html_head(state: GameState, actor: int | None) -> str:
    """The line of :func:`game_html` that says whose turn it is, or who won."""
    e = html.escape
    if is_over(state):
        found = winners(state)
        names = e(_(" and ").join(state.player_name(w) for w in found))
        if len(found) > 1:
            head = _("Game over: {names} share the win").format(names=names)
        else:
            head = _("Game over: {names} wins").format(names=names)
    else:
        assert actor is not None
        acting = f", {words.race(state.turn.acting)}" if state.turn.acting else ""
        who = state.player_name(state.turn.actor if actor == CHANCE else actor)
        if actor == CHANCE:
            who = _("the die for {player}").format(player=who)
        head = _(
            "Round {round}/{turns} · {player}'s turn · stage <b>{stage}</b> ({who}{acting})"
        ).format(
            round=state.round,
            turns=state.geo.turns,
            player=e(state.player_name(state.current)),
            stage=e(state.stage.value),
            who=e(who),
            acting=e(acting),
        )
    return head


def _html_player_rows(state: GameState, actor: int | None, show_coins: bool) -> list[str]:
    """One table row per player of :func:`game_html`: coins, active race, decline races."""
    e = html.escape
    rows = []
    for i, p in enumerate(state.players):
        coins = str(p.coins) if show_coins else _("hidden")
        active = (
            _("{combo} (hand {hand})").format(
                combo=words.combo(p.active.power, p.active.name), hand=p.active.hand
            )
            if p.active
            else "—"
        )
        declined = ", ".join(words.race(d.name) for d in p.declined) or "—"
        mark = " ◀" if i == actor else ""
        rows.append(
            f"<tr><td>{e(p.name)}{mark}</td><td>{coins}</td><td>{e(active)}</td>"
            f"<td>{e(declined)}</td></tr>"
        )
    return rows


def _html_region_rows(state: GameState) -> list[str]:
    """One table row per region of :func:`game_html` with an owner, tokens or pieces."""
    e = html.escape
    geo = state.geo
    cells = []
    for i, r in enumerate(state.regions):
        bits = []
        if r.race:
            race = words.race(r.race)
            if r.in_decline:
                race = _("{race} (decline)").format(race=race)
            bits.append(f"{state.player_name(r.owner)}: {race} x{r.tokens}")
        bits += r.pieces()
        if r.race or r.lost_tribes or len(bits) > (1 if r.mountain else 0):
            cells.append(f"<tr><td>{e(geo.label(i))}</td><td>{e(', '.join(bits))}</td></tr>")
    return cells

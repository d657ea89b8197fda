"""The game viewer's logic, without widgets: clicks, hovers, buttons, history, panels.

A :class:`GameController` wraps a :class:`swlab.game.game.Game` (the timeline: play,
undo, redo, goto) and answers what the viewer needs, always by asking the engine: a
click on a region applies the one legal action that targets it, offers the choices when
there are several, and otherwise returns the engine's refusal (rule id and sentence) of
the action the click most plausibly meant. No rule is re-implemented here.

>>> from swlab.board import official_board
>>> c = GameController(official_board(2), ["Ann", "Bob"], seed=7)
>>> [label for label, _ in c.buttons()][:1]                       # doctest: +SKIP
['pick 0: Diplomat Ghouls - free, 10 tokens']
>>> c.apply("pick 0").kind
'applied'
>>> c.click(7).rule                          # not a border region for a first conquest
'R-CONQ-1'
>>> c.click(2).kind
'applied'
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from swlab import names as game_words
from swlab.board.catalog import load_board
from swlab.board.model import Board
from swlab.game.game import Game
from swlab.i18n import N_, SOURCE, _, language, ngettext
from swlab.play.style import BoardShapes, feature_collection, labels
from swlab.play.words import (
    choice_label,
    event_text,
    final_warning,
    hide_coins,
    names,
    narrate,
    region_name,
)
from swlab.rules.abilities.registry import POWERS, RACES
from swlab.rules.actions import (
    Action,
    Conquer,
    Decline,
    Done,
    End,
    Final,
    Pick,
    Place,
    Roll,
    Take,
    Withdraw,
    parse_action,
)
from swlab.rules.cost import CostBreakdown, explain_cost
from swlab.rules.driver import Chooser, random_action, sample_chance
from swlab.rules.engine import (
    ACTION_RULE,
    CHANCE,
    acting_race,
    current_player,
    is_over,
    legal_actions,
    score_rows,
    tokens_on_map,
    why_illegal,
    winners,
)
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import ComboPicked, Conquered, Declined, Event, TokensLost
from swlab.rules.pieces import PIECES
from swlab.rules.state import GameState, RegionState, Stage

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Button",
    "ClickResult",
    "GameController",
    "LogEntry",
    "PanelModel",
    "Question",
    "RedeployRow",
    "Status",
    "TurnSummary",
    "bots_available",
]

Kind = Literal["applied", "refused", "choices", "confirm", "none"]


@dataclass(frozen=True)
class Question:
    """An irreversible step waiting for the player's word. ``options`` are ``(key, label)``
    pairs for :meth:`GameController.answer`; the first is the default.

    Every question the viewer asks, and what Enter and Esc answer
    (:meth:`GameController.confirm`, :meth:`GameController.cancel`); Esc never plays:

    - ``final``, a final conquest (R-CONQ-10): Enter answers ``confirm``, Esc ``cancel``.
    - ``decline`` (R-DECLINE-1): Enter answers ``confirm``, Esc ``cancel``.
    - ``past``, acting while the past is shown: Enter answers ``continue`` (from the step shown;
      the later steps go, as after an undo), Esc ``cancel``.
    - ``autoplay`` over a person's seat: Enter ``all`` (bots play every seat, as the
      button asked), Esc ``cancel``.
    - choices on one region (not a :class:`Question`: ``ClickResult.choices``): Enter
      takes the first, the plain conquest or placement listed before a badge's own (the
      Dragon of R-POW-DRAGONMASTER, a conversion, a piece); Esc takes none.
    - the reinforcement die to roll (R-CONQ-10): Enter rolls it.
    - the viewer's file box, outside the game: a file that exists is replaced by Enter and
      kept by Esc (:class:`swlab.workspace.FileBox`).
    """

    kind: Literal["final", "decline", "past", "autoplay"]
    text: str
    options: tuple[tuple[str, str], ...]
    action: Action | None = None

    @property
    def default(self) -> str:
        """The key Enter answers with: the first option."""
        return self.options[0][0]


@dataclass(frozen=True)
class TurnSummary:
    """One player's turn told in a sentence, with the steps it spans (for a step-through)
    and the regions it changed (for highlighting)."""

    seat: int
    name: str
    start: int
    end: int
    text: str
    changed: frozenset[int]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class LogEntry:
    """One step of the log: the action in words, its notation, its effects under it;
    ``loss`` marks a step where a human player lost tokens."""

    n: int
    seat: int | None
    text: str
    notation: str
    effects: tuple[str, ...]
    loss: bool = False


@dataclass(frozen=True)
class RedeployRow:
    """One own region during a redeployment: its tokens, and + / - when legal."""

    region: int
    name: str
    tokens: int
    place: Action | None
    take: Action | None


#: Refusals about a conquest's price: the cost is worth quoting beside them.
_COST_RULES = frozenset({"R-CONQ-2", "R-CONQ-3", "R-CONQ-10"})

#: What a click on a region most plausibly means in each stage, to ask the engine why it
#: is refused when no legal action targets the region.
_PROBE: dict[Stage, Callable[[int], Action]] = {
    Stage.CONQUER: Conquer,
    Stage.REDEPLOY: Place,
    Stage.DEFEND: Place,
    Stage.WITHDRAW: Withdraw,
}


@dataclass(frozen=True)
class ClickResult:
    """What a click (or a button) did.

    ``kind``: ``applied`` (``action`` was played), ``refused`` (``rule`` and ``message``
    say why), ``choices`` (several legal actions target the region: ``choices``), ``none``
    (nothing to do, e.g. a bot had no move).
    """

    kind: Kind
    region: int | None = None
    action: Action | None = None
    choices: tuple[Action, ...] = ()
    rule: str = ""
    message: str = ""
    events: tuple[str, ...] = ()
    question: Question | None = None
    narration: str = ""
    raw: tuple[Event, ...] = ()

    @property
    def ok(self) -> bool:
        return self.kind == "applied"

    def __str__(self) -> str:
        if self.kind == "applied":
            return f"{self.action!r}: " + " ".join(self.events)
        if self.kind == "choices":
            return _("Choose: {choices}").format(choices=", ".join(repr(a) for a in self.choices))
        if self.kind == "confirm" and self.question is not None:
            return self.question.text
        return self.message


@dataclass(frozen=True)
class Button:
    """A legal action that is not a region click, with a label a learner reads."""

    label: str
    action: Action

    def __iter__(self) -> Any:  # unpacks as (label, action)
        return iter((self.label, self.action))


@dataclass(frozen=True)
class Status:
    """Whose turn, which stage, tokens in hand; ``text`` is one sentence.

    ``actor`` is the seat that decides now; at a chance node (``chance``) the seat whose
    die is rolled (R-CONQ-10).
    """

    round: int
    turns: int
    player: int | None
    player_name: str
    actor: int | None
    actor_name: str
    stage: str
    acting: str
    hand: int
    over: bool
    text: str
    chance: bool = False

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class PanelModel:
    """Everything the viewer draws after a change, as plain data (benchmarked)."""

    features: dict[str, Any]
    labels: dict[int, tuple[tuple[float, float], str]]
    status: Status
    buttons: tuple[Button, ...]
    choices: tuple[Action, ...]
    message: str
    market: list[dict[str, Any]]
    scoreboard: list[dict[str, Any]]
    log: list[str]
    index: int
    length: int
    targets: frozenset[int] = field(default_factory=frozenset)
    question: Question | None = None
    banner: str = ""
    redeploy_prompt: str = ""
    redeploy: tuple[RedeployRow, ...] = ()
    summaries: tuple[TurnSummary, ...] = ()
    entries: tuple[LogEntry, ...] = ()
    choice_labels: tuple[str, ...] = ()


_STAGE_WORDS: dict[str, str] = {
    "pick": N_("picks a combo"),
    "conquer": N_("conquers"),
    "roll": N_("rolls the reinforcement die"),
    "redeploy": N_("redeploys"),
    "withdraw": N_("withdraws tokens"),
    "defend": N_("redeploys after an attack"),
    "decline_choice": N_("may go into decline"),
    "game_over": N_("game over"),
}


def _piece_words(rs: RegionState) -> list[str]:
    """What stands in a region besides race tokens (``mountain``, ``encampment x2``), in
    the language in effect: the engine's words in English, the rulebook's label otherwise."""
    if language() == SOURCE:
        return rs.pieces()
    return [
        game_words.piece(p.label) + (f" x{n}" if p.counted else "")
        for p in PIECES
        if (n := p.count(rs))
    ]


def bots_available() -> dict[str, Any]:
    """Bot classes, ``make_bot`` and ``hint`` from :mod:`swlab.bots`, if it imports (a bot
    is anything with ``choose(state) -> Action``; see ``swlab.bots.base.Bot``)."""
    try:
        mod = importlib.import_module("swlab.bots")
    except Exception:
        return {}
    out: dict[str, Any] = {}
    for name in ("GreedyBot", "RandomBot", "make_bot", "hint"):
        obj = getattr(mod, name, None)
        if obj is not None:
            out[name] = obj
    return out


class _EngineRandom:
    """A random player from the engine's random playouts (used when no bot is given)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return random_action(state, self.rng)


def _bot_action(bot: Any, state: GameState) -> Action:
    """Ask any bot-like object for an action (method names vary between bot kinds)."""
    for name in ("choose", "act", "action", "select_action", "choose_action", "play"):
        method = getattr(bot, name, None)
        if callable(method):
            action = method(state)
            break
    else:
        if not callable(bot):
            raise TypeError(f"{bot!r} is not a bot: it has no choose/act method")
        action = bot(state)
    action = getattr(action, "action", action)  # a Hint-like answer
    return parse_action(action) if isinstance(action, str) else action


def _make_bot(spec: Any, seed: int) -> Any:
    if not isinstance(spec, str):
        return spec
    available = bots_available()
    key = spec.strip().lower().removesuffix("bot")
    if "make_bot" in available:
        try:
            return available["make_bot"](key, seed)
        except ValueError:
            pass
    if key == "greedy" and "GreedyBot" in available:
        return _construct(available["GreedyBot"], seed)
    if key == "random":
        if "RandomBot" in available:
            return _construct(available["RandomBot"], seed)
        return _EngineRandom(seed)
    if key == "greedy":
        raise ValueError("the greedy bot needs swlab.bots, which is not importable here")
    raise ValueError(f"unknown bot {spec!r}: use 'greedy', 'random' or a bot object")


def _construct(cls: Any, seed: int) -> Any:
    try:
        return cls(seed=seed)
    except TypeError:
        return cls()


class GameController:
    """The logic of the game viewer. Pure Python: every method is testable headless.

    Parameters
    ----------
    game_or_board
        A :class:`~swlab.game.game.Game`, a :class:`GameState` (a game continuing from
        it), a :class:`~swlab.board.Board`, or a shipped board name (``"official_2p"``).
    players
        Seat names (or a count) when a new game is started from a board.
    seed, races, powers
        Passed to :func:`swlab.rules.new_game` for a new game.
    bots
        Seats played by a bot: ``{1: "greedy"}``, ``{1: "random"}`` or ``{1: bot}``.
    board
        The board with polygons, when ``game_or_board`` does not carry one.
    """

    def __init__(
        self,
        game_or_board: Game | GameState | Board | str,
        players: int | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        races: Sequence[str] | None = None,
        powers: Sequence[str] | None = None,
        bots: Mapping[int, Any] | None = None,
        board: Board | None = None,
    ) -> None:
        if isinstance(game_or_board, Game):
            self.game = game_or_board
        elif isinstance(game_or_board, GameState):
            self.game = Game.from_state(game_or_board)
        else:
            b = load_board(game_or_board) if isinstance(game_or_board, str) else game_or_board
            if players is None:
                players = [_("Player {n}").format(n=i + 1) for i in range(b.players)]
            self.game = Game(b, players, seed=seed, races=races, powers=powers)
        geo_board = self.game.state.geo.board
        if board is None:
            if not isinstance(geo_board, Board):
                raise TypeError("this game's board has no polygons: pass board=")
            board = geo_board
        self.board = board
        self.shapes = BoardShapes.from_board(board)
        self.selected: int | None = None
        self.last: ClickResult | None = None
        self._seed = self.game.state.seed
        self.bots: dict[int, Any] = {
            seat: _make_bot(spec, self._seed + seat) for seat, spec in (bots or {}).items()
        }
        self._fallback_bot: Any = None
        self._legal_cache: tuple[GameState, list[Action]] | None = None
        #: the question waiting for an answer (:meth:`answer`), if any
        self.question: Question | None = None
        #: the bot turns played by the last bot move, told in words
        self.summaries: tuple[TurnSummary, ...] = ()
        #: games kept when a branch was started from the past (:meth:`switch`)
        self.timelines: list[Game] = [self.game]
        self._travelled = False
        #: regions outlined as just changed (the presenter's bot steps)
        self.highlight: frozenset[int] = frozenset()

    # --- the state and the timeline -----------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def index(self) -> int:
        """Steps played up to the cursor (0 = the start)."""
        return self.game.index

    def __len__(self) -> int:
        """Steps in the timeline, undone ones included (the slider's maximum)."""
        return len(self.game)

    def can_undo(self) -> bool:
        return self.game.index > 0

    def can_redo(self) -> bool:
        return self.game.index < len(self.game)

    def undo(self) -> GameState:
        if self.can_undo():
            self.game.undo()
        self.last = None
        self.question = None
        return self.state

    def redo(self) -> GameState:
        if self.can_redo():
            self.game.redo()
        self.last = None
        self.question = None
        return self.state

    def goto(self, index: int) -> GameState:
        """Show the state after ``index`` steps: the past, until the last step. Acting
        there first asks whether to continue from it or branch (:meth:`request`)."""
        self.game.goto(max(0, min(index, len(self.game))))
        self._travelled = self.game.index < len(self.game)
        self.last = None
        self.question = None
        return self.state

    @property
    def later_steps(self) -> int:
        """Steps after the one shown (what acting here would discard)."""
        return len(self.game) - self.game.index

    def viewing_past(self) -> bool:
        """Whether the state shown is not the latest one of the timeline."""
        return self.later_steps > 0

    def banner(self) -> str:
        """The time-travel banner ("" at the latest step)."""
        if not self.viewing_past():
            return ""
        n = self.later_steps
        return ngettext(
            "You are viewing the past: step {step} of {steps}. {n} later step follows; "
            "acting here asks first whether to continue from here or to branch.",
            "You are viewing the past: step {step} of {steps}. {n} later steps follow; "
            "acting here asks first whether to continue from here or to branch.",
            n,
        ).format(step=self.index, steps=len(self), n=n)

    def to_latest(self) -> GameState:
        """Back to the latest step."""
        return self.goto(len(self.game))

    # --- acting -------------------------------------------------------------------------
    def apply(self, action: Action | str) -> ClickResult:
        """Play ``action`` (or its notation); a refusal is returned, never raised."""
        try:
            act = parse_action(action) if isinstance(action, str) else action
        except ValueError as e:
            return self._remember(ClickResult("refused", message=str(e)))
        before = self.state
        try:
            events = self.game.play(act)
        except IllegalActionError as e:
            return self._remember(
                ClickResult("refused", action=act, rule=e.rule, message=e.message)
            )
        return self._applied(act, events, before)

    def _applied(
        self, action: Action, events: Sequence[Event], before: GameState | None = None
    ) -> ClickResult:
        """The result of ``action`` just played (the state shown is the one after it)."""
        after = self.state
        self.question = None
        self._travelled = False
        if before is None:
            steps = self.game.history
            before = steps[-2].state if len(steps) >= 2 else self.game.start
        return self._remember(
            ClickResult(
                "applied",
                region=_region_of(action),
                action=action,
                events=tuple(e.describe(after) for e in events),
                narration=narrate(before, action, events, after),
                raw=tuple(events),
            )
        )

    # --- asking before an irreversible step -------------------------------------------
    def request(self, action: Action | str) -> ClickResult:
        """Play ``action`` as a player's click or button would: first ask when it cannot
        be taken back lightly (acting in the past discards later steps; a final conquest
        ends the conquests, R-CONQ-10), else play it (:meth:`apply`)."""
        try:
            act = parse_action(action) if isinstance(action, str) else action
        except ValueError as e:
            return self._remember(ClickResult("refused", message=str(e)))
        question = self._past_question(act)
        if question is None:
            question = self._final_question(act) or self._decline_question(act)
        if question is not None:
            return self._ask(question)
        return self.apply(act)

    def _past_question(self, action: Action | None) -> Question | None:
        n = self.later_steps
        if n == 0 or not (self._travelled or n > 1):
            return None  # one undone step, just undone: acting replaces it, as expected
        return Question(
            "past",
            _(
                "You are viewing step {step} of {steps}. Acting here changes the "
                "game from this step on."
            ).format(step=self.index, steps=len(self)),
            (
                ("continue", _("Continue from here, discarding the {n} later steps").format(n=n)),
                (
                    "branch",
                    _("Branch into a new game from step {step} (the original is kept)").format(
                        step=self.index
                    ),
                ),
                ("cancel", _("Cancel")),
            ),
            action,
        )

    def _final_question(self, action: Action) -> Question | None:
        if not isinstance(action, Final) or why_illegal(self.state, action) is not None:
            return None
        return Question(
            "final",
            final_warning(self.state, action),
            (
                (
                    "confirm",
                    _("Final conquest of {region}").format(
                        region=region_name(self.state, action.region)
                    ),
                ),
                ("cancel", _("Not now")),
            ),
            action,
        )

    def _decline_question(self, action: Action) -> Question | None:
        """A decline cannot be taken back in real play: say what it does first."""
        if not isinstance(action, Decline) or why_illegal(self.state, action) is not None:
            return None
        state = self.state
        race = state.players[state.current].active
        name = game_words.race(race.name) if race else ""
        return Question(
            "decline",
            _(
                "Send the {race} into decline? One token stays in each of their regions, "
                "their special power is lost, they conquer no more, and you pick a new combo "
                "next turn (R-DECLINE-1, R-DECLINE-2, R-DECLINE-6)."
            ).format(race=name),
            (
                ("confirm", _("Send the {race} into decline").format(race=name)),
                ("cancel", _("Not now")),
            ),
            action,
        )

    def _ask(self, question: Question) -> ClickResult:
        self.question = question
        region = _region_of(question.action) if question.action is not None else None
        return self._remember(
            ClickResult(
                "confirm",
                region=region,
                action=question.action,
                question=question,
                message=question.text,
            )
        )

    def answer(self, key: str) -> ClickResult:
        """Answer the waiting :attr:`question` with one of its option keys."""
        q = self.question
        if q is None:
            return self._remember(ClickResult("none", message=_("There is no question to answer.")))
        if key not in {k for k, _ in q.options}:
            raise ValueError(f"{key!r} is not an answer to this question: {q.options}")
        self.question = None
        if key == "cancel":
            return self._remember(ClickResult("none", message=_("Cancelled: nothing changed.")))
        if q.kind == "autoplay":
            results = self.autoplay() if key == "all" else self.run_bots()
            return results[-1] if results else self._remember(ClickResult("none"))
        if q.kind == "past":
            if key == "branch":
                self.branch()
            else:
                self._travelled = False
                self.game.goto(self.index)  # the later steps go when the action is played
            if q.action is None:
                return self._remember(ClickResult("none", message=_("Continue from here.")))
            follow = self._final_question(q.action) or self._decline_question(q.action)
            if follow is not None:
                return self._ask(follow)
            return self.apply(q.action)
        assert q.action is not None
        return self.apply(q.action)

    def pending_choices(self) -> tuple[Action, ...]:
        """The choices the last click offered and nobody has taken yet (several legal
        actions on one region, e.g. a conquest or the Dragon, R-POW-DRAGONMASTER)."""
        last = self.last
        return last.choices if last is not None and last.kind == "choices" else ()

    def confirm(self) -> ClickResult | None:
        """Enter: the default answer of whatever waits for the player (see
        :class:`Question`): the question's first option, the first of the choices offered
        on a region, or the reinforcement die when it is to be rolled (R-CONQ-10). ``None``
        when nothing waits."""
        if self.question is not None:
            return self.answer(self.question.default)
        choices = self.pending_choices()
        if choices:
            return self.request(choices[0])
        if current_player(self.state) == CHANCE:
            return self.roll()
        return None

    def cancel(self) -> ClickResult | None:
        """Esc: the question or the choices offered go away and nothing is played;
        ``None`` when nothing waits."""
        if self.question is not None:
            return self.answer("cancel")
        if self.pending_choices():
            return self._remember(ClickResult("none", message=_("Cancelled: nothing changed.")))
        return None

    def branch(self) -> Game:
        """A new game from the step shown: the original timeline is kept (:attr:`timelines`,
        :meth:`switch`), and the branch has its own record (``save game`` saves it)."""
        game = Game.from_record(self.game.record, self.board)
        self.timelines.append(game)
        self._replace_game(game)
        return game

    def switch(self, timeline: int) -> GameState:
        """Show another kept game (0 = the first one)."""
        self._replace_game(self.timelines[timeline])
        return self.state

    def request_autoplay(self) -> ClickResult:
        """Autoplay, asking first when a human's seat would be played by a bot."""
        humans = [p.name for seat, p in enumerate(self.state.players) if not self.is_bot_seat(seat)]
        if humans and not is_over(self.state):
            who = names(humans)
            return self._ask(
                Question(
                    "autoplay",
                    ngettext(
                        "Autoplay plays to the end of the game. {who}'s seat is played by a "
                        "person: should a bot play it too?",
                        "Autoplay plays to the end of the game. {who}'s seats are played by a "
                        "person: should a bot play it too?",
                        len(humans),
                    ).format(who=who),
                    (
                        ("all", _("Yes: bots play every seat, {who}'s too").format(who=who)),
                        ("bots", _("No: bots play only their own seats, then wait for you")),
                        ("cancel", _("Cancel")),
                    ),
                )
            )
        results = self.autoplay()
        return results[-1] if results else self._remember(ClickResult("none"))

    def click(self, region_id: int) -> ClickResult:
        """A click on a region: play the one action a click there means (asking first
        when it is irreversible, :meth:`request`), offer labelled choices when there are
        several, or say why not (the engine's refusal of the action the click most
        plausibly meant). Taking tokens back is never a click's side effect."""
        self.selected = region_id
        state = self.state
        everything = self._by_region().get(region_id, [])
        options = [a for a in everything if not a.undoes]
        if not options and everything and state.stage in (Stage.REDEPLOY, Stage.DEFEND):
            return self._remember(
                ClickResult(
                    "refused",
                    region=region_id,
                    rule="R-REDEPLOY-1",
                    message=_(
                        "No tokens in hand to place on {region} "
                        "(R-REDEPLOY-1): use - beside a region to take one back, or Done."
                    ).format(region=region_name(state, region_id)),
                )
            )
        if not options:
            options = everything  # only a lift (a Hero, an Encampment): an explicit choice
        if len(options) == 1 and not options[0].undoes:
            return self.request(options[0])
        if options:
            choices = tuple(dict.fromkeys(options))
            return self._remember(
                ClickResult(
                    "choices",
                    region=region_id,
                    choices=choices,
                    message=_("{n} ways to act on {region}: choose one.").format(
                        n=len(choices), region=region_name(state, region_id)
                    )
                    if len(choices) > 1
                    else _("Confirm on {region}:").format(region=region_name(state, region_id)),
                )
            )
        if current_player(state) == CHANCE:
            return self._die_decides(region_id)
        probe = _PROBE.get(state.stage, Conquer)(region_id)
        error = why_illegal(state, probe)
        if error is None:  # legal but not listed (should not happen): play it anyway
            return self.request(probe)
        return self._remember(
            ClickResult(
                "refused", region=region_id, action=probe, rule=error.rule, message=error.message
            )
        )

    def _die_decides(self, region: int | None = None) -> ClickResult:
        """The refusal of a click or a key while the reinforcement die is to be rolled."""
        return self._remember(
            ClickResult(
                "refused",
                region=region,
                rule="R-CONQ-10",
                message=_("The reinforcement die decides now: roll the die (R-CONQ-10)."),
            )
        )

    def _remember(self, result: ClickResult) -> ClickResult:
        self.last = result
        return result

    def targets(self) -> frozenset[int]:
        """Region ids where a click does something now (a region where only a token
        could be taken back is not one: that is the explicit - control's job)."""
        redeploying = self.state.stage in (Stage.REDEPLOY, Stage.DEFEND)
        return frozenset(
            r
            for r, acts in self._by_region().items()
            if not redeploying or any(not a.undoes for a in acts)
        )

    def _legal(self) -> list[Action]:
        """``legal_actions`` of the state shown, asked once per state."""
        state = self.state
        if self._legal_cache is None or self._legal_cache[0] is not state:
            self._legal_cache = (state, legal_actions(state))
        return self._legal_cache[1]

    def _by_region(self) -> dict[int, list[Action]]:
        """The legal actions grouped by the region they target (as ``actions_by_region``)."""
        out: dict[int, list[Action]] = {}
        for action in self._legal():
            region = _region_of(action)
            if region is not None:
                out.setdefault(region, []).append(action)
        return out

    # --- hover --------------------------------------------------------------------------
    def cost(self, region_id: int) -> CostBreakdown | None:
        """The conquest cost breakdown for the race acting now (``None`` if no race acts
        or the region is unknown)."""
        state = self.state
        if region_id not in state.geo.index:
            return None
        race = acting_race(state)
        if race is None:
            actor = current_player(state)
            race = state.players[actor].active if actor is not None and actor >= 0 else None
        if race is None:
            return None
        return explain_cost(state, region_id, race.name)

    def hover(self, region_id: int) -> str:
        """A few lines about a region: what holds it, what a click does, and for a region
        a click cannot act on, why not (the engine's refusal, with its rule id). The
        conquest cost (R-CONQ-2, R-CONQ-3) is quoted only where conquering is the
        question: a target, or a region refused for its cost; never for a Sea the race
        cannot enter (R-CONQ-4)."""
        state = self.state
        i = state.geo.index.get(region_id)
        if i is None:
            return _("There is no region {id} on this board.").format(id=region_id)
        rs = state.regions[i]
        bits: list[str] = []
        if rs.tokens and rs.race:
            who = state.player_name(rs.owner) if rs.owner >= 0 else "?"
            held = (
                _("{player}'s {race} in decline x{tokens}")
                if rs.in_decline
                else _("{player}'s {race} x{tokens}")
            )
            bits.append(held.format(player=who, race=game_words.race(rs.race), tokens=rs.tokens))
        bits += _piece_words(rs)
        head = state.geo.label(i) + ": " + (", ".join(bits) if bits else _("empty"))
        lines = [head]
        options = self._by_region().get(region_id, [])
        clickable = [a for a in options if not a.undoes]
        refusal = None
        if clickable:
            lines.append(
                _("Click: {choices}").format(
                    choices=_(" or ").join(choice_label(state, a) for a in clickable)
                )
            )
        elif current_player(state) == CHANCE:
            lines.append(_("Not now: the reinforcement die decides (R-CONQ-10)."))
        elif not is_over(state):
            probe = _PROBE.get(state.stage, Conquer)(region_id)
            refusal = why_illegal(state, probe)
            if refusal is not None:
                lines.append(_("Not a target now: {why}").format(why=refusal.message))
        cost = self.cost(region_id)
        race = acting_race(state) or state.players[state.current].active
        own = race is not None and rs.race == race.name
        about_cost = bool(clickable) or (refusal is not None and refusal.rule in _COST_RULES)
        if (
            cost is not None
            and not own
            and about_cost
            and state.stage in (Stage.CONQUER, Stage.PICK)
        ):
            rules = ", ".join(sorted({row.rule for row in cost.rows}))
            line = (
                _("{race} conquest cost: {cost} ({rules})")
                if race
                else _("conquest cost: {cost} ({rules})")
            )
            lines.append(
                line.format(
                    race=game_words.race(race.name) if race else "",
                    cost=cost.summary(),
                    rules=rules,
                )
            )
        return "\n".join(lines)

    # --- redeployment -----------------------------------------------------------------
    def redeploy_rows(self) -> tuple[RedeployRow, ...]:
        """During a redeployment: each own region, its tokens, + (place) and - (take)."""
        state = self.state
        if state.stage not in (Stage.REDEPLOY, Stage.DEFEND):
            return ()
        race = acting_race(state)
        if race is None:
            return ()
        legal = self._legal()
        rows = []
        for i, rs in enumerate(state.regions):
            if rs.race != race.name or rs.owner != race.owner or rs.in_decline:
                continue
            rid = state.geo.ids[i]
            place, take = Place(rid), Take(rid)
            rows.append(
                RedeployRow(
                    region=rid,
                    name=state.geo.label(i),
                    tokens=rs.tokens,
                    place=place if place in legal else None,
                    take=take if take in legal else None,
                )
            )
        return tuple(rows)

    def redeploy_prompt(self) -> str:
        """What to do in a redeployment, with the tokens left to place."""
        state = self.state
        if state.stage not in (Stage.REDEPLOY, Stage.DEFEND):
            return ""
        race = acting_race(state)
        if race is None:
            return ""
        who = state.player_name(race.owner)
        left = ngettext("{n} token left to place", "{n} tokens left to place", race.hand).format(
            n=race.hand
        )
        fields = {"player": who, "race": game_words.race(race.name), "left": left}
        if state.stage is Stage.DEFEND:
            return _(
                "{player}: place the {race} that fled back into your regions: {left} "
                "(R-CONQ-7). + puts a token on a region; Done when finished."
            ).format(**fields)
        return _(
            "{player}, redeploy the {race}: {left}. + puts one on a region, - takes one "
            "back to hand (at least 1 stays); Done when finished (R-REDEPLOY-1)."
        ).format(**fields)

    # --- bot turns told in words -------------------------------------------------------
    def turn_summaries(self, start: int, end: int) -> tuple[TurnSummary, ...]:
        """The turns played between steps ``start`` and ``end``, each in one sentence:
        what the player picked, took from whom, and who lost tokens (coins never)."""
        steps = self.game.history[start:end]
        out: list[TurnSummary] = []
        group: list[int] = []

        def before_of(n: int) -> GameState:
            return self.game.history[n - 1].state if n > 0 else self.game.start

        def flush() -> None:
            if group:
                out.append(self._summary(group[0], group[-1] + 1, before_of))
            group.clear()

        key = None
        for k, _step in enumerate(steps, start=start):
            b = before_of(k)
            this = (b.round, b.current)
            if key is not None and this != key:
                flush()
            key = this
            group.append(k)
        flush()
        return tuple(out)

    def _summary(self, a: int, b: int, before_of: Callable[[int], GameState]) -> TurnSummary:
        first = before_of(a)
        last = self.game.history[b - 1].state
        seat = first.current
        who = first.player_name(seat)
        picked: list[str] = []
        taken: dict[int, list[int]] = {}
        conquered: list[int] = []
        declined = False
        losses: dict[int, int] = {}
        lines = []
        for n in range(a, b):
            step = self.game.history[n]
            lines.append(narrate(before_of(n), step.action, step.events, step.state))
            for e in step.events:
                if isinstance(e, ComboPicked):
                    picked.append(game_words.combo(e.power, e.race))
                elif isinstance(e, Conquered):
                    conquered.append(e.region)
                elif isinstance(e, TokensLost) and e.player >= 0 and e.player != seat:
                    taken.setdefault(e.player, []).append(e.region)
                    losses[e.player] = losses.get(e.player, 0) + e.lost
                elif isinstance(e, Declined):
                    declined = True
        parts = []
        if picked:
            parts.append(_("picked {combos}").format(combos=names(picked)))
        if declined:
            parts.append(_("went into decline"))
        victims_regions = {r for rs in taken.values() for r in rs}
        free = [r for r in conquered if r not in victims_regions]
        if free:
            parts.append(
                _("conquered {regions}").format(regions=names(region_name(first, r) for r in free))
            )
        for p, regions in taken.items():
            parts.append(
                _("took {regions} from {player}").format(
                    regions=names(region_name(first, r) for r in regions),
                    player=first.player_name(p),
                )
            )
        text = (
            _("{player} {deeds}.").format(player=who, deeds="; ".join(parts))
            if parts
            else _("{player} made no conquest.").format(player=who)
        )
        for p, n in losses.items():
            text += " " + ngettext(
                "{player} lost {n} token.", "{player} lost {n} tokens.", n
            ).format(player=first.player_name(p), n=n)
        changed = frozenset(
            first.geo.ids[i]
            for i, (x, y) in enumerate(zip(first.regions, last.regions, strict=True))
            if x != y
        )
        return TurnSummary(seat, who, a, b, text, changed, tuple(lines))

    # --- the log ------------------------------------------------------------------------
    def log_entries(self, reveal: bool = False, last: int | None = None) -> list[LogEntry]:
        """The game so far, oldest first: each action in words with its effects under
        it, the notation kept apart; a human player's losses marked; coins hidden unless
        ``reveal`` or the game is over (R-SETUP-4)."""
        history = self.game.history
        show = reveal or is_over(self.state)
        first = 0 if last is None else max(0, len(history) - last)
        out = []
        for n in range(first, len(history)):
            step = history[n]
            before = history[n - 1].state if n else self.game.start
            seat = current_player(before)
            text = narrate(before, step.action, step.events, step.state)
            effects = tuple(event_text(e, step.state, reveal=show) for e in step.events)
            loss = any(
                isinstance(e, TokensLost)
                and e.player >= 0
                and not self.is_bot_seat(e.player)
                and e.player != seat
                for e in step.events
            )
            out.append(
                LogEntry(
                    n + 1,
                    seat if seat is not None and seat >= 0 else None,
                    text if show else hide_coins(text),
                    repr(step.action),
                    effects,
                    loss,
                )
            )
        return out

    # --- buttons ------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        """Legal actions that are not region clicks, labelled (unknown verbs by notation)."""
        out: list[Button] = []
        for action in self._legal():
            if _region_of(action) is not None:
                continue
            out.append(Button(self.describe_action(action), action))
        return out

    def describe_action(self, action: Action) -> str:
        """A button label: the notation, then what it means."""
        state = self.state
        note = repr(action)
        if isinstance(action, Pick) and 0 <= action.position < len(state.column):
            combo = state.column[action.position]
            race, power = RACES.get(combo.race), POWERS.get(combo.power)
            tokens = (race.tokens if race else 0) + (power.tokens if power else 0)
            fields = {
                "note": note,
                "combo": game_words.combo(combo.power, combo.race),
                "pay": action.position,
                "coins": combo.coins,
                "tokens": tokens,
            }
            if action.position == 0:
                label = (
                    _("{note}: {combo} - free, collect {coins}, {tokens} tokens")
                    if combo.coins
                    else _("{note}: {combo} - free, {tokens} tokens")
                )
            else:
                label = (
                    _("{note}: {combo} - pay {pay}, collect {coins}, {tokens} tokens")
                    if combo.coins
                    else _("{note}: {combo} - pay {pay}, {tokens} tokens")
                )
            return label.format(**fields)
        if isinstance(action, Decline):
            active = state.players[state.current].active
            if not active:
                return note
            return _("{note}: send the {race} into decline").format(
                note=note, race=game_words.race(active.name)
            )
        if isinstance(action, End):
            if state.stage is Stage.CONQUER:
                return _("{note}: stop conquering, redeploy").format(note=note)
            if state.stage is Stage.DECLINE_CHOICE:
                return _("{note}: keep the race active").format(note=note)
            return _("{note}: pass").format(note=note)
        if isinstance(action, Done):
            return _("{note}: finish redeployment").format(note=note)
        return note

    # --- panels -------------------------------------------------------------------------
    def status(self) -> Status:
        state = self.state
        geo = state.geo
        actor = current_player(state)
        chance = actor == CHANCE
        if chance:
            actor = state.turn.actor  # whose die it is
        race = acting_race(state)
        if race is None and actor is not None:
            race = state.players[actor].active
        hand = race.hand if race is not None else 0
        stage = state.stage.value
        if is_over(state):
            win = winners(state)
            names = _(" and ").join(state.player_name(w) for w in win)
            text = (
                _("Game over after {rounds} rounds: {players} share the win.")
                if len(win) > 1
                else _("Game over after {rounds} rounds: {players} wins.")
            ).format(rounds=geo.turns, players=names)
        else:
            assert actor is not None
            who = state.player_name(actor)
            doing = _(_STAGE_WORDS[stage]) if stage in _STAGE_WORDS else stage
            fields = {
                "round": state.round,
                "turns": geo.turns,
                "player": who,
                "doing": doing,
                "owner": state.player_name(state.current),
                "combo": game_words.combo(race.power, race.name) if race else "",
                "hand": hand,
            }
            if actor != state.current:
                text = (
                    _(
                        "Round {round}/{turns}: {owner}'s turn, {player} {doing} "
                        "({combo}, {hand} in hand)."
                    )
                    if race
                    else _("Round {round}/{turns}: {owner}'s turn, {player} {doing}.")
                ).format(**fields)
            else:
                text = (
                    _("Round {round}/{turns}: {player} {doing} ({combo}, {hand} in hand).")
                    if race
                    else _("Round {round}/{turns}: {player} {doing}.")
                ).format(**fields)
        return Status(
            round=state.round,
            turns=geo.turns,
            player=None if is_over(state) else state.current,
            player_name=state.player_name(state.current),
            actor=actor,
            actor_name=state.player_name(actor) if actor is not None else "",
            stage=stage,
            acting=race.name if race else "",
            hand=hand,
            over=is_over(state),
            text=text,
            chance=chance,
        )

    def log(self, last: int | None = None) -> list[str]:
        """The game so far as sentences: each step's action, then its events (rule ids)."""
        history = self.game.history
        steps = history if last is None else history[-last:] if last else []
        out: list[str] = []
        first = len(history) - len(steps)
        for n, step in enumerate(steps, start=first + 1):
            # the actor is whoever was to act before this step
            before = history[n - 2].state if n >= 2 else self.game.start
            actor = current_player(before)
            if actor == CHANCE:
                who = f"die ({before.player_name(before.turn.actor)})"
            else:
                who = before.player_name(actor) if actor is not None else ""
            out.append(f"{n}. {who}: {step.action!r}")
            out.extend(f"   {e.describe(step.state)}" for e in step.events)
        return out

    def coins_by_round(self) -> list[list[int]]:
        """Each player's coins at the end of each round (index 0 = round 1), for the
        end-of-game chart; during a game the last entry is the round so far."""
        states = [self.game.start] + [s.state for s in self.game.history]
        rows: dict[int, list[int]] = {}
        for st in states:
            rows[st.round] = [p.coins for p in st.players]
        return [rows[r] for r in sorted(rows)]

    def market_rows(self) -> list[dict[str, Any]]:
        """The visible combos (R-PICK-1): position, race, power, cost, coins, tokens."""
        state = self.state
        coins = state.players[state.current].coins
        rows = []
        for k, combo in enumerate(state.column):
            race, power = RACES.get(combo.race), POWERS.get(combo.power)
            rows.append(
                {
                    "position": k,
                    "race": combo.race,
                    "power": combo.power,
                    "cost": k,
                    "coins on it": combo.coins,
                    "tokens": (race.tokens if race else 0) + (power.tokens if power else 0),
                    "affordable": k <= coins,
                }
            )
        return rows

    def market(self) -> pd.DataFrame:
        """:meth:`market_rows` as a DataFrame (the 'affordable' column uses hidden coins of
        the current player, so it is left out)."""
        import pandas as pd

        rows = [{k: v for k, v in r.items() if k != "affordable"} for r in self.market_rows()]
        # the keys of market_rows: a DataFrame for code, not a label
        cols = ["position", "race", "power", "cost", "coins on it", "tokens"]  # i18n: not prose
        return pd.DataFrame(rows, columns=cols).set_index("position")

    def scoreboard_rows(self, reveal: bool = False) -> list[dict[str, Any]]:
        """Per seat: races, regions, tokens on the map, what this turn would score, coins.

        Coins are hidden during play unless ``reveal`` (R-SETUP-4); shown at the end.
        """
        state = self.state
        show = reveal or is_over(state)
        actor = current_player(state)
        rows = []
        for p, ps in enumerate(state.players):
            rows.append(
                {
                    "player": ps.name,
                    "seat": p,
                    "to act": p == actor,
                    "active race": game_words.combo(ps.active.power, ps.active.name)
                    if ps.active
                    else "",
                    "in decline": ", ".join(game_words.race(d.name) for d in ps.declined),
                    "regions": sum(1 for r in state.regions if r.owner == p),
                    "tokens on map": tokens_on_map(state, p),
                    "would score": sum(r.amount for r in score_rows(state, p)),
                    "coins": ps.coins if show else _("hidden"),
                    "bot": self._bot_name(p),
                }
            )
        return rows

    def scoreboard(self, reveal: bool = False) -> pd.DataFrame:
        """:meth:`scoreboard_rows` as a DataFrame indexed by player name."""
        import pandas as pd

        return pd.DataFrame(self.scoreboard_rows(reveal)).set_index("player")

    def labels_at(
        self, fit: tuple[float, float] | None = None, targets: frozenset[int] | None = None
    ) -> dict[int, tuple[tuple[float, float], str]]:
        """The region labels, kept on the board for a map at ``fit`` = ``(zoom, label px)``."""
        targets = self.targets() if targets is None else targets
        return labels(self.shapes, self.state, targets=targets, fit=fit)

    def board_features(
        self, dim: bool = True, targets: frozenset[int] | None = None
    ) -> dict[str, Any]:
        """The board's GeoJSON now (see :meth:`panel`): what a redraw sends first."""
        return feature_collection(
            self.shapes,
            self.state,
            targets=self.targets() if targets is None else targets,
            selected=self.selected,
            highlight=self.highlight,
            dim=dim,
        )

    def panel(
        self,
        reveal: bool = False,
        log_lines: int = 40,
        fit: tuple[float, float] | None = None,
        dim: bool = True,
    ) -> PanelModel:
        """Everything the viewer draws, as fresh plain objects (what a redraw costs);
        ``fit`` places the labels for the map's zoom and label size (:meth:`labels_at`).

        ``dim=False`` leaves the dimming of non-targets out of the features and the target
        mark out of the labels: a viewer that dims by a class on its map (its style sheet)
        then resends only the regions whose own look changed."""
        targets = self.targets()
        last = self.last
        show = reveal or is_over(self.state)
        return PanelModel(
            features=self.board_features(dim, targets),
            labels=self.labels_at(fit, targets if dim else frozenset()),
            status=self.status(),
            buttons=tuple(self.buttons()),
            choices=last.choices if last is not None and last.kind == "choices" else (),
            message=self.message(show),
            market=self.market_rows(),
            scoreboard=self.scoreboard_rows(reveal),
            log=[line if show else hide_coins(line) for line in self.log(last=log_lines)][
                -log_lines:
            ],
            index=self.index,
            length=len(self),
            targets=targets,
            question=self.question,
            banner=self.banner(),
            redeploy_prompt=self.redeploy_prompt(),
            redeploy=self.redeploy_rows(),
            summaries=self.summaries,
            entries=tuple(self.log_entries(reveal, last=log_lines)),
            choice_labels=tuple(choice_label(self.state, a) for a in last.choices)
            if last is not None and last.kind == "choices"
            else (),
        )

    def message(self, reveal: bool = False) -> str:
        """The answer to the last click or button, in words: the action told, then its
        effects (no amount of coins while they are hidden, R-SETUP-4)."""
        last = self.last
        if last is None:
            return ""
        if last.kind == "applied" and last.narration:
            after = self.state
            effects = [event_text(e, after, reveal=reveal) for e in last.raw]
            return "\n".join([last.narration, *effects])
        text = str(last)
        return text if reveal else hide_coins(text)

    # --- bots and hints -----------------------------------------------------------------
    def _bot_name(self, seat: int) -> str:
        bot = self.bots.get(seat)
        if bot is None:
            return ""
        return str(getattr(bot, "name", type(bot).__name__))

    def is_bot_seat(self, seat: int | None) -> bool:
        return seat is not None and seat in self.bots

    def has_bots(self) -> bool:
        """Whether a bot can move: bots given for seats, or :mod:`swlab.bots` importable."""
        return (
            bool(self.bots) or "GreedyBot" in bots_available() or ("RandomBot" in bots_available())
        )

    def _default_bot(self) -> Any:
        """The bot that moves for a seat without one: swlab.bots' greedy (or random) bot,
        else the first bot given for a seat."""
        if self._fallback_bot is None:
            available = bots_available()
            for name in ("GreedyBot", "RandomBot"):
                if name in available:
                    self._fallback_bot = _construct(available[name], self._seed)
                    break
        if self._fallback_bot is not None:
            return self._fallback_bot
        return next(iter(self.bots.values()), None)

    def _chooser(self, seat: int) -> Chooser | None:
        """The decision function of ``seat``: its bot, else the default bot (``None`` when
        no bot is available)."""
        bot = self.bots.get(seat) or self._default_bot()
        if bot is None:
            return None
        return lambda state: _bot_action(bot, state)

    def _drive(
        self,
        seats: Callable[[int], bool],
        *,
        until: Callable[[GameState], bool] | None = None,
        max_steps: int,
    ) -> list[ClickResult]:
        """Play with the engine's driver (:meth:`Game.drive`: bots for the seats ``seats``
        accepts, the die sampled from the game's seed), every step into the timeline; a
        bot's illegal action stops it with that refusal."""
        asked: list[Action] = []

        def deciding(seat: int) -> Chooser | None:
            bot_choose = self._chooser(seat) if seats(seat) else None
            if bot_choose is None:
                return None

            def choose(state: GameState) -> Action:
                action = bot_choose(state)
                asked.append(action)
                return action

            return choose

        deciders: dict[int, Chooser] = {}
        for seat in range(len(self.state.players)):
            chooser = deciding(seat)
            if chooser is not None:
                deciders[seat] = chooser
        results: list[ClickResult] = []

        def keep(before: GameState, action: Action, events: list[Event], after: GameState) -> None:
            results.append(self._applied(action, events))

        start = self.index
        try:
            self.game.drive(deciders, until=until, max_steps=max_steps, observer=keep)
        except IllegalActionError as e:
            act = asked[-1] if asked else None
            results.append(
                self._remember(ClickResult("refused", action=act, rule=e.rule, message=e.message))
            )
        if self.index > start:
            self.summaries = self.turn_summaries(start, self.index)
        return results

    def next_action(self) -> ClickResult:
        """Let a bot play one action for whoever must act (the seat's bot, else the
        default bot of :mod:`swlab.bots`), a human seat too: for code that plays a game
        through (tests, benchmarks); the viewer's N and bot button use :meth:`advance`. At
        a chance node the die is rolled (:meth:`roll`)."""
        state = self.state
        actor = current_player(state)
        if actor is None:
            return self._remember(
                ClickResult("none", rule="R-FLOW-2", message=_("The game is over (R-FLOW-2)."))
            )
        if actor == CHANCE:
            return self.roll()
        if self._chooser(actor) is None:
            return self._remember(
                ClickResult("none", message=_("No bot available: swlab.bots is not importable."))
            )
        results = self._drive(lambda seat: True, max_steps=1)
        return results[-1] if results else self._remember(ClickResult("none"))

    def advance(self) -> ClickResult:
        """The N key and the bot button: the next step that is not a person's to decide,
        namely a bot seat's action or the reinforcement die (a chance event, R-CONQ-10).

        On a person's turn nothing is played: a bot never decides a human seat's move
        unasked (autoplay asks first, :meth:`request_autoplay`; hint only suggests).
        """
        actor = current_player(self.state)
        if actor is not None and actor != CHANCE and not self.is_bot_seat(actor):
            return self._persons_turn(actor)
        return self.next_action()

    def finish_bot_turn(self) -> list[ClickResult]:
        """The bot's whole turn (the *bot: finish turn* button), when the turn is a bot
        seat's; on a person's turn nothing is played (as :meth:`advance`)."""
        owner = self.state.turn.actor
        actor = current_player(self.state)
        if actor is None:
            return [self.next_action()]
        if not self.is_bot_seat(owner):
            return [self._persons_turn(owner if actor == CHANCE else actor)]
        return self.finish_turn()

    def _persons_turn(self, seat: int) -> ClickResult:
        """Why a bot command does nothing now: a person plays this seat."""
        return self._remember(
            ClickResult(
                "refused",
                message=_("It is {player}'s turn: play on the map. N moves the bots only.").format(
                    player=self.state.player_name(seat)
                ),
            )
        )

    def end_stage(self) -> ClickResult:
        """The D key: stop conquering, finish a redeployment, or keep the race active,
        whichever the stage has (``end`` or ``done``). When the stage cannot end now, the
        engine's refusal with its rule id: tokens still in hand must be placed first
        (R-REDEPLOY-1; after an attack R-REDEPLOY-2), the die must be rolled (R-CONQ-10),
        a combo picked (R-PICK-1)."""
        for b in self.buttons():
            if b.action.verb in ("done", "end"):
                return self.request(b.action)
        state = self.state
        if current_player(state) == CHANCE:
            return self._die_decides()
        probe: Action = Done() if state.stage in (Stage.REDEPLOY, Stage.DEFEND) else End()
        error = why_illegal(state, probe)
        if error is None:  # legal but not listed (should not happen): play it anyway
            return self.request(probe)
        return self._remember(
            ClickResult("refused", action=probe, rule=error.rule, message=error.message)
        )

    def roll(self) -> ClickResult:
        """Roll the reinforcement die (R-COMP-5, R-CONQ-10): the face this position draws
        from the game's seed (:func:`swlab.rules.sample_chance`), so undo and roll again
        shows the same face. Refused when the game does not wait for the die."""
        state = self.state
        if current_player(state) != CHANCE:
            rule, why = ACTION_RULE[Roll]
            return self._remember(
                ClickResult(
                    "refused",
                    rule=rule,
                    message=_("Not now: {why} ({rule}).").format(why=_(why), rule=rule),
                )
            )
        return self.request(sample_chance(state))

    def finish_turn(self, max_steps: int = 500) -> list[ClickResult]:
        """Bots play until the current player's turn is over (stops for a human defender)."""
        start = self.state

        def seats(seat: int) -> bool:
            return seat == start.turn.actor or self.is_bot_seat(seat)

        def turn_over(state: GameState) -> bool:
            return state.current != start.current or state.round != start.round

        return self._drive(seats, until=turn_over, max_steps=max_steps)

    def autoplay(self, max_steps: int = 20_000) -> list[ClickResult]:
        """Bots play every seat until the game ends (a demo to watch, then step back
        through with the history slider); stops early at a refusal."""
        return self._drive(lambda seat: True, max_steps=max_steps)

    def run_bots(self, max_steps: int = 2000) -> list[ClickResult]:
        """Bots play while a bot seat must act (after a human move, or from the start).

        The die of a bot's conquest is rolled; the die of a human's conquest waits for the
        human's *roll the die*.
        """

        def humans_die(state: GameState) -> bool:
            return current_player(state) == CHANCE and not self.is_bot_seat(state.turn.actor)

        return self._drive(self.is_bot_seat, until=humans_die, max_steps=max_steps)

    def hint(self) -> str:
        """A suggestion for the player to act, from :func:`swlab.bots.hint` if it exists."""
        fn = bots_available().get("hint")
        if fn is None:
            return _("Hints need swlab.bots, which is not importable here.")
        if is_over(self.state):
            return _("The game is over (R-FLOW-2).")
        if current_player(self.state) == CHANCE:
            return _(
                "The reinforcement die decides now, not a choice: roll the die "
                "(faces 0, 0, 0, 1, 2, 3; R-CONQ-10)."
            )
        h = fn(self.state)
        action = getattr(h, "action", None)
        reason = getattr(h, "reason", "")
        if action is None:
            return str(h)
        if reason:
            return _("Try {action}: {reason}").format(action=repr(action), reason=reason)
        return _("Try {action}.").format(action=repr(action))

    # --- records ------------------------------------------------------------------------
    def save_record(self, path: str | os.PathLike[str]) -> None:
        """Save the game up to the cursor (JSON for ``.json``, text otherwise)."""
        self.game.save(path)

    def load_record(self, path: str | os.PathLike[str]) -> None:
        """Replace the game by the one recorded in ``path`` (cursor at its end)."""
        self._replace_game(Game.from_record(path, self.board))

    def save_scenario(self, path: str | os.PathLike[str]) -> None:
        """Save the position at the cursor as a scenario file (YAML, or JSON for ``.json``)."""
        self.game.save_scenario(path)

    def load_scenario(
        self,
        path: str | os.PathLike[str],
        *,
        check_board: Callable[[Any, Path], None] | None = None,
    ) -> None:
        """Replace the game by the position of a scenario file on this viewer's board.

        ``check_board(board, file)`` may refuse the ``board`` value the file names before
        any board is read (the workspace's :meth:`~swlab.workspace.Workspace.check_board`).
        """
        if check_board is None:
            game = Game.from_scenario(path)
        else:
            from swlab.game.scenario import read_scenario_file, scenario_from_dict

            data = read_scenario_file(path)
            check_board(data.get("board"), Path(path))
            game = Game.from_state(scenario_from_dict(data, Path(path).parent, file=path))
        if game.state.geo.name != self.board.name:
            raise ValueError(
                f"{path} is set on {game.state.geo.name!r}, but this viewer shows "
                f"{self.board.name!r}: open it in a new viewer, "
                "GameViewer(Game.from_scenario(path))"
            )
        self._replace_game(game)

    def _replace_game(self, game: Game) -> None:
        self.game = game
        self.selected = None
        self.last = None

    def __repr__(self) -> str:
        return f"<GameController {self.status().text} step {self.index}/{len(self)}>"


def _region_of(action: Action) -> int | None:
    region = getattr(action, "region", None)
    return region if isinstance(region, int) else None

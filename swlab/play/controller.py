"""The game viewer's logic, without widgets: clicks, hovers, buttons, history, panels.

A :class:`GameController` wraps a :class:`swlab.game.game.Game` (the timeline: play,
undo, redo, goto) and answers what the viewer needs, always by asking the engine: a
click on a region applies the one legal action that targets it, offers the choices when
there are several, and otherwise returns the engine's refusal (rule id and sentence) of
the action the click most plausibly meant. No rule is re-implemented here.

>>> from swlab.board import official_board
>>> c = GameController(official_board(2), ["Ann", "Bob"], seed=7)
>>> [label for label, _ in c.buttons()][:1]
['Diplomat Ghouls - free, 10 tokens']
>>> c.apply("pick 0").kind
'applied'
>>> c.click(7).rule                          # not a border region for a first conquest
'R-CONQ-1'
>>> c.click(2).kind
'applied'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from swlab.board.catalog import load_board
from swlab.board.model import Board
from swlab.bots import Bot, Hint, make_bot
from swlab.game.game import Game
from swlab.i18n import _
from swlab.play import screen as panels
from swlab.play.screen import (
    Button,
    ClickResult,
    LogEntry,
    PanelModel,
    Question,
    RedeployRow,
    Screen,
    Status,
    TurnSummary,
    region_of,
)
from swlab.play.seats import BotSpec, search_hint, seat_bot
from swlab.play.style import BoardShapes, abbreviations, feature_collection, labels, regions_of
from swlab.play.words import (
    button_label,
    choice_label,
    hide_coins,
    narrate,
    region_name,
)
from swlab.rules.actions import Action, Done, End, Roll, parse_action
from swlab.rules.cost import CostBreakdown
from swlab.rules.driver import Chooser, sample_chance
from swlab.rules.engine import (
    ACTION_RULE,
    CHANCE,
    current_player,
    is_over,
    legal_actions,
    why_illegal,
)
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.state import GameState, Stage

if TYPE_CHECKING:
    import pandas as pd

    from swlab.game.record import GameRecord

__all__ = [
    "BotSpec",
    "Button",
    "ClickResult",
    "GameController",
    "LogEntry",
    "PanelModel",
    "Question",
    "RedeployRow",
    "Status",
    "TurnSummary",
    "seat_bot",
]


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
        bots: Mapping[int, BotSpec] | None = None,
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
        self.bots: dict[int, Bot] = {
            seat: seat_bot(spec, self._seed + seat) for seat, spec in (bots or {}).items()
        }
        self._fallback_bot: Bot | None = None
        #: the hint of :meth:`hint`: a move and its reason for the player who acts now
        self.hinter: Callable[[GameState], Hint] = search_hint
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
        #: whether autoplay is paced by a clock (:class:`~swlab.play.pacing.BotClock`)
        #: rather than played at once
        self.pace_autoplay: Callable[[], bool] = lambda: False
        #: a paced autoplay under way: a bot plays every seat, one clock tick at a time
        self.autoplaying = False

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
        return panels.banner(self.screen())

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
                region=region_of(action),
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
        question = self._past_question(act) or self._irreversible_question(act)
        if question is not None:
            return self._ask(question)
        return self.apply(act)

    def _past_question(self, action: Action | None) -> Question | None:
        n = self.later_steps
        if n == 0 or not (self._travelled or n > 1):
            return None  # one undone step, just undone: acting replaces it, as expected
        return panels.past_question(self.index, len(self), action)

    def _irreversible_question(self, action: Action) -> Question | None:
        """A final conquest (R-CONQ-10) or a decline (R-DECLINE-1) asks first."""
        return panels.final_question(self.state, action) or panels.decline_question(
            self.state, action
        )

    def _ask(self, question: Question) -> ClickResult:
        self.question = question
        region = region_of(question.action) if question.action is not None else None
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
            if key == "all":
                return self._autoplay_now()
            results = self.run_bots()
            return results[-1] if results else self._remember(ClickResult("none"))
        if q.kind == "past":
            if key == "branch":
                self.branch()
            else:
                self._travelled = False
                self.game.goto(self.index)  # the later steps go when the action is played
            if q.action is None:
                return self._remember(ClickResult("none", message=_("Continue from here.")))
            follow = self._irreversible_question(q.action)
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
            return self._ask(panels.autoplay_question(humans))
        return self._autoplay_now()

    def _autoplay_now(self) -> ClickResult:
        """Autoplay: at once, or, when a clock paces the bots, every seat a bot's from now
        on (:attr:`autoplaying`), the clock playing the steps."""
        if self.pace_autoplay():
            self.autoplaying = True
            return self._remember(
                ClickResult("none", message=_("Bots play every seat, at the pace set."))
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
        probe, error = panels.refusal_of_click(state, region_id)
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

    def say_again(self) -> None:
        """The last refusal in the language now in use (:func:`.screen.refusal_again`)."""
        if self.last is not None:
            self.last = panels.refusal_again(self.state, self.last)

    def _legal(self) -> list[Action]:
        """``legal_actions`` of the state shown, asked once per state."""
        state = self.state
        if self._legal_cache is None or self._legal_cache[0] is not state:
            self._legal_cache = (state, legal_actions(state))
        return self._legal_cache[1]

    def _by_region(self) -> dict[int, list[Action]]:
        """The legal actions grouped by the region they target (as ``actions_by_region``)."""
        return panels.by_region(self._legal())

    # --- the screen and its panels (swlab.play.screen) ---------------------------------
    def screen(self, reveal: bool = False) -> Screen:
        """What the viewer shows now, frozen: every panel is a function of it."""
        return Screen(
            state=self.state,
            start=self.game.start,
            history=tuple(self.game.history),
            length=len(self.game),
            legal=tuple(self._legal()),
            last=self.last,
            question=self.question,
            summaries=self.summaries,
            bots={seat: self._bot_name(seat) for seat in self.bots},
            reveal=reveal,
        )

    def targets(self) -> frozenset[int]:
        """Region ids where a click does something now (:func:`~swlab.play.screen.targets`)."""
        return panels.targets(self.screen())

    def cost(self, region_id: int) -> CostBreakdown | None:
        """The conquest cost breakdown for the race acting now (``None`` if no race acts
        or the region is unknown)."""
        return panels.cost(self.state, region_id)

    def hover(self, region_id: int) -> str:
        """A few lines about a region (:func:`~swlab.play.screen.hover`)."""
        return panels.hover(self.screen(), region_id)

    def redeploy_rows(self) -> tuple[RedeployRow, ...]:
        """During a redeployment: each own region, its tokens, + (place) and - (take)."""
        return panels.redeploy_rows(self.screen())

    def redeploy_prompt(self) -> str:
        """What to do in a redeployment, with the tokens left to place."""
        return panels.redeploy_prompt(self.screen())

    def turn_summaries(self, start: int, end: int) -> tuple[TurnSummary, ...]:
        """The turns played between steps ``start`` and ``end``, each in one sentence."""
        return panels.turn_summaries(self.screen(), start, end)

    def log_entries(self, reveal: bool = False, last: int | None = None) -> list[LogEntry]:
        """The game so far in words (:func:`~swlab.play.screen.log_entries`)."""
        return list(panels.log_entries(self.screen(reveal), last))

    def buttons(self) -> list[Button]:
        """Legal actions that are not region clicks, labelled in words."""
        return list(panels.buttons(self.screen()))

    def status(self) -> Status:
        """Whose turn, which stage, tokens in hand (:func:`~swlab.play.screen.status`)."""
        return panels.status(self.screen())

    def log(self, last: int | None = None) -> list[str]:
        """The game so far in notation: each step's action, then its events (rule ids)."""
        return panels.notation_log(self.screen(), last)

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
        return panels.market_rows(self.screen())

    def market(self) -> pd.DataFrame:
        """:meth:`market_rows` as a DataFrame (the 'affordable' column uses hidden coins of
        the current player, so it is left out)."""
        import pandas as pd

        rows = [{k: v for k, v in r.items() if k != "affordable"} for r in self.market_rows()]
        # the keys of market_rows: a DataFrame for code, not a label
        cols = ["position", "race", "power", "cost", "coins on it", "tokens"]  # i18n: not prose
        return pd.DataFrame(rows, columns=cols).set_index("position")

    def scoreboard_rows(self, reveal: bool = False) -> list[dict[str, Any]]:
        """Per seat: races, regions, tokens, what this turn would score, coins (hidden
        during play unless ``reveal``, R-SETUP-4)."""
        return panels.scoreboard_rows(self.screen(reveal))

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

    def abbreviations_at(self, fit: tuple[float, float] | None) -> tuple[tuple[str, str], ...]:
        """The short forms the labels show at ``fit`` (:meth:`labels_at`), with their words."""
        return tuple(abbreviations(self.shapes, regions_of(self.shapes, self.state), fit))

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
        """Everything the viewer draws, as fresh plain objects (what a redraw costs), all
        from one :class:`~swlab.play.screen.Screen`; ``fit`` places the labels for the
        map's zoom and label size (:meth:`labels_at`).

        ``dim=False`` leaves the dimming of non-targets out of the features and the target
        mark out of the labels: a viewer that dims by a class on its map (its style sheet)
        then resends only the regions whose own look changed."""
        sc = self.screen(reveal)
        targets = panels.targets(sc)
        return PanelModel(
            features=self.board_features(dim, targets),
            labels=self.labels_at(fit, targets if dim else frozenset()),
            abbreviations=self.abbreviations_at(fit),
            status=panels.status(sc),
            buttons=panels.buttons(sc),
            choices=sc.choices,
            message=panels.message(sc),
            market=panels.market_rows(sc),
            scoreboard=panels.scoreboard_rows(sc),
            log=[
                line if sc.show_coins else hide_coins(line)
                for line in panels.notation_log(sc, log_lines)
            ][-log_lines:],
            index=sc.index,
            length=sc.length,
            targets=targets,
            question=sc.question,
            banner=panels.banner(sc),
            redeploy_prompt=panels.redeploy_prompt(sc),
            redeploy=panels.redeploy_rows(sc),
            summaries=sc.summaries,
            entries=panels.log_entries(sc, log_lines),
            choice_labels=tuple(choice_label(sc.state, a) for a in sc.choices),
        )

    def message(self, reveal: bool = False) -> str:
        """The answer to the last click or button, in words, each thing said once: the
        action told, then its other effects (no coins while hidden, R-SETUP-4)."""
        return panels.message(self.screen(reveal))

    # --- bots and hints -----------------------------------------------------------------
    def _bot_name(self, seat: int) -> str:
        bot = self.bots.get(seat)
        return "" if bot is None else str(bot.name)

    def set_bot(self, seat: int, spec: BotSpec | None) -> None:
        """Give ``seat`` a bot (a level such as ``"hard"``, see :mod:`swlab.bots.levels`),
        or hand it to a person (``None``)."""
        if not 0 <= seat < len(self.state.players):
            raise ValueError(
                f"seat {seat} does not exist (seats 0 to {len(self.state.players) - 1})"
            )
        if spec is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = seat_bot(spec, self._seed + seat)

    def is_bot_seat(self, seat: int | None) -> bool:
        """Whether a bot plays ``seat``: its own, or any seat during a paced autoplay."""
        return seat is not None and (seat in self.bots or self.autoplaying)

    def has_bots(self) -> bool:
        """Whether a bot can move: always (a seat without its own bot is played by the
        default bot when asked)."""
        return True

    def _default_bot(self) -> Bot:
        """The bot that moves for a seat without one: the greedy bot of :mod:`swlab.bots`."""
        if self._fallback_bot is None:
            self._fallback_bot = make_bot("greedy", self._seed)
        return self._fallback_bot

    def _chooser(self, seat: int) -> Chooser:
        """The decision function of ``seat``: its bot, else the default bot."""
        return (self.bots.get(seat) or self._default_bot()).choose

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

        def deciding(bot_choose: Chooser) -> Chooser:
            def choose(state: GameState) -> Action:
                action = bot_choose(state)
                asked.append(action)
                return action

            return choose

        deciders = {
            seat: deciding(self._chooser(seat))
            for seat in range(len(self.state.players))
            if seats(seat)
        }
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
                    message=_("Not now ({rule}).").format(rule=rule) + " " + _(why),
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
        """A suggestion for the player to act, in words (the notation stays in the log):
        the search's move and why, its expected coins beside the next best move
        (:func:`search_hint`). Asked for, never shown unasked."""
        if is_over(self.state):
            return _("The game is over (R-FLOW-2).")
        if current_player(self.state) == CHANCE:
            return _(
                "The reinforcement die decides now, not a choice: roll the die "
                "(faces 0, 0, 0, 1, 2, 3; R-CONQ-10)."
            )
        h = self.hinter(self.state)
        action = button_label(self.state, h.action)
        if h.reason:
            return _("Try {action}: {reason}").format(action=action, reason=h.reason)
        return _("Try {action}.").format(action=action)

    # --- records ------------------------------------------------------------------------
    def save_record(self, path: str | os.PathLike[str]) -> None:
        """Save the game up to the cursor (JSON for ``.json``, text otherwise)."""
        self.game.save(path)

    def load_record(self, path: GameRecord | str | os.PathLike[str]) -> None:
        """Replace the game by the one recorded in ``path`` (or a record; cursor at its end)."""
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

    def new_game(self, seed: int | None = None) -> Game:
        """Start again: a new game on the same board, with the same seats and bots, set up
        from ``seed`` (the one before is not kept)."""
        names = [p.name for p in self.state.players]
        game = Game(self.board, names, seed=seed)
        self.timelines = [game]
        self._replace_game(game)
        return game

    def _replace_game(self, game: Game) -> None:
        self.game = game
        self.selected = None
        self.last = None
        self.question = None
        self.summaries = ()
        self.highlight = frozenset()
        self.autoplaying = False

    def __repr__(self) -> str:
        return f"<GameController {self.status().text} step {self.index}/{len(self)}>"

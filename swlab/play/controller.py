"""The game viewer's logic, without widgets: clicks, hovers, buttons, history, panels.

A :class:`GameController` wraps a :class:`swlab.rules.game.Game` (the timeline: play,
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
from typing import TYPE_CHECKING, Any, Literal

from swlab.board.catalog import load_board
from swlab.board.model import Board
from swlab.play.style import BoardShapes, feature_collection, labels
from swlab.rules.abilities.registry import POWERS, RACES
from swlab.rules.actions import (
    Action,
    Conquer,
    Decline,
    Done,
    End,
    Pick,
    Place,
    Roll,
    Withdraw,
    parse_action,
)
from swlab.rules.cost import CostBreakdown, explain_cost
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
from swlab.rules.events import Event
from swlab.rules.game import Game
from swlab.rules.play import Chooser, random_action, sample_chance
from swlab.rules.state import GameState, Stage

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Button", "ClickResult", "GameController", "PanelModel", "Status", "bots_available"]

Kind = Literal["applied", "refused", "choices", "none"]

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

    @property
    def ok(self) -> bool:
        return self.kind == "applied"

    def __str__(self) -> str:
        if self.kind == "applied":
            return f"{self.action!r}: " + " ".join(self.events)
        if self.kind == "choices":
            return "Choose: " + ", ".join(repr(a) for a in self.choices)
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


_STAGE_WORDS: dict[str, str] = {
    "pick": "picks a combo",
    "conquer": "conquers",
    "roll": "rolls the reinforcement die",
    "redeploy": "redeploys",
    "withdraw": "withdraws tokens",
    "defend": "redeploys after an attack",
    "decline_choice": "may go into decline",
    "game_over": "game over",
}


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
        A :class:`~swlab.rules.game.Game`, a :class:`GameState` (a game continuing from
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
                players = [f"Player {i + 1}" for i in range(b.players)]
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
        return self.state

    def redo(self) -> GameState:
        if self.can_redo():
            self.game.redo()
        self.last = None
        return self.state

    def goto(self, index: int) -> GameState:
        """Show the state after ``index`` steps (a click there then drops later steps)."""
        self.game.goto(max(0, min(index, len(self.game))))
        self.last = None
        return self.state

    # --- acting -------------------------------------------------------------------------
    def apply(self, action: Action | str) -> ClickResult:
        """Play ``action`` (or its notation); a refusal is returned, never raised."""
        try:
            act = parse_action(action) if isinstance(action, str) else action
        except ValueError as e:
            return self._remember(ClickResult("refused", message=str(e)))
        try:
            events = self.game.play(act)
        except IllegalActionError as e:
            return self._remember(
                ClickResult("refused", action=act, rule=e.rule, message=e.message)
            )
        return self._applied(act, events)

    def _applied(self, action: Action, events: Sequence[Event]) -> ClickResult:
        """The result of ``action`` just played (the state shown is the one after it)."""
        after = self.state
        return self._remember(
            ClickResult(
                "applied",
                region=_region_of(action),
                action=action,
                events=tuple(e.describe(after) for e in events),
            )
        )

    def click(self, region_id: int) -> ClickResult:
        """A click on a region: apply the one legal action on it, offer several, or say why
        not (the engine's refusal of the action the click most plausibly meant)."""
        self.selected = region_id
        state = self.state
        options = self._by_region().get(region_id, [])
        if len(options) == 1:
            return self.apply(options[0])
        if options:
            return self._remember(
                ClickResult(
                    "choices",
                    region=region_id,
                    choices=tuple(options),
                    message="Several actions are possible here: "
                    + ", ".join(repr(a) for a in options)
                    + ".",
                )
            )
        if current_player(state) == CHANCE:
            return self._remember(
                ClickResult(
                    "refused",
                    region=region_id,
                    rule="R-CONQ-10",
                    message="The reinforcement die decides now: roll the die (R-CONQ-10).",
                )
            )
        probe = _PROBE.get(state.stage, Conquer)(region_id)
        error = why_illegal(state, probe)
        if error is None:  # legal but not listed (should not happen): play it anyway
            return self.apply(probe)
        return self._remember(
            ClickResult(
                "refused", region=region_id, action=probe, rule=error.rule, message=error.message
            )
        )

    def _remember(self, result: ClickResult) -> ClickResult:
        self.last = result
        return result

    def targets(self) -> frozenset[int]:
        """Region ids where a click does something now."""
        return frozenset(self._by_region())

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
        """One or two lines about a region: what holds it, what a click does, and the
        conquest cost with its rule ids (R-CONQ-2, R-CONQ-3) when a race is acting."""
        state = self.state
        i = state.geo.index.get(region_id)
        if i is None:
            return f"There is no region {region_id} on this board."
        rs = state.regions[i]
        bits: list[str] = []
        if rs.tokens and rs.race:
            who = state.player_name(rs.owner) if rs.owner >= 0 else "?"
            bits.append(f"{who}'s {rs.race}{' in decline' if rs.in_decline else ''} x{rs.tokens}")
        bits += rs.pieces()
        head = state.geo.label(i) + (": " + ", ".join(bits) if bits else ": empty")
        lines = [head]
        options = self._by_region().get(region_id, [])
        if options:
            lines.append("Click: " + " or ".join(repr(a) for a in options))
        cost = self.cost(region_id)
        race = acting_race(state) or state.players[state.current].active
        own = race is not None and rs.race == race.name
        if cost is not None and not own and state.stage in (Stage.CONQUER, Stage.PICK):
            who = f"{race.name} " if race else ""
            rules = sorted({row.rule for row in cost.rows})
            lines.append(f"{who}conquest cost: {cost.summary()} ({', '.join(rules)})")
        return "\n".join(lines)

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
            cost = "free" if action.position == 0 else f"pay {action.position}"
            coins = f", collect {combo.coins}" if combo.coins else ""
            return f"{note}: {combo.power} {combo.race} - {cost}{coins}, {tokens} tokens"
        if isinstance(action, Decline):
            active = state.players[state.current].active
            return f"{note}: send the {active.name} into decline" if active else note
        if isinstance(action, End):
            if state.stage is Stage.CONQUER:
                return f"{note}: stop conquering, redeploy"
            if state.stage is Stage.DECLINE_CHOICE:
                return f"{note}: keep the race active"
            return f"{note}: pass"
        if isinstance(action, Done):
            return f"{note}: finish redeployment"
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
            names = " and ".join(state.player_name(w) for w in win)
            text = f"Game over after {geo.turns} rounds: {names} " + (
                "share the win." if len(win) > 1 else "wins."
            )
        else:
            assert actor is not None
            who = state.player_name(actor)
            doing = _STAGE_WORDS.get(stage, stage)
            what = f" ({race.power} {race.name}, {hand} in hand)" if race else ""
            turn = f"{state.player_name(state.current)}'s turn, " if actor != state.current else ""
            text = f"Round {state.round}/{geo.turns}: {turn}{who} {doing}{what}."
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
        cols = ["position", "race", "power", "cost", "coins on it", "tokens"]
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
                    "active race": f"{ps.active.power} {ps.active.name}" if ps.active else "",
                    "in decline": ", ".join(d.name for d in ps.declined),
                    "regions": sum(1 for r in state.regions if r.owner == p),
                    "tokens on map": tokens_on_map(state, p),
                    "would score": sum(r.amount for r in score_rows(state, p)),
                    "coins": ps.coins if show else "hidden",
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

    def panel(
        self,
        reveal: bool = False,
        log_lines: int = 40,
        fit: tuple[float, float] | None = None,
    ) -> PanelModel:
        """Everything the viewer draws, as fresh plain objects (what a redraw costs);
        ``fit`` places the labels for the map's zoom and label size (:meth:`labels_at`)."""
        targets = self.targets()
        last = self.last
        return PanelModel(
            features=feature_collection(
                self.shapes, self.state, targets=targets, selected=self.selected
            ),
            labels=self.labels_at(fit, targets),
            status=self.status(),
            buttons=tuple(self.buttons()),
            choices=last.choices if last is not None and last.kind == "choices" else (),
            message=str(last) if last is not None else "",
            market=self.market_rows(),
            scoreboard=self.scoreboard_rows(reveal),
            log=self.log(last=log_lines)[-log_lines:],
            index=self.index,
            length=len(self),
            targets=targets,
        )

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

        try:
            self.game.drive(deciders, until=until, max_steps=max_steps, observer=keep)
        except IllegalActionError as e:
            act = asked[-1] if asked else None
            results.append(
                self._remember(ClickResult("refused", action=act, rule=e.rule, message=e.message))
            )
        return results

    def next_action(self) -> ClickResult:
        """Let a bot play one action for whoever must act (the seat's bot, else the
        default bot of :mod:`swlab.bots`); at a chance node the die is rolled
        (:meth:`roll`)."""
        state = self.state
        actor = current_player(state)
        if actor is None:
            return self._remember(
                ClickResult("none", rule="R-FLOW-2", message="The game is over (R-FLOW-2).")
            )
        if actor == CHANCE:
            return self.roll()
        if self._chooser(actor) is None:
            return self._remember(
                ClickResult("none", message="No bot available: swlab.bots is not importable.")
            )
        results = self._drive(lambda seat: True, max_steps=1)
        return results[-1] if results else self._remember(ClickResult("none"))

    def roll(self) -> ClickResult:
        """Roll the reinforcement die (R-COMP-5, R-CONQ-10): the face this position draws
        from the game's seed (:func:`swlab.rules.sample_chance`), so undo and roll again
        shows the same face. Refused when the game does not wait for the die."""
        state = self.state
        if current_player(state) != CHANCE:
            rule, why = ACTION_RULE[Roll]
            return self._remember(
                ClickResult("refused", rule=rule, message=f"Not now: {why} ({rule}).")
            )
        return self.apply(sample_chance(state))

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
            return "Hints need swlab.bots, which is not importable here."
        if is_over(self.state):
            return "The game is over (R-FLOW-2)."
        if current_player(self.state) == CHANCE:
            return (
                "The reinforcement die decides now, not a choice: roll the die "
                "(faces 0, 0, 0, 1, 2, 3; R-CONQ-10)."
            )
        h = fn(self.state)
        action = getattr(h, "action", None)
        reason = getattr(h, "reason", "")
        if action is None:
            return str(h)
        return f"Try {action!r}: {reason}" if reason else f"Try {action!r}."

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

    def load_scenario(self, path: str | os.PathLike[str]) -> None:
        """Replace the game by the position of a scenario file on this viewer's board."""
        game = Game.from_scenario(path)
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

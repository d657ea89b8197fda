"""Small World as an OpenSpiel game, registered with ``pyspiel`` as ``python_smallworld``.

::

    from swlab.rl.openspiel import load_game

    game = load_game(board="official_2p", players=2, seed=7)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()         # the reinforcement die
            state.apply_action(outcomes[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    state.returns()                                    # each seat's victory coins

* **Game type**: sequential, **explicit chance** (the reinforcement die of R-CONQ-10 and
  R-POW-BERSERK is a chance node: :meth:`SmallWorldState.chance_outcomes` gives ``roll 0``
  with 1/2 and ``roll 1``, ``roll 2``, ``roll 3`` with 1/6 each, from
  :func:`swlab.rules.chance_outcomes`), **imperfect information** (each seat's victory
  coins are hidden from the others, R-SETUP-4; the order of the stacks from everyone),
  general-sum, terminal rewards.
* **Actions**: the fixed index space of :mod:`swlab.rl.actions`
  (``num_distinct_actions``); the die's outcomes are the indices of its ``roll`` block,
  so a game's history is one list of integers, and it replays (serialization).
* **Parameters**: ``board`` (a shipped board or a map file, default ``official_2p``),
  ``players`` (0: the board's number), ``seed`` (the setup: the stacks' order,
  R-SETUP-3), ``max_game_length`` (0: 1,000 decisions per seat; a redeployment may take
  tokens back and place them again without end, R-REDEPLOY-1, so a game longer than this
  ends there, scored as it stands).
* **Returns**: each seat's victory coins at the end (R-FLOW-3), 0 before.
* **Observation**: the tensor of :mod:`swlab.rl.observation` from the player's seat (the
  public state and its own coins; a public-only observer leaves the coins out), and the
  text board without coins as the string. No information state (perfect recall) is
  provided.

``pyspiel.random_sim_test`` passes with serialization (``tests/rl/test_openspiel.py``);
:func:`mcts_against_greedy` plays OpenSpiel's MCTS bot against swlab's greedy bot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import attrgetter
from typing import Any

import numpy as np

from swlab.bots import GreedyBot
from swlab.rl import missing
from swlab.rl.actions import ActionSpace, decode, deploy_steps, encode, num_actions
from swlab.rl.observation import layout, observation_size, observe
from swlab.rl.table import board_named, max_steps_for
from swlab.rules import (
    CHANCE,
    Action,
    BoardLike,
    Deploy,
    GameState,
    Stage,
    Take,
    apply,
    chance_outcomes,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from swlab.rules.pieces import PIECES
from swlab.rules.setup import START_COINS

try:
    import pyspiel
except ImportError as error:  # the plain install of swlab has no research libraries
    raise missing("open_spiel", "swlab.rl.openspiel", error) from error

__all__ = [
    "GAME_TYPE",
    "GreedyPlayer",
    "SmallWorldGame",
    "SmallWorldState",
    "load_game",
    "mcts_against_greedy",
]

SHORT_NAME = "python_smallworld"
#: The game's parameters and their defaults.
PARAMETERS: dict[str, Any] = {"board": "official_2p", "players": 0, "seed": 0, "max_game_length": 0}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Small World (swlab)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def max_coins(regions: int, rounds: int) -> float:
    """A bound on a seat's victory coins no game reaches: the 5 of R-SETUP-4, and per
    round at most 4 coins a region (a region, its race's and power's bonuses, R-SCORE)
    and 20 from the column (R-PICK-2)."""
    return float(START_COINS + rounds * (4 * regions + 20))


class SmallWorldGame(pyspiel.Game):  # type: ignore[misc]
    """The game: a board, a number of seats and a setup seed (see the module)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = {**PARAMETERS, **(params or {})}
        self.board: BoardLike = board_named(str(given["board"]))
        self.players = int(given["players"]) or self.board.players
        self.seed = int(given["seed"])
        probe = new_game(self.board, self.players, seed=self.seed)
        self.space = ActionSpace(probe.geo, self.players)
        self.length = int(given["max_game_length"]) or max_steps_for(self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(probe.geo, self.players),
            max_chance_outcomes=num_actions(probe.geo, self.players),
            num_players=self.players,
            min_utility=0.0,
            max_utility=max_coins(len(probe.geo), probe.geo.turns),
            utility_sum=None,
            max_game_length=self.length,
        )
        super().__init__(GAME_TYPE, info, {k: given[k] for k in PARAMETERS})
        self._initial = probe

    def new_initial_state(self) -> SmallWorldState:
        return SmallWorldState(self, self._initial)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SmallWorldObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {dict(params)!r}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("no information state (perfect recall) is provided")
        private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        return SmallWorldObserver(self, private)


class _Shared:
    """What a position holds that never changes: the engine's immutable state, the
    action space, the length limit. ``pyspiel`` clones a Python state by deep-copying its
    attributes: these are shared by the clones instead (a deep copy of an engine state
    copies the whole board, about 20 ms)."""

    __slots__ = ("length", "space", "state")

    def __init__(self, state: GameState, space: ActionSpace, length: int) -> None:
        self.state = state
        self.space = space
        self.length = length

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class SmallWorldState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine's immutable :class:`~swlab.rules.GameState` and the number
    of decisions so far (for ``max_game_length``)."""

    def __init__(self, game: SmallWorldGame, state: GameState) -> None:
        super().__init__(game)
        self._now = _Shared(state, game.space, game.length)
        self.decisions = 0

    @property
    def game_state(self) -> GameState:
        """The engine's state of this position."""
        return self._now.state

    @property
    def space(self) -> ActionSpace:
        return self._now.space

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        player = current_player(self.game_state)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.space.legal(self.game_state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        geo = self.game_state.geo
        return [(encode(a, geo), p) for a, p in chance_outcomes(self.game_state)]

    def _apply_action(self, action: int) -> None:
        chance = self.game_state.turn.stage is Stage.ROLL
        move = self.space.legal(self.game_state).get(int(action))
        if move is None:
            raise ValueError(f"action {action} ({self._describe(action)}) is not legal now")
        after, _events = apply(self.game_state, move)
        self._now = _Shared(after, self.space, self._now.length)
        if not chance:
            self.decisions += 1

    def _describe(self, action: int) -> str:
        try:
            return repr(decode(int(action), self.game_state))
        except ValueError as error:
            return str(error)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._describe(action)

    def is_terminal(self) -> bool:
        return is_over(self.game_state) or self.decisions >= self._now.length

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.game_state.players)
        return [float(p.coins) for p in self.game_state.players]

    def __str__(self) -> str:
        return public_text(self.game_state)


_WORDS = tuple(p.field for p in PIECES)
_piece_counts = attrgetter(*_WORDS)


def public_text(state: GameState) -> str:
    """The board as text without anyone's coins (R-SETUP-4); made once per state."""
    text: str | None = state.memo.get("rl public text")
    if text is None:
        text = state.memo["rl public text"] = _public_text(state)
    return text


def _public_text(state: GameState) -> str:
    lines = [
        f"round {state.round}/{state.geo.turns} seat {state.current} "
        f"stage {state.turn.stage.value} actor {state.turn.actor} acting {state.turn.acting}"
    ]
    for k, p in enumerate(state.players):
        races = [f"{r.name}+{r.power}{'(d)' if r.in_decline else ''}" for r in p.races()]
        hand = p.active.hand if p.active else 0
        lines.append(f"seat {k}: {' '.join(races) or '-'} hand {hand}")
    for i, r in enumerate(state.regions):
        what = f"{r.owner}:{r.race}x{r.tokens}" if r.race else ""
        pieces = " ".join(f"{w}{n}" for w, n in zip(_WORDS, _piece_counts(r), strict=True) if n)
        lines.append(f"{state.geo.ids[i]} {what} {pieces}".rstrip())
    lines.append(" | ".join(f"{c.race}+{c.power}({c.coins})" for c in state.column))
    return "\n".join(lines)


class SmallWorldObserver:
    """The observation of a seat (``pyspiel``'s Python observer interface)."""

    def __init__(self, game: SmallWorldGame, private: bool) -> None:
        geo = game._initial.geo
        self.private = private
        self.tensor = np.zeros(observation_size(geo, game.players), np.float32)
        self.dict = {
            s.name: self.tensor[s.start : s.stop].reshape(s.shape)
            for s in layout(len(geo), game.players)
        }

    def set_from(self, state: SmallWorldState, player: int) -> None:
        self.tensor[:] = observe(state.game_state, player)
        if not self.private:
            self.dict["own"][0] = 0  # a public observer does not see the coins

    def string_from(self, state: SmallWorldState, player: int) -> str:
        own = f"seat {player} coins {state.game_state.players[player].coins}\n"
        return (own if self.private else f"seat {player}\n") + public_text(state.game_state)


def load_game(
    board: str = "official_2p", players: int = 0, seed: int = 0, max_game_length: int = 0
) -> SmallWorldGame:
    """The game with these parameters (see the module)."""
    params = {"board": board, "players": players, "seed": seed, "max_game_length": max_game_length}
    game: SmallWorldGame = pyspiel.load_game(SHORT_NAME, params)
    return game


class GreedyPlayer(pyspiel.Bot):  # type: ignore[misc]
    """swlab's :class:`~swlab.bots.GreedyBot` as an OpenSpiel bot: its choice as an index.

    The greedy bot redeploys with one ``deploy``, which has no index: it is played as
    the ``take``/``place``/``done`` steps that reach the same placement
    (:func:`~swlab.rl.actions.deploy_steps`), one per call.
    """

    def __init__(self, player: int, seed: int = 0) -> None:
        super().__init__()
        self.player = player
        self.bot = GreedyBot(seed)
        self._plan: list[Action] = []

    def restart_at(self, state: SmallWorldState) -> None:
        self._plan = []

    def step(self, state: SmallWorldState) -> int:
        position = state.game_state
        listed = legal_actions(position)
        if self._plan and self._plan[0] in listed:
            return encode(self._plan.pop(0), position.geo)
        choice = self.bot.choose(position)
        if isinstance(choice, Deploy):
            self._plan = deploy_steps(position, choice)
            return encode(self._plan.pop(0), position.geo)
        self._plan = []
        return encode(choice, position.geo)


def mcts_against_greedy(
    board: str = "official_2p",
    seed: int = 1,
    simulations: int = 20,
    mcts_seat: int = 0,
) -> list[float]:
    """One game of OpenSpiel's MCTS bot (seat ``mcts_seat``) against swlab's greedy bot;
    returns each seat's victory coins.

    The MCTS bot searches ``simulations`` simulations per decision; a leaf is valued by
    :class:`CoinsEvaluator` (victory coins and regions held now: a random rollout of a
    whole game costs hundreds of steps), the children chosen by PUCT with that
    evaluator's prior (no search tries to undo a placement), chance nodes sampled with
    the die's odds.
    """
    from open_spiel.python.algorithms import mcts

    game = load_game(board=board, seed=seed)
    rng = np.random.RandomState(seed)
    bots: dict[int, Any] = {
        mcts_seat: mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=simulations,
            evaluator=CoinsEvaluator(),
            random_state=rng,
            solve=False,
            child_selection_fn=mcts.SearchNode.puct_value,
        )
    }
    for seat in range(game.num_players()):
        bots.setdefault(seat, GreedyPlayer(seat, seed + seat))
    state = game.new_initial_state()
    die = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            faces, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(die.choices(faces, odds)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns


class CoinsEvaluator:
    """An MCTS evaluator (OpenSpiel's ``Evaluator`` interface) that values a position by
    each seat's victory coins and the regions it holds (the coins its next scoring adds
    at least, R-SCORE-1): the scale of the game's returns, with a uniform prior over the
    legal actions."""

    def evaluate(self, state: SmallWorldState) -> np.ndarray[Any, np.dtype[np.float64]]:
        position = state.game_state
        return np.array(
            [p.coins + position.regions_of(k) for k, p in enumerate(position.players)],
            dtype=np.float64,
        )

    def prior(self, state: SmallWorldState) -> list[tuple[int, float]]:
        """The die's odds at a chance node; else uniform over the actions that do not
        undo a placement (``take``, ``unhero``, ``uncamp`` get 0, as swlab's random bot
        leaves them out: a search that tried them could take and place without end)."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.space.legal(state.game_state)
        forward = [k for k, a in legal.items() if not (isinstance(a, Take) or a.undoes)]
        chosen = set(forward or legal)
        return [(k, 1 / len(chosen) if k in chosen else 0.0) for k in sorted(legal)]


pyspiel.register_game(GAME_TYPE, SmallWorldGame)

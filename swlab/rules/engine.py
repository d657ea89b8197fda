"""The legality oracle and the step function, as loops over the table of stages.

Each stage (:mod:`swlab.rules.stages`) lists its decisions, refuses the others and plays
a decision with its automatic transitions (:mod:`swlab.rules.flow`: ready troops,
defender redeployment order, scoring, next turn, game end), reported as events.
:func:`legal_actions`, :func:`why_illegal` and :func:`apply` ask the stage the state is in.

Turn of a player (R-FLOW-1): decline Ghouls conquer first (R-TURN-0), then the active race
expands or declines (R-TURN), or a new combo is picked (R-PICK); then attacked players
redeploy in seat order (R-REDEPLOY-2), the player scores (R-SCORE) and the next seat plays.
"""

from __future__ import annotations

from collections import Counter
from itertools import repeat
from operator import is_

# the badges this engine plays: loading the catalogue fills the registry
import swlab.rules.abilities.catalogue  # noqa: F401
from swlab.rules.actions import DIE_FACES, Action, Roll
from swlab.rules.draft import frozen, working_copy
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event

# The automatic transitions live in flow.py; the names that were the engine's stay
# importable from here.
from swlab.rules.flow import score_rows as score_rows
from swlab.rules.flow import scores as scores
from swlab.rules.flow import start_redeploy as start_redeploy
from swlab.rules.flow import start_turn as start_turn
from swlab.rules.flow import tokens_on_map as tokens_on_map
from swlab.rules.flow import winners as winners
from swlab.rules.ops import acting_race as acting_race

# Conquest reach and the step that takes a region live in reach.py (shared with the
# badges).
from swlab.rules.reach import MAX_SHORT as MAX_SHORT
from swlab.rules.reach import conquer_region as conquer_region
from swlab.rules.reach import reach_candidates as reach_candidates
from swlab.rules.reach import reach_refusal as reach_refusal
from swlab.rules.stages.table import ACTION_RULE as ACTION_RULE
from swlab.rules.stages.table import LEGAL as LEGAL
from swlab.rules.stages.table import STAGE_RULE as STAGE_RULE
from swlab.rules.stages.table import STAGES
from swlab.rules.state import GameState, Stage

#: :func:`current_player` at a chance node: the reinforcement die decides, no player does
#: (OpenSpiel's model; not ``NOBODY``, which is -1).
CHANCE = -2

#: Each face of the reinforcement die with its probability: 0 (three blank faces) 1/2,
#: 1, 2 and 3 1/6 each (R-COMP-5).
DIE_ODDS: tuple[tuple[int, float], ...] = tuple(
    (face, n / len(DIE_FACES)) for face, n in sorted(Counter(DIE_FACES).items())
)

#: :func:`chance_outcomes` of a random die: its actions made once and shared
_DIE_OUTCOMES: tuple[tuple[Action, float], ...] = tuple((Roll(face), p) for face, p in DIE_ODDS)

#: lists up to this long let :func:`apply` recognise one of their actions by identity
KNOWN_LEGAL = 256


# ====================================================================================
# Queries
# ====================================================================================


def current_player(state: GameState) -> int | None:
    """The player who must decide now (a defender during its redeployment), :data:`CHANCE`
    while the reinforcement die is rolled (R-CONQ-10, R-POW-BERSERK), ``None`` at the end.

    At a chance node ``state.turn.actor`` still names the player whose die it is.
    """
    stage = state.turn.stage
    if stage is Stage.ROLL:
        return CHANCE
    return None if stage is Stage.GAME_OVER else state.turn.actor


def chance_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """The outcomes of the chance node with their probabilities, ``[]`` elsewhere.

    The reinforcement die (R-COMP-5) of a final conquest (R-CONQ-10) or of a Berserk roll
    (R-POW-BERSERK): ``roll 0`` with 1/2, ``roll 1``, ``roll 2``, ``roll 3`` with 1/6 each.
    When a scenario or a teacher fixed the next faces (``GameState.die``), the first one is
    the only outcome, with probability 1.
    """
    if state.turn.stage is not Stage.ROLL:
        return []
    if state.die:
        return [(Roll(state.die[0]), 1.0)]
    return list(_DIE_OUTCOMES)


def is_over(state: GameState) -> bool:
    """Whether the last round has been played (R-FLOW-2)."""
    return state.turn.stage is Stage.GAME_OVER


# ====================================================================================
# The oracle
# ====================================================================================


def legal_actions(state: GameState) -> list[Action]:
    """Every decision a player may take now; ``[]`` when the game is over and at a chance
    node, where the die decides (:func:`chance_outcomes`, R-CONQ-10).

    ``deploy`` (the composite redeployment) is accepted by :func:`apply` but not listed:
    its placements are too many to enumerate; ``place``/``take``/``done`` reach the same
    results one token at a time.

    The list is kept in the state's memo (a new list is returned each time): :func:`apply`
    then knows an action taken from it to be legal without checking it again.
    """
    return list(listed_actions(state))


def listed_actions(state: GameState) -> tuple[Action, ...]:
    """:func:`legal_actions` as the tuple kept in the state's memo, not copied: for the
    engine's own callers that only read it (the random playouts' choice at every step)."""
    memo = state.memo
    listed: tuple[Action, ...] | None = memo.get(LEGAL)
    if listed is None:
        listed = memo[LEGAL] = tuple(STAGES[state.turn.stage].candidates(state))
    return listed


def actions_by_region(state: GameState) -> dict[int, list[Action]]:
    """The legal actions that target each region id (what a click on it can do).

    A UI offers nothing, applies the only one, or shows buttons for several; a region with
    no entry can explain itself with :func:`why_illegal` (``why_illegal(s, Conquer(r))``).
    """
    out: dict[int, list[Action]] = {}
    for action in legal_actions(state):
        region = getattr(action, "region", None)
        if isinstance(region, int):
            out.setdefault(region, []).append(action)
    return out


def is_legal(state: GameState, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now (:func:`why_illegal` says why not)."""
    return why_illegal(state, action) is None


def why_illegal(state: GameState, action: Action) -> IllegalActionError | None:
    """``None`` when ``action`` is legal now, else the error :func:`apply` would raise.

    At a chance node an explicit ``roll N`` is accepted (records, ``--actions``, a teacher
    setting up a position): choosing the face is a setup tool, never a listed decision. A
    face fixed by ``GameState.die`` is the only one accepted (R-CONQ-10).
    """
    return STAGES[state.turn.stage].refusal(state, action)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Play ``action``: the new state and the events, or :class:`IllegalActionError`.

    The input state is never changed. An action that :func:`legal_actions` listed for this
    state (the very object) is known to be legal; any other is checked by
    :func:`why_illegal`. The step runs on a working copy (:func:`~swlab.rules.draft.working_copy`)
    frozen once at its end: one new state per ``apply``, whatever the step does.
    """
    stage = STAGES[state.turn.stage]
    listed = state.memo.get(LEGAL)
    if listed is None or len(listed) > KNOWN_LEGAL or not any(map(is_, listed, repeat(action))):
        error = stage.refusal(state, action)
        if error is not None:
            raise error
    events: list[Event] = []
    after = stage.step(working_copy(state), action, events)
    return frozen(after), events

"""The rules engine of Small World (see ``RULES.md``): pure, immutable, widget-free.

A game is a sequence of actions applied to immutable states::

    from swlab.board import official_board
    from swlab.rules import new_game, legal_actions, apply, parse_action, explain_cost

    state = new_game(official_board(2), ["Ann", "Bob"], seed=7)
    state, events = apply(state, parse_action("pick 0"))
    legal_actions(state)               # e.g. [conquer 2, conquer 3, ..., end]
    explain_cost(state, 5).summary()   # e.g. '2 base + 1 lost tribe = 3'
    for e in events:
        print(e.describe(state))       # one sentence each, citing its rule id

Public API
----------
``new_game(board, players, *, seed, races, powers)``
    Setup (R-SETUP-*); ``races``/``powers`` fix the top of the stacks.
``legal_actions(state)`` / ``why_illegal(state, action)`` / ``apply(state, action)``
    One legality oracle: the decisions open now, the refusal of one action (or ``None``;
    ``is_legal`` is its yes/no); ``apply`` raises that :class:`IllegalActionError`
    (``.rule``, ``.message``) and never changes its input.
``current_player``, ``is_over``, ``scores``, ``winners``, ``score_rows``, ``tokens_on_map``
    Queries (R-FLOW-3 tie-break, R-RULING-8).
``CHANCE``, ``chance_outcomes(state)``
    The reinforcement die is chance (R-CONQ-10): at a roll ``current_player`` is ``CHANCE``,
    ``legal_actions`` is empty and ``chance_outcomes`` lists ``roll 0`` .. ``roll 3`` with
    their probabilities (1/2, 1/6, 1/6, 1/6); ``GameState.die`` fixes the next faces.
``explain_cost(state, region, race=None)``
    The conquest cost row by row (R-CONQ-2, R-CONQ-3, R-RULING-1).
``parse_action`` / ``format_action`` / ``repr(action)``
    The notation: ``pick 3``, ``conquer 12``, ``final 7``, ``roll 2``, ``abandon 9``,
    ``convert 14``, ``decline``, ``end``, ``place 4``, ``take 4``, ``deploy 3:2,5:1``,
    ``withdraw 4``, ``done``; the powers add ``berserk`` (roll before a conquest),
    ``dragon 12``, ``fortress 3``, ``hero 7`` / ``unhero 7``, ``camp 5`` / ``uncamp 5``
    and ``peace 1`` (a seat number), registered with ``actions.register_action``.
``drive``, ``sample_chance``, ``random_action``, ``play_random``, ``replay``
    The one seeded driver (:mod:`swlab.rules.driver`: decisions from bots or a function,
    the die drawn from the game's seed and the position) and random playouts.
``RACES``, ``POWERS``
    The registry of the 14 race banners and 20 power badges (``abilities/``).
``abilities.custom.custom_race`` / ``custom_power``
    The blank banner and badge (R-COMP-4): a custom race or power from existing hooks,
    passed to ``new_game(races=[...], powers=[...])`` (see ``docs/custom_badges.md``).

Stages (:class:`Stage`): ``pick``, ``conquer`` (also Dragon Master's ``dragon``, Berserk's
``berserk``), ``roll`` (the final conquest's die, or a Berserk roll), ``redeploy`` (also
``fortress``, ``hero``, ``camp``, ``peace``), ``withdraw`` (Amazons), ``defend`` (attacked
players redeploy, the actor is the defender; displaced Encampments are re-placed with
``camp``), ``declined`` (the turn of decline, scoring still to come: only ``end``,
R-DECLINE-5; posed by scenarios), ``decline_choice`` (Stout), ``game_over``; each is one
module of ``stages/``, the automatic steps between them are ``flow.py``. The engine reads a board
through :class:`BoardLike` (``swlab.board.Board`` fits) and imports nothing from
``swlab.board``: what a played game is made of (``Game``, records, scenario files, run
reports, the shipped scenarios) is one floor up, in :mod:`swlab.game`.
"""

from swlab.rules.abilities.registry import POWERS, RACES
from swlab.rules.actions import (
    Abandon,
    Action,
    Conquer,
    Convert,
    Decline,
    Deploy,
    Done,
    End,
    Final,
    NotationError,
    Pick,
    Place,
    Roll,
    Take,
    Withdraw,
    format_action,
    parse_action,
)
from swlab.rules.cost import CostBreakdown, explain_cost
from swlab.rules.driver import Drive, drive, play_random, random_action, replay, sample_chance
from swlab.rules.engine import (
    CHANCE,
    acting_race,
    actions_by_region,
    apply,
    chance_outcomes,
    current_player,
    is_legal,
    is_over,
    legal_actions,
    score_rows,
    scores,
    tokens_on_map,
    why_illegal,
    winners,
)
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.geo import BoardLike, Geo
from swlab.rules.setup import new_game
from swlab.rules.state import GameState, PlayerState, RaceState, RegionState, Stage, TurnState

__all__ = [
    "CHANCE",
    "POWERS",
    "RACES",
    "Abandon",
    "Action",
    "BoardLike",
    "Conquer",
    "Convert",
    "CostBreakdown",
    "Decline",
    "Deploy",
    "Done",
    "Drive",
    "End",
    "Event",
    "Final",
    "GameState",
    "Geo",
    "IllegalActionError",
    "NotationError",
    "Pick",
    "Place",
    "PlayerState",
    "RaceState",
    "RegionState",
    "Roll",
    "Stage",
    "Take",
    "TurnState",
    "Withdraw",
    "acting_race",
    "actions_by_region",
    "apply",
    "chance_outcomes",
    "current_player",
    "drive",
    "explain_cost",
    "format_action",
    "is_legal",
    "is_over",
    "legal_actions",
    "new_game",
    "parse_action",
    "play_random",
    "random_action",
    "replay",
    "sample_chance",
    "score_rows",
    "scores",
    "tokens_on_map",
    "why_illegal",
    "winners",
]

"""Bots that play Small World through the rules engine, a seeded driver and move hints.

::

    from swlab.board import official_board
    from swlab.bots import GreedyBot, RandomBot, hint, play_game

    final, record = play_game(official_board(2), [GreedyBot(1), RandomBot(2)], seed=7)
    hint(state)   # Hint(action=conquer 12, reason='Conquer Hill (12) for 3 tokens: ...')

A bot is any object with ``name`` and ``choose(state) -> Action`` (:class:`Bot`); it is
asked for the player who acts now (``state.turn.actor``: the current player, or an
attacked player redeploying). :class:`SearchBot` searches ahead (information-set MCTS);
:mod:`swlab.bots.levels` names the bots a learner grows through (``beginner`` to
``expert``) and the designer's styles; :func:`make_bot` builds any of them by name. The
die is chance: the engine's driver draws it (:func:`swlab.rules.drive`), never a bot.
"""

from swlab.bots.base import BOT_KINDS, Bot, make_bot, play_game, seat_names
from swlab.bots.careless import CarelessBot
from swlab.bots.greedy import GreedyBot, Hint, hint, turn_score
from swlab.bots.levels import LEVEL_NAMES, LEVELS, STYLES, Level, level, title_of
from swlab.bots.random_bot import RandomBot
from swlab.bots.search import Analysis, Choice, SearchBot

__all__ = [
    "BOT_KINDS",
    "LEVELS",
    "LEVEL_NAMES",
    "STYLES",
    "Analysis",
    "Bot",
    "CarelessBot",
    "Choice",
    "GreedyBot",
    "Hint",
    "Level",
    "RandomBot",
    "SearchBot",
    "hint",
    "level",
    "make_bot",
    "play_game",
    "seat_names",
    "title_of",
    "turn_score",
]

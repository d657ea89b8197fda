"""Bots that play Small World through the rules engine, a seeded driver and move hints.

::

    from swlab.board import official_board
    from swlab.bots import GreedyBot, RandomBot, hint, play_game

    final, record = play_game(official_board(2), [GreedyBot(1), RandomBot(2)], seed=7)
    hint(state)   # Hint(action=conquer 12, reason='Conquer Hill (12) for 3 tokens: ...')

A bot is any object with ``name`` and ``choose(state) -> Action`` (:class:`Bot`); it is
asked for the player who acts now (``state.turn.actor``: the current player, or an
attacked player redeploying). The die is chance: the engine's driver draws it
(:func:`swlab.rules.drive`), never a bot.
"""

from swlab.bots.base import BOT_KINDS, Bot, make_bot, play_game, seat_names
from swlab.bots.greedy import GreedyBot, Hint, hint, turn_score
from swlab.bots.random_bot import RandomBot

__all__ = [
    "BOT_KINDS",
    "Bot",
    "GreedyBot",
    "Hint",
    "RandomBot",
    "hint",
    "make_bot",
    "play_game",
    "seat_names",
    "turn_score",
]

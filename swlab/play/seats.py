"""Who plays a seat: a person, or a bot named by its level or kind; and the hint a person
may ask for on their turn (issue 24: levels wherever a bot is chosen, hints that say why).
"""

from __future__ import annotations

from swlab.bots import Bot, Hint, make_bot
from swlab.bots.search import explain
from swlab.play.words import button_label
from swlab.rules.state import GameState

__all__ = ["HINT_ITERATIONS", "BotSpec", "search_hint", "seat_bot"]

#: A seat's bot as :class:`GameController` accepts it: a kind (``"greedy"``,
#: ``"random"``) or a :class:`~swlab.bots.Bot`.
BotSpec = str | Bot


def seat_bot(spec: BotSpec, seed: int) -> Bot:
    """The bot a seat is given: one of :data:`swlab.bots.BOT_KINDS` by name (``"greedy"``,
    ``"GreedyBot"``), built with ``seed``, or a :class:`~swlab.bots.Bot` as it is."""
    if isinstance(spec, str):
        return make_bot(spec.strip().lower().removesuffix("bot"), seed)
    if not isinstance(spec, Bot):
        raise TypeError(f"{spec!r} is not a bot: it needs a name and choose(state) -> Action")
    return spec


#: The search budget of a hint: about a third of a second per hint, between a quick search
#: (12 iterations) and the *expert* level's 56; a learner waits for it.
HINT_ITERATIONS = 32


def search_hint(state: GameState) -> Hint:
    """The hint of the viewer, the presenter (H) and the learn path: the search bot with
    :data:`HINT_ITERATIONS` (a fixed seed: the same position gets the same hint), its actions
    named by their button labels."""
    return explain(state, iterations=HINT_ITERATIONS, words=button_label)

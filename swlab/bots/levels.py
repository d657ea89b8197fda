"""The bots by name: five levels a learner grows through, and styles for the map designer.

One table, :data:`LEVELS`: each level is a documented bot and budget, with a sentence a
learner understands (marked for translation; show it with ``_(level.sentence)``):

========  =============================================  ====================================
level     bot and budget                                 what a learner reads
========  =============================================  ====================================
beginner  :class:`~swlab.bots.RandomBot`                 plays any legal move at random
easy      :class:`~swlab.bots.CarelessBot`, slip 0.5     a sensible move about half the time
medium    :class:`~swlab.bots.CarelessBot`, slip 0.15    a good move, a careless one at times
hard      :class:`~swlab.bots.GreedyBot`                 the move that scores most this turn
expert    :class:`~swlab.bots.SearchBot`, 56 iterations  plays moves out a round ahead
========  =============================================  ====================================

Why these five: each must beat the one below in at least 60 % of 2-player games, and more
iterations of one search barely do (32 iterations won 53 % against 12, 56 won 54 % against
32: ``docs/bots.md``), while the search beats the greedy bot clearly. So the steps below the
search are the greedy bot with fewer and fewer slips (:class:`~swlab.bots.CarelessBot`), and
the search is the top. It looks one round ahead (its rollouts end after the searching
player's next turn, :mod:`swlab.bots.search`); its budget is iterations, so it plays the
same move on every machine, and it was tuned to answer within about a second per move on
one core. ``benchmarks/ladder.py`` measures each level against the one below;
``docs/bots.md`` holds its table.

:data:`STYLES` are ways of playing rather than strengths, for the designer's fingerprint of
a board: ``greedy``, ``aggressive`` (conquers most: values taking the opponents' regions
highly and declines late), ``early-decline`` (goes into decline as soon as a new combo
looks about as good) and ``search`` (a quick search, 12 iterations).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from swlab.bots.base import Bot
from swlab.bots.careless import CarelessBot
from swlab.bots.greedy import GreedyBot
from swlab.bots.random_bot import RandomBot
from swlab.bots.search import SearchBot
from swlab.i18n import N_, _

__all__ = ["LEVELS", "LEVEL_NAMES", "STYLES", "Level", "level", "make_named", "title_of"]


@dataclass(frozen=True)
class Level:
    """A named bot: how to build it and a sentence that tells a learner what it does."""

    name: str
    title: str  #: the name a person reads, marked with ``N_`` (translate with ``_()``)
    sentence: str  #: marked with ``N_``: translate with ``_()`` where it is shown
    build: Callable[[int, str], Bot]  #: (seed, seat name) -> the bot
    budget: str  #: the bot and its budget, in the table's words (not translated: code terms)

    def bot(self, seed: int = 0) -> Bot:
        """This level's bot, seeded; its ``name`` is the level's name."""
        return self.build(seed, self.name)


def _careless(slip: float) -> Callable[[int, str], Bot]:
    return lambda seed, name: CarelessBot(seed, name, slip=slip)


def _search(iterations: int) -> Callable[[int, str], Bot]:
    return lambda seed, name: SearchBot(seed, name, iterations=iterations)


#: The levels, weakest first.
LEVELS: tuple[Level, ...] = (
    Level(
        "beginner",
        N_("beginner"),
        N_("plays any legal move at random"),
        lambda seed, name: RandomBot(seed, name),
        "RandomBot",
    ),
    Level(
        "easy",
        N_("easy"),
        N_("plays a sensible move about half the time, any move otherwise"),
        _careless(0.5),
        "CarelessBot, slip 0.5",
    ),
    Level(
        "medium",
        N_("medium"),
        N_("plays a good move, but now and then a careless one"),
        _careless(0.15),
        "CarelessBot, slip 0.15",
    ),
    Level(
        "hard",
        N_("hard"),
        N_("plays the move that scores most this turn"),
        lambda seed, name: GreedyBot(seed, name),
        "GreedyBot",
    ),
    Level(
        "expert",
        N_("expert"),
        N_("tries the best moves and plays each out a round ahead"),
        _search(56),
        "SearchBot, 56 iterations",
    ),
)

LEVEL_NAMES: tuple[str, ...] = tuple(lv.name for lv in LEVELS)

#: Ways of playing for the designer's fingerprint of a board (selectable by name).
STYLES: tuple[Level, ...] = (
    Level(
        "greedy",
        N_("greedy"),
        N_("plays the move that scores most this turn"),
        lambda seed, name: GreedyBot(seed, name),
        "GreedyBot",
    ),
    Level(
        "aggressive",
        N_("aggressive"),
        N_("conquers as much as it can, above all the opponents' regions"),
        lambda seed, name: GreedyBot(seed, name, opponent_weight=1.5, decline_margin=4.0),
        "GreedyBot, opponent_weight 1.5, decline_margin 4",
    ),
    Level(
        "early-decline",
        N_("early decline"),
        N_("goes into decline as soon as a new race looks about as good"),
        lambda seed, name: GreedyBot(seed, name, decline_margin=-2.0),
        "GreedyBot, decline_margin -2",
    ),
    Level(
        "search",
        N_("search"),
        N_("tries a few moves and plays each out a round ahead"),
        _search(12),
        "SearchBot, 12 iterations",
    ),
)


def level(name: str) -> Level:
    """The level or style called ``name`` (``ValueError`` naming the choices otherwise)."""
    key = name.strip().lower()
    for lv in (*LEVELS, *STYLES):
        if lv.name == key:
            return lv
    choices = ", ".join(lv.name for lv in (*LEVELS, *STYLES))
    raise ValueError(f"unknown level or style {name!r}; choose one of: {choices}")


def make_named(name: str, seed: int = 0) -> Bot:
    """The bot of a level or style by name (:func:`level`)."""
    return level(name).bot(seed)


def title_of(name: str) -> str:
    """The translated name a person reads for a bot called ``name`` (a level or a style;
    any other bot's own name as it is)."""
    key = name.strip().lower()
    for lv in (*LEVELS, *STYLES):
        if lv.name == key:
            return _(lv.title)
    return name

"""Small helpers the tutorial notebooks share, so their cells stay one line long.

:func:`attempt` plays actions on a game and prints plain sentences for a learner: what the
actions did (the engine's events, each citing its rule id) or why they were refused (the
rule id and the engine's sentence), in the language in effect (:mod:`swlab.i18n`).
:func:`with_power` swaps a power, to compare badges on one position. The learner's own
practice is the learn path's levels, played on the board (:mod:`swlab.learn.widget`).
"""

from __future__ import annotations

import os

from swlab.game.game import Game
from swlab.game.scenario import read_scenario_file, scenario_from_dict
from swlab.game.shipped import scenario_path
from swlab.i18n import _


def attempt(game: Game, actions: str) -> None:
    """Play ``actions`` (``"conquer 3; end"``) on ``game`` and print the outcome.

    Prints ``✔`` and the events, or ``✘ refused:`` and the rule that forbids it; a refused
    attempt leaves the game as it was. Returns nothing: a cell ending with it shows only
    those sentences, never a ``True`` or ``False`` (Voilà shows every cell's value).
    """
    before = game.index
    error = game.try_play(actions)
    if error:
        print(_("✘ refused: {reason}").format(reason=error.message))
        return
    print("✔ " + "\n  ".join(game.describe(game.index - before)))


def with_power(scenario: str | os.PathLike[str], power: str, seat: int = 0) -> Game:
    """The position of ``scenario`` with another special power for the player in ``seat``.

    Lets a lesson compare powers on one and the same board position. ``scenario`` is a
    file or a shipped scenario's name (``"tutorial/06_cost_powers"``).
    """
    path = scenario_path(scenario)
    data = read_scenario_file(path)
    data["players"][seat]["active"]["power"] = power
    return Game.from_state(scenario_from_dict(data, path.parent))

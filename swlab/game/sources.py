"""A game from what a user names on a command line: a board, a scenario or a game record
(``swlab present [BOARD | SCENARIO | RECORD]``).

Here, not in :mod:`swlab.play.present`, so that ``swlab present`` checks its argument
without importing the widget libraries the presenter needs (ipywidgets, ipyleaflet: 0.2 s
of CPU in a command that then hands over to Voila, whose kernel imports them).

>>> load_game("official_2p", ["Ann", "Bob"], seed=7)
<Game official-2p round 1/10, Ann to play (pick), step 0/0>
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from swlab.game.game import Game
from swlab.i18n import _
from swlab.safe_io import InputRefused, check_regular, parse_json, read_text

__all__ = ["load_game"]


def load_game(
    spec: str | None, players: Sequence[str] | None = None, seed: int | None = None
) -> Game:
    """A game from a board (a shipped name or a board file), a scenario (a ``.yaml`` file
    or a shipped scenario's name) or a game record (a ``.json`` record file). ``seed`` fixes
    a new game's setup and die (default: a new game each time)."""
    from swlab.board.catalog import load_board, shipped_board_names
    from swlab.game.shipped import scenario_path, shipped_scenario_names

    spec = spec or "official_2p"
    path = Path(spec)
    try:  # a FIFO, a device, a folder: refused before any loader opens it
        check_regular(path)
    except InputRefused as refused:
        raise ValueError(_("{path}: {reason}").format(path=spec, reason=refused.reason)) from None
    if path.suffix == ".json" and path.exists() and _holds_a_record(path):
        return Game.from_record(path)
    if path.suffix in (".yaml", ".yml"):
        return Game.from_scenario(path)
    try:
        board = load_board(spec)
    except (OSError, ValueError, KeyError) as board_error:
        try:
            return Game.from_scenario(scenario_path(spec))
        except (OSError, ValueError, KeyError):
            text = _(
                "{spec} is neither a board, a scenario nor a game record; shipped boards: "
                "{boards}; shipped scenarios: {scenarios}"
            )
            raise ValueError(
                text.format(
                    spec=repr(spec),
                    boards=", ".join(shipped_board_names()),
                    scenarios=", ".join(shipped_scenario_names()),
                )
            ) from board_error
    names = (
        list(players)
        if players
        else [_("Player {n}").format(n=i + 1) for i in range(board.players)]
    )
    return Game(board, names, seed=seed)


def _holds_a_record(path: Path) -> bool:
    """Whether the JSON file ``path`` is a game record (it has ``actions``) rather than a
    board; read by :mod:`swlab.safe_io` with the limits of the largest kind a ``.json``
    may be (a map), a refusal naming the file."""
    try:
        data = parse_json(read_text(path, "map"))
    except InputRefused as refused:
        raise ValueError(_("{path}: {reason}").format(path=path, reason=refused.reason)) from None
    return isinstance(data, dict) and "actions" in data

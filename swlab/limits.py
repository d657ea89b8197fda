"""Limits of a balance-lab run, in a module light enough for ``swlab --help`` to read
(:mod:`swlab.balance.runner` uses them; importing it loads the engine and Dask)."""

from __future__ import annotations

from swlab.i18n import _, number

__all__ = ["CONNECT_TIMEOUT_S", "MAX_GAMES", "too_many_games"]

#: Most games in one run. Every outcome is kept for the report, and the report's tables
#: take about 60 kB a 5-player game at their peak: 100,000 games need some 6 GB.
MAX_GAMES = 100_000
#: Seconds to wait for a Dask scheduler to answer before giving up (``--connect-timeout``).
CONNECT_TIMEOUT_S = 15.0


def too_many_games(games: int, option: str = "") -> str:
    """The refusal of a run of more than :data:`MAX_GAMES` games (``option``: the command
    line's name for the number, when it came from one)."""
    return _(
        "{what} {games}: a run plays at most {limit} games (each is kept in memory for the "
        "report); split the study into runs with different --seed"
    ).format(
        what=option or _("games"),
        games=games if games < 10**15 else f"{games:.3e}",
        limit=number(MAX_GAMES),
    )

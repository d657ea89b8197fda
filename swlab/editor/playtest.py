"""A quick balance run of bot games on a draft board: win share per seat, regions held.

Only a sound board can be played: :func:`balance_run` refuses a board with problems
(:class:`NotPlayableError`, listing them). Games are played exactly as
:func:`swlab.sim.run_simulation` plays them (game ``g`` uses seed ``seed + g``, bots seated
by :func:`swlab.sim.seat_bots`, rotated each game), so the win shares agree with
``swlab simulate`` on the same board; on top, the final state of every game says which
regions are held by a race at the end, which the editor draws as a heat map.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from swlab.board.model import Board
from swlab.board.validate import Problem, validate
from swlab.bots.base import make_bot, play_game
from swlab.editor.draft import EditError
from swlab.rules.engine import winners
from swlab.sim import seat_bots

__all__ = ["BalanceResult", "NotPlayableError", "balance_run", "check_playable"]


class NotPlayableError(EditError):
    """The board has problems; ``problems`` lists them (also in the message)."""

    def __init__(self, board: Board, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        listed = "\n".join(f"- {p.message}" for p in problems)
        n = len(problems)
        what = "this problem is" if n == 1 else f"these {n} problems are"
        super().__init__(
            None, f"board {board.name!r} cannot be played until {what} fixed:\n{listed}"
        )


def check_playable(board: Board) -> None:
    """Raise :class:`NotPlayableError` unless :func:`validate` finds nothing."""
    problems = validate(board)
    if problems:
        raise NotPlayableError(board, problems)


@dataclass(frozen=True)
class BalanceResult:
    """``seats``: one row per seat (``seat``, ``games``, ``wins``, ``win_share``,
    ``avg_coins``); ``held``: per region id, the share of games it ends held by a race;
    ``held_by_seat``: one row per region, one column per seat (shares)."""

    seats: pd.DataFrame
    held: dict[int, float]
    held_by_seat: pd.DataFrame
    games: int

    def report(self) -> str:
        fmt = {"win_share": "{:.0%}".format, "avg_coins": "{:.1f}".format}
        top = sorted(self.held.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        most = ", ".join(f"{rid} ({share:.0%})" for rid, share in top)
        return (
            f"{self.games} games\n{self.seats.to_string(index=False, formatters=fmt)}\n"
            f"most often held at the end: {most}"
        )


def balance_run(
    board: Board,
    bots: Sequence[str] = ("greedy", "random"),
    games: int = 4,
    seed: int = 0,
    players: int | None = None,
) -> BalanceResult:
    """Play ``games`` seeded bot games on ``board`` (refused if it has problems)."""
    check_playable(board)
    if games < 1:
        raise EditError(None, "play at least one game")
    seats = players if players is not None else board.players
    kinds = [k.strip().lower() for k in bots if k.strip()]
    rows = []
    held_counts: dict[int, list[int]] = {rid: [0] * seats for rid in board.ids}
    for g in range(games):
        game_seed = seed + g
        seat_kinds = seat_bots(kinds, seats, g)
        seat_players = [make_bot(k, game_seed * 100 + s) for s, k in enumerate(seat_kinds)]
        final, _record = play_game(board, seat_players, game_seed)
        won = winners(final)
        for s in range(seats):
            rows.append(
                {
                    "seat": s + 1,
                    "coins": final.players[s].coins,
                    "win": 1.0 / len(won) if s in won else 0.0,
                }
            )
        for rid, i in final.geo.index.items():
            rs = final.regions[i]
            if rs.owner >= 0 and rs.tokens > 0 and rid in held_counts:
                held_counts[rid][rs.owner] += 1
    results = pd.DataFrame(rows)
    table = results.groupby("seat", sort=True).agg(
        games=("win", "size"), wins=("win", "sum"), avg_coins=("coins", "mean")
    )
    table["win_share"] = table["wins"] / table["games"]
    table = table.reset_index()[["seat", "games", "wins", "win_share", "avg_coins"]]
    held = {rid: sum(c) / games for rid, c in held_counts.items()}
    by_seat = pd.DataFrame(
        [[rid, *(c / games for c in counts)] for rid, counts in held_counts.items()],
        columns=["region", *(f"seat {s + 1}" for s in range(seats))],
    )
    return BalanceResult(table, held, by_seat, games)

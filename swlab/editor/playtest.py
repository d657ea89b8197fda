"""A quick balance run of bot games on a draft board: win share per seat, regions held.

Only a sound board can be played: :func:`balance_run` refuses a board with problems
(:class:`NotPlayableError`, listing them), and one whose opening position the rules make
impossible (:func:`swlab.rules.position.position_problems`). Games are the balance lab's
(:mod:`swlab.balance`: game ``g`` uses seed ``seed + g``, bots seated by
:func:`swlab.balance.seat_bots`, rotated each game), so the win shares agree with
``swlab simulate`` and ``swlab balance`` on the same board; the final state of every game
says which regions are held by a race at the end, which the editor draws as a heat map.
``result.lab`` is the lab's full report (``result.lab.show()`` in a notebook, with the
heat map on the board and its legend), and :func:`compare_with_official` puts a custom
board beside the official one for the same player count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pandas as pd

from swlab.balance.fingerprint import StyleFingerprint, summarize
from swlab.balance.lab import report_of_run
from swlab.balance.report import BalanceReport, compare
from swlab.balance.runner import Plan, run_games
from swlab.board.model import Board
from swlab.board.validate import Problem, validate
from swlab.editor.draft import EditError
from swlab.i18n import NC_, _, decimal, ngettext, percent, pgettext
from swlab.rules import new_game
from swlab.rules.position import PositionProblem, position_problems

#: The seat table's column headings as :meth:`BalanceResult.report` prints them (the
#: DataFrame's own columns stay these English identifiers).
SEAT_HEADINGS: dict[str, str] = {
    "seat": NC_("seat table", "seat"),
    "games": NC_("seat table", "games"),
    "wins": NC_("seat table", "wins"),
    "win_share": NC_("seat table", "win_share"),
    "avg_coins": NC_("seat table", "avg_coins"),
}

__all__ = [
    "BalanceResult",
    "NotPlayableError",
    "balance_run",
    "check_playable",
    "compare_with_official",
]


class NotPlayableError(EditError):
    """The board has problems, or its opening position has (those of the rules, citing
    their rule); ``problems`` lists them (also in the message)."""

    def __init__(self, board: Board, problems: Sequence[Problem | PositionProblem]) -> None:
        self.problems = tuple(problems)
        listed = "\n".join(
            f"- {p}" if isinstance(p, PositionProblem) else f"- {p.message}" for p in problems
        )
        n = len(problems)
        head = ngettext(
            "board {board} cannot be played until this problem is fixed:",
            "board {board} cannot be played until these {n} problems are fixed:",
            n,
        ).format(board=repr(board.name), n=n)
        super().__init__(None, f"{head}\n{listed}")


def check_playable(board: Board, players: int | None = None) -> None:
    """Raise :class:`NotPlayableError` unless :func:`validate` finds nothing and the
    opening position of ``players`` (default the board's) on it is one the rules allow."""
    problems = validate(board)
    if problems:
        raise NotPlayableError(board, problems)
    opening = new_game(board, players if players is not None else board.players, seed=0)
    impossible = position_problems(opening)
    if impossible:
        raise NotPlayableError(board, impossible)


@dataclass(frozen=True)
class BalanceResult:
    """``seats``: one row per seat (``seat``, ``games``, ``wins``, ``win_share``,
    ``avg_coins``); ``held``: per region id, the share of games it ends held by a race;
    ``held_by_seat``: one row per region, one column per seat (shares); ``lab``: the
    balance lab's full report (intervals, seat test, scores, heat map per round);
    ``fingerprint``: the games' fingerprint (:mod:`swlab.balance.fingerprint`: each seat's
    win rate, ties shared, with its 95 % interval, and the seat distance)."""

    seats: pd.DataFrame
    held: dict[int, float]
    held_by_seat: pd.DataFrame
    games: int
    lab: BalanceReport | None = field(default=None, compare=False, repr=False)
    fingerprint: StyleFingerprint | None = field(default=None, compare=False, repr=False)

    def report(self) -> str:
        """The seat table (a win share with its 95 % interval: 4 games say little), the
        seat distance and the regions most often held at the end."""
        shown = self.seats.copy()
        fmt = {"avg_coins": lambda v: decimal(v, 1)}
        if self.fingerprint is not None:
            shown["win_share"] = [str(seat) for seat in self.fingerprint.seats]
        else:
            fmt["win_share"] = percent
        top = sorted(self.held.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        most = ", ".join(
            _("{region} ({share})").format(region=rid, share=percent(share)) for rid, share in top
        )
        headings = {k: pgettext("seat table", v) for k, v in SEAT_HEADINGS.items()}
        table = shown.rename(columns=headings).to_string(
            index=False, formatters={headings[k]: f for k, f in fmt.items()}
        )
        count = ngettext("{games} game", "{games} games", self.games).format(games=self.games)
        lines = [count, table]
        if self.fingerprint is not None:
            lines.append(
                _("seat distance: {distance} (the seat furthest from an equal share)").format(
                    distance=percent(self.fingerprint.seat_distance, 1)
                )
            )
        lines.append(_("most often held at the end: {regions}").format(regions=most))
        return "\n".join(lines)


def balance_run(
    board: Board,
    bots: Sequence[str] = ("greedy", "random"),
    games: int = 4,
    seed: int = 0,
    players: int | None = None,
    *,
    workers: int | None = 0,
) -> BalanceResult:
    """Play ``games`` seeded bot games on ``board`` (refused if it has problems).

    The games are the balance lab's (:func:`swlab.balance.balance`), serially by default
    (``workers=None``: a local Dask cluster for a long run), so the figures agree with
    ``swlab simulate`` and ``swlab balance`` on the same board and seeds.
    """
    check_playable(board, players)
    if games < 1:
        raise EditError(None, _("play at least one game"))
    seats = players if players is not None else board.players
    kinds = tuple(k.strip().lower() for k in bots if k.strip())
    run = run_games(Plan(board, seats, kinds, seed, games), workers=workers, progress=False)
    lab = report_of_run(run, board)
    played = lab.results.games
    table = played.groupby("seat", sort=True).agg(
        games=("win", "size"), wins=("win", "sum"), avg_coins=("coins", "mean")
    )
    table["wins"] = table["wins"].round().astype("int64")  # a count: "2", never "2.0"
    table["win_share"] = table["wins"] / table["games"]
    table = table.reset_index()[["seat", "games", "wins", "win_share", "avg_coins"]]
    n = run.games
    fingerprint = summarize(",".join(kinds), run.outcomes, seats, board.ids)
    counts = {rid: [0] * seats for rid in board.ids}
    for outcome in run.outcomes:
        for rid, owner in zip(outcome.region_ids, outcome.held[-1], strict=True):
            if owner >= 0 and rid in counts:
                counts[rid][owner] += 1
    by_seat = pd.DataFrame(
        [[rid, *(c / n for c in counts[rid])] for rid in counts],
        columns=["region", *(f"seat {s + 1}" for s in range(seats))],
    )
    return BalanceResult(table, dict(fingerprint.held), by_seat, n, lab, fingerprint)


def compare_with_official(
    board: Board,
    bots: Sequence[str] = ("greedy", "random"),
    games: int = 20,
    seed: int = 0,
    *,
    workers: int | None = 0,
) -> tuple[BalanceReport, BalanceReport, pd.DataFrame]:
    """The same study on ``board`` and on the official board for its player count (the
    same bots and seeds): both reports and the side-by-side table
    (:func:`swlab.balance.compare`)."""
    from swlab.board import official_board

    if not 2 <= board.players <= 5:
        raise EditError(
            None,
            _("there is no official board for {players} players").format(players=board.players),
        )
    custom = balance_run(board, bots, games, seed, workers=workers).lab
    official = official_board(board.players)
    theirs = balance_run(official, bots, games, seed, workers=workers).lab
    assert custom is not None and theirs is not None
    labels = (
        _("{board} (custom)").format(board=board.name),
        _("{board} (official)").format(board=official.name),
    )
    return custom, theirs, compare(custom, theirs, labels)

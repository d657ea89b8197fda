"""A board's fingerprint: is it fair to every seat, and where do the games go?

::

    from swlab.balance.fingerprint import fingerprint, reference_for
    fp = fingerprint("official_3p", games=200)      # greedy, aggressive, early-decline
    fp.overall.seat_distance, fp.overall.smith_anton
    print(fp.table(reference_for(fp.players)))      # beside the official board's numbers

The same as ``swlab map fingerprint official_3p --games 200``. Each bot style plays
``games`` seeded games of the balance lab (:func:`swlab.balance.run_games`: game ``g``
uses seed ``seed + g``, every seat played by the same style), so the numbers are the same
serially or on any number of workers. Per style, and over all the styles' games
(:data:`OVERALL`), a fingerprint holds:

* each seat's **win rate** ``r_s = W_s / G``: ``W_s`` the wins of seat ``s``, a tie's win
  shared by the tied seats (R-FLOW-3) as the balance lab counts it, ``G`` the games; with
  its 95 % Wilson interval (:func:`swlab.balance.wilson`);
* the **seat distance** ``max_s |r_s - 1/k|`` over the ``k`` seats: how far the seat
  furthest from an equal share is from it (0 on a fair board; ``1 - 1/k`` when one seat
  wins every game);
* the **seat spread** ``max_s r_s - min_s r_s``: the largest difference between two
  seats' win rates (0 on a fair board; 1 when one seat wins every game);
* **Smith & Anton's distance** ``sqrt(sum_s (r_s - 1/k)**2)``: the Euclidean distance of
  the win-rate vector from the uniform one, the distance to a uniform win-rate
  distribution used by Smith & Anton to compare the balance of boards (0 on a fair board;
  ``sqrt(1 - 1/k)`` when one seat wins every game);
* the regions **held** at the end (share of the games a race of any seat holds each one:
  the heat map), the :data:`TOP` held most and least;
* **first-conquest popularity**: per region, the share of the races that conquered at
  all whose first conquest (R-CONQ-2) was that region.

The official boards' fingerprints are shipped as reference numbers
(:data:`REFERENCE_FILE`, :data:`REFERENCE_GAMES` games per style), made by
``python tools/reference_fingerprints.py``.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from swlab.balance.runner import (
    CONNECT_TIMEOUT_S,
    GameOutcome,
    Plan,
    local_cluster,
    plays_serially,
    run_games,
)
from swlab.balance.stats import wilson
from swlab.bots.base import make_bot
from swlab.i18n import NC_, _, decimal, percent, pgettext
from swlab.rules import BoardLike

if TYPE_CHECKING:
    from distributed import Security

__all__ = [
    "DEFAULT_STYLES",
    "OVERALL",
    "REFERENCE_FILE",
    "REFERENCE_GAMES",
    "Fingerprint",
    "SeatRate",
    "StyleFingerprint",
    "distance_interval",
    "fingerprint",
    "from_outcomes",
    "rate_with_interval",
    "reference_fingerprints",
    "reference_for",
    "seat_distance",
    "seat_spread",
    "smith_anton_distance",
    "summarize",
]

#: The fast bot styles a fingerprint plays by default (:data:`swlab.bots.levels.STYLES`).
DEFAULT_STYLES: tuple[str, ...] = ("greedy", "aggressive", "early-decline")
#: The name of the figures over every style's games.
OVERALL = "overall"
#: Regions listed as held most, held least and most popular first conquests.
TOP = 5
#: The official boards' fingerprints, shipped with swlab.
REFERENCE_FILE = Path(__file__).resolve().parents[1] / "data" / "reference_fingerprints.json"
#: Games per style behind the shipped reference numbers.
REFERENCE_GAMES = 200

#: The fingerprint table's headings, marked for the catalogs (``pgettext`` at use).
HEADINGS: dict[str, str] = {
    "style": NC_("fingerprint", "style"),
    "games": NC_("fingerprint", "games"),
    "seat": NC_("fingerprint", "seat {seat}"),
    "distance": NC_("fingerprint", "seat distance"),
    "spread": NC_("fingerprint", "spread"),
    "smith_anton": NC_("fingerprint", "Smith & Anton"),
}


def seat_distance(rates: Sequence[float]) -> float:
    """``max_s |r_s - 1/k|``: the largest distance of a seat's win rate from an equal share."""
    k = len(rates)
    return max(abs(r - 1 / k) for r in rates) if k else 0.0


def seat_spread(rates: Sequence[float]) -> float:
    """``max_s r_s - min_s r_s``: the largest difference between two seats' win rates."""
    return max(rates) - min(rates) if rates else 0.0


def smith_anton_distance(rates: Sequence[float]) -> float:
    """``sqrt(sum_s (r_s - 1/k)**2)``: the Euclidean distance from the uniform win rates."""
    k = len(rates)
    return math.sqrt(sum((r - 1 / k) ** 2 for r in rates)) if k else 0.0


def distance_interval(intervals: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The range of the seat distance when every seat's rate lies in its 95 % interval:
    from the largest gap between an interval and ``1/k`` to the largest distance of an
    interval's end from it. Conservative (wider than a joint 95 % interval), and read
    straight off the seats' intervals the table prints."""
    k = len(intervals)
    if not k:
        return 0.0, 0.0
    fair = 1 / k
    low = max(max(lo - fair, fair - hi, 0.0) for lo, hi in intervals)
    high = max(max(abs(lo - fair), abs(hi - fair)) for lo, hi in intervals)
    return low, high


def rate_with_interval(rate: float, low: float, high: float, digits: int = 0) -> str:
    """``50% (95%: 6%-94%)`` (an en dash): a win rate a reader does not take for more than
    it says; ``digits`` decimals (a seat distance beside a target such as 5 % needs one)."""
    return _("{rate} ({level}: {low}\N{EN DASH}{high})").format(
        rate=percent(rate, digits),
        level=percent(0.95),
        low=percent(low, digits),
        high=percent(high, digits),
    )


@dataclass(frozen=True)
class SeatRate:
    """One seat's win rate (ties shared) and its 95 % Wilson interval."""

    seat: int  #: 1-based
    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def __str__(self) -> str:
        return rate_with_interval(self.rate, *self.interval)


def _ranked(shares: Sequence[tuple[int, float]], most: bool) -> tuple[tuple[int, float], ...]:
    """The :data:`TOP` regions with the largest (or smallest) share, ties by region id."""
    sign = -1 if most else 1
    return tuple(sorted(shares, key=lambda kv: (sign * kv[1], kv[0]))[:TOP])


@dataclass(frozen=True)
class StyleFingerprint:
    """The figures of one style's games (or of all of them: :data:`OVERALL`)."""

    style: str
    games: int
    wins: tuple[float, ...]  #: per seat, ties shared
    held: tuple[tuple[int, float], ...]  #: (region id, share of games held at the end)
    first_conquests: tuple[tuple[int, float], ...]  #: (region id, share of first conquests)
    races: int  #: races that conquered at least one region (the shares' denominator)

    @property
    def players(self) -> int:
        return len(self.wins)

    @property
    def seats(self) -> tuple[SeatRate, ...]:
        return tuple(SeatRate(s + 1, w, self.games) for s, w in enumerate(self.wins))

    @property
    def rates(self) -> tuple[float, ...]:
        return tuple(seat.rate for seat in self.seats)

    @property
    def seat_distance(self) -> float:
        return seat_distance(self.rates)

    @property
    def seat_distance_interval(self) -> tuple[float, float]:
        """:func:`distance_interval` of the seats' 95 % Wilson intervals."""
        return distance_interval([seat.interval for seat in self.seats])

    @property
    def seat_spread(self) -> float:
        return seat_spread(self.rates)

    @property
    def smith_anton(self) -> float:
        return smith_anton_distance(self.rates)

    @property
    def held_most(self) -> tuple[tuple[int, float], ...]:
        return _ranked(self.held, most=True)

    @property
    def held_least(self) -> tuple[tuple[int, float], ...]:
        return _ranked(self.held, most=False)

    @property
    def popular_first(self) -> tuple[tuple[int, float], ...]:
        return _ranked([kv for kv in self.first_conquests if kv[1] > 0], most=True)

    def figures(self) -> dict[str, Any]:
        """The derived figures as plain JSON data (``swlab map fingerprint --json``)."""
        return {
            "win_rates": list(self.rates),
            "intervals": [list(seat.interval) for seat in self.seats],
            "seat_distance": self.seat_distance,
            "seat_spread": self.seat_spread,
            "smith_anton": self.smith_anton,
            "held_most": [list(kv) for kv in self.held_most],
            "held_least": [list(kv) for kv in self.held_least],
            "popular_first_conquests": [list(kv) for kv in self.popular_first],
        }

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (:meth:`from_dict` reads it back equal)."""
        return {
            "style": self.style,
            "games": self.games,
            "wins": list(self.wins),
            "held": [list(kv) for kv in self.held],
            "first_conquests": [list(kv) for kv in self.first_conquests],
            "races": self.races,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StyleFingerprint:
        return cls(
            style=str(data["style"]),
            games=int(data["games"]),
            wins=tuple(float(w) for w in data["wins"]),
            held=tuple((int(r), float(s)) for r, s in data["held"]),
            first_conquests=tuple((int(r), float(s)) for r, s in data["first_conquests"]),
            races=int(data["races"]),
        )


def summarize(
    style: str, outcomes: Sequence[GameOutcome], players: int, region_ids: Sequence[int]
) -> StyleFingerprint:
    """The figures of ``outcomes`` (games of ``players`` seats on a board of ``region_ids``)."""
    games = len(outcomes)
    wins = tuple(sum(o.win(s) for o in outcomes) for s in range(players))
    held_count = dict.fromkeys(region_ids, 0)
    first_count = dict.fromkeys(region_ids, 0)
    races = 0
    for o in outcomes:
        if o.held:
            for rid, owner in zip(o.region_ids, o.held[-1], strict=True):
                if owner >= 0 and rid in held_count:
                    held_count[rid] += 1
        for pick in o.picks:
            if pick.first_conquest in first_count:
                first_count[pick.first_conquest] += 1
                races += 1
    held = tuple((rid, held_count[rid] / games if games else 0.0) for rid in sorted(held_count))
    first = tuple((rid, first_count[rid] / races if races else 0.0) for rid in sorted(first_count))
    return StyleFingerprint(style, games, wins, held, first, races)


def from_outcomes(
    board: str,
    players: int,
    seed: int,
    games: Mapping[str, Sequence[GameOutcome]],
    region_ids: Sequence[int],
) -> Fingerprint:
    """The fingerprint of the games of each style (``games``: style -> its outcomes), then
    :data:`OVERALL` over all of them; games from several runs may be joined."""
    parts = [summarize(kind, outcomes, players, region_ids) for kind, outcomes in games.items()]
    every = [o for outcomes in games.values() for o in outcomes]
    parts.append(summarize(OVERALL, every, players, region_ids))
    return Fingerprint(board, players, seed, tuple(parts))


@dataclass(frozen=True)
class Fingerprint:
    """A board's fingerprint: one :class:`StyleFingerprint` per style, then :data:`OVERALL`."""

    board: str
    players: int
    seed: int
    styles: tuple[StyleFingerprint, ...]

    @property
    def overall(self) -> StyleFingerprint:
        return self.style(OVERALL)

    def style(self, name: str) -> StyleFingerprint:
        for part in self.styles:
            if part.style == name:
                return part
        raise KeyError(name)

    @property
    def style_names(self) -> tuple[str, ...]:
        return tuple(p.style for p in self.styles if p.style != OVERALL)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (:meth:`from_dict` reads it back equal)."""
        return {
            "board": self.board,
            "players": self.players,
            "seed": self.seed,
            "styles": [p.to_dict() for p in self.styles],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Fingerprint:
        return cls(
            board=str(data["board"]),
            players=int(data["players"]),
            seed=int(data["seed"]),
            styles=tuple(StyleFingerprint.from_dict(p) for p in data["styles"]),
        )

    def table(self, reference: Fingerprint | None = None) -> str:
        """The seat table (per style, then overall; under each row the same style's row of
        ``reference``, the official board's, when it has one) and the regions' lines."""
        return "\n".join([*self._seat_lines(reference), "", *self._region_lines(reference)])

    def _rows(self, reference: Fingerprint | None) -> list[tuple[str, StyleFingerprint]]:
        known = {p.style: p for p in reference.styles} if reference is not None else {}
        same_mix = reference is not None and reference.style_names == self.style_names
        rows: list[tuple[str, StyleFingerprint]] = []
        for part in self.styles:
            label = _("overall") if part.style == OVERALL else part.style
            rows.append((label, part))
            theirs = known.get(part.style)
            if reference is not None and theirs is not None and (part.style != OVERALL or same_mix):
                rows.append(("  " + _("{board} (official)").format(board=reference.board), theirs))
        return rows

    def _seat_lines(self, reference: Fingerprint | None) -> list[str]:
        head = [
            pgettext("fingerprint", HEADINGS["style"]),
            pgettext("fingerprint", HEADINGS["games"]),
        ]
        head += [
            pgettext("fingerprint", HEADINGS["seat"]).format(seat=s + 1)
            for s in range(self.players)
        ]
        head += [
            pgettext("fingerprint", HEADINGS[k]) for k in ("distance", "spread", "smith_anton")
        ]
        body = []
        for label, part in self._rows(reference):
            cells = [label, str(part.games), *(str(seat) for seat in part.seats)]
            cells += [percent(part.seat_distance, 1), percent(part.seat_spread, 1)]
            cells.append(decimal(part.smith_anton, 3))
            body.append(cells)
        widths = [max(len(row[c]) for row in [head, *body]) for c in range(len(head))]

        def line(cells: list[str]) -> str:
            first = cells[0].ljust(widths[0])
            rest = [cell.rjust(w) for cell, w in zip(cells[1:], widths[1:], strict=True)]
            return "  ".join([first, *rest]).rstrip()

        return [line(head), *(line(cells) for cells in body)]

    def _region_lines(self, reference: Fingerprint | None = None) -> list[str]:
        def listed(shares: Sequence[tuple[int, float]]) -> str:
            return ", ".join(
                _("{region} ({share})").format(region=rid, share=percent(s)) for rid, s in shares
            ) or _("none")

        parts = [(_("overall") if p.style == OVERALL else p.style, p) for p in self.styles]
        if reference is not None:
            label = _("{board} (official), overall").format(board=reference.board)
            parts.append((label, reference.overall))
        lines = []
        for label, part in parts:
            most = _("held most at the end: {regions}").format(regions=listed(part.held_most))
            least = _("held least at the end: {regions}").format(regions=listed(part.held_least))
            first = _("first conquests: {regions}").format(regions=listed(part.popular_first))
            lines += [f"{label}:", f"  {most}", f"  {least}", f"  {first}"]
        return lines


def fingerprint(
    board: BoardLike | str | os.PathLike[str],
    styles: Sequence[str] = DEFAULT_STYLES,
    games: int = REFERENCE_GAMES,
    seed: int = 0,
    *,
    players: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    security: Security | None = None,
    progress: bool = False,
    stream: TextIO | None = None,
    keep: dict[str, list[GameOutcome]] | None = None,
) -> Fingerprint:
    """Play ``games`` seeded games per style on ``board`` and return its fingerprint.

    Every seat of a style's games is played by that style; ``players`` defaults to the
    board's. The games run where the balance lab runs them (serially, ``workers`` local
    processes, or the cluster at ``scheduler``) with the same numbers everywhere; a local
    cluster is started once for all the styles. ``keep`` receives each style's outcomes
    (to join them with more games later: :func:`from_outcomes`).
    """
    from swlab.board.catalog import load_board

    spec: str | BoardLike = os.fspath(board) if isinstance(board, str | os.PathLike) else board
    the_board = load_board(spec) if isinstance(spec, str) else spec
    seats = players if players is not None else the_board.players
    kinds = tuple(dict.fromkeys(k.strip().lower() for k in styles if k.strip()))
    if not kinds:
        raise ValueError(_("give at least one bot style"))
    for kind in kinds:
        make_bot(kind)  # an unknown style is refused before any game is played
    region_ids = tuple(the_board.ids)
    played: dict[str, list[GameOutcome]] = {}
    with ExitStack() as stack:
        if not plays_serially(workers, scheduler, games) and scheduler is None:
            # one local cluster for every style: it takes seconds to start
            cluster, _n = stack.enter_context(local_cluster(workers))
            scheduler, workers = cluster.scheduler_address, None
        for kind in kinds:
            run = run_games(
                Plan(spec, seats, (kind,), seed, games),
                workers=workers,
                scheduler=scheduler,
                connect_timeout=connect_timeout,
                security=security,
                progress=progress,
                stream=stream,
                label=f"fingerprint {kind}",  # i18n: not prose: the command and the style
            )
            if run.interrupted:
                raise KeyboardInterrupt
            played[kind] = run.outcomes
    if keep is not None:
        keep.update(played)
    name = str(getattr(the_board, "name", "board"))
    return from_outcomes(name, seats, seed, played, region_ids)


# --- the official boards' reference numbers --------------------------------------------
def reference_fingerprints(
    games: int = REFERENCE_GAMES,
    seed: int = 0,
    players: Sequence[int] = (2, 3, 4, 5),
    styles: Sequence[str] = DEFAULT_STYLES,
    *,
    workers: int | None = 0,
    progress: bool = False,
) -> dict[str, Any]:
    """The reference file's data: the official boards' fingerprints for ``players``."""
    return {
        "games_per_style": games,
        "seed": seed,
        "styles": list(styles),
        "made_by": "python tools/reference_fingerprints.py",  # i18n: not prose: a command
        "boards": [
            fingerprint(
                f"official_{n}p", styles, games, seed, workers=workers, progress=progress
            ).to_dict()
            for n in players
        ],
    }


@cache
def _references() -> dict[int, Fingerprint]:
    data = json.loads(REFERENCE_FILE.read_text(encoding="utf-8"))
    return {int(b["players"]): Fingerprint.from_dict(b) for b in data["boards"]}


def reference_for(players: int) -> Fingerprint | None:
    """The shipped fingerprint of the official board for ``players`` (``None``: none)."""
    return _references().get(players)

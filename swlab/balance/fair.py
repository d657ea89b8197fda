"""A board generator that aims at fairness: boards whose seat distance is at most ``D``.

::

    from swlab.balance.fair import Constraints, generate_fair
    result = generate_fair(Constraints(players=2, water_share=0.15), target=0.05)
    result.reached, result.distance, result.interval, result.board

The same as ``swlab map generate --players 2 --water-share 0.15 --fair 0.05 -o fair.geojson``.
The **seat distance** is the fingerprint's (:mod:`swlab.balance.fingerprint`): over the
games of the fast bot styles, ``max_s |r_s - 1/k|``. A board is returned as fair only when
its distance is at most ``D`` on at least :data:`MIN_VERIFY_GAMES` games never used to
choose it.

**The designer's constraints** (:class:`~swlab.board.constraints.Constraints`: regions per
player, terrain shares, symbols, Lost Tribes, water share, neighbours) are turned into exact
counts and boards that meet them by :mod:`swlab.board.constraints`, which names the
constraint that binds when no board can meet them. Every candidate meets every constraint:
each move below keeps every count and border.

**The moves.** The games say which seat wins most (favoured) and least (disfavoured) and,
per seat, which regions its races conquered first (the fingerprint's first-conquest
popularity, per seat). A move changes the land around those likely first conquests:
swap two regions' terrain and symbols between the favoured seat's area and the
disfavoured one's, move a Lost Tribe into the favoured seat's area, or move a Mine, Magic
source or Cavern into the disfavoured seat's; or start again from a new seed.

**The method: racing, in three stages** (successive halving of the games spent on a board):

1. *screen*: every candidate plays the same ``screen_games`` seeded games per style (common
   random numbers: two boards are compared on the same seeds, which makes the comparison
   sharper than independent games would). A move whose board screens better replaces the
   board it came from (hill climbing); after :data:`PATIENCE` moves without a better board,
   the search starts again from a new seed.
2. *confirm*: a board that screens at ``D`` or below plays twice as many games again on the
   next seeds; most lucky screens end here, for a fifth of the price of a verification.
3. *verify*: a board still at ``D`` or below after that plays at least
   :data:`MIN_VERIFY_GAMES` **new** games (seeds no screen used). Only this count decides:
   the boards were chosen for their low screen distance, so those games flatter them
   (the winner's curse), while fresh games do not.

Why not full counts for every candidate: 400 games cost minutes on two cores, and most
candidates are seen to be unfair after 60. Why not a smaller final count: the distance's
95 % interval over 400 two-player games is still about ±5 points wide.

Everything is drawn from ``seed`` and the games are the balance lab's (game ``g`` of a
run uses seed ``seed + g``), so the same seed gives the same boards, moves and numbers
serially or on any number of Dask workers. Only ``max_seconds`` depends on the machine.
"""

from __future__ import annotations

import dataclasses
import math
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

import numpy as np

from swlab.balance.fingerprint import (
    DEFAULT_STYLES,
    Fingerprint,
    StyleFingerprint,
    fingerprint,
    from_outcomes,
    rate_with_interval,
)
from swlab.balance.runner import CONNECT_TIMEOUT_S, GameOutcome, local_cluster, plays_serially
from swlab.board.constraints import (
    POWER_SYMBOLS,
    ConstraintError,
    Constraints,
    Recipe,
    draws,
    recipe,
    violations,
)
from swlab.board.model import (
    Board,
    Region,
    Symbol,
)
from swlab.i18n import _, ngettext, percent

if TYPE_CHECKING:
    from distributed import Security

__all__ = [
    "MIN_VERIFY_GAMES",
    "ConstraintError",
    "Constraints",
    "FairResult",
    "Recipe",
    "generate_fair",
    "recipe",
    "violations",
]

#: The fewest games the final verification plays (fresh seeds).
MIN_VERIFY_GAMES = 400
#: Moves without a better screen before the search starts again from a new seed.
PATIENCE = 6
#: Boards drawn and screened before the first move.
POPULATION = 3
#: First conquests of a seat whose neighbourhood is "its area".
AREA_TOP = 3


# --- moves ---------------------------------------------------------------------------------
def _first_conquests(outcomes: Sequence[GameOutcome], players: int) -> list[Counter[int]]:
    """Per seat, how often its races conquered each region first (R-CONQ-2)."""
    seats: list[Counter[int]] = [Counter() for _ in range(players)]
    for o in outcomes:
        for pick in o.picks:
            if pick.first_conquest >= 0:
                seats[pick.seat][pick.first_conquest] += 1
    return seats


def _area(board: Board, firsts: Counter[int]) -> list[int]:
    """A seat's area: the land of its :data:`AREA_TOP` most frequent first conquests and
    their land neighbours, in region order."""
    top = [rid for rid, _n in sorted(firsts.items(), key=lambda kv: (-kv[1], kv[0]))][:AREA_TOP]
    near = set(top)
    for rid in top:
        near |= board.neighbours(rid)
    return sorted(rid for rid in near if not board[rid].is_water)


def _with(board: Board, changed: Mapping[int, Region]) -> Board:
    regions = tuple(changed.get(r.id, r) for r in board.regions)
    return dataclasses.replace(board, regions=regions)


def _at_most(distance: float, target: float) -> bool:
    """``distance <= target`` for distances made of win counts: 9/60 - 1/5 is
    0.05000000000000002 in floating point, and a board at exactly ``D`` meets ``D``."""
    return distance <= target + 1e-9


def _pick(rng: np.random.Generator, choices: Sequence[int]) -> int | None:
    return int(choices[int(rng.integers(len(choices)))]) if choices else None


def _move(
    board: Board, rates: Sequence[float], outcomes: Sequence[GameOutcome], rng: np.random.Generator
) -> tuple[Board, str] | None:
    """One move that keeps every count and border (see the module text), or ``None``
    when the drawn kind of move has nothing to move."""
    favoured = max(range(len(rates)), key=lambda s: (rates[s], -s))
    disfavoured = min(range(len(rates)), key=lambda s: (rates[s], s))
    firsts = _first_conquests(outcomes, len(rates))
    land = [r.id for r in board if not r.is_water]
    mine = _area(board, firsts[favoured]) or land
    theirs = _area(board, firsts[disfavoured]) or land
    only_mine = [rid for rid in mine if rid not in theirs] or mine
    only_theirs = [rid for rid in theirs if rid not in mine] or theirs
    kind = int(rng.integers(3))
    if kind == 0:  # swap terrain and symbols of two regions
        a = _pick(rng, only_mine)
        b = _pick(rng, [rid for rid in only_theirs if rid != a])
        if a is None or b is None:
            return None
        ra, rb = board[a], board[b]
        if (ra.terrain, ra.symbols) == (rb.terrain, rb.symbols):
            return None
        changed = {
            a: dataclasses.replace(ra, terrain=rb.terrain, symbols=rb.symbols),
            b: dataclasses.replace(rb, terrain=ra.terrain, symbols=ra.symbols),
        }
        text = _("regions {a} and {b} swap terrain and symbols").format(a=a, b=b)
        return _with(board, changed), text
    if kind == 1:  # a Lost Tribe into the favoured seat's area
        tribe = Symbol.LOST_TRIBE.value
        source = _pick(rng, [r for r in only_theirs if board[r].has(tribe)]) or _pick(
            rng, [r for r in land if board[r].has(tribe) and r not in mine]
        )
        target = _pick(
            rng, [r for r in mine if not board[r].has(tribe) and not board[r].is_mountain]
        )
        if source is None or target is None:
            return None
        rs, rt = board[source], board[target]
        changed = {
            source: dataclasses.replace(rs, symbols=rs.symbols - {tribe}),
            target: dataclasses.replace(rt, symbols=rt.symbols | {tribe}),
        }
        text = _("a Lost Tribe moves from region {a} to region {b}").format(a=source, b=target)
        return _with(board, changed), text
    # a Mine, Magic source or Cavern into the disfavoured seat's area
    source = _pick(rng, [r for r in only_mine if board[r].symbols & set(POWER_SYMBOLS)])
    target = _pick(rng, [r for r in theirs if not board[r].symbols & set(POWER_SYMBOLS)])
    if source is None or target is None:
        return None
    rs, rt = board[source], board[target]
    symbol = next(s for s in POWER_SYMBOLS if rs.has(s))
    changed = {
        source: dataclasses.replace(rs, symbols=rs.symbols - {symbol}),
        target: dataclasses.replace(rt, symbols=rt.symbols | {symbol}),
    }
    text = _("a {symbol} symbol moves from region {a} to region {b}").format(
        symbol=symbol, a=source, b=target
    )
    return _with(board, changed), text


# --- the search ----------------------------------------------------------------------------
@dataclass
class _Candidate:
    """One board tried, with its games: the screen (the same seeds for every board), the
    confirmation after it, and the verification (new seeds), when played."""

    number: int
    board: Board
    how: str
    screen: Fingerprint
    outcomes: dict[str, list[GameOutcome]]  #: screen and confirmation games by style
    verified: Fingerprint | None = None

    @property
    def distance(self) -> float:
        return self.screen.overall.seat_distance


@dataclass(frozen=True)
class FairResult:
    """What the search found: the board, whether it reached ``target`` and the games behind
    its distance (the verification's when one was played, else the screen's)."""

    board: Board
    target: float
    reached: bool
    fingerprint: Fingerprint
    verified: bool  #: the fingerprint is of at least :data:`MIN_VERIFY_GAMES` new games
    candidates: int
    games: int  #: every game the search played
    seconds: float
    stopped_by: str | None = None  #: the budget that ran out ("" when none did)
    history: tuple[str, ...] = field(default=(), compare=False)  #: the progress lines

    @property
    def overall(self) -> StyleFingerprint:
        return self.fingerprint.overall

    @property
    def distance(self) -> float:
        return self.overall.seat_distance

    @property
    def interval(self) -> tuple[float, float]:
        return self.overall.seat_distance_interval

    def distance_text(self) -> str:
        """``4.2% (95%: 0.0%-9.1%)`` (an en dash) on this result's games."""
        return rate_with_interval(self.distance, *self.interval, digits=1)

    def message(self) -> str:
        """One line: reached, or which budget ran out and the best board found."""
        games = self.overall.games
        if self.reached:
            return _(
                "{board}: seat distance {distance} on {games} new games, at most {target}: "
                "reached after {candidates} and {played} games in {seconds} s"
            ).format(
                board=self.board.name,
                distance=self.distance_text(),
                games=games,
                target=percent(self.target, 1),
                candidates=ngettext("{n} candidate", "{n} candidates", self.candidates).format(
                    n=self.candidates
                ),
                played=self.games,
                seconds=round(self.seconds),
            )
        checked = (
            _("on {games} new games").format(games=games)
            if self.verified
            else _("on {games} screening games (not verified)").format(games=games)
        )
        return _(
            "seat distance {target} not reached within the budget ({budget}): the best "
            "board, {board}, has a seat distance of {distance} {checked}"
        ).format(
            target=percent(self.target, 1),
            budget=self.stopped_by,
            board=self.board.name,
            distance=self.distance_text(),
            checked=checked,
        )


class _Search:
    """The state of one :func:`generate_fair` run (see the module text for the method)."""

    def __init__(
        self,
        wanted: Recipe,
        target: float,
        styles: Sequence[str],
        seed: int,
        screen_games: int,
        verify_games: int,
        budget: tuple[int, int, float | None],
        stream: TextIO | None,
        run_options: dict[str, object],
    ) -> None:
        self.wanted, self.target, self.styles, self.seed = wanted, target, tuple(styles), seed
        self.screen_games = screen_games
        self.verify_per_style = math.ceil(verify_games / len(self.styles))
        self.max_candidates, self.max_games, self.max_seconds = budget
        self.stream = stream
        self.options = run_options
        self.rng = np.random.default_rng([seed, 13])
        self.draws = draws(wanted, seed)
        self.games = 0
        self.candidates: list[_Candidate] = []
        self.verifications = 0
        self.start = time.perf_counter()
        self.history: list[str] = []
        #: the moves screened from each board (by candidate number): the screen's seeds are
        #: fixed, so the same move from the same board would only replay the same games
        self.tried: dict[int, set[str]] = {}
        # the seeds: screens from here (the same for every board), verifications far after
        self.screen_seed = seed * 1_000_000
        self.verify_seed = self.screen_seed + 500_000

    # --- games ---------------------------------------------------------------------------
    def _play(
        self, board: Board, games: int, seed: int, progress: bool = False
    ) -> dict[str, list[GameOutcome]]:
        kept: dict[str, list[GameOutcome]] = {}
        fingerprint(
            board,
            self.styles,
            games,
            seed,
            keep=kept,
            progress=progress,
            stream=self.stream or sys.stderr,
            **self.options,  # type: ignore[arg-type]
        )
        self.games += games * len(self.styles)
        return kept

    def _of(
        self, board: Board, outcomes: Mapping[str, Sequence[GameOutcome]], seed: int
    ) -> Fingerprint:
        return from_outcomes(board.name, self.wanted.players, seed, outcomes, board.ids)

    def say(self, line: str) -> None:
        self.history.append(line)
        if self.stream is not None:
            self.stream.write(line + "\n")
            self.stream.flush()

    # --- budget --------------------------------------------------------------------------
    def out_of_budget(self, games_next: int, candidate: bool = True) -> str | None:
        """The budget that stops the search before ``games_next`` more games (of a new
        ``candidate``, or of one already screened), if one does."""
        if candidate and len(self.candidates) >= self.max_candidates:
            return _("{n} candidates").format(n=self.max_candidates)
        if self.games + games_next > self.max_games:
            return _("{n} games").format(n=self.max_games)
        if self.max_seconds is not None and time.perf_counter() - self.start >= self.max_seconds:
            return _("{n} s").format(n=f"{self.max_seconds:g}")
        return None

    # --- candidates ----------------------------------------------------------------------
    def screen(self, board: Board, how: str) -> _Candidate:
        outcomes = self._play(board, self.screen_games, self.screen_seed)
        number = len(self.candidates) + 1
        board = dataclasses.replace(
            board, name=f"fair-{self.wanted.players}p-s{self.seed}-c{number}"
        )
        found = _Candidate(
            number, board, how, self._of(board, outcomes, self.screen_seed), outcomes
        )
        self.candidates.append(found)
        best = self.best_screened()
        part = found.screen.overall
        self.say(
            _(
                "candidate {k} ({how}): {games} games, seat distance {distance}; best so far "
                "{best} (candidate {j})"
            ).format(
                k=number,
                how=how,
                games=part.games,
                distance=rate_with_interval(part.seat_distance, *part.seat_distance_interval, 1),
                best=percent(best.distance, 1),
                j=best.number,
            )
        )
        return found

    def fresh(self) -> _Candidate:
        draw, board = next(self.draws)
        return self.screen(board, _("new board, seed {seed}").format(seed=draw))

    def best_screened(self) -> _Candidate:
        return min(self.candidates, key=lambda c: (c.distance, c.number))

    def mutate(self, current: _Candidate) -> _Candidate | None:
        """A move from ``current`` not screened from it before (a few tries to find one
        with something to move)."""
        every = [o for outcomes in current.outcomes.values() for o in outcomes]
        tried = self.tried.setdefault(current.number, set())
        for _try in range(8):
            moved = _move(current.board, current.screen.overall.rates, every, self.rng)
            if moved is not None and moved[1] not in tried:
                board, how = moved
                tried.add(how)
                problems = violations(board, self.wanted)
                if problems:  # a move keeps every count by construction
                    raise AssertionError(f"{how}: {problems}")
                return self.screen(board, how)
        return None

    def confirm_and_verify(self, c: _Candidate) -> bool:
        """The second and third stage for a board that screened at the target or below."""
        more = 2 * self.screen_games
        cost = (more + self.verify_per_style) * len(self.styles)
        if self.out_of_budget(cost, candidate=False) is not None:
            return False
        extra = self._play(c.board, more, self.screen_seed + self.screen_games)
        joined = {s: [*c.outcomes[s], *extra[s]] for s in self.styles}
        c.outcomes = joined
        confirmed = self._of(c.board, joined, self.screen_seed).overall
        self.say(
            _("candidate {k}: {games} games, seat distance {distance}").format(
                k=c.number,
                games=confirmed.games,
                distance=rate_with_interval(
                    confirmed.seat_distance, *confirmed.seat_distance_interval, 1
                ),
            )
        )
        if not _at_most(confirmed.seat_distance, self.target):
            return False
        seed = self.verify_seed + self.verifications * 10_000
        self.verifications += 1
        self.say(
            _("candidate {k}: verifying on {games} new games").format(
                k=c.number, games=self.verify_per_style * len(self.styles)
            )
        )
        fresh = self._play(c.board, self.verify_per_style, seed, progress=self.stream is not None)
        c.verified = self._of(c.board, fresh, seed)
        part = c.verified.overall
        self.say(
            _("candidate {k}: seat distance {distance} on {games} new games").format(
                k=c.number,
                games=part.games,
                distance=rate_with_interval(part.seat_distance, *part.seat_distance_interval, 1),
            )
        )
        return _at_most(part.seat_distance, self.target)

    def result(self, reached: _Candidate | None, stopped_by: str | None) -> FairResult:
        verified = [c for c in self.candidates if c.verified is not None]
        if reached is not None:
            best = reached
        elif verified:
            best = min(verified, key=lambda c: (c.verified.overall.seat_distance, c.number))  # type: ignore[union-attr]
        else:
            best = self.best_screened()
        fp = best.verified if best.verified is not None else best.screen
        return FairResult(
            board=best.board,
            target=self.target,
            reached=reached is not None,
            fingerprint=fp,
            verified=best.verified is not None,
            candidates=len(self.candidates),
            games=self.games,
            seconds=time.perf_counter() - self.start,
            stopped_by=stopped_by,
            history=tuple(self.history),
        )

    def run(self) -> FairResult:
        screen_cost = self.screen_games * len(self.styles)
        current: _Candidate | None = None
        stale = 0
        while True:
            stopped = self.out_of_budget(screen_cost)
            if stopped is not None:
                if not self.candidates:
                    raise ValueError(
                        _("the budget ({budget}) does not hold one screen of {games} games").format(
                            budget=stopped, games=screen_cost
                        )
                    )
                return self.result(None, stopped)
            if current is None or len(self.candidates) < POPULATION or stale >= PATIENCE:
                found = self.fresh()
                if current is None or stale >= PATIENCE or found.distance < current.distance:
                    current, stale = found, 0
            else:
                moved = self.mutate(current)
                if moved is None:
                    stale = PATIENCE
                    continue
                found = moved
                if moved.distance < current.distance:
                    current, stale = moved, 0
                else:
                    stale += 1
            if _at_most(found.distance, self.target) and found.verified is None:
                if self.confirm_and_verify(found):
                    return self.result(found, None)
                if found is current:
                    stale = PATIENCE  # a lucky screen: start again elsewhere


def generate_fair(
    constraints: Constraints,
    target: float,
    *,
    styles: Sequence[str] = DEFAULT_STYLES,
    seed: int = 0,
    screen_games: int = 20,
    verify_games: int = MIN_VERIFY_GAMES,
    max_candidates: int = 200,
    max_games: int = 40_000,
    max_seconds: float | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    security: Security | None = None,
    stream: TextIO | None = None,
) -> FairResult:
    """Search for a board meeting ``constraints`` whose seat distance is at most ``target``
    on at least ``verify_games`` new games (see the module text for the method).

    ``screen_games`` games per style screen each candidate; ``max_candidates``,
    ``max_games`` (all games played) and ``max_seconds`` bound the search, which then
    returns its best board with ``reached`` false. Progress lines go to ``stream``.
    Raises :class:`ConstraintError` when the constraints cannot be met.
    """
    wanted = recipe(constraints)
    kinds = tuple(dict.fromkeys(k.strip().lower() for k in styles if k.strip()))
    if not kinds:
        raise ValueError(_("give at least one bot style"))
    k = wanted.players
    if not (0 < target < 1 - 1 / k):
        raise ValueError(
            _("the seat distance to reach must be above 0 and below {top}, not {value}").format(
                top=f"{1 - 1 / k:g}", value=target
            )
        )
    if verify_games < MIN_VERIFY_GAMES:
        raise ValueError(
            _("the verification plays at least {least} games, not {games}").format(
                least=MIN_VERIFY_GAMES, games=verify_games
            )
        )
    if screen_games < 1:
        raise ValueError(
            _("screen games must be 1 or more, not {games}").format(games=screen_games)
        )
    for name, value in ((_("max candidates"), max_candidates), (_("max games"), max_games)):
        if value < 1:
            raise ValueError(
                _("{name} must be 1 or more, not {value}").format(name=name, value=value)
            )
    options: dict[str, object] = {
        "connect_timeout": connect_timeout,
        "security": security,
        "workers": workers,
        "scheduler": scheduler,
    }
    with ExitStack() as stack:
        verify_per_style = math.ceil(verify_games / len(kinds))
        if scheduler is None and not plays_serially(workers, None, verify_per_style):
            # one local cluster for the whole search: it takes seconds to start
            cluster, _n = stack.enter_context(local_cluster(workers))
            options["scheduler"], options["workers"] = cluster.scheduler_address, None
        search = _Search(
            wanted,
            target,
            kinds,
            seed,
            screen_games,
            verify_games,
            (max_candidates, max_games, max_seconds),
            stream,
            options,
        )
        return search.run()

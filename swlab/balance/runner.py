"""Seeded bot games, serially or as Dask tasks: a local cluster or a cluster's scheduler.

A game is a pure function of its board, its bots, the bots' seeds and the game's seed
(:func:`swlab.rules.drive` draws the die from the game's seed), so game ``g`` of a run is
the same game wherever it is played: it uses seed ``seed + g``, the bots
:func:`seat_bots` gives for ``g`` and bot seed ``game_seed * 100 + seat``. The serial path
and the Dask tasks call the same :func:`play_batch`; the outcomes are sorted by game
number, so a run gives identical numbers on 1 worker, on 2, or on 200 machines.

Games are sent in *batches* (several games per task) so that the scheduling overhead of a
task (a few milliseconds) stays small beside the games it plays. The batches are made and
submitted as the run goes, a few per worker at a time, so a run of any size holds a
bounded number of tasks; a run plays at most :data:`MAX_GAMES` games, since every outcome
is kept for the report. Outcomes are gathered as their batch completes: at Ctrl-C the
cluster is stopped and every complete game so far is kept (:attr:`Run.interrupted`).

On a cluster, every game must be played by this swlab: a different engine would play
different games. The workers are checked when the run starts and every worker that joins
later is checked before it gets a game; tasks go only to checked workers, and each task
returns the version that played it, so a game played by another version (a worker
restarted with another swlab at a checked address) is played again on a checked worker.
:attr:`Run.played_by` and :attr:`Run.replayed` say which versions played, and the results'
metadata records them.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TextIO

from swlab.bots.base import Bot, make_bot, play_game
from swlab.game import GameRecord
from swlab.i18n import _, decimal
from swlab.limits import CONNECT_TIMEOUT_S, MAX_GAMES, too_many_games
from swlab.rules import Action, BoardLike, GameState, Stage, tokens_on_map, winners
from swlab.rules.events import ComboPicked, Conquered, Event, Scored
from swlab.rules.setup import board_problem

if TYPE_CHECKING:
    from distributed import Client, Future, Security

__all__ = [
    "CONNECT_TIMEOUT_S",
    "MAX_GAMES",
    "MIN_GAMES_FOR_CLUSTER",
    "ComboPick",
    "GameOutcome",
    "Plan",
    "Run",
    "batches",
    "end_progress_lines",
    "local_cluster",
    "play_batch",
    "play_one",
    "plays_serially",
    "run_games",
    "seat_bots",
]

#: Below this many games the default (``workers=None``) plays serially: a local cluster
#: takes a second or two to start, which a shorter run would not win back.
MIN_GAMES_FOR_CLUSTER = 20
#: Tasks per worker a run is cut into (enough to balance the load and show progress).
TASKS_PER_WORKER = 8
#: Tasks waiting on the cluster per worker at once: enough to keep every worker busy.
WINDOW_PER_WORKER = 2
#: How often a run looks for workers that joined (seconds).
NEW_WORKERS_EVERY_S = 1.0


def seat_bots(kinds: Sequence[str], players: int, game: int, rotate: bool = True) -> list[str]:
    """Bot kinds by seat for game number ``game`` (repeated, then rotated by ``game``)."""
    if not kinds:
        raise ValueError("give at least one bot kind")
    base = [kinds[i % len(kinds)] for i in range(players)]
    shift = game % players if rotate else 0
    return [base[(i + shift) % players] for i in range(players)]


@dataclass(frozen=True)
class Plan:
    """What to play: ``games`` games from ``seed`` on ``board`` (a shipped name, a file
    path or a board object) with ``players`` seats and the bot ``kinds``."""

    board: str | BoardLike
    players: int
    kinds: tuple[str, ...]
    seed: int = 0
    games: int = 1
    rotate: bool = True
    records: bool = False  #: also return each game's record (to save as JSON)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError("play at least one game")
        if self.games > MAX_GAMES:
            raise ValueError(too_many_games(self.games))
        if self.players < 1:
            raise ValueError("a game needs at least one player")
        for kind in self.kinds:
            make_bot(kind)  # fails early on an unknown kind


@dataclass(frozen=True)
class ComboPick:
    """One combo a seat picked: the coins its turns scored while it was the seat's last
    pick (the decline turns of that race included)."""

    seat: int  #: 0-based
    race: str
    power: str
    round: int
    coins: int
    #: the region id the race conquered first (-1 if it conquered none), for a board's
    #: first-conquest popularity (:mod:`swlab.balance.fingerprint`)
    first_conquest: int = -1


@dataclass(frozen=True)
class GameOutcome:
    """What one game measured; small, so that it travels cheaply from a worker."""

    game: int
    seed: int
    bots: tuple[str, ...]  #: kind by seat
    names: tuple[str, ...]
    coins: tuple[int, ...]
    tokens_on_map: tuple[int, ...]
    winners: tuple[int, ...]  #: 0-based seats (a tie shares the win, R-FLOW-3)
    actions: int
    picks: tuple[ComboPick, ...]
    #: per round, the seat holding each region (by region position, -1 nobody) at its end
    held: tuple[tuple[int, ...], ...]
    region_ids: tuple[int, ...]
    record: GameRecord | None = field(default=None, compare=False)
    #: per seat, the CPU seconds of each decision (the thread's time: what one core spent)
    think: tuple[tuple[float, ...], ...] = field(default=(), compare=False)
    cpu_seconds: float = field(default=0.0, compare=False)  #: the whole game's CPU time

    def win(self, seat: int) -> float:
        """The share of the win of ``seat`` (1, 1/k for a k-way tie, or 0)."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


class _Timed:
    """A bot that notes the CPU time of each of its decisions (``time.thread_time``: the
    time this thread had a core, whatever else the machine runs)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, state: GameState) -> Action:
        start = time.thread_time()
        action = self.bot.choose(state)
        self.seconds.append(time.thread_time() - start)
        return action


class _Tracker:
    """Observer of one game: which combo each seat holds, the coins scored while it is
    held, the region its race conquered first, and who holds each region at the end of
    every round."""

    def __init__(self, players: int) -> None:
        self.current: list[int | None] = [None] * players  # index into picks
        self.picks: list[list[Any]] = []  # [seat, race, power, round, coins, first conquest]
        self.held: dict[int, tuple[int, ...]] = {}

    def __call__(
        self, before: GameState, action: Action, events: list[Event], after: GameState
    ) -> None:
        for e in events:
            if isinstance(e, ComboPicked):
                self.current[e.player] = len(self.picks)
                self.picks.append([e.player, e.race, e.power, before.round, 0, -1])
            elif isinstance(e, Conquered):
                k = self.current[e.player]
                if k is not None and self.picks[k][5] < 0 and self.picks[k][1] == e.race:
                    self.picks[k][5] = e.region
            elif isinstance(e, Scored):
                k = self.current[e.player]
                if k is not None:
                    self.picks[k][4] += e.total
        if after.round != before.round or after.turn.stage is Stage.GAME_OVER:
            self.held[before.round] = tuple(
                r.owner if r.owner >= 0 and r.tokens > 0 else -1 for r in after.regions
            )


@lru_cache(maxsize=8)
def _named_board(spec: str) -> BoardLike:
    from swlab.board.catalog import load_board

    return load_board(spec)


def _board(board: str | BoardLike) -> BoardLike:
    return _named_board(board) if isinstance(board, str) else board


def play_one(board: BoardLike, plan: Plan, game: int) -> GameOutcome:
    """Play game number ``game`` of ``plan`` on ``board`` (see the module text)."""
    game_seed = plan.seed + game
    kinds = seat_bots(plan.kinds, plan.players, game, plan.rotate)
    bots = [_Timed(make_bot(kind, game_seed * 100 + s)) for s, kind in enumerate(kinds)]
    tracker = _Tracker(plan.players)
    started = time.thread_time()
    final, record = play_game(board, bots, game_seed, observer=tracker)
    cpu = time.thread_time() - started
    picks = tuple(ComboPick(*pick) for pick in tracker.picks)
    return GameOutcome(
        game=game,
        seed=game_seed,
        bots=tuple(kinds),
        names=tuple(p.name for p in final.players),
        coins=tuple(p.coins for p in final.players),
        tokens_on_map=tuple(tokens_on_map(final, s) for s in range(plan.players)),
        winners=tuple(sorted(winners(final))),
        actions=len(record.actions),
        picks=picks,
        held=tuple(tracker.held[r] for r in sorted(tracker.held)),
        region_ids=tuple(final.geo.ids),
        record=record if plan.records else None,
        think=tuple(tuple(b.seconds) for b in bots),
        cpu_seconds=cpu,
    )


def play_batch(board: str | BoardLike, plan: Plan, games: Sequence[int]) -> list[GameOutcome]:
    """Play the games numbered ``games`` (a Dask task, or a step of the serial loop)."""
    real = _board(board)
    return [play_one(real, plan, g) for g in games]


def batches(games: int, workers: int, size: int | None = None) -> Iterator[range]:
    """Game numbers cut into tasks, made as they are asked for: ``size`` games each, by
    default about :data:`TASKS_PER_WORKER` tasks per worker."""
    if size is None:
        size = max(1, math.ceil(games / (max(workers, 1) * TASKS_PER_WORKER)))
    return (range(a, min(a + size, games)) for a in range(0, games, size))


def _swlab_version() -> str:
    from swlab import __version__

    return __version__


def play_checked(
    board: str | BoardLike, plan: Plan, games: Sequence[int]
) -> tuple[str, str, list[GameOutcome]]:
    """A Dask task: the swlab version and the worker that played ``games``, and their
    outcomes (:func:`play_batch`), so that the run can tell games played elsewhere."""
    from distributed import get_worker

    return _swlab_version(), get_worker().address, play_batch(board, plan, games)


# --- progress --------------------------------------------------------------------------
class _Progress:
    """A one-line progress bar on a text stream, or an ipywidgets bar in a notebook."""

    def __init__(self, total: int, stream: TextIO, enabled: bool, label: str = "simulate"):
        self.total, self.stream, self.enabled, self.label = total, stream, enabled, label
        self.start = time.perf_counter()
        self.last = 0.0
        self.widget: Any = None
        if enabled and _in_notebook():
            self.widget = _notebook_bar(total, label)

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        rate = done / max(now - self.start, 1e-9)
        if self.widget is not None:
            self.widget.value = done
            self.widget.description = f"{done}/{self.total}"
            return
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = int(width * done / max(self.total, 1))
        bar = "#" * filled + "-" * (width - filled)
        line = _("{label} [{bar}] {done}/{total} games  {rate} games/s").format(
            label=self.label, bar=bar, done=done, total=self.total, rate=decimal(rate, 1)
        )
        self.stream.write("\r" + line)
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()
        if done < self.total:
            _DRAWN.add(self)
        else:
            _DRAWN.discard(self)

    def close(self) -> None:
        """End a bar left half-drawn (an interrupted run), so the next line starts clean."""
        if self in _DRAWN:
            _DRAWN.discard(self)
            self.stream.write("\n")
            self.stream.flush()


#: Progress bars drawn but not finished: an interrupted run leaves one on the line.
_DRAWN: weakref.WeakSet[_Progress] = weakref.WeakSet()


def end_progress_lines() -> None:
    """Finish the line of any half-drawn progress bar (``swlab`` calls it at Ctrl-C, so
    "swlab: interrupted" does not land at the end of the bar)."""
    for bar in list(_DRAWN):
        bar.close()


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None)
    ip = get() if callable(get) else None
    return type(ip).__name__ == "ZMQInteractiveShell"


def _notebook_bar(total: int, label: str) -> Any:
    try:
        import ipywidgets  # type: ignore[import-untyped]
        from IPython.display import display
    except ImportError:  # pragma: no cover - both ship with swlab
        return None
    bar = ipywidgets.IntProgress(value=0, min=0, max=total, description=f"0/{total}")
    display(ipywidgets.HBox([ipywidgets.Label(label), bar]))
    return bar


# --- running ---------------------------------------------------------------------------
@dataclass
class Run:
    """The outcomes of a run, sorted by game number, and how it was played."""

    plan: Plan
    outcomes: list[GameOutcome]
    backend: str  #: "serial", "local cluster (2 workers)" or "scheduler tcp://..."
    wall_time_s: float
    interrupted: bool = False
    #: games kept, by the swlab version that played them (only this one's)
    played_by: dict[str, int] = field(default_factory=dict)
    #: games another swlab version played and this run played again, by that version
    replayed: dict[str, int] = field(default_factory=dict)
    #: workers that joined the cluster with another swlab version and got no game
    refused_workers: dict[str, str] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.outcomes)


#: A local cluster without a dashboard whose scheduler's small web server (health checks)
#: takes a free port of this machine. ``dashboard_address=None`` alone still binds Dask's
#: default 8787, and when that port is taken (another cluster, a notebook's) Dask warns
#: "Port 8787 is already in use", which reads as an error.
LOCAL_CLUSTER_QUIET: dict[str, Any] = {
    "dashboard_address": None,
    "scheduler_kwargs": {"dashboard": False, "dashboard_address": "127.0.0.1:0"},
}


@contextmanager
def _client(
    workers: int | None,
    scheduler: str | None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    security: Security | None = None,
) -> Iterator[tuple[Client, str]]:
    """A Dask client: on ``scheduler`` if given (it must answer within
    ``connect_timeout`` seconds; ``security`` for ``tls://``), else on a new local cluster
    of ``workers`` single-threaded processes (the games are pure Python)."""
    try:
        from distributed import Client
    except ModuleNotFoundError as error:  # pragma: no cover - a declared dependency
        raise ModuleNotFoundError(
            _("the Dask runner needs dask[distributed]: pip install 'dask[distributed]'"),
            name=error.name,
        ) from error
    if scheduler is not None:
        security = _security_for(scheduler, security)
        _probe(scheduler, connect_timeout, security)
        client = Client(scheduler, timeout=connect_timeout, security=security)
        try:
            _check_versions(client)
            n = len(client.scheduler_info(n_workers=-1)["workers"])
            yield client, f"scheduler {scheduler} ({n} workers)"
        finally:
            client.close()
        return
    with local_cluster(workers) as (cluster, n):
        client = Client(cluster)
        try:
            # the backend as the run's metadata records it (English, as every field of it)
            yield client, f"local cluster ({n} workers)"  # i18n: not prose: recorded metadata
        finally:
            client.close()


@contextmanager
def local_cluster(workers: int | None) -> Iterator[tuple[Any, int]]:
    """A new local Dask cluster of ``workers`` single-threaded processes (default one per
    core) and its number of workers; closed at the end. Several runs may share it through
    its ``scheduler_address`` (:func:`swlab.balance.fingerprint.fingerprint` does)."""
    from distributed import LocalCluster

    n = workers or os.cpu_count() or 1
    cluster = LocalCluster(
        n_workers=n,
        threads_per_worker=1,
        processes=True,
        silence_logs=logging.CRITICAL,  # a worker outliving the scheduler at close logs noise
        **LOCAL_CLUSTER_QUIET,
    )
    try:
        yield cluster, n
    finally:
        cluster.close()


def plays_serially(workers: int | None, scheduler: str | None, games: int) -> bool:
    """Whether :func:`run_games` plays ``games`` games in this process: ``workers=0``, or the
    default on one core or for fewer than :data:`MIN_GAMES_FOR_CLUSTER` games."""
    cores = os.cpu_count() or 1
    return scheduler is None and (
        workers == 0 or (workers is None and (cores == 1 or games < MIN_GAMES_FOR_CLUSTER))
    )


def _security_for(scheduler: str, security: Security | None) -> Security | None:
    """The security of a ``tls://`` scheduler: the one given, else Dask's configuration
    (``distributed.comm.tls.*``); refused in one line when neither holds certificates."""
    if not scheduler.startswith("tls://"):
        return security
    from distributed import Security

    chosen = security if security is not None else Security()
    if chosen.get_connection_args("client").get("ssl_context") is None:
        raise ValueError(
            _(
                "{address}: a tls:// scheduler needs the cluster's certificates: give "
                "--tls-ca-file, --tls-cert and --tls-key (or set distributed.comm.tls in "
                "Dask's configuration)"
            ).format(address=scheduler)
        )
    return chosen


def _probe(scheduler: str, timeout: float, security: Security | None) -> None:
    """Ask the scheduler who it is, within ``timeout`` seconds in all: a port that accepts
    and never answers would otherwise hold the client for minutes."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from distributed.comm.core import connect

    args = security.get_connection_args("client") if security is not None else {}

    async def ask() -> None:
        comm = await connect(scheduler, timeout=timeout, **args)
        try:
            await comm.write({"op": "identity", "reply": True})
            await comm.read()
        finally:
            comm.abort()

    try:
        # in a thread of its own: a notebook's event loop may be running in this one
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, asyncio.wait_for(ask(), timeout)).result()
    except TimeoutError:
        raise ValueError(
            _(
                "{address}: no answer from a Dask scheduler within {seconds} s (is it one? "
                "--connect-timeout waits longer)"
            ).format(address=scheduler, seconds=f"{timeout:g}")
        ) from None
    except OSError as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ValueError(
            _("{address}: cannot reach the Dask scheduler ({reason})").format(
                address=scheduler, reason=reason
            )
        ) from None
    except (TypeError, ValueError) as error:  # an address Dask cannot parse
        raise ValueError(
            _("{address}: not a Dask scheduler address ({reason})").format(
                address=scheduler, reason=str(error).splitlines()[0]
            )
        ) from None


def _check_versions(client: Client) -> None:
    """Workers must run this swlab: an older engine would play other games."""
    mine = _swlab_version()
    theirs = client.run(_swlab_version)
    wrong = {w: v for w, v in theirs.items() if v != mine}
    if not theirs:
        raise ValueError("the Dask scheduler has no worker: start `dask worker ADDRESS` first")
    if wrong:
        listed = ", ".join(f"{w} has {v}" for w, v in sorted(wrong.items()))
        raise ValueError(f"workers must run swlab {mine} like this machine: {listed}")


def run_games(
    plan: Plan,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    batch: int | None = None,
    progress: bool = True,
    stream: TextIO | None = None,
    label: str = "simulate",
    on_batch: Callable[[list[GameOutcome]], None] | None = None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    security: Security | None = None,
) -> Run:
    """Play ``plan``: serially in this process (``workers=0``), on a local Dask cluster of
    ``workers`` processes (``None``: one per core, or serially for fewer than
    :data:`MIN_GAMES_FOR_CLUSTER` games or on one core), or on the Dask cluster whose
    scheduler is at ``scheduler`` (``tcp://host:8786``; it must answer within
    ``connect_timeout`` seconds; ``tls://`` with ``security``, a
    :class:`distributed.Security`). ``batch`` games per task (default: about
    :data:`TASKS_PER_WORKER` tasks per worker). Ctrl-C keeps the games done."""
    if workers is not None and workers < 0:
        raise ValueError(f"--workers must be 0 or more, not {workers}")
    if not connect_timeout > 0:
        raise ValueError(
            _("--connect-timeout must be a positive number of seconds, not {value}").format(
                value=connect_timeout
            )
        )
    problem = board_problem(_board(plan.board))  # a Terra Mystica map: refused before a game
    if problem is not None:
        raise ValueError(problem)
    serial = plays_serially(workers, scheduler, plan.games)
    out = stream or sys.stderr
    bar = _Progress(plan.games, out, progress, label)
    outcomes: list[GameOutcome] = []
    interrupted = False
    start = time.perf_counter()

    def take(done: list[GameOutcome]) -> None:
        outcomes.extend(done)
        if on_batch is not None:
            on_batch(done)
        bar.update(len(outcomes))

    def note(line: str) -> None:
        bar.close()
        out.write(line + "\n")
        out.flush()

    replayed: dict[str, int] = {}
    refused: dict[str, str] = {}
    if serial:
        backend = "serial"
        board = _board(plan.board)
        try:
            for g in range(plan.games):
                take([play_one(board, plan, g)])
        except KeyboardInterrupt:
            interrupted = True
    else:
        with _client(workers, scheduler, connect_timeout, security) as (client, backend):
            tasks = _OnCluster(client, plan, batch, take, note)
            interrupted = tasks.run()
            replayed, refused = tasks.replayed, tasks.refused
    bar.close()
    outcomes.sort(key=lambda o: o.game)
    played_by = {_swlab_version(): len(outcomes)} if outcomes else {}
    wall = time.perf_counter() - start
    return Run(plan, outcomes, backend, wall, interrupted, played_by, replayed, refused)


class _OnCluster:
    """The tasks of one run on a cluster: made as the run goes (at most
    :data:`WINDOW_PER_WORKER` per worker waiting), sent only to workers checked to run
    this swlab, and played again when a task says another version played it."""

    def __init__(
        self,
        client: Client,
        plan: Plan,
        batch: int | None,
        take: Callable[[list[GameOutcome]], None],
        note: Callable[[str], None],
    ) -> None:
        self.client, self.plan, self.take, self.note = client, plan, take, note
        self.mine = _swlab_version()
        self.verified: set[str] = set()
        self.refused: dict[str, str] = {}  #: worker -> its version
        self.replayed: dict[str, int] = {}  #: version -> games played again
        self.checked_at = -math.inf
        self._look_for_workers()
        self.todo = batches(plan.games, max(len(self.verified), 1), batch)
        self.again: list[list[int]] = []  # batches to play again
        self.pending: dict[Future[Any], list[int]] = {}
        self.board: Any = plan.board
        if not isinstance(self.board, str):  # a board object (a draft): sent once to each
            self.board = client.scatter(self.board, broadcast=True, hash=False)

    def _look_for_workers(self, force: bool = False) -> None:
        """Check the version of every worker that joined since the last look (at most once
        every :data:`NEW_WORKERS_EVERY_S` unless ``force``); forget workers that left."""
        now = time.monotonic()
        if not force and now - self.checked_at < NEW_WORKERS_EVERY_S:
            return
        self.checked_at = now
        present = set(self.client.scheduler_info(n_workers=-1)["workers"])
        self.verified &= present
        new = sorted(present - self.verified - set(self.refused))
        if new:
            found = self.client.run(_swlab_version, workers=new, on_error="return")
            for worker, version in found.items():
                if version == self.mine:
                    self.verified.add(worker)
                else:
                    self._refuse(worker, version if isinstance(version, str) else "?")

    def _refuse(self, worker: str, version: str) -> None:
        self.verified.discard(worker)
        if worker not in self.refused:
            self.refused[worker] = version
            self.note(
                _(
                    "swlab: worker {worker} runs swlab {theirs}, not {mine}: it plays no "
                    "game of this run"
                ).format(worker=worker, theirs=version, mine=self.mine)
            )

    def _next(self) -> list[int] | None:
        if self.again:
            return self.again.pop()
        games = next(self.todo, None)
        return list(games) if games is not None else None

    def _fill(self, completed: Any) -> None:
        """Submit batches until the window is full or nothing is left."""
        self._look_for_workers()
        window = WINDOW_PER_WORKER * max(len(self.verified), 1)
        while len(self.pending) < window:
            games = self._next()
            if games is None:
                return
            if not self.verified:
                self._look_for_workers(force=True)
            if not self.verified:
                raise ValueError(
                    _(
                        "no worker of the cluster runs swlab {mine} any more: start "
                        "workers with this swlab"
                    ).format(mine=self.mine)
                )
            future = self.client.submit(
                play_checked,
                self.board,
                self.plan,
                games,
                pure=False,
                workers=sorted(self.verified),
                allow_other_workers=False,
            )
            self.pending[future] = games
            completed.add(future)

    def run(self) -> bool:
        """Play every batch; ``True`` if interrupted (Ctrl-C)."""
        from distributed import as_completed

        # on this client's loop: bare, as_completed takes the default client's, and where
        # that is another client (a ``with Client(...)`` around the run) each finished task
        # waited for a wake-up of that other loop (seconds: its heartbeats)
        completed = as_completed(loop=self.client.loop)
        try:
            self._fill(completed)
            for future in completed:
                games = self.pending.pop(future)
                version, worker, done = future.result()
                future.release()
                if version == self.mine:
                    self.take(done)
                else:  # a worker restarted with another swlab at a checked address
                    self.replayed[version] = self.replayed.get(version, 0) + len(games)
                    self._refuse(worker, version)
                    self.again.append(games)
                self._fill(completed)
        except KeyboardInterrupt:
            self.client.cancel(list(self.pending))
            return True
        return False

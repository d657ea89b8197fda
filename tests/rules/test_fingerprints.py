"""Seeded random games play exactly as they did: a digest of each game, stored in a file.

The engine's speed-ups (``benchmarks/engine.py``) must change no answer. Each game here is
a seeded random playout, as ``swlab.rules.play_random`` plays it, on an official board
(2 to 5 players) or a random Voronoi board (2 to 6 players, 30 to 1,000 regions). The
slow run adds games on 5,000 regions and the four fifths of the official and Voronoi games
the default run leaves out (``SAMPLE``). The stacks are rotated from game to game, and a
few games use custom badges, so that every race and power is picked. A game's digest hashes,
step by step, the legal actions listed (in their order), the action played, its events
(the sentences included), some refusals of ``why_illegal`` and the cost breakdowns of the
conquest stage, and the final state.

``tests/data/fingerprints.json`` holds the digests the engine gave before the speed-ups.
After a change that is *meant* to alter games (a rule fix), write them again with::

    PYTHONPATH=. python -m tests.rules.test_fingerprints --write

and say in the commit why the games changed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from swlab.rules import (
    POWERS,
    RACES,
    GameState,
    Stage,
    apply,
    explain_cost,
    legal_actions,
    new_game,
    random_action,
    why_illegal,
)
from swlab.rules.abilities.base import Badge
from swlab.rules.abilities.custom import custom_power, custom_race
from swlab.rules.actions import Conquer, Final
from swlab.rules.events import ComboPicked

DATA = Path(__file__).resolve().parents[1] / "data" / "fingerprints.json"

#: Refusals and cost breakdowns probed in each conquest-stage state (regions drawn at random).
PROBES = 3
#: The default run plays every SAMPLE-th game of the official and Voronoi groups (a fifth
#: of them: a few seconds); the slow run (``-m slow`` or ``SWLAB_SLOW=1``) plays the others.
#: Run it too after a change to the engine.
SAMPLE = 5


@dataclass(frozen=True)
class Game:
    """One fingerprinted game: its board, seats, seed and the top of its stacks."""

    group: str
    board: str  #: ``official-N`` or ``voronoi-REGIONS-PLAYERS-SEED``
    players: int
    seed: int
    custom: bool = False

    @property
    def key(self) -> str:
        return f"{self.board} seed {self.seed}" + (" custom" if self.custom else "")


def _official_games() -> list[Game]:
    return [Game("official", f"official-{p}", p, seed) for p in (2, 3, 4, 5) for seed in range(35)]


#: (regions, players) of the random boards; three boards of each, games on each
VORONOI = ((30, 2), (60, 3), (120, 4), (240, 6))


def _voronoi_games(
    sizes: tuple[tuple[int, int], ...], group: str, boards: int, per_board: int
) -> list[Game]:
    return [
        Game(group, f"voronoi-{n}-{p}-{b}", p, 100 * b + g)
        for n, p in sizes
        for b in range(boards)
        for g in range(per_board)
    ]


def _custom_games() -> list[Game]:
    boards = ("official-2", "official-4", "voronoi-60-3-0", "voronoi-120-4-1")
    return [
        Game("custom", board, _players(board), 500 + 10 * k + g, custom=True)
        for k, board in enumerate(boards)
        for g in range(4)
    ]


def _players(board: str) -> int:
    """The seats of a board name: ``official-N`` or ``voronoi-REGIONS-PLAYERS-SEED``."""
    spec = board.split("-")
    return int(spec[1] if spec[0] == "official" else spec[2])


def all_games() -> list[Game]:
    return (
        _official_games()
        + _voronoi_games(VORONOI, "voronoi", 3, 6)
        + _voronoi_games(((1000, 5),), "voronoi-1000", 2, 3)
        + _custom_games()
        + _voronoi_games(((5000, 5),), "voronoi-5000", 1, 3)
    )


@cache
def board_of(name: str) -> Any:
    kind, *spec = name.split("-")
    if kind == "official":
        from .helpers import official

        return official(int(spec[0]))
    from swlab.board.voronoi import random_board

    regions, players, seed = map(int, spec)
    return random_board(regions, players=players, seed=seed)


@cache
def custom_badges() -> tuple[Badge, ...]:
    """Custom badges using the hooks the fast paths read (adjacency, entry, water, cost)."""
    return (
        custom_race(
            "Fingerprint Goblins", 7, 14,
            coins_per={"terrain": {"hill": 1}}, discount={"symbol": {"cavern": 1}},
            adjacent_symbol="magic",
        ),
        custom_race("Fingerprint Gnomes", 6, 12, enter_anywhere=True, water=True),
        custom_power(
            "Fingerprint Tunnels", 4, adjacent_symbol="mine", discount={"coastal": 1},
            coins_per={"conquest": 1},
        ),
        custom_power("Fingerprint Wings", 3, ignore_adjacency=True, enter_anywhere=True),
    )  # fmt: skip


def start(game: Game) -> GameState:
    """The game's first state: stacks rotated by the seed so every badge comes up."""
    races, powers = list(RACES), list(POWERS)
    k = game.seed
    races = races[k % 14 :] + races[: k % 14]
    powers = powers[(3 * k) % 20 :] + powers[: (3 * k) % 20]
    top_races: list[Any] = races[:4]
    top_powers: list[Any] = powers[:5]
    if game.custom:
        goblins, gnomes, tunnels, wings = custom_badges()
        top_races = [goblins, *races[:2], gnomes]
        top_powers = [tunnels, *powers[:2], wings, powers[2]]
    return new_game(
        board_of(game.board), game.players, seed=game.seed, races=top_races, powers=top_powers
    )


def steps(game: Game) -> Iterator[tuple[GameState, str]]:
    """Every state of the game with the text that stands for its step in the digest."""
    state = start(game)
    rng = random.Random(game.seed)  # the decisions, as play_random draws them
    probe = random.Random(f"probe {game.seed}")  # the probed regions, apart from the game
    ids = state.geo.ids
    while state.turn.stage is not Stage.GAME_OVER:
        parts = [repr(legal_actions(state))]
        if state.turn.stage is Stage.CONQUER:
            for rid in probe.sample(ids, min(PROBES, len(ids))):
                for verb in (Conquer, Final):
                    error = why_illegal(state, verb(rid))
                    parts.append("ok" if error is None else f"{error.rule}: {error}")
                parts.append(explain_cost(state, rid).summary())
        action = random_action(state, rng)
        after, events = apply(state, action)
        parts.append(repr(action))
        parts.extend(f"{e!r} | {e.describe(after)}" for e in events)
        yield after, "\n".join(parts)
        state = after


def state_text(state: GameState) -> str:
    """Every field of ``state`` but the board, spelled out (not ``repr(state)``, which is
    a short summary for a prompt and may change with it)."""
    return repr([getattr(state, f.name) for f in dataclasses.fields(state) if f.name != "geo"])


def fingerprint(game: Game) -> str:
    """The game's digest: its first state, every step (see the module), its final state."""
    state = start(game)
    h = hashlib.sha256(state_text(state).encode())
    for after, text in steps(game):
        h.update(text.encode())
        h.update(b"\x00")
        state = after
    h.update(state_text(state).encode())
    return h.hexdigest()[:32]


def _picked_badges(game: Game) -> set[str]:
    out: set[str] = set()
    state = start(game)
    rng = random.Random(game.seed)
    while state.turn.stage is not Stage.GAME_OVER:
        state, events = apply(state, random_action(state, rng))
        for e in events:
            if isinstance(e, ComboPicked):
                out.update((e.race, e.power))
    return out


def expected() -> dict[str, str]:
    return dict(json.loads(DATA.read_text()))


def _group(name: str) -> list[Game]:
    return [g for g in all_games() if g.group == name]


def _compare(group: str, part: str = "all") -> None:
    """The games of ``group`` play as their digests say: ``all`` of them, the ``sample``
    (every ``SAMPLE``-th game) or the ``rest``."""
    want = expected()
    games = _group(group)
    if part == "sample":
        games = games[::SAMPLE]
    elif part == "rest":
        games = [g for k, g in enumerate(games) if k % SAMPLE]
    got = {g.key: fingerprint(g) for g in games}
    changed = [k for k, digest in got.items() if want.get(k) != digest]
    assert not changed, f"{len(changed)} of {len(games)} games play differently: {changed[:8]}"


def test_official_games_play_as_before() -> None:
    """Every fifth official game: each board, seeds spread over the stacks' rotation."""
    _compare("official", "sample")


@pytest.mark.slow
def test_the_other_official_games_play_as_before() -> None:
    _compare("official", "rest")


def test_voronoi_games_play_as_before() -> None:
    """Every fifth Voronoi game: each size, players and board."""
    _compare("voronoi", "sample")


@pytest.mark.slow
def test_the_other_voronoi_games_play_as_before() -> None:
    _compare("voronoi", "rest")


def test_games_with_custom_badges_play_as_before() -> None:
    _compare("custom")


def test_thousand_region_games_play_as_before() -> None:
    _compare("voronoi-1000")


@pytest.mark.slow
def test_five_thousand_region_games_play_as_before() -> None:
    _compare("voronoi-5000")


def test_the_fingerprinted_games_are_at_least_200_and_pick_every_badge() -> None:
    default = [g for g in all_games() if g.group != "voronoi-5000"]
    assert len(default) >= 200
    assert set(expected()) == {g.key for g in all_games()}
    picked: set[str] = set()
    for game in default[::3]:
        picked |= _picked_badges(game)
    assert set(RACES) | set(POWERS) <= picked


def write() -> None:
    """Write the digests of every game (the engine as it is now) to the data file."""
    digests = {g.key: fingerprint(g) for g in all_games()}
    DATA.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    print(f"{len(digests)} digests written to {DATA}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.rules.test_fingerprints --write")
    write()

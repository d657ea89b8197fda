"""The engine's large-board paths change no answer (issue 9, section 5).

On a large board the engine keeps who holds what per state (``Holdings``, derived from
the parent state), and the conquest lists price the regions still as at setup in bulk
(``Reach.conquests``, Dragon Master's ``legal_extra_actions``) from hooks that give a
badge's effect as sets (``cost_modifier_sets``, ``extra_adjacent_regions``,
``refuses_all_conquests``). Here, on random Voronoi boards and the official ones, every
listed conquest is checked against ``why_illegal`` on every region, the derived holdings
against a fresh count, and each set hook against the per-region hook it summarises.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from swlab.rules import POWERS, RACES, GameState, apply, legal_actions, new_game, random_action
from swlab.rules import reach as reach_module
from swlab.rules.abilities.custom import custom_power, custom_race
from swlab.rules.abilities.powers.bivouacking import Camp, Uncamp
from swlab.rules.abilities.powers.dragon_master import DragonAttack
from swlab.rules.abilities.powers.fortified import Fortify
from swlab.rules.abilities.powers.heroic import LiftHero, PlaceHero
from swlab.rules.actions import Conquer, Convert, Final
from swlab.rules.engine import acting_race, why_illegal
from swlab.rules.ops import badges, update_race
from swlab.rules.reach import reach_of
from swlab.rules.state import Holdings, Stage, setup_regions

from .helpers import GraphBoard, official

#: the badges whose hooks the large-board paths read, put on top of the stacks in turn
RACES_FIRST = ["Halflings", "Sorcerers", "Giants", "Tritons", "Ghouls", "Trolls", "Elves"]
POWERS_FIRST = [
    "Flying",
    "Underworld",
    "Dragon Master",
    "Berserk",
    "Commando",
    "Mounted",
    "Seafaring",
    "Diplomat",
]


@cache
def voronoi(regions: int, players: int, seed: int) -> Any:
    from swlab.board.voronoi import random_board

    return random_board(regions, players=players, seed=seed)


@cache
def grid() -> Any:
    """A 10 x 6 grid where Mountains hold Lost Tribes too (cost 4 at setup): every cost a
    region as at setup can have, for the bulk pricing."""
    terrains = ["mountain", "hill", "forest", "farmland", "swamp", "mountain", "hill"]
    symbols = ["lost_tribe", "cavern", "magic", "mine", "lost_tribe", "cavern", "lost_tribe"]
    width, height = 10, 6
    regions: dict[int, str | tuple[str, ...]] = {}
    for k in range(width * height):
        rid = k + 1
        regions[rid] = "sea" if rid in (1, 30) else (terrains[k % 7], symbols[(k // 2) % 7])
    borders = [(k + 1, k + 2) for k in range(width * height) if (k + 1) % width]
    borders += [(k + 1, k + 1 + width) for k in range(width * (height - 1))]
    edge = {k + 1 for k in range(width * height) if k < width or k % width in (0, width - 1)}
    edge |= set(range(width * (height - 1) + 1, width * height + 1))
    return GraphBoard.from_spec(regions, borders, edge, players=3, turns=10, name="grid 60")


@cache
def customs() -> tuple[Any, ...]:
    return (
        custom_race(
            "Large Burrowers", 7, 14, adjacent_symbol="cavern", enter_anywhere=True,
            discount={"terrain": {"hill": 1}, "coastal": 1},
        ),
        custom_power("Large Gliders", 4, ignore_adjacency=True, discount={"all": 1}),
    )  # fmt: skip


def play(board: Any, players: int, seed: int, custom: bool = False) -> Iterator[GameState]:
    """Every state of a seeded random game with the badges above on top of the stacks."""
    k = seed % 7
    races: list[Any] = RACES_FIRST[k:] + RACES_FIRST[:k]
    powers: list[Any] = POWERS_FIRST[seed % 8 :] + POWERS_FIRST[: seed % 8]
    if custom:
        burrowers, gliders = customs()
        races, powers = [burrowers, *races[:3]], [powers[0], gliders, *powers[1:4]]
    state = new_game(board, players, seed=seed, races=races[:6], powers=powers[:6])
    rng = random.Random(seed)
    while state.turn.stage is not Stage.GAME_OVER:
        yield state
        state, _ = apply(state, random_action(state, rng))


def fresh(state: GameState) -> GameState:
    """The same state without its memo (holdings included)."""
    return dataclasses.replace(state, round=state.round)


def oracle(state: GameState, verbs: tuple[type[Any], ...]) -> list[Any]:
    """The actions of ``verbs`` that ``why_illegal`` accepts, over every region, in order."""
    twin = fresh(state)
    return [
        verb(rid) for rid in state.geo.ids for verb in verbs if why_illegal(twin, verb(rid)) is None
    ]


def listed(state: GameState, verbs: tuple[type[Any], ...]) -> list[Any]:
    return [a for a in legal_actions(fresh(state)) if isinstance(a, verbs)]


GAMES = [
    ("voronoi-300", lambda: voronoi(300, 4, 1), 4, seed, seed % 3 == 2) for seed in range(6)
] + [("official-5", lambda: official(5), 5, seed, seed == 3) for seed in range(4)]
GAMES += [("grid-60", grid, 3, seed, seed == 1) for seed in range(3)]


@pytest.fixture(params=[False, True], ids=["usual", "bulk-always"])
def bulk_always(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Also with the bulk path taken for any number of reachable regions."""
    if request.param:
        monkeypatch.setattr(reach_module, "BULK_FROM", 0)
    return bool(request.param)


@pytest.mark.parametrize(("name", "board", "players", "seed", "custom"), GAMES)
def test_listed_conquests_are_every_region_the_oracle_accepts(
    name: str, board: Any, players: int, seed: int, custom: bool, bulk_always: bool
) -> None:
    verbs = (Conquer, Final)
    checked = 0
    for n, state in enumerate(play(board(), players, seed, custom)):
        if state.turn.stage is not Stage.CONQUER or n % 3:
            continue
        assert listed(state, verbs) == oracle(state, verbs), (name, seed, str(state))
        assert listed(state, (DragonAttack, Convert)) == oracle(state, (DragonAttack, Convert))
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("name", "board", "players", "seed", "custom"), GAMES[::2])
def test_listed_conquests_for_every_hand_are_what_the_oracle_accepts(
    name: str, board: Any, players: int, seed: int, custom: bool, bulk_always: bool
) -> None:
    """The same states with 1 to 8 tokens in hand: every cost against every hand, the
    final conquest's 1 to 3 short (R-CONQ-10) included."""
    verbs = (Conquer, Final)
    checked = 0
    for n, state in enumerate(play(board(), players, seed, custom)):
        race = acting_race(state)
        if state.turn.stage is not Stage.CONQUER or race is None or n % 9:
            continue
        for hand in range(1, 9):
            other = update_race(fresh(state), race.updated(hand=hand))
            assert listed(other, verbs) == oracle(other, verbs), (name, seed, hand, str(other))
            checked += 1
    assert checked >= 24  # 3 states or more, 8 hands each


PIECE_VERBS = (Fortify, PlaceHero, LiftHero, Camp, Uncamp)
PIECE_POWERS = ["Fortified", "Heroic", "Bivouacking"]


def test_listed_piece_placements_are_every_region_the_oracle_accepts() -> None:
    """The placing powers list their placements without checking each one again
    (``PiecePower.legal_extra_actions``): the same actions as ``why_illegal`` accepts
    region by region. Two seeded games, 5 and 2 players, that between them meet every
    placement and lift (the seeds once rotated over eight games: a quarter of the states)."""
    seen: set[type[Any]] = set()
    for seed in (3, 4):
        players = 2 + seed % 4
        powers = PIECE_POWERS[seed % 3 :] + PIECE_POWERS[: seed % 3]
        state = new_game(official(players), players, seed=seed, powers=powers)
        rng = random.Random(seed)
        while state.turn.stage is not Stage.GAME_OVER:
            if state.turn.stage in (Stage.REDEPLOY, Stage.DEFEND, Stage.CONQUER):
                found = listed(state, PIECE_VERBS)  # (the badge's order: places, then lifts)
                want = oracle(state, PIECE_VERBS)
                assert sorted(map(repr, found)) == sorted(map(repr, want)), (seed, str(state))
                assert len(set(found)) == len(found)
                seen.update(type(a) for a in found)
            state, _ = apply(state, random_action(state, rng))
    assert {Fortify, PlaceHero, LiftHero, Camp, Uncamp} <= seen


def test_the_games_take_the_bulk_paths_with_every_badge_they_read() -> None:
    """The games above bring Flying, Underworld, Dragon Master, Berserk, Halflings and the
    custom badges to the bulk paths (always taken in the ``bulk-always`` runs), and a race
    reaching every region (Flying, an entry anywhere) to the whole-board one."""
    met: set[str] = set()
    everywhere: set[str] = set()
    for _name, board, players, seed, custom in GAMES:
        for state in play(board(), players, seed, custom):
            race = acting_race(state)
            if state.turn.stage is not Stage.CONQUER or race is None or not race.hand:
                continue
            reach = reach_of(state, race)
            reachable = reach._reachable(state)
            bulk = reach._modifier_sets(state) is not None
            if bulk and reach._refused_everywhere(state) is not None and reachable is not None:
                met.update((race.name, race.power))
                if reachable is reach_module.EVERYWHERE:
                    everywhere.update((race.name, race.power))
    assert {"Flying", "Underworld", "Dragon Master", "Berserk", "Halflings"} <= met
    assert {"Large Burrowers", "Large Gliders"} <= met
    assert {"Flying", "Halflings", "Large Gliders"} <= everywhere


@pytest.mark.parametrize("seed", range(4))
def test_holdings_kept_from_state_to_state_equal_a_fresh_count(seed: int) -> None:
    board = voronoi(300, 4, 1) if seed % 2 else official(3)
    players = 4 if seed % 2 else 3
    for state in play(board, players, seed, custom=seed == 3):
        assert state.holdings == Holdings.scan(state.regions, setup_regions(state.geo))


@pytest.mark.parametrize("seed", range(3))
def test_set_hooks_say_what_the_per_region_hooks_say(seed: int) -> None:
    board = voronoi(300, 4, 1)
    checked = set()
    for n, state in enumerate(play(board, 4, seed, custom=seed == 2)):
        race = acting_race(state)
        if state.turn.stage is not Stage.CONQUER or race is None or n % 2:
            continue
        for b in badges(race):
            pairs = b.cost_modifier_sets(state, race)
            if pairs is not None and "cost_modifiers" in b.hooks:
                for i in range(len(state.geo)):
                    rows = sum(row.amount for row in b.cost_modifiers(state, race, i))
                    sets = sum(a for a, where in pairs if where is None or i in where)
                    assert rows == sets, (b.name, i)
                checked.add(("cost", b.name))
            extra = b.extra_adjacent_regions(state, race)
            if extra is not None:
                accepted = {i for i in range(len(state.geo)) if b.is_extra_adjacent(state, race, i)}
                assert set(extra) == accepted, b.name
                checked.add(("adjacent", b.name))
            for final in (False, True):
                refuses = b.refuses_all_conquests(state, race, final)
                if refuses is not None:
                    refusals = {
                        b.conquest_refusal(state, race, i, final) is not None
                        for i in range(len(state.geo))
                    }
                    assert refusals == {refuses}, b.name
                    checked.add(("refuses", b.name))
    assert checked


def test_every_badge_with_a_per_region_hook_is_known_to_the_set_hooks() -> None:
    """A badge replacing ``cost_modifiers`` says its sets too (else Flying on a large board
    would price every region one by one); the same for the adjacency and refusal hooks."""
    for b in [*RACES.values(), *POWERS.values(), *customs()]:
        pairs = {
            "cost_modifiers": "cost_modifier_sets",
            "is_extra_adjacent": "extra_adjacent_regions",
            "conquest_refusal": "refuses_all_conquests",
        }
        for hook, summary in pairs.items():
            assert (hook in b.hooks) <= (summary in b.hooks), (b.name, hook)

"""The engine's speed-ups (``benchmarks/engine.py``) change no answer.

``legal_actions`` checks only the regions a race can reach (``_Reach.candidates``) and
Dragon Master and Sorcerers offer only reachable regions: here every region is checked
with ``why_illegal`` instead, and the lists must be the same, in the same order. The
total-only cost equals the breakdown's total; ``updated`` equals ``dataclasses.replace``
and knows every field; a state's memo is never compared, shown or copied.
"""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from swlab.rules import (
    POWERS,
    RACES,
    Action,
    Conquer,
    Final,
    apply,
    is_over,
    legal_actions,
    new_game,
    random_action,
    why_illegal,
)
from swlab.rules import state as state_module
from swlab.rules.abilities.powers.dragon_master import DragonAttack
from swlab.rules.abilities.powers.underworld import Underworld
from swlab.rules.actions import Convert
from swlab.rules.cost import conquest_cost, cost_rows
from swlab.rules.draft import frozen, working_copy
from swlab.rules.engine import acting_race
from swlab.rules.state import GameState, RaceState, RegionState, Stage, TurnState, with_field

from .helpers import official

#: races and powers whose hooks the fast paths read (reach, adjacency, water, extra verbs)
RACES_FIRST = ["Halflings", "Sorcerers", "Tritons", "Giants", "Ghouls", "Elves", "Trolls"]
POWERS_FIRST = [
    "Dragon Master",
    "Underworld",
    "Flying",
    "Seafaring",
    "Diplomat",
    "Berserk",
    "Commando",
    "Mounted",
]


def games(count: int) -> list[GameState]:
    """Every state of ``count`` seeded random games, the fast-path races and powers on top."""
    states: list[GameState] = []
    names = list(RACES)
    for seed in range(count):
        players = 2 + seed % 4
        races = RACES_FIRST[seed % 7 :] + RACES_FIRST[: seed % 7]
        powers = POWERS_FIRST[seed % 8 :] + POWERS_FIRST[: seed % 8]
        state = new_game(
            official(players),
            players,
            seed=seed,
            races=races[:6] if seed % 2 else [names[seed % 14]],
            powers=powers[:6],
        )
        rng = random.Random(seed)
        while not is_over(state):
            states.append(state)
            state, _ = apply(state, random_action(state, rng))
    return states


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return games(16)


def fresh(state: GameState) -> GameState:
    """The same state without its memo."""
    return dataclasses.replace(state, round=state.round)


def every_region(state: GameState, verbs: tuple[type[Action], ...]) -> list[Action]:
    """The actions of ``verbs`` that ``why_illegal`` accepts, over every region, in order."""
    return [
        verb(rid)  # type: ignore[call-arg]
        for rid in state.geo.ids
        for verb in verbs
        if why_illegal(fresh(state), verb(rid)) is None  # type: ignore[call-arg]
    ]


def test_conquests_listed_are_every_region_the_oracle_accepts(states: list[GameState]) -> None:
    seen = 0
    for state in states:
        if state.turn.stage is not Stage.CONQUER:
            continue
        listed = [a for a in legal_actions(fresh(state)) if isinstance(a, Conquer | Final)]
        assert listed == every_region(state, (Conquer, Final)), str(state)
        seen += bool(listed)
    assert seen > 100


def test_badge_verbs_listed_are_every_region_the_badge_accepts(
    states: list[GameState],
) -> None:
    seen: set[type[Action]] = set()
    for state in states:
        if state.turn.stage is not Stage.CONQUER:
            continue
        for verb in (DragonAttack, Convert):
            listed = [a for a in legal_actions(fresh(state)) if isinstance(a, verb)]
            assert listed == every_region(state, (verb,)), (verb, str(state))
            if listed:
                seen.add(verb)
    assert seen == {DragonAttack, Convert}


def test_the_total_only_cost_is_the_breakdown_total(states: list[GameState]) -> None:
    for state in states[::7]:
        race = acting_race(state)
        for i in range(len(state.geo)):
            assert conquest_cost(state, race, i) == cost_rows(state, race, i)[1]
            assert conquest_cost(state, None, i) == cost_rows(state, None, i)[1]


@pytest.mark.parametrize("cls", [GameState, TurnState, RaceState, RegionState])
def test_updated_knows_every_field_and_equals_replace(cls: type) -> None:
    names = [f.name for f in dataclasses.fields(cls) if f.init and f.name != "geo"]
    assert list(inspect.signature(cls.updated).parameters)[1:] == names
    state = games(1)[40]
    value = {
        GameState: state,
        TurnState: state.turn,
        RaceState: RaceState("Ratmen", "Hill", 1, hand=3),
        RegionState: state.regions[0],
    }[cls]
    samples = {int: 7, bool: True, str: "Elves", tuple: (), frozenset: frozenset({1})}
    for f in dataclasses.fields(cls):
        if f.name == "geo":
            continue
        current = getattr(value, f.name)
        new = next((v for t, v in samples.items() if type(current) is t), current)
        if isinstance(current, Stage):
            new = Stage.REDEPLOY
        assert value.updated(**{f.name: new}) == dataclasses.replace(value, **{f.name: new})
    assert value.updated() == value


def test_with_field_is_updated_of_one_field(states: list[GameState]) -> None:
    """``with_field`` (the engine's update of one field) makes what ``updated`` makes, a new
    state from a frozen one, the working copy itself from a working copy."""
    for state, other in zip(states[10::97], states[60::97], strict=False):
        for name in ("turn", "players", "current", "trays", "column", "round"):
            value = getattr(other, name)
            expected, before = state.updated(**{name: value}), fresh(state)
            made = with_field(state, name, value)
            assert made is not state and made == expected and state == before
            draft = working_copy(state)
            assert with_field(draft, name, value) is draft
            assert frozen(draft) == expected and frozen(draft).holdings == expected.holdings


def test_a_states_memo_is_not_part_of_its_value(states: list[GameState]) -> None:
    state = fresh(states[50])
    before = repr(state)
    legal_actions(state)
    assert state.memo  # filled by the query
    twin = fresh(state)
    assert not twin.memo and twin == state and hash(twin) == hash(state)
    assert repr(state) == before
    assert "memo" not in {f.name for f in dataclasses.fields(GameState)}


def test_badges_name_the_hooks_they_replace() -> None:
    assert Underworld().hooks >= {"cost_modifiers", "is_extra_adjacent"}
    assert "is_extra_adjacent" not in POWERS["Flying"].hooks
    assert not RACES["Ratmen"].hooks & {"cost_modifiers", "protects", "conquest_refusal"}


def test_apply_updates_one_working_copy_and_freezes_it_once(
    states: list[GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One new state per ``apply``: every update of a step goes to its working copy
    (``swlab.rules.draft``), none makes a frozen state; the input is left as it was.

    (The engine calls the state's methods as plain functions, ``state_updated`` and the
    like: the objects a frozen state's updates are made with are counted instead.)"""
    made: list[type] = []

    def counted(cls: type) -> object:
        if cls is GameState:
            made.append(cls)
        return object.__new__(cls)

    rng = random.Random(7)
    picked = rng.sample(states, 150)
    monkeypatch.setattr(state_module, "new_object", counted)
    for state in picked:
        if is_over(state):
            continue
        before = fresh(state)
        action = random_action(state, rng)
        made.clear()
        after, _ = apply(state, action)
        assert made == [], action  # (fresh() below makes states of its own)
        assert type(after) is GameState and isinstance(after.regions, tuple)
        assert not after.drafting and not state.drafting
        assert state == before and state.holdings == before.holdings
        assert after.holdings == fresh(after).holdings  # kept up to date, region by region


def test_the_kept_sets_of_a_race_are_its_regions_and_their_neighbours(
    states: list[GameState],
) -> None:
    """R-CONQ-6: the border a state's holdings carry from its parent (a conquest adds one
    region's neighbours) is the union of the neighbours of the race's regions."""
    for state in states[::3]:
        held = state.holdings
        neighbours = state.geo.neighbours
        for race, positions in held.races.items():
            want = frozenset().union(*(neighbours[i] for i in positions))
            assert held.border(race, neighbours) == want, (race, state)
            assert state.race_region_set(race) == frozenset(positions)


def test_listings_ask_for_the_rule_of_decline_and_done_without_an_error(
    states: list[GameState],
) -> None:
    """R-DECLINE-1, R-DECLINE-5, R-TURN-0, R-REDEPLOY-1: the listing's yes/no is the
    refusal's rule (or ``None``) that ``why_illegal`` gives."""
    from swlab.rules.stages.conquer import decline_refusal, refuse_decline
    from swlab.rules.stages.redeploy import done_refusal, refuse_done

    seen = {Stage.CONQUER: 0, Stage.REDEPLOY: 0}
    for state in states:
        stage = state.turn.stage
        if stage is Stage.CONQUER:
            error = refuse_decline(state)
            assert decline_refusal(state) == (None if error is None else error.rule)
        elif stage is Stage.REDEPLOY:
            race = acting_race(state)
            assert race is not None
            error = refuse_done(state, race)
            found = done_refusal(state, race)
            assert (None if found is None else found[0]) == (None if error is None else error.rule)
        else:
            continue
        seen[stage] += 1
    assert all(seen.values())

"""Every power in play: seeded random games with the power forced, and all 280 combos.

R-COMP-3: each of the 20 powers is held in at least one random game on the official
2-player board, with the invariants of ``invariants.py`` (and the pieces' limits of
R-COMP-5) checked after every step. R-COMP-2 x R-COMP-3: all 14 x 20 race+power combos can be
set up and play a few random actions.
"""

from __future__ import annotations

import random

import pytest

from swlab.rules import (
    POWERS,
    RACES,
    IllegalActionError,
    Pick,
    apply,
    drive,
    is_over,
    legal_actions,
    new_game,
    parse_action,
    random_action,
    replay,
    why_illegal,
)
from swlab.rules.abilities.powers.berserk import BerserkRoll
from swlab.rules.abilities.powers.bivouacking import Camp, Uncamp
from swlab.rules.abilities.powers.diplomat import Peace
from swlab.rules.abilities.powers.dragon_master import DragonAttack
from swlab.rules.abilities.powers.fortified import Fortify
from swlab.rules.abilities.powers.heroic import LiftHero, PlaceHero
from swlab.rules.actions import Action
from swlab.rules.events import Event
from swlab.rules.state import GameState

from .helpers import official, small_board
from .invariants import check_all_listed_apply, check_invariants, fields_repr


def check_pieces(state: GameState) -> None:
    """R-COMP-5: the box limits; pieces stand only where their rules allow."""
    regions = state.regions
    assert sum(r.hero for r in regions) <= 2
    assert sum(r.dragon for r in regions) <= 1
    assert sum(r.hole for r in regions) <= 2
    assert sum(r.fortress for r in regions) <= 6
    assert sum(r.lair for r in regions) <= 10
    assert sum(r.encampments for r in regions) <= 5
    for i, r in enumerate(regions):
        if r.hero or r.dragon or r.encampments or r.hole:
            assert r.race and not r.in_decline, (i, r)  # R-DECLINE-4
        if r.race and state.geo.water[i]:
            rs = state.race(r.race)
            assert rs is not None  # R-POW-SEAFARING: only Seafaring races reach water
    assert all(r.tokens >= 0 and r.encampments >= 0 for r in regions)


def playout_with(power: str, seed: int, players: int = 2, every: bool = False) -> GameState:
    """A seeded random game through ``drive`` in which the first player picks ``power``;
    invariants before every step, every event a sentence citing its rule."""
    board = official(players)
    start = new_game(board, players, seed=seed, powers=[power])
    state, _ = apply(start, Pick(0))  # the first player takes the combo with the power
    rng = random.Random(seed)
    held = False

    def check(s: GameState) -> bool:  # asked by drive before every step: never stops it
        nonlocal held
        check_invariants(s)
        check_pieces(s)
        if every:
            check_all_listed_apply(s)
        held = held or any(p.active is not None and p.active.power == power for p in s.players)
        return False

    def observe(before: GameState, action: Action, events: list[Event], after: GameState) -> None:
        assert parse_action(repr(action)) == action
        for e in events:
            text = e.describe(after)
            assert "(R-" in text, (e, text)  # one sentence citing its rule id

    result = drive(
        state, lambda s: random_action(s, rng), until=check, max_steps=20_000, observer=observe
    )
    state = result.state
    assert result.stopped == "over"
    check_invariants(state)
    assert held, f"{power} was never picked"
    played = [Pick(0), *result.actions]
    assert str(replay(start, played)[0]) == str(state)  # the log is the truth
    return state


@pytest.mark.parametrize("power", list(POWERS))
def test_r_comp_3_random_game_holding_each_power_keeps_invariants(power: str) -> None:
    playout_with(power, seed=sum(map(ord, power)))


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("power", list(POWERS))
def test_many_games_holding_each_power(power: str, players: int) -> None:
    for seed in range(3):
        playout_with(power, seed=seed * 31 + len(power), players=players, every=seed == 0)


@pytest.mark.parametrize("race", list(RACES))
def test_r_comp_2_every_race_with_every_power_sets_up_and_plays(race: str) -> None:
    for k, power in enumerate(POWERS):
        state = new_game(small_board(), 2, seed=k, races=[race], powers=[power])
        assert state.column[0].race == race and state.column[0].power == power
        state, _ = apply(state, Pick(0))
        me = state.players[0].active
        assert me is not None and (me.name, me.power) == (race, power)
        rng = random.Random(k)
        for _ in range(25):
            if is_over(state):
                break
            check_invariants(state)
            check_pieces(state)
            state, _ = apply(state, random_action(state, rng))


def power_vocabulary(ids: tuple[int, ...]) -> list[Action]:
    """Every power verb on every region (and a missing one), plus peace with every seat."""
    out: list[Action] = [BerserkRoll(), *(Peace(p) for p in range(-1, 4))]
    for rid in (*ids, 999):
        out += [cls(rid) for cls in (Camp, Uncamp, DragonAttack, Fortify, PlaceHero, LiftHero)]
    return out


@pytest.mark.parametrize(
    "power", ["Berserk", "Bivouacking", "Diplomat", "Dragon Master", "Fortified", "Heroic"]
)
def test_illegal_power_actions_are_refused_with_a_rule_and_change_nothing(power: str) -> None:
    state = new_game(official(2), 2, seed=3, powers=[power])
    state, _ = apply(state, Pick(0))
    rng = random.Random(3)
    vocab = power_vocabulary(state.geo.ids)
    seen_legal: set[str] = set()
    for _ in range(300):
        if is_over(state):
            break
        legal = set(legal_actions(state))
        seen_legal |= {a.verb for a in legal}
        snapshot = str(state), fields_repr(state)
        for a in rng.sample(vocab, 30):
            if a in legal:
                continue
            error = why_illegal(state, a)
            assert error is not None, (a, str(state))
            assert error.rule.startswith("R-") and f"({error.rule})" in error.message, error
            with pytest.raises(IllegalActionError):
                apply(state, a)
        assert (str(state), fields_repr(state)) == snapshot
        state = apply(state, random_action(state, rng))[0]
    own = {"Berserk": "berserk", "Bivouacking": "camp", "Diplomat": "peace",
           "Dragon Master": "dragon", "Fortified": "fortress", "Heroic": "hero"}[power]  # fmt: skip
    assert own in seen_legal  # the verb shows up in legal_actions at its stage

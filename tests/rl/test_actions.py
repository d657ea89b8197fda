"""The fixed action index space: every action of seeded games on the four official boards
maps to one integer and back; ``deploy`` has no index but its steps do."""

from __future__ import annotations

import random

import pytest

from swlab.board import official_board
from swlab.bots import GreedyBot
from swlab.rl.actions import (
    LEFT_OUT,
    ActionSpace,
    blocks,
    decode,
    deploy_steps,
    encode,
    legal_mask,
    num_actions,
    verbs_in_space,
)
from swlab.rules import (
    Conquer,
    Deploy,
    GameState,
    Pick,
    Stage,
    apply,
    chance_outcomes,
    is_over,
    legal_actions,
    new_game,
    random_action,
    sample_chance,
)
from swlab.rules.actions import VERBS


def seeded_positions(players: int, seed: int) -> list[GameState]:
    """Every position of one seeded random game on the official board for ``players``."""
    state = new_game(official_board(players), players, seed=seed)
    rng = random.Random(seed)
    seen = [state]
    while not is_over(state):
        state, _events = apply(state, random_action(state, rng))
        seen.append(state)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_action_of_a_seeded_game_has_one_index_and_back(players: int) -> None:
    """R-PICK-1 .. R-POW-*: each decision and each die face (R-CONQ-10) of every position."""
    positions = seeded_positions(players, seed=players)
    space = ActionSpace(positions[0].geo, players)
    verbs: set[str] = set()
    for state in positions:
        actions = [*legal_actions(state), *(a for a, _p in chance_outcomes(state))]
        indices = [encode(a, state.geo) for a in actions]
        assert len(set(indices)) == len(indices), state  # one index per action
        assert all(0 <= k < space.size for k in indices)
        assert [decode(k, state) for k in indices] == actions
        mask = space.mask(state)
        assert sorted(mask.nonzero()[0].tolist()) == sorted(
            encode(a, state.geo) for a in legal_actions(state)
        )
        verbs.update(a.verb for a in actions)
    assert {"pick", "conquer", "place", "done", "decline", "end", "roll"} <= verbs


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_index_decodes_to_an_action_that_encodes_back(players: int) -> None:
    state = new_game(official_board(players), players, seed=1)
    size = num_actions(state.geo, players)
    assert size == 6 + 13 * len(state.geo) + 4 + 4 + players
    for k in range(size):
        assert encode(decode(k, state), state.geo) == k


def test_the_blocks_cover_every_verb_of_the_engine_but_deploy() -> None:
    """A badge that registers a new verb must get a block (or say why it has none)."""
    assert set(verbs_in_space()) | set(LEFT_OUT) == set(VERBS)
    assert "deploy" in LEFT_OUT and "deploy" not in verbs_in_space()
    spans = blocks(23, 2)
    assert [b.start for b in spans[1:]] == [b.stop for b in spans[:-1]]
    assert spans[-1].verb == "peace"  # last: the other indices do not depend on the seats


def test_indices_do_not_depend_on_the_position() -> None:
    early, late = seeded_positions(3, seed=1)[0], seeded_positions(3, seed=9)[-40]
    region = early.geo.ids[4]
    assert encode(Conquer(region), early.geo) == encode(Conquer(region), late.geo) == 6 + 4
    assert decode(encode(Pick(5), early.geo), late) == Pick(5)
    # only the last block (peace, one index per seat) grows with the seats
    assert [b.start for b in blocks(30, 3)] == [b.start for b in blocks(30, 5)]


def test_what_has_no_index_is_refused_in_one_sentence() -> None:
    state = new_game(official_board(2), 2, seed=1)
    with pytest.raises(ValueError, match=r"deploy 3:2 has no index: the whole placement"):
        encode(Deploy(((3, 2),)), state.geo)
    with pytest.raises(ValueError, match="region 999 is not on"):
        encode(Conquer(999), state.geo)
    with pytest.raises(ValueError, match=r"the column has positions 0\.\.5"):
        encode(Pick(6), state.geo)
    with pytest.raises(ValueError, match=r"outside 0\.\.314"):
        decode(315, state)
    with pytest.raises(ValueError, match=r"outside 0\.\.314"):
        decode(-1, state)


def test_the_mask_is_empty_at_a_chance_node_and_at_the_end() -> None:
    positions = seeded_positions(2, seed=5)
    rolls = [s for s in positions if s.turn.stage is Stage.ROLL]
    assert rolls, "the seeded game has a final conquest"
    assert not legal_mask(rolls[0]).any()
    assert not legal_mask(positions[-1]).any()


def test_a_deploy_is_played_as_take_place_done_steps_reaching_the_same_placement() -> None:
    """R-REDEPLOY-1: the greedy bot's composite redeployment, one indexed step at a time."""
    bot = GreedyBot(3)
    state = new_game(official_board(2), 2, seed=3)
    found = 0
    while not is_over(state) and found < 3:
        choice = bot.choose(state)
        if isinstance(choice, Deploy) and choice.placement:
            whole, _events = apply(state, choice)
            steps = deploy_steps(state, choice)
            stepwise = state
            for step in steps:
                assert step in legal_actions(stepwise), (step, stepwise)
                stepwise, _events = apply(stepwise, step)
            assert stepwise.regions == whole.regions and stepwise.players == whole.players
            assert stepwise.turn == whole.turn
            found += 1
        state = apply(state, choice)[0]
        while state.turn.stage is Stage.ROLL:  # the die is chance (R-CONQ-10)
            state = apply(state, sample_chance(state))[0]
    assert found == 3


def test_every_kind_of_action_round_trips_in_the_perft_positions() -> None:
    """The positions of docs/perft.md open every verb of the space (badge verbs included:
    hero, camp, fortress, dragon, peace, berserk ...)."""
    from swlab.rl import perft

    verbs: set[str] = set()
    for name, _covers in perft.positions():
        state = perft.load_position(name)
        for action in perft.moves(state):
            assert decode(encode(action, state.geo), state) == action, (name, action)
            verbs.add(action.verb)
    assert verbs == set(verbs_in_space())

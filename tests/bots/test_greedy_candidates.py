"""The greedy bot's cheap estimates: which actions it applies, and how close the estimates are.

The bot applies only a few candidate actions per decision (``CONQUEST_KEEP`` conquests, the
``FINAL_KEEP`` likeliest final conquests, one imagined turn per combo pick); these tests pin
down what it keeps and that its shortcuts value positions as the full computation would.
"""

from __future__ import annotations

import statistics

import pytest

from swlab.board import Board
from swlab.bots import Bot, GreedyBot, RandomBot, play_game
from swlab.bots.greedy import CONQUEST_KEEP, FINAL_KEEP
from swlab.rules import (
    CHANCE,
    Action,
    Conquer,
    Final,
    GameState,
    Pick,
    Stage,
    apply,
    current_player,
    legal_actions,
)
from swlab.rules.cost import conquest_cost


def positions(board: Board, stage: Stage, games: int = 3) -> list[GameState]:
    """The positions of ``stage`` met in seeded greedy-vs-random games."""
    seen: list[GameState] = []

    def watch(before: GameState, action: Action, events: object, after: GameState) -> None:
        if before.turn.stage is stage and current_player(before) != CHANCE:
            seen.append(before)

    for seed in range(games):
        bots: list[Bot] = [GreedyBot(seed * 10 + s) for s in range(board.players)]
        bots[-1] = RandomBot(seed + 100)
        play_game(board, bots, seed=seed, observer=watch)
    return seen


def estimate(bot: GreedyBot, state: GameState, me: int, a: Conquer) -> float:
    """The static coins per token of ``candidates``, written out again."""
    race = state.race(state.turn.acting)
    i = state.geo.index[a.region]
    owner = state.regions[i].owner
    hit = bot.opponent_weight / (len(state.players) - 1)
    value = 0.0 if owner == me else 1.0 + (hit if owner >= 0 else 0.0)
    return value / conquest_cost(state, race, i)


def missing(state: GameState, a: Action) -> int:
    """Tokens the die must make up for the final conquest ``a`` (R-CONQ-10)."""
    assert isinstance(a, Final)
    race = state.race(state.turn.acting)
    assert race is not None
    return conquest_cost(state, race, state.geo.index[a.region]) - race.hand


def test_candidates_keep_the_best_conquests_by_coins_per_token(board2: Board) -> None:
    """Of the ordinary conquests only CONQUEST_KEEP are applied: none dropped has a better
    static estimate (1 coin, more for an opponent's region, over the cost) than one kept;
    every action that is not an ordinary conquest is kept."""
    checked = 0
    for state in positions(board2, Stage.CONQUER):
        bot = GreedyBot(0)
        me = state.turn.actor
        actions = legal_actions(state)
        kept = bot.candidates(state, me, actions)
        conquests = [a for a in actions if isinstance(a, Conquer)]
        assert [a for a in kept if not isinstance(a, Conquer)] == [
            a for a in actions if not isinstance(a, Conquer)
        ]
        if len(conquests) <= CONQUEST_KEEP:
            assert kept == actions
            continue
        kept_conquests = [a for a in kept if isinstance(a, Conquer)]
        dropped = [a for a in conquests if a not in kept_conquests]
        assert len(kept_conquests) == CONQUEST_KEEP
        worst_kept = min(estimate(bot, state, me, a) for a in kept_conquests)
        assert worst_kept >= max(estimate(bot, state, me, a) for a in dropped)
        checked += 1
    assert checked > 5


def test_a_final_conquest_is_valued_as_over_every_face(board2: Board) -> None:
    """R-CONQ-10: grouping the die's faces into failure and success (one of each applied)
    gives the expected gain and tokens spent of applying every face."""
    checked = 0
    for state in positions(board2, Stage.CONQUER, games=4):
        finals = [a for a in legal_actions(state) if isinstance(a, Final)]
        if not finals:
            continue
        bot = GreedyBot(0)
        me, acting = state.turn.actor, state.turn.acting
        race = state.race(acting)
        assert race is not None
        for a in finals[:3]:
            rolled = apply(state, a)[0]
            assert current_player(rolled) == CHANCE
            short = conquest_cost(state, race, state.geo.index[a.region]) - race.hand
            grouped = bot._chance_option(a, state, rolled, me, acting, race.hand, short)
            every = GreedyBot(0)._chance_option(a, state, rolled, me, acting, race.hand)
            assert grouped.gain == pytest.approx(every.gain)
            assert grouped.spent == pytest.approx(every.spent)
            checked += 1
    assert checked > 5


def test_only_the_likeliest_finals_are_valued(board2: Board) -> None:
    """At most FINAL_KEEP final conquests are valued, and none left out is likelier to
    succeed (fewer tokens missing) than one valued."""
    checked = 0
    for state in positions(board2, Stage.CONQUER, games=4):
        bot = GreedyBot(0)
        me = state.turn.actor
        finals = [a for a in legal_actions(state) if isinstance(a, Final)]
        valued = [o.action for o in bot._finals(state, me)]
        assert len(valued) <= FINAL_KEEP
        assert all(isinstance(a, Final) for a in valued)
        if not valued:
            continue
        left_out = [a for a in finals if a not in valued]
        if left_out:
            worst_valued = max(missing(state, a) for a in valued)
            assert worst_valued <= min(missing(state, a) for a in left_out)
        checked += 1
    assert checked > 5


def test_first_turn_estimate_is_near_the_imagined_turn(board2: Board, board5: Board) -> None:
    """The static estimate of a combo's first turn is within about a coin of the turn
    played greedily in imagination (mean over every affordable combo of seeded picks)."""
    diffs: list[float] = []
    for board in (board2, board5):
        for state in positions(board, Stage.PICK, games=2):
            me = state.turn.actor
            for pick in legal_actions(state):
                if not isinstance(pick, Pick):
                    continue
                bot = GreedyBot(0)
                after = apply(state, pick)[0]
                end, _steps, final_ev = bot.simulate_expansion(after, me)
                imagined = bot._memo.score(end, me) + final_ev
                diffs.append(bot.first_turn_estimate(after, me) - imagined)
    assert len(diffs) > 20
    assert statistics.mean(abs(d) for d in diffs) < 1.5, statistics.mean(diffs)


def test_the_imagined_first_turn_is_the_turn_played(board5: Board) -> None:
    """Decisions and look-ahead value the same candidates: after a pick, the actions the
    bot plays are those of its imagined greedy expansion (combos without Berserk, whose
    roll before a conquest only a decision weighs)."""
    compared = 0
    for state in positions(board5, Stage.PICK, games=2):
        bot = GreedyBot(1)
        me = state.turn.actor
        pick = bot.choose(state)
        assert isinstance(pick, Pick)
        if state.column[pick.position].power == "Berserk":
            continue
        after = apply(state, pick)[0]
        end, steps, _final_ev = bot.simulate_expansion(after, me)
        played = after
        for _ in range(steps):
            played = apply(played, bot.choose(played))[0]
        assert played == end
        compared += 1
    assert compared > 5

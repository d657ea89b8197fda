"""The search bot (information-set MCTS): deterministic by iterations, never peeks at what a
player cannot see, never plays an illegal action, stops at its time guard, falls back to
its rollout policy, and beats the random bot."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from swlab.board import Board
from swlab.bots import Bot, GreedyBot, RandomBot, SearchBot, play_game
from swlab.bots.search import determinize, explain
from swlab.rules import (
    CHANCE,
    Action,
    GameState,
    Stage,
    apply,
    chance_outcomes,
    current_player,
    drive,
    legal_actions,
    new_game,
    why_illegal,
    winners,
)


def positions(board: Board, seed: int, count: int) -> list[GameState]:
    """Decision positions of a seeded greedy game with more than one legal action."""
    start = new_game(board, ["Ann", "Bob"], seed=seed)
    seen: list[GameState] = []

    def note(before: GameState, _a: Action, _e: object, _after: GameState) -> None:
        if current_player(before) not in (CHANCE, None) and len(legal_actions(before)) > 1:
            seen.append(before)

    drive(start, [GreedyBot(1), GreedyBot(2)], observer=note)
    step = max(len(seen) // count, 1)
    return seen[::step][:count]


class Checked:
    """A bot whose every action is checked by the engine's oracle before it is played."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.checked = 0

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, state: GameState) -> Action:
        action = self.bot.choose(state)
        assert why_illegal(state, action) is None, (action, state.turn)
        self.checked += 1
        return action


def test_same_seed_same_move_whatever_came_before(board2: Board) -> None:
    """R-FLOW-1: a position and a seed give one move (iterations, not time, are the budget)."""
    states = positions(board2, 11, 6)
    fresh = [SearchBot(5, iterations=6).analyse(s) for s in states]
    used = SearchBot(5, iterations=6)
    again = [used.analyse(s) for s in reversed(states)][::-1]
    assert [a.action for a in fresh] == [a.action for a in again]
    assert [a.choices for a in fresh] == [a.choices for a in again]
    assert any(a.iterations == 6 for a in fresh)


def test_determinization_never_reads_hidden_coins_or_stack_order(board2: Board) -> None:
    """R-SETUP-4: the opponents' coins and the stacks' order are sampled, never copied."""
    state = positions(board2, 3, 4)[2]
    me = state.turn.actor
    other = 1 - me
    rich = state.updated(
        players=tuple(
            replace(p, coins=p.coins + 40) if i == other else p for i, p in enumerate(state.players)
        ),
        race_stack=tuple(reversed(state.race_stack)),
        power_stack=tuple(reversed(state.power_stack)),
        seed=state.seed + 1,
    )
    a = determinize(state, me, random.Random(9))
    b = determinize(rich, me, random.Random(9))
    assert a.players[other].coins == b.players[other].coins
    assert a.players[me].coins == state.players[me].coins
    assert sorted(a.race_stack) == sorted(state.race_stack)
    assert a.column == state.column and a.regions == state.regions
    # and so the search finds the same move in both
    assert SearchBot(2, iterations=6).analyse(state) == SearchBot(2, iterations=6).analyse(rich)


def test_budget_zero_plays_the_rollout_policy(board2: Board) -> None:
    """0 iterations: the greedy bot's move, without a search."""
    for state in positions(board2, 21, 12):
        analysis = SearchBot(4, iterations=0).analyse(state)
        assert analysis.iterations == 0
        assert analysis.action == GreedyBot(0).choose(state)


def test_time_guard_stops_a_huge_budget(board2: Board) -> None:
    """``max_seconds`` ends the search between iterations and says so."""
    state = next(s for s in positions(board2, 5, 20) if s.turn.stage is Stage.CONQUER)
    bot = SearchBot(1, iterations=100_000, max_seconds=0.2)
    started = time.perf_counter()
    analysis = bot.analyse(state)
    assert analysis.stopped_by_time
    assert 1 <= analysis.iterations < 100_000
    assert why_illegal(state, analysis.action) is None
    assert time.perf_counter() - started < 300  # a generous bound for a busy machine


def test_more_players_fewer_iterations_of_longer_rollouts(board5: Board) -> None:
    """A rollout plays players + 1 turns: on 5 players a 2-player budget of 12 runs 6."""
    bot = SearchBot(1, iterations=12)
    assert [bot.budget(n) for n in (2, 3, 5)] == [12, 9, 6]
    assert SearchBot(1, iterations=12, horizon=3).budget(5) == 12
    start = new_game(board5, ["A", "B", "C", "D", "E"], seed=2)
    state = apply(start, legal_actions(start)[0])[0]  # a combo picked: conquests to weigh
    assert bot.analyse(state).iterations in (0, 6)


def test_a_single_legal_action_is_instant(board2: Board) -> None:
    state = new_game(board2, ["Ann", "Bob"], seed=4)
    while len(legal_actions(state)) != 1 or current_player(state) == CHANCE:
        action = (
            chance_outcomes(state)[0][0]
            if current_player(state) == CHANCE
            else GreedyBot(0).choose(state)
        )
        state = apply(state, action)[0]
    analysis = SearchBot(0, iterations=50).analyse(state)
    assert analysis.iterations == 0 and analysis.action == legal_actions(state)[0]


def legal_games(board: Board, games: int) -> int:
    """Seeded games of the search bot at a tiny budget against greedy and random bots, every
    action checked by the oracle; returns the actions checked."""
    checked = 0
    for g in range(games):
        search = Checked(SearchBot(g, iterations=3))
        other: Bot = GreedyBot(g) if g % 2 else RandomBot(g)
        bots: list[Bot] = [search, other] if g % 4 < 2 else [other, search]
        play_game(board, bots, seed=100 + g)
        checked += search.checked
    return checked


def test_search_plays_only_legal_actions(board2: Board) -> None:
    assert legal_games(board2, 2) > 20


@pytest.mark.slow
def test_search_plays_only_legal_actions_200_games(board2: Board) -> None:
    assert legal_games(board2, 200) > 2000


@pytest.mark.slow
def test_search_beats_random_in_18_of_20_games(board2: Board) -> None:
    """A small budget (4 iterations) already wins at least 18 of 20 fixed-seed games."""
    won = 0.0
    for g in range(20):
        seat = g % 2
        bots: list[Bot] = [RandomBot(500 + g), RandomBot(600 + g)]
        bots[seat] = SearchBot(g, iterations=4)
        final, _record = play_game(board2, bots, seed=g)
        w = winners(final)
        won += 1 / len(w) if seat in w else 0.0
    assert won >= 18, won


def test_explain_says_why_with_coins_and_rule_ids(board2: Board) -> None:
    """A hint from the search: its expected coins, the next best in words, the rules."""
    state = next(s for s in positions(board2, 5, 20) if s.turn.stage is Stage.CONQUER)
    hint = explain(state, iterations=8, seed=1, words=lambda _s, a: f"<{a!r}>")
    assert why_illegal(state, hint.action) is None
    assert hint.reason.startswith("about ") and "coins against the others" in hint.reason
    runner_up = hint.reason.split("; ")[1]
    assert runner_up.startswith("<") and f"<{hint.action!r}>" not in runner_up
    assert "R-" in hint.reason
    assert explain(state, iterations=8, seed=1).action == hint.action
    plain = explain(state, iterations=0)
    assert plain.reason.startswith("it scores most this turn (R-")


@pytest.mark.slow
def test_same_games_on_one_worker_and_on_two() -> None:
    """The search levels keep the balance lab's promise: game ``g`` is the same game on
    one core and on a local Dask cluster of two workers."""
    from swlab.balance.runner import Plan, run_games

    plan = Plan("official_2p", 2, ("medium", "easy"), seed=3, games=2)
    serial = run_games(plan, workers=0, progress=False).outcomes
    cluster = run_games(plan, workers=2, progress=False).outcomes
    assert serial == cluster
    assert [o.bots for o in serial] == [("medium", "easy"), ("easy", "medium")]

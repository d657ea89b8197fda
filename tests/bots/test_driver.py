"""The seeded driver: reproducible records, any seat a bot, the die never a bot decision."""

from __future__ import annotations

import pytest

from swlab.board import Board
from swlab.bots import Bot, GreedyBot, RandomBot, make_bot, play_game, seat_names
from swlab.rules import (
    CHANCE,
    Action,
    GameState,
    Stage,
    Take,
    current_player,
    drive,
    new_game,
    sample_chance,
    scores,
    why_illegal,
)


class Watcher:
    """Delegates to ``bot`` and checks it is asked only for its own seat, never the die."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot, self.seat = bot, seat
        self.asked: list[Stage] = []
        self.defended = 0

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, state: GameState) -> Action:
        assert state.turn.stage is not Stage.ROLL, "the die is rolled by the driver"
        assert current_player(state) != CHANCE
        assert current_player(state) == self.seat == state.turn.actor
        if state.turn.stage is Stage.DEFEND:
            assert state.current != self.seat  # an attacked player, not the current one
            self.defended += 1
        self.asked.append(state.turn.stage)
        action = self.bot.choose(state)
        assert why_illegal(state, action) is None, (action, str(state))
        return action


def test_same_seed_same_record(board2: Board) -> None:
    a = play_game(board2, [GreedyBot(1), RandomBot(2)], seed=5)[1]
    b = play_game(board2, [GreedyBot(1), RandomBot(2)], seed=5)[1]
    assert a == b
    assert a.to_text() == b.to_text()
    c = play_game(board2, [GreedyBot(1), RandomBot(2)], seed=6)[1]
    assert c.actions != a.actions


def test_record_replays_to_the_final_state(board2: Board) -> None:
    final, record = play_game(board2, [RandomBot(3), GreedyBot(4)], seed=11)
    assert final.turn.stage is Stage.GAME_OVER
    replayed = record.final_state(board2)
    assert scores(replayed) == scores(final)
    assert replayed.regions == final.regions
    assert record.players == ("random1", "greedy2")


@pytest.mark.parametrize("kinds", [("random", "greedy", "random"), ("greedy", "greedy", "greedy")])
def test_any_seat_can_be_a_bot(board3: Board, kinds: tuple[str, ...]) -> None:
    watchers = [Watcher(make_bot(k, seed=i), i) for i, k in enumerate(kinds)]
    final, record = play_game(board3, watchers, seed=2)
    assert final.turn.stage is Stage.GAME_OVER
    assert all(w.asked for w in watchers)
    assert len(record.players) == 3


def test_defenders_are_asked_for_their_own_redeployment(board2: Board) -> None:
    """Attacked players redeploy in DEFEND: the driver asks the defender's bot, not the
    current player's (``state.turn.actor`` is the defender)."""
    defended = 0
    for seed in range(4):
        watchers = [Watcher(GreedyBot(seed), 0), Watcher(GreedyBot(seed + 50), 1)]
        play_game(board2, watchers, seed=seed)
        defended += sum(w.defended for w in watchers)
    assert defended > 0


def test_five_greedy_bots_finish(board5: Board) -> None:
    final, record = play_game(board5, [GreedyBot(i) for i in range(5)], seed=1)
    assert final.turn.stage is Stage.GAME_OVER
    assert len(record.actions) > 50


def test_random_bot_never_takes_tokens_back(board2: Board) -> None:
    seen: list[Action] = []

    class Spy(RandomBot):
        def choose(self, state: GameState) -> Action:
            action = super().choose(state)
            seen.append(action)
            return action

    play_game(board2, [Spy(1), Spy(2)], seed=3)
    assert seen and not any(isinstance(a, Take) or a.undoes for a in seen)


def test_driver_arguments(board2: Board) -> None:
    with pytest.raises(ValueError, match="at least one bot"):
        play_game(board2, [], seed=1)
    with pytest.raises(ValueError, match="names"):
        play_game(board2, [RandomBot(1), RandomBot(2)], seed=1, names=["Ann"])
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever")
    assert seat_names([RandomBot(), GreedyBot()]) == ["random1", "greedy2"]
    _final, record = play_game(board2, [RandomBot(1), RandomBot(2)], seed=1, names=["Ann", "Bob"])
    assert record.players == ("Ann", "Bob")
    assert isinstance(make_bot("GREEDY", 3), GreedyBot)


def test_stacks_can_be_fixed(board2: Board) -> None:
    _final, record = play_game(
        board2, [GreedyBot(1), GreedyBot(2)], seed=1, races=["Giants"], powers=["Berserk"]
    )
    assert record.races[0] == "Giants"
    assert record.powers[0] == "Berserk"


def test_the_die_of_a_bot_game_is_the_engines_sampled_face(board2: Board) -> None:
    """play_game goes through the one driver: every roll in its record is the face
    ``sample_chance`` draws for that position, so a replay with the sampler agrees."""
    rolls = 0

    def check(before: GameState, action: Action, events: object, after: GameState) -> None:
        nonlocal rolls
        if current_player(before) == CHANCE:
            assert action == sample_chance(before)
            rolls += 1

    for seed in range(3):
        play_game(
            board2,
            [GreedyBot(seed), RandomBot(seed)],
            seed=seed,
            observer=check,
            powers=["Berserk"],
        )
    assert rolls > 0


def test_play_game_stops_at_the_step_limit(board2: Board) -> None:
    with pytest.raises(RuntimeError, match="did not end within 10 steps"):
        play_game(board2, [RandomBot(1), RandomBot(2)], seed=1, max_steps=10)


def test_bots_refuse_to_decide_the_die(board2: Board) -> None:
    state = new_game(board2, ["Ann", "Bob"], seed=2)
    bots = [RandomBot(1), RandomBot(2)]
    at_die = drive(state, bots, until=lambda s: current_player(s) == CHANCE).state
    assert current_player(at_die) == CHANCE
    for bot in (RandomBot(1), GreedyBot(1)):
        with pytest.raises(ValueError, match="chance"):
            bot.choose(at_die)

"""The greedy bot: beats the random bot, plays every race and power, explains its moves."""

from __future__ import annotations

import pytest

from swlab.board import Board
from swlab.bots import Bot, GreedyBot, Hint, RandomBot, hint, play_game
from swlab.rules import (
    POWERS,
    RACES,
    Action,
    Conquer,
    Decline,
    Deploy,
    End,
    Final,
    GameState,
    Pick,
    Stage,
    apply,
    explain_cost,
    legal_actions,
    new_game,
    why_illegal,
    winners,
)


def greedy_share(board: Board, games: int) -> float:
    """Share of 2-player games won by the greedy bot (ties split), seats alternating."""
    won = 0.0
    for g in range(games):
        greedy_seat = g % 2
        bots: list[Bot] = [RandomBot(1000 + g), RandomBot(2000 + g)]
        bots[greedy_seat] = GreedyBot(g)
        final, _record = play_game(board, bots, seed=g)
        w = winners(final)
        if greedy_seat in w:
            won += 1 / len(w)
    return won / games


def test_greedy_beats_random_20_games(board2: Board) -> None:
    share = greedy_share(board2, 20)
    assert share >= 0.75, share


@pytest.mark.slow
def test_greedy_beats_random_in_95_percent_of_200_games(board2: Board) -> None:
    """The bar a change of the bot's choices must clear (issue 14): at least 95 % of 200
    seeded 2-player games against the random bot, seats alternating; measured share:
    99.0 %, as the bot before it. ``slow``: a share to within a few points needs the 200
    games (8 s on a quiet core, 30 s on a busy one); the default run still sees every
    changed choice, as a changed digest of ``test_greedy_fingerprint.py``, and the
    20-game bar above."""
    share = greedy_share(board2, 200)
    print(f"greedy bot won {share:.1%} of 200 seeded 2-player games against the random bot")
    assert share >= 0.95, share


class FirstPick:
    """The greedy bot, but its first pick is the top combo (to force a race or power)."""

    def __init__(self, seed: int) -> None:
        self.bot = GreedyBot(seed)
        self.picked = False

    @property
    def name(self) -> str:
        return "first-pick"

    def choose(self, state: GameState) -> Action:
        if state.turn.stage is Stage.PICK and not self.picked:
            self.picked = True
            return Pick(0)
        action = self.bot.choose(state)
        assert why_illegal(state, action) is None, (action, str(state))
        return action


@pytest.mark.parametrize("power", sorted(POWERS))
def test_greedy_plays_every_power(board2: Board, power: str) -> None:
    """Powers add their own verbs (berserk, camp, hero, dragon, fortress, peace...): the bot
    values them generically and always finishes the game with legal actions."""
    bots = [FirstPick(1), GreedyBot(2)]
    final, record = play_game(board2, bots, seed=3, powers=[power])
    assert final.turn.stage is Stage.GAME_OVER
    assert record.powers[0] == power


@pytest.mark.parametrize("race", sorted(RACES))
def test_greedy_plays_every_race(board2: Board, race: str) -> None:
    bots = [FirstPick(4), GreedyBot(5)]
    final, record = play_game(board2, bots, seed=7, races=[race])
    assert final.turn.stage is Stage.GAME_OVER
    assert record.races[0] == race


def test_greedy_declines_and_tries_final_conquests(board2: Board) -> None:
    actions: list[Action] = []
    for seed in range(3):
        _final, record = play_game(board2, [GreedyBot(seed), GreedyBot(seed + 9)], seed=seed)
        actions.extend(record.actions)
    assert any(isinstance(a, Decline) for a in actions)
    assert any(isinstance(a, Final) for a in actions)
    assert any(isinstance(a, Deploy) for a in actions)


def test_greedy_is_deterministic(board2: Board) -> None:
    state = new_game(board2, ["Ann", "Bob"], seed=4)
    assert GreedyBot(1).choose(state) == GreedyBot(1).choose(state)


def test_greedy_takes_the_cheapest_region_first(board2: Board) -> None:
    state = new_game(board2, ["Ann", "Bob"], seed=4)
    bot = GreedyBot(0)
    state = play_until(state, bot, Stage.CONQUER)
    action = bot.choose(state)
    assert isinstance(action, Conquer)
    cheapest = min(
        explain_cost(state, a.region).total for a in legal_actions(state) if isinstance(a, Conquer)
    )
    assert explain_cost(state, action.region).total == cheapest


def play_until(state: GameState, bot: GreedyBot, stage: Stage) -> GameState:
    while state.turn.stage is not stage:
        state = apply(state, bot.choose(state))[0]
    return state


def test_hint_is_legal_with_a_reason_in_every_stage(board2: Board) -> None:
    """Along seeded greedy-vs-random games, every hint is legal and explains itself."""
    stages: set[Stage] = set()
    verbs: set[str] = set()

    def check(before: GameState, action: Action, events: object, after: GameState) -> None:
        if before.turn.stage is Stage.ROLL:
            return
        h = hint(before)
        assert isinstance(h, Hint)
        assert why_illegal(before, h.action) is None, (h, str(before))
        assert h.reason.strip(), h
        stages.add(before.turn.stage)
        verbs.add(h.action.verb)

    for seed in range(2):
        play_game(board2, [GreedyBot(seed), RandomBot(seed)], seed=seed, observer=check)
    assert {Stage.PICK, Stage.CONQUER, Stage.REDEPLOY} <= stages
    assert {"pick", "conquer", "deploy"} <= verbs


def test_conquest_hint_names_the_region(board2: Board) -> None:
    state = new_game(board2, ["Ann", "Bob"], seed=4)
    state = play_until(state, GreedyBot(0), Stage.CONQUER)
    h = hint(state)
    assert isinstance(h.action, Conquer)
    label = state.geo.label(state.geo.index[h.action.region])
    assert h.reason.startswith(f"Conquer {label} for ")
    assert "token" in h.reason


def test_pick_hint_names_the_combo(board2: Board) -> None:
    state = new_game(board2, ["Ann", "Bob"], seed=4)
    h = hint(state)
    assert isinstance(h.action, Pick)
    combo = state.column[h.action.position]
    assert combo.race in h.reason and combo.power in h.reason


def test_decline_hint_explains_the_comparison(board2: Board) -> None:
    found: list[str] = []

    def watch(before: GameState, action: Action, events: object, after: GameState) -> None:
        if isinstance(action, Decline) and before.turn.stage is Stage.CONQUER:
            found.append(hint(before).reason)

    for seed in range(6):
        play_game(board2, [GreedyBot(seed), GreedyBot(seed + 1)], seed=seed, observer=watch)
        if found:
            assert found[0].startswith("Decline now: your ")
            assert "new combo" in found[0]
            return
    pytest.fail("no greedy decline in 6 games")


def test_a_turn_that_never_ends_is_wrapped_up(board2: Board) -> None:
    """Asked again and again in the same turn (an action making no progress), the bot ends
    the turn instead of looping until the driver's step limit."""
    bot = GreedyBot(0)
    state = play_until(new_game(board2, ["Ann", "Bob"], seed=4), bot, Stage.CONQUER)
    actions = [bot.choose(state) for _ in range(302)]
    assert isinstance(actions[0], Conquer)
    assert actions[-1] == End()

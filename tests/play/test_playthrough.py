"""Whole seeded games driven through the controller: every click answers, never raises."""

from __future__ import annotations

import random
import re

import pytest

from swlab.board import Board, official_board
from swlab.play.controller import GameController
from swlab.rules import actions_by_region, is_over
from swlab.rules.driver import random_action

#: A label that begins with an action's notation: a verb, its number, a colon.
NOTATION = re.compile(r"^[a-z]+( \d+)?(:|$)")


def play_through(board: Board, seed: int, max_steps: int = 3000) -> GameController:
    c = GameController(board, board.players, seed=seed)
    rng = random.Random(seed)
    ids = list(board.ids)
    for _ in range(max_steps):
        state = c.state
        if is_over(state):
            break
        region = rng.choice(ids)
        by_region = actions_by_region(state)
        assert c._by_region() == by_region  # the panel's targets are the engine's
        everything = by_region.get(region, [])
        # issue 11: a click never takes tokens back (the explicit - does), and a final
        # conquest is confirmed first
        options = [a for a in everything if not a.undoes] or everything
        result = c.click(region)
        if len(options) == 1 and options[0].verb == "final":
            assert result.kind == "confirm" and c.state is state
            result = c.answer("confirm")
            assert result.kind == "applied" and result.action == options[0]
        elif len(options) == 1 and not options[0].undoes:
            assert result.kind == "applied" and result.action == options[0]
        elif options and not (options[0].undoes and state.stage.value in ("redeploy", "defend")):
            assert result.kind == "choices" and c.state is state
        elif options:
            assert result.kind == "refused" and result.rule == "R-REDEPLOY-1"
        else:
            assert result.kind == "refused" and result.rule.startswith("R-"), result
            assert f"({result.rule})" in result.message and c.state is state
        c.hover(region)
        panel = c.panel()
        assert len(panel.features["features"]) == len(board)
        assert [b.label for b in panel.buttons if NOTATION.match(b.label)] == []
        if result.kind != "applied":
            c.apply(random_action(c.state, rng))
    assert is_over(c.state)
    final = c.scoreboard()
    assert (final["coins"] != "hidden").all()  # revealed at the end (R-SETUP-4)
    return c


def test_a_whole_two_player_game_through_clicks(board2: Board) -> None:
    c = play_through(board2, seed=1)
    assert c.status().over and "Game over" in c.status().text
    c.goto(0)
    assert c.index == 0 and c.state.round == 1


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [2, 3])
def test_whole_games_on_every_board(players: int, seed: int) -> None:
    play_through(official_board(players), seed)

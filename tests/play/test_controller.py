"""The controller, headless, on the official 2-player board."""

from __future__ import annotations

import pandas as pd
import pytest

from swlab.board import Board
from swlab.game.game import Game
from swlab.play.controller import GameController
from swlab.rules import Conquer, End, Pick, Stage, actions_by_region, why_illegal


def first_conquest_target(c: GameController) -> int:
    """A region where a click applies exactly one action now."""
    by_region = actions_by_region(c.state)
    return next(r for r, acts in sorted(by_region.items()) if len(acts) == 1)


def test_buttons_at_start_are_the_pick_combos(ctl: GameController) -> None:
    buttons = ctl.buttons()
    assert [b.action for b in buttons] == [Pick(k) for k in range(6)]
    label, action = buttons[1]
    assert label == "Spirit Tritons - pay 1, 11 tokens"  # words: the notation is not shown
    assert action == Pick(1)
    assert "free" in buttons[0].label


def test_click_on_an_illegal_region_changes_nothing_and_cites_a_rule(
    ctl: GameController,
) -> None:
    ctl.apply("pick 0")
    before = ctl.state
    result = ctl.click(7)  # Hill (7): not a border region, so no first conquest
    assert result.kind == "refused"
    assert result.rule == "R-CONQ-1"
    assert "(R-CONQ-1)" in result.message
    assert ctl.state is before and ctl.index == 1
    # the same sentence the engine gives: nothing re-implemented
    error = why_illegal(before, Conquer(7))
    assert error is not None and error.message == result.message


def test_click_on_water_and_unknown_regions(ctl: GameController) -> None:
    ctl.apply("pick 0")
    assert ctl.click(1).rule == "R-CONQ-4"  # Sea
    assert ctl.click(999).rule == "R-COMP-6"
    assert ctl.index == 1


def test_click_in_pick_stage_is_refused(ctl: GameController) -> None:
    start = ctl.state
    result = ctl.click(2)
    assert result.kind == "refused" and result.rule.startswith("R-")
    assert ctl.state is start


def test_click_after_pick_conquers(ctl: GameController) -> None:
    assert ctl.apply("pick 0").ok
    result = ctl.click(4)  # Swamp (4), a border region with a lost tribe
    assert result.kind == "applied" and result.action == Conquer(4)
    region = ctl.state.region_of(4)
    assert region.race == "Ghouls" and region.tokens == 3 and region.owner == 0
    assert any("R-CONQ-2" in e for e in result.events)


def test_undo_after_conquest_restores_the_exact_state(ctl: GameController) -> None:
    ctl.apply("pick 0")
    before = ctl.state
    assert ctl.click(first_conquest_target(ctl)).ok
    assert ctl.state != before
    ctl.undo()
    assert ctl.state == before
    assert ctl.can_redo()
    ctl.redo()
    assert ctl.state != before and ctl.index == 2


def test_goto_shows_earlier_states_and_a_click_there_drops_the_future(
    ctl: GameController,
) -> None:
    states = [ctl.state]
    for text in ("pick 0", "conquer 4", "end"):
        assert ctl.apply(text).ok, ctl.last
        states.append(ctl.state)
    assert len(ctl) == 3
    for i, s in enumerate(states):
        assert ctl.goto(i) == s
        assert ctl.index == i
    ctl.goto(1)
    # issue 11: acting in the past asks first; continuing from here drops the future
    assert ctl.click(4).kind == "confirm"
    assert ctl.answer("continue").ok
    assert len(ctl) == 2 and not ctl.can_redo()
    ctl.goto(-5)  # clamped
    assert ctl.index == 0


def test_several_actions_on_a_region_are_offered_as_choices(ctl: GameController) -> None:
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    ctl.apply("end")  # redeployment: place and take both target a held region
    # issue 11: taking a token back is never a click's side effect (the - control does it)
    options = [a for a in actions_by_region(ctl.state)[4] if not a.undoes]
    before = ctl.state
    result = ctl.click(4)
    if len(options) > 1:
        assert result.kind == "choices" and set(result.choices) == set(options)
        assert ctl.state is before
        assert ctl.apply(result.choices[0]).ok
    else:
        assert result.ok


def test_hover_gives_the_cost_rows(ctl: GameController) -> None:
    ctl.apply("pick 0")
    text = ctl.hover(4)
    assert "Swamp (4)" in text and "lost tribe" in text
    assert "2 base + 1 lost tribe = 3" in text and "R-CONQ-2" in text
    cost = ctl.cost(6)  # Mountain (6)
    assert cost is not None
    assert [(r.label, r.amount) for r in cost.rows][:2] == [("base", 2), ("mountain", 1)]
    assert "no region" in ctl.hover(999)


def test_hover_before_any_race_describes_the_region(ctl: GameController) -> None:
    text = ctl.hover(6)
    assert "Mountain (6)" in text and "mountain" in text
    assert "cost" not in text


def test_status_says_whose_turn_stage_and_hand(ctl: GameController) -> None:
    s = ctl.status()
    assert s.actor_name == "Ann" and s.stage == "pick" and s.round == 1
    ctl.apply("pick 0")
    s = ctl.status()
    assert s.stage == "conquer" and s.acting == "Ghouls" and s.hand == 10
    assert "10 in hand" in s.text and "Ann" in s.text


def test_log_is_sentences_with_rule_ids(ctl: GameController) -> None:
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    log = ctl.log()
    assert log[0] == "1. Ann: pick 0"
    assert any(line.startswith("2. Ann: conquer 4") for line in log)
    events = [line for line in log if line.startswith("   ")]
    assert events and all("(R-" in line for line in events)
    assert ctl.log(last=1)[0].startswith("2. ")


def test_market_and_scoreboard(ctl: GameController) -> None:
    market = ctl.market()
    assert isinstance(market, pd.DataFrame) and len(market) == 6
    assert list(market.columns) == ["race", "power", "cost", "coins on it", "tokens"]
    assert market.loc[0, "race"] == ctl.state.column[0].race
    assert market.loc[3, "cost"] == 3
    board = ctl.scoreboard()
    assert list(board.index) == ["Ann", "Bob"]
    assert set(board["coins"]) == {"hidden"}  # R-SETUP-4
    assert list(ctl.scoreboard(reveal=True)["coins"]) == [5, 5]


def test_buttons_in_the_conquest_stage_and_the_die(ctl: GameController) -> None:
    ctl.apply("pick 0")
    actions = [b.action for b in ctl.buttons()]
    assert End() in actions
    assert all(not isinstance(getattr(a, "region", None), int) for a in actions)
    # spend tokens until the die is offered (final conquest), then the roll buttons
    for _ in range(20):
        if ctl.state.stage is Stage.ROLL:
            break
        by_region = actions_by_region(ctl.state)
        finals = [a for acts in by_region.values() for a in acts if a.verb == "final"]
        action = (
            finals[0]
            if finals
            else next(a for acts in by_region.values() for a in acts if a.verb == "conquer")
        )
        assert ctl.apply(action).ok
    assert ctl.state.stage is Stage.ROLL
    # the die is chance: no face is offered as a button; "roll the die" draws it
    assert [b.action for b in ctl.buttons()] == []
    assert ctl.roll().ok


def test_apply_refuses_bad_text_without_raising(ctl: GameController) -> None:
    assert ctl.apply("fly 3").kind == "refused"
    result = ctl.apply("conquer 4")
    assert result.kind == "refused" and result.rule
    assert ctl.index == 0


def test_panel_model_is_fresh_each_time(ctl: GameController) -> None:
    a = ctl.panel()
    ctl.apply("pick 0")
    b = ctl.panel()
    assert a.features is not b.features
    assert b.targets == frozenset(actions_by_region(ctl.state))
    assert b.index == 1 and b.length == 1
    assert b.status.stage == "conquer"


def test_start_from_a_game_or_a_state(board2: Board) -> None:
    game = Game(board2, ["Ann", "Bob"], seed=3)
    game.play("pick 0")
    c = GameController(game)
    assert c.state is game.state and c.index == 1
    d = GameController(game.state)
    assert d.state == game.state and d.index == 0
    e = GameController("official_2p", seed=3)
    assert [p.name for p in e.state.players] == ["Player 1", "Player 2"]


def test_random_bot_seat_and_finish_turn(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bot"], seed=11, bots={1: "random"})
    assert c.is_bot_seat(1) and not c.is_bot_seat(0)
    assert c.run_bots() == []  # Ann (a human) acts first
    results = c.finish_turn()  # the bot plays Ann's turn for her when asked
    assert results and all(r.ok for r in results)
    assert c.state.current == 1 or c.state.round > 1 or c.state.stage is not Stage.PICK
    c.run_bots()
    assert not c.is_bot_seat(c.state.turn.actor) or c.state.stage is Stage.GAME_OVER


def test_save_and_load_record(ctl: GameController, tmp_path) -> None:  # type: ignore[no-untyped-def]
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    path = tmp_path / "game.json"
    ctl.save_record(path)
    other = GameController(ctl.board, ["Ann", "Bob"], seed=99)
    other.load_record(path)
    assert other.state == ctl.state and other.index == 2


def test_hints_and_bots_are_typed_and_said_in_words(ctl: GameController) -> None:
    """A bot is a :class:`swlab.bots.Bot` (a name and ``choose``); a hint names the move
    in words, never in notation."""
    from swlab.bots import Hint
    from swlab.rules import legal_actions

    class FirstLegal:
        name = "first"

        def choose(self, state):  # type: ignore[no-untyped-def]
            return legal_actions(state)[0]

    ctl.hinter = lambda state: Hint(Pick(0), "it is free")
    assert ctl.hint() == "Try Diplomat Ghouls - free, 10 tokens: it is free"
    result = ctl.next_action()
    assert result.ok and isinstance(result.action, Pick)
    g = GameController(ctl.board, ["Ann", "Bob"], seed=7, bots={1: FirstLegal()})
    assert g.scoreboard_rows()[1]["bot"] == "first"
    assert GameController(ctl.board, ["Ann", "Bob"], seed=7, bots={1: "GreedyBot"}).bots[1]
    with pytest.raises(TypeError, match="not a bot"):
        GameController(ctl.board, ["Ann", "Bob"], seed=7, bots={1: object()})  # type: ignore[dict-item]


def test_a_bot_object_from_swlab_bots(board2: Board) -> None:
    random_bot = pytest.importorskip("swlab.bots.random_bot")
    c = GameController(board2, ["Ann", "Bob"], seed=4, bots={0: random_bot.RandomBot(4)})
    results = c.run_bots()
    assert results and all(r.ok for r in results)
    assert c.state.turn.actor == 1


def test_the_hint_is_the_search_with_its_reason_in_words(ctl: GameController) -> None:
    """Issue 24 §3: asked for, a hint names the search's move by its button label and says
    why, in expected coins against the next best move, with the rule ids (R-CONQ-1 ...)."""
    ctl.next_action()  # Ann picks a combo: a conquest is to be chosen
    text = ctl.hint()
    assert text.startswith("Try ") and "coins" in text and "(R-" in text
    assert "Conquer(" not in text and "Pick(" not in text  # words, not notation
    assert ctl.hint() == text  # the same position, the same hint

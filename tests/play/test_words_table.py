"""One table of an action's words: button, choice and narration for every verb."""

from __future__ import annotations

from swlab.board import Board
from swlab.play import words
from swlab.play.controller import GameController
from swlab.rules.actions import VERBS, Decline, End, Pick


def test_every_verb_has_its_words() -> None:
    """No action of the game falls back to its verb: each kind has a row (a piece's verb
    by its base, PlacePiece or LiftPiece, with the Dragon folded in)."""
    missing = [
        verb for verb, cls in VERBS.items() if not any(c in words.ACTION_WORDS for c in cls.__mro__)
    ]
    assert missing == []


def test_buttons_are_words_with_the_rules_words(ctl: GameController) -> None:
    state = ctl.state
    assert words.button_label(state, Pick(0)) == "Diplomat Ghouls - free, 10 tokens"
    assert words.button_label(state, Pick(1)) == "Spirit Tritons - pay 1, 11 tokens"
    ctl.apply("pick 0")
    assert words.button_label(ctl.state, End()) == "Stop conquering, redeploy"
    assert words.narrate(state, Pick(0), (), ctl.state) == "Ann picks Diplomat Ghouls (free)."


def test_decline_is_said_the_same_on_its_button_and_in_its_question(ctl: GameController) -> None:
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    ctl.apply("end")
    while ctl.apply("place 4").ok:
        pass
    ctl.apply("done")
    # Bob's turn played by the default bot, then Ann's second: decline is offered
    for _ in range(200):
        if ctl.state.current == 0:
            break
        ctl.next_action()
    label = words.button_label(ctl.state, Decline())
    assert label == "Send the Ghouls into decline" and label in [b.label for b in ctl.buttons()]
    question = ctl.request(Decline()).question  # R-DECLINE-1: asked first
    assert question is not None and dict(question.options)["confirm"] == label


def test_r_decline_5_the_turn_of_decline_is_said_in_words(board2: Board) -> None:
    """A scenario stopped in the turn of decline: the status, the one button and the
    narration say it in words (the notation ``end`` stays in the tooltip)."""
    from swlab.game.scenario import scenario_from_dict
    from tests.rules.test_decline_moment import the_turn_of_decline

    c = GameController(scenario_from_dict(the_turn_of_decline()), board=board2)
    assert c.status().text.endswith("Ann has gone into decline: the turn ends with scoring.")
    assert [b.label for b in c.buttons()] == ["End the turn of decline: score it (R-DECLINE-5)"]
    assert c.end_stage().narration == "Ann ends the turn of decline."

"""The viewer's panels as pure functions of a frozen Screen, and each step said once."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from swlab.board import Board
from swlab.play import screen as panels
from swlab.play.controller import GameController
from swlab.play.viewer import GameViewer
from swlab.rules import Stage


def test_the_panel_says_a_pick_once(board2: Board) -> None:
    """One action, one sentence: the panel read after a pick names it once, not the
    narration and then the engine's event again (issue 22)."""
    v = GameViewer(board2, ["Ann", "Bob"], seed=7, auto_bots=False)
    v.button("pick 1").click()
    shown = html.unescape(re.sub(r"<[^>]+>", " ", v.message.value))
    assert shown.count("picks Spirit Tritons") == 1, shown
    assert "Ann picks Spirit Tritons (position 1)." in shown


def test_the_panel_says_a_conquest_once_and_keeps_its_cost_in_the_log(
    ctl: GameController,
) -> None:
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    message = ctl.message()
    assert message.count("conquers Swamp (4)") == 1, message
    entry = ctl.log_entries()[-1]
    assert sum("conquers Swamp (4)" in line for line in (entry.text, *entry.effects)) == 1
    # the event that retells the conquest, with its cost (R-CONQ-2), is in the details
    assert any("(R-CONQ-2)" in line for line in entry.retold)


def test_a_screen_is_frozen_and_its_panels_depend_on_it_alone(ctl: GameController) -> None:
    ctl.apply("pick 0")
    screen = ctl.screen()
    with pytest.raises(dataclasses.FrozenInstanceError):
        screen.reveal = True  # type: ignore[misc]
    ctl.apply("conquer 4")  # the controller moves on; the screen taken before does not
    assert panels.status(screen).text == "Round 1/10: Ann conquers (Diplomat Ghouls, 10 in hand)."
    assert panels.message(screen) == (
        "Ann picks Diplomat Ghouls (free).\n"
        "Seafaring Trolls joins the bottom of the column (R-PICK-5)."
    )
    assert [e.notation for e in panels.log_entries(screen)] == ["pick 0"]
    assert 4 in panels.targets(screen) and panels.banner(screen) == ""
    later = ctl.screen()
    assert panels.status(later).hand == 7 and later.index == 2


def test_coins_in_panels_follow_the_screens_reveal(ctl: GameController) -> None:
    ctl.apply("pick 1")  # pays 1 coin: an amount the panels hide (R-SETUP-4)
    hidden, shown = ctl.screen(), ctl.screen(reveal=True)
    assert {r["coins"] for r in panels.scoreboard_rows(hidden)} == {"hidden"}
    assert [r["coins"] for r in panels.scoreboard_rows(shown)] == [4, 5]
    assert "pays hidden coins" in panels.log_entries(hidden)[0].retold[0]
    assert "pays 1 coin" in panels.log_entries(shown)[0].retold[0]


def test_redeploy_rows_and_prompt_from_a_screen(ctl: GameController) -> None:
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    ctl.apply("end")
    screen = ctl.screen()
    assert screen.state.stage is Stage.REDEPLOY
    rows = panels.redeploy_rows(screen)
    assert [(r.region, r.tokens) for r in rows] == [(4, 3)]
    assert rows[0].place is not None and rows[0].take is not None
    assert panels.redeploy_prompt(screen).startswith("Ann, redeploy the Ghouls: 7 tokens left")


def test_choices_on_a_region_are_offered_in_words(board2: Board) -> None:
    """The Dragon beside a plain conquest (R-POW-DRAGONMASTER): the panel says the
    choices in words, never "Choose: conquer 2, dragon 2"."""
    c = GameController(board2, ["Ann", "Bob"], seed=7, powers=["Dragon Master"], races=["Ratmen"])
    c.apply("pick 0")
    result = c.click(2)
    assert result.kind == "choices" and [a.verb for a in result.choices] == ["conquer", "dragon"]
    panel = c.panel()
    assert panel.message == "2 ways to act on Farmland (2): choose one."
    assert str(result) == panel.message
    assert panel.choice_labels[0].startswith("Conquer Farmland (2) paying 2 tokens")
    assert panel.choice_labels[1].startswith("Dragon Master: conquer Farmland (2)")
    assert not re.search(r"\b(conquer|dragon) 2\b", panel.message + "".join(panel.choice_labels))


def test_turn_summaries_tell_a_bot_turn(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7, bots={1: "greedy"})
    c.apply("pick 0")
    c.apply("conquer 4")
    c.apply("end")
    for _ in range(20):  # every token from hand onto Swamp (4), then done
        if not c.apply("place 4").ok:
            break
    assert c.apply("done").ok
    c.run_bots()
    told = panels.turn_summaries(c.screen(), 0, c.index)
    assert [s.name for s in told] == ["Ann", "Bob"]
    assert told[0].text.startswith("Ann picked Diplomat Ghouls; conquered Swamp (4)")
    assert told[1].lines[0] == "Bob picks Spirit Tritons (free)."
    assert told[1].end == c.index and len(told[1].lines) == told[1].end - told[1].start

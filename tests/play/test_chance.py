"""The die in the viewer's controller: chance, never a choice (R-CONQ-10).

No die face is offered anywhere (buttons, region clicks, hover, hints); *roll the die*
draws the face from the game's seed, so undo followed by a roll shows the same face; a
human's die waits for the human, a bot's die is rolled by the driver.
"""

from __future__ import annotations

import re

from swlab.board import Board
from swlab.play.controller import GameController
from swlab.rules import CHANCE, Roll, Stage, actions_by_region, current_player

DIE_FACE = re.compile(r"\broll [0-3]\b")


def to_the_die(c: GameController) -> bool:
    """Pick, conquer, then choose a final conquest: whether the game now waits for the die
    (``False`` when the tokens ran out exactly)."""
    assert c.apply("pick 0").ok
    for _ in range(20):
        if c.state.stage is Stage.ROLL:
            return True
        acts = [a for group in actions_by_region(c.state).values() for a in group]
        finals = [a for a in acts if a.verb == "final"]
        conquests = [a for a in acts if a.verb == "conquer"]
        if not (finals or conquests):
            return False
        assert c.apply(finals[0] if finals else conquests[0]).ok
    return False


def test_r_conq_10_no_die_face_is_offered_at_a_chance_node(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7)
    assert to_the_die(c)
    assert current_player(c.state) == CHANCE
    assert c.buttons() == [] and c.targets() == frozenset()
    texts = [c.hover(rid) for rid in c.state.geo.ids] + [c.hint(), c.status().text]
    assert not [t for t in texts if DIE_FACE.search(t)]
    panel = c.panel()
    assert panel.buttons == () and panel.choices == ()
    status = c.status()
    assert status.chance and status.actor == c.state.turn.actor == 0 and status.stage == "roll"
    assert "roll the die" in c.hint()
    refused = c.click(3)
    assert refused.kind == "refused" and refused.rule == "R-CONQ-10"
    assert "R-CONQ-10" in refused.message and c.state.stage is Stage.ROLL


def test_r_conq_10_undo_then_roll_shows_the_same_face(board2: Board) -> None:
    faces: set[int] = set()
    for seed in range(16):
        c = GameController(board2, ["Ann", "Bob"], seed=seed)
        if not to_the_die(c):
            continue
        first = c.roll()
        assert first.ok and isinstance(first.action, Roll)
        after = c.state
        for _ in range(3):
            c.undo()
            assert c.state.stage is Stage.ROLL
            again = c.roll()
            assert again.action == first.action and again.events == first.events
            assert c.state == after
        faces.add(first.action.face)
        assert c.log()[-len(first.events) - 1].endswith(f"die (Ann): {first.action!r}")
    assert len(faces) >= 2  # the seed decides, not a constant


def test_roll_is_refused_when_the_game_does_not_wait_for_the_die(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7)
    result = c.roll()
    assert result.kind == "refused" and result.rule == "R-CONQ-10" and c.index == 0
    assert not DIE_FACE.search(result.message)


def test_a_humans_die_waits_for_the_human_a_bots_die_is_rolled(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7, bots={1: "random"})
    assert to_the_die(c)
    at_die = c.index
    assert c.run_bots() == [] and c.index == at_die  # Ann (a human) rolls her own die
    assert c.roll().ok
    # next_action at a chance node rolls (what a bot seat's die gets)
    bots = GameController(board2, ["Ann", "Bob"], seed=7, bots={0: "greedy", 1: "greedy"})
    results = bots.autoplay()
    assert results and all(r.ok for r in results) and bots.status().over
    rolls = [r for r in results if isinstance(r.action, Roll)]
    assert rolls, "a whole greedy game rolls the die at least once"


def test_next_action_at_a_chance_node_rolls_the_seeded_face(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7)
    assert to_the_die(c)
    rolled = c.roll()
    c.undo()
    assert c.next_action().action == rolled.action

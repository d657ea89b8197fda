"""Issue 11, headless: the controller and the widget say what a click will do before an
irreversible step, show only honest targets, guide a redeployment, travel in time without
surprises, tell bot turns in words, ask before autoplay, and keep coins hidden."""

from __future__ import annotations

import re

import pytest

from swlab.board import Board
from swlab.play.controller import GameController
from swlab.play.style import HOVER_STYLE, feature_collection, target_rings
from swlab.play.words import COINS
from swlab.rules import Stage, actions_by_region

ipyleaflet = pytest.importorskip("ipyleaflet")

from swlab.play.viewer import GameViewer  # noqa: E402


def to_finals(c: GameController) -> list[int]:
    """Conquer until a click can only start the final conquest; the regions where."""
    for _ in range(20):
        by_region = actions_by_region(c.state)
        finals = [r for r, acts in by_region.items() if [a.verb for a in acts] == ["final"]]
        if finals:
            return sorted(finals)
        conquest = next(a for acts in by_region.values() for a in acts if a.verb == "conquer")
        assert c.apply(conquest).ok
    raise AssertionError("no final conquest reached")


def widgets_in(w: object) -> list[object]:
    out = [w]
    for child in getattr(w, "children", ()):
        out += widgets_in(child)
    return out


# --- observation 3: the final conquest says so and asks ---------------------------------
def test_r_conq_10_a_final_conquest_click_warns_and_asks(ctl: GameController) -> None:
    ctl.apply("pick 0")
    rid = to_finals(ctl)[0]
    before, index = ctl.state, ctl.index
    result = ctl.click(rid)
    assert result.kind == "confirm" and ctl.state is before and ctl.index == index
    text = result.question.text  # type: ignore[union-attr]
    assert text.startswith(f"Final conquest of {ctl.state.geo.label(ctl.state.geo.index[rid])}")
    assert re.search(r"you need a \d or more on the die", text)
    assert "your conquests end after it" in text and "(R-CONQ-10)" in text
    assert ctl.answer("cancel").kind == "none" and ctl.state is before
    ctl.click(rid)
    assert ctl.answer("confirm").ok and ctl.state.stage is Stage.ROLL


# --- observation 8: labelled badge alternatives ------------------------------------------
def test_r_pow_dragonmaster_alternatives_are_labelled_choices(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bob"], seed=7, powers=["Dragon Master"])
    c.apply("pick 0")
    result = c.click(4)
    assert result.kind == "choices" and {a.verb for a in result.choices} == {"conquer", "dragon"}
    labels = c.panel().choice_labels
    assert any(lbl.startswith("Conquer Swamp (4) paying 3 tokens") for lbl in labels)
    dragon = next(lbl for lbl in labels if lbl.startswith("Dragon Master"))
    assert "single token and the Dragon" in dragon and "(R-POW-DRAGONMASTER)" in dragon
    v = GameViewer(c, auto_bots=False)
    assert [b.description for b in v._choice_buttons] == list(labels)


# --- observation 4: honest affordances ---------------------------------------------------
def test_r_conq_4_hover_on_a_sea_says_why_not_and_quotes_no_cost(ctl: GameController) -> None:
    ctl.apply("pick 0")
    sea = ctl.hover(1)
    assert "Not a target now" in sea and "(R-CONQ-4)" in sea and "cost" not in sea
    far = ctl.hover(7)
    assert "Not a target now" in far and "(R-CONQ-1)" in far
    near = ctl.hover(4)
    assert "Click: Conquer Swamp (4)" in near and "2 base + 1 lost tribe = 3" in near


def test_only_targets_look_like_targets(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bot"], seed=7, bots={1: "greedy"})
    c.finish_turn()
    c.run_bots()
    if c.state.stage is Stage.PICK:
        c.apply("pick 0")
    targets = c.targets()
    fc = feature_collection(c.shapes, c.state, targets=targets)
    for f in fc["features"]:
        style = f["properties"]["style"]
        if f["id"] in targets:
            assert style["fillOpacity"] >= 0.9 and "swlab-target" in style["className"]
        else:
            assert style["fillOpacity"] <= 0.25 and "swlab-target" not in style["className"]
    # an occupied target keeps its owner's border and gains the black ring above it
    rings = {f["id"] for f in target_rings(c.shapes, targets)["features"]}
    assert rings == set(targets)
    assert HOVER_STYLE == {}  # hover emphasis is CSS on targets only
    v = GameViewer(c, auto_bots=False)
    assert "path.swlab-target:hover" in v.style.value


# --- observation 6: redeploy prompt, + and -, Done --------------------------------------
def test_r_redeploy_1_prompt_plus_minus_done_and_no_take_by_click(ctl: GameController) -> None:
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    ctl.apply("end")
    v = GameViewer(ctl, auto_bots=False)
    hand = ctl.status().hand
    assert f"{hand} tokens left to place" in v.redeploy_prompt.value or (
        f"{hand} tokens left to place" in str(v.redeploy_box.children[0].value)
    )
    plus = next(
        w for w in widgets_in(v.redeploy_box) if "swlab-place-4" in getattr(w, "_dom_classes", ())
    )
    minus = next(
        w for w in widgets_in(v.redeploy_box) if "swlab-take-4" in getattr(w, "_dom_classes", ())
    )
    plus.click()
    assert ctl.status().hand == hand - 1
    while ctl.status().hand:
        assert ctl.click(4).ok  # a click places
    before = ctl.state
    result = ctl.click(4)  # nothing in hand: a click never takes a token back
    assert result.kind == "refused" and result.rule == "R-REDEPLOY-1" and ctl.state is before
    assert 4 not in ctl.targets()
    v.refresh()
    minus = next(
        w for w in widgets_in(v.redeploy_box) if "swlab-take-4" in getattr(w, "_dom_classes", ())
    )
    minus.click()
    assert ctl.status().hand == 1
    assert ctl.click(4).ok
    v.refresh()
    v.button("done").click()
    assert ctl.state.stage is not Stage.REDEPLOY


# --- observation 7: time travel ---------------------------------------------------------
def test_the_past_shows_a_banner_and_acting_there_asks(ctl: GameController) -> None:
    for text in ("pick 0", "conquer 4", "conquer 5", "end"):
        assert ctl.apply(text).ok
    v = GameViewer(ctl, auto_bots=False)
    v.slider.value = 1
    assert "viewing the past: step 1 of 4" in v.banner.value and "3 later steps" in v.banner.value
    v._last_hover = 4
    v.refresh()
    # the hover of the state shown (before Swamp 4 was conquered), not a stale one
    assert "lost tribe" in v.hover_box.value and "Click: Conquer Swamp (4)" in v.hover_box.value
    result = ctl.click(4)
    assert result.kind == "confirm" and len(ctl) == 4
    options = dict(result.question.options)  # type: ignore[union-attr]
    assert "discarding the 3 later steps" in options["continue"]
    assert "original is kept" in options["branch"]
    original = ctl.game
    assert ctl.answer("branch").ok
    assert len(original) == 4 and ctl.game is not original and len(ctl) == 2
    assert ctl.timelines == [original, ctl.game]
    ctl.switch(0)
    assert ctl.game is original and ctl.index == 1


# --- observation 5: the bot's turn readable ----------------------------------------------
def test_bot_turns_are_summarised_and_stepped_through(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bot"], seed=7, bots={1: "greedy"}, auto_bots=True)
    c = v.controller
    texts: list[str] = []
    for _ in range(4):  # a greedy Ann (played by a bot on request) and the greedy Bot
        c.finish_turn()
        v.refresh()
        c.run_bots()
        v.refresh()
        texts += [s.text for s in c.summaries if s.seat == 1]
    assert texts[0].startswith("Bot picked ")
    losing = [t for t in texts if "from Ann" in t]
    assert losing and all(re.search(r"Ann lost \d+ tokens?\.", t) for t in losing)
    assert "Bot" in v.summary_box.value and "Last turn" in v.summary_box.value
    end = c.index
    v.step_back.click()
    assert c.index == end - 1 and "viewing the past" in v.banner.value
    v.step_next.click()
    assert c.index == end
    s = c.summaries[-1]
    assert s.changed and all(isinstance(r, int) for r in s.changed)


def test_log_is_oldest_first_with_effects_under_each_action(ctl: GameController) -> None:
    ctl.apply("pick 0")
    ctl.apply("conquer 4")
    entries = ctl.log_entries()
    assert [e.n for e in entries] == [1, 2]
    assert (
        entries[0].text == "Ann picks Diplomat Ghouls (free)." and entries[0].notation == "pick 0"
    )
    assert entries[1].text.startswith("Ann conquers Swamp (4) with 3 Ghouls")
    # said once: the conquest's own event (its cost, R-CONQ-2) is kept in the details
    assert not any("(R-CONQ-2)" in x for x in entries[1].effects)
    assert any("(R-CONQ-2)" in x for x in entries[1].retold)
    v = GameViewer(ctl, auto_bots=False)
    log = v.log_box.value
    assert log.index("1. Ann picks") < log.index("2. Ann conquers")
    assert "<details><summary>notation</summary><code>conquer 4</code>" in log


# --- observation 8: autoplay asks, coins truly hidden, undo tooltip -----------------------
def test_autoplay_asks_before_playing_a_persons_seat(board2: Board) -> None:
    c = GameController(board2, ["Ann", "Bot"], seed=7, bots={1: "greedy"})
    result = c.request_autoplay()
    assert result.kind == "confirm" and c.index == 0
    assert "Ann's seat is played by a person" in result.question.text  # type: ignore[union-attr]
    c.answer("bots")  # bots play only their own seats: Ann is still to act
    assert c.index == 0 and c.status().actor == 0
    c.request_autoplay()
    c.answer("all")
    assert c.status().over


def test_r_setup_4_coins_are_never_in_any_text_while_hidden(board2: Board) -> None:
    v = GameViewer(board2, ["Ann", "Bot"], seed=7, bots={1: "greedy"})
    c = v.controller
    for _ in range(3):
        c.finish_turn()
        c.run_bots()
    v.refresh()
    assert c.state.round > 1 and not c.status().over
    texts = [str(getattr(w, "value", "")) for w in widgets_in(v.widget)]
    texts += [str(getattr(w, "description", "")) for w in widgets_in(v.widget)]
    texts += [str(getattr(w, "tooltip", "") or "") for w in widgets_in(v.widget)]
    page = "\n".join(texts)
    assert "scores victory coins, kept hidden" in page
    assert not COINS.search(page), COINS.search(page)
    v.reveal_button.value = True
    assert COINS.search(v.log_box.value)


def test_r_conq_10_no_die_face_control_anywhere(ctl: GameController) -> None:
    ctl.apply("pick 0")
    rid = to_finals(ctl)[0]
    ctl.click(rid)
    ctl.answer("confirm")
    v = GameViewer(ctl, auto_bots=False)
    labels = [getattr(w, "description", "") for w in widgets_in(v.widget)]
    assert "roll the die" in labels
    assert not [lbl for lbl in labels if re.fullmatch(r"roll \d.*", str(lbl))]
    # no key is promised that does nothing: U is named in the tooltip, and works
    assert "(U)" in v.undo_button.tooltip
    index = ctl.index
    v.keys._handle_custom_msg({"key": "u"}, [])
    assert ctl.index == index - 1

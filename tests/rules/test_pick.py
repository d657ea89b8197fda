"""Picking a combo (R-PICK-1..5)."""

from __future__ import annotations

from dataclasses import replace

from swlab.rules import Stage
from swlab.rules.state import Combo

from .helpers import Scenario

RACES = ["Ratmen", "Elves", "Orcs", "Humans", "Trolls", "Dwarves", "Giants"]
POWERS = ["Hill", "Forest", "Swamp", "Alchemist", "Merchant", "Commando", "Stout"]


def fresh() -> Scenario:
    return Scenario(races=RACES, powers=POWERS)


def test_r_pick_1_top_combo_is_free() -> None:
    sc = fresh().do("pick 0")
    assert sc.coins_of(0) == 5
    assert sc.state.players[0].active is not None
    assert sc.state.players[0].active.name == "Ratmen"
    assert sc.state.turn.stage is Stage.CONQUER


def test_r_pick_1_pay_one_coin_on_each_combo_above() -> None:
    sc = fresh().do("pick 3")
    assert sc.coins_of(0) == 2
    assert [c.coins for c in sc.state.column[:3]] == [1, 1, 1]
    assert sc.state.players[0].active.name == "Humans"  # type: ignore[union-attr]


def test_r_pick_2_collect_the_coins_left_on_the_combo() -> None:
    sc = fresh()
    column = list(sc.state.column)
    column[2] = replace(column[2], coins=4)
    sc.state = replace(sc.state, column=tuple(column))
    sc.do("pick 2")
    assert sc.coins_of(0) == 5 - 2 + 4
    ev = sc.events[0]
    assert "collects 4 coins" in ev.describe(sc.state)


def test_r_pick_3_cannot_pick_beyond_your_coins() -> None:
    sc = fresh().coins(0, 2)
    assert sc.refused("pick 3") == "R-PICK-3"
    assert sc.legal() == ["pick 0", "pick 1", "pick 2"]
    assert sc.refused("pick 6") == "R-PICK-1"


def test_r_pick_4_tokens_are_banner_plus_badge_limited_by_the_tray() -> None:
    sc = fresh().do("pick 0")  # Ratmen 8 + Hill 4
    assert sc.hand("Ratmen") == 12
    assert sc.state.tray("Ratmen") == 13 - 12
    sc2 = fresh()
    sc2.state = sc2.state.with_tray("Ratmen", -10)
    sc2.do("pick 0")
    assert sc2.hand("Ratmen") == 3  # only 3 left in the tray


def test_r_pick_5_column_slides_up_and_refills() -> None:
    sc = fresh().do("pick 1")
    assert [c.race for c in sc.state.column] == [
        "Ratmen",
        "Orcs",
        "Humans",
        "Trolls",
        "Dwarves",
        "Giants",
    ]
    assert sc.state.column[0].coins == 1  # the coins slide up with their combo


def test_r_pick_5_discarded_badges_are_reshuffled_deterministically() -> None:
    sc = fresh()
    sc.state = replace(
        sc.state,
        power_stack=(),
        power_discard=("Flying", "Heroic", "Wealthy"),
        column=sc.state.column[:5],
    )
    from swlab.rules.ops import refill_column

    a, events = refill_column(sc.state)
    b, _ = refill_column(sc.state)
    assert a.column == b.column and len(a.column) == 6
    assert a.power_discard == () and len(a.power_stack) == 2
    assert any(e.rule == "R-PICK-5" and "shuffled" in e.describe() for e in events)


def test_r_pick_no_combo_left_lets_the_player_pass() -> None:
    sc = fresh()
    sc.state = replace(sc.state, column=(), race_stack=())
    assert sc.legal() == ["end"]
    sc.do("end")
    assert sc.state.current == 1


def test_r_pick_combo_record_is_plain() -> None:
    assert Combo("Elves", "Hill").coins == 0

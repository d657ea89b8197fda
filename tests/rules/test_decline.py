"""Going into decline (R-DECLINE-1..7, R-RULING-15, R-TURN-0)."""

from __future__ import annotations

from swlab.rules import Stage

from .helpers import Scenario


def humans_expanding() -> Scenario:
    sc = Scenario(races=["Ratmen"], powers=["Hill"]).active(0, "Humans", "Forest")
    sc.region(1, 0, "Humans", 3).region(2, 0, "Humans", 2).region(6, 0, "Humans", 1)
    return sc.start_turn(0)


def test_r_decline_1_flip_the_banner_and_discard_the_badge() -> None:
    sc = humans_expanding().do("decline")
    p = sc.state.players[0]
    assert p.active is None and [d.name for d in p.declined] == ["Humans"]
    assert sc.state.power_discard == ("Forest",)
    assert any(e.rule == "R-DECLINE-1" for e in sc.events)


def test_r_decline_2_one_token_per_region_the_rest_to_the_tray() -> None:
    sc = humans_expanding().do("decline")
    assert [sc.at(r).tokens for r in (1, 2, 6)] == [1, 1, 1]
    assert all(sc.at(r).in_decline for r in (1, 2, 6))
    assert sc.state.tray("Humans") == 10 - 3


def test_r_decline_3_older_decline_race_is_removed_first() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Humans").declined(0, "Elves")
    sc.region(1, 0, "Humans", 2).region(8, 0, "Elves", 1).start_turn(0).do("decline")
    assert [d.name for d in sc.state.players[0].declined] == ["Humans"]
    assert sc.at(8).race == "" and sc.state.tray("Elves") == 11
    assert sc.state.race_stack[-1] == "Elves" or any(c.race == "Elves" for c in sc.state.column)


def test_r_decline_3_removed_banner_fills_the_lowest_empty_slot_of_the_column() -> None:
    from dataclasses import replace

    sc = Scenario(races=["Ratmen"]).active(0, "Humans").declined(0, "Elves")
    sc.region(1, 0, "Humans", 2).region(8, 0, "Elves", 1)
    sc.state = replace(sc.state, column=sc.state.column[:4], race_stack=())
    sc.start_turn(0).do("decline")
    assert len(sc.state.column) == 5 and sc.state.column[-1].race == "Elves"


def test_r_decline_3_last_token_of_a_decline_race_leaving_removes_it() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=5).declined(1, "Elves")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Elves", 1).conquering(0).do("conquer 3")
    assert sc.state.players[1].declined == ()
    assert any(e.rule == "R-DECLINE-3" for e in sc.events)


def test_r_decline_4_pieces_leave_but_lairs_and_fortresses_stay() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Halflings")
    sc.region(1, 0, "Halflings", 2, hole=True, lair=True, fortress=True).start_turn(0)
    sc.do("decline")
    r = sc.at(1)
    assert not r.hole and r.lair and r.fortress


def test_r_decline_5_no_conquest_in_the_decline_turn_and_it_scores() -> None:
    sc = humans_expanding()
    sc.do("conquer 7")
    assert sc.refused("decline") == "R-DECLINE-5"
    sc2 = humans_expanding().do("decline")
    # 3 decline regions, no Humans farmland bonus and no Forest bonus (R-SCORE-2)
    assert sc2.coins_of(0) == 5 + 3
    assert sc2.state.current == 1


def test_r_decline_5_abandon_counts_as_expanding() -> None:
    sc = humans_expanding().do("abandon 6")
    assert sc.refused("decline") == "R-DECLINE-5"


def test_r_decline_1_not_in_the_turn_the_combo_was_picked() -> None:
    sc = Scenario(races=["Ratmen"]).do("pick 0")
    assert sc.refused("decline") == "R-DECLINE-1"
    assert "decline" not in sc.legal()


def test_r_decline_6_next_turn_picks_a_new_combo_and_scores_both() -> None:
    sc = humans_expanding().do("decline")
    sc.start_turn(0)
    assert sc.state.turn.stage is Stage.PICK
    sc.do("pick 0", "conquer 8", "end", "deploy 8:12")
    assert sc.coins_of(0) == 5 + 3 + 3 + 1  # 3 decline regions + the new one


def test_r_decline_7_decline_tokens_never_move() -> None:
    sc = humans_expanding().do("decline").start_turn(0)
    assert not any(a.startswith(("take", "place", "abandon")) for a in sc.legal())
    assert [sc.at(r).tokens for r in (1, 2, 6)] == [1, 1, 1]  # no Ready-your-troops


def test_r_ruling_15_tokens_in_hand_return_to_the_tray_on_decline() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Amazons", reserve=4)
    sc.region(1, 0, "Amazons", 3).start_turn(0)
    assert sc.hand("Amazons") == 2 + 4
    sc.do("decline")
    assert sc.state.tray("Amazons") == 15 - 1
    assert sc.race("Amazons").hand == 0 and sc.race("Amazons").reserve == 0


def test_r_turn_0_only_the_active_race_declines_after_ghouls_acted() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Humans").declined(0, "Ghouls")
    sc.region(1, 0, "Humans", 2).region(8, 0, "Ghouls", 3).start_turn(0)
    assert sc.state.turn.acting == "Ghouls"
    assert sc.refused("decline") == "R-TURN-0"

"""Spirit (R-POW-SPIRIT): the Spirit decline race does not count toward the decline limit."""

from __future__ import annotations

from swlab.rules import Stage

from .helpers import Scenario


def test_r_pow_spirit_two_decline_races_both_score() -> None:
    sc = Scenario().active(0, "Humans", "Spirit").declined(0, "Elves")
    sc.region(1, 0, "Humans", 2).region(8, 0, "Elves", 1).start_turn(0).do("decline")
    assert [d.name for d in sc.state.players[0].declined] == ["Elves", "Humans"]
    assert sc.race("Humans").power == "Spirit"  # the badge stays (R-DECLINE-1)
    assert "Spirit" not in sc.state.power_discard
    assert sc.coins_of(0) == 5 + 2  # R-DECLINE-5: both decline races score
    assert any("Spirit stays with them" in t for t in sc.event_texts())


def test_r_decline_3_a_third_decline_removes_the_other_not_the_spirit() -> None:
    sc = Scenario().active(0, "Humans", "Spirit").declined(0, "Elves")
    sc.region(1, 0, "Humans", 2).region(8, 0, "Elves", 1).start_turn(0).do("decline")
    sc.active(0, "Ratmen", "Merchant").region(2, 0, "Ratmen", 2).start_turn(0).do("decline")
    assert [d.name for d in sc.state.players[0].declined] == ["Humans", "Ratmen"]
    assert sc.at(8).race == "" and sc.at(1).race == "Humans"
    # and again: the Spirit Humans stay, the Ratmen go
    sc.active(0, "Orcs").region(3, 0, "Orcs", 2).start_turn(0).do("decline")
    assert [d.name for d in sc.state.players[0].declined] == ["Humans", "Orcs"]


def test_r_pow_spirit_decline_tokens_leave_only_by_conquest() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).declined(1, "Humans", "Spirit")
    sc.region(2, 0, "Ratmen", 1).region(1, 1, "Humans", 1).conquering(0)
    sc.do("conquer 1")
    assert sc.state.race("Humans") is None  # its last region gone: off the map (R-DECLINE-3)
    assert "Spirit" in sc.state.power_discard  # the badge is discarded with it


def test_r_pow_spirit_with_ghouls_they_still_conquer_in_decline() -> None:
    sc = Scenario().active(0, "Ghouls", "Spirit").declined(0, "Elves")
    sc.region(1, 0, "Ghouls", 3).region(8, 0, "Elves", 1).start_turn(0).do("decline")
    assert sc.at(1).tokens == 3  # R-RACE-GHOULS: all stay
    assert len(sc.state.players[0].declined) == 2
    sc.active(0, "Ratmen").region(3, 0, "Ratmen", 1).start_turn(0)
    assert sc.state.turn.acting == "Ghouls" and sc.state.turn.stage is Stage.CONQUER

"""Bivouacking (R-POW-BIVOUACKING): 5 Encampments, +1 defence each, never lost to attacks."""

from __future__ import annotations

from swlab.rules import Stage, explain_cost

from .helpers import Scenario


def test_r_pow_bivouacking_place_five_during_redeployment() -> None:
    sc = Scenario().active(0, "Ratmen", "Bivouacking", hand=6).conquering(0, picked=True)
    sc.do("conquer 1", "conquer 2", "end", "place 1", "place 1")
    assert "camp 1" in sc.legal() and "camp 2" in sc.legal()
    assert sc.refused("done") == "R-POW-BIVOUACKING"  # 5 still off the map
    sc.do("camp 1", "camp 1", "camp 1", "camp 2")
    assert sc.refused("deploy 1:4") == "R-POW-BIVOUACKING"
    sc.do("camp 2")
    assert not any(a.startswith("camp") for a in sc.legal())  # all 5 on the map
    assert (sc.at(1).encampments, sc.at(2).encampments) == (3, 2)
    sc.do("done")
    assert sc.state.current == 1


def test_r_pow_bivouacking_each_encampment_defends_like_a_token() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).active(1, "Humans", "Bivouacking")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 1, encampments=3).conquering(0)
    cost = explain_cost(sc.state, 3)
    assert cost.total == 2 + 3 + 1
    assert any(r.rule == "R-POW-BIVOUACKING" for r in cost.rows)


def test_r_pow_bivouacking_never_lost_re_placed_at_the_end_of_the_turn() -> None:
    sc = Scenario().active(0, "Ratmen", hand=8).active(1, "Humans", "Bivouacking")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 1, encampments=3)
    sc.region(8, 1, "Humans", 2, encampments=2).conquering(0)
    sc.do("conquer 3", "end", "deploy 2:3,3:6")
    # R-REDEPLOY-2: the Humans' owner has nothing in hand but 3 Encampments to re-place
    assert sc.state.turn.stage is Stage.DEFEND and sc.state.turn.actor == 1
    assert sc.legal() == ["camp 8"]
    assert sc.refused("done") == "R-POW-BIVOUACKING"
    assert sc.refused("uncamp 8") == "R-REDEPLOY-2"
    sc.do("camp 8", "camp 8", "camp 8", "done")
    assert sc.at(8).encampments == 5 and sc.state.current == 1


def test_r_pow_bivouacking_moved_every_turn() -> None:
    sc = Scenario().active(0, "Ratmen", "Bivouacking")
    sc.region(1, 0, "Ratmen", 2, encampments=5).region(2, 0, "Ratmen", 1).start_turn(0)
    sc.do("end", "uncamp 1", "uncamp 1")
    assert sc.refused("done") == "R-POW-BIVOUACKING"
    sc.do("camp 2", "camp 2", "deploy 1:2")
    assert (sc.at(1).encampments, sc.at(2).encampments) == (3, 2)


def test_r_race_sorcerers_an_encampment_protects_a_lone_token() -> None:
    sc = Scenario().active(0, "Sorcerers").active(1, "Humans", "Bivouacking")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1, encampments=1).conquering(0)
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"


def test_r_pow_bivouacking_removed_on_decline_r_decline_4() -> None:
    sc = Scenario().active(0, "Ratmen", "Bivouacking")
    sc.region(1, 0, "Ratmen", 2, encampments=5).start_turn(0).do("decline")
    assert sc.at(1).encampments == 0


def test_r_ruling_8_encampments_do_not_count_in_the_tie_break() -> None:
    from swlab.rules import tokens_on_map

    sc = Scenario().active(0, "Ratmen", "Bivouacking")
    sc.region(1, 0, "Ratmen", 2, encampments=5)
    assert tokens_on_map(sc.state, 0) == 2

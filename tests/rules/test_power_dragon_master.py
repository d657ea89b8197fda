"""Dragon Master (R-POW-DRAGONMASTER, R-RULING-4, R-IMMUNE): one token, whatever defends."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def dragon(hand: int = 5) -> Scenario:
    sc = Scenario().active(0, "Ratmen", "Dragon Master", hand=hand).active(1, "Humans")
    return sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 4, fortress=True)


def test_r_pow_dragonmaster_conquers_with_a_single_token() -> None:
    sc = dragon().conquering(0)
    assert explain_cost(sc.state, 3).total == 7
    sc.do("dragon 3")
    assert sc.at(3).race == "Ratmen" and sc.at(3).tokens == 1 and sc.at(3).dragon
    assert sc.hand("Ratmen") == 4 and sc.hand("Humans") == 3  # R-CONQ-7 as usual
    assert not sc.at(3).fortress
    assert any("R-POW-DRAGONMASTER" in t for t in sc.event_texts())


def test_r_pow_dragonmaster_once_per_turn() -> None:
    sc = dragon().region(6, 1, "Humans", 1).conquering(0).do("dragon 3")
    assert sc.refused("dragon 6") == "R-POW-DRAGONMASTER"
    assert not any(a.startswith("dragon") for a in sc.legal())


def test_r_immune_the_dragon_region_cannot_be_attacked() -> None:
    sc = dragon().conquering(0).do("dragon 3", "end", "deploy 2:2,3:4")
    sc.active(1, "Humans", hand=5).region(7, 1, "Humans", 1).conquering(1)
    assert sc.at(3).tokens == 4 and sc.refused("conquer 3") == "R-IMMUNE"
    sc.active(1, "Sorcerers").region(7, 1, "Sorcerers", 1).region(3, 0, "Ratmen", 1, dragon=True)
    sc.conquering(1)
    assert sc.refused("convert 3") == "R-IMMUNE"  # untouched by race effects too


def test_r_pow_dragonmaster_dragon_moves_the_next_turn() -> None:
    sc = Scenario().active(0, "Ratmen", "Dragon Master").active(1, "Humans")
    sc.region(2, 0, "Ratmen", 3, dragon=True).region(1, 1, "Humans", 3).start_turn(0)
    sc.do("dragon 1")
    assert sc.at(1).dragon and not sc.at(2).dragon


def test_r_pow_dragonmaster_follows_adjacency_and_needs_a_token() -> None:
    sc = dragon(hand=0).region(8, 1, "Humans", 1).conquering(0)
    assert sc.refused("dragon 3") == "R-CONQ-3"
    sc = dragon().region(8, 1, "Humans", 1).conquering(0)
    assert sc.refused("dragon 8") == "R-CONQ-6"


def test_r_pow_dragonmaster_removed_on_decline() -> None:
    sc = Scenario().active(0, "Ratmen", "Dragon Master")
    sc.region(2, 0, "Ratmen", 3, dragon=True).start_turn(0).do("decline")
    assert not any(r.dragon for r in sc.state.regions)  # R-DECLINE-4


def test_r_ruling_4_the_dragon_never_enters_a_hole_of_halflings() -> None:
    sc = Scenario().active(0, "Ratmen", "Dragon Master", hand=5).region(2, 0, "Ratmen", 1)
    sc.active(1, "Halflings").region(1, 1, "Halflings", 1, hole=True).conquering(0)
    assert sc.refused("dragon 1") == "R-RULING-4"
    assert sc.refused("dragon 9") == "R-RULING-4"


def test_r_conq_10_no_dragon_attack_after_the_final_conquest_attempt() -> None:
    sc = dragon(hand=1).conquering(0)
    assert "dragon 3" in sc.legal()
    sc.do("final 1", "roll 0")  # conquests end, success or failure
    assert sc.refused("dragon 3") == "R-CONQ-10"
    assert not any(a.startswith("dragon") for a in sc.legal())


def test_r_pow_dragonmaster_the_dragon_is_one_piece_that_moves() -> None:
    from swlab.rules.abilities.powers.dragon_master import DragonAttack
    from swlab.rules.pieces import DRAGON, PlacePiece, on_map

    assert issubclass(DragonAttack, PlacePiece) and DragonAttack.piece is DRAGON
    sc = Scenario().active(0, "Ratmen", "Dragon Master").active(1, "Humans")
    sc.region(2, 0, "Ratmen", 3, dragon=True).region(1, 1, "Humans", 3).start_turn(0)
    sc.do("dragon 1")
    assert on_map(sc.state, DRAGON) == DRAGON.box == 1
    texts = sc.event_texts()
    assert any("Dragon is removed from Hill (2)" in t for t in texts), texts
    assert any("Dragon is placed in Farmland (1)" in t for t in texts), texts

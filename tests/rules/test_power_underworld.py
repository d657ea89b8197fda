"""Underworld (R-POW-UNDERWORLD): caverns cost 1 less and are adjacent to each other."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import SMALL_BORDERS, SMALL_EDGE, SMALL_REGIONS, GraphBoard, Scenario


def cavern_board() -> GraphBoard:
    """The small board with a second Cavern in forest 8, far from swamp 5."""
    regions = dict(SMALL_REGIONS)
    regions[8] = ("forest", "cavern")
    return GraphBoard.from_spec(regions, SMALL_BORDERS, SMALL_EDGE)


def test_r_pow_underworld_caverns_cost_one_less() -> None:
    sc = Scenario(cavern_board()).active(0, "Ratmen", "Underworld", hand=5)
    sc.conquering(0, picked=True)
    assert explain_cost(sc.state, 5).total == 1
    assert explain_cost(sc.state, 1).total == 2


def test_r_pow_underworld_caverns_adjacent_to_each_other() -> None:
    sc = Scenario(cavern_board()).active(0, "Ratmen", "Underworld", hand=5)
    sc.region(8, 0, "Ratmen", 1).conquering(0)
    assert "conquer 5" in sc.legal()  # cavern to cavern, across the board (R-CONQ-6 exception)
    assert sc.refused("conquer 6") == "R-CONQ-6"  # not a cavern
    sc.do("conquer 5")
    assert sc.at(5).race == "Ratmen" and sc.at(5).tokens == 1


def test_r_pow_underworld_first_conquest_still_from_the_border() -> None:
    regions = dict(SMALL_REGIONS)
    regions[6] = ("farmland", "cavern")
    board = GraphBoard.from_spec(regions, SMALL_BORDERS, SMALL_EDGE)
    sc = Scenario(board).active(0, "Ratmen", "Underworld", hand=5).conquering(0, picked=True)
    assert sc.refused("conquer 6") == "R-CONQ-1"  # no cavern held yet


def test_r_pow_underworld_with_the_die_r_ruling_2() -> None:
    sc = Scenario(cavern_board()).active(0, "Ratmen", "Underworld", hand=1).active(1, "Humans")
    sc.region(8, 0, "Ratmen", 1).region(5, 1, "Humans", 3).conquering(0)
    assert explain_cost(sc.state, 5).total == 4  # 2 + 3 - 1: 3 short, the die may try
    assert "final 5" in sc.legal()

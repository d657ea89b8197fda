"""Commando (R-POW-COMMANDO): every conquest costs 1 token less, minimum 1 once."""

from __future__ import annotations

from swlab.rules import explain_cost

from .helpers import Scenario


def test_r_pow_commando_every_conquest_one_less() -> None:
    sc = Scenario().active(0, "Ratmen", "Commando", hand=5).conquering(0, picked=True)
    sc.lost_tribe(1)
    cost = explain_cost(sc.state, 1)
    assert cost.total == 2 + 1 - 1 and cost.rows[-1].rule == "R-POW-COMMANDO"
    sc.do("conquer 1")
    assert sc.at(1).tokens == 2 and sc.hand("Ratmen") == 3


def test_r_ruling_1_commando_and_tritons_clamp_once_at_one() -> None:
    sc = Scenario().active(0, "Tritons", "Commando", hand=5).conquering(0, picked=True)
    cost = explain_cost(sc.state, 5)  # coastal swamp: 2 - 1 - 1 = 0, clamped to 1
    assert [r.amount for r in cost.rows] == [2, -1, -1, 1] and cost.total == 1
    assert cost.rows[-1].rule == "R-CONQ-3"


def test_r_ruling_2_commando_discount_counts_for_the_final_conquest() -> None:
    sc = Scenario().active(0, "Ratmen", "Commando", hand=2).active(1, "Humans")
    sc.region(1, 0, "Ratmen", 1).region(2, 1, "Humans", 4).conquering(0)
    # 2 + 4 = 6 - 1 = 5: 3 short of the 2 in hand, so the die may try (R-CONQ-10)
    assert explain_cost(sc.state, 2).total == 5
    assert "final 2" in sc.legal()
    plain = Scenario().active(0, "Ratmen", hand=2).active(1, "Humans")
    plain.region(1, 0, "Ratmen", 1).region(2, 1, "Humans", 4).conquering(0)
    assert plain.refused("final 2") == "R-CONQ-10"  # 4 short without Commando

"""Sorcerers (R-RACE-SORCERERS, R-RULING-13): convert a lone active enemy token."""

from __future__ import annotations

from swlab.rules import Stage

from .helpers import Scenario


def sorcerers(hand: int = 0) -> Scenario:
    sc = Scenario().active(0, "Sorcerers", hand=hand).active(1, "Humans")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1).region(8, 1, "Humans", 1)
    return sc.conquering(0)


def test_r_race_sorcerers_convert_needs_no_token_in_hand() -> None:
    sc = sorcerers(hand=0)
    assert "convert 3" in sc.legal() and "convert 8" not in sc.legal()
    sc.do("convert 3")
    assert sc.at(3).race == "Sorcerers" and sc.at(3).tokens == 1
    assert sc.state.tray("Sorcerers") == 18 - 2 and sc.state.tray("Humans") == 10 - 1
    assert sc.state.turn.conquests[-1].non_empty  # R-RULING-3


def test_r_race_sorcerers_once_per_opponent_per_turn() -> None:
    sc = sorcerers()
    sc.region(7, 1, "Humans", 1)
    sc.do("convert 3")
    assert sc.refused("convert 7") == "R-RACE-SORCERERS"


def test_r_race_sorcerers_only_a_lone_active_token() -> None:
    sc = sorcerers()
    sc.region(3, 1, "Humans", 2)
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"
    sc.region(3, 1, "Humans", 1, encampments=1)  # an Encampment keeps it company
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"
    sc.region(3, 1, "Humans", 1, lair=True, fortress=True)  # these do not
    sc.do("convert 3")
    assert not sc.at(3).lair and not sc.at(3).fortress


def test_r_race_sorcerers_not_a_decline_token() -> None:
    sc = Scenario().active(0, "Sorcerers").declined(1, "Humans")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Humans", 1).conquering(0)
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"


def test_r_race_sorcerers_adjacent_only_and_not_immune() -> None:
    sc = sorcerers()
    assert sc.refused("convert 8") == "R-RACE-SORCERERS"
    sc.region(3, 1, "Humans", 1, hole=True)
    assert sc.refused("convert 3") == "R-IMMUNE"


def test_r_race_sorcerers_tray_limit_r_pick_4() -> None:
    sc = sorcerers()
    sc.state = sc.state.with_tray("Sorcerers", -sc.state.tray("Sorcerers"))
    assert sc.refused("convert 3") == "R-PICK-4"


def test_r_ruling_13_no_conversion_after_the_final_roll() -> None:
    sc = sorcerers(hand=1).do("final 1", "roll 0")
    assert sc.state.turn.stage is Stage.REDEPLOY
    assert sc.refused("convert 3") == "R-RULING-13"


# --- a conversion reaches where the Sorcerers' conquest reaches (R-RACE-SORCERERS) --------


def test_r_race_sorcerers_flying_converts_wherever_flying_conquers() -> None:
    """Flying Sorcerers are offered ``conquer 8`` far from their region: ``convert 8`` too."""
    sc = Scenario().active(0, "Sorcerers", "Flying", hand=5).active(1, "Humans")
    sc.region(2, 0, "Sorcerers", 1).region(8, 1, "Humans", 1).conquering(0)
    assert "conquer 8" in sc.legal() and "convert 8" in sc.legal()
    sc.do("convert 8")
    assert sc.at(8).race == "Sorcerers" and sc.at(8).tokens == 1
    # without Flying the same region is out of reach for both
    plain = Scenario().active(0, "Sorcerers", hand=5).active(1, "Humans")
    plain.region(2, 0, "Sorcerers", 1).region(8, 1, "Humans", 1).conquering(0)
    assert plain.refused("conquer 8") == "R-CONQ-6"
    assert plain.refused("convert 8") == "R-RACE-SORCERERS"


def test_r_race_sorcerers_flying_still_never_converts_water_r_conq_4() -> None:
    sc = Scenario().active(0, "Sorcerers", "Flying").active(1, "Tritons", "Seafaring")
    sc.region(2, 0, "Sorcerers", 1).region(9, 1, "Tritons", 1).conquering(0)
    assert sc.refused("conquer 9") == "R-CONQ-4"
    assert sc.refused("convert 9") == "R-CONQ-4"
    assert "convert 9" not in sc.legal()


def test_r_race_sorcerers_seafaring_converts_on_water_r_conq_4() -> None:
    # one Seafaring badge serves both races here: the conversion on water is what is tested
    sc = Scenario().active(0, "Sorcerers", "Seafaring").active(1, "Tritons", "Seafaring")
    sc.unchecked().region(1, 0, "Sorcerers", 1).region(9, 1, "Tritons", 1).conquering(0)
    assert "convert 9" in sc.legal()
    sc.do("convert 9")
    assert sc.at(9).race == "Sorcerers"


def test_r_race_sorcerers_underworld_converts_cavern_to_cavern_r_pow_underworld() -> None:
    from .test_power_underworld import cavern_board

    sc = Scenario(cavern_board()).active(0, "Sorcerers", "Underworld").active(1, "Humans")
    sc.region(5, 0, "Sorcerers", 1).region(8, 1, "Humans", 1).region(7, 1, "Humans", 1)
    sc.conquering(0)
    assert "convert 8" in sc.legal()  # cavern 8 counts as adjacent to cavern 5
    assert sc.refused("convert 7") == "R-RACE-SORCERERS"  # not a cavern, not adjacent
    sc.do("convert 8")
    assert sc.at(8).race == "Sorcerers"


def test_r_race_sorcerers_with_no_region_do_not_convert_r_conq_1() -> None:
    """A conversion needs a Sorcerer region to be adjacent to: with none, they conquer in."""
    sc = Scenario().active(0, "Sorcerers", hand=9).active(1, "Humans")
    sc.region(3, 1, "Humans", 1).region(6, 1, "Humans", 1).conquering(0)
    assert not [a for a in sc.legal() if a.startswith("convert")]
    assert sc.refused("convert 3") == "R-RACE-SORCERERS"  # forest 3 touches the edge
    assert "conquer 3" in sc.legal()  # the way in is a conquest from the border (R-CONQ-1)


def test_r_race_sorcerers_conversion_and_conquest_reach_the_same_regions() -> None:
    """Every region a conversion is offered on, a conquest with tokens in hand is too."""
    for power in ("", "Flying", "Seafaring", "Underworld"):
        sc = Scenario().active(0, "Sorcerers", power, hand=9).active(1, "Humans")
        sc.region(2, 0, "Sorcerers", 1)
        for rid in (1, 3, 6, 7, 8, 10):
            sc.region(rid, 1, "Humans", 1)
        legal = sc.conquering(0).legal()
        converts = {a.split()[1] for a in legal if a.startswith("convert")}
        conquers = {a.split()[1] for a in legal if a.startswith(("conquer", "final"))}
        assert converts and converts <= conquers, (power, converts, conquers)
        if power == "Flying":
            assert converts == {"1", "3", "6", "7", "8", "10"}

"""Elves (R-RACE-ELVES): lose no token when conquered (except by conversion, or in decline)."""

from __future__ import annotations

from .helpers import Scenario


def attacked(elves: str = "active") -> Scenario:
    sc = Scenario().active(0, "Ratmen", hand=8)
    sc = sc.active(1, "Elves") if elves == "active" else sc.declined(1, "Elves")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Elves", 3 if elves == "active" else 1)
    sc.region(8, 1, "Elves", 1)
    return sc.conquering(0)


def test_r_race_elves_keep_every_token_when_conquered() -> None:
    sc = attacked().do("conquer 3")
    assert sc.hand("Elves") == 3 and sc.state.tray("Elves") == 11 - 4
    assert "0 tokens back to the tray" in sc.event_texts()[1]


def test_r_race_elves_in_decline_lose_their_token() -> None:
    sc = attacked("decline").do("conquer 3")
    assert sc.race("Elves").hand == 0 and sc.state.tray("Elves") == 11 - 1


def test_r_race_elves_converted_elf_is_lost() -> None:
    """Interaction with Sorcerers (R-RACE-SORCERERS)."""
    sc = Scenario().active(0, "Sorcerers").active(1, "Elves")
    sc.region(2, 0, "Sorcerers", 1).region(3, 1, "Elves", 1).region(8, 1, "Elves", 1)
    sc.conquering(0).do("convert 3")
    assert sc.hand("Elves") == 0 and sc.state.tray("Elves") == 11 - 1

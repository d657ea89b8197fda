"""The explicit registry: 14 races (R-COMP-2), 20 powers (R-COMP-3), each race tested."""

from __future__ import annotations

import sys
from pathlib import Path

from swlab.rules import POWERS, RACES
from swlab.rules.abilities.base import Power, Race

HERE = Path(__file__).resolve().parent


def test_r_comp_2_fourteen_races_with_banner_values_and_trays() -> None:
    assert len(RACES) == 14
    assert all(isinstance(r, Race) for r in RACES.values())
    assert {n: (r.tokens, r.tray) for n, r in RACES.items()} == {
        "Amazons": (6, 15), "Dwarves": (3, 8), "Elves": (6, 11), "Ghouls": (5, 10),
        "Giants": (6, 11), "Halflings": (6, 11), "Humans": (5, 10), "Orcs": (5, 10),
        "Ratmen": (8, 13), "Skeletons": (6, 20), "Sorcerers": (5, 18), "Tritons": (6, 11),
        "Trolls": (5, 10), "Wizards": (5, 10),
    }  # fmt: skip
    assert RACES["Amazons"].extra_tokens == 4


def test_r_comp_3_twenty_powers() -> None:
    assert len(POWERS) == 20
    assert all(isinstance(p, Power) for p in POWERS.values())
    for p in POWERS.values():
        doc = sys.modules[type(p).__module__].__doc__ or ""
        assert p.rule.startswith("R-POW-") and p.rule in doc, p.name


def test_every_race_has_its_test_module_and_cites_its_rule() -> None:
    for name, race in RACES.items():
        module = HERE / f"test_race_{name.lower()}.py"
        assert module.is_file(), module
        assert race.rule.lower().replace("-", "_") in module.read_text().lower().replace("-", "_")
        assert race.rule in (sys.modules[type(race).__module__].__doc__ or ""), name


def test_every_power_has_its_test_module_and_cites_its_rule() -> None:
    for name, power in POWERS.items():
        module = HERE / f"test_power_{name.lower().replace(' ', '_')}.py"
        assert module.is_file(), module
        text = module.read_text().lower().replace("-", "_")
        assert power.rule.lower().replace("-", "_") in text, name
        doc = sys.modules[type(power).__module__].__doc__ or ""
        assert power.rule in doc and module.name in doc, name

"""Ratmen (8): R-RACE-RATMEN, no ability; their strength is their number.

Tested in tests/rules/test_race_ratmen.py.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Race


class Ratmen(Race):
    name = "Ratmen"
    tokens = 8
    tray = 13
    rule = "R-RACE-RATMEN"

"""Commando (4): R-POW-COMMANDO. Every conquest costs 1 token less (min 1).
Tested in tests/rules/test_power_commando.py.

R-RULING-1: its discount adds to the race's (and to a Berserk roll's, were they combined);
the minimum of 1 token is applied once, after all modifiers (R-CONQ-3). R-RULING-2: the
final conquest's "at most 3 short" is measured against the discounted cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import ModifierSets, Power, Row

if TYPE_CHECKING:
    from swlab.rules.state import GameState, RaceState


class Commando(Power):
    name = "Commando"
    tokens = 4
    rule = "R-POW-COMMANDO"

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        return (Row("Commando", -1, self.rule),)

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets:
        return ((-1, None),)

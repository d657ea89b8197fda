"""Sorcerers (5): R-RACE-SORCERERS. Tested in tests/rules/test_race_sorcerers.py.

Once per opponent per turn, conquer a region by replacing that opponent's **lone active**
race token with a Sorcerer from the tray (the replaced token goes back to the tray, a
converted Elf is lost too). The token must be the only race token in the region: a Troll
Lair, Fortress or Mountain does not keep it company, an Encampment does. The region must be
adjacent to a Sorcerer region, the tray must still hold a Sorcerer (R-PICK-4), and it is
done before the final-conquest roll (R-RULING-13). Immune regions cannot be targeted
(R-IMMUNE). No token in hand is needed: the one exception to R-CONQ-3. A conversion is a
conquest of a non-empty region (R-RULING-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from swlab.rules.abilities.base import Race
from swlab.rules.actions import Action, Convert
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Converted

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

RULE = "R-RACE-SORCERERS"


class Sorcerers(Race):
    name = "Sorcerers"
    tokens = 5
    tray = 18
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, Convert)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        from swlab.rules.state import Stage

        if race.in_decline or state.turn.stage is not Stage.CONQUER:
            return ()
        if state.tray(self.name) < 1:
            return ()
        geo = state.geo
        # only next to a Sorcerer region: check_extra refuses the others (adjacency)
        held = frozenset(state.race_regions(race.name))
        return [
            Convert(geo.ids[i])
            for i, r in enumerate(state.regions)
            if r.tokens == 1
            and r.owner >= 0
            and r.owner != race.owner
            and not r.in_decline
            and geo.neighbours[i] & held
        ]

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        from swlab.rules.ops import badges
        from swlab.rules.state import Stage

        assert isinstance(action, Convert)
        geo = state.geo
        i = geo.index.get(action.region)
        if i is None:
            return IllegalActionError(
                "R-COMP-6", f"There is no region {action.region} on this board (R-COMP-6)."
            )
        label = geo.label(i)
        if state.turn.stage is not Stage.CONQUER or race.in_decline:
            return IllegalActionError(
                "R-RULING-13",
                "Sorcerers convert during their conquests, before the final-conquest roll "
                "(R-RULING-13).",
            )
        r = state.regions[i]
        if not r.race or r.owner == race.owner or r.owner < 0:
            return IllegalActionError(
                RULE, f"{label} holds no opponent's race token to convert ({RULE})."
            )
        if r.in_decline:
            return IllegalActionError(
                RULE,
                f"The token in {label} is in decline: only an active token can be converted "
                f"({RULE}).",
            )
        if r.tokens != 1 or r.encampments:
            return IllegalActionError(
                RULE,
                f"The {r.race} in {label} are not alone: only a lone token (no second token, no "
                f"Encampment) can be converted ({RULE}).",
            )
        if r.is_immune:
            return IllegalActionError(
                "R-IMMUNE", f"{label} is immune to race and power effects (R-IMMUNE)."
            )
        if r.owner in state.turn.converted:
            return IllegalActionError(
                RULE,
                f"You have already converted a token of {state.player_name(r.owner)} this turn "
                f"({RULE}).",
            )
        own = badges(race)
        if geo.water[i] and not any(b.can_occupy_water(state, race) for b in own):
            return IllegalActionError(
                "R-CONQ-4", f"{label} is water: Seas and Lakes cannot be conquered (R-CONQ-4)."
            )
        if not any(state.regions[n].race == race.name for n in geo.neighbours[i]):
            return IllegalActionError(
                RULE, f"{label} is not adjacent to a Sorcerer region ({RULE})."
            )
        if state.tray(self.name) < 1:
            return IllegalActionError(
                "R-PICK-4",
                "The tray holds no Sorcerer: the conversion waits until some come back (R-PICK-4).",
            )
        defender = state.race(r.race)
        if defender is not None:
            for b in badges(defender):
                refusal = b.protects(state, defender, race, i)
                if refusal is not None:
                    return IllegalActionError(*refusal)
        return None

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        from swlab.rules.ops import badges, set_region, strip_defender, update_race
        from swlab.rules.state import Conquest, RegionState

        assert isinstance(action, Convert)
        i = state.geo.index[action.region]
        victim = state.regions[i]
        events: list[Event] = [Converted(race.owner, action.region, victim.owner, victim.race)]
        state, evs = strip_defender(state, i, race, conversion=True)
        events.extend(evs)
        state = set_region(
            state,
            i,
            RegionState(owner=race.owner, race=race.name, tokens=1, mountain=victim.mountain),
        ).with_tray(self.name, -1)
        race = replace(race, conquests=race.conquests + 1)
        state = update_race(state, race)
        turn = state.turn
        turn = replace(
            turn,
            conquests=(
                *turn.conquests,
                Conquest(race.name, i, True, victim.owner, defender_active=True, conversion=True),
            ),
            converted=turn.converted | {victim.owner},
            acted=True,
        )
        state = replace(state, turn=turn)
        for b in badges(race):
            state, more = b.on_conquest(state, race, i)
            events.extend(more)
        return state, events

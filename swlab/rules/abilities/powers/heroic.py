"""Heroic (5): R-POW-HEROIC. At the end of your turn put your 2 Heroes in 2 different regions
you occupy: immune to enemy conquests and race/power effects while they stay. Removed on
decline. Tested in tests/rules/test_power_heroic.py.

Placing is a decision, made during the race's own redeployment (the end of its turn):
``hero R`` puts a Hero from the box in region ``R``; ``unhero R`` lifts one so it can go
elsewhere (Heroes stay where they are from turn to turn unless moved). ``done`` is refused
while a Hero is off the map and a region of yours has none (**ruling**: with a single region
only 1 Hero can stand). A Hero makes its region immune (R-IMMUNE, a core rule keyed on the
piece): enemies cannot conquer it, Sorcerers cannot convert it, the Dragon cannot enter it.
A Hero leaves a region that is abandoned (R-EXPAND-2) and is placed again at the next
redeployment; Heroes leave the map when the race declines (R-DECLINE-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from swlab.rules.abilities.base import Power, is_acting, region_position
from swlab.rules.actions import Action, RegionAction, register_action
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import PieceChanged

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-HEROIC"
HEROES = 2  # R-COMP-5


@dataclass(frozen=True, slots=True, repr=False)
class PlaceHero(RegionAction):
    """Put a Hero in one of your regions: ``hero 7`` (R-POW-HEROIC)."""

    verb: ClassVar[str] = "hero"


@dataclass(frozen=True, slots=True, repr=False)
class LiftHero(RegionAction):
    """Lift a Hero off one of your regions to place it again: ``unhero 7``."""

    verb: ClassVar[str] = "unhero"
    undoes: ClassVar[bool] = True


register_action(PlaceHero)
register_action(LiftHero)


def heroes_on_map(state: GameState, race: RaceState) -> int:
    return sum(1 for r in state.regions if r.hero and r.race == race.name)


class Heroic(Power):
    name = "Heroic"
    tokens = 5
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceHero | LiftHero)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        from swlab.rules.state import Stage

        if not is_acting(state, race, Stage.REDEPLOY):
            return ()
        ids = state.geo.ids
        held = state.race_regions(race.name)
        out: list[Action] = []
        if heroes_on_map(state, race) < HEROES:
            out.extend(PlaceHero(ids[i]) for i in held if not state.regions[i].hero)
        out.extend(LiftHero(ids[i]) for i in held if state.regions[i].hero)
        return out

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        from swlab.rules.state import Stage

        assert isinstance(action, PlaceHero | LiftHero)
        i = region_position(state, action.region)
        if isinstance(i, IllegalActionError):
            return i
        if not is_acting(state, race, Stage.REDEPLOY):
            return IllegalActionError(
                RULE,
                f"The {race.name}'s Heroes are placed at the end of their own turn, during the "
                f"redeployment ({RULE}).",
            )
        label = state.geo.label(i)
        r = state.regions[i]
        if r.race != race.name:
            return IllegalActionError(
                RULE, f"{label} is not a region of your {race.name} ({RULE})."
            )
        if isinstance(action, LiftHero):
            if not r.hero:
                return IllegalActionError(RULE, f"There is no Hero in {label} to lift ({RULE}).")
            return None
        if r.hero:
            return IllegalActionError(
                RULE,
                f"{label} already has a Hero: the 2 Heroes go in 2 different regions ({RULE}).",
            )
        if heroes_on_map(state, race) >= HEROES:
            return IllegalActionError(
                RULE, f"Both Heroes are on the map: lift one first ('unhero') ({RULE})."
            )
        return None

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        from swlab.rules.ops import set_region

        assert isinstance(action, PlaceHero | LiftHero)
        i = state.geo.index[action.region]
        placed = isinstance(action, PlaceHero)
        state = set_region(state, i, replace(state.regions[i], hero=placed))
        return state, [PieceChanged("Hero", action.region, placed, RULE)]

    def done_refusal(self, state: GameState, race: RaceState) -> tuple[str, str] | None:
        from swlab.rules.state import Stage

        if not is_acting(state, race, Stage.REDEPLOY):
            return None
        if heroes_on_map(state, race) >= HEROES:
            return None
        if not any(not state.regions[i].hero for i in state.race_regions(race.name)):
            return None
        return (
            RULE,
            f"Put your {HEROES} Heroes in {HEROES} different regions of your {race.name} before "
            f"ending the turn ('hero R') ({RULE}).",
        )

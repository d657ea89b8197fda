"""Sorcerers (5): R-RACE-SORCERERS. Tested in tests/rules/test_race_sorcerers.py.

Once per opponent per turn, conquer a region by replacing that opponent's **lone active**
race token with a Sorcerer from the tray (the replaced token goes back to the tray, a
converted Elf is lost too). The token must be the only race token in the region: a Troll
Lair, Fortress or Mountain does not keep it company, an Encampment does (the pieces table
says which pieces count: :func:`swlab.rules.pieces.companions`). The tray must still hold a
Sorcerer (R-PICK-4), and it is done before the final-conquest roll (R-RULING-13). No token
in hand is needed: the one exception to R-CONQ-3. A conversion is a conquest of a non-empty
region (R-RULING-3).

A conversion reaches the regions the Sorcerers' conquest reaches from their regions: the
shared conquest reach (:mod:`swlab.rules.reach`) decides adjacency to a Sorcerer region
(R-CONQ-6) with the power's exceptions (Flying anywhere, Underworld's caverns, Seafaring's
water, R-CONQ-4), immune regions (R-IMMUNE) and the defender's protection (Diplomat). The
rule asks for a region "adjacent to a Sorcerer region", so Sorcerers with no region on the
map do not convert: they enter the map by conquest first (R-CONQ-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from swlab import names
from swlab.i18n import _
from swlab.rules import reach
from swlab.rules.abilities.base import Race, region_position
from swlab.rules.actions import Action, Convert
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Converted
from swlab.rules.pieces import companions
from swlab.rules.state import Stage

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState, RegionState

RULE = "R-RACE-SORCERERS"


def _is_lone_active(region: RegionState, race: RaceState) -> bool:
    """An opponent's single active race token with no piece counting as a token."""
    return (
        region.tokens == 1
        and region.owner >= 0
        and region.owner != race.owner
        and not region.in_decline
        and not companions(region)
    )


class Sorcerers(Race):
    name = "Sorcerers"
    tokens = 5
    tray = 18
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, Convert)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        if race.in_decline or state.turn.stage is not Stage.CONQUER:
            return ()
        if state.tray(self.name) < 1 or not state.race_regions(race.name):
            return ()
        # only where the Sorcerers' conquest reaches: check_extra refuses the others; and a
        # lone token stands in a region of another race (when those are fewer, as on a
        # large board or for Flying Sorcerers, only they are looked at)
        ids, regions = state.geo.ids, state.regions
        candidates = reach.reach_candidates(state, race, in_hand=False)
        others = [
            i for name, held in state.holdings.races.items() if name != race.name for i in held
        ]
        if len(others) < len(candidates):
            reached = candidates if isinstance(candidates, range) else set(candidates)
            candidates = sorted(i for i in others if i in reached)
        return [Convert(ids[i]) for i in candidates if _is_lone_active(regions[i], race)]

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        assert isinstance(action, Convert)
        i = region_position(state, action.region)
        if isinstance(i, IllegalActionError):
            return i
        geo = state.geo
        if state.turn.stage is not Stage.CONQUER or race.in_decline:
            return IllegalActionError(
                "R-RULING-13",
                lambda: _(
                    "Sorcerers convert during their conquests, before the final-conquest roll."
                ),
            )
        r = state.regions[i]
        if not r.race or r.owner == race.owner or r.owner < 0:
            return IllegalActionError(
                RULE,
                lambda: _("{region} holds no opponent's race token to convert.").format(
                    region=geo.label(i)
                ),
            )
        if r.in_decline:
            return IllegalActionError(
                RULE,
                lambda: _(
                    "The token in {region} is in decline: only an active token can be converted."
                ).format(region=geo.label(i)),
            )
        if r.tokens != 1 or companions(r):
            return IllegalActionError(
                RULE,
                lambda: _(
                    "The {race} in {region} are not alone: only a lone token (no second token, "
                    "no Encampment) can be converted."
                ).format(race=names.race(r.race), region=geo.label(i)),
            )
        if not state.race_regions(race.name):
            return IllegalActionError(
                RULE,
                lambda: _(
                    "{region} is not adjacent to a Sorcerer region: with no Sorcerer region on "
                    "the map, the Sorcerers enter by conquest first."
                ).format(region=geo.label(i)),
            )
        # where the conquest reaches: water, immunity, protection, adjacency
        where = reach.reach_of(state, race)
        code = where.where(state, i, in_hand=False)
        if code == "adjacent":
            return IllegalActionError(
                RULE,
                lambda: _("{region} is not adjacent to a Sorcerer region.").format(
                    region=geo.label(i)
                ),
            )
        if code is not None:
            return where.error(state, code, i, final=False)
        if r.owner in state.turn.converted:
            return IllegalActionError(
                RULE,
                lambda: _("You have already converted a token of {player} this turn.").format(
                    player=state.player_name(r.owner)
                ),
            )
        if state.tray(self.name) < 1:
            return IllegalActionError(
                "R-PICK-4",
                lambda: _("The tray holds no Sorcerer: the conversion waits until some come back."),
            )
        return None

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        assert isinstance(action, Convert)
        i = state.geo.index[action.region]
        victim = state.regions[i]
        told = Converted(race.owner, action.region, victim.owner, victim.race)
        events: list[Event] = []
        state = reach.take_region(
            state.with_tray(self.name, -1), race, i, 1, told, events, conversion=True
        )
        return state, events

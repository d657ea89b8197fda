"""Bivouacking (5): R-POW-BIVOUACKING. During redeployment place 5 Encampments on your regions
(several may share a region). Each counts as 1 token for defence (and protects a lone token
from Sorcerers). They may be moved every turn. Never lost to attacks: re-placed at the end
of the current player's turn. Removed on decline.
Tested in tests/rules/test_power_bivouacking.py.

Placing is a decision: ``camp R`` puts one Encampment from the box in your region ``R``;
``uncamp R`` lifts one during your own redeployment so it can be moved. Encampments off the
map (never placed, lifted, or displaced when a region was conquered or abandoned) must all
be placed before ``done`` (**ruling**: "place 5" and "re-placed" read as an obligation while
the race holds a region). An attacked Bivouacking player re-places displaced Encampments in
its defender redeployment at the end of the current player's turn (R-REDEPLOY-2), even with
no token in hand. Their defence (+1 each, R-CONQ-2) and the protection of a lone token
(R-RACE-SORCERERS) are core rules keyed on the piece. They never count as race tokens for
the tie-break (R-RULING-8) and leave the map when the race declines (R-DECLINE-4).
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

RULE = "R-POW-BIVOUACKING"
ENCAMPMENTS = 5  # R-COMP-5


@dataclass(frozen=True, slots=True, repr=False)
class Camp(RegionAction):
    """Put one Encampment in one of your regions: ``camp 5`` (R-POW-BIVOUACKING)."""

    verb: ClassVar[str] = "camp"


@dataclass(frozen=True, slots=True, repr=False)
class Uncamp(RegionAction):
    """Lift one Encampment off one of your regions to move it: ``uncamp 5``."""

    verb: ClassVar[str] = "uncamp"
    undoes: ClassVar[bool] = True


register_action(Camp)
register_action(Uncamp)


def encampments_off_map(state: GameState, race: RaceState) -> int:
    """Encampments of ``race`` still to place (R-COMP-5: the box holds 5)."""
    on_map = sum(r.encampments for r in state.regions if r.race == race.name)
    return max(0, ENCAMPMENTS - on_map)


def _stages() -> tuple[str, ...]:
    from swlab.rules.state import Stage

    return (Stage.REDEPLOY, Stage.DEFEND)


class Bivouacking(Power):
    name = "Bivouacking"
    tokens = 5
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, Camp | Uncamp)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        from swlab.rules.state import Stage

        if not is_acting(state, race, *_stages()):
            return ()
        ids = state.geo.ids
        held = state.race_regions(race.name)
        out: list[Action] = []
        if encampments_off_map(state, race):
            out.extend(Camp(ids[i]) for i in held)
        if state.turn.stage is Stage.REDEPLOY:
            out.extend(Uncamp(ids[i]) for i in held if state.regions[i].encampments)
        return out

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        from swlab.rules.state import Stage

        assert isinstance(action, Camp | Uncamp)
        i = region_position(state, action.region)
        if isinstance(i, IllegalActionError):
            return i
        if not is_acting(state, race, *_stages()):
            return IllegalActionError(
                RULE,
                f"Encampments are placed during the {race.name}'s redeployment, or when "
                f"re-placing displaced ones at the end of the turn ({RULE}).",
            )
        label = state.geo.label(i)
        r = state.regions[i]
        if r.race != race.name:
            return IllegalActionError(
                RULE, f"{label} is not a region of your {race.name} ({RULE})."
            )
        if isinstance(action, Uncamp):
            if state.turn.stage is not Stage.REDEPLOY:
                return IllegalActionError(
                    "R-REDEPLOY-2",
                    "An attacked player only re-places displaced Encampments; the others stay "
                    "(R-REDEPLOY-2).",
                )
            if not r.encampments:
                return IllegalActionError(RULE, f"{label} has no Encampment to lift ({RULE}).")
            return None
        if not encampments_off_map(state, race):
            return IllegalActionError(
                RULE,
                f"All {ENCAMPMENTS} Encampments are on the map: lift one first to move it "
                f"('uncamp') ({RULE}).",
            )
        return None

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        from swlab.rules.ops import set_region

        assert isinstance(action, Camp | Uncamp)
        i = state.geo.index[action.region]
        r = state.regions[i]
        placed = isinstance(action, Camp)
        state = set_region(state, i, replace(r, encampments=r.encampments + (1 if placed else -1)))
        return state, [PieceChanged("Encampment", action.region, placed, RULE)]

    def has_redeploy_work(self, state: GameState, race: RaceState) -> bool:
        return (
            not race.in_decline
            and encampments_off_map(state, race) > 0
            and bool(state.race_regions(race.name))
        )

    def done_refusal(self, state: GameState, race: RaceState) -> tuple[str, str] | None:
        if not is_acting(state, race, *_stages()):
            return None
        left = encampments_off_map(state, race)
        if not left or not state.race_regions(race.name):
            return None
        return (
            RULE,
            f"{left} Encampment(s) are still off the map: place them in your regions first "
            f"('camp R') ({RULE}).",
        )

"""The withdrawal stage (R-RACE-AMAZONS): after redeploying, the Amazons take their four
extra tokens off the map, one ``withdraw R`` at a time."""

from __future__ import annotations

from swlab import names
from swlab.i18n import N_, _
from swlab.rules import flow
from swlab.rules.abilities.base import region_position
from swlab.rules.actions import Action, Withdraw
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event, Withdrawn
from swlab.rules.ops import empty_region, has_regions, update_race
from swlab.rules.stages.base import StageRules, the_acting_race
from swlab.rules.state import (
    GameState,
    RaceState,
    Stage,
    state_race_regions,
    state_with_tokens,
    with_field,
)


class WithdrawStage(StageRules):
    """R-RACE-AMAZONS: leave at least 1 token per region if possible; may empty one."""

    stage = Stage.WITHDRAW
    rule = "R-RACE-AMAZONS"
    waits = N_("The Amazons must take tokens off the map.")
    kinds = (
        (Withdraw, "R-RACE-AMAZONS", N_("Only the Amazons withdraw, after their redeployment.")),
    )

    def candidates(self, state: GameState) -> list[Action]:
        race = the_acting_race(state)
        withdraw = state.geo.per_region(Withdraw)
        return [
            withdraw[i]
            for i in state_race_regions(state, race.name)
            if refuse_withdraw(state, race, i) is None
        ]

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        if not isinstance(action, Withdraw):
            return self.wrong_kind(state, action)
        i = region_position(state, action.region)
        if isinstance(i, IllegalActionError):
            return i
        return refuse_withdraw(state, the_acting_race(state), i)

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        assert isinstance(action, Withdraw)
        return withdraw(state, the_acting_race(state), state.geo.index[action.region], events)


def refuse_withdraw(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """R-RACE-AMAZONS: an own region; one holding 2 or more first."""
    r = state.regions[i]
    if r.race != race.name:
        return IllegalActionError(
            "R-RACE-AMAZONS",
            lambda: _("{region} is not a region of your {race}.").format(
                region=state.geo.label(i), race=names.race("Amazons")
            ),
        )
    if r.tokens == 1 and any(
        state.regions[j].tokens >= 2 for j in state_race_regions(state, race.name)
    ):
        return IllegalActionError(
            "R-RACE-AMAZONS",
            lambda: _(
                "Take the Amazons from a region holding 2 or more first: leave at least 1 per "
                "region if possible."
            ),
        )
    return None


def withdraw(state: GameState, race: RaceState, i: int, events: list[Event]) -> GameState:
    """R-RACE-AMAZONS: one token off the map into the reserve; may empty the region."""
    r = state.regions[i]
    emptied = r.tokens == 1
    if emptied:
        state, evs = empty_region(state, i, "R-RACE-AMAZONS")
    else:
        state, evs = state_with_tokens(state, i, r.tokens - 1), []
    state = update_race(state, race.updated(reserve=race.reserve + 1))
    events.append(Withdrawn(race.owner, state.geo.ids[i], emptied))
    events.extend(evs)
    left = state.turn.withdraw_left - 1
    state = with_field(state, "turn", state.turn.updated(withdraw_left=left))
    if left <= 0 or not has_regions(state, race.name):
        return flow.after_acting_phase(state, events)
    return state

"""The roll stage: a chance node (R-CONQ-10, R-COMP-5). The reinforcement die of a final
conquest, or a badge's own roll before a conquest (Berserk, R-POW-BERSERK)."""

from __future__ import annotations

from swlab.i18n import N_, _
from swlab.rules import flow
from swlab.rules.actions import Abandon, Action, Decline, End, Roll
from swlab.rules.cost import conquest_cost
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import BerserkRolled, DieRolled, Event
from swlab.rules.reach import conquer_region
from swlab.rules.stages.base import LEGAL, StageRules, extra_owner, the_acting_race
from swlab.rules.stages.conquer import ConquerStage
from swlab.rules.state import GameState, Stage, state_updated, with_field


class RollStage(StageRules):
    """No player decides: ``chance_outcomes`` gives the faces; an explicit ``roll N`` is
    accepted (records, a teacher's position), the face ``GameState.die`` fixes only."""

    stage = Stage.ROLL
    rule = "R-CONQ-10"
    waits = N_("The game waits for the reinforcement die.")
    kinds = ((Roll, "R-CONQ-10", N_("The die is rolled only after choosing a final conquest.")),)

    def candidates(self, state: GameState) -> list[Action]:
        return []

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        if not isinstance(action, Roll):
            return self.wrong_kind(state, action)
        if action.face not in (0, 1, 2, 3):
            return IllegalActionError(
                "R-COMP-5", lambda: _("The reinforcement die shows 0, 1, 2 or 3.")
            )
        if state.die and action.face != state.die[0]:
            return IllegalActionError(
                "R-CONQ-10",
                lambda: _(
                    "The die of this position is fixed: the next roll shows {fixed}, not {face}."
                ).format(fixed=state.die[0], face=action.face),
            )
        return None

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        assert isinstance(action, Roll)
        if state.die:  # the fixed face is used up (R-CONQ-10)
            state = state_updated(state, die=state.die[1:])
        if state.turn.final_region < 0:
            return badge_roll(state, action, events)
        return final_roll(state, action.face, events)


def final_roll(state: GameState, face: int, events: list[Event]) -> GameState:
    """R-CONQ-10: roll + hand ≥ cost conquers with every token in hand; conquests end."""
    race = the_acting_race(state)
    i = state.turn.final_region
    cost = conquest_cost(state, race, i)
    success = race.hand + face >= cost
    events.append(DieRolled(race.owner, face, success))
    state = with_field(state, "turn", state.turn.updated(stage=Stage.CONQUER, final_region=-1))
    if success:
        state = conquer_region(state, race, i, race.hand, events)
    return flow.start_redeploy(state, events)


def badge_roll(state: GameState, action: Roll, events: list[Event]) -> GameState:
    """A roll before a conquest (Berserk, R-POW-BERSERK): the badge keeps the face and the
    conquests go on; when no conquest is left open after it, conquests end at once and the
    tokens in hand are redeployed (the automatic transition, told by the event)."""
    race = the_acting_race(state)
    owner = extra_owner(state, race, action)
    assert owner is not None, "a roll nobody asked for"
    state, evs = owner.apply_extra(state, race, action)
    options = ConquerStage().candidates(state)
    state.memo[LEGAL] = tuple(options)
    left = any(not isinstance(a, End | Abandon | Decline) for a in options)
    events.append(BerserkRolled(race.owner, action.face, left))
    events.extend(evs)
    if left:
        return state
    return flow.start_redeploy(owner.roll_unused(state, race), events)

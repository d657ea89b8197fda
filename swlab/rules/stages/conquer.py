"""The conquest stage (R-CONQ, R-EXPAND, R-TURN): conquer, choose the final conquest,
abandon, go into decline or stop; the badges add theirs (Dragon Master's ``dragon``,
Berserk's ``berserk``, the Sorcerers' ``convert``)."""

from __future__ import annotations

from typing import cast

from swlab import names
from swlab.i18n import N_, _
from swlab.rules import flow
from swlab.rules.abilities.base import region_position
from swlab.rules.actions import Abandon, Action, Conquer, Convert, Decline, End, Final, Pick
from swlab.rules.cost import conquest_cost
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Abandoned, Event, FinalConquestChosen
from swlab.rules.ops import empty_region, has_regions, update_race
from swlab.rules.reach import at_positions, conquer_region, end_conquests, reach_of
from swlab.rules.stages.base import StageRules, extra_actions, extra_owner, the_acting_race
from swlab.rules.state import GameState, RaceState, Stage, with_field

#: the listed ``decline`` and ``end``: values without fields, made once and shared
_DECLINE, _END = Decline(), End()


class ConquerStage(StageRules):
    """R-CONQ-11: conquests until the player stops (``end``) or the final conquest's die."""

    stage = Stage.CONQUER
    rule = "R-CONQ-11"
    waits = N_("The game waits for a conquest, or for you to stop.")
    kinds = (
        (Conquer, "R-CONQ-11", N_("Conquests happen in the conquest stage, before redeployment.")),
        (Final, "R-CONQ-10", N_("The final conquest is chosen in the conquest stage.")),
        (Abandon, "R-EXPAND-2", N_("Regions are abandoned before the first conquest of a turn.")),
        (Convert, "R-RACE-SORCERERS", N_("Only active Sorcerers convert, during their conquests.")),
        (
            Decline,
            "R-DECLINE-5",
            N_("A race goes into decline instead of expanding, at the start of its turn."),
        ),
        (End, "R-CONQ-11", N_("'end' stops the conquests or passes an optional choice.")),
    )

    def candidates(self, state: GameState) -> list[Action]:
        race = the_acting_race(state)
        reach = reach_of(state, race)
        # (a new list of conquests, extended here: not copied)
        out = cast("list[Action]", reach.conquests(state))
        # refuse_abandon accepts every region of the race before its first conquest of the
        # turn, and refuses every region after it
        if not conquered_this_turn(state, race):
            out += at_positions(state.geo.per_region(Abandon), reach.held)
        out.extend(extra_actions(state, race))
        if decline_refusal(state) is None:
            out.append(_DECLINE)
        out.append(_END)
        return out

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        race = the_acting_race(state)
        if isinstance(action, Conquer | Final | Abandon):
            i = region_position(state, action.region)
            if isinstance(i, IllegalActionError):
                return i
            if isinstance(action, Abandon):
                return refuse_abandon(state, race, i)
            return reach_of(state, race).refuse(state, i, final=isinstance(action, Final))
        if isinstance(action, Decline):
            return refuse_decline(state)
        if isinstance(action, End):
            return None
        owner = extra_owner(state, race, action)
        if owner is not None:
            return owner.check_extra(state, race, action)
        if isinstance(action, Pick) and lost_every_region(state, race):
            return IllegalActionError(
                "R-RULING-7",
                lambda: _(
                    "Your {race} lost every region but are still your active race: they "
                    "re-enter the map or go into decline; no new combo this turn."
                ).format(race=names.race(race.name)),
            )
        return self.wrong_kind(state, action)

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        race = the_acting_race(state)
        if isinstance(action, Conquer):
            return conquer_region(state, race, state.geo.index[action.region], None, events)
        if isinstance(action, Final):
            return choose_final(state, race, state.geo.index[action.region], events)
        if isinstance(action, Abandon):
            return abandon(state, race, state.geo.index[action.region], events)
        if isinstance(action, Decline):
            # ``decline`` is the whole turn of decline: the moment of Stage.DECLINED, then
            # the end of the turn (R-DECLINE-5)
            return flow.end_of_turn(flow.decline(state, events), events)
        if isinstance(action, End):
            return flow.start_redeploy(state, events)
        owner = extra_owner(state, race, action)
        assert owner is not None
        state, evs = owner.apply_extra(state, race, action)
        events.extend(evs)
        return state


def lost_every_region(state: GameState, race: RaceState) -> bool:
    """An active race that lost every region, in a turn it did not pick (R-RULING-7)."""
    return not race.in_decline and not state.turn.picked and not has_regions(state, race.name)


def conquered_this_turn(state: GameState, race: RaceState) -> bool:
    """Whether ``race`` has conquered this turn (no abandon after that, R-EXPAND-2)."""
    conquests = state.turn.conquests
    if not conquests:
        return False  # (most listings: no conquest yet, no generator started)
    name = race.name
    return any(c.race == name for c in conquests)


def refuse_abandon(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """R-EXPAND-2: an own region, before the first conquest of the turn.

    Decline Ghouls, who play exactly as if active, abandon as an active race does
    (R-RULING-16, R-RACE-GHOULS).
    """
    if state.regions[i].race != race.name:
        return IllegalActionError(
            "R-EXPAND-2",
            lambda: _("{region} is not a region of your {race}.").format(
                region=state.geo.label(i), race=names.race(race.name)
            ),
        )
    if conquered_this_turn(state, race):
        return IllegalActionError(
            "R-EXPAND-2",
            lambda: _("Regions are abandoned before the first conquest of the turn, not after."),
        )
    return None


def refuse_decline(state: GameState) -> IllegalActionError | None:
    """R-DECLINE-1, R-DECLINE-5: the active race, in a later turn, before expanding.

    Decline Ghouls conquering first does not prevent the decline (R-RULING-12).
    """
    why = decline_refusal(state)
    if why is None:
        return None
    if why == "R-TURN-0":
        return IllegalActionError(
            why,
            lambda: _(
                "Only the active race goes into decline, after the decline Ghouls have conquered."
            ),
        )
    if why == "R-DECLINE-1":
        active = state.players[state.current].active
        assert active is not None
        return IllegalActionError(
            why,
            lambda: _(
                "The {race} were picked this turn: a race's first turn is pick, conquer, "
                "redeploy, score; decline is possible from its next turn."
            ).format(race=names.race(active.name)),
        )
    return IllegalActionError(
        why,
        lambda: _(
            "You have already expanded this turn: a turn is either expansion or decline, "
            "never both."
        ),
    )


def decline_refusal(state: GameState) -> str | None:
    """The rule of :func:`refuse_decline` (``None``: decline is legal), without its
    sentence: the listing asks at every step of the conquests."""
    turn = state.turn
    active = state.players[state.current].active
    if active is None or turn.acting != active.name:
        return "R-TURN-0"
    if turn.picked:
        return "R-DECLINE-1"
    if turn.acted:
        return "R-DECLINE-5"
    return None


def choose_final(state: GameState, race: RaceState, i: int, events: list[Event]) -> GameState:
    """R-CONQ-10: the region is chosen first, then the die is rolled; from now on, success
    or failure, the race's conquests are over for this turn."""
    cost = conquest_cost(state, race, i)
    events.append(FinalConquestChosen(race.owner, state.geo.ids[i], cost, race.hand))
    state = end_conquests(state, race, i)
    return with_field(state, "turn", state.turn.updated(stage=Stage.ROLL, final_region=i))


def abandon(state: GameState, race: RaceState, i: int, events: list[Event]) -> GameState:
    """R-EXPAND-2: every token there into hand; the region is no longer yours.

    An active race has then expanded this turn (no decline, R-DECLINE-5); decline Ghouls
    abandoning do not commit the active race (R-RULING-16, R-RULING-12).
    """
    tokens = state.regions[i].tokens
    state, evs = empty_region(state, i, "R-EXPAND-2")
    state = update_race(state, race.updated(hand=race.hand + tokens))
    if not race.in_decline:
        state = with_field(state, "turn", state.turn.updated(acted=True))
    events.append(Abandoned(race.owner, race.name, state.geo.ids[i], tokens))
    events.extend(evs)
    return state

"""The redeployment stage (R-REDEPLOY-1): the acting race places and takes back tokens,
then says ``done`` (or gives the whole placement, ``deploy``); the badges add their pieces
(Fortified's ``fortress``, Heroic's ``hero``, Bivouacking's ``camp``, Diplomat's
``peace``). :class:`~swlab.rules.stages.defend.DefendStage` is its attacked-player form."""

from __future__ import annotations

from swlab import names
from swlab.i18n import N_, _, ngettext
from swlab.rules import flow
from swlab.rules.abilities.base import region_position
from swlab.rules.actions import Action, Deploy, Done, Place, Take
from swlab.rules.errors import IllegalActionError, Sentence
from swlab.rules.events import Event, TokenMoved
from swlab.rules.ops import has_regions, hooked_badges, update_race
from swlab.rules.reach import at_positions
from swlab.rules.stages.base import StageRules, extra_actions, extra_owner, the_acting_race
from swlab.rules.state import (
    GameState,
    RaceState,
    RegionState,
    Stage,
    state_held,
    state_with_tokens,
    with_hand,
)

#: the listed ``done``: a value without fields, made once and shared
_DONE = Done()
#: ``Stage.REDEPLOY`` read once (an attribute of an Enum class is slow to read, and every
#: listing of a redeployment asks)
_REDEPLOY = Stage.REDEPLOY


class RedeployStage(StageRules):
    """R-REDEPLOY-1: every token in hand is deployed to the race's own regions."""

    stage = Stage.REDEPLOY
    rule = "R-REDEPLOY-1"
    waits = N_("The game waits for redeployment.")
    kinds = (
        (Place, "R-REDEPLOY-1", N_("Tokens are placed during redeployment.")),
        (
            Take,
            "R-REDEPLOY-1",
            N_("Tokens are taken back during the current player's redeployment."),
        ),
        (Deploy, "R-REDEPLOY-1", N_("The placement is given during redeployment.")),
        (Done, "R-REDEPLOY-1", N_("'done' ends a redeployment.")),
    )

    def candidates(self, state: GameState) -> list[Action]:
        race = the_acting_race(state)
        # (the race's positions read from the holdings, not copied: race_regions would)
        held = state_held(state).races.get(race.name, ())
        per_region = state.geo.per_region
        out: list[Action] = at_positions(per_region(Place), held) if race.hand > 0 else []
        if self.stage is _REDEPLOY:
            take = per_region(Take)
            regions = state.regions
            out += [take[i] for i in held if regions[i].tokens >= 2]
        # badge placements (encampments, heroes, fortress, peace); in DEFEND only what the
        # badge allows there (displaced Encampments, R-REDEPLOY-2)
        out.extend(extra_actions(state, race))
        # done_refusal(state, race) is None, with the race's regions known: a hand left
        # while the race holds a region refuses ``done``
        if not (race.hand and held) and _badge_done(state, race) is None:
            out.append(_DONE)
        return out

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        race = the_acting_race(state)
        if isinstance(action, Place | Take):
            i = region_position(state, action.region)
            if isinstance(i, IllegalActionError):
                return i
            if isinstance(action, Place):
                return refuse_place(state, race, i)
            return refuse_take(state, race, i)
        if isinstance(action, Done):
            return refuse_done(state, race)
        if isinstance(action, Deploy):
            return refuse_deploy(state, race, action)
        owner = extra_owner(state, race, action)
        if owner is not None:
            return owner.check_extra(state, race, action)
        return self.wrong_kind(state, action)

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        race = the_acting_race(state)
        if isinstance(action, Place | Take):
            return move_token(state, race, action, events)
        if isinstance(action, Deploy):
            return flow.finish_redeploy(deploy(state, race, action), race, events)
        if isinstance(action, Done):
            return flow.finish_redeploy(state, race, events)
        owner = extra_owner(state, race, action)
        assert owner is not None
        state, evs = owner.apply_extra(state, race, action)
        events.extend(evs)
        return state


def _rule(state: GameState) -> str:
    """The rule of a redeployment: the acting race's, or an attacked player's."""
    return "R-REDEPLOY-2" if state.turn.stage is Stage.DEFEND else "R-REDEPLOY-1"


def refuse_place(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """A token from hand to an own region (R-REDEPLOY-1, R-REDEPLOY-2)."""
    if race.hand < 1:
        return IllegalActionError(
            _rule(state),
            lambda: _("You have no {race} token in hand to place.").format(
                race=names.race(race.name)
            ),
        )
    if state.regions[i].race != race.name:
        return IllegalActionError(
            _rule(state),
            lambda: _(
                "{region} is not a region of your {race}: tokens go only to your own regions."
            ).format(region=state.geo.label(i), race=names.race(race.name)),
        )
    return None


def refuse_take(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """A token back to hand from an own region keeping 1 (R-REDEPLOY-1); never while
    defending (R-REDEPLOY-2)."""
    if state.turn.stage is Stage.DEFEND:
        return IllegalActionError(
            "R-REDEPLOY-2",
            lambda: _("An attacked player only places the tokens in hand; the others stay."),
        )
    r = state.regions[i]
    if r.race != race.name:
        return IllegalActionError(
            "R-REDEPLOY-1",
            lambda: _("{region} is not a region of your {race}.").format(
                region=state.geo.label(i), race=names.race(race.name)
            ),
        )
    if r.tokens < 2:
        return IllegalActionError(
            "R-REDEPLOY-1",
            lambda: _("{region} must keep at least 1 token.").format(region=state.geo.label(i)),
        )
    return None


def refuse_done(state: GameState, race: RaceState) -> IllegalActionError | None:
    """R-REDEPLOY-1: every token in hand is deployed (unless no region is left, R-RULING-5)."""
    refusal = done_refusal(state, race)
    return None if refusal is None else IllegalActionError(*refusal)


def done_refusal(state: GameState, race: RaceState) -> tuple[str, Sentence] | None:
    """The rule and the (unwritten) sentence of :func:`refuse_done`: the listing asks only
    whether there is one, at every step of a redeployment, so no error is made for it."""
    refusal = _badge_done(state, race)
    if refusal is not None:
        return refusal
    if race.hand and has_regions(state, race.name):
        return (
            _rule(state),
            # English keeps "token(s)" (the tutorial quotes it); the catalogs give each count
            # its own form
            lambda: ngettext(
                "You still hold {count} {race} token(s): place them all in your regions first.",
                "You still hold {count} {race} token(s): place them all in your regions first.",
                race.hand,
            ).format(count=race.hand, race=names.race(race.name)),
        )
    return None


def _badge_done(state: GameState, race: RaceState) -> tuple[str, Sentence] | None:
    """A badge's reason to keep the redeployment open (a piece still to place)."""
    for b in hooked_badges(race, "done_refusal"):
        refusal = b.done_refusal(state, race)
        if refusal is not None:
            return refusal
    return None


def badge_done_refusal(state: GameState, race: RaceState) -> IllegalActionError | None:
    """A badge's reason to keep the redeployment open, as the error ``apply`` raises."""
    refusal = _badge_done(state, race)
    return None if refusal is None else IllegalActionError(*refusal)


def refuse_deploy(state: GameState, race: RaceState, action: Deploy) -> IllegalActionError | None:
    """The composite redeployment: same rules as place/take/done (R-REDEPLOY-1, -2)."""
    rule = _rule(state)
    seen: set[int] = set()
    added = 0
    for region, count in action.placement:
        i = region_position(state, region)
        if isinstance(i, IllegalActionError):
            return i
        if i in seen:
            return IllegalActionError(
                rule, _("Region {region} is listed twice.").format(region=region)
            )
        seen.add(i)
        refusal = _refuse_count(state, race, i, count)
        if refusal is not None:
            return refusal
        added += count - state.regions[i].tokens
    if added != race.hand:
        return IllegalActionError(
            rule,
            lambda: _(
                "The placement uses {used} tokens from hand but you hold {hand}: every token "
                "in hand is deployed."
            ).format(used=added, hand=race.hand),
        )
    return badge_done_refusal(state, race)


def _refuse_count(
    state: GameState, race: RaceState, i: int, count: int
) -> IllegalActionError | None:
    """One region of a ``deploy``: own, at least 1 token, never fewer while defending."""
    rule = _rule(state)
    r = state.regions[i]
    if r.race != race.name:
        return IllegalActionError(
            rule,
            lambda: _("{region} is not a region of your {race}.").format(
                region=state.geo.label(i), race=names.race(race.name)
            ),
        )
    if count < 1:
        return IllegalActionError(
            rule,
            lambda: _("{region} must keep at least 1 token.").format(region=state.geo.label(i)),
        )
    if rule == "R-REDEPLOY-2" and count < r.tokens:
        return IllegalActionError(
            rule,
            lambda: _("An attacked player only adds tokens; {region} has {tokens}.").format(
                region=state.geo.label(i), tokens=r.tokens
            ),
        )
    return None


def move_token(
    state: GameState, race: RaceState, action: Place | Take, events: list[Event]
) -> GameState:
    """One token from hand to a region (``place``) or back (``take``)."""
    i = state.geo.index[action.region]
    tokens = state.regions[i].tokens
    if isinstance(action, Place):
        state = state_with_tokens(state, i, tokens + 1)
        state = update_race(state, with_hand(race, race.hand - 1))
    else:
        state = state_with_tokens(state, i, tokens - 1)
        state = update_race(state, with_hand(race, race.hand + 1))
    events.append(TokenMoved(race.owner, race.name, action.region, isinstance(action, Take)))
    return state


def deploy(state: GameState, race: RaceState, action: Deploy) -> GameState:
    """The whole placement at once: each listed region gets its count, the hand is empty."""
    regions, index = state.regions, state.geo.index
    changes: dict[int, RegionState] = {}
    for region, count in action.placement:
        i = index[region]
        changes[i] = regions[i].updated(tokens=count)
    state = state.with_regions(changes)
    return update_race(state, race.updated(hand=0))

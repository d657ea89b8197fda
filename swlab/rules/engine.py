"""The turn structure: one legality oracle, one step function, automatic transitions.

:func:`legal_actions` and :func:`apply` share the same check functions (``_refuse_*``):
``apply`` raises the :class:`IllegalActionError` those checks return, ``legal_actions``
keeps the candidates they accept. Automatic transitions (ready troops, defender
redeployment order, scoring, next turn, game end) happen inside :func:`apply` and are
reported as events.

Turn of a player (R-FLOW-1): decline Ghouls conquer first (R-TURN-0), then the active race
expands or declines (R-TURN), or a new combo is picked (R-PICK); then attacked players
redeploy in seat order (R-REDEPLOY-2), the player scores (R-SCORE) and the next seat plays.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from swlab import names
from swlab.i18n import N_, _, ngettext
from swlab.rules.abilities.base import Badge, Row, hooked
from swlab.rules.abilities.registry import power_badge, race_badge
from swlab.rules.actions import (
    DIE_FACES,
    Abandon,
    Action,
    Conquer,
    Convert,
    Decline,
    Deploy,
    Done,
    End,
    Final,
    Pick,
    Place,
    Roll,
    Take,
    Withdraw,
)
from swlab.rules.cost import conquest_cost
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import (
    Abandoned,
    ComboPicked,
    Declined,
    DefenderToRedeploy,
    DieRolled,
    Event,
    FinalConquestChosen,
    GameEnded,
    PieceChanged,
    Redeployed,
    RoundStarted,
    Scored,
    TokenMoved,
    TokensGained,
    TroopsReadied,
    TurnStarted,
    Withdrawn,
)
from swlab.rules.ops import (
    add_coins,
    badges,
    empty_region,
    has_regions,
    refill_column,
    remove_race,
    set_region,
    update_race,
)
from swlab.rules.pieces import CLEARED_ON_DECLINE, RESET_ON_DECLINE, leaving

# Conquest reach and the step that takes a region live in reach.py (shared with the
# badges); the names that were the engine's stay importable from here.
from swlab.rules.reach import MAX_SHORT as MAX_SHORT
from swlab.rules.reach import conquer_region as conquer_region
from swlab.rules.reach import conquests_ended, end_conquests
from swlab.rules.reach import reach_candidates as reach_candidates
from swlab.rules.reach import reach_of as _reach
from swlab.rules.reach import reach_refusal as reach_refusal
from swlab.rules.state import (
    GameState,
    RaceState,
    RegionState,
    Stage,
    TurnState,
)

#: :func:`current_player` at a chance node: the reinforcement die decides, no player does
#: (OpenSpiel's model; not ``NOBODY``, which is -1).
CHANCE = -2

#: Each face of the reinforcement die with its probability: 0 (three blank faces) 1/2,
#: 1, 2 and 3 1/6 each (R-COMP-5).
DIE_ODDS: tuple[tuple[int, float], ...] = tuple(
    (face, n / len(DIE_FACES)) for face, n in sorted(Counter(DIE_FACES).items())
)

STAGE_RULE: dict[Stage, tuple[str, str]] = {
    Stage.PICK: ("R-PICK-1", N_("the game waits for a combo to be picked")),
    Stage.CONQUER: ("R-CONQ-11", N_("the game waits for a conquest, or for you to stop")),
    Stage.ROLL: ("R-CONQ-10", N_("the game waits for the reinforcement die")),
    Stage.REDEPLOY: ("R-REDEPLOY-1", N_("the game waits for redeployment")),
    Stage.WITHDRAW: ("R-RACE-AMAZONS", N_("the Amazons must take tokens off the map")),
    Stage.DEFEND: ("R-REDEPLOY-2", N_("an attacked player is redeploying")),
    Stage.DECLINE_CHOICE: ("R-POW-STOUT", N_("the game waits for a choice to decline or not")),
    Stage.GAME_OVER: ("R-FLOW-2", N_("the game is over")),
}


# ====================================================================================
# Queries
# ====================================================================================


def current_player(state: GameState) -> int | None:
    """The player who must decide now (a defender during its redeployment), :data:`CHANCE`
    while the reinforcement die is rolled (R-CONQ-10, R-POW-BERSERK), ``None`` at the end.

    At a chance node ``state.turn.actor`` still names the player whose die it is.
    """
    stage = state.turn.stage
    if stage is Stage.ROLL:
        return CHANCE
    return None if stage is Stage.GAME_OVER else state.turn.actor


def chance_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """The outcomes of the chance node with their probabilities, ``[]`` elsewhere.

    The reinforcement die (R-COMP-5) of a final conquest (R-CONQ-10) or of a Berserk roll
    (R-POW-BERSERK): ``roll 0`` with 1/2, ``roll 1``, ``roll 2``, ``roll 3`` with 1/6 each.
    When a scenario or a teacher fixed the next faces (``GameState.die``), the first one is
    the only outcome, with probability 1.
    """
    if state.turn.stage is not Stage.ROLL:
        return []
    if state.die:
        return [(Roll(state.die[0]), 1.0)]
    return [(Roll(face), p) for face, p in DIE_ODDS]


def is_over(state: GameState) -> bool:
    """Whether the last round has been played (R-FLOW-2)."""
    return state.turn.stage is Stage.GAME_OVER


def scores(state: GameState) -> tuple[int, ...]:
    """Victory coins per seat; hidden during play (R-SETUP-4), a UI says when it shows them.

    Coins are plain integers: denominations and change only matter for display (R-SCORE-3).
    """
    return tuple(p.coins for p in state.players)


def tokens_on_map(state: GameState, player: int) -> int:
    """Race tokens of ``player`` on the map, active and in decline (R-FLOW-3, R-RULING-8)."""
    return sum(r.tokens for r in state.regions if r.owner == player)


def winners(state: GameState) -> tuple[int, ...]:
    """Seats with the most coins; tie broken by race tokens on the map, else shared.

    R-FLOW-3; tokens in hand (Amazons' 4) and Encampments do not count (R-RULING-8).
    """
    best = max(p.coins for p in state.players)
    tied = [i for i, p in enumerate(state.players) if p.coins == best]
    if len(tied) == 1:
        return tuple(tied)
    most = max(tokens_on_map(state, i) for i in tied)
    return tuple(i for i in tied if tokens_on_map(state, i) == most)


def acting_race(state: GameState) -> RaceState | None:
    """The race conquering or redeploying now (asked several times of a state: kept in its
    memo)."""
    acting = state.turn.acting
    if not acting:
        return None
    memo = state.memo
    found: RaceState | None = memo.get(ACTING)
    if found is None or found.name != acting:
        found = memo[ACTING] = state.race(acting)
    return found


#: the key of :func:`acting_race` in a state's memo
ACTING = "acting race"


# ====================================================================================
# The oracle
# ====================================================================================


#: the key of a state's legal actions in its memo (:func:`legal_actions`, :func:`apply`)
LEGAL = "legal actions"
#: lists up to this long let :func:`apply` recognise one of their actions by identity
KNOWN_LEGAL = 256


def legal_actions(state: GameState) -> list[Action]:
    """Every decision a player may take now; ``[]`` when the game is over and at a chance
    node, where the die decides (:func:`chance_outcomes`, R-CONQ-10).

    ``deploy`` (the composite redeployment) is accepted by :func:`apply` but not listed:
    its placements are too many to enumerate; ``place``/``take``/``done`` reach the same
    results one token at a time.

    The list is kept in the state's memo (a new list is returned each time): :func:`apply`
    then knows an action taken from it to be legal without checking it again.
    """
    memo = state.memo
    listed: tuple[Action, ...] | None = memo.get(LEGAL)
    if listed is None:
        listed = memo[LEGAL] = tuple(_legal_actions(state))
    return list(listed)


def _legal_actions(state: GameState) -> list[Action]:
    stage = state.turn.stage
    if stage is Stage.GAME_OVER or stage is Stage.ROLL:
        return []
    if stage is Stage.PICK:
        out: list[Action] = [
            Pick(k) for k in range(len(state.column)) if _refuse_pick(state, k) is None
        ]
        return out or [End()]
    if stage is Stage.DECLINE_CHOICE:
        return [Decline(), End()]
    race = acting_race(state)
    assert race is not None
    geo = state.geo
    out = []
    if stage is Stage.CONQUER:
        reach = _reach(state, race)
        out.extend(reach.conquests(state))
        # _refuse_abandon accepts every region of the race before its first conquest of the
        # turn, and refuses every region after it
        if not _conquered_this_turn(state, race):
            abandon = geo.per_region(Abandon)
            out.extend(abandon[i] for i in reach.held)
        out.extend(_extra(state, race))
        if _refuse_decline(state) is None:
            out.append(Decline())
        out.append(End())
        return out
    if stage in (Stage.REDEPLOY, Stage.DEFEND):
        held = state.race_regions(race.name)
        if race.hand > 0:
            place = geo.per_region(Place)
            out.extend(place[i] for i in held)
        if stage is Stage.REDEPLOY:
            take = geo.per_region(Take)
            out.extend(take[i] for i in held if state.regions[i].tokens >= 2)
        # badge placements (encampments, heroes, fortress, peace); in DEFEND only what the
        # badge allows there (displaced Encampments, R-REDEPLOY-2)
        out.extend(_extra(state, race))
        if _refuse_done(state, race) is None:
            out.append(Done())
        return out
    if stage is Stage.WITHDRAW:
        withdraw = geo.per_region(Withdraw)
        return [
            withdraw[i]
            for i in state.race_regions(race.name)
            if _refuse_withdraw(state, race, i) is None
        ]
    raise AssertionError(stage)


def actions_by_region(state: GameState) -> dict[int, list[Action]]:
    """The legal actions that target each region id (what a click on it can do).

    A UI offers nothing, applies the only one, or shows buttons for several; a region with
    no entry can explain itself with :func:`why_illegal` (``why_illegal(s, Conquer(r))``).
    """
    out: dict[int, list[Action]] = {}
    for action in legal_actions(state):
        region = getattr(action, "region", None)
        if isinstance(region, int):
            out.setdefault(region, []).append(action)
    return out


def is_legal(state: GameState, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now (:func:`why_illegal` says why not)."""
    return why_illegal(state, action) is None


def why_illegal(state: GameState, action: Action) -> IllegalActionError | None:
    """``None`` when ``action`` is legal now, else the error :func:`apply` would raise.

    At a chance node an explicit ``roll N`` is accepted (records, ``--actions``, a teacher
    setting up a position): choosing the face is a setup tool, never a listed decision. A
    face fixed by ``GameState.die`` is the only one accepted (R-CONQ-10).
    """
    stage = state.turn.stage
    if stage is Stage.GAME_OVER:
        return IllegalActionError("R-FLOW-2", _("The game is over: no action is possible."))
    if stage is Stage.ROLL:
        if isinstance(action, Roll):
            if action.face not in (0, 1, 2, 3):
                return IllegalActionError(
                    "R-COMP-5", _("The reinforcement die shows 0, 1, 2 or 3.")
                )
            if state.die and action.face != state.die[0]:
                return IllegalActionError(
                    "R-CONQ-10",
                    _(
                        "The die of this position is fixed: the next roll shows {fixed}, "
                        "not {face}."
                    ).format(fixed=state.die[0], face=action.face),
                )
            return None
        return _wrong_stage(state, action)
    if stage is Stage.PICK:
        if isinstance(action, Pick):
            return _refuse_pick(state, action.position)
        if isinstance(action, End):
            if state.column:
                return IllegalActionError(
                    "R-PICK-1", _("You have no active race: pick a combo from the column.")
                )
            return None
        return _wrong_stage(state, action)
    if stage is Stage.DECLINE_CHOICE:
        if isinstance(action, Decline | End):
            return None
        return _wrong_stage(state, action)
    race = acting_race(state)
    assert race is not None
    if stage is Stage.CONQUER:
        if isinstance(action, Conquer | Final):
            i = _region_index(state, action.region)
            if isinstance(i, IllegalActionError):
                return i
            return _reach(state, race).refuse(state, i, final=isinstance(action, Final))
        if isinstance(action, Abandon):
            i = _region_index(state, action.region)
            if isinstance(i, IllegalActionError):
                return i
            return _refuse_abandon(state, race, i)
        if isinstance(action, Decline):
            return _refuse_decline(state)
        if isinstance(action, End):
            return None
        owner = _extra_owner(state, race, action)
        if owner is not None:
            return owner.check_extra(state, race, action)
        if (
            isinstance(action, Pick)
            and not race.in_decline
            and not state.turn.picked
            and not has_regions(state, race.name)
        ):
            return IllegalActionError(
                "R-RULING-7",
                _(
                    "Your {race} lost every region but are still your active race: they "
                    "re-enter the map or go into decline; no new combo this turn."
                ).format(race=names.race(race.name)),
            )
        return _wrong_stage(state, action)
    if stage in (Stage.REDEPLOY, Stage.DEFEND):
        if isinstance(action, Place | Take):
            i = _region_index(state, action.region)
            if isinstance(i, IllegalActionError):
                return i
            if isinstance(action, Place):
                return _refuse_place(state, race, i)
            return _refuse_take(state, race, i)
        if isinstance(action, Done):
            return _refuse_done(state, race)
        if isinstance(action, Deploy):
            return _refuse_deploy(state, race, action)
        owner = _extra_owner(state, race, action)
        if owner is not None:
            return owner.check_extra(state, race, action)
        return _wrong_stage(state, action)
    if stage is Stage.WITHDRAW:
        if isinstance(action, Withdraw):
            i = _region_index(state, action.region)
            if isinstance(i, IllegalActionError):
                return i
            return _refuse_withdraw(state, race, i)
        return _wrong_stage(state, action)
    raise AssertionError(stage)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Play ``action``: the new state and the events, or :class:`IllegalActionError`.

    The input state is never changed. An action that :func:`legal_actions` listed for this
    state (the very object) is known to be legal; any other is checked by
    :func:`why_illegal`.
    """
    memo = state.__dict__.get("memo")
    listed = None if memo is None else memo.get(LEGAL)
    if listed is None or len(listed) > KNOWN_LEGAL or id(action) not in set(map(id, listed)):
        error = why_illegal(state, action)
        if error is not None:
            raise error
    events: list[Event] = []
    stage = state.turn.stage
    if stage is Stage.PICK:
        if isinstance(action, Pick):
            state = _pick(state, action.position, events)
        else:
            state = _end_of_turn(state, events)
        return state, events
    if stage is Stage.ROLL:
        assert isinstance(action, Roll)
        if state.die:  # the fixed face is used up (R-CONQ-10)
            state = state.updated(die=state.die[1:])
        if state.turn.final_region < 0:  # a badge's own roll (Berserk)
            race = acting_race(state)
            owner = _extra_owner(state, race, action) if race is not None else None
            assert race is not None and owner is not None, "a roll nobody asked for"
            state, evs = owner.apply_extra(state, race, action)
            return state, evs
        return _roll(state, action.face, events), events
    if stage is Stage.DECLINE_CHOICE:
        if isinstance(action, Decline):
            state = _decline(state, events)
        return _next_turn(state, events), events
    race = acting_race(state)
    assert race is not None
    if stage is Stage.CONQUER:
        if isinstance(action, Conquer):
            state = conquer_region(state, race, state.geo.index[action.region], None, events)
        elif isinstance(action, Final):
            state = _choose_final(state, race, state.geo.index[action.region], events)
        elif isinstance(action, Abandon):
            state = _abandon(state, race, state.geo.index[action.region], events)
        elif isinstance(action, Decline):
            state = _decline(state, events)
            state = _end_of_turn(state, events)
        elif isinstance(action, End):
            state = start_redeploy(state, events)
        else:
            owner = _extra_owner(state, race, action)
            assert owner is not None
            state, evs = owner.apply_extra(state, race, action)
            events.extend(evs)
        return state, events
    if stage in (Stage.REDEPLOY, Stage.DEFEND):
        if isinstance(action, Place | Take):
            state = _move_token(state, race, action, events)
        elif isinstance(action, Deploy):
            state = _deploy(state, race, action)
            state = _finish_redeploy(state, race, events)
        elif isinstance(action, Done):
            state = _finish_redeploy(state, race, events)
        else:
            owner = _extra_owner(state, race, action)
            assert owner is not None
            state, evs = owner.apply_extra(state, race, action)
            events.extend(evs)
        return state, events
    if stage is Stage.WITHDRAW:
        assert isinstance(action, Withdraw)
        return _withdraw(state, race, state.geo.index[action.region], events), events
    raise AssertionError(stage)


# ====================================================================================
# Checks (the oracle's parts)
# ====================================================================================


#: Why an action is out of place, by action type: (rule, what the action is for).
ACTION_RULE: dict[type[Action], tuple[str, str]] = {
    Pick: ("R-PICK-1", N_("a combo is picked only at the start of a turn with no active race")),
    Conquer: ("R-CONQ-11", N_("conquests happen in the conquest stage, before redeployment")),
    Final: ("R-CONQ-10", N_("the final conquest is chosen in the conquest stage")),
    Abandon: ("R-EXPAND-2", N_("regions are abandoned before the first conquest of a turn")),
    Roll: ("R-CONQ-10", N_("the die is rolled only after choosing a final conquest")),
    Convert: ("R-RACE-SORCERERS", N_("only active Sorcerers convert, during their conquests")),
    Decline: ("R-DECLINE-5", N_("a race goes into decline instead of expanding, at turn start")),
    Place: ("R-REDEPLOY-1", N_("tokens are placed during redeployment")),
    Take: ("R-REDEPLOY-1", N_("tokens are taken back during the current player's redeployment")),
    Deploy: ("R-REDEPLOY-1", N_("the placement is given during redeployment")),
    Done: ("R-REDEPLOY-1", N_("'done' ends a redeployment")),
    Withdraw: ("R-RACE-AMAZONS", N_("only the Amazons withdraw, after their redeployment")),
    End: ("R-CONQ-11", N_("'end' stops the conquests or passes an optional choice")),
}


def _wrong_stage(state: GameState, action: Action) -> IllegalActionError:
    if isinstance(action, Conquer | Final):
        race = acting_race(state)
        if race is not None and conquests_ended(state, race):
            return IllegalActionError(
                "R-CONQ-10",
                _(
                    "'{action}' is not possible: the {race} made their final conquest "
                    "attempt with the reinforcement die, so conquests end for this turn."
                ).format(action=repr(action), race=names.race(race.name)),
            )
    rule, waits = STAGE_RULE[state.turn.stage]
    if type(action) in ACTION_RULE:
        rule, why = ACTION_RULE[type(action)]
        return IllegalActionError(
            rule,
            _("'{action}' is not possible now: {why}, and {waits}.").format(
                action=repr(action), why=_(why), waits=_(waits)
            ),
        )
    return IllegalActionError(
        rule,
        _("'{action}' is not possible now: {waits}.").format(action=repr(action), waits=_(waits)),
    )


def _region_index(state: GameState, region: int) -> int | IllegalActionError:
    i = state.geo.index.get(region)
    if i is None:
        return IllegalActionError(
            "R-COMP-6", _("There is no region {region} on this board.").format(region=region)
        )
    return i


def _refuse_pick(state: GameState, k: int) -> IllegalActionError | None:
    """R-PICK-1, R-PICK-3: a position in the column the player can pay for."""
    if not 0 <= k < len(state.column):
        return IllegalActionError(
            "R-PICK-1",
            _("The column has positions 0 to {last}, not {position}.").format(
                last=len(state.column) - 1, position=k
            ),
        )
    coins = state.players[state.current].coins
    if k > coins:
        return IllegalActionError(
            "R-PICK-3",
            ngettext(
                "Position {position} costs {position} coin (one on each combo above it) and you "
                "have {coins}.",
                "Position {position} costs {position} coins (one on each combo above it) and you "
                "have {coins}.",
                k,
            ).format(position=k, coins=coins),
        )
    return None


def _refuse_abandon(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """R-EXPAND-2: an own region, before the first conquest of the turn.

    Decline Ghouls, who play exactly as if active, abandon as an active race does
    (R-RULING-16, R-RACE-GHOULS).
    """
    if state.regions[i].race != race.name:
        return IllegalActionError(
            "R-EXPAND-2",
            _("{region} is not a region of your {race}.").format(
                region=state.geo.label(i), race=names.race(race.name)
            ),
        )
    if _conquered_this_turn(state, race):
        return IllegalActionError(
            "R-EXPAND-2",
            _("Regions are abandoned before the first conquest of the turn, not after."),
        )
    return None


def _conquered_this_turn(state: GameState, race: RaceState) -> bool:
    return any(c.race == race.name for c in state.turn.conquests)


def _refuse_decline(state: GameState) -> IllegalActionError | None:
    """R-DECLINE-1, R-DECLINE-5: the active race, in a later turn, before expanding.

    Decline Ghouls conquering first does not prevent the decline (R-RULING-12).
    """
    turn = state.turn
    p = state.players[state.current]
    if p.active is None or turn.acting != p.active.name:
        return IllegalActionError(
            "R-TURN-0",
            _("Only the active race goes into decline, after the decline Ghouls have conquered."),
        )
    if turn.picked:
        return IllegalActionError(
            "R-DECLINE-1",
            _(
                "The {race} were picked this turn: a race's first turn is pick, conquer, "
                "redeploy, score; decline is possible from its next turn."
            ).format(race=names.race(p.active.name)),
        )
    if turn.acted:
        return IllegalActionError(
            "R-DECLINE-5",
            _(
                "You have already expanded this turn: a turn is either expansion or decline, "
                "never both."
            ),
        )
    return None


def _refuse_place(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    rule = "R-REDEPLOY-2" if state.turn.stage is Stage.DEFEND else "R-REDEPLOY-1"
    if race.hand < 1:
        return IllegalActionError(
            rule,
            _("You have no {race} token in hand to place.").format(race=names.race(race.name)),
        )
    if state.regions[i].race != race.name:
        return IllegalActionError(
            rule,
            _(
                "{region} is not a region of your {race}: tokens go only to your own regions."
            ).format(region=state.geo.label(i), race=names.race(race.name)),
        )
    return None


def _refuse_take(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    if state.turn.stage is Stage.DEFEND:
        return IllegalActionError(
            "R-REDEPLOY-2",
            _("An attacked player only places the tokens in hand; the others stay."),
        )
    r = state.regions[i]
    if r.race != race.name:
        return IllegalActionError(
            "R-REDEPLOY-1",
            _("{region} is not a region of your {race}.").format(
                region=state.geo.label(i), race=names.race(race.name)
            ),
        )
    if r.tokens < 2:
        return IllegalActionError(
            "R-REDEPLOY-1",
            _("{region} must keep at least 1 token.").format(region=state.geo.label(i)),
        )
    return None


def _refuse_done(state: GameState, race: RaceState) -> IllegalActionError | None:
    """R-REDEPLOY-1: every token in hand is deployed (unless no region is left, R-RULING-5)."""
    refusal = _badge_done_refusal(state, race)
    if refusal is not None:
        return refusal
    if race.hand and has_regions(state, race.name):
        rule = "R-REDEPLOY-2" if state.turn.stage is Stage.DEFEND else "R-REDEPLOY-1"
        return IllegalActionError(
            rule,
            # English keeps "token(s)" (the tutorial quotes it); the catalogs give each count
            # its own form
            ngettext(
                "You still hold {count} {race} token(s): place them all in your regions first.",
                "You still hold {count} {race} token(s): place them all in your regions first.",
                race.hand,
            ).format(count=race.hand, race=names.race(race.name)),
        )
    return None


def _badge_done_refusal(state: GameState, race: RaceState) -> IllegalActionError | None:
    for b in hooked(badges(race), "done_refusal"):
        refusal = b.done_refusal(state, race)
        if refusal is not None:
            return IllegalActionError(*refusal)
    return None


def _refuse_deploy(state: GameState, race: RaceState, action: Deploy) -> IllegalActionError | None:
    """The composite redeployment: same rules as place/take/done (R-REDEPLOY-1, -2)."""
    defend = state.turn.stage is Stage.DEFEND
    rule = "R-REDEPLOY-2" if defend else "R-REDEPLOY-1"
    seen: set[int] = set()
    added = 0
    for region, count in action.placement:
        i = _region_index(state, region)
        if isinstance(i, IllegalActionError):
            return i
        if i in seen:
            return IllegalActionError(
                rule, _("Region {region} is listed twice.").format(region=region)
            )
        seen.add(i)
        r = state.regions[i]
        if r.race != race.name:
            return IllegalActionError(
                rule,
                _("{region} is not a region of your {race}.").format(
                    region=state.geo.label(i), race=names.race(race.name)
                ),
            )
        if count < 1:
            return IllegalActionError(
                rule, _("{region} must keep at least 1 token.").format(region=state.geo.label(i))
            )
        if defend and count < r.tokens:
            return IllegalActionError(
                rule,
                _("An attacked player only adds tokens; {region} has {tokens}.").format(
                    region=state.geo.label(i), tokens=r.tokens
                ),
            )
        added += count - r.tokens
    if added != race.hand:
        return IllegalActionError(
            rule,
            _(
                "The placement uses {used} tokens from hand but you hold {hand}: every token "
                "in hand is deployed."
            ).format(used=added, hand=race.hand),
        )
    return _badge_done_refusal(state, race)


def _refuse_withdraw(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """R-RACE-AMAZONS: leave at least 1 per region if possible; may empty a region."""
    r = state.regions[i]
    if r.race != race.name:
        return IllegalActionError(
            "R-RACE-AMAZONS",
            _("{region} is not a region of your {race}.").format(
                region=state.geo.label(i), race=names.race("Amazons")
            ),
        )
    if r.tokens == 1 and any(state.regions[j].tokens >= 2 for j in state.race_regions(race.name)):
        return IllegalActionError(
            "R-RACE-AMAZONS",
            _(
                "Take the Amazons from a region holding 2 or more first: leave at least 1 per "
                "region if possible."
            ),
        )
    return None


def _extra(state: GameState, race: RaceState) -> list[Action]:
    out: list[Action] = []
    for b in badges(race):
        hooks = b.hooks
        if "extra_actions" in hooks or "legal_extra_actions" in hooks:  # (defaults: none)
            out.extend(b.legal_extra_actions(state, race))
    return out


def _extra_owner(state: GameState, race: RaceState, action: Action) -> Badge | None:
    for b in badges(race):
        if b.handles(action):
            return b
    return None


# ====================================================================================
# Steps
# ====================================================================================


def _pick(state: GameState, k: int, events: list[Event]) -> GameState:
    """R-PICK-1..5: pay 1 coin on each combo above, collect the coins on it, take tokens."""
    p = state.current
    combo = state.column[k]
    column = [replace(c, coins=c.coins + 1) if j < k else c for j, c in enumerate(state.column)]
    del column[k]
    state = state.updated(column=tuple(column))
    state = add_coins(state, p, combo.coins - k)
    rb, pb = race_badge(combo.race), power_badge(combo.power)
    wanted = rb.tokens + rb.extra_tokens + pb.tokens
    tokens = min(wanted, state.tray(combo.race))  # R-PICK-4
    race = RaceState(combo.race, combo.power, p, hand=tokens)
    players = list(state.players)
    players[p] = replace(players[p], active=race)
    state = state.updated(players=tuple(players)).with_tray(combo.race, -tokens)
    events.append(ComboPicked(p, k, combo.race, combo.power, k, combo.coins, tokens))
    state, evs = refill_column(state)
    events.extend(evs)
    turn = state.turn.updated(stage=Stage.CONQUER, acting=combo.race, picked=True)
    return state.updated(turn=turn)


def _choose_final(state: GameState, race: RaceState, i: int, events: list[Event]) -> GameState:
    """R-CONQ-10: the region is chosen first, then the die is rolled; from now on, success
    or failure, the race's conquests are over for this turn."""
    cost = conquest_cost(state, race, i)
    events.append(FinalConquestChosen(race.owner, state.geo.ids[i], cost, race.hand))
    state = end_conquests(state, race, i)
    return state.updated(turn=state.turn.updated(stage=Stage.ROLL, final_region=i))


def _roll(state: GameState, face: int, events: list[Event]) -> GameState:
    """R-CONQ-10: roll + hand ≥ cost conquers with every token in hand; conquests end."""
    race = acting_race(state)
    assert race is not None
    i = state.turn.final_region
    cost = conquest_cost(state, race, i)
    success = race.hand + face >= cost
    events.append(DieRolled(race.owner, face, success))
    state = state.updated(turn=state.turn.updated(stage=Stage.CONQUER, final_region=-1))
    if success:
        state = conquer_region(state, race, i, race.hand, events)
    return start_redeploy(state, events)


def _abandon(state: GameState, race: RaceState, i: int, events: list[Event]) -> GameState:
    """R-EXPAND-2: every token there into hand; the region is no longer yours.

    An active race has then expanded this turn (no decline, R-DECLINE-5); decline Ghouls
    abandoning do not commit the active race (R-RULING-16, R-RULING-12).
    """
    tokens = state.regions[i].tokens
    state, evs = empty_region(state, i, "R-EXPAND-2")
    state = update_race(state, race.updated(hand=race.hand + tokens))
    if not race.in_decline:
        state = state.updated(turn=state.turn.updated(acted=True))
    events.append(Abandoned(race.owner, race.name, state.geo.ids[i], tokens))
    events.extend(evs)
    return state


def _ready(state: GameState, race: RaceState, events: list[Event]) -> GameState:
    """R-EXPAND-1: exactly 1 token stays in each region, the rest (and the reserve) to hand."""
    taken = 0
    readied: list[tuple[int, int]] = []
    regions = state.regions
    changes: dict[int, RegionState] = {}
    for i in state.race_regions(race.name):
        r = regions[i]
        if r.tokens > 1:
            readied.append((i, r.tokens - 1))
            taken += r.tokens - 1
            changes[i] = r.updated(tokens=1)
    state = state.with_regions(changes)
    total = taken + race.reserve
    state = update_race(state, race.updated(hand=race.hand + total, reserve=0))
    if not race.in_decline:
        state = state.updated(turn=state.turn.updated(readied=tuple(readied)))
    events.append(TroopsReadied(race.owner, race.name, total))
    return state


def start_redeploy(state: GameState, events: list[Event]) -> GameState:
    """Conquests end: gains from the tray (Skeletons), then redeployment (R-REDEPLOY-1)."""
    race = acting_race(state)
    assert race is not None
    for b in hooked(badges(race), "redeploy_gain"):
        gain = min(b.redeploy_gain(state, race), state.tray(race.name))
        if gain > 0:
            race = race.updated(hand=race.hand + gain)
            state = update_race(state, race).with_tray(race.name, -gain)
            events.append(TokensGained(race.owner, race.name, gain, b.rule))
    # Tokens have moved: the Ready-your-troops record is no longer undoable (Stout decline).
    return state.updated(turn=state.turn.updated(stage=Stage.REDEPLOY, readied=()))


_start_redeploy = start_redeploy  # the earlier private name


def _move_token(
    state: GameState, race: RaceState, action: Place | Take, events: list[Event]
) -> GameState:
    i = state.geo.index[action.region]
    r = state.regions[i]
    if isinstance(action, Place):
        state = set_region(state, i, r.updated(tokens=r.tokens + 1))
        state = update_race(state, race.updated(hand=race.hand - 1))
    else:
        state = set_region(state, i, r.updated(tokens=r.tokens - 1))
        state = update_race(state, race.updated(hand=race.hand + 1))
    events.append(TokenMoved(race.owner, race.name, action.region, isinstance(action, Take)))
    return state


def _deploy(state: GameState, race: RaceState, action: Deploy) -> GameState:
    regions, index = state.regions, state.geo.index
    changes: dict[int, RegionState] = {}
    for region, count in action.placement:
        i = index[region]
        changes[i] = regions[i].updated(tokens=count)
    state = state.with_regions(changes)
    return update_race(state, race.updated(hand=0))


def _finish_redeploy(state: GameState, race: RaceState, events: list[Event]) -> GameState:
    race = state.race(race.name) or race
    if state.turn.stage is Stage.DEFEND:
        events.append(Redeployed(race.owner, race.name, True))
        return _next_defender(state, events)
    events.append(Redeployed(race.owner, race.name, False))
    withdraw = sum(
        b.withdraw_after_redeploy(state, race)
        for b in hooked(badges(race), "withdraw_after_redeploy")
    )
    if withdraw > 0:  # (only the Amazons withdraw: count the tokens on the map for them)
        on_map = sum(state.regions[i].tokens for i in state.race_regions(race.name))
        withdraw = min(withdraw, on_map)
    if withdraw > 0:
        return state.updated(turn=state.turn.updated(stage=Stage.WITHDRAW, withdraw_left=withdraw))
    return _after_acting_phase(state, events)


def _withdraw(state: GameState, race: RaceState, i: int, events: list[Event]) -> GameState:
    """R-RACE-AMAZONS: one token off the map into the reserve; may empty the region."""
    r = state.regions[i]
    emptied = r.tokens == 1
    if emptied:
        state, evs = empty_region(state, i, "R-RACE-AMAZONS")
    else:
        state, evs = set_region(state, i, r.updated(tokens=r.tokens - 1)), []
    state = update_race(state, race.updated(reserve=race.reserve + 1))
    events.append(Withdrawn(race.owner, state.geo.ids[i], emptied))
    events.extend(evs)
    left = state.turn.withdraw_left - 1
    state = state.updated(turn=state.turn.updated(withdraw_left=left))
    if left <= 0 or not has_regions(state, race.name):
        return _after_acting_phase(state, events)
    return state


def _after_acting_phase(state: GameState, events: list[Event]) -> GameState:
    race = acting_race(state)
    if race is not None and race.in_decline:
        # decline Ghouls done (R-TURN-0). Having abandoned every region (R-RULING-16) they
        # could re-enter as an active race would; if they did not, their last token has
        # left the map and the race leaves the game (R-DECLINE-3).
        if not has_regions(state, race.name):
            state, evs = remove_race(state, race)
            events.extend(evs)
        return _start_active_phase(state, events)
    return _end_of_turn(state, events)


def _decline(state: GameState, events: list[Event]) -> GameState:
    """Send the current player's active race into decline (R-DECLINE-1..4, R-RULING-15)."""
    p = state.current
    player = state.players[p]
    race = player.active
    assert race is not None
    own = badges(race)
    keeps_tokens = any(b.keeps_tokens_in_decline() for b in own)
    keeps_badge = bool(race.power) and power_badge(race.power).keeps_badge_in_decline()
    counts = all(b.counts_toward_decline_limit() for b in own)
    # R-DECLINE-3: an older decline race (counting toward the limit) leaves first.
    if counts:
        for old in player.declined:
            if all(b.counts_toward_decline_limit() for b in badges(old)):
                state, evs = remove_race(state, old)
                events.extend(evs)
    regions = state.regions
    changes: dict[int, RegionState] = {}
    returned = race.hand + race.reserve  # R-RULING-15
    if keeps_tokens:
        # Ghouls keep every token: undo Ready-your-troops of this turn (R-DECLINE-2).
        for i, n in state.turn.readied:
            if regions[i].race == race.name:
                r = changes.get(i, regions[i])
                changes[i] = r.updated(tokens=r.tokens + n)
                returned -= n
    count = 0
    for i in state.race_regions(race.name):
        r = changes.get(i, regions[i])
        count += 1
        keep = r.tokens if keeps_tokens else 1
        returned += r.tokens - keep
        # R-DECLINE-4: the pieces the table sends off the map go; lairs and fortresses stay
        for piece in leaving(r, CLEARED_ON_DECLINE):
            events.append(PieceChanged(piece.label, state.geo.ids[i], False, "R-DECLINE-4"))
        changes[i] = replace(r, tokens=keep, in_decline=True, **RESET_ON_DECLINE)
    state = state.with_regions(changes).with_tray(race.name, returned)
    declined = RaceState(
        race.name, race.power if keeps_badge else "", p, in_decline=True, conquests=race.conquests
    )
    players = list(state.players)
    players[p] = replace(
        state.players[p], active=None, declined=(*state.players[p].declined, declined)
    )
    discard = (
        state.power_discard if keeps_badge or not race.power else (*state.power_discard, race.power)
    )
    state = state.updated(players=tuple(players), power_discard=discard)
    events.append(Declined(p, race.name, race.power, count, returned, keeps_badge))
    if count == 0:
        state, evs = remove_race(state, declined)
        events.extend(evs)
    turn = state.turn.updated(declined=True, acting="")
    return state.updated(turn=turn)


def _end_of_turn(state: GameState, events: list[Event]) -> GameState:
    """Attacked players redeploy in seat order after the current player (R-REDEPLOY-2)."""
    n = len(state.players)
    order = sorted(state.turn.defenders, key=lambda key: ((key[0] - state.current) % n, key[1]))
    turn = state.turn.updated(defenders=tuple(order), acting="")
    return _next_defender(state.updated(turn=turn), events)


def _next_defender(state: GameState, events: list[Event]) -> GameState:
    queue = list(state.turn.defenders)
    while queue:
        owner, name = queue.pop(0)
        race = state.race(name)
        if race is None or not has_regions(state, name):
            continue  # R-CONQ-7: with no region left the tokens stay in hand
        if race.hand == 0 and not any(
            b.has_redeploy_work(state, race) for b in hooked(badges(race), "has_redeploy_work")
        ):
            continue
        events.append(DefenderToRedeploy(owner, name, race.hand))
        turn = state.turn.updated(
            stage=Stage.DEFEND, actor=owner, acting=name, defenders=tuple(queue)
        )
        return state.updated(turn=turn)
    turn = state.turn.updated(defenders=(), actor=state.current, acting="")
    return _score_and_continue(state.updated(turn=turn), events)


def score_rows(state: GameState, player: int) -> tuple[Row, ...]:
    """What ``player`` would score now: 1 per region (R-SCORE-1) plus bonuses (R-SCORE-2)."""
    p = state.players[player]
    held = state.regions_of(player)
    rows: list[Row] = []
    if held:
        rows.append(Row("regions occupied", held, "R-SCORE-1"))
    if p.active is not None:
        for b in hooked(badges(p.active), "bonus_coins"):
            rows.extend(b.bonus_coins(state, p.active))
    for d in p.declined:
        for b in hooked(badges(d), "decline_bonus_coins"):
            rows.extend(b.decline_bonus_coins(state, d))
    return tuple(row for row in rows if row.amount)


def _score_and_continue(state: GameState, events: list[Event]) -> GameState:
    p = state.current
    rows = score_rows(state, p)
    total = sum(r.amount for r in rows)
    state = add_coins(state, p, total)
    events.append(Scored(p, total, tuple((r.label, r.amount, r.rule) for r in rows)))
    active = state.players[p].active
    if (
        active is not None
        and not state.turn.declined
        and any(
            b.declines_after_scoring() for b in hooked(badges(active), "declines_after_scoring")
        )
    ):
        turn = state.turn.updated(stage=Stage.DECLINE_CHOICE, actor=p)
        return state.updated(turn=turn)
    return _next_turn(state, events)


def _next_turn(state: GameState, events: list[Event]) -> GameState:
    """Next seat; a new round after the last seat; the end after the last round (R-FLOW)."""
    nxt = (state.current + 1) % len(state.players)
    if nxt == 0:
        if state.round >= state.geo.turns:
            turn = TurnState(stage=Stage.GAME_OVER, actor=state.current)
            state = state.updated(turn=turn)
            events.append(GameEnded(winners(state), scores(state)))
            return state
        state = state.updated(round=state.round + 1)
        events.append(RoundStarted(state.round))
    return start_turn(state, nxt, events)


def start_turn(state: GameState, player: int, events: list[Event]) -> GameState:
    """Begin ``player``'s turn: decline Ghouls first (R-TURN-0), then the active race."""
    state = state.updated(current=player, turn=TurnState(stage=Stage.CONQUER, actor=player))
    events.append(TurnStarted(player, state.round))
    for d in state.players[player].declined:
        acts = hooked(badges(d), "acts_in_decline")
        if any(b.acts_in_decline() for b in acts) and has_regions(state, d.name):
            state = _ready(state, d, events)
            return state.updated(turn=state.turn.updated(stage=Stage.CONQUER, acting=d.name))
    return _start_active_phase(state, events)


def _start_active_phase(state: GameState, events: list[Event]) -> GameState:
    """Pick a combo (no active race, R-PICK) or ready the active race (R-EXPAND-1).

    After a decline the next turn picks a new combo and plays it as a first turn
    (R-DECLINE-6). An expanding turn readies, conquers, redeploys and scores (R-EXPAND-3).
    An active race with no region keeps its turn: it re-enters or declines, and cannot
    pick (R-RULING-7). Decline races are never readied: they never move (R-DECLINE-7),
    except decline Ghouls, readied in :func:`start_turn`.
    """
    player = state.players[state.current]
    if player.active is None:
        turn = state.turn.updated(stage=Stage.PICK, acting="", actor=state.current)
        return state.updated(turn=turn)
    state = _ready(state, player.active, events)
    turn = state.turn.updated(stage=Stage.CONQUER, acting=player.active.name, actor=state.current)
    return state.updated(turn=turn)

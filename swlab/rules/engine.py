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
from collections.abc import Sequence
from dataclasses import replace

from swlab.rules.abilities.base import Badge, Row
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
from swlab.rules.cost import CostBreakdown, conquest_cost, cost_rows
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import (
    Abandoned,
    ComboPicked,
    Conquered,
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
    strip_defender,
    update_race,
)
from swlab.rules.state import (
    NOBODY,
    Conquest,
    GameState,
    RaceState,
    RegionState,
    Stage,
    TurnState,
)

MAX_SHORT = 3  # R-CONQ-10: the die shows at most 3

#: :func:`current_player` at a chance node: the reinforcement die decides, no player does
#: (OpenSpiel's model; not ``NOBODY``, which is -1).
CHANCE = -2

#: Each face of the reinforcement die with its probability: 0 (three blank faces) 1/2,
#: 1, 2 and 3 1/6 each (R-COMP-5).
DIE_ODDS: tuple[tuple[int, float], ...] = tuple(
    (face, n / len(DIE_FACES)) for face, n in sorted(Counter(DIE_FACES).items())
)

STAGE_RULE: dict[Stage, tuple[str, str]] = {
    Stage.PICK: ("R-PICK-1", "the game waits for a combo to be picked"),
    Stage.CONQUER: ("R-CONQ-11", "the game waits for a conquest, or for you to stop"),
    Stage.ROLL: ("R-CONQ-10", "the game waits for the reinforcement die"),
    Stage.REDEPLOY: ("R-REDEPLOY-1", "the game waits for redeployment"),
    Stage.WITHDRAW: ("R-RACE-AMAZONS", "the Amazons must take tokens off the map"),
    Stage.DEFEND: ("R-REDEPLOY-2", "an attacked player is redeploying"),
    Stage.DECLINE_CHOICE: ("R-POW-STOUT", "the game waits for a choice to decline or not"),
    Stage.GAME_OVER: ("R-FLOW-2", "the game is over"),
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
    """The race conquering or redeploying now."""
    return state.race(state.turn.acting) if state.turn.acting else None


# ====================================================================================
# The oracle
# ====================================================================================


def legal_actions(state: GameState) -> list[Action]:
    """Every decision a player may take now; ``[]`` when the game is over and at a chance
    node, where the die decides (:func:`chance_outcomes`, R-CONQ-10).

    ``deploy`` (the composite redeployment) is accepted by :func:`apply` but not listed:
    its placements are too many to enumerate; ``place``/``take``/``done`` reach the same
    results one token at a time.
    """
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
        for i in reach.candidates(state):
            kind = reach.kind(state, i)
            if kind is not None:
                out.append(geo.per_region(kind)[i])
        # after a conquest (or in decline) _refuse_abandon refuses every region: skip them
        if not (race.in_decline or _conquered_this_turn(state, race)):
            for i in reach.held:
                if _refuse_abandon(state, race, i) is None:
                    out.append(geo.per_region(Abandon)[i])
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
        return IllegalActionError("R-FLOW-2", "The game is over: no action is possible (R-FLOW-2).")
    if stage is Stage.ROLL:
        if isinstance(action, Roll):
            if action.face not in (0, 1, 2, 3):
                return IllegalActionError(
                    "R-COMP-5", "The reinforcement die shows 0, 1, 2 or 3 (R-COMP-5)."
                )
            if state.die and action.face != state.die[0]:
                return IllegalActionError(
                    "R-CONQ-10",
                    f"The die of this position is fixed: the next roll shows {state.die[0]}, "
                    f"not {action.face} (R-CONQ-10).",
                )
            return None
        return _wrong_stage(state, action)
    if stage is Stage.PICK:
        if isinstance(action, Pick):
            return _refuse_pick(state, action.position)
        if isinstance(action, End):
            if state.column:
                return IllegalActionError(
                    "R-PICK-1", "You have no active race: pick a combo from the column (R-PICK-1)."
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
                f"Your {race.name} lost every region but are still your active race: they "
                f"re-enter the map or go into decline; no new combo this turn (R-RULING-7).",
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

    The input state is never changed.
    """
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
    Pick: ("R-PICK-1", "a combo is picked only at the start of a turn with no active race"),
    Conquer: ("R-CONQ-11", "conquests happen in the conquest stage, before redeployment"),
    Final: ("R-CONQ-10", "the final conquest is chosen in the conquest stage"),
    Abandon: ("R-EXPAND-2", "regions are abandoned before the first conquest of a turn"),
    Roll: ("R-CONQ-10", "the die is rolled only after choosing a final conquest"),
    Convert: ("R-RACE-SORCERERS", "only active Sorcerers convert, during their conquests"),
    Decline: ("R-DECLINE-5", "a race goes into decline instead of expanding, at turn start"),
    Place: ("R-REDEPLOY-1", "tokens are placed during redeployment"),
    Take: ("R-REDEPLOY-1", "tokens are taken back during the current player's redeployment"),
    Deploy: ("R-REDEPLOY-1", "the placement is given during redeployment"),
    Done: ("R-REDEPLOY-1", "'done' ends a redeployment"),
    Withdraw: ("R-RACE-AMAZONS", "only the Amazons withdraw, after their redeployment"),
    End: ("R-CONQ-11", "'end' stops the conquests or passes an optional choice"),
}


def _wrong_stage(state: GameState, action: Action) -> IllegalActionError:
    rule, waits = STAGE_RULE[state.turn.stage]
    if type(action) in ACTION_RULE:
        rule, why = ACTION_RULE[type(action)]
        return IllegalActionError(
            rule, f"'{action!r}' is not possible now: {why}, and {waits} ({rule})."
        )
    return IllegalActionError(rule, f"'{action!r}' is not possible now: {waits} ({rule}).")


def _region_index(state: GameState, region: int) -> int | IllegalActionError:
    i = state.geo.index.get(region)
    if i is None:
        return IllegalActionError(
            "R-COMP-6", f"There is no region {region} on this board (R-COMP-6)."
        )
    return i


def _refuse_pick(state: GameState, k: int) -> IllegalActionError | None:
    """R-PICK-1, R-PICK-3: a position in the column the player can pay for."""
    if not 0 <= k < len(state.column):
        return IllegalActionError(
            "R-PICK-1",
            f"The column has positions 0 to {len(state.column) - 1}, not {k} (R-PICK-1).",
        )
    coins = state.players[state.current].coins
    if k > coins:
        return IllegalActionError(
            "R-PICK-3",
            f"Position {k} costs {k} coins (one on each combo above it) and you have {coins} "
            "(R-PICK-3).",
        )
    return None


class _Reach:
    """What the acting race may conquer: the R-CONQ checks, set up once per query.

    The checks return short reason codes; :meth:`refuse` turns a code into the learner's
    sentence, so :func:`legal_actions` (which only needs yes/no) and :func:`why_illegal`
    run exactly the same tests without formatting messages for every region.

    It holds only facts about the race in one state (never the state itself), so that
    :func:`_reach` can keep it in that state's memo: ``legal_actions``, then ``apply``'s
    legality check, and Dragon Master's check of every region all ask the same state.
    """

    def __init__(self, state: GameState, race: RaceState) -> None:
        self.race = race
        self.badges: tuple[Badge, ...] = badges(race)
        self.held = state.race_regions(race.name)
        self.held_set = frozenset(self.held)
        self.water_ok = any(b.can_occupy_water(state, race) for b in self.badges)
        self.anywhere = any(b.enters_anywhere(state, race) for b in self.badges)
        self.flying = any(b.ignores_adjacency(state, race) for b in self.badges)
        # The per-region hooks are asked of every candidate region: only the badges that
        # replace the no-op default can answer anything else than it.
        self.extra_adjacency = _hooked(self.badges, "is_extra_adjacent")
        self.cost_badges = _hooked(self.badges, "cost_modifiers")
        self.restricting = _hooked(self.badges, "conquest_refusal")
        #: defender race name -> (its state, its badges that may refuse an attack)
        self.guards: dict[str, tuple[RaceState | None, tuple[Badge, ...]]] = {}

    def candidates(self, state: GameState) -> Sequence[int]:
        """Positions, ascending, that may pass :meth:`where`: the rest fail it for sure.

        ``legal_actions`` runs every check on these only. Most regions of a board are
        neither adjacent to the race nor on its way in, so sorting them out with set
        operations first saves running each one's badge hooks at every call; a badge
        that adds adjacency of its own (Underworld, a custom badge) or a race that
        reaches anywhere keeps the whole board.
        """
        geo = state.geo
        if self.race.hand < 1:
            return ()  # R-CONQ-3: where() refuses every region
        if self.held:
            if self.flying or self.extra_adjacency:
                return range(len(geo))
            near: set[int] = set()
            for i in self.held:
                near.update(geo.neighbours[i])  # R-CONQ-6
            near -= self.held_set
            if not self.water_ok:
                near -= geo.water_set  # R-CONQ-4
            return sorted(near)
        if self.anywhere:
            return range(len(geo))
        entry = geo.first_conquest  # R-CONQ-1
        if self.water_ok:
            entry = entry | (geo.edge & geo.water_set)  # edge Seas, for Seafaring
        return sorted(entry)

    def where(self, state: GameState, i: int) -> str | None:
        """Every check that does not depend on the cost; a reason code or ``None``."""
        geo, race = state.geo, self.race
        r = state.regions[i]
        if geo.water[i] and not self.water_ok:
            return "water"  # R-CONQ-4
        if r.race == race.name:
            return "own"  # R-CONQ-5
        if r.owner != NOBODY and r.owner != race.owner:
            if r.is_immune:
                return "immune"  # R-IMMUNE
            if self.protection(state, i) is not None:
                return "protected"
        if not self.held:  # R-CONQ-1: enter from the border
            # a Sea touching the edge is a border region too (R-COMP-6), for Seafaring
            edge_sea = self.water_ok and geo.water[i] and i in geo.edge
            if not (self.anywhere or i in geo.first_conquest or edge_sea):
                return "border"
        elif not (
            self.flying
            or not geo.neighbours[i].isdisjoint(self.held_set)
            or any(b.is_extra_adjacent(state, race, i) for b in self.extra_adjacency)
        ):
            return "adjacent"  # R-CONQ-6
        if race.hand < 1:
            return "hand"  # R-CONQ-3
        return None

    def protection(self, state: GameState, i: int) -> tuple[str, str] | None:
        """The defender's badge refusing the attack on ``i`` (Diplomat's peace), if any."""
        name = state.regions[i].race
        guard = self.guards.get(name)
        if guard is None:
            found = state.race(name)
            guard = self.guards[name] = (
                found,
                () if found is None else _hooked(badges(found), "protects"),
            )
        defender, protecting = guard
        if defender is not None:
            for b in protecting:
                refusal = b.protects(state, defender, self.race, i)
                if refusal is not None:
                    return refusal
        return None

    def restriction(self, state: GameState, i: int, final: bool) -> tuple[str, str] | None:
        """The attacker's badge refusing an otherwise legal conquest (Berserk), if any."""
        for b in self.restricting:
            refusal = b.conquest_refusal(state, self.race, i, final)
            if refusal is not None:
                return refusal
        return None

    def price(self, state: GameState, i: int, final: bool, cost: int | None = None) -> str | None:
        """R-CONQ-2 (afford it) or R-CONQ-10 (short by 1 to 3, R-RULING-2 discounted)."""
        if cost is None:
            cost = conquest_cost(state, self.race, i, self.cost_badges)
        hand = self.race.hand
        if not final:
            code = None if cost <= hand else "cost"
        elif cost <= hand:
            code = "affordable"
        else:
            code = None if cost - hand <= MAX_SHORT else "short"
        if code is None and self.restriction(state, i, final) is not None:
            return "restricted"
        return code

    def kind(self, state: GameState, i: int) -> type[Conquer] | type[Final] | None:
        """Which of ``conquer`` / ``final`` is legal for region ``i`` (never both)."""
        if self.where(state, i) is not None:
            return None
        cost = conquest_cost(state, self.race, i, self.cost_badges)
        if self.price(state, i, final=False, cost=cost) is None:
            return Conquer
        if self.price(state, i, final=True, cost=cost) is None:
            return Final
        return None

    def refuse(self, state: GameState, i: int, final: bool) -> IllegalActionError | None:
        """Every check for ``conquer`` (or ``final``) of region position ``i``."""
        code = self.where(state, i) or self.price(state, i, final)
        return None if code is None else self.error(state, code, i, final)

    def error(self, state: GameState, code: str, i: int, final: bool) -> IllegalActionError:
        label, name, hand = state.geo.label(i), self.race.name, self.race.hand
        if code == "protected":
            protection = self.protection(state, i)
            assert protection is not None
            return IllegalActionError(*protection)
        if code == "restricted":
            restriction = self.restriction(state, i, final)
            assert restriction is not None
            return IllegalActionError(*restriction)
        cost = conquest_cost(state, self.race, i, self.cost_badges)
        rule, text = {
            "water": ("R-CONQ-4", f"{label} is water: Seas and Lakes cannot be conquered"),
            "own": ("R-CONQ-5", f"Your {name} already occupy {label}"),
            "immune": (
                "R-IMMUNE",
                f"{label} is immune: a Hole-in-the-Ground, a Hero or the Dragon protects it "
                f"from enemy conquests",
            ),
            "border": (
                "R-CONQ-1",
                f"{label} is not a border region: the {name} have no region on the map, so "
                f"they must enter from the edge of the board",
            ),
            "adjacent": ("R-CONQ-6", f"{label} is not adjacent to a region of your {name}"),
            "hand": ("R-CONQ-3", f"You have no {name} token in hand to conquer with"),
            "cost": ("R-CONQ-2", f"{label} costs {cost} tokens and you have {hand} in hand"),
            "affordable": (
                "R-CONQ-10",
                f"You can afford {label} ({cost} tokens): conquer it; the die is only for a "
                f"region you are short of",
            ),
            "short": (
                "R-CONQ-10",
                f"{label} costs {cost} and you have {hand}: {cost - hand} short, more than "
                f"the die's 3",
            ),
        }[code]
        return IllegalActionError(rule, f"{text} ({rule}).")


def _reach(state: GameState, race: RaceState) -> _Reach:
    """The :class:`_Reach` of ``race`` in ``state``, made once per state (its memo)."""
    key = ("reach", race.name)
    reach = state.memo.get(key)
    if not (isinstance(reach, _Reach) and (reach.race is race or reach.race == race)):
        reach = state.memo[key] = _Reach(state, race)
    return reach


def _hooked(own: tuple[Badge, ...], hook: str) -> tuple[Badge, ...]:
    """The badges of ``own`` that replace the no-op default of ``hook`` (see :class:`Badge`)."""
    return tuple(b for b in own if hook in b.hooks)


def reach_candidates(state: GameState, race: RaceState) -> Sequence[int]:
    """Region positions, ascending, outside of which :func:`reach_refusal` always refuses.

    For badges that offer a conquest of their own on many regions (Dragon Master): they
    need to check only these.
    """
    return _reach(state, race).candidates(state)


def reach_refusal(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """The conquest checks that do not depend on the cost, for region position ``i``.

    For badges that conquer their own way (Dragon Master): water (R-CONQ-4), own region,
    immunity (R-IMMUNE), protection, R-CONQ-1 / R-CONQ-6 reach, a token in hand (R-CONQ-3).
    """
    reach = _reach(state, race)
    code = reach.where(state, i)
    return None if code is None else reach.error(state, code, i, final=False)


def _refuse_abandon(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """R-EXPAND-2: own active region, before the first conquest of the turn."""
    if race.in_decline:
        return IllegalActionError(
            "R-RACE-GHOULS",
            "Decline Ghouls conquer and redeploy but do not abandon regions (R-RACE-GHOULS).",
        )
    if state.regions[i].race != race.name:
        return IllegalActionError(
            "R-EXPAND-2", f"{state.geo.label(i)} is not a region of your {race.name} (R-EXPAND-2)."
        )
    if _conquered_this_turn(state, race):
        return IllegalActionError(
            "R-EXPAND-2",
            "Regions are abandoned before the first conquest of the turn, not after (R-EXPAND-2).",
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
            "Only the active race goes into decline, after the decline Ghouls have conquered "
            "(R-TURN-0).",
        )
    if turn.picked:
        return IllegalActionError(
            "R-DECLINE-1",
            f"The {p.active.name} were picked this turn: a race's first turn is pick, conquer, "
            f"redeploy, score; decline is possible from its next turn (R-DECLINE-1).",
        )
    if turn.acted:
        return IllegalActionError(
            "R-DECLINE-5",
            "You have already expanded this turn: a turn is either expansion or decline, never "
            "both (R-DECLINE-5).",
        )
    return None


def _refuse_place(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    rule = "R-REDEPLOY-2" if state.turn.stage is Stage.DEFEND else "R-REDEPLOY-1"
    if race.hand < 1:
        return IllegalActionError(rule, f"You have no {race.name} token in hand to place ({rule}).")
    if state.regions[i].race != race.name:
        return IllegalActionError(
            rule,
            f"{state.geo.label(i)} is not a region of your {race.name}: tokens go only to your "
            f"own regions ({rule}).",
        )
    return None


def _refuse_take(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    if state.turn.stage is Stage.DEFEND:
        return IllegalActionError(
            "R-REDEPLOY-2",
            "An attacked player only places the tokens in hand; the others stay (R-REDEPLOY-2).",
        )
    r = state.regions[i]
    if r.race != race.name:
        return IllegalActionError(
            "R-REDEPLOY-1",
            f"{state.geo.label(i)} is not a region of your {race.name} (R-REDEPLOY-1).",
        )
    if r.tokens < 2:
        return IllegalActionError(
            "R-REDEPLOY-1", f"{state.geo.label(i)} must keep at least 1 token (R-REDEPLOY-1)."
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
            f"You still hold {race.hand} {race.name} token(s): place them all in your regions "
            f"first ({rule}).",
        )
    return None


def _badge_done_refusal(state: GameState, race: RaceState) -> IllegalActionError | None:
    for b in badges(race):
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
            return IllegalActionError(rule, f"Region {region} is listed twice ({rule}).")
        seen.add(i)
        r = state.regions[i]
        if r.race != race.name:
            return IllegalActionError(
                rule, f"{state.geo.label(i)} is not a region of your {race.name} ({rule})."
            )
        if count < 1:
            return IllegalActionError(
                rule, f"{state.geo.label(i)} must keep at least 1 token ({rule})."
            )
        if defend and count < r.tokens:
            return IllegalActionError(
                rule,
                f"An attacked player only adds tokens; {state.geo.label(i)} has {r.tokens} "
                f"({rule}).",
            )
        added += count - r.tokens
    if added != race.hand:
        return IllegalActionError(
            rule,
            f"The placement uses {added} tokens from hand but you hold {race.hand}: every token "
            f"in hand is deployed ({rule}).",
        )
    return _badge_done_refusal(state, race)


def _refuse_withdraw(state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
    """R-RACE-AMAZONS: leave at least 1 per region if possible; may empty a region."""
    r = state.regions[i]
    if r.race != race.name:
        return IllegalActionError(
            "R-RACE-AMAZONS",
            f"{state.geo.label(i)} is not a region of your Amazons (R-RACE-AMAZONS).",
        )
    if r.tokens == 1 and any(state.regions[j].tokens >= 2 for j in state.race_regions(race.name)):
        return IllegalActionError(
            "R-RACE-AMAZONS",
            "Take the Amazons from a region holding 2 or more first: leave at least 1 per region "
            "if possible (R-RACE-AMAZONS).",
        )
    return None


def _extra(state: GameState, race: RaceState) -> list[Action]:
    out: list[Action] = []
    for b in badges(race):
        for a in b.extra_actions(state, race):
            if b.check_extra(state, race, a) is None:
                out.append(a)
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


def conquer_region(
    state: GameState, race: RaceState, i: int, placed: int | None, events: list[Event]
) -> GameState:
    """Take region ``i``: defender losses (R-CONQ-7), place the tokens (R-CONQ-5).

    ``placed`` is the number of tokens moved in from hand (default: the cost). Public for
    badges that conquer their own way (the final die, Dragon Master's single token).
    """
    # the event explains the cost as explain_cost does, for the race the state holds
    held = state.race(race.name)
    rows, cost = cost_rows(state, race, i)
    shown = (rows, cost) if held is race or held == race else cost_rows(state, held, i)
    tokens = cost if placed is None else placed
    was_occupied = state.regions[i].is_occupied
    defender = state.regions[i].owner
    defender_active = defender != NOBODY and not state.regions[i].in_decline
    breakdown = CostBreakdown(state.geo.ids[i], *shown).summary()
    state, evs = strip_defender(state, i, race)
    race = state.race(race.name) or race
    r = state.regions[i]
    state = set_region(
        state,
        i,
        RegionState(
            owner=race.owner,
            race=race.name,
            tokens=tokens,
            in_decline=race.in_decline,
            mountain=r.mountain,  # R-CONQ-9
        ),
    )
    race = race.updated(hand=race.hand - tokens, conquests=race.conquests + 1)
    state = update_race(state, race)
    turn = state.turn
    turn = turn.updated(
        conquests=(
            *turn.conquests,
            Conquest(race.name, i, was_occupied, defender, defender_active),
        ),
        acted=turn.acted or not race.in_decline,
    )
    state = state.updated(turn=turn)
    events.append(Conquered(race.owner, race.name, state.geo.ids[i], tokens, cost, breakdown))
    events.extend(evs)
    for b in badges(race):
        state, evs = b.on_conquest(state, race, i)
        events.extend(evs)
        race = state.race(race.name) or race
    return state


def _choose_final(state: GameState, race: RaceState, i: int, events: list[Event]) -> GameState:
    """R-CONQ-10: the region is chosen first, then the die is rolled."""
    cost = conquest_cost(state, race, i)
    events.append(FinalConquestChosen(race.owner, state.geo.ids[i], cost, race.hand))
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
    """R-EXPAND-2: every token there into hand; the region is no longer yours."""
    tokens = state.regions[i].tokens
    state, evs = empty_region(state, i, "R-EXPAND-2")
    state = update_race(state, race.updated(hand=race.hand + tokens))
    state = state.updated(turn=state.turn.updated(acted=True))
    events.append(Abandoned(race.owner, race.name, state.geo.ids[i], tokens))
    events.extend(evs)
    return state


def _ready(state: GameState, race: RaceState, events: list[Event]) -> GameState:
    """R-EXPAND-1: exactly 1 token stays in each region, the rest (and the reserve) to hand."""
    taken = 0
    readied: list[tuple[int, int]] = []
    regions = list(state.regions)
    for i, r in enumerate(regions):
        if r.race == race.name and r.tokens > 1:
            readied.append((i, r.tokens - 1))
            taken += r.tokens - 1
            regions[i] = r.updated(tokens=1)
    state = state.updated(regions=tuple(regions))
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
    for b in badges(race):
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
    regions = list(state.regions)
    for region, count in action.placement:
        i = state.geo.index[region]
        regions[i] = regions[i].updated(tokens=count)
    state = state.updated(regions=tuple(regions))
    return update_race(state, race.updated(hand=0))


def _finish_redeploy(state: GameState, race: RaceState, events: list[Event]) -> GameState:
    race = state.race(race.name) or race
    if state.turn.stage is Stage.DEFEND:
        events.append(Redeployed(race.owner, race.name, True))
        return _next_defender(state, events)
    events.append(Redeployed(race.owner, race.name, False))
    withdraw = sum(b.withdraw_after_redeploy(state, race) for b in badges(race))
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
        return _start_active_phase(state, events)  # decline Ghouls done (R-TURN-0)
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
    regions = list(state.regions)
    returned = race.hand + race.reserve  # R-RULING-15
    if keeps_tokens:
        # Ghouls keep every token: undo Ready-your-troops of this turn (R-DECLINE-2).
        for i, n in state.turn.readied:
            if regions[i].race == race.name:
                regions[i] = regions[i].updated(tokens=regions[i].tokens + n)
                returned -= n
    count = 0
    for i, r in enumerate(regions):
        if r.race != race.name:
            continue
        count += 1
        keep = r.tokens if keeps_tokens else 1
        returned += r.tokens - keep
        for piece, flag in (("Hole-in-the-Ground", r.hole), ("Hero", r.hero), ("Dragon", r.dragon)):
            if flag:
                events.append(PieceChanged(piece, state.geo.ids[i], False, "R-DECLINE-4"))
        if r.encampments:
            events.append(PieceChanged("Encampment", state.geo.ids[i], False, "R-DECLINE-4"))
        regions[i] = r.updated(
            tokens=keep, in_decline=True, hole=False, hero=False, dragon=False, encampments=0
        )
    state = state.updated(regions=tuple(regions)).with_tray(race.name, returned)
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
        if race.hand == 0 and not any(b.has_redeploy_work(state, race) for b in badges(race)):
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
    held = sum(1 for r in state.regions if r.owner == player)
    rows: list[Row] = []
    if held:
        rows.append(Row("regions occupied", held, "R-SCORE-1"))
    if p.active is not None:
        for b in badges(p.active):
            rows.extend(b.bonus_coins(state, p.active))
    for d in p.declined:
        for b in badges(d):
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
        and any(b.declines_after_scoring() for b in badges(active))
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
        if any(b.acts_in_decline() for b in badges(d)) and has_regions(state, d.name):
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

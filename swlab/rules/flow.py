"""The automatic transitions of a turn (R-FLOW): what happens between two decisions.

Readying the troops (R-EXPAND-1), the start and end of redeployment (R-REDEPLOY-1), the
decline of the active race (R-DECLINE-1..4), the attacked players' redeployment in seat
order (R-REDEPLOY-2), scoring (R-SCORE), the next turn and round and the end of the game
(R-FLOW-1, R-FLOW-2). The stages (:mod:`swlab.rules.stages`) call these after the step of
a decision; none of them is a decision itself, and each one reports itself as events.
"""

from __future__ import annotations

from dataclasses import replace

from swlab.rules.abilities.base import Row
from swlab.rules.abilities.registry import power_badge
from swlab.rules.events import (
    Declined,
    DefenderToRedeploy,
    Event,
    GameEnded,
    PieceChanged,
    Redeployed,
    RoundStarted,
    Scored,
    TokensGained,
    TroopsReadied,
    TurnStarted,
)
from swlab.rules.ops import (
    acting_race,
    add_coins,
    badges,
    has_regions,
    hooked_badges,
    remove_race,
    update_race,
)
from swlab.rules.pieces import CLEARED_ON_DECLINE, RESET_ON_DECLINE, leaving
from swlab.rules.state import (
    BLANK_TURN,
    GameState,
    RaceState,
    RegionState,
    Stage,
    TurnState,
    new_turn,
    state_race,
    state_race_regions,
    state_regions_of,
    state_updated,
    state_with_tokens,
    with_field,
)

#: the stages every turn passes through, read once: an attribute of an Enum class is slow to
#: read (Python 3.11's ``EnumType.__getattr__``), and these are read at every turn
_CONQUER, _REDEPLOY, _DEFEND = Stage.CONQUER, Stage.REDEPLOY, Stage.DEFEND

# ====================================================================================
# Queries the end of the game needs
# ====================================================================================


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


def score_rows(state: GameState, player: int) -> tuple[Row, ...]:
    """What ``player`` would score now: 1 per region (R-SCORE-1) plus bonuses (R-SCORE-2)."""
    p = state.players[player]
    held = state_regions_of(state, player)
    rows: list[Row] = []
    if held:
        rows.append(Row("regions occupied", held, "R-SCORE-1"))
    if p.active is not None:
        for b in hooked_badges(p.active, "bonus_coins"):
            rows.extend(b.bonus_coins(state, p.active))
    for d in p.declined:
        for b in hooked_badges(d, "decline_bonus_coins"):
            rows.extend(b.decline_bonus_coins(state, d))
    return tuple([row for row in rows if row.amount])


# ====================================================================================
# Start of a turn
# ====================================================================================


def start_turn(state: GameState, player: int, events: list[Event]) -> GameState:
    """Begin ``player``'s turn: decline Ghouls first (R-TURN-0), then the active race.

    The turn starts with nothing done (:data:`~swlab.rules.state.BLANK_TURN`), made at
    once into what it starts with (the race readied, or the pick): one turn record, not
    a blank one and then its update (the steps in between read no turn)."""
    state = with_field(state, "current", player)
    events.append(TurnStarted(player, state.round))
    for d in state.players[player].declined:
        acts = hooked_badges(d, "acts_in_decline")
        if any(b.acts_in_decline() for b in acts) and has_regions(state, d.name):
            return ready(state, d, events, BLANK_TURN)
    return start_active_phase(state, events, BLANK_TURN)


def start_active_phase(
    state: GameState, events: list[Event], turn: TurnState | None = None
) -> GameState:
    """Pick a combo (no active race, R-PICK) or ready the active race (R-EXPAND-1).

    After a decline the next turn picks a new combo and plays it as a first turn
    (R-DECLINE-6). An expanding turn readies, conquers, redeploys and scores (R-EXPAND-3).
    An active race with no region keeps its turn: it re-enters or declines, and cannot
    pick (R-RULING-7). Decline races are never readied: they never move (R-DECLINE-7),
    except decline Ghouls, readied in :func:`start_turn`. ``turn``: the turn to update
    (``None``: the state's; a turn that starts: a blank one).
    """
    player = state.players[state.current]
    if turn is None:
        turn = state.turn
    if player.active is None:
        turn = turn.updated(stage=Stage.PICK, acting="", actor=state.current)
        return with_field(state, "turn", turn)
    return ready(state, player.active, events, turn)


def ready(
    state: GameState, race: RaceState, events: list[Event], turn: TurnState | None = None
) -> GameState:
    """R-EXPAND-1: exactly 1 token stays in each region, the rest (and the reserve) to hand;
    then the race conquers (R-TURN-0, R-TURN): the turn's stage, actor and acting race are
    set with its record of the tokens readied, in one update of the turn (``turn``, or the
    state's when ``None``)."""
    taken = 0
    readied: list[tuple[int, int]] = []
    regions = state.regions
    for i in state_race_regions(state, race.name):
        n = regions[i].tokens
        if n > 1:
            readied.append((i, n - 1))
            taken += n - 1
    for i, _n in readied:  # (after the walk: a working copy's regions change in place)
        state = state_with_tokens(state, i, 1)
    total = taken + race.reserve
    state = update_race(state, race.updated(hand=race.hand + total, reserve=0))
    events.append(TroopsReadied(race.owner, race.name, total))
    # (only the active race's readying is recorded: its decline this turn may undo it,
    # R-DECLINE-2)
    turn = (state.turn if turn is None else turn).updated(
        stage=_CONQUER,
        actor=state.current,
        acting=race.name,
        readied=None if race.in_decline else tuple(readied),
    )
    return with_field(state, "turn", turn)


# ====================================================================================
# Conquests end, redeployment
# ====================================================================================


def start_redeploy(state: GameState, events: list[Event]) -> GameState:
    """Conquests end: gains from the tray (Skeletons), then redeployment (R-REDEPLOY-1)."""
    race = acting_race(state)
    assert race is not None
    for b in hooked_badges(race, "redeploy_gain"):
        gain = min(b.redeploy_gain(state, race), state.tray(race.name))
        if gain > 0:
            race = race.updated(hand=race.hand + gain)
            state = update_race(state, race).with_tray(race.name, -gain)
            events.append(TokensGained(race.owner, race.name, gain, b.rule))
    # Tokens have moved: the Ready-your-troops record is no longer undoable (Stout decline).
    return with_field(state, "turn", state.turn.updated(stage=_REDEPLOY, readied=()))


def finish_redeploy(state: GameState, race: RaceState, events: list[Event]) -> GameState:
    """A redeployment is over: the next defender, the Amazons' withdrawal, or what follows
    the acting race's phase (R-REDEPLOY-1, R-REDEPLOY-2, R-RACE-AMAZONS)."""
    race = state_race(state, race.name, race.owner) or race
    if state.turn.stage is _DEFEND:
        events.append(Redeployed(race.owner, race.name, True))
        return next_defender(state, events)
    events.append(Redeployed(race.owner, race.name, False))
    # (no generator started for a race without the hook: most races, at every turn's end)
    withdrawing = hooked_badges(race, "withdraw_after_redeploy")
    withdraw = (
        sum([b.withdraw_after_redeploy(state, race) for b in withdrawing]) if withdrawing else 0
    )
    if withdraw > 0:  # (only the Amazons withdraw: count the tokens on the map for them)
        on_map = sum(state.regions[i].tokens for i in state_race_regions(state, race.name))
        withdraw = min(withdraw, on_map)
    if withdraw > 0:
        return with_field(
            state, "turn", state.turn.updated(stage=Stage.WITHDRAW, withdraw_left=withdraw)
        )
    return after_acting_phase(state, events)


def after_acting_phase(state: GameState, events: list[Event]) -> GameState:
    """Decline Ghouls done: the active race's phase (R-TURN-0); the active race done: the
    end of the turn."""
    race = acting_race(state)
    if race is not None and race.in_decline:
        # Having abandoned every region (R-RULING-16) decline Ghouls could re-enter as an
        # active race would; if they did not, their last token has left the map and the
        # race leaves the game (R-DECLINE-3).
        if not has_regions(state, race.name):
            state, evs = remove_race(state, race)
            events.extend(evs)
        return start_active_phase(state, events)
    return end_of_turn(state, events)


# ====================================================================================
# Decline
# ====================================================================================


def decline(state: GameState, events: list[Event]) -> GameState:
    """Send the current player's active race into decline (R-DECLINE-1..4, R-RULING-15).

    The result is the moment of :attr:`Stage.DECLINED`: the race is in decline, the turn's
    scoring is still to come (R-DECLINE-5).
    """
    p = state.current
    player = state.players[p]
    race = player.active
    assert race is not None
    own = badges(race)
    keeps_badge = bool(race.power) and power_badge(race.power).keeps_badge_in_decline()
    # R-DECLINE-3: an older decline race (counting toward the limit) leaves first.
    if all(b.counts_toward_decline_limit() for b in own):
        for old in player.declined:
            if all(b.counts_toward_decline_limit() for b in badges(old)):
                state, evs = remove_race(state, old)
                events.extend(evs)
    keeps_tokens = any(b.keeps_tokens_in_decline() for b in own)
    state, count, returned = _regions_in_decline(state, race, keeps_tokens, events)
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
    state = state_updated(state, players=tuple(players), power_discard=discard)
    events.append(Declined(p, race.name, race.power, count, returned, keeps_badge))
    if count == 0:
        state, evs = remove_race(state, declined)
        events.extend(evs)
    turn = state.turn.updated(stage=Stage.DECLINED, declined=True, acting="")
    return with_field(state, "turn", turn)


def _regions_in_decline(
    state: GameState, race: RaceState, keeps_tokens: bool, events: list[Event]
) -> tuple[GameState, int, int]:
    """Flip the race's regions (1 token each, or all of them for the Ghouls, R-DECLINE-2);
    the state, the regions flipped and the tokens back to the tray (R-RULING-15)."""
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
    for i in state_race_regions(state, race.name):
        r = changes.get(i, regions[i])
        count += 1
        keep = r.tokens if keeps_tokens else 1
        returned += r.tokens - keep
        # R-DECLINE-4: the pieces the table sends off the map go; lairs and fortresses stay
        for piece in leaving(r, CLEARED_ON_DECLINE):
            events.append(PieceChanged(piece.label, state.geo.ids[i], False, "R-DECLINE-4"))
        changes[i] = r.updated(tokens=keep, in_decline=True, **RESET_ON_DECLINE)
    return state.with_regions(changes).with_tray(race.name, returned), count, returned


# ====================================================================================
# End of a turn
# ====================================================================================


def end_of_turn(state: GameState, events: list[Event]) -> GameState:
    """Attacked players redeploy in seat order after the current player (R-REDEPLOY-2)."""
    defenders = state.turn.defenders
    if not defenders:
        # (next_defender ends the acting race's phase as the update below would: no turn
        # made here, at most turns' end)
        return next_defender(state, events)
    n = len(state.players)
    if len(defenders) > 1:  # (none or one: already in order)
        defenders = tuple(sorted(defenders, key=lambda key: ((key[0] - state.current) % n, key[1])))
    turn = state.turn.updated(defenders=defenders, acting="")
    return next_defender(with_field(state, "turn", turn), events)


def next_defender(state: GameState, events: list[Event]) -> GameState:
    """The next attacked player with tokens to place redeploys (R-REDEPLOY-2), or scoring."""
    queue = list(state.turn.defenders)
    while queue:
        owner, name = queue.pop(0)
        race = state_race(state, name, owner)
        if race is None or not has_regions(state, name):
            continue  # R-CONQ-7: with no region left the tokens stay in hand
        if race.hand == 0 and not any(
            b.has_redeploy_work(state, race) for b in hooked_badges(race, "has_redeploy_work")
        ):
            continue
        events.append(DefenderToRedeploy(owner, name, race.hand))
        turn = state.turn.updated(stage=_DEFEND, actor=owner, acting=name, defenders=tuple(queue))
        return with_field(state, "turn", turn)
    turn = state.turn.updated(defenders=(), actor=state.current, acting="")
    return score_and_continue(with_field(state, "turn", turn), events)


def score_and_continue(state: GameState, events: list[Event]) -> GameState:
    """The current player scores (R-SCORE); a Stout race may then decline (R-POW-STOUT)."""
    p = state.current
    rows = score_rows(state, p)
    total = sum([r.amount for r in rows])
    state = add_coins(state, p, total)
    events.append(Scored(p, total, tuple([(r.label, r.amount, r.rule) for r in rows])))
    active = state.players[p].active
    stout = () if active is None else hooked_badges(active, "declines_after_scoring")
    if stout and not state.turn.declined and any([b.declines_after_scoring() for b in stout]):
        turn = state.turn.updated(stage=Stage.DECLINE_CHOICE, actor=p)
        return with_field(state, "turn", turn)
    return next_turn(state, events)


def next_turn(state: GameState, events: list[Event]) -> GameState:
    """Next seat; a new round after the last seat; the end after the last round (R-FLOW)."""
    nxt = (state.current + 1) % len(state.players)
    if nxt == 0:
        if state.round >= state.geo.turns:
            turn = new_turn(Stage.GAME_OVER, state.current)
            state = with_field(state, "turn", turn)
            events.append(GameEnded(winners(state), scores(state)))
            return state
        state = state_updated(state, round=state.round + 1)
        events.append(RoundStarted(state.round))
    return start_turn(state, nxt, events)

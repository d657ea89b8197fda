"""Low-level state updates shared by the flow and the badges.

Every function takes a :class:`GameState` and returns a new one (plus events); nothing is
mutated. Region arguments are positions.
"""

from __future__ import annotations

import random
from dataclasses import replace

from swlab.rules.abilities import registry
from swlab.rules.abilities.base import DERIVED, Badge, derived_get, hooked
from swlab.rules.events import (
    BadgesReshuffled,
    ColumnRefilled,
    Event,
    PieceChanged,
    RaceRemoved,
    TokensLost,
)
from swlab.rules.pieces import PIECES, Fate, leaving
from swlab.rules.state import (
    Combo,
    GameState,
    RaceState,
    RegionState,
    make_player,
    state_has_regions,
    state_race,
    state_race_regions,
    state_updated,
    state_with_region,
    state_with_tray,
    with_field,
    with_hand,
)

COLUMN_SIZE = 6  # R-SETUP-3


def badges(race: RaceState) -> tuple[Badge, ...]:
    """The badges working for ``race`` now: banner, plus the power while it lasts.

    A race in decline keeps only a badge that stays in decline (Spirit, R-DECLINE-1);
    decline Ghouls conquer with no power (R-RULING-10). Asked several times at every step,
    so kept per (race, power, decline) in
    :data:`~swlab.rules.abilities.base.DERIVED`, which registering a custom badge clears:
    a name given another badge is looked up again.
    """
    key = ("badges", race.name, race.power, race.in_decline)
    found: tuple[Badge, ...] | None = derived_get(key)
    if found is None:
        found = DERIVED[key] = _badges(race)
    return found


def hooked_badges(race: RaceState, hook: str) -> tuple[Badge, ...]:
    """``hooked(badges(race), hook)``: the badges of ``race`` that replace the no-op
    default of ``hook``, kept per (race, power, decline, hook) in
    :data:`~swlab.rules.abilities.base.DERIVED` as :func:`badges` is (one lookup for the
    two: the flow and the listings ask at every step)."""
    key = ("hooked badges", race.name, race.power, race.in_decline, hook)
    found: tuple[Badge, ...] | None = derived_get(key)
    if found is None:
        found = DERIVED[key] = hooked(badges(race), hook)
    return found


def _badges(race: RaceState) -> tuple[Badge, ...]:
    """:func:`badges`, looked up in the registry."""
    rb = registry.race_badge(race.name)
    if not race.power:
        return (rb,)
    pb = registry.power_badge(race.power)
    if race.in_decline and not pb.keeps_badge_in_decline():
        return (rb,)
    return (rb, pb)


def acting_race(state: GameState) -> RaceState | None:
    """The race conquering or redeploying now.

    The player who decides owns it (its active race, a defender's race, its decline
    Ghouls): its active race is looked at first, then every race of the game as
    :meth:`~swlab.rules.state.GameState.race` looks (a race is owned by one player at
    most). Not kept in the memo: a working copy's memo would then have to drop it at each
    change of the step."""
    turn = state.turn
    acting = turn.acting
    if not acting:
        return None
    found = state.players[turn.actor].active
    if found is None or found.name != acting:
        found = state_race(state, acting)
    return found


def set_region(state: GameState, i: int, region: RegionState) -> GameState:
    """``state`` with region position ``i`` replaced (its holdings follow, see state.py)."""
    return state_with_region(state, i, region)


def update_race(state: GameState, race: RaceState) -> GameState:
    """Replace the owner's record of ``race`` (active or decline, by name)."""
    players = list(state.players)
    p = players[race.owner]
    if p.active is not None and p.active.name == race.name:
        # replace(p, active=race) made directly: this runs at nearly every step
        p = make_player(p.name, p.coins, race, p.declined, p.data)
    else:
        declined = tuple(race if d.name == race.name else d for d in p.declined)
        p = make_player(p.name, p.coins, p.active, declined, p.data)
    players[race.owner] = p
    return with_field(state, "players", tuple(players))


def add_coins(state: GameState, player: int, delta: int) -> GameState:
    players = list(state.players)
    p = players[player]  # replace(p, coins=...) made directly, as in update_race
    players[player] = make_player(p.name, p.coins + delta, p.active, p.declined, p.data)
    return with_field(state, "players", tuple(players))


def has_regions(state: GameState, race: str) -> bool:
    """Whether ``race`` holds a region (from the state's holdings: no scan)."""
    return state_has_regions(state, race) if race else bool(state_race_regions(state, race))


def empty_region(
    state: GameState, i: int, why: str, into: RegionState | None = None
) -> tuple[GameState, list[Event]]:
    """Remove a race's pieces as it leaves region ``i`` (R-EXPAND-2, R-CONQ-7, R-CONQ-9).

    Each piece goes as the table says (:data:`~swlab.rules.pieces.PIECES`): the Mountain
    stays; Troll Lair, Fortress and Hole go back to the box; Hero, Dragon and Encampments
    leave the region, to be placed again. ``into``: what the region becomes at once, made
    by the caller from :meth:`~swlab.rules.state.RegionState.emptied` (a conquest: the
    attacker's tokens there), set in place of the emptied region (one change of the
    region, and of the holdings, instead of two).
    """
    r = state.regions[i]
    if r.is_emptied():
        # nothing to take away (most conquests are of empty regions)
        return (state, []) if into is None else (set_region(state, i, into), [])
    rid = state.geo.ids[i]
    events: list[Event] = [PieceChanged(p.label, rid, False, why) for p in leaving(r, _GOING)]
    return set_region(state, i, r.emptied() if into is None else into), events


#: pieces that go when their region is emptied (the others stay, R-CONQ-9), in the table's
#: order: the region's pieces are looked up among these only
_GOING = tuple(p for p in PIECES if p.on_empty is not Fate.STAYS)
#: pieces that leave a conquered region to be placed again by their owner (R-REDEPLOY-2)
_DISPLACED = tuple(p for p in PIECES if p.on_empty is Fate.LEAVES)


def strip_defender(
    state: GameState,
    i: int,
    attacker: RaceState,
    conversion: bool = False,
    into: RegionState | None = None,
) -> tuple[GameState, list[Event]]:
    """Clear region ``i`` before ``attacker`` moves in (R-CONQ-7, R-CONQ-8, R-CONQ-9).

    Lost tribes are removed. Another player's race takes its tokens into hand, returns 1 to
    the tray (Elves none, R-RACE-ELVES; a conversion always loses its token) and redeploys
    the rest at the end of the turn. The attacker's own decline race loses every token
    there (R-CONQ-8), except a decline race that still acts (Ghouls): it loses 1 as in any
    attack and redeploys the rest among its regions at the end of the turn (R-RULING-17).
    The attacker's own active race, attacked by its decline Ghouls, has the rest in hand at
    once (R-RULING-11). A decline race that loses its last region leaves the game
    (R-DECLINE-3). ``into``: the region as the attacker holds it, set as the defender's
    pieces leave (:func:`empty_region`); ``None``: the region is left emptied.
    """
    r = state.regions[i]
    rid = state.geo.ids[i]
    events: list[Event] = []
    if r.lost_tribes:
        events.append(TokensLost(-1, "Lost Tribe", rid, r.lost_tribes, 0))
    if r.tokens and r.race:
        d = state_race(state, r.race, r.owner)
        assert d is not None, f"region {rid} holds {r.race} that nobody owns"
        lost, why = _defender_loss(state, r, d, attacker, conversion)
        to_hand = r.tokens - lost
        d = with_hand(d, d.hand + to_hand)
        state = state_with_tray(update_race(state, d), d.name, lost)
        events.append(TokensLost(d.owner, d.name, rid, lost, to_hand, why))
        displaced = to_hand or any(p.count(r) for p in _DISPLACED)
        if displaced and (d.owner != attacker.owner or why == "R-RULING-17"):
            key = (d.owner, d.name)
            if key not in state.turn.defenders:
                turn = state.turn.updated(defenders=(*state.turn.defenders, key))
                state = with_field(state, "turn", turn)
    state, evs = empty_region(state, i, "R-CONQ-7", into)
    events.extend(evs)
    if r.race:
        d2 = state_race(state, r.race)
        if d2 is not None and d2.in_decline and not has_regions(state, d2.name):
            state, evs = remove_race(state, d2)
            events.extend(evs)
    return state, events


def _defender_loss(
    state: GameState, r: RegionState, d: RaceState, attacker: RaceState, conversion: bool
) -> tuple[int, str]:
    """The tokens the defender ``d`` loses in region ``r`` and the rule that says so."""
    d_badges = badges(d)
    own_decline = d.owner == attacker.owner and d.in_decline
    still_acting = own_decline and any(
        b.acts_in_decline() for b in hooked(d_badges, "acts_in_decline")
    )
    if conversion:
        return r.tokens, "R-RACE-SORCERERS"
    if own_decline and not still_acting:
        return r.tokens, "R-CONQ-8"
    loss: int | None = None
    for b in hooked(d_badges, "defender_losses"):
        hook = b.defender_losses(state, d, conversion)
        if hook is not None:
            loss = hook
    lost = min(r.tokens, 1 if loss is None else loss)
    return lost, "R-RULING-17" if still_acting else "R-CONQ-7"


def remove_race(state: GameState, race: RaceState) -> tuple[GameState, list[Event]]:
    """A decline race leaves the map: tokens to the tray, banner to the stack (R-DECLINE-3).

    Its power badge, if it still had one (Spirit), is discarded.
    """
    events: list[Event] = []
    returned = race.hand + race.reserve
    for i in state_race_regions(state, race.name):
        returned += state.regions[i].tokens
        state, evs = empty_region(state, i, "R-DECLINE-3")
        events.extend(evs)
    state = state_with_tray(state, race.name, returned)
    players = list(state.players)
    p = players[race.owner]
    if p.active is not None and p.active.name == race.name:
        p = replace(p, active=None)
    else:
        p = replace(p, declined=tuple(d for d in p.declined if d.name != race.name))
    players[race.owner] = p
    discard = state.power_discard + ((race.power,) if race.power else ())
    state = state_updated(
        state,
        players=tuple(players),
        race_stack=(*state.race_stack, race.name),
        power_discard=discard,
    )
    events.append(RaceRemoved(race.owner, race.name, returned))
    state, evs = refill_column(state)
    return state, events + evs


def refill_column(state: GameState) -> tuple[GameState, list[Event]]:
    """Reveal new combos until 6 are visible, as far as the stacks allow (R-PICK-5).

    When the power stack runs out, the discarded badges are shuffled into a new stack,
    deterministically from the seed kept in the state.
    """
    events: list[Event] = []
    while len(state.column) < COLUMN_SIZE and state.race_stack:
        if not state.power_stack:
            if not state.power_discard:
                break
            pile = list(state.power_discard)
            random.Random(f"{state.seed}:{state.reshuffles}").shuffle(pile)
            state = state_updated(
                state, power_stack=tuple(pile), power_discard=(), reshuffles=state.reshuffles + 1
            )
            events.append(BadgesReshuffled(len(pile)))
        combo = Combo(state.race_stack[0], state.power_stack[0])
        state = state_updated(
            state,
            column=(*state.column, combo),
            race_stack=state.race_stack[1:],
            power_stack=state.power_stack[1:],
        )
        events.append(ColumnRefilled(combo.race, combo.power))
    return state, events

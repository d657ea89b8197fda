"""The pick stage (R-PICK): a player with no active race takes a combo from the column."""

from __future__ import annotations

from dataclasses import replace

from swlab.i18n import N_, _, ngettext
from swlab.rules import flow
from swlab.rules.abilities.registry import power_badge, race_badge
from swlab.rules.actions import Action, End, Pick
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import ComboPicked, Event
from swlab.rules.ops import add_coins, refill_column
from swlab.rules.stages.base import StageRules
from swlab.rules.state import Combo, GameState, RaceState, Stage, state_updated, with_field


class PickStage(StageRules):
    """R-PICK-1: pick a combo (``pick K``); ``end`` only when the column is empty."""

    stage = Stage.PICK
    rule = "R-PICK-1"
    waits = N_("The game waits for a combo to be picked.")
    kinds = (
        (
            Pick,
            "R-PICK-1",
            N_("A combo is picked only at the start of a turn with no active race."),
        ),
    )

    def candidates(self, state: GameState) -> list[Action]:
        out: list[Action] = [
            Pick(k) for k in range(len(state.column)) if refuse_pick(state, k) is None
        ]
        return out or [End()]

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        if isinstance(action, Pick):
            return refuse_pick(state, action.position)
        if isinstance(action, End):
            if state.column:
                return IllegalActionError(
                    "R-PICK-1", lambda: _("You have no active race: pick a combo from the column.")
                )
            return None
        return self.wrong_kind(state, action)

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        if isinstance(action, Pick):
            return pick(state, action.position, events)
        return flow.end_of_turn(state, events)


def refuse_pick(state: GameState, k: int) -> IllegalActionError | None:
    """R-PICK-1, R-PICK-3: a position in the column the player can pay for."""
    if not 0 <= k < len(state.column):
        return IllegalActionError(
            "R-PICK-1",
            lambda: _("The column has positions 0 to {last}, not {position}.").format(
                last=len(state.column) - 1, position=k
            ),
        )
    coins = state.players[state.current].coins
    if k > coins:
        return IllegalActionError(
            "R-PICK-3",
            lambda: ngettext(
                "Position {position} costs {position} coin (one on each combo above it) and you "
                "have {coins}.",
                "Position {position} costs {position} coins (one on each combo above it) and you "
                "have {coins}.",
                k,
            ).format(position=k, coins=coins),
        )
    return None


def pick(state: GameState, k: int, events: list[Event]) -> GameState:
    """R-PICK-1..5: pay 1 coin on each combo above, collect the coins on it, take tokens."""
    p = state.current
    combo = state.column[k]
    # (each combo above made directly, not by dataclasses.replace: a pick pays on several)
    column = [
        Combo(c.race, c.power, c.coins + 1) if j < k else c for j, c in enumerate(state.column)
    ]
    del column[k]
    state = state_updated(state, column=tuple(column))
    state = add_coins(state, p, combo.coins - k)
    rb, pb = race_badge(combo.race), power_badge(combo.power)
    wanted = rb.tokens + rb.extra_tokens + pb.tokens
    tokens = min(wanted, state.tray(combo.race))  # R-PICK-4
    race = RaceState(combo.race, combo.power, p, hand=tokens)
    players = list(state.players)
    players[p] = replace(players[p], active=race)
    state = with_field(state, "players", tuple(players)).with_tray(combo.race, -tokens)
    events.append(ComboPicked(p, k, combo.race, combo.power, k, combo.coins, tokens))
    state, evs = refill_column(state)
    events.extend(evs)
    turn = state.turn.updated(stage=Stage.CONQUER, acting=combo.race, picked=True)
    return with_field(state, "turn", turn)

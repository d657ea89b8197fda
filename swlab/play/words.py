"""What the viewer says, in words: narration of actions, labelled choices, hidden coins.

Pure functions of states, actions and events (no widgets), shared by the notebook viewer
and the presenter: a learner and a room read names and sentences, and the engine's
notation stays available beside them (the log's details).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from swlab.rules.actions import (
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
from swlab.rules.cost import explain_cost
from swlab.rules.engine import CHANCE, acting_race, current_player
from swlab.rules.events import (
    Conquered,
    DieRolled,
    Event,
    FinalConquestChosen,
    Scored,
    TokensLost,
)
from swlab.rules.pieces import DRAGON, LiftPiece, PlacePiece
from swlab.rules.state import GameState, Stage

__all__ = [
    "COINS",
    "HOW_TO_PLAY",
    "choice_label",
    "event_text",
    "final_warning",
    "hide_coins",
    "names",
    "narrate",
    "region_name",
]

#: An amount of coins in a sentence ("3 coins", "1 victory coin").
COINS = re.compile(r"\b\d+ (?:victory )?coins?\b")


#: "How to play", as the viewer shows it beside the board (``GameViewer(guide=True)``):
#: (title, sentences) per step of a turn, then the help that is always there.
HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    (
        "Pick a combo.",
        "The blue buttons under the status line are the combos of the column: a race and a "
        "special power, with the tokens you get. The top one is free; each step down costs "
        "one coin, paid onto the combos you skip (R-PICK-1).",
    ),
    (
        "Conquer.",
        "Click a region. Only regions where a click does something keep their colour and "
        "a black outline; the others are dimmed. Hover a region to read its cost row by row "
        "(R-CONQ-2), or why it cannot be taken. A race's first region touches the edge of "
        "the board (R-CONQ-1); each next one borders a region you hold (R-CONQ-6).",
    ),
    (
        "The die.",
        "A region you lack 1 to 3 tokens for can be your final conquest: the viewer says so "
        "and asks first; the game rolls the die, and your conquests end after it (R-CONQ-10).",
    ),
    (
        "End, redeploy, Done.",
        "Press end to stop conquering. Then + puts a token from your hand on a region and "
        "- takes one back (at least 1 stays, R-REDEPLOY-1); press Done when all are placed. "
        "You score 1 coin per region plus your race's and power's bonuses (R-SCORE-1, "
        "R-SCORE-2), and the bot plays: its turn is summarised, and bot step > walks "
        "through it.",
    ),
    (
        "Later turns.",
        "Conquer more (your tokens come into hand, 1 stays in each region, R-EXPAND-1), or "
        "press decline to send your race into decline and pick a new combo the turn after "
        "(R-DECLINE-1).",
    ),
    (
        "Help is always there.",
        "undo and redo, and the history slider (a banner says when you look at the past); "
        "hint asks a bot what it would do, and why; a refused click names its rule; What "
        "happened lists every action with its effects. Coins stay hidden during play "
        "(R-SETUP-4) unless you press reveal coins.",
    ),
)


def region_name(state: GameState, region: int) -> str:
    """``"Hill (12)"``, or ``"region 12"`` for an id the board does not have."""
    i = state.geo.index.get(region)
    return state.geo.label(i) if i is not None else f"region {region}"


def hide_coins(text: str) -> str:
    """``text`` with every amount of coins replaced (R-SETUP-4: coins are kept hidden)."""
    return COINS.sub("hidden coins", text)


def event_text(event: Event, after: GameState, *, reveal: bool) -> str:
    """The engine's sentence of ``event``; while coins are hidden, a score says only that
    the player scored (R-SETUP-4), and no amount of coins is shown."""
    if not reveal and isinstance(event, Scored):
        who = after.player_name(event.player)
        return f"{who} scores victory coins, kept hidden until revealed (R-SCORE-1, R-SETUP-4)."
    text = event.describe(after)
    return text if reveal else hide_coins(text)


def _actor(state: GameState) -> str:
    seat = current_player(state)
    if seat == CHANCE:
        return "The die"
    return state.player_name(seat) if seat is not None else ""


def narrate(before: GameState, action: Action, events: Sequence[Event], after: GameState) -> str:
    """One sentence telling ``action`` (played in ``before``) in words, with names."""
    who = _actor(before)
    if isinstance(action, Roll):
        rolled = next((e for e in events if isinstance(e, DieRolled)), None)
        if rolled is not None:
            outcome = "enough: the conquest succeeds" if rolled.success else "not enough"
            return (
                f"The die shows {rolled.face} for {before.player_name(rolled.player)}: {outcome}."
            )
        return f"The die shows {action.face}."
    if isinstance(action, Pick):
        combo = before.column[action.position] if action.position < len(before.column) else None
        what = f"{combo.power} {combo.race}" if combo else f"combo {action.position}"
        cost = "free" if action.position == 0 else f"position {action.position}"
        return f"{who} picks {what} ({cost})."
    if isinstance(action, Conquer):
        won = next((e for e in events if isinstance(e, Conquered)), None)
        lost = [e for e in events if isinstance(e, TokensLost) and e.player >= 0]
        place = region_name(before, action.region)
        tokens = f" with {won.tokens} {won.race}" if won else ""
        victims = sorted({before.player_name(e.player) for e in lost})
        taken = f" from {' and '.join(victims)}" if victims else ""
        return f"{who} conquers {place}{tokens}{taken}."
    if isinstance(action, Final):
        chosen = next((e for e in events if isinstance(e, FinalConquestChosen)), None)
        need = f": the die must show {chosen.cost - chosen.hand} or more" if chosen else ""
        return f"{who} tries a final conquest of {region_name(before, action.region)}{need}."
    if isinstance(action, Decline):
        race = before.players[before.current].active
        return f"{who} sends the {race.name if race else 'race'} into decline."
    if isinstance(action, End):
        if before.stage is Stage.CONQUER:
            return f"{who} stops conquering."
        if before.stage is Stage.DECLINE_CHOICE:
            return f"{who} keeps the race active."
        return f"{who} passes."
    if isinstance(action, Place):
        return f"{who} puts a token on {region_name(before, action.region)}."
    if isinstance(action, Take):
        return f"{who} takes a token back from {region_name(before, action.region)}."
    if isinstance(action, Deploy):
        spread = ", ".join(f"{region_name(before, r)} {n}" for r, n in action.placement)
        return f"{who} redeploys: {spread}."
    if isinstance(action, Done):
        return f"{who} finishes redeploying."
    if isinstance(action, Abandon):
        return f"{who} abandons {region_name(before, action.region)}."
    if isinstance(action, Withdraw):
        return f"{who} withdraws a token from {region_name(before, action.region)}."
    if isinstance(action, Convert):
        return f"{who} converts the token in {region_name(before, action.region)}."
    if isinstance(action, PlacePiece):
        where = region_name(before, action.region)
        if action.piece is DRAGON:
            return f"{who} sends the Dragon into {where}."
        return f"{who} puts a {action.piece.label} in {where}."
    if isinstance(action, LiftPiece):
        return f"{who} lifts the {action.piece.label} off {region_name(before, action.region)}."
    region = getattr(action, "region", None)
    where = f" on {region_name(before, region)}" if isinstance(region, int) else ""
    return f"{who} plays {action.verb}{where}."


def _cost_words(state: GameState, region: int) -> str:
    race = acting_race(state)
    if race is None or region not in state.geo.index:
        return ""
    cost = explain_cost(state, region, race.name)
    return f"paying {cost.total} tokens ({cost.summary()})"


def choice_label(state: GameState, action: Action) -> str:
    """A labelled choice: what ``action`` does, in one line citing its rule.

    Used when several actions target one region (a badge's alternative beside a plain
    conquest: Dragon Master's dragon, Sorcerers' conversion, Heroes, Fortresses ...).
    """
    region = getattr(action, "region", None)
    where = region_name(state, region) if isinstance(region, int) else ""
    if isinstance(action, Conquer):
        cost = _cost_words(state, action.region)
        return f"Conquer {where}{' ' + cost if cost else ''} (R-CONQ-2)"
    if isinstance(action, Final):
        return f"Final conquest of {where}, with the reinforcement die (R-CONQ-10)"
    if isinstance(action, Convert):
        return (
            f"Sorcerers: turn the lone enemy token in {where} into a Sorcerer, "
            "taken from the tray (R-RACE-SORCERERS)"
        )
    if isinstance(action, PlacePiece):
        piece = action.piece
        if piece is DRAGON:
            return (
                f"Dragon Master: conquer {where} with a single token and the Dragon, "
                f"whatever its cost; the Dragon makes it immune ({piece.rule})"
            )
        immune = "; it becomes immune" if piece.immune else ""
        defence = f"; +{piece.defence} to its conquest cost" if piece.defence else ""
        return f"{piece.label}: put one in {where}{defence}{immune} ({piece.rule})"
    if isinstance(action, LiftPiece):
        piece = action.piece
        return f"{piece.label}: lift it off {where} to place it elsewhere ({piece.rule})"
    if isinstance(action, Place):
        return f"Put a token from your hand on {where} (R-REDEPLOY-1)"
    if isinstance(action, Take):
        return f"Take a token back to hand from {where} (R-REDEPLOY-1)"
    if isinstance(action, Abandon):
        return f"Abandon {where}: its tokens go back to your hand (R-EXPAND-2)"
    if isinstance(action, Withdraw):
        return f"Amazons: take a token off {where} (R-RACE-AMAZONS)"
    doc = (type(action).__doc__ or "").strip().splitlines()
    return f"{action!r}: {doc[0]}" if doc else repr(action)


def final_warning(state: GameState, action: Final) -> str:
    """What a click that starts the final conquest will do, said before it does it."""
    race = acting_race(state)
    where = region_name(state, action.region)
    if race is None or action.region not in state.geo.index:
        return f"Final conquest of {where}: your conquests end after it (R-CONQ-10)."
    cost = explain_cost(state, action.region, race.name).total
    need = max(cost - race.hand, 1)
    return (
        f"Final conquest of {where}: it costs {cost} and you have {race.hand} in hand, so you "
        f"need a {need} or more on the die (faces 0, 0, 0, 1, 2, 3); your conquests end "
        "after it (R-CONQ-10)."
    )


def names(items: Iterable[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    out = list(items)
    if len(out) <= 1:
        return "".join(out)
    return ", ".join(out[:-1]) + " and " + out[-1]

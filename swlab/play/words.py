"""What the viewer says, in words: narration of actions, labelled choices, hidden coins.

Pure functions of states, actions and events (no widgets), shared by the notebook viewer
and the presenter: a learner and a room read names and sentences, and the engine's
notation stays available beside them (the log's details).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from swlab import names as game_words
from swlab.i18n import N_, _, ngettext
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


def _coins_pattern() -> re.Pattern[str]:
    """:data:`COINS` in the language in effect: each translation of "{n} coin(s)" and
    "{n} victory coin(s)" as a pattern (a number, then that language's words)."""
    forms = []
    pairs = (
        ("{n} coin", "{n} coins"),
        ("{n} victory coin", "{n} victory coins"),
    )  # i18n: not prose: marked in events.py
    for singular, plural in pairs:
        for n in (1, 2, 5):
            forms.append(ngettext(singular, plural, n))
    return _pattern_of(tuple(forms))


@functools.lru_cache(maxsize=64)
def _pattern_of(forms: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of these translated forms, built once: a redraw hides the coins of
    every log line."""
    words = sorted({re.escape(f).replace(re.escape("{n}"), r"\d+") for f in forms}, key=len)
    return re.compile(r"\b(?:" + "|".join(reversed(words)) + r")(?!\w)")


#: "How to play", as the viewer shows it beside the board (``GameViewer(guide=True)``):
#: (title, sentences) per step of a turn, then the help that is always there; marked for
#: the catalogs and translated where they are shown (``_(title)``, ``_(sentences)``).
HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    (
        N_("Pick a combo."),
        N_(
            "The blue buttons under the status line are the combos of the column: a race and a "
            "special power, with the tokens you get. The top one is free; each step down costs "
            "one coin, paid onto the combos you skip (R-PICK-1)."
        ),
    ),
    (
        N_("Conquer."),
        N_(
            "Click a region. Only regions where a click does something keep their colour and "
            "a black outline; the others are dimmed. Hover a region to read its cost row by row "
            "(R-CONQ-2), or why it cannot be taken. A race's first region touches the edge of "
            "the board (R-CONQ-1); each next one borders a region you hold (R-CONQ-6)."
        ),
    ),
    (
        N_("The die."),
        N_(
            "A region you lack 1 to 3 tokens for can be your final conquest: the viewer says so "
            "and asks first; then press roll the die, just under the status line: the die shows "
            "its face, and your conquests end after it (R-CONQ-10)."
        ),
    ),
    (
        N_("End, redeploy, Done."),
        N_(
            "Press end to stop conquering. Then + puts a token from your hand on a region and "
            "- takes one back (at least 1 stays, R-REDEPLOY-1); press Done when all are placed. "
            "You score 1 coin per region plus your race's and power's bonuses (R-SCORE-1, "
            "R-SCORE-2), and the bot plays: its turn is summarised, and bot step > walks "
            "through it."
        ),
    ),
    (
        N_("Later turns."),
        N_(
            "Conquer more (your tokens come into hand, 1 stays in each region, R-EXPAND-1), or "
            "press decline to send your race into decline and pick a new combo the turn after "
            "(R-DECLINE-1)."
        ),
    ),
    (
        N_("Help is always there."),
        N_(
            "undo and redo, and the history slider (a banner says when you look at the past); "
            "hint asks a bot what it would do, and why; a refused click names its rule; What "
            "happened lists every action with its effects. Coins stay hidden during play "
            "(R-SETUP-4) unless you press reveal coins."
        ),
    ),
)


def region_name(state: GameState, region: int) -> str:
    """``"Hill (12)"``, or ``"region 12"`` for an id the board does not have."""
    i = state.geo.index.get(region)
    return state.geo.label(i) if i is not None else _("region {id}").format(id=region)


def hide_coins(text: str) -> str:
    """``text`` with every amount of coins replaced (R-SETUP-4: coins are kept hidden)."""
    return _coins_pattern().sub(_("hidden coins"), text)


def event_text(event: Event, after: GameState, *, reveal: bool) -> str:
    """The engine's sentence of ``event``; while coins are hidden, a score says only that
    the player scored (R-SETUP-4), and no amount of coins is shown."""
    if not reveal and isinstance(event, Scored):
        who = after.player_name(event.player)
        return _(
            "{player} scores victory coins, kept hidden until revealed (R-SCORE-1, R-SETUP-4)."
        ).format(player=who)
    text = event.describe(after)
    return text if reveal else hide_coins(text)


def _actor(state: GameState) -> str:
    seat = current_player(state)
    if seat == CHANCE:
        return _("The die")
    return state.player_name(seat) if seat is not None else ""


def narrate(before: GameState, action: Action, events: Sequence[Event], after: GameState) -> str:
    """One sentence telling ``action`` (played in ``before``) in words, with names."""
    who = _actor(before)
    if isinstance(action, Roll):
        rolled = next((e for e in events if isinstance(e, DieRolled)), None)
        if rolled is not None:
            if rolled.success:
                text = _("The die shows {face} for {player}: enough: the conquest succeeds.")
            else:
                text = _("The die shows {face} for {player}: not enough.")
            return text.format(face=rolled.face, player=before.player_name(rolled.player))
        return _("The die shows {face}.").format(face=action.face)
    if isinstance(action, Pick):
        combo = before.column[action.position] if action.position < len(before.column) else None
        if combo:
            what = game_words.combo(combo.power, combo.race)
        else:
            what = _("combo {position}").format(position=action.position)
        if action.position == 0:
            return _("{player} picks {combo} (free).").format(player=who, combo=what)
        return _("{player} picks {combo} (position {position}).").format(
            player=who, combo=what, position=action.position
        )
    if isinstance(action, Conquer):
        won = next((e for e in events if isinstance(e, Conquered)), None)
        lost = [e for e in events if isinstance(e, TokensLost) and e.player >= 0]
        fields: dict[str, object] = {"player": who, "region": region_name(before, action.region)}
        if won:
            fields.update(tokens=won.tokens, race=game_words.race(won.race))
        victims = sorted({before.player_name(e.player) for e in lost})
        if victims:
            fields["victims"] = _(" and ").join(victims)
        if won and victims:
            text = _("{player} conquers {region} with {tokens} {race} from {victims}.")
        elif won:
            text = _("{player} conquers {region} with {tokens} {race}.")
        elif victims:
            text = _("{player} conquers {region} from {victims}.")
        else:
            text = _("{player} conquers {region}.")
        return text.format(**fields)
    if isinstance(action, Final):
        chosen = next((e for e in events if isinstance(e, FinalConquestChosen)), None)
        where = region_name(before, action.region)
        if chosen:
            return _(
                "{player} tries a final conquest of {region}: the die must show {need} or more."
            ).format(player=who, region=where, need=chosen.cost - chosen.hand)
        return _("{player} tries a final conquest of {region}.").format(player=who, region=where)
    if isinstance(action, Decline):
        race = before.players[before.current].active
        if race is None:
            return _("{player} sends the race into decline.").format(player=who)
        return _("{player} sends the {race} into decline.").format(
            player=who, race=game_words.race(race.name)
        )
    if isinstance(action, End):
        if before.stage is Stage.CONQUER:
            return _("{player} stops conquering.").format(player=who)
        if before.stage is Stage.DECLINE_CHOICE:
            return _("{player} keeps the race active.").format(player=who)
        return _("{player} passes.").format(player=who)
    region = getattr(action, "region", None)
    where = region_name(before, region) if isinstance(region, int) else ""
    fields = {"player": who, "region": where}
    if isinstance(action, Place):
        return _("{player} puts a token on {region}.").format(**fields)
    if isinstance(action, Take):
        return _("{player} takes a token back from {region}.").format(**fields)
    if isinstance(action, Deploy):
        spread = ", ".join(f"{region_name(before, r)} {n}" for r, n in action.placement)
        return _("{player} redeploys: {placement}.").format(player=who, placement=spread)
    if isinstance(action, Done):
        return _("{player} finishes redeploying.").format(player=who)
    if isinstance(action, Abandon):
        return _("{player} abandons {region}.").format(**fields)
    if isinstance(action, Withdraw):
        return _("{player} withdraws a token from {region}.").format(**fields)
    if isinstance(action, Convert):
        return _("{player} converts the token in {region}.").format(**fields)
    if isinstance(action, PlacePiece):
        if action.piece is DRAGON:
            return _("{player} sends the Dragon into {region}.").format(**fields)
        return _("{player} puts a {piece} in {region}.").format(
            piece=game_words.piece(action.piece.label), **fields
        )
    if isinstance(action, LiftPiece):
        return _("{player} lifts the {piece} off {region}.").format(
            piece=game_words.piece(action.piece.label), **fields
        )
    if where:
        return _("{player} plays {verb} on {region}.").format(verb=action.verb, **fields)
    return _("{player} plays {verb}.").format(player=who, verb=action.verb)


def _cost_words(state: GameState, region: int) -> str:
    race = acting_race(state)
    if race is None or region not in state.geo.index:
        return ""
    cost = explain_cost(state, region, race.name)
    return _("paying {total} tokens ({summary})").format(total=cost.total, summary=cost.summary())


def choice_label(state: GameState, action: Action) -> str:
    """A labelled choice: what ``action`` does, in one line citing its rule.

    Used when several actions target one region (a badge's alternative beside a plain
    conquest: Dragon Master's dragon, Sorcerers' conversion, Heroes, Fortresses ...).
    """
    region = getattr(action, "region", None)
    where = region_name(state, region) if isinstance(region, int) else ""
    if isinstance(action, Conquer):
        cost = _cost_words(state, action.region)
        if cost:
            return _("Conquer {region} {cost} (R-CONQ-2)").format(region=where, cost=cost)
        return _("Conquer {region} (R-CONQ-2)").format(region=where)
    if isinstance(action, Final):
        return _("Final conquest of {region}, with the reinforcement die (R-CONQ-10)").format(
            region=where
        )
    if isinstance(action, Convert):
        return _(
            "Sorcerers: turn the lone enemy token in {region} into a Sorcerer, taken from the "
            "tray (R-RACE-SORCERERS)"
        ).format(region=where)
    if isinstance(action, PlacePiece):
        piece = action.piece
        if piece is DRAGON:
            return _(
                "Dragon Master: conquer {region} with a single token and the Dragon, whatever "
                "its cost; the Dragon makes it immune ({rule})"
            ).format(region=where, rule=piece.rule)
        fields = {
            "piece": game_words.piece(piece.label),
            "region": where,
            "defence": piece.defence,
            "rule": piece.rule,
        }
        if piece.defence and piece.immune:
            text = _(
                "{piece}: put one in {region}; +{defence} to its conquest cost; it becomes "
                "immune ({rule})"
            )
        elif piece.defence:
            text = _("{piece}: put one in {region}; +{defence} to its conquest cost ({rule})")
        elif piece.immune:
            text = _("{piece}: put one in {region}; it becomes immune ({rule})")
        else:
            text = _("{piece}: put one in {region} ({rule})")
        return text.format(**fields)
    if isinstance(action, LiftPiece):
        piece = action.piece
        return _("{piece}: lift it off {region} to place it elsewhere ({rule})").format(
            piece=game_words.piece(piece.label), region=where, rule=piece.rule
        )
    if isinstance(action, Place):
        return _("Put a token from your hand on {region} (R-REDEPLOY-1)").format(region=where)
    if isinstance(action, Take):
        return _("Take a token back to hand from {region} (R-REDEPLOY-1)").format(region=where)
    if isinstance(action, Abandon):
        return _("Abandon {region}: its tokens go back to your hand (R-EXPAND-2)").format(
            region=where
        )
    if isinstance(action, Withdraw):
        return _("Amazons: take a token off {region} (R-RACE-AMAZONS)").format(region=where)
    doc = (type(action).__doc__ or "").strip().splitlines()
    return f"{action!r}: {doc[0]}" if doc else repr(action)


def final_warning(state: GameState, action: Final) -> str:
    """What a click that starts the final conquest will do, said before it does it."""
    race = acting_race(state)
    where = region_name(state, action.region)
    if race is None or action.region not in state.geo.index:
        return _("Final conquest of {region}: your conquests end after it (R-CONQ-10).").format(
            region=where
        )
    cost = explain_cost(state, action.region, race.name).total
    need = max(cost - race.hand, 1)
    return _(
        "Final conquest of {region}: it costs {cost} and you have {hand} in hand, so you need "
        "a {need} or more on the die (faces 0, 0, 0, 1, 2, 3); your conquests end after it "
        "(R-CONQ-10)."
    ).format(region=where, cost=cost, hand=race.hand, need=need)


def names(items: Iterable[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    out = list(items)
    if len(out) <= 1:
        return "".join(out)
    return _("{items} and {last}").format(items=", ".join(out[:-1]), last=out[-1])

"""What the viewer says, in words: one table of an action's words, hidden coins.

:data:`ACTION_WORDS` says each kind of action three ways: its button's label, its line
among the choices on a region, and the sentence telling it once played (with the events
that retell it, so a step is said once).

Pure functions of states, actions and events (no widgets), shared by the notebook viewer
and the presenter: a learner and a room read names and sentences, and the engine's
notation stays available beside them (the log's details).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from swlab import names as game_words
from swlab.i18n import N_, NC_, _, ngettext
from swlab.rules.abilities.powers.berserk import BerserkRoll
from swlab.rules.abilities.powers.diplomat import Peace
from swlab.rules.abilities.registry import POWERS, RACES
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
    Abandoned,
    ComboPicked,
    Conquered,
    Converted,
    Declined,
    DieRolled,
    Event,
    FinalConquestChosen,
    PieceChanged,
    Redeployed,
    Scored,
    TokenMoved,
    TokensLost,
    Withdrawn,
)
from swlab.rules.pieces import DRAGON, LiftPiece, PlacePiece
from swlab.rules.state import GameState, Stage

__all__ = [
    "ACTION_WORDS",
    "COINS",
    "HOW_TO_PLAY",
    "ActionWords",
    "Told",
    "button_label",
    "choice_label",
    "effects",
    "event_text",
    "final_warning",
    "hide_coins",
    "names",
    "narrate",
    "region_name",
    "words_of",
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
        NC_("player's turn", "Later turns."),
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


_E = TypeVar("_E", bound=Event)


@dataclass(frozen=True)
class Told:
    """One step to tell: ``action`` played in ``before`` gave ``events`` and ``after``;
    ``who`` is the actor's name and ``where`` the target region's name ("" for none)."""

    before: GameState
    action: Action
    events: Sequence[Event]
    after: GameState
    who: str
    where: str

    def first(self, kind: type[_E]) -> _E | None:
        """The first event of this kind the step gave, if any."""
        return next((e for e in self.events if isinstance(e, kind)), None)

    def fields(self, **more: object) -> dict[str, object]:
        return {"player": self.who, "region": self.where, **more}


#: A label of an action in a state (a button's, a choice's).
Label = Callable[[GameState, Action], str]


@dataclass(frozen=True)
class ActionWords:
    """How one kind of action is said, in every place the viewer says it.

    ``button``: the label of its button (an action that targets no region); ``choice``:
    one line citing its rule, where it is offered beside others on one region; ``narrate``:
    the sentence telling it once played; ``retold_by``: the events that tell the same
    thing again with their numbers (the step is said once: those leave the effects shown
    under the sentence and stay in the log's details).
    """

    narrate: Callable[[Told], str]
    button: Label | None = None
    choice: Label | None = None
    retold_by: tuple[type[Event], ...] = ()


def _where(state: GameState, action: Action) -> str:
    region = getattr(action, "region", None)
    return region_name(state, region) if isinstance(region, int) else ""


def _combo_tokens(state: GameState, position: int) -> tuple[str, int, int] | None:
    """The combo at ``position`` of the column: its words, tokens and coins on it."""
    if not 0 <= position < len(state.column):
        return None
    combo = state.column[position]
    race, power = RACES.get(combo.race), POWERS.get(combo.power)
    tokens = (race.tokens if race else 0) + (power.tokens if power else 0)
    return game_words.combo(combo.power, combo.race), tokens, combo.coins


# --- pick (R-PICK-1) ----------------------------------------------------------------------
def _pick_button(state: GameState, action: Action) -> str:
    assert isinstance(action, Pick)
    combo = _combo_tokens(state, action.position)
    if combo is None:
        return _("combo {position}").format(position=action.position)
    what, tokens, coins = combo
    fields = {
        "combo": what,
        "pay": action.position,
        "coins": coins,
        "tokens": game_words.tokens(tokens),
    }
    if action.position == 0:
        label = (
            _("{combo} - free, collect {coins}, {tokens}")
            if coins
            else _("{combo} - free, {tokens}")
        )
    else:
        label = (
            _("{combo} - pay {pay}, collect {coins}, {tokens}")
            if coins
            else _("{combo} - pay {pay}, {tokens}")
        )
    return label.format(**fields)


def _pick_told(t: Told) -> str:
    assert isinstance(t.action, Pick)
    position = t.action.position
    combo = _combo_tokens(t.before, position)
    what = combo[0] if combo else _("combo {position}").format(position=position)
    if position == 0:
        return _("{player} picks {combo} (free).").format(player=t.who, combo=what)
    return _("{player} picks {combo} (position {position}).").format(
        player=t.who, combo=what, position=position
    )


# --- conquests (R-CONQ-2, R-CONQ-10) and the die -----------------------------------------
def _conquer_told(t: Told) -> str:
    won = t.first(Conquered)
    lost = [e for e in t.events if isinstance(e, TokensLost) and e.player >= 0]
    fields = t.fields()
    if won:
        fields.update(tokens=won.tokens, race=game_words.race(won.race))
    victims = sorted({t.before.player_name(e.player) for e in lost})
    if victims:
        fields["victims"] = _(" and ").join(victims)
    if won and victims:
        text = ngettext(
            "{player} conquers {region} with {tokens} {race} from {victims}.",
            "{player} conquers {region} with {tokens} {race} from {victims}.",
            won.tokens,
        )
    elif won:
        text = ngettext(
            "{player} conquers {region} with {tokens} {race}.",
            "{player} conquers {region} with {tokens} {race}.",
            won.tokens,
        )
    elif victims:
        text = _("{player} conquers {region} from {victims}.")
    else:
        text = _("{player} conquers {region}.")
    return text.format(**fields)


def _cost_words(state: GameState, region: int) -> str:
    race = acting_race(state)
    if race is None or region not in state.geo.index:
        return ""
    cost = explain_cost(state, region, race.name)
    return _("paying {total} tokens ({summary})").format(total=cost.total, summary=cost.summary())


def _conquer_choice(state: GameState, action: Action) -> str:
    assert isinstance(action, Conquer)
    cost = _cost_words(state, action.region)
    where = _where(state, action)
    if cost:
        return _("Conquer {region} {cost} (R-CONQ-2)").format(region=where, cost=cost)
    return _("Conquer {region} (R-CONQ-2)").format(region=where)


def _final_told(t: Told) -> str:
    chosen = t.first(FinalConquestChosen)
    if chosen:
        return _(
            "{player} tries a final conquest of {region}: the die must show {need} or more."
        ).format(need=chosen.cost - chosen.hand, **t.fields())
    return _("{player} tries a final conquest of {region}.").format(**t.fields())


def _roll_told(t: Told) -> str:
    assert isinstance(t.action, Roll)
    rolled = t.first(DieRolled)
    if rolled is None:
        return _("The die shows {face}.").format(face=t.action.face)
    if rolled.success:
        text = _("The die shows {face} for {player}: enough: the conquest succeeds.")
    else:
        text = _("The die shows {face} for {player}: not enough.")
    return text.format(face=rolled.face, player=t.before.player_name(rolled.player))


# --- decline and the end of a stage (R-DECLINE-1, R-REDEPLOY-1) --------------------------
def _active_race(state: GameState) -> str:
    race = state.players[state.current].active
    return game_words.race(race.name) if race is not None else ""


def _decline_button(state: GameState, action: Action) -> str:
    race = _active_race(state)
    if not race:
        return _("decline")
    return _("Send the {race} into decline").format(race=race)


def _decline_told(t: Told) -> str:
    race = _active_race(t.before)
    if not race:
        return _("{player} sends the race into decline.").format(player=t.who)
    return _("{player} sends the {race} into decline.").format(player=t.who, race=race)


#: The turn of decline (R-DECLINE-5): the race has gone into decline, scoring is to come.
_DECLINED = "declined"


def _end_button(state: GameState, action: Action) -> str:
    if state.stage.value == _DECLINED:
        return _("End the turn of decline: score it (R-DECLINE-5)")
    if state.stage is Stage.CONQUER:
        return _("Stop conquering, redeploy")
    if state.stage is Stage.DECLINE_CHOICE:
        return _("Keep the race active")
    return _("Pass")


def _end_told(t: Told) -> str:
    if t.before.stage.value == _DECLINED:
        return _("{player} ends the turn of decline.").format(player=t.who)
    if t.before.stage is Stage.CONQUER:
        return _("{player} stops conquering.").format(player=t.who)
    if t.before.stage is Stage.DECLINE_CHOICE:
        return _("{player} keeps the race active.").format(player=t.who)
    return _("{player} passes.").format(player=t.who)


def _deploy_told(t: Told) -> str:
    assert isinstance(t.action, Deploy)
    spread = ", ".join(f"{region_name(t.before, r)} {n}" for r, n in t.action.placement)
    return _("{player} redeploys: {placement}.").format(player=t.who, placement=spread)


# --- pieces: the Dragon (R-POW-DRAGONMASTER) and the others --------------------------------
def _place_piece_told(t: Told) -> str:
    assert isinstance(t.action, PlacePiece)
    if t.action.piece is DRAGON:
        return _("{player} sends the Dragon into {region}.").format(**t.fields())
    return _("{player} puts a {piece} in {region}.").format(
        **t.fields(piece=game_words.piece(t.action.piece.label))
    )


def _lift_piece_told(t: Told) -> str:
    assert isinstance(t.action, LiftPiece)
    return _("{player} lifts the {piece} off {region}.").format(
        **t.fields(piece=game_words.piece(t.action.piece.label))
    )


def _place_piece_choice(state: GameState, action: Action) -> str:
    assert isinstance(action, PlacePiece)
    piece, where = action.piece, _where(state, action)
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


def _lift_piece_choice(state: GameState, action: Action) -> str:
    assert isinstance(action, LiftPiece)
    return _("{piece}: lift it off {region} to place it elsewhere ({rule})").format(
        piece=game_words.piece(action.piece.label),
        region=_where(state, action),
        rule=action.piece.rule,
    )


# --- the powers' own verbs ----------------------------------------------------------------
def _peace_button(state: GameState, action: Action) -> str:
    assert isinstance(action, Peace)
    return _("Make peace with {player} (R-POW-DIPLOMAT)").format(
        player=state.player_name(action.player)
    )


def _peace_told(t: Told) -> str:
    assert isinstance(t.action, Peace)
    return _("{player} makes peace with {other}.").format(
        player=t.who, other=t.before.player_name(t.action.player)
    )


def _berserk_button(state: GameState, action: Action) -> str:
    return _("Roll the die before the next conquest (R-POW-BERSERK)")


def _berserk_told(t: Told) -> str:
    return _("{player} rolls the Berserk die.").format(player=t.who)


def _sentence(template: str) -> Callable[[Told], str]:
    """A narration that is one marked sentence with ``{player}`` and ``{region}``."""
    return lambda t: _(template).format(**t.fields())


def _line(template: str) -> Label:
    """A choice that is one marked line with ``{region}``."""
    return lambda state, action: _(template).format(region=_where(state, action))


def _fixed(template: str) -> Label:
    """A button that is one marked label."""
    return lambda state, action: _(template)


#: How each kind of action is said: its button, its choice line, its narration (an
#: action kind is found by its class or the nearest base class listed).
ACTION_WORDS: dict[type[Action], ActionWords] = {
    Pick: ActionWords(_pick_told, button=_pick_button, retold_by=(ComboPicked,)),
    Conquer: ActionWords(_conquer_told, choice=_conquer_choice, retold_by=(Conquered,)),
    Final: ActionWords(
        _final_told,
        choice=_line(N_("Final conquest of {region}, with the reinforcement die (R-CONQ-10)")),
        retold_by=(FinalConquestChosen,),
    ),
    Roll: ActionWords(_roll_told, retold_by=(DieRolled,)),
    Decline: ActionWords(_decline_told, button=_decline_button, retold_by=(Declined,)),
    End: ActionWords(_end_told, button=_end_button),
    Done: ActionWords(
        _sentence(N_("{player} finishes redeploying.")),
        button=_fixed(N_("Finish redeployment")),
        retold_by=(Redeployed,),
    ),
    Deploy: ActionWords(_deploy_told),
    Place: ActionWords(
        _sentence(N_("{player} puts a token on {region}.")),
        choice=_line(N_("Put a token from your hand on {region} (R-REDEPLOY-1)")),
        retold_by=(TokenMoved,),
    ),
    Take: ActionWords(
        _sentence(N_("{player} takes a token back from {region}.")),
        choice=_line(N_("Take a token back to hand from {region} (R-REDEPLOY-1)")),
        retold_by=(TokenMoved,),
    ),
    Abandon: ActionWords(
        _sentence(N_("{player} abandons {region}.")),
        choice=_line(N_("Abandon {region}: its tokens go back to your hand (R-EXPAND-2)")),
        retold_by=(Abandoned,),
    ),
    Withdraw: ActionWords(
        _sentence(N_("{player} withdraws a token from {region}.")),
        choice=_line(N_("Amazons: take a token off {region} (R-RACE-AMAZONS)")),
        retold_by=(Withdrawn,),
    ),
    Convert: ActionWords(
        _sentence(N_("{player} converts the token in {region}.")),
        choice=_line(
            N_(
                "Sorcerers: turn the lone enemy token in {region} into a Sorcerer, taken from "
                "the tray (R-RACE-SORCERERS)"
            )
        ),
        retold_by=(Converted,),
    ),
    PlacePiece: ActionWords(
        _place_piece_told, choice=_place_piece_choice, retold_by=(PieceChanged,)
    ),
    LiftPiece: ActionWords(_lift_piece_told, choice=_lift_piece_choice, retold_by=(PieceChanged,)),
    Peace: ActionWords(_peace_told, button=_peace_button),
    BerserkRoll: ActionWords(_berserk_told, button=_berserk_button),
}


def _other_told(t: Told) -> str:
    verb = t.action.verb
    if t.where:
        return _("{player} plays {verb} on {region}.").format(verb=verb, **t.fields())
    return _("{player} plays {verb}.").format(player=t.who, verb=verb)


#: An action no entry names (a new power's verb): told by its verb.
_OTHER = ActionWords(_other_told)


def words_of(action: Action) -> ActionWords:
    """The entry of :data:`ACTION_WORDS` for ``action``'s kind (its class or a base)."""
    for cls in type(action).__mro__:
        entry = ACTION_WORDS.get(cls)
        if entry is not None:
            return entry
    return _OTHER


def narrate(before: GameState, action: Action, events: Sequence[Event], after: GameState) -> str:
    """One sentence telling ``action`` (played in ``before``) in words, with names."""
    told = Told(before, action, events, after, _actor(before), _where(before, action))
    return words_of(action).narrate(told)


def effects(action: Action, events: Sequence[Event]) -> list[Event]:
    """The events shown under the narration of ``action``: all but those that retell it
    (a step is said once; the log's details keep the retelling)."""
    retold = words_of(action).retold_by
    out = list(events)
    for kind in retold:  # the first of each kind is the action's own: later ones are not
        own = next((e for e in out if isinstance(e, kind)), None)
        if own is not None:
            out.remove(own)
    return out


def button_label(state: GameState, action: Action) -> str:
    """The label of ``action``'s button in words (its notation is the tooltip's)."""
    label = words_of(action).button
    return label(state, action) if label is not None else choice_label(state, action)


def choice_label(state: GameState, action: Action) -> str:
    """A labelled choice: what ``action`` does, in one line citing its rule.

    Used when several actions target one region (a badge's alternative beside a plain
    conquest: Dragon Master's dragon, Sorcerers' conversion, Heroes, Fortresses ...).
    """
    entry = words_of(action)
    if entry.choice is not None:
        return entry.choice(state, action)
    if entry.button is not None:
        return entry.button(state, action)
    where = _where(state, action)
    if where:
        return _("{verb} on {region}").format(verb=action.verb, region=where)
    return action.verb


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

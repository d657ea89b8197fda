"""The protocol of a stage, and the pieces the stages share.

A stage is one object: the decisions it lists (:meth:`StageRules.candidates`), why it
refuses one (:meth:`StageRules.refusal`), what a decision does (:meth:`StageRules.step`,
automatic transitions included), the rule and the sentence it waits with, and the action
kinds it is the home of (:attr:`StageRules.kinds`: the rule and the sentence that say where
such an action belongs when it is tried elsewhere). boardgame.io's stages that list their
moves are the model.
"""

from __future__ import annotations

from typing import ClassVar

from swlab import names
from swlab.i18n import _
from swlab.rules.abilities.base import DERIVED, Badge, derived_get
from swlab.rules.actions import Action, Conquer, Final
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.ops import acting_race, badges
from swlab.rules.reach import conquests_ended
from swlab.rules.state import GameState, RaceState, Stage

#: the key of a state's legal actions in its memo (``legal_actions``, ``apply``)
LEGAL = "legal actions"

#: Why an action is out of place, by action type: (rule, a whole sentence saying where it
#: belongs). Filled by the stages from their :attr:`StageRules.kinds`, in the order of the
#: table.
ACTION_RULE: dict[type[Action], tuple[str, str]] = {}


class StageRules:
    """One stage of a turn (R-FLOW-1): its decisions, refusals and steps."""

    #: the stage this object plays
    stage: ClassVar[Stage]
    #: the rule the stage waits with, and the sentence that says what it waits for (a whole
    #: sentence: a refusal puts it after its own)
    rule: ClassVar[str]
    waits: ClassVar[str]
    #: the action kinds this stage is the home of: (kind, rule, the sentence that says where
    #: the action belongs)
    kinds: ClassVar[tuple[tuple[type[Action], str, str], ...]] = ()

    def __init_subclass__(cls) -> None:
        for kind, rule, why in cls.__dict__.get("kinds", ()):
            ACTION_RULE.setdefault(kind, (rule, why))

    def candidates(self, state: GameState) -> list[Action]:
        """Every decision open now, in a fixed order."""
        raise NotImplementedError

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        """``None`` when ``action`` is legal now, else the error naming the rule."""
        raise NotImplementedError

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        """Play a legal ``action``: the new state (events appended to ``events``)."""
        raise NotImplementedError

    def wrong_kind(self, state: GameState, action: Action) -> IllegalActionError:
        """The refusal of an action this stage never takes: what the stage waits for, and
        where the action belongs (:data:`ACTION_RULE`)."""
        if isinstance(action, Conquer | Final):
            race = acting_race(state)
            if race is not None and conquests_ended(state, race):
                return IllegalActionError(
                    "R-CONQ-10",
                    lambda: _(
                        "'{action}' is not possible: the {race} made their final conquest "
                        "attempt with the reinforcement die, so conquests end for this turn."
                    ).format(action=repr(action), race=names.race(race.name)),
                )
        # whole sentences, each translated on its own: where the action belongs (if it has
        # a home), then what the stage waits for
        rule, home, waits = self.rule, "", self.waits
        if type(action) in ACTION_RULE:
            rule, home = ACTION_RULE[type(action)]

        def sentences() -> str:
            said = [_("'{action}' is not possible now.").format(action=repr(action))]
            if home:
                said.append(_(home))
            return " ".join([*said, _(waits)])

        return IllegalActionError(rule, sentences)


def the_acting_race(state: GameState) -> RaceState:
    """The race acting now, in a stage where one always does (each listing and step asks)."""
    # (acting_race's first look inlined: the deciding player's active race, most often
    # the one; a call less at every listing and step)
    turn = state.turn
    found = state.players[turn.actor].active
    if found is not None and found.name == turn.acting:
        return found
    race = acting_race(state)
    assert race is not None, turn.stage
    return race


def extra_actions(state: GameState, race: RaceState) -> list[Action]:
    """The badges' own decisions open now (dragon, berserk, convert, fortress, ...)."""
    # the badges that replace a default of none, kept per (race, power, decline) as
    # ops.hooked_badges keeps its answers (one lookup: every listing asks)
    key = ("with actions", race.name, race.power, race.in_decline)
    acting: tuple[Badge, ...] | None = derived_get(key)
    if acting is None:
        acting = DERIVED[key] = tuple(
            b for b in badges(race) if {"extra_actions", "legal_extra_actions"} & b.hooks
        )
    out: list[Action] = []
    for b in acting:
        out.extend(b.legal_extra_actions(state, race))
    return out


def extra_owner(state: GameState, race: RaceState, action: Action) -> Badge | None:
    """The badge of ``race`` whose action ``action`` is, if any."""
    for b in badges(race):
        if b.handles(action):
            return b
    return None

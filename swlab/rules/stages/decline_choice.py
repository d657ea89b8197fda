"""The decline choice (R-POW-STOUT): after scoring, a Stout race may go into decline at
once (``decline``) or not (``end``)."""

from __future__ import annotations

from swlab.i18n import N_
from swlab.rules import flow
from swlab.rules.actions import Action, Decline, End
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.stages.base import StageRules
from swlab.rules.state import GameState, Stage


class DeclineChoiceStage(StageRules):
    """``decline`` or ``end``; either way the next turn begins."""

    stage = Stage.DECLINE_CHOICE
    rule = "R-POW-STOUT"
    waits = N_("The game waits for a choice to decline or not.")

    def candidates(self, state: GameState) -> list[Action]:
        return [Decline(), End()]

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        if isinstance(action, Decline | End):
            return None
        return self.wrong_kind(state, action)

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        if isinstance(action, Decline):
            state = flow.decline(state, events)
        return flow.next_turn(state, events)

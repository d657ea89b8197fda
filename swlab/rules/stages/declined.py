"""The turn of decline (R-DECLINE-5): the race has gone into decline and the turn's
scoring is still to come.

``decline`` in the notation plays the whole turn of decline (this moment, then the
attacked players' redeployment and scoring), so a game passes through this moment within
one action; a scenario can stop in it (``turn: {stage: declined}``) to show that the turn
of a decline is no turn of expansion: a conquest is refused, ``end`` scores the turn.
"""

from __future__ import annotations

from swlab.i18n import N_, _
from swlab.rules import flow
from swlab.rules.actions import Action, End, Pick
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.stages.base import StageRules
from swlab.rules.state import GameState, Stage


class DeclinedStage(StageRules):
    """Only ``end`` (the turn goes on to scoring); a conquest, or any other action, is
    refused with R-DECLINE-5, a new combo with R-DECLINE-6."""

    stage = Stage.DECLINED
    rule = "R-DECLINE-5"
    waits = N_("The race has gone into decline this turn: the turn ends with scoring.")

    def candidates(self, state: GameState) -> list[Action]:
        return [End()]

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        if isinstance(action, End):
            return None
        if isinstance(action, Pick):
            return IllegalActionError(
                "R-DECLINE-6",
                lambda: _(
                    "Your race went into decline this turn: the new combo is picked at the "
                    "start of your next turn."
                ),
            )
        return IllegalActionError(
            "R-DECLINE-5",
            lambda: _(
                "'{action}' is not possible: your race went into decline this turn, and a "
                "turn is either expansion or decline, never both; 'end' scores the turn."
            ).format(action=repr(action)),
        )

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        return flow.end_of_turn(state, events)

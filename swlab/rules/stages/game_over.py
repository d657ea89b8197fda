"""The end of the game (R-FLOW-2): nothing is possible any more."""

from __future__ import annotations

from swlab.i18n import N_, _
from swlab.rules.actions import Action
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.stages.base import StageRules
from swlab.rules.state import GameState, Stage


class GameOverStage(StageRules):
    """Every action is refused with R-FLOW-2."""

    stage = Stage.GAME_OVER
    rule = "R-FLOW-2"
    waits = N_("The game is over.")

    def candidates(self, state: GameState) -> list[Action]:
        return []

    def refusal(self, state: GameState, action: Action) -> IllegalActionError | None:
        return IllegalActionError("R-FLOW-2", lambda: _("The game is over: no action is possible."))

    def step(self, state: GameState, action: Action, events: list[Event]) -> GameState:
        raise AssertionError("no step after the end of the game")

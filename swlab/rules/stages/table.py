"""The table of stages: one object per :class:`~swlab.rules.state.Stage`.

``legal_actions``, ``why_illegal`` and ``apply`` (:mod:`swlab.rules.engine`) look the
stage up here and ask it; a new stage is one module and one line of :data:`STAGES`. The
automatic transitions between stages are in :mod:`swlab.rules.flow`.
"""

from __future__ import annotations

from swlab.rules.stages.base import ACTION_RULE, LEGAL, StageRules
from swlab.rules.stages.conquer import ConquerStage
from swlab.rules.stages.decline_choice import DeclineChoiceStage
from swlab.rules.stages.declined import DeclinedStage
from swlab.rules.stages.defend import DefendStage
from swlab.rules.stages.game_over import GameOverStage
from swlab.rules.stages.pick import PickStage
from swlab.rules.stages.redeploy import RedeployStage
from swlab.rules.stages.roll import RollStage
from swlab.rules.stages.withdraw import WithdrawStage
from swlab.rules.state import Stage

#: Every stage, by its :class:`Stage` value, in the order of a turn.
STAGES: dict[Stage, StageRules] = {
    s.stage: s
    for s in (
        PickStage(),
        ConquerStage(),
        RollStage(),
        RedeployStage(),
        WithdrawStage(),
        DefendStage(),
        DeclinedStage(),
        DeclineChoiceStage(),
        GameOverStage(),
    )
}

#: What each stage waits for: (rule, sentence), as a refusal says it.
STAGE_RULE: dict[Stage, tuple[str, str]] = {s: (st.rule, st.waits) for s, st in STAGES.items()}

assert set(STAGES) == set(Stage), "every stage has its rules"

__all__ = ["ACTION_RULE", "LEGAL", "STAGES", "STAGE_RULE", "StageRules"]

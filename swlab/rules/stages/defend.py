"""The defence stage (R-REDEPLOY-2, R-CONQ-7): after the turn's conquests, each attacked
player, in seat order, places the tokens it took back into hand; the actor is the
defender. Bivouacking re-places its displaced Encampments here (``camp``)."""

from __future__ import annotations

from swlab.i18n import N_
from swlab.rules.stages.redeploy import RedeployStage
from swlab.rules.state import Stage


class DefendStage(RedeployStage):
    """A redeployment that only adds tokens: no ``take`` (R-REDEPLOY-2)."""

    stage = Stage.DEFEND
    rule = "R-REDEPLOY-2"
    waits = N_("An attacked player is redeploying.")

"""Play a game on the board in Jupyter: a pure controller, pure styles, a thin widget.

>>> from swlab.play import GameViewer                                  # doctest: +SKIP
>>> GameViewer("official_2p", players=["Ann", "Bob"], seed=7)          # doctest: +SKIP

:mod:`swlab.play.controller` and :mod:`swlab.play.style` import no widget library;
:class:`GameViewer` (ipyleaflet, ipywidgets) is imported on first use. The controller's
names are imported on first use too: ``swlab present``'s server
(:mod:`swlab.play.voila_server`) lives in this package and needs none of the rules engine
the controller brings in (0.4 s of CPU at every start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.lazy import attach

if TYPE_CHECKING:
    from swlab.play.controller import Button, ClickResult, GameController, PanelModel, Status
    from swlab.play.viewer import GameViewer

__all__ = ["Button", "ClickResult", "GameController", "GameViewer", "PanelModel", "Status"]

#: Where each exported name is defined.
_HOMES = {name: "controller" for name in __all__} | {"GameViewer": "viewer"}


__getattr__, __dir__ = attach(__name__, _HOMES)

"""Play a game on the board in Jupyter: a pure controller, pure styles, a thin widget.

>>> from swlab.play import GameViewer                                  # doctest: +SKIP
>>> GameViewer("official_2p", players=["Ann", "Bob"], seed=7)          # doctest: +SKIP

:mod:`swlab.play.controller` and :mod:`swlab.play.style` import no widget library;
:class:`GameViewer` (ipyleaflet, ipywidgets) is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swlab.play.controller import Button, ClickResult, GameController, PanelModel, Status

if TYPE_CHECKING:
    from swlab.play.viewer import GameViewer

__all__ = ["Button", "ClickResult", "GameController", "GameViewer", "PanelModel", "Status"]


def __getattr__(name: str) -> Any:
    if name == "GameViewer":
        from swlab.play.viewer import GameViewer

        return GameViewer
    raise AttributeError(f"module 'swlab.play' has no attribute {name!r}")

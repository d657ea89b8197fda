"""The map editor's labels on the map: the viewer's region labels, kept still while an
edit changes other regions, and the labels of corner-only contacts.

:class:`RegionLabels` places the labels as the game viewer does
(:func:`swlab.play.style.region_labels`: each at its region's pole of inaccessibility,
in the fullest form its room holds, no two touching) and keeps one marker per region
id, sending it only what changed (its place, its markup). A region too small to show
its label at the map's zoom has no marker until the map is zoomed in far enough.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipyleaflet import DivIcon, LayerGroup, Marker  # type: ignore[import-untyped]

from swlab.board.model import Board
from swlab.editor.overlays import CORNER_TEXT, Contact
from swlab.i18n import _
from swlab.play.style import (
    LABEL_MAX_EM,
    BoardShapes,
    abbreviations,
    abbreviations_html,
    region_labels,
)
from swlab.rules.state import RegionState

__all__ = ["RegionLabels", "corner_markers", "setup_state"]


def setup_state(terrain: str, symbols: frozenset[str]) -> RegionState:
    """What setup puts on a region (R-SETUP-2): a Lost Tribe token where the symbol is, a
    Mountain token on every Mountain, so the editor's labels read as the viewer's."""
    return RegionState(lost_tribes=int("lost_tribe" in symbols), mountain=terrain == "mountain")


class RegionLabels:
    """The region labels of one editor's map, in the map pane ``pane``."""

    def __init__(self, pane: str) -> None:
        self.pane = pane
        self.layer = LayerGroup()
        self._labelled: tuple[Board, int, float] | None = None
        self._shapes: tuple[Board, BoardShapes] | None = None
        self._markers: dict[int, tuple[str, Marker]] = {}
        #: what each short form on the labels stands for (empty when they show none)
        self.legend = widgets.HTML()
        self.legend.add_class("swlab-abbreviations-box")

    def _icon(self, markup: str, px: int) -> DivIcon:
        w, h = round((LABEL_MAX_EM + 1) * px), round(6 * px)
        return DivIcon(html=markup, icon_size=[w, h], icon_anchor=[w // 2, h // 2])

    def shapes(self, board: Board) -> BoardShapes:
        """The board's label anchors and rooms (:class:`BoardShapes`), made once per draft:
        a label sits where the view puts it whatever stands on the board, so an edit moves
        only the labels of the regions whose shape (or whose neighbours' room) it changed."""
        old = self._shapes
        if old is not None and old[0] is board:
            return old[1]
        shapes = BoardShapes.from_board(board)
        self._shapes = (board, shapes)
        return shapes

    def show(self, board: Board, px: int, zoom: float) -> None:
        """The labels of ``board`` at label size ``px`` and map zoom ``zoom`` (nothing is
        sent when neither changed)."""
        done = self._labelled
        if done is not None and done[0] is board and done[1:] == (px, zoom):
            return
        resized = done is None or done[1] != px
        pieces = {r.id: setup_state(r.terrain, r.symbols) for r in board.regions}
        shapes = self.shapes(board)
        placed = region_labels(shapes, pieces, fit=(zoom, px))
        legend = abbreviations_html(abbreviations(shapes, pieces, (zoom, px)))
        if self.legend.value != legend:
            self.legend.value = legend
        old = self._markers
        markers: dict[int, tuple[str, Marker]] = {}
        for rid, ((y, x), markup) in placed.items():
            kept = old.get(rid)
            if kept is None:
                marker = self._new(markup, px, [y, x])
            else:
                marker = self._moved(kept, resized, markup, px)
                if list(marker.location) != [y, x]:
                    marker.location = [y, x]
            markers[rid] = (markup, marker)
        gone = [m for rid, (_, m) in old.items() if rid not in markers]
        if gone or len(markers) != len(old) or list(markers) != list(old):
            self.layer.layers = tuple(m for _, m in markers.values())
        for marker in gone:
            marker.close()
        self._markers = markers
        self._labelled = (board, px, zoom)

    def _moved(self, kept: tuple[str, Marker], resized: bool, markup: str, px: int) -> Marker:
        """A region's marker, given a new icon only when its markup or size changed."""
        marker = kept[1]
        if resized or kept[0] != markup:
            icon = marker.icon
            marker.icon = self._icon(markup, px)
            if icon is not None:
                icon.close()
        return marker

    def _new(self, markup: str, px: int, location: list[float]) -> Marker:
        return Marker(
            location=location,
            icon=self._icon(markup, px),
            draggable=False,
            keyboard=False,
            title="",
            pane=self.pane,
        )


def corner_markers(
    board: Board, corners: Sequence[Contact], hovered: int | None
) -> tuple[Marker, ...]:
    """A label at each corner-only contact of the hovered region: the other region's id
    and that it is not a border (R-COMP-6)."""
    markers = []
    minx, _bottom, maxx, _top = board.outline.bounds
    for c in corners:
        point = c.where.centroid
        other = c.other(hovered) if hovered in (c.a, c.b) else c.b
        # the label reads away from the board's nearer side, so it stays on the map
        left = point.x > (minx + maxx) / 2
        markup = (
            f"<div class='swlab-corner-label swlab-corner-label-{c.a}-{c.b}' "
            f"style='margin-left:{'auto' if left else '0'}'>"
            f"{other} {html.escape(_(CORNER_TEXT))}</div>"
        )
        anchor = [328, 11] if left else [-8, 11]
        markers.append(
            Marker(
                location=[point.y, point.x],
                icon=DivIcon(html=markup, icon_size=[320, 22], icon_anchor=anchor),
                draggable=False,
                keyboard=False,
                title="",
                pane="swlab-editor-labels",
            )
        )
    return tuple(markers)

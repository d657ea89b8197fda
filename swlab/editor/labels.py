"""The map editor's labels on the map: the viewer's region labels, kept still while an
edit changes other regions, and the labels of corner-only contacts.

:class:`RegionLabels` places the labels as the game viewer does
(:func:`swlab.play.style.region_labels`: each at its region's pole of inaccessibility,
in the fullest form its room holds, no two touching) and keeps one marker per region
id, sending it only what changed (its place, its markup). A region too small to show
its label at the map's zoom has no marker until the map is zoomed in far enough. Its
labels show what setup puts on a region and never a token badge, so their rooms are sized
for exactly those labels (``BoardShapes.from_board(board, fixed=pieces)``), each placed
where its full form fits when a spot does: sized for the viewer's widest badge, the
labels of a small board's regions crowded each other and were pushed onto borders.

:func:`corner_markers` puts each corner contact's label beside, above or below its
corner, where it covers no region label (:meth:`RegionLabels.boxes`) and stays on the
board.
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
    label_extent,
    label_form,
    region_labels,
)
from swlab.rules.state import RegionState

__all__ = ["RegionLabels", "corner_markers", "corner_place", "setup_state"]


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
        pieces = {r.id: setup_state(r.terrain, r.symbols) for r in board.regions}
        shapes = BoardShapes.from_board(board, fixed=pieces)  # no token comes on this map
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

    def boxes(self) -> dict[int, tuple[float, float, float, float]]:
        """Each shown label's box ``(minx, miny, maxx, maxy)`` in board units, in the form
        it is drawn in (:func:`~swlab.play.style.label_extent`): what the corner labels
        must not cover."""
        if self._labelled is None:
            return {}
        board, px, zoom = self._labelled
        unit = 2.0**zoom
        out = {}
        for rid, (markup, marker) in self._markers.items():
            r = board[rid]
            f = label_form(markup)
            w, h = label_extent(
                rid,
                setup_state(r.terrain, r.symbols),
                r.terrain,
                r.symbols,
                compact=f.compact,
                tags=f.tags,
                race=f.race,
            )
            y, x = marker.location
            hw, hh = w * px / 2 / unit, h * px / 2 / unit
            out[rid] = (x - hw, y - hh, x + hw, y + hh)
        return out

    def corner_markers(
        self, board: Board, corners: Sequence[Contact], hovered: int | None
    ) -> tuple[Marker, ...]:
        """The labels of the corner contacts ``corners`` of ``hovered`` (:func:`corner_markers`),
        clear of the region labels shown (:meth:`boxes`) at the zoom they are placed for."""
        zoom = self._labelled[2] if self._labelled is not None else 0.0
        return corner_markers(board, corners, hovered, zoom, list(self.boxes().values()))

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


#: The corner label's text size in pixels (its CSS, :func:`swlab.editor.style.editor_css`)
#: and the pixels between the corner point and the label.
CORNER_FONT_PX = 12
CORNER_GAP_PX = 8

Box = tuple[float, float, float, float]
#: A corner label's top left corner in screen pixels from its corner point (y down).
Offset = tuple[float, float]


def corner_label_size(lines: Sequence[str]) -> tuple[float, float]:
    """A generous estimate of a corner label's ``(width, height)`` in pixels: its
    ``lines`` in semi-bold 12 px (the per-character width
    :func:`~swlab.play.style.label_extent` measured for labels), padding and border."""
    longest = max((len(line) for line in lines), default=0)
    return longest * 0.66 * CORNER_FONT_PX + 14.0, len(lines) * CORNER_FONT_PX * 1.3 + 6.0


def corner_label_forms(text: str, most: int = 3) -> list[tuple[str, ...]]:
    """The forms of a corner label's text: one line, then two, then three (words wrapped
    at about an even share of the text each), for a map too small to hold a longer line
    beside its corner."""
    words = text.split(" ")
    forms: list[tuple[str, ...]] = []
    for n in range(1, min(most, len(words)) + 1):
        share, line = len(text) / n, ""
        lines: list[str] = []
        for word in words:
            if line and len(lines) < n - 1 and len(line) + 1 + len(word) / 2 > share:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        form = (*lines, line)
        if form not in forms:
            forms.append(form)
    return forms


def _corner_offsets(w: float, h: float, left: bool) -> list[tuple[float, float]]:
    """Where a corner label's box may go: its top left corner in screen pixels from the
    corner point (y down), beside, above or below the point, reading away from the
    board's nearer side (``left``: the point is in the right half) first."""
    g = CORNER_GAP_PX
    towards = [(-g - w, -h / 2), (-g - w, -g - h), (-g - w, g)]  # left of the point
    away = [(g, -h / 2), (g, -g - h), (g, g)]  # right of it
    centred = [(-w / 2, -g - h), (-w / 2, g)]  # above, below
    return [*towards, *centred, *away] if left else [*away, *centred, *towards]


def corner_place(
    point: tuple[float, float],
    size: tuple[float, float],
    left: bool,
    zoom: float,
    bounds: Box,
    avoid: Sequence[Box] = (),
) -> tuple[float, tuple[float, float]]:
    """Where a corner label of ``size`` pixels at ``point`` (board ``x, y``) on a map at
    ``zoom`` goes: the first place (:func:`_corner_offsets`; the offset of its top left
    corner in screen pixels from ``point``) that covers none of the region labels' boxes
    ``avoid`` and stays on the board (``bounds``), else the one covering least of them
    and of the outside; with what it covers (0: nothing)."""
    from shapely.geometry import box

    unit = 2.0**zoom
    x, y = point
    w, h = size
    board = box(*bounds)
    others = [box(*b) for b in avoid]
    best: tuple[float, tuple[float, float]] | None = None
    for dx, dy in _corner_offsets(w, h, left):
        x0, top = x + dx / unit, y - dy / unit
        here = box(x0, top - h / unit, x0 + w / unit, top)
        covered = sum(here.intersection(o).area for o in others)
        cost = covered + here.difference(board).area
        if cost <= 0.0:
            return 0.0, (dx, dy)
        if best is None or cost < best[0]:
            best = (cost, (dx, dy))
    assert best is not None
    return best


def corner_markers(
    board: Board,
    corners: Sequence[Contact],
    hovered: int | None,
    zoom: float = 0.0,
    avoid: Sequence[Box] = (),
) -> tuple[Marker, ...]:
    """A label at each corner-only contact of the hovered region: the other region's id
    and that it is not a border (R-COMP-6). It sits beside, above or below its corner, on
    one line or two (:func:`corner_label_forms`), clear of the region labels' boxes
    ``avoid`` (board units, the map at ``zoom``) and of the other corner labels, and on
    the board (:func:`corner_place`)."""
    markers = []
    minx, _bottom, maxx, _top = board.outline.bounds
    unit = 2.0**zoom
    # no corner label covers another corner: a box of the gap's size around each
    g = CORNER_GAP_PX / unit
    points = [c.where.centroid for c in corners]
    taken = [*avoid, *((p.x - g, p.y - g, p.x + g, p.y + g) for p in points)]
    for c in corners:
        point = c.where.centroid
        other = c.other(hovered) if hovered in (c.a, c.b) else c.b
        # the label reads away from the board's nearer side, so it stays on the map
        left = point.x > (minx + maxx) / 2
        tried: list[tuple[float, int, tuple[str, ...], tuple[float, float], Offset]] = []
        for lines in corner_label_forms(f"{other} {_(CORNER_TEXT)}"):
            w, h = corner_label_size(lines)
            cost, (dx, dy) = corner_place(
                (point.x, point.y), (w, h), left, zoom, board.outline.bounds, taken
            )
            tried.append((cost, len(tried), lines, (w, h), (dx, dy)))
            if cost <= 0.0:
                break
        _cost, _k, lines, (w, h), (dx, dy) = min(tried)
        x0, top = point.x + dx / unit, point.y - dy / unit
        taken.append((x0, top - h / unit, x0 + w / unit, top))
        # the text ends at the corner's side of its box (the estimate is generous)
        margin = "0 0 0 auto" if dx < -w / 2 else "0 auto" if dx == -w / 2 else "0"
        markup = (
            f"<div class='swlab-corner-label swlab-corner-label-{c.a}-{c.b}' "
            f"style='margin:{margin}'>{'<br>'.join(html.escape(t) for t in lines)}</div>"
        )
        markers.append(
            Marker(
                location=[point.y, point.x],
                icon=DivIcon(html=markup, icon_size=[round(w), round(h)], icon_anchor=[-dx, -dy]),
                draggable=False,
                keyboard=False,
                title="",
                pane="swlab-editor-labels",
            )
        )
    return tuple(markers)

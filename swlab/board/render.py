"""Pictures of a board: terrain colours, region ids, symbols and optional overlays.

The picture is meant to be read from the back of a classroom and to look like the printed
board, so a learner recognises what the rules talk about (R-COMP-6): each terrain has its
own fill, told apart by lightness as well as hue (the Lake is paler than the Sea); region ids
sit in white rounded labels at the pole of inaccessibility of their region, where they are
least likely to touch a border; printed symbols (Mine, Magic source, Cavern) are small pale
badges, and the pieces placed at setup (R-SETUP-2: a Lost Tribe token, a Mountain) are drawn
as tokens. Overlays show the derived facts: borders as lines between labels, edge,
first-conquest or coastal regions outlined, and validation problems hatched in red.

Only ``matplotlib.figure.Figure`` is used, never ``pyplot``: no global figure list to leak in
a long notebook session, and no interactive backend is ever needed (PNG goes through Agg).
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import matplotlib
import numpy as np
import shapely
from matplotlib.artist import Artist
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.legend_handler import HandlerBase
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch, PathPatch
from matplotlib.path import Path as MplPath
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D, Transform
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from swlab import names as game_words
from swlab.board.geometry import label_point, polygon_parts, usable
from swlab.board.model import TERRAINS, Board, Region, Symbol
from swlab.board.palette import (
    SYMBOL_BADGES,
    SYMBOL_NAMES,
    TERRAIN_COLOURS,
    UNKNOWN_SYMBOL_BADGE,
    UNKNOWN_TERRAIN_COLOUR,
)
from swlab.i18n import NC_, _, pgettext
from swlab.names import capital
from swlab.names import terrain as terrain_name
from swlab.safe_io import atomic_open, atomic_write_text

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.legend import Legend

    from swlab.board.validate import Problem

__all__ = [
    "HIGHLIGHT_COLOUR",
    "TERRAIN_COLOURS",
    "Highlight",
    "board_svg",
    "draw_board",
    "label_point",
    "save_board_picture",
]

BORDER_COLOUR = "#262626"
#: Magenta is far from every terrain colour and from the red used for problems.
HIGHLIGHT_COLOUR = "#E7298A"
PROBLEM_COLOUR = "#D62728"
ADJACENCY_COLOUR = "#1A1A1A"

Highlight = Literal["edge", "first_conquest", "coastal"]
_HIGHLIGHT_LABELS: dict[str, str] = {
    "edge": NC_("legend", "edge region"),
    "first_conquest": NC_("legend", "first-conquest region"),
    "coastal": NC_("legend", "coastal region"),
}

#: Figure width in inches when the picture gets its own figure; SVG scales anyway, PNG
#: comes out 1650 px wide at :data:`PNG_DPI`.
FIGURE_WIDTH = 11.0
MIN_FIGURE_WIDTH = 7.0
MAX_BOARD_HEIGHT = 8.0
PNG_DPI = 150

# z-order of the layers, bottom to top
_Z_FILL, _Z_OUTLINE, _Z_LINKS, _Z_HIGHLIGHT, _Z_PROBLEM, _Z_GLYPH, _Z_LABEL = 1, 2, 3, 4, 5, 6, 7


# --- geometry helpers -------------------------------------------------------------------------
def _geometry_path(geometry: BaseGeometry) -> MplPath | None:
    """A compound path for the polygons in ``geometry``, holes included.

    Rings are oriented (outer counter-clockwise, holes clockwise) because both Agg and SVG
    fill with the non-zero rule, under which a hole only shows when wound the other way.
    """
    paths = []
    for polygon in polygon_parts(geometry):
        ring_list = [polygon.exterior, *polygon.interiors]
        if polygon.is_valid:
            oriented = orient(polygon, 1.0)
            ring_list = [oriented.exterior, *oriented.interiors]
        for ring in ring_list:
            coords = np.asarray(ring.coords, dtype=float)[:, :2]
            if len(coords) >= 3:
                paths.append(MplPath(coords, closed=True))
    return MplPath.make_compound_path(*paths) if paths else None


# --- glyphs --------------------------------------------------------------------------------
def _shape_path(geometry: BaseGeometry) -> MplPath:
    path = _geometry_path(geometry)
    assert path is not None
    return path


def _pick_paths() -> tuple[MplPath, MplPath]:
    """A pickaxe (head, handle) in unit coordinates, drawn with shapely buffers."""
    t = np.linspace(0.0, 1.0, 17)
    p0, p1, p2 = np.array([-0.62, 0.12]), np.array([0.0, 0.56]), np.array([0.62, 0.12])
    arc = ((1 - t) ** 2)[:, None] * p0 + (2 * (1 - t) * t)[:, None] * p1 + (t**2)[:, None] * p2
    head = LineString(arc).buffer(0.12, cap_style="round", quad_segs=4)
    handle = LineString([(0.0, 0.35), (0.0, -0.72)]).buffer(0.095, cap_style="round", quad_segs=4)
    rotate = Affine2D().rotate_deg(-38)
    return (
        _shape_path(head).transformed(rotate),
        _shape_path(handle.difference(head)).transformed(rotate),
    )


_PICK_HEAD, _PICK_HANDLE = _pick_paths()
_STAR = MplPath.unit_regular_star(5, 0.42).transformed(Affine2D().scale(0.78))
_ARCH = _shape_path(
    Polygon(
        [(-0.62, -0.42)]
        + [(0.62 * math.cos(a), -0.42 + 0.9 * math.sin(a)) for a in np.linspace(0, math.pi, 21)]
    )
)
_PEAK = MplPath(np.array([(-1.0, -0.72), (1.0, -0.72), (0.0, 0.9), (-1.0, -0.72)]), closed=True)
_SNOW = MplPath(
    np.array(
        [
            (-0.34, 0.36),
            (-0.16, 0.24),
            (0.0, 0.38),
            (0.16, 0.24),
            (0.34, 0.36),
            (0.0, 0.9),
            (-0.34, 0.36),
        ]
    ),
    closed=True,
)


def _centred_text_path(text: str) -> MplPath:
    """``text`` as a path about 1.3 high, centred on the origin (for a badge)."""
    path = TextPath((0, 0), text, size=1.3, prop=FontProperties(weight="bold"))
    (x0, y0), (x1, y1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
    return path.transformed(Affine2D().translate(-(x0 + x1) / 2, -(y0 + y1) / 2))


_QUESTION = _centred_text_path("?")

#: The order glyphs are laid out in: setup pieces first, then the printed symbols.
GLYPHS: tuple[str, ...] = ("mountain", Symbol.LOST_TRIBE, Symbol.MINE, Symbol.MAGIC, Symbol.CAVERN)
_GLYPH_LABELS: dict[str, str] = SYMBOL_NAMES
_INK = "#2A211B"


def _glyph_artists(kind: str, x: float, y: float, r: float, transform: Transform) -> list[Artist]:
    """The patches drawing glyph ``kind`` centred on ``(x, y)`` with radius ``r``.

    Printed symbols get a pale badge so they read on dark forest as on pale farmland; the
    Mountain and Lost Tribe pieces are drawn as the pieces themselves.
    """
    place = Affine2D().scale(r).translate(x, y) + transform

    def shape(path: MplPath, face: str, edge: str = "none", width: float = 0.0) -> PathPatch:
        return PathPatch(path, transform=place, facecolor=face, edgecolor=edge, linewidth=width)

    def badge(face: str) -> Circle:
        return Circle((0, 0), 1.0, transform=place, facecolor=face, edgecolor=_INK, linewidth=0.8)

    if kind == "mountain":
        # a white halo keeps the dark peak visible on the grey-brown Mountain terrain
        return [
            shape(_PEAK, "#FFFFFF", "#FFFFFF", 2.4),
            shape(_PEAK, "#4F443C", _INK, 0.6),
            shape(_SNOW, "#FFFFFF"),
        ]
    if kind == Symbol.LOST_TRIBE:
        outer = Circle((0, 0), 0.95, transform=place, fc="#B8652A", ec=_INK, lw=0.9)
        inner = Circle(
            (0, 0), 0.55, transform=place, fc=SYMBOL_BADGES[Symbol.LOST_TRIBE], ec="#6B3510", lw=0.7
        )
        return [outer, inner]
    if kind == Symbol.MINE:
        return [
            badge(SYMBOL_BADGES[Symbol.MINE]),
            shape(_PICK_HANDLE, "#8B5A2B"),
            shape(_PICK_HEAD, "#3D3D3D"),
        ]
    if kind == Symbol.MAGIC:
        return [badge(SYMBOL_BADGES[Symbol.MAGIC]), shape(_STAR, "#8A3FC8", "#3E1F63", 0.6)]
    if kind == Symbol.CAVERN:
        return [badge(SYMBOL_BADGES[Symbol.CAVERN]), shape(_ARCH, "#1C1815")]
    # an unknown symbol (a draft): a question mark on grey, so it is seen and then validated
    return [badge(UNKNOWN_SYMBOL_BADGE), shape(_QUESTION, _INK)]


def _region_glyphs(region: Region) -> list[str]:
    """Glyph kinds for a region, in :data:`GLYPHS` order, unknown symbols last."""
    kinds = [k for k in GLYPHS if (k == "mountain" and region.is_mountain) or region.has(k)]
    kinds += sorted(s for s in region.symbols if s not in GLYPHS)
    return kinds


@dataclass(frozen=True)
class _GlyphKey:
    """A legend handle standing for one glyph kind."""

    kind: str


class _GlyphHandler(HandlerBase):
    """Draws the glyph itself in the legend, so the key matches the board exactly."""

    def create_artists(  # type: ignore[override]
        self,
        legend: Legend,
        orig_handle: _GlyphKey,
        xdescent: float,
        ydescent: float,
        width: float,
        height: float,
        fontsize: float,
        trans: Transform,
    ) -> list[Artist]:
        r = 0.62 * height
        return _glyph_artists(
            orig_handle.kind, width / 2 - xdescent, height / 2 - ydescent, r, trans
        )


# --- layout of labels and glyphs -----------------------------------------------------------
@dataclass(frozen=True)
class _Scale:
    """Sizes in data units and points for one axes: labels and glyphs follow region size."""

    font: float  # label font size, points
    glyph: float  # glyph radius, data units
    label_w: float  # half width of a two-digit label box, data units
    label_h: float  # half height of a label box, data units


def _scale(board: Board, points_per_unit: float) -> _Scale:
    """Label font from the typical region size on paper, clamped to stay legible."""
    count = max(len(board.regions), 1)
    area = board.outline.area if not board.outline.is_empty else 1.0
    unit_pts = math.sqrt(area / count) * points_per_unit
    font = min(max(0.105 * unit_pts, 6.5), 18.0)
    return _Scale(
        font=font,
        glyph=0.95 * font / points_per_unit,
        label_w=1.2 * font / points_per_unit,
        label_h=0.95 * font / points_per_unit,
    )


def _glyph_centres(
    shape: BaseGeometry, centre: Point, count: int, scale: _Scale, with_label: bool
) -> list[tuple[float, float]]:
    """Where ``count`` glyphs go: inside the region, clear of each other and of the label.

    Tried in order: a row under the label, a row over it, a column to its right or left,
    then the free points of a grid nearest the label; a region too small for any of these
    gets the row under the label anyway (a validator's TINY_REGION, not a drawing error).
    """
    if count == 0:
        return []
    r = scale.glyph
    step = 2.25 * r
    cx, cy = centre.x, centre.y
    lw, lh = (scale.label_w, scale.label_h) if with_label else (0.0, 0.0)
    gap = 0.35 * r
    spread = (np.arange(count) - (count - 1) / 2) * step
    layouts: list[list[tuple[float, float]]] = []
    if with_label:
        below, above = cy - lh - gap - r, cy + lh + gap + r
        right, left = cx + lw + gap + r, cx - lw - gap - r
        layouts += [
            [(cx + dx, below) for dx in spread],
            [(cx + dx, above) for dx in spread],
            [(right, cy + dy) for dy in -spread],
            [(left, cy + dy) for dy in -spread],
        ]
    else:
        layouts.append([(cx + dx, cy) for dx in spread])
    room = shape.buffer(-1.15 * r) if not shape.is_empty else shape
    if room.is_empty:
        return layouts[0]
    shapely.prepare(room)
    for layout in layouts:
        if all(room.contains(Point(p)) for p in layout):
            return layout
    # free grid points nearest the label
    minx, miny, maxx, maxy = room.bounds
    xs = np.arange(minx, maxx + step / 4, step / 3)
    ys = np.arange(miny, maxy + step / 4, step / 3)
    grid = np.array([(x, y) for y in ys for x in xs])
    if len(grid) == 0:
        return layouts[0]
    inside = shapely.contains_xy(room, grid[:, 0], grid[:, 1])
    clear = (np.abs(grid[:, 0] - cx) > lw + gap + r) | (np.abs(grid[:, 1] - cy) > lh + gap + r)
    candidates = grid[inside & clear]
    order = np.argsort(np.hypot(candidates[:, 0] - cx, candidates[:, 1] - cy), kind="stable")
    chosen: list[tuple[float, float]] = []
    for x, y in candidates[order].tolist():
        if all(math.hypot(x - a, y - b) >= 2.1 * r for a, b in chosen):
            chosen.append((x, y))
            if len(chosen) == count:
                return chosen
    return layouts[0]


# --- the picture ---------------------------------------------------------------------------
def _normalise_highlight(highlight: str | None) -> str | None:
    if highlight is None:
        return None
    key = highlight.replace("-", "_")
    if key not in _HIGHLIGHT_LABELS:
        raise ValueError(
            f"unknown highlight {highlight!r}: expected edge, first_conquest or coastal"
        )
    return key


def _highlighted(board: Board, key: str) -> frozenset[int]:
    if key == "edge":
        return board.edge_regions
    if key == "first_conquest":
        return board.first_conquest_regions
    return board.coastal_regions


def _new_figure(board: Board, legend_entries: int) -> tuple[Figure, Axes, int]:
    """A figure shaped like the board, with a strip under it for the legend.

    A tall board is made narrower rather than taller than :data:`MAX_BOARD_HEIGHT`, so it
    fits a notebook cell or a projector screen without scrolling. Returns the figure, the
    board's axes and the number of legend columns that fit its width.
    """
    minx, miny, maxx, maxy = board.outline.bounds if not board.outline.is_empty else (0, 0, 1, 1)
    aspect = (maxy - miny) / (maxx - minx) if maxx > minx else 1.0
    margin, title_h = 0.15, 0.45
    board_w = min(FIGURE_WIDTH - 2 * margin, MAX_BOARD_HEIGHT / max(aspect, 1e-6))
    board_h = board_w * aspect
    width = max(board_w + 2 * margin, MIN_FIGURE_WIDTH)
    ncol = _legend_columns(width)
    legend_h = 0.1 + 0.27 * max(1, math.ceil(legend_entries / ncol))
    height = board_h + title_h + legend_h + 2 * margin
    figure = Figure(figsize=(width, height), facecolor="white")
    ax = figure.add_axes(
        (
            (width - board_w) / 2 / width,
            (margin + legend_h) / height,
            board_w / width,
            board_h / height,
        )
    )
    return figure, ax, ncol


def _legend_columns(width_inches: float, entry_inches: float = 1.6) -> int:
    """Legend columns fitting a width (an entry at 9.5 pt takes about 1.6 inches)."""
    return max(1, int(width_inches / entry_inches))


def _points_per_unit(board: Board, ax: Axes) -> float:
    """How many points one board unit takes on paper in ``ax`` (equal aspect: the tighter)."""
    root = ax.get_figure(root=True)
    assert root is not None
    box = ax.get_window_extent()
    width_pts, height_pts = box.width / root.dpi * 72.0, box.height / root.dpi * 72.0
    minx, miny, maxx, maxy = board.outline.bounds if not board.outline.is_empty else (0, 0, 1, 1)
    return min(width_pts / max(maxx - minx, 1e-12), height_pts / max(maxy - miny, 1e-12))


def draw_board(
    board: Board,
    ax: Axes | None = None,
    *,
    ids: bool = True,
    adjacency: bool = False,
    highlight: Highlight | str | None = None,
    problems: Sequence[Problem] | None = None,
) -> Figure:
    """Draw ``board`` and return the figure holding it.

    Parameters
    ----------
    board
        The board; a broken draft (overlaps, invalid polygons) is drawn as far as possible.
    ax
        Axes to draw into; by default a new figure shaped like the board, with a legend.
    ids
        Show region ids in rounded labels.
    adjacency
        Draw a line between the labels of every two bordering regions (R-CONQ-6).
    highlight
        Outline the ``"edge"``, ``"first_conquest"`` or ``"coastal"`` regions (R-COMP-6).
    problems
        :class:`~swlab.board.validate.Problem` list; each one's ``where`` is hatched red.
    """
    key = _normalise_highlight(highlight)
    handles, labels = _legend_entries(board, key, adjacency, problems)
    own = ax is None
    if ax is None:
        figure, ax, ncol = _new_figure(board, len(labels))
    else:
        parent = ax.get_figure(root=True)
        assert isinstance(parent, Figure)
        figure = parent
        ncol = _legend_columns(ax.get_window_extent().width / figure.dpi, 1.3)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if not board.outline.is_empty:
        minx, miny, maxx, maxy = board.outline.bounds
        pad = 0.004 * max(maxx - minx, maxy - miny)
        ax.set_xlim(minx - pad, maxx + pad)
        ax.set_ylim(miny - pad, maxy + pad)

    _draw_terrain(board, ax)
    anchors = {r.id: label_point(r.polygon)[0] for r in board if not r.polygon.is_empty}
    if adjacency:
        _draw_adjacency(board, ax, anchors)
    if key is not None:
        _draw_highlight(board, ax, _highlighted(board, key))
    if problems:
        _draw_problems(board, ax, problems)
    _draw_labels_and_glyphs(board, ax, anchors, _scale(board, _points_per_unit(board, ax)), ids)

    title = _("{board} · {players} · {turns}").format(
        board=board.name,
        players=game_words.players(board.players),
        turns=game_words.rounds(board.turns),
    )
    style: dict[str, Any] = {
        "frameon": False,
        "handler_map": {_GlyphKey: _GlyphHandler()},
        "handlelength": 1.6,
        "handleheight": 1.3,
    }
    if own:
        top = 1 - 0.12 / figure.get_figheight()
        figure.text(0.5, top, title, ha="center", va="top", fontsize=14)
        figure.legend(
            handles,
            labels,
            loc="lower center",
            ncol=ncol,
            fontsize=9.5,
            columnspacing=1.2,
            borderaxespad=0.3,
            **style,
        )
    else:
        ax.set_title(title, fontsize=12)
        ax.legend(
            handles,
            labels,
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            ncol=min(ncol, max(1, len(labels))),
            fontsize=8,
            **style,
        )
    return figure


def _draw_terrain(board: Board, ax: Axes) -> None:
    """Terrain fills with thin dark borders, and the board's outline on top."""
    for region in board:
        path = _geometry_path(region.polygon)
        if path is None:
            continue
        ax.add_patch(
            PathPatch(
                path,
                facecolor=TERRAIN_COLOURS.get(region.terrain, UNKNOWN_TERRAIN_COLOUR),
                edgecolor=BORDER_COLOUR,
                linewidth=0.7,
                joinstyle="round",
                zorder=_Z_FILL,
            )
        )
    outline = _geometry_path(board.outline)
    if outline is not None:
        ax.add_patch(
            PathPatch(outline, fill=False, edgecolor="#111111", linewidth=2.2, zorder=_Z_OUTLINE)
        )


def _draw_labels_and_glyphs(
    board: Board, ax: Axes, anchors: dict[int, Point], scale: _Scale, ids: bool
) -> None:
    """Each region's id label at its anchor, and its glyphs around the label."""
    for region in board:
        if region.id not in anchors:
            continue
        centre = anchors[region.id]
        kinds = _region_glyphs(region)
        spots = _glyph_centres(usable(region.polygon), centre, len(kinds), scale, ids)
        for kind, (x, y) in zip(kinds, spots, strict=True):
            for artist in _glyph_artists(kind, x, y, scale.glyph, ax.transData):
                artist.set_zorder(_Z_GLYPH)
                ax.add_artist(artist)
        if ids:
            ax.text(
                centre.x,
                centre.y,
                str(region.id),
                ha="center",
                va="center",
                fontsize=scale.font,
                fontweight="bold",
                color="#111111",
                zorder=_Z_LABEL,
                bbox={
                    "boxstyle": "round,pad=0.28,rounding_size=0.6",
                    "facecolor": "white",
                    "edgecolor": "#333333",
                    "linewidth": 0.6,
                    "alpha": 0.92,
                },
            )


def _draw_adjacency(board: Board, ax: Axes, anchors: dict[int, Point]) -> None:
    """One line per border between the two labels: the board as the graph the rules use."""
    for a, b in sorted(board.topology.borders):
        if a in anchors and b in anchors:
            pa, pb = anchors[a], anchors[b]
            ax.add_line(
                Line2D(
                    [pa.x, pb.x],
                    [pa.y, pb.y],
                    color=ADJACENCY_COLOUR,
                    linewidth=1.3,
                    alpha=0.65,
                    solid_capstyle="round",
                    zorder=_Z_LINKS,
                )
            )


def _draw_highlight(board: Board, ax: Axes, chosen: Iterable[int]) -> None:
    """A thick stroke drawn *inside* each chosen region (clipped to it), so that two
    highlighted neighbours stay two outlines and an unlit neighbour is not touched."""
    for region_id in sorted(chosen):
        if region_id not in board:
            continue
        path = _geometry_path(board[region_id].polygon)
        if path is None:
            continue
        clip = PathPatch(path, transform=ax.transData, facecolor="none", edgecolor="none")
        stroke = PathPatch(
            path,
            fill=False,
            edgecolor=HIGHLIGHT_COLOUR,
            linewidth=7.0,
            joinstyle="round",
            zorder=_Z_HIGHLIGHT,
        )
        ax.add_patch(stroke)
        stroke.set_clip_path(clip)


def _draw_problems(board: Board, ax: Axes, problems: Sequence[Problem]) -> None:
    """Each problem's ``where`` in red: areas hatched, lines thick, points ringed.

    A problem without a place outlines its regions instead, so nothing reported is
    invisible on the picture.
    """
    for problem in problems:
        where = problem.where
        if where is None or where.is_empty:
            shapes = [board[i].polygon for i in problem.regions if i in board]
            if not shapes:
                continue
            where = shapely.union_all(shapes).boundary
        _draw_problem_geometry(ax, where)


def _draw_problem_geometry(ax: Axes, where: BaseGeometry) -> None:
    for part in shapely.get_parts(where).tolist():
        kind = part.geom_type
        if kind in ("MultiPolygon", "GeometryCollection", "MultiLineString", "MultiPoint"):
            _draw_problem_geometry(ax, part)
        elif kind == "Polygon":
            path = _geometry_path(part)
            if path is not None:
                ax.add_patch(
                    PathPatch(
                        path,
                        facecolor=(0.84, 0.15, 0.16, 0.18),
                        edgecolor=PROBLEM_COLOUR,
                        hatch="///",
                        linewidth=2.0,
                        zorder=_Z_PROBLEM,
                    )
                )
        elif kind in ("LineString", "LinearRing"):
            xy = np.asarray(part.coords)
            ax.add_line(
                Line2D(xy[:, 0], xy[:, 1], color=PROBLEM_COLOUR, linewidth=3.0, zorder=_Z_PROBLEM)
            )
        elif kind == "Point":
            ax.add_line(
                Line2D(
                    [part.x],
                    [part.y],
                    marker="o",
                    markersize=16,
                    markerfacecolor="none",
                    markeredgecolor=PROBLEM_COLOUR,
                    markeredgewidth=3.0,
                    linestyle="none",
                    zorder=_Z_PROBLEM,
                )
            )


def _legend_entries(
    board: Board, key: str | None, adjacency: bool, problems: Sequence[Problem] | None
) -> tuple[list[Any], list[str]]:
    """Handles and labels for what is on this board only, so the key stays compact."""
    terrains = [t for t in TERRAINS if any(r.terrain == t for r in board)]
    unknown = any(r.terrain not in TERRAIN_COLOURS for r in board)
    present = {kind for r in board for kind in _region_glyphs(r)}
    glyph_kinds = [k for k in GLYPHS if k in present]
    if present - set(GLYPHS):
        glyph_kinds.append("unknown")
    handles: list[Any] = []
    labels: list[str] = []
    for terrain in terrains:
        handles.append(Patch(facecolor=TERRAIN_COLOURS[terrain], edgecolor=BORDER_COLOUR, lw=0.7))
        labels.append(capital(terrain_name(terrain)))
    if unknown:
        handles.append(Patch(facecolor=UNKNOWN_TERRAIN_COLOUR, edgecolor=BORDER_COLOUR, lw=0.7))
        labels.append(pgettext("legend", "unknown terrain"))
    for kind in glyph_kinds:
        handles.append(_GlyphKey(kind))
        labels.append(pgettext("legend", _GLYPH_LABELS.get(kind, NC_("legend", "unknown symbol"))))
    if key is not None:
        count = len(_highlighted(board, key))
        handles.append(Patch(fill=False, edgecolor=HIGHLIGHT_COLOUR, lw=3.0))
        labels.append(f"{pgettext('legend', _HIGHLIGHT_LABELS[key])} ({count})")
    if adjacency:
        handles.append(Line2D([], [], color=ADJACENCY_COLOUR, lw=1.3, alpha=0.65))
        labels.append(_("border ({count})").format(count=len(board.topology.borders)))
    if problems:
        handles.append(
            Patch(facecolor=(0.84, 0.15, 0.16, 0.18), edgecolor=PROBLEM_COLOUR, hatch="///", lw=1.5)
        )
        labels.append(_("problem ({count})").format(count=len(problems)))
    return handles, labels


# --- files ---------------------------------------------------------------------------------
def _svg_rc() -> AbstractContextManager[None]:
    """Settings for SVG output: text kept as ``<text>`` (small, searchable, selectable),
    a fixed hash salt and no date, so the same board gives byte-identical SVG."""
    return matplotlib.rc_context(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "swlab",
            "hatch.linewidth": 1.2,
            # the font stack written into every <text>: what renders here, then common ones
            "font.sans-serif": ["DejaVu Sans", "Arial", "Helvetica"],
        }
    )


def board_svg(
    board: Board,
    *,
    ids: bool = True,
    adjacency: bool = False,
    highlight: Highlight | str | None = None,
    problems: Sequence[Problem] | None = None,
) -> str:
    """The picture of :func:`draw_board` as SVG text (what notebooks show for a board)."""
    with _svg_rc():
        figure = draw_board(
            board, ids=ids, adjacency=adjacency, highlight=highlight, problems=problems
        )
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def save_board_picture(
    board: Board,
    path: str | os.PathLike[str],
    *,
    ids: bool = True,
    adjacency: bool = False,
    highlight: Highlight | str | None = None,
    problems: Sequence[Problem] | None = None,
) -> None:
    """Write the picture to ``path`` as SVG or PNG (from the suffix), atomically.

    Raises
    ------
    ValueError
        If the suffix is neither ``.svg`` nor ``.png``.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    options: dict[str, Any] = {
        "ids": ids,
        "adjacency": adjacency,
        "highlight": highlight,
        "problems": problems,
    }
    if suffix == ".svg":
        atomic_write_text(target, board_svg(board, **options))
    elif suffix == ".png":
        _atomic_write_png(target, draw_board(board, **options))
    else:
        raise ValueError(f"{target}: cannot tell the picture format; use .svg or .png")


def _atomic_write_png(target: Path, figure: Figure) -> None:
    """Render ``figure`` with Agg beside ``target`` and rename it over, never half a file."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    with atomic_open(target, "wb") as handle:
        figure.savefig(handle, format="png", dpi=PNG_DPI, metadata={"Software": None})

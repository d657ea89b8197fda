"""Pictures of hex maps in the printed board's colours, with the adjacency overlays.

The same conventions as :mod:`swlab.board.render` (a ``Figure`` only, never ``pyplot``;
byte-stable SVG; atomic files). Terrain spaces carry their label (``A1``...); overlays:
bridge slots (a dashed line across the river between the two spaces), what a space reaches
(direct neighbours ringed solid, indirect ones by shipping or tunnelling ringed dashed),
land masses (one outline colour each) and problems (hatched red).
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.patches import Polygon as MplPolygon

from swlab.board.hexmap.adjacency import bridge_slots, labels, land_masses, reach
from swlab.board.hexmap.terrain import INK, TERRAIN_COLOURS, TM_TERRAINS
from swlab.board.model import Board
from swlab.board.render import _atomic_write_png, _svg_rc
from swlab.i18n import _
from swlab.safe_io import atomic_write_text

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from swlab.board.validate import Problem

__all__ = ["MASS_COLOURS", "REACH_COLOUR", "draw_hex_board", "hex_svg", "save_hex_picture"]

#: The ring of a reached space; direct neighbours solid, indirect ones dashed.
REACH_COLOUR = "#FF00B4"
#: The space a reach is drawn from.
ORIGIN_COLOUR = "#FFFFFF"
#: Bridge slots.
BRIDGE_COLOUR = "#7A3B00"
#: Land mass outlines, by rank (largest first); cycles beyond the list.
MASS_COLOURS = ("#FF7F0E", "#17BECF", "#E377C2", "#BCBD22", "#9467BD", "#8C564B")
PROBLEM_COLOUR = "#D62728"
UNKNOWN_COLOUR = "#D9D9D9"


def _ring(ax: Axes, board: Board, rid: int, **style: Any) -> None:
    coords = list(board[rid].polygon.exterior.coords)
    ax.add_patch(MplPolygon(coords, closed=True, fill=False, **style))


def draw_hex_board(
    board: Board,
    ax: Axes | None = None,
    *,
    show_labels: bool = True,
    bridges: bool = False,
    reach_from: int | None = None,
    shipping: int = 1,
    tunnelling: int = 0,
    masses: bool = False,
    problems: Sequence[Problem] | None = None,
) -> Figure:
    """Draw hex board ``board`` and return the figure.

    ``bridges`` draws the bridge slots; ``reach_from`` (a space id) rings what a faction
    there borders at ``shipping`` (and ``tunnelling``); ``masses`` outlines each land mass;
    ``problems`` (from :func:`swlab.board.hexmap.check`) are hatched.
    """
    if ax is None:
        minx, miny, maxx, maxy = board.outline.bounds
        width = 11.0
        figure = Figure(figsize=(width, width * (maxy - miny) / (maxx - minx) + 0.9))
        ax = figure.add_axes((0.01, 0.08, 0.98, 0.86))
    else:
        parent = ax.get_figure(root=True)
        assert isinstance(parent, Figure)
        figure = parent
    ax.set_aspect("equal")
    ax.set_axis_off()
    names = labels(board)
    for region in board:
        ax.add_patch(
            MplPolygon(
                list(region.polygon.exterior.coords),
                closed=True,
                facecolor=TERRAIN_COLOURS.get(region.terrain, UNKNOWN_COLOUR),
                edgecolor="#333333",
                linewidth=0.8,
                zorder=1,
            )
        )
        if show_labels and region.id in names:
            c = region.polygon.centroid
            ax.text(
                c.x,
                c.y,
                names[region.id],
                ha="center",
                va="center",
                fontsize=8,
                color=INK.get(region.terrain, "#000000"),
                zorder=5,
            )
    handles: list[Any] = [
        Patch(facecolor=TERRAIN_COLOURS[t], edgecolor="#333333", label=t.capitalize())
        for t in TM_TERRAINS
    ]
    if masses:
        for k, mass in enumerate(land_masses(board)):
            colour = MASS_COLOURS[k % len(MASS_COLOURS)]
            for rid in mass:
                _ring(ax, board, rid, edgecolor=colour, linewidth=2.6, zorder=2)
            handles.append(
                Line2D(
                    [],
                    [],
                    color=colour,
                    linewidth=2.6,
                    label=_("land mass {number}").format(number=k + 1),
                )
            )
    if bridges:
        for slot in bridge_slots(board):
            a, b = board[slot.a].polygon.centroid, board[slot.b].polygon.centroid
            # the middle of the span: across the river, clear of both labels
            xs = [a.x + (b.x - a.x) * t for t in (0.28, 0.72)]
            ys = [a.y + (b.y - a.y) * t for t in (0.28, 0.72)]
            ax.plot(
                xs,
                ys,
                color=BRIDGE_COLOUR,
                linewidth=2.4,
                linestyle=(0, (2, 1.5)),
                solid_capstyle="round",
                zorder=4,
            )
        handles.append(
            Line2D(
                [],
                [],
                color=BRIDGE_COLOUR,
                linewidth=2.4,
                linestyle=(0, (2, 1.5)),
                label=_("bridge slot"),
            )
        )
    if reach_from is not None:
        found = reach(board, reach_from, shipping=shipping, tunnelling=tunnelling)
        _ring(ax, board, reach_from, edgecolor=ORIGIN_COLOUR, linewidth=3.5, zorder=3)
        for rid in found["direct"]:
            _ring(ax, board, rid, edgecolor=REACH_COLOUR, linewidth=3.0, zorder=3)
        for rid in found["shipping"] | found["tunnelling"]:
            _ring(ax, board, rid, edgecolor=REACH_COLOUR, linewidth=2.2, linestyle="--", zorder=3)
        handles.append(Line2D([], [], color=REACH_COLOUR, linewidth=3.0, label=_("direct")))
        handles.append(
            Line2D(
                [],
                [],
                color=REACH_COLOUR,
                linewidth=2.2,
                linestyle="--",
                label=_("indirect (shipping {level})").format(level=shipping),
            )
        )
    for problem in problems or ():
        for rid in problem.regions:
            if rid in board:
                coords = list(board[rid].polygon.exterior.coords)
                ax.add_patch(
                    MplPolygon(
                        coords,
                        closed=True,
                        fill=False,
                        hatch="///",
                        edgecolor=PROBLEM_COLOUR,
                        linewidth=1.5,
                        zorder=4,
                    )
                )
    if problems:
        handles.append(Patch(fill=False, hatch="///", edgecolor=PROBLEM_COLOUR, label=_("problem")))
    ax.autoscale_view()
    ax.set_title(board.name, fontsize=13)
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=min(len(handles), 8),
        fontsize=8.5,
        frameon=False,
    )
    return figure


def hex_svg(board: Board, **options: Any) -> str:
    """:func:`draw_hex_board` as SVG text (what a notebook shows for a hex board)."""
    with _svg_rc():
        figure = draw_hex_board(board, **options)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def save_hex_picture(board: Board, path: str | os.PathLike[str], **options: Any) -> None:
    """Write the picture to ``path`` as SVG or PNG (from the suffix), atomically."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        atomic_write_text(target, hex_svg(board, **options))
    elif suffix == ".png":
        _atomic_write_png(target, draw_hex_board(board, **options))
    else:
        raise ValueError(f"{target}: cannot tell the picture format; use .svg or .png")

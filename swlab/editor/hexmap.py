"""The map editor for Terra Mystica hex maps: paint hexes, see what a space reaches, save.

The logic is pure and tested without a browser: a :class:`HexDraft` is an immutable layout
with its undo and redo history (as :class:`swlab.editor.draft.Draft` keeps one for region
maps), :func:`paint` returns a new draft, and the ``*_features`` functions turn a board
into the GeoJSON the map shows. :class:`HexMapEditor` only wires clicks and buttons to
them: in **paint** mode a click gives the hex the chosen terrain (or makes it river); in
**reach** mode a click shows what a faction there borders at shipping 1 to 5 (direct
neighbours ringed solid, indirect ones dashed). Overlays: bridge slots, land masses and the
problems of :func:`swlab.board.hexmap.check` (each listed with its fix).

>>> from swlab.editor.hexmap import HexMapEditor                      # doctest: +SKIP
>>> HexMapEditor("terra_mystica_base")                                # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, mapping

from swlab.board.hexmap import (
    TERRAIN_COLOURS,
    TM_TERRAINS,
    HexLayout,
    board_layout,
    bridge_slots,
    is_hex_board,
    is_warning,
    labels,
    land_masses,
    layout_board,
    reach,
    space_name,
)
from swlab.board.hexmap.adjacency import MAX_SHIPPING
from swlab.board.hexmap.render import BRIDGE_COLOUR, MASS_COLOURS, PROBLEM_COLOUR, REACH_COLOUR
from swlab.board.hexmap.terrain import terrain_word
from swlab.board.model import Board
from swlab.board.validate import Problem
from swlab.i18n import _

if TYPE_CHECKING:
    from swlab.editor.hexwidget import HexMapEditor

__all__ = [
    "HexDraft",
    "HexEditError",
    "HexMapEditor",
    "bridge_features",
    "hex_features",
    "mass_features",
    "paint",
    "problem_features",
    "reach_features",
]

#: How many edits undo remembers.
HISTORY = 200
#: Shipping values the reach overlay offers: 1 up to the largest any faction reaches
#: (:data:`~swlab.board.hexmap.adjacency.MAX_SHIPPING`, as the rulebook and ``reach`` allow).
SHIPPING_CHOICES = tuple(range(1, MAX_SHIPPING + 1))


class HexEditError(ValueError):
    """An edit the draft refuses (an unknown terrain, a space off the map, nothing to undo)."""


@dataclass(frozen=True)
class HexDraft:
    """A hex map being edited: its layout, name, and the layouts undo and redo go back to."""

    layout: HexLayout
    name: str
    past: tuple[HexLayout, ...] = ()
    future: tuple[HexLayout, ...] = ()
    note: str = ""
    _board: list[Board] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def of(cls, board: Board) -> HexDraft:
        """The draft of a hex board (its layout read from the polygons)."""
        if not is_hex_board(board):
            raise HexEditError(
                _("{board} is not a Terra Mystica map (its profile)").format(board=board.name)
            )
        return cls(board_layout(board), board.name)

    @property
    def board(self) -> Board:
        """The board of the layout, built once per draft."""
        if not self._board:
            self._board.append(layout_board(self.layout, self.name))
        return self._board[0]

    def _with(self, layout: HexLayout, note: str) -> HexDraft:
        past = (*self.past, self.layout)[-HISTORY:]
        return HexDraft(layout, self.name, past, (), note)

    def undo(self) -> HexDraft:
        """The draft before the last edit."""
        if not self.past:
            raise HexEditError(_("nothing to undo"))
        return HexDraft(
            self.past[-1], self.name, self.past[:-1], (self.layout, *self.future), _("undone")
        )

    def redo(self) -> HexDraft:
        """The edit undo took back."""
        if not self.future:
            raise HexEditError(_("nothing to redo"))
        return HexDraft(
            self.future[0], self.name, (*self.past, self.layout), self.future[1:], _("redone")
        )

    def renamed(self, name: str) -> HexDraft:
        """The same draft under another board name (not an edit: history is kept)."""
        return replace(self, name=name, _board=[])


def paint(draft: HexDraft, space: int, terrain: str) -> HexDraft:
    """``draft`` with space ``space`` (a region id) of ``terrain`` (a word of
    :data:`~swlab.board.hexmap.TM_TERRAINS`, ``"river"`` to make it river)."""
    if terrain not in TM_TERRAINS:
        raise HexEditError(
            _("{terrain} is not a Terra Mystica terrain").format(terrain=repr(terrain))
        )
    board = draft.board
    if space not in board:
        raise HexEditError(
            _("there is no space {space} on {board}").format(space=space, board=board.name)
        )
    before = space_name(board, space)
    if board[space].terrain == terrain:
        raise HexEditError(
            _("{space} is {terrain} already").format(space=before, terrain=terrain_word(terrain))
        )
    r, c = _position(board, space)
    new = draft._with(
        draft.layout.replace(r, c, terrain),
        _("{space}: {terrain}").format(space=before, terrain=terrain_word(terrain)),
    )
    after = space_name(new.board, space)
    note = (
        _("{space} is now {terrain} ({label})").format(
            space=before, terrain=terrain_word(terrain), label=after
        )
        if after != before
        else _("{space} is now {terrain}").format(space=before, terrain=terrain_word(terrain))
    )
    return replace(new, note=note)


def _position(board: Board, space: int) -> tuple[int, int]:
    from swlab.board.hexmap.layout import placement

    return placement(board).position[space]


# --- what the map shows ----------------------------------------------------------------
def _feature(geometry: Any, style: dict[str, Any], **props: Any) -> dict[str, Any]:
    shape = mapping(geometry)
    if shape["type"] == "LineString":
        coords: Any = [list(p) for p in shape["coordinates"]]
    else:
        coords = [[list(p) for p in ring] for ring in shape["coordinates"]]
    return {
        "type": "Feature",
        "geometry": {"type": shape["type"], "coordinates": coords},
        "properties": {**props, "style": style},
    }


def feature_collection(features: Iterable[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": list(features)}


def hex_features(board: Board) -> dict[str, Any]:
    """Every space filled with its terrain colour; classes ``swlab-hex swlab-hex-<id>
    swlab-terrain-<terrain>``; properties ``region``, ``terrain`` and ``label``."""
    names = labels(board)
    features = []
    for r in board.regions:
        style = {
            "fillColor": TERRAIN_COLOURS.get(r.terrain, "#D9D9D9"),
            "fillOpacity": 0.95,
            "color": "#333333",
            "weight": 1,
            "className": f"swlab-hex swlab-hex-{r.id} swlab-terrain-{r.terrain}",
        }
        feature = _feature(
            r.polygon, style, region=r.id, terrain=r.terrain, label=names.get(r.id, "")
        )
        feature["id"] = r.id
        features.append(feature)
    return feature_collection(features)


def bridge_features(board: Board) -> dict[str, Any]:
    """Each bridge slot as a dashed line across the river (class ``swlab-bridge-A-B``)."""
    features = []
    for slot in bridge_slots(board):
        a, b = board[slot.a].polygon.centroid, board[slot.b].polygon.centroid
        line = LineString([(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) for t in (0.25, 0.75)])
        style = {
            "color": BRIDGE_COLOUR,
            "weight": 4,
            "dashArray": "6 4",
            "className": f"swlab-bridge swlab-bridge-{slot.a}-{slot.b}",
        }
        features.append(_feature(line, style, a=slot.a, b=slot.b))
    return feature_collection(features)


def reach_features(board: Board, space: int, shipping: int) -> dict[str, Any]:
    """The space (white ring), its direct neighbours (solid ring, class ``swlab-direct``)
    and what it reaches by shipping (dashed ring, class ``swlab-indirect``)."""
    found = reach(board, space, shipping=shipping)
    rings = [(space, "swlab-origin", {"color": "#FFFFFF", "weight": 5})]
    rings += [(r, "swlab-direct", {"color": REACH_COLOUR, "weight": 5}) for r in found["direct"]]
    rings += [
        (r, "swlab-indirect", {"color": REACH_COLOUR, "weight": 4, "dashArray": "5 5"})
        for r in found["shipping"]
    ]
    return feature_collection(
        _feature(
            board[rid].polygon,
            {**style, "fill": False, "className": f"{kind} swlab-reach-{rid}"},
            region=rid,
        )
        for rid, kind, style in sorted(rings)
    )


def mass_features(board: Board) -> dict[str, Any]:
    """Each land mass outlined in its own colour (class ``swlab-mass-<k>``, 1 the largest)."""
    features = []
    for k, mass in enumerate(land_masses(board), 1):
        colour = MASS_COLOURS[(k - 1) % len(MASS_COLOURS)]
        for rid in sorted(mass):
            style = {"color": colour, "weight": 4, "fill": False, "className": f"swlab-mass-{k}"}
            features.append(_feature(board[rid].polygon, style, region=rid, mass=k))
    return feature_collection(features)


def problem_features(board: Board, problems: Sequence[Problem]) -> dict[str, Any]:
    """The spaces each problem names, outlined red (class ``swlab-problem-<kind>``): an
    error solid and lightly tinted, a warning dashed only, so the terrain stays readable."""
    features = []
    for problem in problems:
        warning = is_warning(problem)
        for rid in problem.regions:
            if rid in board:
                style = {
                    "color": PROBLEM_COLOUR,
                    "weight": 2 if warning else 4,
                    "dashArray": "3 4" if warning else None,
                    "fill": not warning,
                    "fillColor": PROBLEM_COLOUR,
                    "fillOpacity": 0.3,
                    "className": f"swlab-problem swlab-problem-{problem.kind.value}",
                }
                features.append(_feature(board[rid].polygon, style, region=rid))
    return feature_collection(features)


def as_hex_draft(
    source: HexDraft | Board | str | os.PathLike[str] | Mapping[str, Any] | None,
) -> HexDraft:
    if isinstance(source, HexDraft):
        return source
    if isinstance(source, Board):
        return HexDraft.of(source)
    from swlab.board.catalog import load_board

    return HexDraft.of(load_board(source or "terra_mystica_base", polygons=True))


def __getattr__(name: str) -> Any:
    if name == "HexMapEditor":  # the widget imports ipywidgets: on first use only
        from swlab.editor.hexwidget import HexMapEditor

        return HexMapEditor
    raise AttributeError(f"module 'swlab.editor.hexmap' has no attribute {name!r}")

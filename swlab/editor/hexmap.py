"""The map editor for Terra Mystica hex maps: paint hexes, see what a space reaches, save.

The logic is pure and tested without a browser: a :class:`HexDraft` is an immutable layout
with its undo and redo history (as :class:`swlab.editor.draft.Draft` keeps one for region
maps), :func:`paint` returns a new draft, and the ``*_features`` functions turn a board
into the GeoJSON the map shows. :class:`HexMapEditor` only wires clicks and buttons to
them: in **paint** mode a click gives the hex the chosen terrain (or makes it river); in
**reach** mode a click shows what a faction there borders at shipping 1, 2 or 3 (direct
neighbours ringed solid, indirect ones dashed). Overlays: bridge slots, land masses and the
problems of :func:`swlab.board.hexmap.check` (each listed with its fix).

>>> from swlab.editor.hexmap import HexMapEditor                      # doctest: +SKIP
>>> HexMapEditor("terra_mystica_base")                                # doctest: +SKIP
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from shapely.geometry import LineString, mapping

from swlab import i18n
from swlab.board.hexmap import (
    RIVER,
    TERRAIN_COLOURS,
    TM_TERRAINS,
    HexLayout,
    board_layout,
    bridge_slots,
    check,
    errors,
    is_hex_board,
    is_warning,
    labels,
    land_masses,
    layout_board,
    reach,
    space_name,
)
from swlab.board.hexmap.render import BRIDGE_COLOUR, MASS_COLOURS, PROBLEM_COLOUR, REACH_COLOUR
from swlab.board.hexmap.terrain import INK, terrain_word
from swlab.board.model import Board
from swlab.board.validate import Problem
from swlab.i18n import N_, _

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
#: Shipping values the reach overlay offers (the ordinary factions' range).
SHIPPING_CHOICES = (1, 2, 3)


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


def _collection(features: Iterable[dict[str, Any]]) -> dict[str, Any]:
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
    return _collection(features)


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
    return _collection(features)


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
    return _collection(
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
    return _collection(features)


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
    return _collection(features)


# --- the widget ------------------------------------------------------------------------
#: Overlay toggles: name shown -> key.
OVERLAYS: dict[str, str] = {
    N_("bridge slots"): "bridges",
    N_("land masses"): "masses",
    N_("problems"): "problems",
}

CSS = """<style>
.swlab-hexmap-map .leaflet-div-icon { background: transparent; border: none;
  pointer-events: none !important; }
.swlab-hexmap-map.leaflet-container { background: #f7f7f2; }
</style>"""


class HexMapEditor:
    """Edit a Terra Mystica map: paint hexes, show reach and overlays, undo, save.

    Parameters
    ----------
    source
        A :class:`HexDraft`, a hex :class:`Board`, or a shipped name or path of one
        (default the base map).
    width
        Map width in pixels.
    workspace, file_boxes
        Where "save" writes (see :class:`swlab.editor.MapEditor`).
    language
        The language of the panel (default: the one in effect); the editor's own, as for
        :class:`swlab.editor.MapEditor`.
    """

    def __init__(self, *args: Any, language: str | None = None, **kwargs: Any) -> None:
        self.language = i18n.language(language)
        with i18n.using(self.language):
            self._setup(*args, **kwargs)

    def _speak(self, fn: Any) -> Any:
        """``fn`` run in this editor's language."""
        return i18n.speaking(self, fn)

    def _setup(
        self,
        source: HexDraft | Board | str | os.PathLike[str] | None = None,
        *,
        width: int = 760,
        workspace: Any = None,
        file_boxes: bool | None = None,
    ) -> None:
        import ipywidgets as widgets  # type: ignore[import-untyped]
        from ipyleaflet import GeoJSON, LayerGroup, Map, projections  # type: ignore[import-untyped]

        from swlab.workspace import FileBox, Workspace

        self.draft = _as_draft(source)
        self.mode = "paint"  # or "reach"
        self.brush = RIVER
        self.reach_from: int | None = None
        self.problems: list[Problem] = []
        self._shown: Board | None = None  # the board the layers were last drawn for
        self.width = width
        self._widgets = widgets

        self.layer = GeoJSON(data=_collection([]), hover_style={"fillOpacity": 0.7})
        self.layer.on_click(self._speak(self._on_click))
        self.overlay_layers = {
            key: GeoJSON(data=_collection([])) for key in (*OVERLAYS.values(), "reach")
        }
        for overlay in self.overlay_layers.values():  # a click on an overlay is on its hex
            overlay.on_click(self._speak(self._on_click))
        self.label_layer = LayerGroup()
        self.map = Map(
            crs=projections.Simple,
            layers=(self.layer, *self.overlay_layers.values(), self.label_layer),
            attribution_control=False,
            panes={"swlab-hexmap-labels": {"zIndex": "650", "pointerEvents": "none"}},
            scroll_wheel_zoom=True,
            zoom_snap=0.125,
            layout=widgets.Layout(width=f"{width}px", height="400px"),
        )
        self.map.add_class("swlab-hexmap-map")

        self.style = widgets.HTML(CSS)
        self.message = widgets.HTML()
        self.status = widgets.HTML()
        self.problem_box = widgets.HTML()
        self.brushes: dict[str, Any] = {}
        for terrain in TM_TERRAINS:
            b = widgets.Button(
                description=terrain_word(terrain),
                layout=widgets.Layout(width="auto"),
                style={"button_color": TERRAIN_COLOURS[terrain], "text_color": INK[terrain]},
            )
            b.add_class(f"swlab-brush-{terrain}")
            b.on_click(self._speak(lambda _b, t=terrain: self.choose_brush(t)))
            self.brushes[terrain] = b
        self.reach_button = widgets.Button(description=_("reach"), tooltip=_("Click a space"))
        self.reach_button.add_class("swlab-hexmap-reach")
        self.reach_button.on_click(self._speak(lambda _b: self.choose_reach()))
        self.shipping = widgets.ToggleButtons(
            options=list(SHIPPING_CHOICES), description=_("shipping")
        )
        self.shipping.style.button_width = "36px"
        self.shipping.observe(lambda _c: self.refresh(), "value")
        self.toggles = {
            key: widgets.ToggleButton(description=_(name), value=key == "problems")
            for name, key in OVERLAYS.items()
        }
        for key, toggle in self.toggles.items():
            toggle.add_class(f"swlab-hexmap-toggle-{key}")
            toggle.observe(lambda _c: self.refresh(), "value")
        self.buttons: dict[str, Any] = {}
        for name, handler in (
            (N_("undo"), self.undo),
            (N_("redo"), self.redo),
            (N_("save"), self.save),
        ):
            b = widgets.Button(description=_(name), layout=widgets.Layout(width="auto"))
            b.add_class(f"swlab-hexmap-{name}")
            b.on_click(self._speak(lambda _b, h=handler: h()))
            self.buttons[name] = b
        self.path = widgets.Text(value=f"{self.draft.name}.geojson", description=_("file"))
        self.files = FileBox(
            workspace
            if isinstance(workspace, Workspace)
            else Workspace(workspace, enabled=file_boxes)
        )

        row = widgets.HBox
        self.confirm_row = row([])
        for name, handler in ((N_("replace"), self.replace_file), (N_("keep"), self.keep_file)):
            b = widgets.Button(description=_(name), layout=widgets.Layout(width="auto"))
            b.add_class(f"swlab-hexmap-{name}")
            b.on_click(self._speak(lambda _b, h=handler: h()))
            self.buttons[name] = b
        self.confirm_row.children = (self.buttons["replace"], self.buttons["keep"])
        self.confirm_row.layout.display = "none"
        self.panel = widgets.VBox(
            [
                self.status,
                self.message,
                _heading(N_("Paint"), N_("(click a hex)")),
                row(list(self.brushes.values()), layout=widgets.Layout(flex_flow="row wrap")),
                _heading(N_("Reach"), N_("(click a space)")),
                row([self.reach_button, self.shipping]),
                _heading(N_("Overlays")),
                row(list(self.toggles.values())),
                row([self.buttons["undo"], self.buttons["redo"]]),
                row([self.path, self.buttons["save"]]),
                self.confirm_row,
                _heading(N_("Problems")),
                self.problem_box,
            ],
            layout=widgets.Layout(width="460px"),
        )
        self.widget = widgets.VBox(
            [self.style, row([self.map, self.panel], layout=widgets.Layout(flex_flow="row wrap"))]
        )
        self.widget.add_class("swlab-hexmap-editor")
        self._fit()
        self.refresh()

    # --- display ----------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def __repr__(self) -> str:
        return f"<HexMapEditor {self.draft.name!r}: {len(self.board)} spaces>"

    @property
    def board(self) -> Board:
        """The board being edited."""
        return self.draft.board

    def _fit(self) -> None:
        from swlab.play.style import fit_view

        minx, miny, maxx, maxy = self.board.outline.bounds
        height = round(self.width * (maxy - miny) / (maxx - minx)) + 24
        view = fit_view((minx, miny, maxx, maxy), self.width, height, snap=0.125)
        self.map.layout.height = f"{height}px"
        self.map.center = list(view.center)
        self.map.zoom = view.zoom
        self.map.min_zoom = view.min_zoom
        self.map.max_zoom = view.max_zoom

    # --- actions (each callable from code as from a click) ------------------------------
    @i18n.in_own_language
    def choose_brush(self, terrain: str) -> None:
        """Paint mode with ``terrain`` (``"river"`` makes hexes river)."""
        self.mode, self.brush = "paint", terrain
        self._say(_("Click a hex to make it {terrain}.").format(terrain=terrain_word(terrain)))
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def choose_reach(self) -> None:
        """Reach mode: a click shows what the space borders."""
        self.mode = "reach"
        self._say(_("Click a terrain space to see its direct and indirect neighbours."))
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def click(self, space: int) -> None:
        """What a click on ``space`` does in the current mode."""
        if self.mode == "reach":
            if self.board[space].terrain == RIVER:
                self._say(_("A river space has no buildings: click a terrain space."), True)
            else:
                self.reach_from = space
                self._say(self._reach_text(space))
            self.refresh(keep_message=True)
            return
        self._apply(lambda d: paint(d, space, self.brush))

    @i18n.in_own_language
    def undo(self) -> None:
        """Take back the last paint."""
        self._apply(HexDraft.undo)

    @i18n.in_own_language
    def redo(self) -> None:
        """Paint again what undo took back."""
        self._apply(HexDraft.redo)

    @i18n.in_own_language
    def save(self) -> None:
        """Save the map as GeoJSON in the workspace (the file box); an existing file waits
        for "replace" or "keep", as in the region-map editor."""
        from swlab.board.io import write_board

        outcome = self.files.save(
            "save", self.path.value, "map", lambda target: write_board(self.board, target)
        )
        self._show_file(outcome)

    @i18n.in_own_language
    def replace_file(self) -> None:
        """Carry out the save waiting for confirmation ("replace")."""
        self._show_file(self.files.confirm())

    @i18n.in_own_language
    def keep_file(self) -> None:
        """Leave the existing file as it is ("keep")."""
        self._show_file(self.files.cancel())

    def _show_file(self, outcome: Any) -> None:
        self.confirm_row.layout.display = "flex" if outcome.confirm else "none"
        self._say(outcome.message, refused=not outcome.ok and not outcome.confirm)
        self.refresh(keep_message=True)

    def saved_path(self) -> Path:
        """Where "save" writes the file named in the file box."""
        return self.files.workspace.resolve(self.path.value, "map", for_writing=True)

    def _apply(self, edit: Any) -> None:
        try:
            self.draft = edit(self.draft)
        except HexEditError as error:
            self._say(str(error), refused=True)
        else:
            self._say(self.draft.note)
        self.refresh(keep_message=True)

    def _reach_text(self, space: int) -> str:
        found = reach(self.board, space, shipping=self.shipping.value)
        names = labels(self.board)

        def listed(ids: Iterable[int]) -> str:
            return ", ".join(sorted((names[r] for r in ids), key=_label_key)) or _("none")

        return _("{space}: direct {direct}; shipping {shipping} adds {more}").format(
            space=names[space],
            direct=listed(found["direct"]),
            shipping=self.shipping.value,
            more=listed(found["shipping"]),
        )

    def _say(self, text: str, refused: bool = False) -> None:
        colour = "#D55E00" if refused else "#333333"
        self.message.value = (
            f"<div class='swlab-hexmap-message{' swlab-refused' if refused else ''}' "
            f"style='border-left:5px solid {colour};padding:2px 8px'>{html.escape(text)}</div>"
        )

    def _on_click(self, **event: Any) -> None:
        props = event.get("properties") or {}
        rid: Any = props.get("region", event.get("id", (event.get("feature") or {}).get("id")))
        try:
            space = int(rid)
        except (TypeError, ValueError):
            return
        if space in self.board:
            self.click(space)

    # --- redraw ---------------------------------------------------------------------
    def refresh(self, keep_message: bool = False) -> None:
        """Give every layer and box new data from the current draft, in the editor's
        language."""
        with i18n.using(self.language):
            self._refresh(keep_message)

    def _refresh(self, keep_message: bool) -> None:
        from ipyleaflet import DivIcon, Marker

        board = self.board
        if not keep_message:
            self.message.value = ""
        fresh = board is not self._shown
        if fresh:  # the board changed: checks, fills and labels again
            self._shown = board
            self.problems = check(board)
            # Leaflet redraws a layer's paths on top of the others: empty the overlays
            # first, so that they are drawn again above the new fills
            for overlay in self.overlay_layers.values():
                overlay.data = _collection([])
            self.layer.data = hex_features(board)
            self.label_layer.layers = tuple(_label_markers(board, Marker, DivIcon))
        on = {key: t.value for key, t in self.toggles.items()}
        empty = _collection([])
        self.overlay_layers["bridges"].data = bridge_features(board) if on["bridges"] else empty
        self.overlay_layers["masses"].data = mass_features(board) if on["masses"] else empty
        self.overlay_layers["problems"].data = (
            problem_features(board, self.problems) if on["problems"] else empty
        )
        if self.reach_from is not None and board[self.reach_from].terrain == RIVER:
            self.reach_from = None
        self.overlay_layers["reach"].data = (
            reach_features(board, self.reach_from, self.shipping.value)
            if self.reach_from is not None
            else empty
        )
        bad = errors(self.problems)
        mode = (
            _("paint: {brush}").format(brush=terrain_word(self.brush))
            if self.mode == "paint"
            else _("reach: click a space")
        )
        summary = _("{spaces} spaces · {problems} problem(s), {warnings} warning(s) · {mode}")
        self.status.value = f"<b>{html.escape(board.name)}</b> · " + html.escape(
            summary.format(
                spaces=len(board),
                problems=len(bad),
                warnings=len(self.problems) - len(bad),
                mode=mode,
            )
        )
        self.problem_box.value = _problem_list(board, self.problems)
        self.buttons["undo"].disabled = not self.draft.past
        self.buttons["redo"].disabled = not self.draft.future


def _label_markers(board: Board, marker: Any, icon: Any) -> list[Any]:
    """A label marker (``A1``...) on every terrain space, dark or light for its fill."""
    markers = []
    for rid, name in labels(board).items():
        c = board[rid].polygon.centroid
        ink = INK.get(board[rid].terrain, "#000000")
        markup = (
            f"<div class='swlab-hexmap-label' style='font:600 11px sans-serif;color:{ink};"
            f"text-align:center'>{name}</div>"
        )
        markers.append(
            marker(
                location=[c.y, c.x],
                icon=icon(html=markup, icon_size=[30, 14], icon_anchor=[15, 7]),
                draggable=False,
                keyboard=False,
                title="",
                pane="swlab-hexmap-labels",
            )
        )
    return markers


def _label_key(name: str) -> tuple[str, int]:
    return name[0], int(name[1:])


def _problem_list(board: Board, problems: Sequence[Problem]) -> str:
    if not problems:
        none = html.escape(_("No problem."))
        return f"<div class='swlab-hexmap-problems'>{none}</div>"
    items = []
    for p in problems[:40]:
        fix = " <i>" + html.escape(_("Fix: {fix}.").format(fix=p.fix)) + "</i>" if p.fix else ""
        items.append(
            f"<li class='swlab-hexmap-problem'><code>{p.kind.value}</code> "
            f"{html.escape(p.message)}.{fix}</li>"
        )
    more = ""
    if len(problems) > 40:
        more = "<li>" + html.escape(_("... and {n} more").format(n=len(problems) - 40)) + "</li>"
    return (
        "<ul class='swlab-hexmap-problems' style='max-height:260px;overflow:auto;"
        f"font-size:12px;padding-left:18px'>{''.join(items)}{more}</ul>"
    )


def _heading(title: str, note: str = "") -> Any:
    """A bold heading of the panel and a note after it, in the language in effect."""
    import ipywidgets as widgets

    after = f" {html.escape(_(note))}" if note else ""
    return widgets.HTML(f"<b>{html.escape(_(title))}</b>{after}")


def _as_draft(
    source: HexDraft | Board | str | os.PathLike[str] | Mapping[str, Any] | None,
) -> HexDraft:
    if isinstance(source, HexDraft):
        return source
    if isinstance(source, Board):
        return HexDraft.of(source)
    from swlab.board.catalog import load_board

    return HexDraft.of(load_board(source or "terra_mystica_base", polygons=True))

"""The Terra Mystica hex-map editor's widget: :mod:`swlab.editor.hexmap`'s pure drafts and
features on an ipyleaflet map, in the frame the region-map editor shares
(:class:`~swlab.editor.shell.EditorShell`).

In **paint** mode a click gives the hex the chosen terrain (or makes it river); in
**reach** mode a click shows what a faction there borders at shipping 1 to 5.

>>> from swlab.editor.hexmap import HexMapEditor                      # doctest: +SKIP
>>> HexMapEditor("terra_mystica_base")                                # doctest: +SKIP
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from swlab import i18n
from swlab.board.hexmap import (
    RIVER,
    TERRAIN_COLOURS,
    TM_TERRAINS,
    check,
    errors,
    labels,
    reach,
)
from swlab.board.hexmap.checks import is_printed, is_warning
from swlab.board.hexmap.terrain import INK, terrain_word
from swlab.board.model import Board
from swlab.board.validate import Problem
from swlab.editor.hexmap import (
    SHIPPING_CHOICES,
    HexDraft,
    HexEditError,
    as_hex_draft,
    bridge_features,
    feature_collection,
    hex_features,
    mass_features,
    paint,
    problem_features,
    reach_features,
)
from swlab.editor.shell import EditorShell, file_box, heading, row
from swlab.i18n import N_, _, ngettext
from swlab.workspace import Outcome

__all__ = ["HexMapEditor"]

# ------------------------------------------------------------------------
#: Overlay toggles: name shown -> key.
OVERLAYS: dict[str, str] = {
    N_("bridge slots"): "bridges",
    N_("land masses"): "masses",
    N_("problems"): "problems",
}

CSS = """<style>
.swlab-hexmap-row { display: flex; flex-flow: row nowrap; align-items: flex-start; gap: 10px;
  width: 100%; }
.swlab-hexmap-row > .swlab-hexmap-map { flex: 0 1 auto; min-width: 0; }
.swlab-hexmap-row > .swlab-hexmap-panel { flex: 1 1 300px; min-width: 300px; max-width: 460px; }
.swlab-hexmap-map .leaflet-div-icon { background: transparent; border: none;
  pointer-events: none !important; }
.swlab-hexmap-map.leaflet-container { background: #f7f7f2; }
</style>"""


class HexMapEditor(EditorShell):
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

    PREFIX = "swlab-hexmap"

    def _setup(
        self,
        source: HexDraft | Board | str | os.PathLike[str] | None = None,
        *,
        width: int = 760,
        workspace: Any = None,
        file_boxes: bool | None = None,
    ) -> None:
        self.draft = as_hex_draft(source)
        self.mode = "paint"  # or "reach"
        self.brush = RIVER
        self.reach_from: int | None = None
        self.problems: list[Problem] = []
        self.printed = False
        self._shown: Board | None = None  # the board the layers were last drawn for
        self.width = width
        self._build_map()
        self._build_tools()
        files = file_box(workspace, file_boxes)
        self._build_layout(self.file_row(files, f"{self.draft.name}.geojson"))
        self._fit()
        self.refresh()

    def _build_map(self) -> None:
        """The hexes, the overlays (a click on one is on its hex) and the labels."""
        from ipyleaflet import GeoJSON, LayerGroup, Map, projections  # type: ignore[import-untyped]

        self.layer = GeoJSON(data=feature_collection([]), hover_style={"fillOpacity": 0.7})
        self.layer.on_click(self._speak(self._on_click))
        self.overlay_layers = {
            key: GeoJSON(data=feature_collection([])) for key in (*OVERLAYS.values(), "reach")
        }
        for overlay in self.overlay_layers.values():
            overlay.on_click(self._speak(self._on_click))
        self.label_layer = LayerGroup()
        self.map = Map(
            crs=projections.Simple,
            layers=(self.layer, *self.overlay_layers.values(), self.label_layer),
            attribution_control=False,
            panes={"swlab-hexmap-labels": {"zIndex": "650", "pointerEvents": "none"}},
            scroll_wheel_zoom=True,
            zoom_snap=0.125,
            layout=widgets.Layout(width=f"{self.width}px", height="400px"),
        )
        self.map.add_class("swlab-hexmap-map")
        # the row gives the map less than its width on a small screen: fit to what it got
        self._fitted = (float(self.width), 0.0)
        self.map.observe(self._speak(self._on_resize), ["left", "right", "top", "bottom"])

    def _build_tools(self) -> None:
        """The brushes, reach and its shipping, the overlay toggles, undo and redo."""
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
        self.shipping.observe(self._speak(lambda _c: self._on_shipping()), "value")
        self.toggles = {
            key: widgets.ToggleButton(description=_(name), value=key == "problems")
            for name, key in OVERLAYS.items()
        }
        for key, toggle in self.toggles.items():
            toggle.add_class(f"swlab-hexmap-toggle-{key}")
            toggle.observe(lambda _c: self.refresh(), "value")
        self.toolbar([(N_("undo"), self.undo, ""), (N_("redo"), self.redo, "")])

    def _build_layout(self, file_rows: list[Any]) -> None:
        self.style = widgets.HTML(CSS)
        self.problem_box = widgets.HTML()
        self.panel = widgets.VBox(
            [
                self.status,
                self.message,
                heading(N_("Paint"), N_("(click a hex)")),
                row(list(self.brushes.values())),
                heading(N_("Reach"), N_("(click a space)")),
                row([self.reach_button, self.shipping]),
                heading(N_("Overlays")),
                row(list(self.toggles.values())),
                row([self.buttons["undo"], self.buttons["redo"]]),
                *file_rows,
                heading(N_("Problems")),
                self.problem_box,
            ],
            layout=widgets.Layout(width="auto"),
        )
        # beside the map at 1280 x 720 too: the row never wraps, the map gives up width
        # first and the panel keeps at least 300 px (CSS above)
        self.panel.add_class("swlab-hexmap-panel")
        board_row = widgets.HBox([self.map, self.panel])
        board_row.add_class("swlab-hexmap-row")
        self.message_anchors["top"] = self.status
        self.widget = widgets.VBox([self.style, board_row])
        self.widget.add_class("swlab-hexmap-editor")

    # --- display ----------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<HexMapEditor {self.draft.name!r}: {len(self.board)} spaces>"

    @property
    def board(self) -> Board:
        """The board being edited."""
        return self.draft.board

    def _fit(self, width: float | None = None) -> None:
        """Size the map's height for the board's shape at ``width`` pixels (default the
        editor's) and zoom the whole board into it."""
        from swlab.play.style import fit_view

        width = float(self.width if width is None else width)
        minx, miny, maxx, maxy = self.board.outline.bounds
        height = round(width * (maxy - miny) / (maxx - minx)) + 24
        # a margin the width of Leaflet's zoom buttons, so no corner hex lies under them
        view = fit_view((minx, miny, maxx, maxy), round(width), height, margin_px=44, snap=0.125)
        self._fitted = (width, float(height))
        self.map.layout.height = f"{height}px"
        self.map.center = list(view.center)
        self.map.zoom = view.zoom
        self.map.min_zoom = view.min_zoom
        self.map.max_zoom = view.max_zoom

    def _on_resize(self, _change: dict[str, Any] | None = None) -> None:
        """The browser reported the map's size: on a screen too narrow for the map and the
        panel side by side (1280 x 720), the map got less width; fit the board to it."""
        m = self.map
        width, height = m.right - m.left, m.bottom - m.top
        if not (0 < width < 1e7 and 0 < height < 1e7):
            return
        if abs(width - self._fitted[0]) >= 2 or abs(height - self._fitted[1]) >= 2:
            self._fit(width)

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

    def _on_shipping(self) -> None:
        """Another shipping value: the chosen space stays chosen, its reach said again."""
        if self.reach_from is not None and self.reach_from in self.board:
            self._say(self._reach_text(self.reach_from))
            self.refresh(keep_message=True)
        else:
            self.refresh()

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
        self._on_save()

    def file_save(self, name: str) -> Outcome:
        from swlab.board.io import write_board

        return self._said(
            self.files.save("save", name, "map", lambda target: write_board(self.board, target))
        )

    def file_confirm(self) -> Outcome:
        return self._said(self.files.confirm())

    def file_cancel(self) -> Outcome:
        return self._said(self.files.cancel())

    def _said(self, outcome: Outcome) -> Outcome:
        self._say(outcome.message, refused=not outcome.ok and not outcome.confirm, at="file")
        return outcome

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
    def _refresh(self, keep_message: bool) -> None:
        board = self.board
        if not keep_message:
            self.message.value = ""
        if board is not self._shown:  # the board changed: checks, fills and labels again
            self._redraw_board(board)
        on = {key: t.value for key, t in self.toggles.items()}
        empty = feature_collection([])
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
        self.status.value = self._status_html(board)
        self.problem_box.value = _problem_list(board, self.problems, self.printed)
        self.show_history(bool(self.draft.past), bool(self.draft.future))

    def _redraw_board(self, board: Board) -> None:
        from ipyleaflet import DivIcon, Marker

        self._shown = board
        self.problems = check(board)
        self.printed = is_printed(board)  # its warnings are its published design's
        # Leaflet redraws a layer's paths on top of the others: empty the overlays first,
        # so that they are drawn again above the new fills
        for overlay in self.overlay_layers.values():
            overlay.data = feature_collection([])
        self.layer.data = hex_features(board)
        self.label_layer.layers = tuple(_label_markers(board, Marker, DivIcon))

    def _status_html(self, board: Board) -> str:
        bad = errors(self.problems)
        mode = (
            _("paint: {brush}").format(brush=terrain_word(self.brush))
            if self.mode == "paint"
            else _("reach: click a space")
        )
        summary = _("{spaces} · {problems}, {warnings} · {mode}")
        spaces, problems, warnings = len(board), len(bad), len(self.problems) - len(bad)
        return f"<b>{html.escape(board.name)}</b> · " + html.escape(
            summary.format(
                spaces=ngettext("{n} space", "{n} spaces", spaces).format(n=spaces),
                problems=ngettext("{n} problem", "{n} problems", problems).format(n=problems),
                warnings=(
                    ngettext(
                        "{n} fact of the printed map's design",
                        "{n} facts of the printed map's design",
                        warnings,
                    )
                    if self.printed
                    else ngettext("{n} warning", "{n} warnings", warnings)
                ).format(n=warnings),
                mode=mode,
            )
        )


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


def _problem_list(board: Board, problems: Sequence[Problem], printed: bool = False) -> str:
    """The problems with their fixes; on the printed map (``printed``) a warning is a fact
    of its design, listed without a fix, as ``swlab map check`` says it."""
    if not problems:
        none = html.escape(_("No problem."))
        return f"<div class='swlab-hexmap-problems'>{none}</div>"
    items = []
    design = " <i>" + html.escape(_("As printed: a choice of the published design.")) + "</i>"
    for p in problems[:40]:
        fix = " <i>" + html.escape(_("Fix: {fix}.").format(fix=p.fix)) + "</i>" if p.fix else ""
        if printed and is_warning(p):
            fix = design
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

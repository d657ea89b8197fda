"""The map editor widget: an ipyleaflet board, overlays, a palette and editing buttons.

The wiring is thin: the state and every operation live in an
:class:`~swlab.editor.controller.EditorController` (pure, tested without widgets); a
callback translates a click or a Geoman event into one call of it, and
:meth:`MapEditor.refresh` copies its :class:`~swlab.editor.controller.EditorView` into
*new* objects for the widgets' traits. The frame (message line, toolbar, file box, keys)
is the :class:`~swlab.editor.shell.EditorShell` the hex-map editor shares. A refused edit
shows its message and changes nothing.

What a designer can rely on:

* the map draws what the game viewer draws (terrain fills, symbols, mountains and lost
  tribes as the same labels, :mod:`swlab.play.style`), labels sized to the map;
* the current mode is always shown, and Esc returns to *select* (L: *lasso*, K: *split*,
  :data:`~swlab.editor.controller.EDITOR_KEYS`); a split or a drawn region returns to
  *select* by itself;
* a terrain or symbol button changes exactly the selected regions, as one undo step, and
  its message names them all; one gesture (a whole vertex drag) is one undo step;
* after any edit the selection and the hover box refer to the current draft only;
* hovering a region tints its neighbours, draws each shared border and rings each
  corner-only contact (not a border, R-COMP-6); every overlay has a legend, a count and
  a clickable list.

>>> from swlab.editor import MapEditor                                  # doctest: +SKIP
>>> MapEditor(official_board(3))                                        # doctest: +SKIP
"""

from __future__ import annotations

import functools
import html
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipyleaflet import (  # type: ignore[import-untyped]
    GeoJSON,
    GeomanDrawControl,
    LayerGroup,
    Map,
    projections,
)

from swlab import i18n
from swlab import names as game_words
from swlab.board.model import SYMBOLS, TERRAINS, TURNS_BY_PLAYERS, Board
from swlab.board.validate import Problem
from swlab.editor.controller import (
    DESIGNS,
    EDITOR_KEYS,
    MODES,
    OVERLAYS,
    SOURCES,
    Design,
    EditorController,
    EditorView,
    Message,
    OverlayPanels,
    design_label,
    problem_text,
    source_label,
    stats_html,
    stats_key,
)
from swlab.editor.draft import Draft, EditError
from swlab.editor.labels import RegionLabels
from swlab.editor.overlays import (
    Contact,
    GraphDiff,
    OverlayEntry,
    neighbour_features,
    region_features,
)
from swlab.editor.playtest import BalanceResult
from swlab.editor.shell import EditorShell, compact, file_box, heading, row
from swlab.editor.style import editor_css
from swlab.i18n import N_, _, pgettext
from swlab.play.style import fit_view, label_px
from swlab.play.viewer import CHROME_PX
from swlab.workspace import Outcome, Workspace

__all__ = ["DESIGNS", "MODES", "OVERLAYS", "SOURCES", "MapEditor", "editor_css"]

#: The Geoman mode each editing mode draws in.
GEOMAN: dict[str, str | None] = {
    "select": None,
    "split": "draw:Line",
    "draw": "draw:Polygon",
    "edit": "edit",
    "lasso": "draw:Polygon",
}

#: Each mode button's tooltip.
MODE_TIPS: dict[str, str] = {
    "split": N_("Draw a line across the regions to split (the selected ones, if any)"),
    "draw": N_("Draw a polygon over a gap"),
    "edit": N_("Drag vertices; neighbours follow"),
    "select": N_("Click regions to select them (Esc)"),
    "lasso": N_("Draw around region labels to select all those regions"),
}

#: The share of the row a fluid map takes at most; the panel has the rest.
MAP_SHARE = 0.6

#: The overlay layers, bottom to top (``corners`` and ``hover`` have no toggle).
LAYER_KEYS = (
    "heat", "edge", "coastal", "first_conquest", "adjacency", "diff", "problems", "corners",
    "hover",
)  # fmt: skip


def _empty() -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": []}


class MapEditor(EditorShell):
    """Edit a board on a map; the state and every edit are its :attr:`controller`'s.

    Parameters
    ----------
    draft_or_board
        A :class:`Draft`, a :class:`Board`, a shipped board name; default the 3-player
        official board.
    expected
        The intended design for the "vs design" overlay: a region graph in the format of
        ``maps/graphs/README.md`` (a path, its decoded JSON or a
        :class:`~swlab.board.generate.RegionGraph`). *new* replaces it with the graph of
        the new board's source (none for a rectangle or a random board).
    width, height
        A fixed map size in pixels. By default the map is fluid: it takes its share of the
        notebook cell or Voila page, as large as the window's height allows, with the
        panel beside it; the zoom and the labels follow the size the browser reports.
    workspace, file_boxes
        The folder the file box saves to and loads from (default: ``swlab-files/`` beside
        the notebook, or ``$SWLAB_WORKSPACE``); ``file_boxes=False`` (or
        ``SWLAB_FILE_BOXES=off``) hides the file box. Chosen by the host: nothing typed in
        the page leaves the workspace (:mod:`swlab.workspace`).
    language
        The language of the panel (default: the one in effect).
    """

    PREFIX = "swlab-editor"

    def _setup(
        self,
        draft_or_board: Draft | Board | str | None = None,
        *,
        expected: Design = None,
        width: int | None = None,
        height: int | None = None,
        workspace: Workspace | str | os.PathLike[str] | None = None,
        file_boxes: bool | None = None,
    ) -> None:
        files = file_box(workspace, file_boxes)
        self.controller = EditorController(draft_or_board, expected=expected, files=files)
        self.viewer: Any = None
        self.fixed_size = width is not None
        self.width = width if width is not None else 760
        self._height = height
        self._pushing = False
        self._size = (float(self.width), 400.0)
        self._label_px = 16
        #: the zoom the labels are placed for: the fit's, then the map's as the user zooms
        self._zoom = 0.0
        self._fitting = False
        #: the message that stands below a control other than the top (and which)
        self._message_at: tuple[Message | None, str] = (None, "top")
        self._stats_shown: tuple[Any, ...] | None = None
        self.overlay_entries: dict[str, Sequence[OverlayEntry]] = {}
        self._build_map()
        self._build_tools()
        file_rows = self.file_row(files, "my_board.geojson", load=True)
        self._build_board_boxes()
        self._build_overlay_boxes()
        self._build_layout(file_rows)
        enter = {m: functools.partial(self._enter, m) for m in ("lasso", "split")}
        self.keys = self.bind_keys({"cancel": self.escape, **enter}, EDITOR_KEYS, self.mode_buttons)
        self._fit()
        self.refresh()

    def _build_map(self) -> None:
        """The board's layers, the overlays, the labels and Geoman's drawing control."""
        self.layer = GeoJSON(data=_empty(), hover_style={"fillOpacity": 1.0})
        self.layer.on_click(self._speak(self._on_region_click))
        self.layer.on_hover(self._speak(self._on_region_hover))
        self.labels = RegionLabels("swlab-editor-labels")
        self.label_layer = self.labels.layer
        self.corner_labels = LayerGroup()
        self.overlay_layers: dict[str, GeoJSON] = {
            key: GeoJSON(data=_empty()) for key in LAYER_KEYS
        }
        for key, layer in self.overlay_layers.items():
            layer.on_click(self._speak(lambda key=key, **event: self._on_overlay_click(key, event)))
            layer.on_hover(self._speak(lambda key=key, **event: self._on_overlay_hover(key, event)))
        self.draw = GeomanDrawControl(
            polyline={"pathOptions": {"color": "#000000", "weight": 3}},
            polygon={"pathOptions": {"color": "#0072B2", "weight": 2}},
            circlemarker={},
            drag=False,
            cut=False,
            rotate=False,
            remove=False,
        )
        self.draw.on_draw(self._speak(self._on_draw))
        self.draw.observe(self._speak(self._on_draw_data), "data")
        self.map = Map(
            crs=projections.Simple,
            layers=(
                self.layer,
                *self.overlay_layers.values(),
                self.label_layer,
                self.corner_labels,
            ),
            # no Leaflet keyboard handler, as in the viewer: its focus on mousedown scrolls
            # the page under the mouse (swlab.play.viewer)
            keyboard=False,
            attribution_control=False,
            panes={"swlab-editor-labels": {"zIndex": "650", "pointerEvents": "none"}},
            scroll_wheel_zoom=True,
            zoom_snap=0.125,
            zoom_delta=0.5,
            layout=widgets.Layout(width=f"{self.width}px", height="400px", flex="0 0 auto"),
        )
        self.map.add(self.draw)
        self.map.add_class("swlab-editor-map")
        self.map.observe(self._speak(self._on_resize), ["left", "right", "top", "bottom"])
        self.map.observe(self._speak(self._on_zoom), "zoom")

    def _build_tools(self) -> None:
        """The mode and edit buttons, the terrain and symbol palettes."""
        enter = self._enter
        self.toolbar(
            [
                *((MODES[m][0], lambda m=m: enter(m), tip) for m, tip in MODE_TIPS.items()),
                (N_("merge"), self._on_merge, N_("Join the selected neighbours into the first")),
                (
                    N_("delete"),
                    self._on_delete,
                    N_("Delete the selected regions (each leaves a gap)"),
                ),
                (
                    N_("give to"),
                    self._on_give,
                    N_("Delete the first selected, its area to the second"),
                ),
                (
                    N_("absorb gap"),
                    self._on_absorb,
                    N_("Give the gap or sliver clicked in the problem list to the selected region"),
                ),
                (
                    N_("remove unknown symbols"),
                    self._on_remove_unknown,
                    N_("Take the symbols the rules do not know from every selected region"),
                ),
                (N_("undo"), self._on_undo, N_("Undo the last edit")),
                (N_("redo"), self._on_redo, N_("Redo")),
                (N_("new"), self._on_new, N_("Start a new board from the chosen source")),
                (N_("play test"), self._on_play_test, N_("Bot games on this board")),
                (N_("compare"), self._on_design, N_("Compare the board with the chosen design")),
            ]
        )
        self.mode_buttons = {mode: self.buttons[label] for mode, (label, _) in MODES.items()}
        self.terrain_buttons = {
            t: self._palette_button(
                game_words.terrain(t),
                _("Make every selected region {terrain}"),
                "terrain",
                t,
            )
            for t in TERRAINS
        }
        self.symbol_buttons = {
            s: self._palette_button(
                game_words.symbol(s),
                _("Add {symbol} to every selected region (or take it from all)"),
                "symbol",
                s,
            )
            for s in SYMBOLS
        }

    def _palette_button(self, word: str, tip: str, kind: str, value: str) -> widgets.Button:
        """A terrain or symbol button: it acts on every selected region, one undo step."""
        b = widgets.Button(
            description=word,
            tooltip=tip.format(terrain=word, symbol=word),
            layout=widgets.Layout(width="auto"),
        )
        b.on_click(self._speak(lambda _b: self._on_palette(kind, value)))
        return b

    def _on_palette(self, kind: str, value: str) -> None:
        c = self.controller
        self._edited(c.set_terrain(value) if kind == "terrain" else c.toggle_symbol(value))

    def _build_board_boxes(self) -> None:
        """The board's own settings, the "new board" choices, the play test's boxes."""
        self.board_name = widgets.Text(description=_("name"), continuous_update=False)
        self.board_players = widgets.Dropdown(
            options=sorted(TURNS_BY_PLAYERS), description=_("players")
        )
        self.board_turns = widgets.BoundedIntText(
            min=1, max=99, description=pgettext("round", "turns")
        )
        for box in (self.board_name, self.board_players, self.board_turns):
            box.observe(self._speak(self._on_board_info), "value")
        self.source = widgets.Dropdown(
            options=[(source_label(s), s) for s in SOURCES], value="rectangle", description=_("new")
        )
        self.players = widgets.BoundedIntText(value=3, min=2, max=6, description=_("players"))
        self.random_regions = widgets.BoundedIntText(
            value=30, min=3, max=500, description=_("regions")
        )
        self.seed = widgets.IntText(value=0, description=_("seed"))
        self.design = widgets.Dropdown(
            options=[(design_label(d), d) for d in DESIGNS],
            value=DESIGNS[0],
            description=_("design"),
        )
        self.design_path = widgets.Text(value="design.json", description=_("design file"))
        self.games = widgets.BoundedIntText(value=4, min=1, max=200, description=_("games"))
        self.bots = widgets.Text(value="greedy,random", description=_("bots"))
        compact(
            {
                self.board_name: 14, self.board_players: 8, self.board_turns: 7, self.source: 12,
                self.players: 7, self.random_regions: 7, self.seed: 6, self.path: 16,
                self.design: 14, self.design_path: 14, self.games: 7, self.bots: 12,
            }
        )  # fmt: skip
        for w, name in (
            (self.source, "source"),
            (self.design, "design"),
            (self.design_path, "design-file"),
            (self.board_name, "board-name"),
            (self.board_players, "board-players"),
            (self.board_turns, "board-turns"),
        ):
            w.add_class(f"swlab-editor-{name}")

    def _build_overlay_boxes(self) -> None:
        """Each overlay's toggle, and its box: a legend with its count and a list a click
        selects from."""
        self.toggles = {
            key: widgets.ToggleButton(
                description=_(name), value=key == "problems", layout=widgets.Layout(width="auto")
            )
            for name, key in OVERLAYS.items()
        }
        for t in self.toggles.values():
            t.observe(lambda _c: self.refresh(keep_message=True), "value")
        self.problem_list = widgets.Select(options=[], rows=8, layout=widgets.Layout(width="100%"))
        self.problem_list.add_class("swlab-editor-problems")  # lines wrap: never cut
        self.problem_list.observe(self._speak(self._on_problem_select), "value")
        self.overlay_legends: dict[str, widgets.HTML] = {}
        self.overlay_lists: dict[str, widgets.Select] = {}
        self.overlay_boxes: dict[str, widgets.VBox] = {}
        for key in OVERLAYS.values():
            legend = widgets.HTML()
            legend.add_class(f"swlab-overlay-legend-{key}")
            children: list[Any] = [legend]
            if key != "problems":
                choose = widgets.Select(options=[], rows=4, layout=widgets.Layout(width="100%"))
                choose.observe(
                    self._speak(lambda c, key=key: self._on_overlay_pick(key, c)), "value"
                )
                self.overlay_lists[key] = choose
                children.append(choose)
            if key == "diff":
                children.insert(0, row([self.design, self.design_path, self.buttons["compare"]]))
            box = widgets.VBox(children)
            box.add_class("swlab-overlay-box")
            box.add_class(f"swlab-overlay-{key}")
            self.overlay_legends[key] = legend
            self.overlay_boxes[key] = box

    def _build_layout(self, file_rows: list[Any]) -> None:
        """The panel beside the map, the comparison table and the play test's viewer."""
        self.style = widgets.HTML(editor_css())
        self.mode_box = widgets.HTML()
        self.hover_box = widgets.HTML()
        self.hover_box.add_class("swlab-hover")
        self.stats = widgets.HTML()
        self.result = widgets.HTML()
        self.play_box = widgets.VBox()
        b = self.buttons
        self.panel = widgets.VBox(
            [
                self.status,
                self.mode_box,
                self.message,
                self.hover_box,
                self.labels.legend,
                row([b["select"], b["lasso"], b["split"], b["draw region"], b["edit vertices"]]),
                row([b["merge"], b["delete"], b["give to"], b["absorb gap"], b["undo"], b["redo"]]),
                heading(N_("Terrain"), N_("(every selected region)")),
                row(list(self.terrain_buttons.values())),
                heading(N_("Symbols"), N_("(toggle, every selected region)")),
                row([*self.symbol_buttons.values(), b["remove unknown symbols"]]),
                heading(N_("Board")),
                row([self.board_name, self.board_players, self.board_turns]),
                heading(N_("Overlays")),
                row(list(self.toggles.values())),
                *self.overlay_boxes.values(),
                heading(N_("Problems"), N_("(click one to select its regions)")),
                self.problem_list,
                row([self.source, self.players, self.random_regions, self.seed, b["new"]]),
                *file_rows,
                row([self.bots, self.games, b["play test"]]),
                self.result,
            ],
        )
        self.panel.add_class("swlab-editor-panel")
        self.message_anchors.update(top=self.mode_box, problems=self.problem_list)
        board_row = widgets.HBox([self.map, self.panel])
        board_row.add_class("swlab-editor-row")
        self.widget = widgets.VBox(
            [
                self.style,
                board_row,
                heading(N_("Compared with the official board")),
                self.stats,
                self.play_box,
            ]
        )
        self.widget.add_class("swlab-editor")

    # --- the controller's state, as the editor's ------------------------------------
    def __repr__(self) -> str:
        return f"<MapEditor {self.draft!r}>"

    @property
    def draft(self) -> Draft:
        return self.controller.draft

    @draft.setter
    def draft(self, draft: Draft) -> None:
        self.controller.draft = draft

    @property
    def board(self) -> Board:
        return self.controller.board

    @property
    def selected(self) -> list[int]:
        return self.controller.selected

    @selected.setter
    def selected(self, regions: Sequence[int]) -> None:
        self.controller.selected = list(regions)

    @property
    def mode(self) -> str:
        return self.controller.mode

    @property
    def problems(self) -> list[Problem]:
        return self.controller.problems

    @property
    def hovered(self) -> int | None:
        return self.controller.hovered

    @property
    def expected(self) -> Design:
        return self.controller.expected

    @property
    def design_name(self) -> str:
        return self.controller.design_name

    @property
    def balance(self) -> BalanceResult | None:
        return self.controller.balance

    @property
    def load_warnings(self) -> list[str]:
        return self.controller.load_warnings

    # --- fitting the map --------------------------------------------------------------
    def _aspect(self) -> float:
        minx, miny, maxx, maxy = self.board.outline.bounds
        return float(max(maxx - minx, 1e-9) / max(maxy - miny, 1e-9))

    def _fit(self) -> None:
        """Size the map for the board's shape and zoom the board to fill it."""
        aspect = self._aspect()
        if self.fixed_size:
            height = self._height
            if height is None:
                height = round(self.width / aspect) + 24
            self.map.layout.width = f"{self.width}px"
            self.map.layout.height = f"{height}px"
            self._size = (float(self.width), float(height))
        else:
            # cqw: a share of the editor's width; vh: what the window's height allows
            fluid = f"min({MAP_SHARE * 100:g}cqw, calc((100vh - {CHROME_PX}px) * {aspect:.4f}))"
            self.map.layout.width = fluid
            self.map.layout.height = f"calc({fluid} / {aspect:.4f})"
            w = self._size[0]
            self._size = (w, w / aspect)
        self._zoom_to(*self._size)

    def _zoom_to(self, width_px: float, height_px: float) -> None:
        view = fit_view(self.board.outline.bounds, round(width_px), round(height_px), snap=0.125)
        self._fitting = True
        try:
            self.map.min_zoom = min(self.map.min_zoom or view.min_zoom, view.min_zoom)
            self.map.max_zoom = max(self.map.max_zoom or view.max_zoom, view.max_zoom)
            self.map.center = list(view.center)
            self.map.zoom = view.zoom
            self.map.min_zoom, self.map.max_zoom = view.min_zoom, view.max_zoom
        finally:
            self._fitting = False
        self._zoom = float(view.zoom)  # the fit's zoom: labels are placed for it
        px = label_px(width_px, height_px, len(self.board))
        if px != self._label_px:
            self._label_px = px
            self.style.value = editor_css(px)

    def _on_resize(self, _change: dict[str, Any] | None = None) -> None:
        m = self.map
        w, h = m.right - m.left, m.bottom - m.top
        if 0 < w < 1e7 and 0 < h < 1e7:
            self.resize(w, h)

    def _on_zoom(self, change: dict[str, Any]) -> None:
        """The user zoomed: the labels are placed again for the new zoom, so those of the
        regions too small to show before appear (:func:`swlab.play.style.hidden_labels`)."""
        zoom = change.get("new")
        if self._fitting or zoom is None or float(zoom) == self._zoom:
            return
        self._zoom = float(zoom)
        self._refresh_labels()

    def resize(self, width_px: float, height_px: float) -> None:
        """Fit the board into a map of this many pixels (what the browser reported)."""
        if abs(width_px - self._size[0]) < 2 and abs(height_px - self._size[1]) < 2:
            return
        self._size = (float(width_px), float(height_px))
        self._zoom_to(width_px, height_px)
        self._refresh_labels()

    # --- operations, callable from code as from a click ------------------------------
    @i18n.in_own_language
    def apply(
        self,
        edit: Callable[..., Draft],
        *args: Any,
        select: Sequence[int] | None = None,
        say: str | None = None,
        **kwargs: Any,
    ) -> bool:
        """One edit through the controller (:meth:`EditorController.apply`): a refusal
        is shown, not raised. Returns whether the edit was applied."""
        done = self.controller.apply(edit, *args, select=select, say=say, **kwargs)
        self.refresh(keep_message=True)
        return done

    def _edited(self, _done: object = None) -> None:
        """After a controller operation: show what it did (or why not)."""
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def escape(self) -> None:
        """What Esc does: leave split, draw or edit mode for select mode."""
        self.controller.escape()
        self._show_mode()
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def select(self, region_id: int) -> None:
        """Click on a region: select it (a second click unselects; at most two kept)."""
        if region_id in self.board:
            self.controller.select(region_id)
            self.refresh(keep_message=True)

    @i18n.in_own_language
    def select_regions(self, regions: Sequence[int], text: str = "") -> None:
        """Select ``regions`` (those still on the board, at most two) and say ``text``."""
        self.controller.select_regions(regions, text)
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def select_problem(self, index: int) -> None:
        """Select the regions a problem names (the first two) and show its message and
        how to fix it."""
        self.controller.select_problem(index)
        self._said_at("problems")
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def hover(self, region_id: int | None) -> None:
        """Show ``region_id``'s neighbours: tinted on the map with each shared border drawn
        thick, listed with each border's length; corner-only contacts ringed and labelled
        (not a border, R-COMP-6). ``None`` or a region no longer on the board clears it."""
        if self.controller.hover(region_id):
            self._show_hover()

    @i18n.in_own_language
    def new(
        self, source: str, *, players: int = 3, seed: int = 0, regions: int | None = None
    ) -> None:
        """Start over from ``source`` (one of :data:`SOURCES`); undo is reset, and "vs
        design" compares with the new source's graph (none for a rectangle or random)."""
        n = regions if regions is not None else self.random_regions.value
        if self.controller.new(source, players=players, seed=seed, regions=n):
            self._replaced()
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def set_design(self, expected: Design, name: str | None = None) -> None:
        """The intended design "vs design" compares the current draft with: a region graph
        (path, decoded JSON or :class:`RegionGraph`) or ``None``."""
        self.controller.set_design(expected, name)
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def graph_diff(self) -> GraphDiff | None:
        """The current draft against the design (``None`` without one), cached per board."""
        return self.controller.graph_diff()

    @i18n.in_own_language
    def save(self, path: str | os.PathLike[str] | None = None) -> list[Problem]:
        """Write the board (atomic) to ``path``; a board with problems is saved as a draft,
        with a warning. Returns the problems. A failed write says so in the panel, then
        raises. Without ``path``, the name in the file box is saved inside the workspace,
        as the save button does."""
        if path is None:
            self._on_save()
            return self.problems
        try:
            return self.controller.save(path)
        finally:
            self._show_message()

    @i18n.in_own_language
    def load(self, path: str | os.PathLike[str] | None = None, simplify: bool = False) -> None:
        """Replace the draft with a board read from GeoJSON (swlab's own files or a plain
        FeatureCollection from another tool, :func:`swlab.board.io.read_board`). Without
        ``path``, the name in the file box is loaded from the workspace, as the load
        button does. With ``simplify``, a map over the vertex limits is simplified under
        them without opening gaps between regions (the warning says how)."""
        if path is None:
            self._on_load()
            return
        if self.controller.load(path, simplify):
            self._replaced()
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def play_test(
        self,
        bots: Sequence[str] = ("greedy", "random"),
        games: int = 4,
        seed: int = 0,
        viewer: bool = True,
    ) -> BalanceResult:
        """Bot games on the board: win share per seat, a heat map of regions held at the
        end, and a :class:`~swlab.play.GameViewer` (you in seat 1, bots elsewhere).

        Raises :class:`~swlab.editor.playtest.NotPlayableError` listing the problems of a
        board that is not sound.
        """
        result = self.controller.play_test(bots, games, seed)
        self.result.value = self.controller.play_test_report()
        self.toggles["heat"].value = True
        if viewer:
            from swlab.play.viewer import GameViewer

            seats = self.controller.play_test_seats(bots)
            self.viewer = GameViewer(
                self.board, self.board.players, seed=seed, bots=seats, width=600
            )
            self.play_box.children = (self.viewer.widget,)
        self.refresh(keep_message=True)
        return result

    # --- the file box (EditorShell) ---------------------------------------------------
    def file_save(self, name: str) -> Outcome:
        return self._filed(self.controller.save_box(name))

    def file_load(self, name: str) -> Outcome:
        return self._filed(self.controller.load_box(name), loaded=True)

    def file_confirm(self) -> Outcome:
        return self._filed(self.controller.confirm_file())

    def file_cancel(self) -> Outcome:
        return self._filed(self.controller.keep_file())

    def file_simplify(self) -> Outcome:
        return self._filed(self.controller.simplify_file(), loaded=True)

    def _filed(self, outcome: Outcome, loaded: bool = False) -> Outcome:
        """A file box outcome, said beside the file box; a board loaded refits the map."""
        if loaded and outcome.ok:
            self._replaced()
        self._said_at("file")
        return outcome

    def _said_at(self, at: str) -> None:
        """Show the controller's last message below the control ``at`` (see
        :meth:`~swlab.editor.shell.EditorShell.place_message`) until another replaces it."""
        self._message_at = (self.controller.message, at)

    def _replaced(self) -> None:
        """A new draft from elsewhere: Geoman back to select mode, the map refitted."""
        self._show_mode()
        self._fit()

    # --- callbacks: translate, call, show ---------------------------------------------
    def _on_region_click(self, **event: Any) -> None:
        if self.mode != "select":
            return  # in draw mode every click also reaches the regions (JUPYTER_NOTES)
        rid = _event_region(event)
        if rid is not None:
            self.select(rid)

    def _on_region_hover(self, **event: Any) -> None:
        rid = _event_region(event)
        if rid is not None:
            self.hover(rid)

    def _on_overlay_click(self, key: str, event: Mapping[str, Any]) -> None:
        props = (event.get("feature") or {}).get("properties") or event.get("properties") or {}
        if key == "problems" and "index" in props:
            self.select_problem(int(props["index"]))
            return
        if self.mode != "select":
            return
        if "region" in props:
            self.select(int(props["region"]))
        elif "a" in props and "b" in props:
            self.select_regions([int(props["a"]), int(props["b"])], str(props.get("text", "")))

    def _on_overlay_hover(self, key: str, event: Mapping[str, Any]) -> None:
        props = event.get("properties") or {}
        if key == "problems" and "index" in props:
            k = int(props["index"])
            if k < len(self.problems):
                self.hover_box.value = html.escape(problem_text(self.problems[k]))
            return
        if key == "corners" and "text" in props:
            self.hover_box.value = html.escape(str(props["text"]))
            return
        if "region" in props:
            self.hover(int(props["region"]))

    def _on_overlay_pick(self, key: str, change: dict[str, Any]) -> None:
        if change["new"] is None or self._pushing:
            return
        entries = self.overlay_entries.get(key, [])
        k = int(change["new"])
        if k < len(entries):
            self.select_regions(entries[k].regions, entries[k].text)

    def _on_problem_select(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self._pushing:
            self.select_problem(int(change["new"]))

    def _enter(self, mode: str) -> None:
        """A mode's button: the controller switches and says what to do there."""
        self.controller.enter_mode(mode)
        self._show_mode()
        self.refresh(keep_message=True)

    def _set_mode(self, mode: str, geoman: str | None = None) -> None:
        """Switch mode (as :meth:`EditorController.set_mode`) and Geoman's with it."""
        self.controller.set_mode(mode)
        self._show_mode(geoman)
        self.refresh(keep_message=True)

    def _show_mode(self, geoman: str | None = None) -> None:
        """Geoman draws in the editor's mode: lines to split, polygons to fill a gap, the
        board's shapes to drag in edit mode, nothing in select mode."""
        if self.mode == "edit":
            self._push_draw_data()
        else:
            self.draw.data = []
        self.draw.current_mode = geoman if geoman is not None else GEOMAN[self.mode]

    def _on_draw(self, target: Any = None, action: str = "", geo_json: Any = None) -> None:
        features = geo_json if isinstance(geo_json, list) else [geo_json] if geo_json else []
        shapes = [f for f in features if isinstance(f, dict)]
        if action == "create":
            self._on_created(shapes)
        elif action in ("vertexdrag", "edit", "markerdragend", "vertexadded", "vertexremoved"):
            self._on_edited(action, shapes)

    def _on_created(self, features: list[dict[str, Any]]) -> None:
        """A line (split mode) or a polygon (draw or lasso mode) was finished: apply it,
        then go back to select mode so the next click selects."""
        done = self.controller.drawn(features, pixel=self._pixel())
        self.draw.clear()
        if done:
            self._show_mode()
        self.refresh(keep_message=True)

    def _on_edited(self, action: str, features: list[dict[str, Any]]) -> None:
        """A vertex moved (or was added, then moved): the controller replays it as a move
        of the shared vertex, snapped within the controller's pixels at the zoom shown
        (one board unit is ``2**zoom`` pixels); a refused move puts the shapes back."""
        changed = self.controller.edited(action, features, pixel=self._pixel())
        if changed is None:
            self._show_message()
            return
        if not changed:
            self._push_draw_data()
        self.refresh(keep_message=True)

    def _pixel(self) -> float:
        """One screen pixel in board units at the zoom shown (a unit is ``2**zoom``
        pixels): what the controller's snapping tolerance in pixels is scaled by."""
        zoom = self.map.zoom if self.map.zoom is not None else self._zoom
        return float(2.0 ** -float(zoom))

    def _on_draw_data(self, change: dict[str, Any]) -> None:
        # the browser moved a shared vertex in one polygon only; push the whole fixed
        # board back from here (a draw.data set inside on_draw is lost, JUPYTER_NOTES)
        if self._pushing or self.mode != "edit":
            return
        self._push_draw_data()

    def _push_draw_data(self) -> None:
        self._pushing = True
        try:
            self.draw.data = list(region_features(self.board)["features"])
        finally:
            self._pushing = False

    def _on_merge(self) -> None:
        self._edited(self.controller.merge())

    def _on_delete(self) -> None:
        self._edited(self.controller.delete())

    def _on_give(self) -> None:
        self._edited(self.controller.give())

    def _on_absorb(self) -> None:
        self._edited(self.controller.absorb())

    def _on_remove_unknown(self) -> None:
        self._edited(self.controller.remove_unknown_symbols())

    def _on_undo(self) -> None:
        self._edited(self.controller.undo())

    def _on_redo(self) -> None:
        self._edited(self.controller.redo())

    def _on_board_info(self, change: dict[str, Any]) -> None:
        """The name, players or turns box changed: one undo step (turns follow players)."""
        if self._pushing:
            return
        owner, c = change["owner"], self.controller
        if owner is self.board_name:
            done = c.rename(self.board_name.value)
        elif owner is self.board_players:
            done = c.set_players(int(change["new"]))
        else:
            done = c.set_turns(int(change["new"]))
        if done or (c.message is not None and c.message.refused):
            self.refresh(keep_message=True)

    def _on_new(self) -> None:
        self.new(self.source.value, players=self.players.value, seed=self.seed.value)

    def _on_design(self) -> None:
        """The compare button: the chosen design, a shipped graph or a workspace file."""
        if self.controller.compare(self.design.value, self.design_path.value):
            self.toggles["diff"].value = True
        self.refresh(keep_message=True)

    def _on_play_test(self) -> None:
        try:
            bots = [b for b in self.bots.value.split(",") if b.strip()]
            self.play_test(bots=bots, games=self.games.value, seed=self.seed.value)
        except (EditError, ValueError) as error:
            self.controller.say(str(error), refused=True)
            self._show_message()

    # --- redraw -----------------------------------------------------------------------
    def _refresh(self, keep_message: bool) -> None:
        if not keep_message:
            self.controller.message = None
        self.controller.check()
        on = {key for key, t in self.toggles.items() if t.value}
        panels = self.controller.overlays(on)
        view = self.controller.view()
        flagged = {rid for p in self.problems for rid in p.regions}
        self.layer.data = region_features(self.board, selected=view.selected, flagged=flagged)
        for key, layer in self.overlay_layers.items():
            if key != "hover":
                layer.data = dict(panels.data.get(key, _empty()))
        self.overlay_entries = dict(panels.entries)
        self._show_lists(view, panels, on)
        self._show_status(view)
        self._show_stats()
        self._refresh_labels()
        self._show_hover()
        if self.mode == "edit" and not self._pushing:
            self._push_draw_data()
        self._show_message()

    def _show_lists(self, view: EditorView, panels: OverlayPanels, on: set[str]) -> None:
        """The overlay boxes, the problem list and the board's settings, set without their
        observers acting on it."""
        self._pushing = True
        try:
            for key, box in self.overlay_boxes.items():
                box.layout.display = "flex" if key in on else "none"
                self.overlay_legends[key].value = panels.legends.get(key, "")
                if key in self.overlay_lists:
                    self.overlay_lists[key].options = [
                        (e.text, k) for k, e in enumerate(panels.entries.get(key, []))
                    ]
                    self.overlay_lists[key].value = None
            # a zero-width space after each (shown no-break) space lets a line wrap: not cut
            wrap = [(t.replace(" ", " \u200b"), k) for k, t in enumerate(view.problems)]
            self.problem_list.options = wrap
            self.problem_list.value = None
            self.board_name.value = view.name
            if view.players in self.board_players.options:
                self.board_players.value = view.players
            self.board_turns.value = view.turns
        finally:
            self._pushing = False

    def _show_status(self, view: EditorView) -> None:
        """The status line, the mode line and which buttons can act."""
        self.status.value = f"<b>{html.escape(view.name)}</b>: " + html.escape(
            view.summary
        ).replace(" - ", " &mdash; ", 1)
        back = "" if view.mode == "select" else " &mdash; " + html.escape(_("Esc: back to select"))
        self.mode_box.value = (
            f"<div class='swlab-mode swlab-mode-{view.mode}'>"
            + html.escape(view.mode_text)
            + f"{back}</div>"
        )
        for mode, button in self.mode_buttons.items():
            button.button_style = "info" if mode == view.mode else ""
        self.show_history(view.can_undo, view.can_redo)
        self.buttons["merge"].disabled = not view.can_merge
        self.buttons["give to"].disabled = not view.can_give
        self.buttons["delete"].disabled = not view.can_delete

    def _show_message(self) -> None:
        said = self.controller.message
        if said is None:
            self.message.value = ""
            self.place_message("top")
        else:
            where = self._message_at[1] if self._message_at[0] is said else "top"
            self._say(said.text, refused=said.refused, at=where)

    def _show_stats(self) -> None:
        counted = stats_key(self.board)
        if counted is None or counted != self._stats_shown:  # a vertex move changes no count
            self.stats.value = stats_html(self.board)
            self._stats_shown = counted

    def _show_hover(self) -> None:
        """The hovered region's report and its neighbours on the map (or nothing)."""
        rid = self.controller.shown_hover()
        if rid is None:
            self.hover_box.value = ""
            if self.overlay_layers["hover"].data.get("features"):
                self.overlay_layers["hover"].data = _empty()
            if self.corner_labels.layers:
                self._set_corner_labels([])
            return
        found = self.controller.contacts()
        self.hover_box.value = html.escape("\n".join(self.controller.hover_lines()))
        self.overlay_layers["hover"].data = neighbour_features(self.board, rid, found)
        self._set_corner_labels([c for c in found if rid in (c.a, c.b) and not c.is_border])

    def _set_corner_labels(self, corners: Sequence[Contact]) -> None:
        old = self.corner_labels.layers
        self.corner_labels.layers = self.labels.corner_markers(self.board, corners, self.hovered)
        for marker in old:
            marker.close()

    def _refresh_labels(self) -> None:
        self.labels.show(self.board, self._label_px, self._zoom)


def _event_region(event: Mapping[str, Any]) -> int | None:
    props = event.get("properties") or {}
    rid = props.get("region", event.get("id"))
    if rid is None:
        rid = (event.get("feature") or {}).get("id")
    try:
        return int(rid) if rid is not None else None
    except (TypeError, ValueError):
        return None

"""The map editor widget: an ipyleaflet board, overlays, a palette and editing buttons.

The wiring is thin: every callback translates a click or a Geoman event into one call of
the pure functions of :mod:`swlab.editor.draft` (via :mod:`swlab.editor.events`), keeps
the new :class:`~swlab.editor.draft.Draft`, and :meth:`MapEditor.refresh` assigns *new*
objects to the widgets' traits. A refused edit shows its :class:`EditError` message.

What a designer can rely on:

* the map draws what the game viewer draws (terrain fills, symbols, mountains and lost
  tribes as the same labels, :mod:`swlab.play.style`), labels sized to the map;
* the current mode is always shown, and Esc returns to *select*; a split or a drawn
  region returns to *select* by itself;
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

import dataclasses
import html
import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipyleaflet import (  # type: ignore[import-untyped]
    DivIcon,
    GeoJSON,
    GeomanDrawControl,
    LayerGroup,
    Map,
    Marker,
    projections,
)

from swlab import i18n
from swlab import names as game_words
from swlab.board.catalog import OFFICIAL_PLAYERS, find_graph, load_board, official_board
from swlab.board.generate import RegionGraph
from swlab.board.graph import board_to_graph, read_graph_document
from swlab.board.io import MapFormatError, MapWarning, read_board, write_board
from swlab.board.model import SYMBOLS, TERRAINS, TURNS_BY_PLAYERS, Board, Region
from swlab.board.stats import compare_stats, shown_words
from swlab.board.validate import Problem, validate
from swlab.editor import draft as ed
from swlab.editor.draft import Draft, EditError, region_words
from swlab.editor.events import apply_drawn, apply_edited
from swlab.editor.overlays import (
    CORNER_TEXT,
    Contact,
    GraphDiff,
    OverlayEntry,
    adjacency_features,
    contacts,
    corner_features,
    diff_features,
    diff_legend_html,
    expected_diff,
    heat_features,
    heat_legend_html,
    neighbour_features,
    neighbour_report,
    overlay_entries,
    overlay_legend_html,
    problem_features,
    region_features,
    region_set_features,
)
from swlab.editor.playtest import BalanceResult, balance_run, check_playable
from swlab.i18n import N_, _, ngettext
from swlab.play.style import (
    LABEL_MAX_EM,
    BoardShapes,
    fit_view,
    label_px,
    region_labels,
)
from swlab.play.viewer import CHROME_PX
from swlab.rules.state import RegionState
from swlab.workspace import FileBox, Outcome, Workspace

__all__ = ["DESIGNS", "MODES", "OVERLAYS", "MapEditor", "editor_css"]

#: Overlay toggles: name shown -> key.
OVERLAYS: dict[str, str] = {
    N_("borders"): "adjacency",
    N_("edge"): "edge",
    N_("coastal"): "coastal",
    N_("first conquest"): "first_conquest",
    N_("problems"): "problems",
    N_("vs design"): "diff",
    N_("heat map"): "heat",
}

#: The editing modes: mode -> (its button, what to do in it).
MODES: dict[str, tuple[str, str]] = {
    "select": (N_("select"), N_("click regions to select them (at most two)")),
    "split": (N_("split"), N_("draw a line across the region to split (double-click ends it)")),
    "draw": (N_("draw region"), N_("draw a polygon over a gap; it is clipped to the free area")),
    "edit": (N_("edit vertices"), N_("drag a corner; every region sharing it follows")),
}

#: The "new board" choices (the values :meth:`MapEditor.new` takes; the dropdown shows
#: each as :func:`source_label` words it).
SOURCES: tuple[str, ...] = (
    "rectangle",
    *(f"official {p}p" for p in OFFICIAL_PLAYERS),
    *(f"graph {p}p" for p in OFFICIAL_PLAYERS),
    "random",
)

#: The "vs design" choices: none, a shipped region graph, or a file from the workspace
#: (the dropdown's values; it shows each as :func:`design_label` words it).
DESIGNS: tuple[str, ...] = (
    "no design",  # i18n: not prose: a value, shown by design_label
    *(f"official_{p}p graph" for p in OFFICIAL_PLAYERS),  # i18n: not prose: a value
    "sample graph",  # i18n: not prose: a value
    "file in the design box",  # i18n: not prose: a value
)

#: The words of the choices that are not a pattern with a number.
_CHOICE_WORDS: dict[str, str] = {
    "rectangle": N_("rectangle"),
    "random": N_("random"),
    "no design": N_("no design"),
    "sample graph": N_("sample graph"),
    "file in the design box": N_("file in the design box"),
}


def source_label(source: str) -> str:
    """A "new board" choice (:data:`SOURCES`) in the language in effect."""
    if source.startswith("official "):
        return _("official {players}p").format(players=source.split()[1].removesuffix("p"))
    if source.startswith("graph "):
        return _("graph {players}p").format(players=source.split()[1].removesuffix("p"))
    return _(_CHOICE_WORDS.get(source, source))


def design_label(design: str) -> str:
    """A "vs design" choice (:data:`DESIGNS`) in the language in effect; a shipped graph
    keeps its file name."""
    if design.endswith(" graph") and design not in _CHOICE_WORDS:
        return _("{graph} graph").format(graph=design.removesuffix(" graph"))
    return _(_CHOICE_WORDS.get(design, design))


def _design_name(expected: object) -> str:
    """How a message names the design "vs design" compares with."""
    if expected is None:
        return _("no design: choose one under vs design")
    if isinstance(expected, str | os.PathLike):
        return _("the design {name}").format(name=Path(expected).name)
    return _("the given design")


#: The share of the row a fluid map takes at most; the panel has the rest.
MAP_SHARE = 0.6

_COORDINATES = re.compile(r"\s*\(-?[0-9.e+-]+, -?[0-9.e+-]+\)")


def editor_css(label: int = 16) -> str:
    """The editor's style block: the panel beside the map (scrolling on its own), label
    icons that let clicks through, the map's label size ``label`` (px)."""
    return f"""<style>
.swlab-editor {{ container-type: inline-size; }}
.swlab-editor .swlab-editor-row {{ display: flex; flex-flow: row nowrap; align-items: flex-start;
  gap: 10px; width: 100%; }}
.swlab-editor .swlab-editor-panel {{ flex: 1 1 20em; min-width: 18em; overflow-y: auto;
  max-height: calc(100vh - {CHROME_PX}px); padding-right: 4px; }}
.swlab-editor .swlab-editor-panel > * {{ flex-shrink: 0; }}
.swlab-editor .widget-html > .widget-html-content {{ height: auto; line-height: 1.3; }}
.swlab-editor-map .leaflet-div-icon {{ background: transparent; border: none;
  pointer-events: none !important; }}
.swlab-editor-map.leaflet-container {{ background: #f7f7f2; }}
.swlab-editor-map {{ --swlab-label-px: {label}px; }}
.swlab-editor-map .swlab-label {{ font-size: var(--swlab-label-px); }}
.swlab-editor-map .swlab-corner-label {{ font: 600 12px sans-serif; color: #000;
  background: #FFF3D6; border: 2px dashed #E69F00; border-radius: 4px; padding: 1px 4px;
  white-space: nowrap; width: max-content; }}
.swlab-editor .swlab-mode {{ font-weight: 700; padding: 2px 8px; background: #eef4fb;
  border-left: 5px solid #0072B2; }}
.swlab-editor .swlab-hover {{ white-space: pre-wrap; font-size: 13px; height: 8.5em;
  overflow-y: auto; background: #fafafa; }}
.swlab-editor table {{ border-collapse: collapse; font-size: 13px; }}
.swlab-editor th, .swlab-editor td {{ border-bottom: 1px solid #ccc; padding: 1px 6px; }}
.swlab-editor .swlab-overlay-box {{ border-left: 3px solid #ccc; padding-left: 6px;
  font-size: 13px; }}
</style>"""


def _empty() -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": []}


def _setup_state(terrain: str, symbols: frozenset[str]) -> RegionState:
    """What setup puts on a region (R-SETUP-2): a Lost Tribe token where the symbol is, a
    Mountain token on every Mountain, so the editor's labels read as the viewer's."""
    return RegionState(lost_tribes=int("lost_tribe" in symbols), mountain=terrain == "mountain")


class MapEditor:
    """Edit a board on a map; every edit is a pure function call on :attr:`draft`.

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
    """

    def __init__(self, *args: Any, language: str | None = None, **kwargs: Any) -> None:
        self.language = i18n.language(language)
        with i18n.using(self.language):
            self._setup(*args, **kwargs)

    def _speak(self, fn: Any) -> Any:
        """``fn`` run in this editor's language (its callbacks: what it says is in it, and
        no other widget's language changes)."""
        return i18n.speaking(self, fn)

    def _setup(
        self,
        draft_or_board: Draft | Board | str | None = None,
        *,
        expected: RegionGraph | Mapping[str, Any] | str | os.PathLike[str] | None = None,
        width: int | None = None,
        height: int | None = None,
        workspace: Workspace | str | os.PathLike[str] | None = None,
        file_boxes: bool | None = None,
    ) -> None:
        self.draft = _as_draft(draft_or_board)
        self.expected = expected
        self.design_name = _design_name(expected)
        self.selected: list[int] = []
        self.mode = "select"  # or "split", "draw", "edit"
        self.problems: list[Problem] = []
        self.balance: BalanceResult | None = None
        self.viewer: Any = None
        self.hovered: int | None = None
        self.fixed_size = width is not None
        self.width = width if width is not None else 760
        self._height = height
        self._pushing = False
        self._gesture: Draft | None = None
        self._contacts: tuple[Board, list[Contact]] | None = None
        self._diff: tuple[Board, Any, GraphDiff | None] | None = None
        self._size = (float(self.width), 400.0)
        self._label_px = 16
        self._zoom = 0.0

        self.layer = GeoJSON(data=_empty(), hover_style={"fillOpacity": 1.0})
        self.layer.on_click(self._speak(self._on_region_click))
        self.layer.on_hover(self._speak(self._on_region_hover))
        self.label_layer = LayerGroup()
        self.corner_labels = LayerGroup()
        self._labelled: tuple[Board, int, float] | None = None
        self._shapes: tuple[Board, BoardShapes, dict[int, Region]] | None = None
        self._stats_shown: tuple[Any, ...] | None = None
        #: What the reader assumed of the last loaded file (``str`` of each MapWarning).
        self.load_warnings: list[str] = []
        self._markers: dict[int, tuple[str, Marker]] = {}
        keys = ("heat", "edge", "coastal", "first_conquest", "adjacency", "diff", "problems")
        self.overlay_layers: dict[str, GeoJSON] = {key: GeoJSON(data=_empty()) for key in keys}
        self.overlay_layers["corners"] = GeoJSON(data=_empty())
        self.overlay_layers["hover"] = GeoJSON(data=_empty())
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

        # --- panel --------------------------------------------------------------------
        self.style = widgets.HTML(editor_css())
        self.status = widgets.HTML()
        self.mode_box = widgets.HTML()
        self.message = widgets.HTML()
        self.hover_box = widgets.HTML()
        self.hover_box.add_class("swlab-hover")
        self.toggles = {
            key: widgets.ToggleButton(description=_(name), value=key == "problems")
            for name, key in OVERLAYS.items()
        }
        for t in self.toggles.values():
            t.observe(lambda _c: self.refresh(keep_message=True), "value")
        self.buttons: dict[str, widgets.Button] = {}
        for label, handler, tip in (
            (N_("split"), self._on_split, N_("Draw a line across the selected region")),
            (N_("draw region"), self._on_draw_mode, N_("Draw a polygon over a gap")),
            (N_("edit vertices"), self._on_edit_mode, N_("Drag vertices; neighbours follow")),
            (N_("select"), self._on_select_mode, N_("Click regions to select them (Esc)")),
            (N_("merge"), self._on_merge, N_("Join the two selected neighbours")),
            (N_("delete"), self._on_delete, N_("Delete the selected region (leaves a gap)")),
            (
                N_("give to"),
                self._on_give,
                N_("Delete the first selected, its area to the second"),
            ),
            (N_("undo"), self._on_undo, N_("Undo the last edit")),
            (N_("redo"), self._on_redo, N_("Redo")),
            (N_("new"), self._on_new, N_("Start a new board from the chosen source")),
            (N_("save"), self._on_save, N_("Save as GeoJSON (atomic)")),
            (N_("load"), self._on_load, N_("Load a GeoJSON board (swlab's or any tool's)")),
            (N_("play test"), self._on_play_test, N_("Bot games on this board")),
            (N_("compare"), self._on_design, N_("Compare the board with the chosen design")),
        ):
            b = widgets.Button(
                description=_(label), tooltip=_(tip), layout=widgets.Layout(width="auto")
            )
            b.on_click(self._speak(handler))
            b.add_class(f"swlab-editor-{label.replace(' ', '-')}")
            self.buttons[label] = b
        self.terrain_buttons: dict[str, widgets.Button] = {}
        for t in TERRAINS:
            b = widgets.Button(
                description=game_words.terrain(t),
                tooltip=_("Make every selected region {terrain}").format(
                    terrain=game_words.terrain(t)
                ),
                layout=widgets.Layout(width="auto"),
            )
            b.on_click(self._speak(lambda _b, t=t: self._on_terrain(t)))
            self.terrain_buttons[t] = b
        self.symbol_buttons: dict[str, widgets.Button] = {}
        for s in SYMBOLS:
            b = widgets.Button(
                description=game_words.symbol(s),
                tooltip=_("Add {symbol} to every selected region (or take it from all)").format(
                    symbol=game_words.symbol(s)
                ),
                layout=widgets.Layout(width="auto"),
            )
            b.on_click(self._speak(lambda _b, s=s: self._on_symbol(s)))
            self.symbol_buttons[s] = b
        # the board's own settings (one undo step each)
        self.board_name = widgets.Text(description=_("name"), continuous_update=False)
        self.board_players = widgets.Dropdown(
            options=sorted(TURNS_BY_PLAYERS), description=_("players")
        )
        self.board_turns = widgets.BoundedIntText(min=1, max=99, description=_("turns"))
        self.board_name.observe(self._speak(self._on_board_info), "value")
        self.board_players.observe(self._speak(self._on_board_info), "value")
        self.board_turns.observe(self._speak(self._on_board_info), "value")
        self.source = widgets.Dropdown(
            options=[(source_label(s), s) for s in SOURCES],
            value="rectangle",
            description=_("new"),
        )
        self.players = widgets.BoundedIntText(value=3, min=2, max=6, description=_("players"))
        self.random_regions = widgets.BoundedIntText(
            value=30, min=3, max=500, description=_("regions")
        )
        self.seed = widgets.IntText(value=0, description=_("seed"))
        self.path = widgets.Text(value="my_board.geojson", description=_("file"))
        self.design = widgets.Dropdown(
            options=[(design_label(d), d) for d in DESIGNS],
            value=DESIGNS[0],
            description=_("design"),
        )
        self.design_path = widgets.Text(value="design.json", description=_("design file"))
        # compact inputs: the label beside a box sized to its content, rows that wrap
        for w, em in (
            (self.board_name, 14),
            (self.board_players, 8),
            (self.board_turns, 7),
            (self.source, 12),
            (self.players, 7),
            (self.random_regions, 7),
            (self.seed, 6),
            (self.path, 16),
            (self.design, 14),
            (self.design_path, 14),
        ):
            w.style = {"description_width": "initial"}
            w.layout = widgets.Layout(width=f"{em + len(w.description) * 0.6:.1f}em")
        for w, name in (
            (self.source, "source"),
            (self.path, "file"),
            (self.design, "design"),
            (self.design_path, "design-file"),
            (self.board_name, "board-name"),
            (self.board_players, "board-players"),
            (self.board_turns, "board-turns"),
        ):
            w.add_class(f"swlab-editor-{name}")
        if isinstance(workspace, Workspace):
            if file_boxes is not None:
                workspace.enabled = file_boxes
            self.files = FileBox(workspace)
        else:
            self.files = FileBox(Workspace(workspace, enabled=file_boxes))
        self.replace_button = widgets.Button(
            description=_("replace"), tooltip=_("Overwrite the file")
        )
        self.keep_button = widgets.Button(
            description=_("keep"), tooltip=_("Keep the file as it is")
        )
        self.replace_button.on_click(self._speak(lambda _b: self._show_file(self.files.confirm())))
        self.keep_button.on_click(self._speak(lambda _b: self._show_file(self.files.cancel())))
        self.confirm_row = _row([self.replace_button, self.keep_button])
        self.confirm_row.layout.display = "none"
        self.games = widgets.BoundedIntText(value=4, min=1, max=200, description=_("games"))
        self.bots = widgets.Text(value="greedy,random", description=_("bots"))
        for w, em in ((self.games, 7), (self.bots, 12)):
            w.style = {"description_width": "initial"}
            w.layout = widgets.Layout(width=f"{em + len(w.description) * 0.6:.1f}em")
        self.problem_list = widgets.Select(options=[], rows=6, layout=widgets.Layout(width="100%"))
        self.problem_list.observe(self._speak(self._on_problem_select), "value")
        # each overlay: a legend with its count, and a list a click selects from
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
            box = widgets.VBox(children)
            box.add_class("swlab-overlay-box")
            box.add_class(f"swlab-overlay-{key}")
            self.overlay_legends[key] = legend
            self.overlay_boxes[key] = box
        self.overlay_entries: dict[str, list[OverlayEntry]] = {}
        self.stats = widgets.HTML()
        self.result = widgets.HTML()
        self.play_box = widgets.VBox()

        diff_box = self.overlay_boxes["diff"]
        diff_box.children = (
            _row([self.design, self.design_path, self.buttons["compare"]]),
            *diff_box.children,
        )
        for t in self.toggles.values():
            t.layout = widgets.Layout(width="auto")
        b = self.buttons
        self.mode_buttons = {mode: b[label] for mode, (label, _) in MODES.items()}
        self.panel = widgets.VBox(
            [
                self.status,
                self.mode_box,
                self.message,
                self.hover_box,
                _row([b["select"], b["split"], b["draw region"], b["edit vertices"]]),
                _row([b["merge"], b["delete"], b["give to"], b["undo"], b["redo"]]),
                _heading(N_("Terrain"), N_("(every selected region)")),
                _row(list(self.terrain_buttons.values())),
                _heading(N_("Symbols"), N_("(toggle, every selected region)")),
                _row(list(self.symbol_buttons.values())),
                _heading(N_("Board")),
                _row([self.board_name, self.board_players, self.board_turns]),
                _heading(N_("Overlays")),
                _row(list(self.toggles.values())),
                *self.overlay_boxes.values(),
                _heading(N_("Problems"), N_("(click one to select its regions)")),
                self.problem_list,
                _row([self.source, self.players, self.random_regions, self.seed, b["new"]]),
                self._file_row(_row([self.path, b["save"], b["load"]])),
                self.confirm_row,
                _row([self.bots, self.games, b["play test"]]),
                self.result,
            ],
        )
        self.panel.add_class("swlab-editor-panel")
        row = widgets.HBox([self.map, self.panel])
        row.add_class("swlab-editor-row")
        self.widget = widgets.VBox(
            [
                self.style,
                row,
                _heading(N_("Compared with the official board")),
                self.stats,
                self.play_box,
            ]
        )
        self.widget.add_class("swlab-editor")
        self.keys = self._bind_keys()
        self._fit()
        self.refresh()

    # --- display ----------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def __repr__(self) -> str:
        return f"<MapEditor {self.draft!r}>"

    @property
    def board(self) -> Board:
        return self.draft.board

    def _bind_keys(self) -> Any:
        """Esc (over the editor) returns to select mode, as the viewer's keys do."""
        from swlab.play import keys

        bound = keys.bind(self.widget, {"cancel": self._speak(self.escape)})
        self.buttons["select"].tooltip = _("Click regions to select them (Esc)")
        return bound

    @i18n.in_own_language
    def escape(self) -> None:
        """What Esc does: leave split, draw or edit mode for select mode."""
        was = self.mode
        self._set_mode("select", None)
        if was != "select":
            self._say(_("Back to select mode (left {mode} mode).").format(mode=_(MODES[was][0])))
            self.refresh(keep_message=True)

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
        self.map.min_zoom = min(self.map.min_zoom or view.min_zoom, view.min_zoom)
        self.map.max_zoom = max(self.map.max_zoom or view.max_zoom, view.max_zoom)
        self.map.center = list(view.center)
        self.map.zoom = view.zoom
        self.map.min_zoom, self.map.max_zoom = view.min_zoom, view.max_zoom
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

    def resize(self, width_px: float, height_px: float) -> None:
        """Fit the board into a map of this many pixels (what the browser reported)."""
        if abs(width_px - self._size[0]) < 2 and abs(height_px - self._size[1]) < 2:
            return
        self._size = (float(width_px), float(height_px))
        self._zoom_to(width_px, height_px)
        self._refresh_labels()

    # --- the one way edits happen -----------------------------------------------------
    @i18n.in_own_language
    def apply(
        self,
        edit: Callable[..., Draft],
        *args: Any,
        select: Sequence[int] | None = None,
        say: str | None = None,
        **kwargs: Any,
    ) -> bool:
        """``self.draft = edit(self.draft, *args, **kwargs)``; a refusal is shown, not
        raised. ``select`` is the selection afterwards (default: the selected regions
        that still exist); ``say`` replaces the edit's note. Returns whether the edit
        was applied."""
        try:
            new = edit(self.draft, *args, **kwargs)
        except EditError as error:
            self._say(_plain_words(str(error)), refused=True)
            self.refresh(keep_message=True)
            return False
        self.draft = new
        chosen = self.selected if select is None else list(select)
        self.selected = [rid for rid in chosen if rid in new.board]
        self._say(say if say is not None else new.note)
        self.refresh(keep_message=True)
        return True

    def _say(self, text: str, refused: bool = False) -> None:
        colour = "#D55E00" if refused else "#333333"
        self.message.value = (
            f"<div class='swlab-editor-message{' swlab-refused' if refused else ''}' "
            f"style='border-left:5px solid {colour};padding:2px 8px;white-space:pre-wrap'>"
            f"{html.escape(text)}</div>"
        )

    # --- callbacks: translate, call, refresh ------------------------------------------
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

    @i18n.in_own_language
    def hover(self, region_id: int | None) -> None:
        """Show ``region_id``'s neighbours: tinted on the map with each shared border drawn
        thick, listed with each border's length; corner-only contacts ringed and labelled
        (not a border, R-COMP-6). ``None`` or a region no longer on the board clears it."""
        if region_id is not None and region_id not in self.board:
            region_id = None
        if region_id == self.hovered and region_id is not None:
            return
        self.hovered = region_id
        self._show_hover()

    def _show_hover(self) -> None:
        board = self.board
        rid = self.hovered
        if rid is None or rid not in board or self.mode != "select":
            self.hovered = None
            self.hover_box.value = ""
            if self.overlay_layers["hover"].data.get("features"):
                self.overlay_layers["hover"].data = _empty()
            if self.corner_labels.layers:
                self._set_corner_labels([])
            return
        found = self._found()
        r = board[rid]
        symbols = ", ".join(game_words.symbol(s) for s in sorted(r.symbols)) or _("no symbols")
        near = ", ".join(map(str, sorted(board.neighbours(rid))))
        average = board.outline.area / max(len(board), 1)
        size = r.polygon.area / max(average, 1e-300)
        lines = [
            _("{region}: {symbols}; borders {near}").format(
                region=r.label, symbols=symbols, near=near
            ),
            _("size: {size} times an average region").format(size=f"{size:.1f}"),
            *(f"  {line}" for line in neighbour_report(board, rid, found)),
        ]
        for p in self.problems:
            if rid in p.regions:
                lines.append(_("problem: {text}").format(text=_problem_text(p)))
        self.hover_box.value = html.escape("\n".join(lines))
        self.overlay_layers["hover"].data = neighbour_features(board, rid, found)
        self._set_corner_labels([c for c in found if rid in (c.a, c.b) and not c.is_border])

    def _set_corner_labels(self, corners: Sequence[Contact]) -> None:
        old = self.corner_labels.layers
        markers = []
        minx, _bottom, maxx, _top = self.board.outline.bounds
        for c in corners:
            point = c.where.centroid
            other = c.other(self.hovered) if self.hovered in (c.a, c.b) else c.b
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
        self.corner_labels.layers = tuple(markers)
        for marker in old:
            marker.close()

    @i18n.in_own_language
    def select(self, region_id: int) -> None:
        """Click on a region: select it (a second click unselects; at most two kept)."""
        if region_id not in self.board:
            return
        if region_id in self.selected:
            self.selected.remove(region_id)
        else:
            self.selected = [*self.selected, region_id][-2:]
        if self.selected:
            names = " + ".join(self.board[r].label for r in self.selected)
            self._say(_("{regions} selected").format(regions=names))
        else:
            self._say(_("nothing selected"))
        self.hovered = None
        self.hover(region_id)
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def select_regions(self, regions: Sequence[int], text: str = "") -> None:
        """Select ``regions`` (those still on the board, at most two) and say ``text``."""
        self.selected = [r for r in dict.fromkeys(regions) if r in self.board][:2]
        names = " + ".join(self.board[r].label for r in self.selected) or _("nothing")
        said = _("{regions} selected").format(regions=names)
        self._say(f"{text}: {said}" if text else said)
        if self.selected:
            self.hovered = None
            self.hover(self.selected[0])
        self.refresh(keep_message=True)

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
                self.hover_box.value = html.escape(_problem_text(self.problems[k]))
            return
        if key in ("corners",) and "text" in props:
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

    @i18n.in_own_language
    def select_problem(self, index: int) -> None:
        """Select the regions a problem names (the first two) and show its message and
        how to fix it."""
        problem = self.problems[index]
        self.selected = [r for r in problem.regions[:2] if r in self.board]
        self._say(_problem_text(problem), refused=True)
        self.refresh(keep_message=True)

    def _set_mode(self, mode: str, geoman: str | None) -> None:
        """Switch mode; the selection survives only as the target of a split."""
        self.mode = mode
        self._gesture = None
        if mode == "split":
            self.selected = self.selected[-1:]
        elif mode != "select":
            self.selected = []
        self.hovered = None
        if mode == "edit":
            self._push_draw_data()
        else:
            self.draw.data = []
        self.draw.current_mode = geoman
        self.refresh(keep_message=True)

    def _on_split(self, _button: Any = None) -> None:
        self._set_mode("split", "draw:Line")
        if self.selected:
            self._say(
                _("Draw a line across region {region} (double-click ends it; Esc cancels).").format(
                    region=self.selected[0]
                )
            )
        else:
            self._say(
                _("Draw a line across the region to split (double-click ends it; Esc cancels).")
            )

    def _on_draw_mode(self, _button: Any = None) -> None:
        self._set_mode("draw", "draw:Polygon")
        self._say(_("Draw a polygon over a gap; it is clipped to the free area (Esc cancels)."))

    def _on_edit_mode(self, _button: Any = None) -> None:
        self._set_mode("edit", "edit")
        self._say(_("Drag a corner; every region sharing it follows (Esc: back to select)."))

    def _on_select_mode(self, _button: Any = None) -> None:
        self._set_mode("select", None)
        self._say(_("Select mode: click regions to select them."))
        self.refresh(keep_message=True)

    def _on_draw(self, target: Any = None, action: str = "", geo_json: Any = None) -> None:
        features = geo_json if isinstance(geo_json, list) else [geo_json] if geo_json else []
        if action == "create":
            self._on_created([f for f in features if isinstance(f, dict)])
        elif action in ("vertexdrag", "edit", "markerdragend", "vertexadded", "vertexremoved"):
            if action == "vertexremoved":
                self._say(_("Removing vertices is not supported; use undo."), refused=True)
                return
            self._on_edited(action, [f for f in features if isinstance(f, dict)])

    def _on_created(self, features: list[dict[str, Any]]) -> None:
        """A line (split mode) or a polygon (draw mode) was finished: apply it, then go
        back to select mode so the next click selects."""
        before = self.board
        kind = "split" if self.mode == "split" else "draw"
        ok = self.apply(apply_drawn, features, selected=list(self.selected), terrain="farmland")
        self.draw.clear()
        if not ok:
            return
        new_ids = [rid for rid in self.board.ids if rid not in before]
        note = self.draft.note
        self._set_mode("select", None)
        if kind == "draw" and new_ids:
            self.selected = new_ids[:1]
            note = _("{note} ({terrain}): region {region} is selected, pick its terrain").format(
                note=note, terrain=game_words.terrain("farmland"), region=new_ids[0]
            )
        else:
            self.selected = []
        self._say(note)
        self.refresh(keep_message=True)

    def _on_edited(self, action: str, features: list[dict[str, Any]]) -> None:
        """A vertex moved (or was added, then moved): replay it as a move of the shared
        vertex; a vertex added and then dragged is one gesture, one undo step."""
        start = self._gesture if self._gesture is not None else self.draft
        before = self.board
        try:
            new = apply_edited(self.draft, features)
        except EditError as error:
            self._gesture = None
            self._say(
                _("That corner cannot go there: {reason}").format(
                    reason=_plain_words(error.reason)
                ),
                refused=True,
            )
            self._push_draw_data()
            self.refresh(keep_message=True)
            return
        if new is self.draft:
            return
        changed = sorted(r.id for r in new.board.regions if r.id not in before or r != before[r.id])
        note = (
            _("Moved a corner of {regions}.").format(regions=region_words(changed))
            if changed
            else new.note
        )
        # one step, named in plain words (undo says what it takes back)
        new = ed.squash(new, start, note=note)
        # the middle marker Geoman adds a vertex with is dragged next: the same gesture
        self._gesture = start if action == "vertexadded" else None
        self.draft = new
        self._say(note)
        self.refresh(keep_message=True)

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

    def _on_merge(self, _button: Any = None) -> None:
        if len(self.selected) != 2:
            self._say(_("Select two neighbouring regions to merge."), refused=True)
            return
        a, b = self.selected
        self.apply(ed.merge, a, b, select=[a])

    def _on_delete(self, _button: Any = None) -> None:
        if not self.selected:
            self._say(_("Select a region to delete."), refused=True)
            return
        if len(self.selected) > 1:
            self._say(_("Select only the region to delete (or use give to)."), refused=True)
            return
        self.apply(ed.delete, self.selected[0], select=[])

    def _on_give(self, _button: Any = None) -> None:
        if len(self.selected) != 2:
            self._say(_("Select the region to delete, then the neighbour to receive it."), True)
            return
        gone, to = self.selected
        self.apply(ed.delete, gone, give_to=to, select=[to])

    def _on_undo(self, _button: Any = None) -> None:
        self._gesture = None
        self.apply(
            ed.undo, select=[], say=_("Undone: {note}").format(note=_plain_words(self.draft.note))
        )
        if self.mode == "edit":
            self._push_draw_data()

    def _on_redo(self, _button: Any = None) -> None:
        self._gesture = None
        again = self.draft.future[0][1] if self.draft.future else ""
        self.apply(ed.redo, select=[], say=_("Redone: {note}").format(note=_plain_words(again)))
        if self.mode == "edit":
            self._push_draw_data()

    def _on_terrain(self, terrain: str) -> None:
        if not self.selected:
            self._say(_("Select a region first."), refused=True)
            return
        self.apply(ed.set_terrain, list(self.selected), terrain)

    def _on_symbol(self, symbol: str) -> None:
        if not self.selected:
            self._say(_("Select a region first."), refused=True)
            return
        self.apply(ed.toggle_symbol, list(self.selected), symbol)

    def _on_board_info(self, change: dict[str, Any]) -> None:
        """The name, players or turns box changed: one undo step (turns follow players)."""
        if self._pushing:
            return
        board = self.board
        name = self.board_name.value.strip()
        if change["owner"] is self.board_name and name and name != board.name:
            self.apply(
                ed.set_board_info, name=name, say=_("board named {name}").format(name=repr(name))
            )
        elif change["owner"] is self.board_players and change["new"] != board.players:
            players = int(change["new"])
            self.apply(
                ed.set_board_info,
                players=players,
                say=_("{players} players, {turns} turns (R-COMP-1)").format(
                    players=players, turns=TURNS_BY_PLAYERS[players]
                ),
            )
        elif change["owner"] is self.board_turns and change["new"] != board.turns:
            turns = int(change["new"])
            say = ngettext("{turns} turn", "{turns} turns", turns).format(turns=turns)
            self.apply(ed.set_board_info, turns=turns, say=say)

    def _on_new(self, _button: Any = None) -> None:
        self.new(self.source.value, players=self.players.value, seed=self.seed.value)

    @i18n.in_own_language
    def new(
        self, source: str, *, players: int = 3, seed: int = 0, regions: int | None = None
    ) -> None:
        """Start over from ``source`` (one of :data:`SOURCES`); undo is reset, and "vs
        design" compares with the new source's graph (none for a rectangle or random)."""
        design: Path | None = None
        try:
            if source == "rectangle":
                o = official_board(players if players in OFFICIAL_PLAYERS else 5).outline.bounds
                draft = ed.blank(o[2] - o[0], o[3] - o[1], players)
            elif source.startswith("official"):
                p = int(source.split()[1][0])
                draft = ed.from_official(p)
                design = find_graph(f"official_{p}p")
            elif source.startswith("graph"):
                p = int(source.split()[1][0])
                draft = ed.from_graph(f"official_{p}p", seed=seed)
                design = find_graph(f"official_{p}p")
            elif source == "random":
                n = regions if regions is not None else self.random_regions.value
                draft = ed.from_random(n, players=players, seed=seed)
            else:
                raise EditError(
                    None,
                    _("unknown source {source}; use one of {sources}").format(
                        source=repr(source), sources=SOURCES
                    ),
                )
        except (EditError, ValueError) as error:
            self._say(str(error), refused=True)
            return
        self._replace(draft)
        self.set_design(design)
        self._say(_("new board from {source}").format(source=source_label(source)))
        self.refresh(keep_message=True)

    def _replace(self, draft: Draft) -> None:
        """A new draft from elsewhere: nothing selected or hovered, select mode, refit."""
        self.draft = draft
        self.selected = []
        self.hovered = None
        self.balance = None
        self._gesture = None
        if self.mode != "select":
            self._set_mode("select", None)
        self._fit()

    # --- vs design ------------------------------------------------------------------
    @i18n.in_own_language
    def set_design(
        self,
        expected: RegionGraph | Mapping[str, Any] | str | os.PathLike[str] | None,
        name: str | None = None,
    ) -> None:
        """The intended design "vs design" compares the current draft with: a region graph
        (path, decoded JSON or :class:`RegionGraph`) or ``None``."""
        self.expected = expected
        if name is not None:
            self.design_name = name
        else:
            self.design_name = _design_name(expected)
        self._diff = None
        self.refresh(keep_message=True)

    def _on_design(self, _button: Any = None) -> None:
        """The compare button: the chosen design, a shipped graph or a workspace file."""
        choice = self.design.value
        if choice == "no design":
            self.set_design(None)
            self._say(_("No design to compare with."))
            return
        if choice == "file in the design box":
            name = self.design_path.value.strip()
            kind = "map" if name.lower().endswith(".geojson") else "scenario"
            read: dict[str, Any] = {}

            def reader(path: Path) -> None:
                if kind == "map":
                    read["graph"] = board_to_graph(read_board(path))
                else:
                    read["graph"] = read_graph_document(path)

            outcome = self.files.open("open design", name, kind, reader)  # i18n: not prose
            if not outcome.ok:
                self._say(outcome.message, refused=True)
                return
            self.set_design(read["graph"], name=_("the design {name}").format(name=name))
        else:
            graph = choice.removesuffix(" graph")
            self.set_design(
                find_graph(graph), name=_("the shipped graph {graph}").format(graph=graph)
            )
        self.toggles["diff"].value = True
        self._say(_("Comparing the board with {design}.").format(design=self.design_name))
        self.refresh(keep_message=True)

    @i18n.in_own_language
    def graph_diff(self) -> GraphDiff | None:
        """The current draft against the design (``None`` without one), cached per board."""
        if self.expected is None:
            return None
        cached = self._diff
        if cached is None or cached[0] is not self.board or cached[1] is not self.expected:
            try:
                diff: GraphDiff | None = expected_diff(self.board, self.expected)
            except (OSError, ValueError, KeyError, TypeError) as error:
                self._say(_("Cannot read the design: {error}").format(error=error), refused=True)
                diff = None
            cached = (self.board, self.expected, diff)
            self._diff = cached
        return cached[2]

    def _found(self) -> list[Contact]:
        """Every contact of the current board (borders and corners), cached per board."""
        if self._contacts is None or self._contacts[0] is not self.board:
            self._contacts = (self.board, contacts(self.board))
        return self._contacts[1]

    # --- files ------------------------------------------------------------------------
    @i18n.in_own_language
    def save(self, path: str | os.PathLike[str] | None = None) -> list[Problem]:
        """Write the board (atomic) to ``path``; a board with problems is saved as a draft,
        with a warning. Returns the problems. A failed write says so in the panel, then
        raises. Without ``path``, the name in the file box is saved inside the workspace,
        as the save button does."""
        if path is None:
            self._on_save()
            return validate(self.board)
        target = Path(path)
        try:
            return self._write(target, str(target))
        except (OSError, ValueError) as error:
            self._say(
                _("Could not save {file}: {error}").format(file=target, error=error), refused=True
            )
            raise

    def _write(self, target: Path, name: str) -> list[Problem]:
        write_board(self.board, target)
        problems = validate(self.board)
        self._say_saved(name, problems)
        return problems

    def _say_saved(self, name: str, problems: Sequence[Problem]) -> None:
        if problems:
            n = len(problems)
            self._say(
                ngettext(
                    "Saved {file} as a draft: {n} problem left before it can be played.",
                    "Saved {file} as a draft: {n} problems left before it can be played.",
                    n,
                ).format(file=name, n=n),
                refused=True,
            )
        else:
            self._say(_("Saved {file}.").format(file=name))

    @i18n.in_own_language
    def load(self, path: str | os.PathLike[str] | None = None) -> None:
        """Replace the draft with a board read from GeoJSON (swlab's own files or a plain
        FeatureCollection from another tool, :func:`swlab.board.io.read_board`). Without
        ``path``, the name in the file box is loaded from the workspace, as the load
        button does."""
        if path is None:
            self._on_load()
            return
        try:
            self._read(Path(path))
        except MapFormatError as error:
            self._say(str(error), refused=True)
            return
        self._say(_("Loaded {file}.").format(file=path) + self._warning_lines())
        self.refresh(keep_message=True)

    def _read(self, target: Path) -> None:
        """Read ``target`` into a new draft; what the reader assumed of a file from another
        tool (players, turns, numbered ids, terrain case) is kept to be shown with it."""
        warnings: list[MapWarning] = []
        self._replace(ed.from_geojson(target, warnings=warnings))
        self.set_design(None)
        # named as the file box names it: the page never shows the server's folders
        self.load_warnings = [str(dataclasses.replace(w, source=target.name)) for w in warnings]

    def _warning_lines(self) -> str:
        """The last load's warnings, one a line after the message (none: nothing)."""
        return "".join(f"\n{line}" for line in self.load_warnings)

    def _file_row(self, row: widgets.HBox) -> widgets.HBox:
        if not self.files.enabled:
            row.layout.display = "none"
        return row

    def _on_save(self, _button: Any = None) -> None:
        """The save button: the name in the file box, inside the workspace; an existing
        file waits for "replace"."""
        outcome = self.files.save("save", self.path.value, "map", self._box_write)
        self._show_file(outcome)

    def _box_write(self, target: Path) -> None:
        write_board(self.board, target)

    def _on_load(self, _button: Any = None) -> None:
        """The load button: the name in the file box, from the workspace."""
        outcome = self.files.open("load", self.path.value, "map", self._read)
        self._show_file(outcome)
        if outcome.ok:
            self._say(
                _("Loaded {file}.").format(file=self.path.value.strip()) + self._warning_lines()
            )
            self.refresh(keep_message=True)

    def _show_file(self, outcome: Outcome) -> None:
        """A file box outcome as one line; a finished save warns about a draft."""
        self.confirm_row.layout.display = "flex" if outcome.confirm else "none"
        if outcome.ok and outcome.saved is not None:
            self._say_saved(outcome.saved, validate(self.board))
            return
        self._say(outcome.message, refused=not outcome.ok and not outcome.confirm)

    # --- play test --------------------------------------------------------------------
    def _on_play_test(self, _button: Any = None) -> None:
        try:
            bots = [b for b in self.bots.value.split(",") if b.strip()]
            self.play_test(bots=bots, games=self.games.value, seed=self.seed.value)
        except (EditError, ValueError) as error:
            self._say(str(error), refused=True)

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
        check_playable(self.board)
        result = balance_run(self.board, bots, games, seed)
        self.balance = result
        legend = heat_legend_html(result.games)
        self.result.value = f"<pre>{html.escape(result.report())}</pre>{legend}"
        self.toggles["heat"].value = True
        if viewer:
            from swlab.play.viewer import GameViewer

            kinds = list(bots) or ["greedy"]
            seats = {s: kinds[(s - 1) % len(kinds)] for s in range(1, self.board.players)}
            self.viewer = GameViewer(
                self.board, self.board.players, seed=seed, bots=seats, width=600
            )
            self.play_box.children = (self.viewer.widget,)
        self._say(
            ngettext("Play test: {games} bot game.", "Play test: {games} bot games.", games).format(
                games=games
            )
        )
        self.refresh(keep_message=True)
        return result

    # --- redraw -----------------------------------------------------------------------
    def _label_icon(self, markup: str) -> DivIcon:
        px = self._label_px
        w, h = round((LABEL_MAX_EM + 1) * px), round(6 * px)
        return DivIcon(html=markup, icon_size=[w, h], icon_anchor=[w // 2, h // 2])

    def _label_shapes(self, board: Board) -> BoardShapes:
        """The board's label anchors and spots (:class:`BoardShapes`), made once per draft.

        The last placements are carried over for the regions an edit left as they were (the
        same region objects), so an edit moves only the labels it changed, as a click does
        in the viewer; the placements of the others are dropped."""
        old = self._shapes
        if old is not None and old[0] is board:
            return old[1]
        shapes = BoardShapes.from_board(board)
        if old is not None:
            kept = {r.id for r in board.regions if old[2].get(r.id) is r}
            for key, (sizes, where) in old[1].last_placed.items():
                shapes.last_placed[key] = (
                    {r: e for r, e in sizes.items() if r in kept},
                    {r: at for r, at in where.items() if r in kept},
                )
            for key, (full, level) in old[1].last_arranged.items():
                shapes.last_arranged[key] = (
                    {r: e for r, e in full.items() if r in kept},
                    {r: k for r, k in level.items() if r in kept},
                )
        self._shapes = (board, shapes, {r.id: r for r in board.regions})
        return shapes

    def _refresh_labels(self) -> None:
        """The viewer's labels (id, terrain, symbols, mountain, lost tribe), placed by the
        viewer's placement (:func:`swlab.play.style.region_labels`): no two overlap and
        none leaves the board, the crowded ones in their compact form. A marker is kept per
        region id and sent only what changed (its place, its markup)."""
        board, px, zoom = self.board, self._label_px, self._zoom
        done = self._labelled
        if done is not None and done[0] is board and done[1:] == (px, zoom):
            return
        resized = done is None or done[1] != px
        pieces = {r.id: _setup_state(r.terrain, r.symbols) for r in board.regions}
        placed = region_labels(self._label_shapes(board), pieces, fit=(zoom, px))
        old = self._markers
        markers: dict[int, tuple[str, Marker]] = {}
        for r in board.regions:
            (y, x), markup = placed[r.id]
            kept = old.get(r.id)
            if kept is not None:
                marker = kept[1]
                if resized or kept[0] != markup:
                    icon = marker.icon
                    marker.icon = self._label_icon(markup)
                    if icon is not None:
                        icon.close()
                if list(marker.location) != [y, x]:
                    marker.location = [y, x]
            else:
                marker = Marker(
                    location=[y, x],
                    icon=self._label_icon(markup),
                    draggable=False,
                    keyboard=False,
                    title="",
                    pane="swlab-editor-labels",
                )
            markers[r.id] = (markup, marker)
        gone = [m for rid, (_, m) in old.items() if rid not in markers]
        if gone or len(markers) != len(old) or list(markers) != list(old):
            self.label_layer.layers = tuple(m for _, m in markers.values())
        for marker in gone:
            marker.close()
        self._markers = markers
        self._labelled = (board, px, zoom)

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw everything from the draft (new objects for every trait), in the editor's
        language (its problems, their fixes, its status)."""
        with i18n.using(self.language):
            self._refresh(keep_message)

    def _refresh(self, keep_message: bool) -> None:
        board = self.board
        self.problems = validate(board)
        self.selected = [rid for rid in self.selected if rid in board]
        flagged = {rid for p in self.problems for rid in p.regions}
        self.layer.data = region_features(board, selected=self.selected, flagged=flagged)
        on = {key for key, t in self.toggles.items() if t.value}
        found = self._found() if on & {"adjacency", "diff"} or self.hovered else []
        data: dict[str, dict[str, Any]] = {}
        entries: dict[str, list[OverlayEntry]] = {}
        legends: dict[str, str] = {}
        if "adjacency" in on:
            data["adjacency"] = adjacency_features(board, found)
            data["corners"] = corner_features(board, found)
            entries["adjacency"] = overlay_entries(board, "adjacency", found=found)
            legends["adjacency"] = overlay_legend_html(
                "adjacency", len(data["adjacency"]["features"])
            ) + overlay_legend_html("corners", len(data["corners"]["features"]))
        for key in ("edge", "coastal", "first_conquest"):
            if key in on:
                data[key] = region_set_features(board, key)
                entries[key] = overlay_entries(board, key)
                legends[key] = overlay_legend_html(key, len(entries[key]))
        if "problems" in on:
            data["problems"] = problem_features(self.problems)
            legends["problems"] = overlay_legend_html("problems", len(self.problems))
        if "diff" in on:
            diff = self.graph_diff()
            if diff is not None:
                data["diff"] = diff_features(board, diff, found)
            entries["diff"] = overlay_entries(board, "diff", diff=diff)
            legends["diff"] = diff_legend_html(diff, self.design_name)
        if "heat" in on:
            if self.balance is not None:
                data["heat"] = heat_features(board, self.balance.held)
                shares = {rid: s for rid, s in self.balance.held.items() if rid in board}
                entries["heat"] = overlay_entries(board, "heat", shares=shares)
                legends["heat"] = overlay_legend_html("heat", len(shares), games=self.balance.games)
            else:
                first = html.escape(_("heat map: press play test first"))
                legends["heat"] = f"<div>{first}</div>"
        for key, layer in self.overlay_layers.items():
            if key != "hover":
                layer.data = data.get(key, _empty())
        self.overlay_entries = entries
        self._pushing = True
        try:
            for key, box in self.overlay_boxes.items():
                box.layout.display = "flex" if key in on else "none"
                self.overlay_legends[key].value = legends.get(key, "")
                if key in self.overlay_lists:
                    self.overlay_lists[key].options = [
                        (e.text, k) for k, e in enumerate(entries.get(key, []))
                    ]
                    self.overlay_lists[key].value = None
            self.problem_list.options = [(_problem_text(p), k) for k, p in enumerate(self.problems)]
            self.problem_list.value = None
            self.board_name.value = board.name
            if board.players in self.board_players.options:
                self.board_players.value = board.players
            self.board_turns.value = board.turns
        finally:
            self._pushing = False
        d = self.draft
        n = len(self.problems)
        state = (
            _("sound: ready to play")
            if n == 0
            else ngettext("{n} problem", "{n} problems", n).format(n=n)
        )
        summary = _(
            "{regions} regions, {players} players, {turns} turns - {state}; selected: {selected}"
        ).format(
            regions=len(board),
            players=board.players,
            turns=board.turns,
            state=state,
            selected=", ".join(map(str, self.selected)) or _("none"),
        )
        self.status.value = f"<b>{html.escape(board.name)}</b>: " + html.escape(summary).replace(
            " - ", " &mdash; ", 1
        )
        label, what = MODES[self.mode]
        back = "" if self.mode == "select" else " &mdash; " + html.escape(_("Esc: back to select"))
        self.mode_box.value = (
            f"<div class='swlab-mode swlab-mode-{self.mode}'>"
            + html.escape(_("mode: {mode}: {what}").format(mode=_(label), what=_(what)))
            + f"{back}</div>"
        )
        for mode, button in self.mode_buttons.items():
            button.button_style = "info" if mode == self.mode else ""
        self.buttons["undo"].disabled = not d.past
        self.buttons["redo"].disabled = not d.future
        self.buttons["merge"].disabled = len(self.selected) != 2
        self.buttons["give to"].disabled = len(self.selected) != 2
        self.buttons["delete"].disabled = len(self.selected) != 1
        counted = _stats_key(board)
        if counted is None or counted != self._stats_shown:  # a vertex move changes no count
            self.stats.value = _stats_html(board)
            self._stats_shown = counted
        self._refresh_labels()
        self._show_hover()
        if self.mode == "edit" and not self._pushing:
            self._push_draw_data()
        if not keep_message:
            self.message.value = ""


def _problem_text(problem: Problem) -> str:
    """A problem's message and, when it has one, how to fix it."""
    fix = getattr(problem, "fix", "")
    return (
        _("{problem} Fix: {fix}").format(problem=problem.message, fix=fix)
        if fix
        else problem.message
    )


def _heading(title: str, note: str = "") -> widgets.HTML:
    """A bold heading of the panel and a note after it, in the language in effect."""
    after = f" {html.escape(_(note))}" if note else ""
    return widgets.HTML(f"<b>{html.escape(_(title))}</b>{after}")


def _plain_words(text: str) -> str:
    """A refusal without raw coordinates: the regions it names say where."""
    return _COORDINATES.sub("", text).replace("  ", " ")


def _row(items: list[Any]) -> widgets.HBox:
    return widgets.HBox(items, layout=widgets.Layout(flex_flow="row wrap"))


def _as_draft(value: Draft | Board | str | None) -> Draft:
    if value is None:
        return ed.from_official(3)
    if isinstance(value, Draft):
        return value
    if isinstance(value, Board):
        return ed.from_board(value)
    return ed.from_board(load_board(value, polygons=True))


def _stats_key(board: Board) -> tuple[Any, ...] | None:
    """All that :func:`_stats_html` counts (name, players, each region's terrain and
    symbols, the topology's sizes), so equal keys show the same table; ``None`` when the
    topology cannot be measured."""
    try:
        t = board.topology
        sizes = (len(t.edge), len(t.coastal), len(t.first_conquest), t.graph.number_of_edges())
    except Exception:  # a broken draft: the table says why, every time
        return None
    regions = tuple((r.terrain, tuple(sorted(r.symbols))) for r in board.regions)
    return (board.name, board.players, regions, sizes)


def _stats_html(board: Board) -> str:
    """The counts against the official board: whole numbers, an empty cell where the box
    sets no limit (never ``<NA>``)."""
    players = board.players if board.players in OFFICIAL_PLAYERS else 5
    try:
        table = compare_stats(board, official_board(players))
    except Exception as error:  # a broken draft the topology cannot measure
        unavailable = _("stats unavailable: {error}").format(error=error)
        return f"<i>{html.escape(unavailable)}</i>"
    shown = shown_words(table).astype(object).where(table.notna(), "")
    return str(shown.to_html(index=False))


def _event_region(event: Mapping[str, Any]) -> int | None:
    props = event.get("properties") or {}
    rid = props.get("region", event.get("id"))
    if rid is None:
        rid = (event.get("feature") or {}).get("id")
    try:
        return int(rid) if rid is not None else None
    except (TypeError, ValueError):
        return None

"""The map editor widget: an ipyleaflet board, overlays, a palette and editing buttons.

The wiring is thin: every callback translates a click or a Geoman event into one call of
the pure functions of :mod:`swlab.editor.draft` (via :mod:`swlab.editor.events`), keeps
the new :class:`~swlab.editor.draft.Draft`, and :meth:`MapEditor.refresh` assigns *new*
objects to the widgets' traits. A refused edit shows its :class:`EditError` message.

>>> from swlab.editor import MapEditor                                  # doctest: +SKIP
>>> MapEditor(official_board(3))                                        # doctest: +SKIP
"""

from __future__ import annotations

import html
import os
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

from swlab.board.catalog import OFFICIAL_PLAYERS, load_board, official_board
from swlab.board.io import MapFormatError, write_board
from swlab.board.model import SYMBOLS, TERRAINS, Board
from swlab.board.stats import compare_stats
from swlab.board.validate import Problem, validate
from swlab.editor import draft as ed
from swlab.editor.draft import Draft, EditError
from swlab.editor.events import apply_drawn, apply_edited
from swlab.editor.overlays import (
    adjacency_features,
    diff_features,
    expected_diff,
    heat_features,
    heat_legend_html,
    label_points,
    problem_features,
    region_features,
    region_set_features,
)
from swlab.editor.playtest import BalanceResult, balance_run, check_playable
from swlab.play.style import fit_view
from swlab.workspace import FileBox, Outcome, Workspace

__all__ = ["OVERLAYS", "MapEditor"]

#: Overlay toggles: name shown -> key.
OVERLAYS: dict[str, str] = {
    "borders": "adjacency",
    "edge": "edge",
    "coastal": "coastal",
    "first conquest": "first_conquest",
    "problems": "problems",
    "vs design": "diff",
    "heat map": "heat",
}

#: The "new board" choices.
SOURCES: tuple[str, ...] = (
    "rectangle",
    *(f"official {p}p" for p in OFFICIAL_PLAYERS),
    *(f"graph {p}p" for p in OFFICIAL_PLAYERS),
    "random",
)


#: Labels are transparent and let clicks through to the regions below them.
CSS = """<style>
.swlab-editor-map .leaflet-div-icon { background: transparent; border: none;
  pointer-events: none !important; }
.swlab-editor-map.leaflet-container { background: #f7f7f2; }
.swlab-editor table { border-collapse: collapse; font-size: 13px; }
.swlab-editor th, .swlab-editor td { border-bottom: 1px solid #ccc; padding: 1px 6px; }
</style>"""


def _empty() -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": []}


class MapEditor:
    """Edit a board on a map; every edit is a pure function call on :attr:`draft`.

    Parameters
    ----------
    draft_or_board
        A :class:`Draft`, a :class:`Board`, a shipped board name; default the 3-player
        official board.
    expected
        A reference graph (``swlab/data/maps/graphs/*.json`` path or decoded JSON) for the
        "vs design" overlay.
    width, height
        Map size in pixels.
    workspace, file_boxes
        The folder the file box saves to and loads from (default: ``swlab-files/`` beside
        the notebook, or ``$SWLAB_WORKSPACE``); ``file_boxes=False`` (or
        ``SWLAB_FILE_BOXES=off``) hides the file box. Chosen by the host: nothing typed in
        the page leaves the workspace (:mod:`swlab.workspace`).
    """

    def __init__(
        self,
        draft_or_board: Draft | Board | str | None = None,
        *,
        expected: Mapping[str, Any] | str | os.PathLike[str] | None = None,
        width: int = 760,
        height: int | None = None,
        workspace: Workspace | str | os.PathLike[str] | None = None,
        file_boxes: bool | None = None,
    ) -> None:
        self.draft = _as_draft(draft_or_board)
        self.expected = expected
        self.selected: list[int] = []
        self.mode = "select"  # or "split", "draw", "edit"
        self.problems: list[Problem] = []
        self.balance: BalanceResult | None = None
        self.viewer: Any = None
        self.width = width
        self._height = height
        self._pushing = False

        self.layer = GeoJSON(data=_empty(), hover_style={"fillOpacity": 1.0})
        self.layer.on_click(self._on_region_click)
        self.layer.on_hover(self._on_region_hover)
        self.label_layer = LayerGroup()
        self._labelled: Board | None = None
        self.overlay_layers: dict[str, GeoJSON] = {
            key: GeoJSON(data=_empty()) for key in OVERLAYS.values()
        }
        for key, layer in self.overlay_layers.items():
            if key == "problems":
                layer.on_click(self._on_problem_click)
        self.draw = GeomanDrawControl(
            polyline={"pathOptions": {"color": "#000000", "weight": 3}},
            polygon={"pathOptions": {"color": "#0072B2", "weight": 2}},
            circlemarker={},
            drag=False,
            cut=False,
            rotate=False,
            remove=False,
        )
        self.draw.on_draw(self._on_draw)
        self.draw.observe(self._on_draw_data, "data")
        self.map = Map(
            crs=projections.Simple,
            layers=(self.layer, *self.overlay_layers.values(), self.label_layer),
            attribution_control=False,
            panes={"swlab-editor-labels": {"zIndex": "650", "pointerEvents": "none"}},
            scroll_wheel_zoom=True,
            zoom_snap=0.125,
            layout=widgets.Layout(width=f"{width}px", height="400px"),
        )
        self.map.add(self.draw)
        self.map.add_class("swlab-editor-map")

        # --- panel --------------------------------------------------------------------
        self.style = widgets.HTML(CSS)
        self.message = widgets.HTML()
        self.status = widgets.HTML()
        self.hover_box = widgets.HTML()
        self.toggles = {
            key: widgets.ToggleButton(description=name, value=key == "problems")
            for name, key in OVERLAYS.items()
        }
        for t in self.toggles.values():
            t.observe(lambda _c: self.refresh(), "value")
        self.buttons: dict[str, widgets.Button] = {}
        for label, handler, tip in (
            ("split", self._on_split, "Draw a line across the selected region"),
            ("draw region", self._on_draw_mode, "Draw a polygon over a gap"),
            ("edit vertices", self._on_edit_mode, "Drag vertices; neighbours follow"),
            ("select", self._on_select_mode, "Click regions to select them"),
            ("merge", self._on_merge, "Join the two selected neighbours"),
            ("delete", self._on_delete, "Delete the selected region (leaves a gap)"),
            ("give to", self._on_give, "Delete the first selected, its area to the second"),
            ("undo", self._on_undo, "Undo the last edit"),
            ("redo", self._on_redo, "Redo"),
            ("new", self._on_new, "Start a new board from the chosen source"),
            ("save", self._on_save, "Save as GeoJSON (atomic)"),
            ("load", self._on_load, "Load a GeoJSON board"),
            ("play test", self._on_play_test, "Bot games on this board"),
        ):
            b = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
            b.on_click(handler)
            b.add_class(f"swlab-editor-{label.replace(' ', '-')}")
            self.buttons[label] = b
        self.terrain_buttons: dict[str, widgets.Button] = {}
        for t in TERRAINS:
            b = widgets.Button(description=t, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, t=t: self._on_terrain(t))
            self.terrain_buttons[t] = b
        self.symbol_buttons: dict[str, widgets.Button] = {}
        for s in SYMBOLS:
            b = widgets.Button(description=s, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, s=s: self._on_symbol(s))
            self.symbol_buttons[s] = b
        self.source = widgets.Dropdown(options=list(SOURCES), value="rectangle", description="new")
        self.players = widgets.BoundedIntText(value=3, min=2, max=6, description="players")
        self.random_regions = widgets.BoundedIntText(
            value=30, min=3, max=500, description="regions"
        )
        self.seed = widgets.IntText(value=0, description="seed")
        self.path = widgets.Text(value="my_board.geojson", description="file")
        if isinstance(workspace, Workspace):
            if file_boxes is not None:
                workspace.enabled = file_boxes
            self.files = FileBox(workspace)
        else:
            self.files = FileBox(Workspace(workspace, enabled=file_boxes))
        self.replace_button = widgets.Button(description="replace", tooltip="Overwrite the file")
        self.keep_button = widgets.Button(description="keep", tooltip="Keep the file as it is")
        self.replace_button.on_click(lambda _b: self._show_file(self.files.confirm()))
        self.keep_button.on_click(lambda _b: self._show_file(self.files.cancel()))
        self.confirm_row = _row([self.replace_button, self.keep_button])
        self.confirm_row.layout.display = "none"
        self.games = widgets.BoundedIntText(value=4, min=1, max=200, description="games")
        self.bots = widgets.Text(value="greedy,random", description="bots")
        self.problem_list = widgets.Select(options=[], rows=6, layout=widgets.Layout(width="100%"))
        self.problem_list.observe(self._on_problem_select, "value")
        self.stats = widgets.HTML()
        self.result = widgets.HTML()
        self.play_box = widgets.VBox()

        b = self.buttons
        self.panel = widgets.VBox(
            [
                self.status,
                self.message,
                self.hover_box,
                _row([b["select"], b["split"], b["draw region"], b["edit vertices"]]),
                _row([b["merge"], b["delete"], b["give to"], b["undo"], b["redo"]]),
                widgets.HTML("<b>Terrain</b>"),
                _row(list(self.terrain_buttons.values())),
                widgets.HTML("<b>Symbols</b> (toggle)"),
                _row(list(self.symbol_buttons.values())),
                widgets.HTML("<b>Overlays</b>"),
                _row(list(self.toggles.values())),
                widgets.HTML("<b>Problems</b> (click one to select its regions)"),
                self.problem_list,
                _row([self.source, self.players, self.random_regions, self.seed, b["new"]]),
                self._file_row(_row([self.path, b["save"], b["load"]])),
                self.confirm_row,
                _row([self.bots, self.games, b["play test"]]),
                self.result,
            ],
            layout=widgets.Layout(width="520px"),
        )
        self.widget = widgets.VBox(
            [
                self.style,
                widgets.HBox([self.map, self.panel], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HTML("<b>Compared with the official board</b>"),
                self.stats,
                self.play_box,
            ]
        )
        self.widget.add_class("swlab-editor")
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

    def _fit(self) -> None:
        minx, miny, maxx, maxy = self.board.outline.bounds
        height = self._height
        if height is None:
            height = round(self.width * (maxy - miny) / max(maxx - minx, 1e-9)) + 24
        view = fit_view((minx, miny, maxx, maxy), self.width, height, snap=0.125)
        self.map.layout.height = f"{height}px"
        self.map.min_zoom = view.min_zoom
        self.map.max_zoom = view.max_zoom
        self.map.center = list(view.center)
        self.map.zoom = view.zoom

    # --- the one way edits happen -----------------------------------------------------
    def apply(self, edit: Callable[..., Draft], *args: Any, **kwargs: Any) -> bool:
        """``self.draft = edit(self.draft, *args, **kwargs)``; a refusal is shown, not
        raised. Returns whether the edit was applied."""
        try:
            new = edit(self.draft, *args, **kwargs)
        except EditError as error:
            self._say(str(error), refused=True)
            self.refresh(keep_message=True)
            return False
        self.draft = new
        self.selected = [rid for rid in self.selected if rid in new.board]
        self._say(new.note)
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
        if rid is not None and rid in self.board:
            r = self.board[rid]
            symbols = ", ".join(sorted(r.symbols)) or "no symbols"
            near = ", ".join(map(str, sorted(self.board.neighbours(rid))))
            self.hover_box.value = html.escape(f"{r.label}: {symbols}; borders {near}")

    def select(self, region_id: int) -> None:
        """Click on a region: select it (a second click unselects; at most two kept)."""
        if region_id in self.selected:
            self.selected.remove(region_id)
        else:
            self.selected = [*self.selected, region_id][-2:]
        if self.selected:
            self._say(" + ".join(self.board[r].label for r in self.selected) + " selected")
        self.refresh(keep_message=True)

    def _on_problem_click(self, **event: Any) -> None:
        props = (event.get("feature") or {}).get("properties") or event.get("properties") or {}
        if "index" in props:
            self.select_problem(int(props["index"]))

    def _on_problem_select(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self._pushing:
            self.select_problem(int(change["new"]))

    def select_problem(self, index: int) -> None:
        """Select the regions a problem names (the first two) and show its message."""
        problem = self.problems[index]
        self.selected = list(problem.regions[:2])
        self._say(problem.message, refused=True)
        self.refresh(keep_message=True)

    def _set_mode(self, mode: str, geoman: str | None) -> None:
        self.mode = mode
        if mode == "edit":
            self._push_draw_data()
        else:
            self.draw.data = []
        self.draw.current_mode = geoman
        self.refresh(keep_message=True)

    def _on_split(self, _: Any = None) -> None:
        self._set_mode("split", "draw:Line")
        self._say("Draw a line across the region to split (double-click ends it).")

    def _on_draw_mode(self, _: Any = None) -> None:
        self._set_mode("draw", "draw:Polygon")
        self._say("Draw a polygon over a gap; it is clipped to the free area.")

    def _on_edit_mode(self, _: Any = None) -> None:
        self._set_mode("edit", "edit")
        self._say("Drag a vertex; every region sharing it follows.")

    def _on_select_mode(self, _: Any = None) -> None:
        self._set_mode("select", None)

    def _on_draw(self, target: Any = None, action: str = "", geo_json: Any = None) -> None:
        features = geo_json if isinstance(geo_json, list) else [geo_json] if geo_json else []
        if action == "create":
            terrain = self.board[self.selected[0]].terrain if self.selected else "farmland"
            self.apply(apply_drawn, features, selected=list(self.selected), terrain=terrain)
            self.draw.clear()
        elif action in ("vertexdrag", "edit", "markerdragend", "vertexadded", "vertexremoved"):
            if action == "vertexremoved":
                self._say("Removing vertices is not supported; use undo.", refused=True)
                return
            self.apply(apply_edited, [f for f in features if isinstance(f, dict)])

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

    def _on_merge(self, _: Any = None) -> None:
        if len(self.selected) != 2:
            self._say("Select two neighbouring regions to merge.", refused=True)
            return
        self.apply(ed.merge, self.selected[0], self.selected[1])

    def _on_delete(self, _: Any = None) -> None:
        if not self.selected:
            self._say("Select a region to delete.", refused=True)
            return
        rid = self.selected[0]
        if self.apply(ed.delete, rid):
            self.selected = []
            self.refresh(keep_message=True)

    def _on_give(self, _: Any = None) -> None:
        if len(self.selected) != 2:
            self._say("Select the region to delete, then the neighbour to receive it.", True)
            return
        gone, to = self.selected
        if self.apply(ed.delete, gone, give_to=to):
            self.selected = [to]
            self.refresh(keep_message=True)

    def _on_undo(self, _: Any = None) -> None:
        self.apply(ed.undo)

    def _on_redo(self, _: Any = None) -> None:
        self.apply(ed.redo)

    def _on_terrain(self, terrain: str) -> None:
        if not self.selected:
            self._say("Select a region first.", refused=True)
            return
        for rid in list(self.selected):
            self.apply(ed.set_terrain, rid, terrain)

    def _on_symbol(self, symbol: str) -> None:
        if not self.selected:
            self._say("Select a region first.", refused=True)
            return
        self.apply(ed.toggle_symbol, self.selected[0], symbol)

    def _on_new(self, _: Any = None) -> None:
        self.new(self.source.value, players=self.players.value, seed=self.seed.value)

    def new(
        self, source: str, *, players: int = 3, seed: int = 0, regions: int | None = None
    ) -> None:
        """Start over from ``source`` (one of :data:`SOURCES`); undo is reset."""
        try:
            if source == "rectangle":
                o = official_board(players if players in OFFICIAL_PLAYERS else 5).outline.bounds
                draft = ed.blank(o[2] - o[0], o[3] - o[1], players)
            elif source.startswith("official"):
                draft = ed.from_official(int(source.split()[1][0]))
            elif source.startswith("graph"):
                p = source.split()[1][0]
                draft = ed.from_graph(f"official_{p}p", seed=seed)
            elif source == "random":
                n = regions if regions is not None else self.random_regions.value
                draft = ed.from_random(n, players=players, seed=seed)
            else:
                raise EditError(None, f"unknown source {source!r}; use one of {SOURCES}")
        except (EditError, ValueError) as error:
            self._say(str(error), refused=True)
            return
        self.draft = draft
        self.selected = []
        self.balance = None
        self._fit()
        self._say(f"new board from {source}")
        self.refresh(keep_message=True)

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
            self._say(f"Could not save {target}: {error}", refused=True)
            raise

    def _write(self, target: Path, name: str) -> list[Problem]:
        write_board(self.board, target)
        problems = validate(self.board)
        if problems:
            self._say(
                f"Saved {name} as a draft: {len(problems)} problem(s) left before it can "
                "be played.",
                refused=True,
            )
        else:
            self._say(f"Saved {name}.")
        return problems

    def load(self, path: str | os.PathLike[str] | None = None) -> None:
        """Replace the draft with a board read from GeoJSON. Without ``path``, the name in
        the file box is loaded from the workspace, as the load button does."""
        if path is None:
            self._on_load()
            return
        try:
            self._read(Path(path))
        except MapFormatError as error:
            self._say(str(error), refused=True)
            return
        self._say(f"Loaded {path}.")
        self.refresh(keep_message=True)

    def _read(self, target: Path) -> None:
        self.draft = ed.from_geojson(target)
        self.selected = []
        self._fit()

    def _file_row(self, row: widgets.HBox) -> widgets.HBox:
        if not self.files.enabled:
            row.layout.display = "none"
        return row

    def _on_save(self, _: Any = None) -> None:
        """The save button: the name in the file box, inside the workspace; an existing
        file waits for "replace"."""
        outcome = self.files.save("save", self.path.value, "map", self._box_write)
        self._show_file(outcome)

    def _box_write(self, target: Path) -> None:
        write_board(self.board, target)

    def _on_load(self, _: Any = None) -> None:
        """The load button: the name in the file box, from the workspace."""
        outcome = self.files.open("load", self.path.value, "map", self._read)
        self._show_file(outcome)
        if outcome.ok:
            self._say(f"Loaded {self.path.value.strip()}.")
            self.refresh(keep_message=True)

    def _show_file(self, outcome: Outcome) -> None:
        """A file box outcome as one line; a finished save warns about a draft."""
        self.confirm_row.layout.display = "flex" if outcome.confirm else "none"
        if outcome.ok and outcome.message.startswith("Done: save"):
            problems = validate(self.board)
            name = outcome.message.removeprefix("Done: save (").removesuffix(").")
            if problems:
                self._say(
                    f"Saved {name} as a draft: {len(problems)} problem(s) left before it "
                    "can be played.",
                    refused=True,
                )
            else:
                self._say(f"Saved {name}.")
            return
        self._say(outcome.message, refused=not outcome.ok and not outcome.confirm)

    def _on_play_test(self, _: Any = None) -> None:
        try:
            bots = [b for b in self.bots.value.split(",") if b.strip()]
            self.play_test(bots=bots, games=self.games.value, seed=self.seed.value)
        except (EditError, ValueError) as error:
            self._say(str(error), refused=True)

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
        self._say(f"Play test: {games} bot games.")
        self.refresh(keep_message=True)
        return result

    # --- redraw -----------------------------------------------------------------------
    def _refresh_labels(self) -> None:
        """Region ids at their label points; rebuilt only when the board changed."""
        if self._labelled is self.board:
            return
        old = self.label_layer.layers
        points = label_points(self.board)
        self.label_layer.layers = tuple(_label_marker(rid, xy) for rid, xy in points.items())
        for marker in old:
            marker.close()
        self._labelled = self.board

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw everything from the draft (new objects for every trait)."""
        board = self.board
        self.problems = validate(board)
        flagged = {rid for p in self.problems for rid in p.regions}
        self.layer.data = region_features(board, selected=self.selected, flagged=flagged)
        on = {key for key, t in self.toggles.items() if t.value}
        data: dict[str, dict[str, Any]] = {}
        if "adjacency" in on:
            data["adjacency"] = adjacency_features(board)
        for key in ("edge", "coastal", "first_conquest"):
            if key in on:
                data[key] = region_set_features(board, key)
        if "problems" in on:
            data["problems"] = problem_features(self.problems)
        if "diff" in on and self.expected is not None:
            data["diff"] = diff_features(board, expected_diff(board, self.expected))
        if "heat" in on and self.balance is not None:
            data["heat"] = heat_features(board, self.balance.held)
        for key, layer in self.overlay_layers.items():
            layer.data = data.get(key, _empty())
        self._pushing = True
        try:
            self.problem_list.options = [(p.message, k) for k, p in enumerate(self.problems)]
            self.problem_list.value = None
        finally:
            self._pushing = False
        d = self.draft
        n = len(self.problems)
        state = "sound: ready to play" if n == 0 else f"{n} problem{'s' if n != 1 else ''}"
        self.status.value = (
            f"<b>{html.escape(board.name)}</b>: {len(board)} regions, {board.players} players "
            f"&mdash; {state}; selected: {', '.join(map(str, self.selected)) or 'none'}"
        )
        self.buttons["undo"].disabled = not d.past
        self.buttons["redo"].disabled = not d.future
        self.buttons["merge"].disabled = len(self.selected) != 2
        self.buttons["give to"].disabled = len(self.selected) != 2
        self.buttons["delete"].disabled = not self.selected
        self.stats.value = _stats_html(board)
        self._refresh_labels()
        if self.mode == "edit" and not self._pushing:
            self._push_draw_data()
        if not keep_message:
            self.message.value = ""


def _label_marker(region_id: int, xy: tuple[float, float]) -> Marker:
    markup = (
        f"<div class='swlab-editor-label swlab-editor-label-{region_id}' style='font:700 12px "
        "sans-serif;color:#000;text-align:center;text-shadow:0 0 3px #fff,0 0 3px #fff'>"
        f"{region_id}</div>"
    )
    return Marker(
        location=[xy[1], xy[0]],
        icon=DivIcon(html=markup, icon_size=[40, 16], icon_anchor=[20, 8]),
        draggable=False,
        keyboard=False,
        title="",
        pane="swlab-editor-labels",
    )


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


def _stats_html(board: Board) -> str:
    players = board.players if board.players in OFFICIAL_PLAYERS else 5
    try:
        table = compare_stats(board, official_board(players))
    except Exception as error:  # a broken draft the topology cannot measure
        return f"<i>stats unavailable: {html.escape(str(error))}</i>"
    return str(table.to_html(index=False, na_rep=""))


def _event_region(event: Mapping[str, Any]) -> int | None:
    props = event.get("properties") or {}
    rid = props.get("region", event.get("id"))
    if rid is None:
        rid = (event.get("feature") or {}).get("id")
    try:
        return int(rid) if rid is not None else None
    except (TypeError, ValueError):
        return None

"""The game viewer widget: an ipyleaflet map of the board and a side panel.

The wiring is thin on purpose: every callback calls the :class:`GameController` and then
:meth:`GameViewer.refresh`, which asks the controller for a fresh
:class:`~swlab.play.controller.PanelModel` and assigns *new* objects to the widgets'
traits (widgets only see a change when a trait gets a new object).

>>> from swlab.play import GameViewer                                # doctest: +SKIP
>>> GameViewer("official_2p", players=["Ann", "Bob"], seed=7)        # doctest: +SKIP
"""

from __future__ import annotations

import html
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipyleaflet import DivIcon, GeoJSON, LayerGroup, Map, Marker, projections  # type: ignore[import-untyped]

from swlab.board.model import Board
from swlab.play.controller import ClickResult, GameController, PanelModel
from swlab.play.style import HOVER_STYLE, PLAYER_COLOURS, fit_view, legend_html, text_colour
from swlab.rules.actions import Action
from swlab.rules.game import Game
from swlab.rules.state import GameState
from swlab.workspace import FileBox, Outcome, Workspace

__all__ = ["GameViewer", "css"]

LABEL_SIZE = (150, 70)  # px box of a region label, centred on its anchor


def css(text_px: int = 16, label_scale: float = 1.0) -> str:
    """The viewer's style block: large text for a room, transparent label icons that let
    clicks through to the regions."""
    t = text_px
    return f"""<style>
.swlab-viewer {{ font-size: {t}px; line-height: 1.35; }}
.swlab-viewer .widget-button, .swlab-viewer .widget-toggle-button {{
  font-size: {t - 1}px; height: auto; min-height: {t + 16}px; padding: 2px 10px; }}
.swlab-viewer .widget-label, .swlab-viewer .widget-readout,
.swlab-viewer .widget-html-content, .swlab-viewer .widget-checkbox label {{
  font-size: {t - 1}px; }}
.swlab-viewer table {{ border-collapse: collapse; font-size: {t - 2}px; }}
.swlab-viewer th, .swlab-viewer td {{ border-bottom: 1px solid #ccc; padding: 2px 6px;
  text-align: left; }}
.swlab-viewer .swlab-status {{ font-size: {t + 3}px; font-weight: 700; }}
.swlab-viewer .swlab-message {{ border-left: 5px solid #000; padding: 4px 8px;
  background: #f4f4f4; white-space: pre-wrap; }}
.swlab-viewer .swlab-message.swlab-refused {{ border-left-color: #D55E00; }}
.swlab-viewer .swlab-hover {{ white-space: pre-wrap; min-height: {2 * t}px; }}
.swlab-viewer .swlab-log {{ font-size: {t - 3}px; max-height: 16em; overflow-y: auto;
  white-space: pre-wrap; font-family: monospace; }}
.swlab-map .leaflet-div-icon {{ background: transparent; border: none;
  pointer-events: none !important; }}
.swlab-map.leaflet-container, .swlab-map .leaflet-container {{ background: #f7f7f2; }}
.swlab-map .swlab-label {{ transform: scale({label_scale:.3g}); }}
</style>"""


class GameViewer:
    """A playable board: click regions, use the buttons, step through history.

    Parameters
    ----------
    game_or_board
        A board, a shipped board name, a :class:`GameState`, a
        :class:`~swlab.rules.game.Game` or a :class:`GameController`.
    players, seed, races, powers
        For a new game (see :class:`GameController`).
    bots
        Seats played by bots: ``{1: "greedy"}``; with ``auto_bots`` they move after you.
    width, height
        Map size in pixels (the zoom-to-fit uses them); the height follows the board's
        shape by default.
    text_px, label_scale
        Text size of the panel, and a scale for the map's labels (labels overlap on a
        small map: grow ``width`` with them). For a projector: ``text_px=20,
        label_scale=1.25, width=1100``.
    workspace, file_boxes
        The folder the file box saves to and opens from (default: ``swlab-files/`` beside
        the notebook, or ``$SWLAB_WORKSPACE``); ``file_boxes=False`` (or
        ``SWLAB_FILE_BOXES=off``) hides the file box, for a notebook served to a room.
        Chosen by the host: nothing typed in the page leaves the workspace
        (:mod:`swlab.workspace`).
    """

    def __init__(
        self,
        game_or_board: GameController | Game | GameState | Board | str,
        players: int | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        races: Sequence[str] | None = None,
        powers: Sequence[str] | None = None,
        bots: Mapping[int, Any] | None = None,
        auto_bots: bool = True,
        width: int = 820,
        height: int | None = None,
        text_px: int = 16,
        panel_width: int = 480,
        label_scale: float = 1.0,
        reveal: bool = False,
        workspace: Workspace | str | os.PathLike[str] | None = None,
        file_boxes: bool | None = None,
    ) -> None:
        if isinstance(game_or_board, GameController):
            self.controller = game_or_board
        else:
            self.controller = GameController(
                game_or_board, players, seed=seed, races=races, powers=powers, bots=bots
            )
        c = self.controller
        self.reveal = reveal
        self.model: PanelModel = c.panel(reveal)
        minx, miny, maxx, maxy = c.shapes.bounds
        if height is None:  # the board's aspect ratio, plus the fit margins
            height = round(width * (maxy - miny) / max(maxx - minx, 1e-9)) + 24
        view = fit_view(c.shapes.bounds, width, height, snap=0.125)

        # --- the map --------------------------------------------------------------------
        self.layer = GeoJSON(data=self.model.features, hover_style=dict(HOVER_STYLE))
        self.layer.on_click(self._on_click)
        self.layer.on_hover(self._on_hover)
        w, h = LABEL_SIZE
        self.markers: dict[int, Marker] = {}
        self._label_html: dict[int, str] = {}
        for rid, (loc, markup) in self.model.labels.items():
            self.markers[rid] = Marker(
                location=list(loc),
                icon=DivIcon(html=markup, icon_size=[w, h], icon_anchor=[w // 2, h // 2]),
                draggable=False,
                keyboard=False,
                title="",
                pane="swlab-labels",
            )
            self._label_html[rid] = markup
        self.label_layer = LayerGroup(layers=tuple(self.markers.values()))
        self.map = Map(
            crs=projections.Simple,
            layers=(self.layer, self.label_layer),
            center=list(view.center),
            zoom=view.zoom,
            min_zoom=view.min_zoom,
            max_zoom=view.max_zoom,
            zoom_snap=0.125,
            zoom_delta=0.5,
            scroll_wheel_zoom=True,
            attribution_control=False,
            panes={"swlab-labels": {"zIndex": "650", "pointerEvents": "none"}},
            layout=widgets.Layout(
                width=f"{width}px", height=f"{height}px", flex="0 0 auto", margin="0 12px 8px 0"
            ),
        )
        self.map.add_class("swlab-map")

        # --- the side panel -------------------------------------------------------------
        self.style = widgets.HTML(css(text_px, label_scale))
        self.status = widgets.HTML()
        self.status.add_class("swlab-status")
        self.message = widgets.HTML()
        self.hover_box = widgets.HTML()
        self.hover_box.add_class("swlab-hover")
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.button_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.undo_button = self._button("undo", self._on_undo, "Step back (U)")
        self.redo_button = self._button("redo", self._on_redo, "Step forward again")
        self.slider = widgets.IntSlider(
            min=0,
            max=max(1, self.model.length),
            value=self.model.index,
            description="history",
            continuous_update=False,
            layout=widgets.Layout(width="100%"),
        )
        self.slider.observe(self._on_slider, "value")
        self.roll_button = self._button(
            "roll the die",
            self._on_roll,
            "The die is chance: the face this position draws from the game's seed",
        )
        self.bot_button = self._button("bot: one action", self._on_bot, "A bot plays one")
        self.finish_button = self._button("bot: finish turn", self._on_finish, "")
        self.hint_button = self._button("hint", self._on_hint, "What would a bot do?")
        self.autoplay_button = self._button(
            "autoplay", self._on_autoplay, "Bots play every seat to the end of the game"
        )
        self.auto_bots = widgets.Checkbox(value=auto_bots, description="bots move after you")
        self.market_box = widgets.HTML()
        self.score_box = widgets.HTML()
        self.reveal_button = widgets.ToggleButton(
            value=reveal, description="reveal coins", tooltip="Coins are hidden (R-SETUP-4)"
        )
        self.reveal_button.observe(self._on_reveal, "value")
        self.log_box = widgets.HTML()
        self.log_box.add_class("swlab-log")
        self.path = widgets.Text(
            value="game.json", description="file", layout=widgets.Layout(width="100%")
        )
        self._file_buttons = [
            self._button("save game", self._on_file, "Save the game record (JSON)"),
            self._button("open game", self._on_file, "Replay a saved game record"),
            self._button("save position", self._on_file, "Save this position (scenario)"),
            self._button("open position", self._on_file, "Open a scenario file"),
        ]
        files_row = widgets.HBox(self._file_buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self.files = FileBox(_workspace(workspace, file_boxes))
        self.replace_button = self._button("replace", self._on_replace, "Overwrite the file")
        self.keep_button = self._button("keep", self._on_keep, "Keep the file as it is")
        self.confirm_row = widgets.HBox([self.replace_button, self.keep_button])
        self.confirm_row.layout.display = "none"
        files_title = widgets.HTML("<b>Game records and scenario files</b>")
        file_box = widgets.VBox([files_title, self.path, files_row, self.confirm_row])
        if not self.files.enabled:
            file_box.layout.display = "none"
        self._choice_buttons: list[widgets.Button] = []
        self._action_buttons: list[widgets.Button] = []
        self._updating_slider = False

        bots_row = widgets.HBox(
            [
                self.roll_button,
                self.bot_button,
                self.finish_button,
                self.autoplay_button,
                self.hint_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.panel = widgets.VBox(
            [
                self.status,
                self.message,
                self.choice_box,
                self.button_box,
                self.hover_box,
                widgets.HBox([self.undo_button, self.redo_button]),
                self.slider,
                bots_row,
                self.auto_bots,
                widgets.HTML("<b>Column of combos</b>"),
                self.market_box,
                widgets.HBox([widgets.HTML("<b>Players</b>"), self.reveal_button]),
                self.score_box,
                widgets.HTML("<b>What happened</b>"),
                self.log_box,
                widgets.HTML("<b>Legend</b>"),
                widgets.HTML(legend_html(p.name for p in c.state.players)),
                file_box,
            ],
            layout=widgets.Layout(width=f"{panel_width}px", flex="0 0 auto"),
        )
        # the panel wraps below the map when the notebook is narrower than both
        row = widgets.HBox([self.map, self.panel], layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox([self.style, row])
        self.widget.add_class("swlab-viewer")
        self.refresh()

    # --- display --------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def _button(self, label: str, handler: Any, tooltip: str) -> widgets.Button:
        b = widgets.Button(description=label, tooltip=tooltip, layout=widgets.Layout(width="auto"))
        b.on_click(handler)
        return b

    # --- callbacks: call the controller, then refresh ------------------------------------
    def _on_click(self, **event: Any) -> None:
        rid = _region_id(event)
        if rid is None:
            return
        self._after(self.controller.click(rid))

    def _on_hover(self, **event: Any) -> None:
        rid = _region_id(event)
        if rid is not None:
            self.hover_box.value = html.escape(self.controller.hover(rid))

    def _on_action(self, action: Action) -> None:
        self._after(self.controller.apply(action))

    def _after(self, result: ClickResult) -> None:
        if result.ok and self.auto_bots.value:
            self.controller.run_bots()
        self.refresh()

    def _on_undo(self, _: Any = None) -> None:
        self.controller.undo()
        self.refresh()

    def _on_redo(self, _: Any = None) -> None:
        self.controller.redo()
        self.refresh()

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._updating_slider:
            return
        self.controller.goto(int(change["new"]))
        self.refresh()

    def _on_roll(self, _: Any = None) -> None:
        self._after(self.controller.roll())

    def _on_bot(self, _: Any = None) -> None:
        self.controller.next_action()
        self.refresh()

    def _on_finish(self, _: Any = None) -> None:
        self.controller.finish_turn()
        self.refresh()

    def _on_autoplay(self, _: Any = None) -> None:
        self.controller.autoplay()
        self.refresh()

    def _on_hint(self, _: Any = None) -> None:
        self.refresh()
        self.message.value = html.escape(self.controller.hint())

    def _on_file(self, button: widgets.Button) -> None:
        """Save or open the name typed in the file box, inside the workspace only
        (:class:`~swlab.workspace.FileBox`); a failure is one line in the panel."""
        name, c, files = self.path.value, self.controller, self.files
        verb = button.description
        if verb == "save game":
            outcome = files.save(verb, name, "record", c.save_record)
        elif verb == "save position":
            outcome = files.save(verb, name, "scenario", c.save_scenario)
        elif verb == "open game":
            outcome = files.open(verb, name, "record", c.load_record)
        else:
            outcome = files.open(verb, name, "scenario", c.load_scenario)
        self._show_file(outcome)

    def _on_replace(self, _: Any = None) -> None:
        self._show_file(self.files.confirm())

    def _on_keep(self, _: Any = None) -> None:
        self._show_file(self.files.cancel())

    def _show_file(self, outcome: Outcome) -> None:
        self.refresh()
        self.confirm_row.layout.display = "flex" if outcome.confirm else "none"
        refused = "" if outcome.ok or outcome.confirm else " swlab-refused"
        self.message.value = (
            f"<div class='swlab-message{refused}'>{html.escape(outcome.message)}</div>"
        )

    def _on_reveal(self, change: dict[str, Any]) -> None:
        self.reveal = bool(change["new"])
        self.refresh()

    # --- redraw ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from a fresh panel model (new objects for every trait)."""
        c = self.controller
        m = c.panel(self.reveal)
        self.model = m
        self.layer.data = m.features
        w, h = LABEL_SIZE
        for rid, (_loc, markup) in m.labels.items():
            if self._label_html.get(rid) != markup:
                old = self.markers[rid].icon
                self.markers[rid].icon = DivIcon(
                    html=markup, icon_size=[w, h], icon_anchor=[w // 2, h // 2]
                )
                self._label_html[rid] = markup
                if old is not None:
                    old.close()

        actor = m.status.actor
        colour = PLAYER_COLOURS[actor % len(PLAYER_COLOURS)] if actor is not None else "#555"
        self.status.value = (
            f"<div style='border-left:10px solid {colour};padding-left:8px'>"
            f"{html.escape(m.status.text)}</div>"
        )
        last = c.last
        refused = last is not None and last.kind == "refused"
        self.message.value = (
            f"<div class='swlab-message{' swlab-refused' if refused else ''}'>"
            f"{html.escape(m.message)}</div>"
            if m.message
            else ""
        )
        self._set_buttons(
            self.choice_box, self._choice_buttons, [(repr(a), a) for a in m.choices], "primary"
        )
        self._set_buttons(
            self.button_box, self._action_buttons, [(b.label, b.action) for b in m.buttons], ""
        )
        self.undo_button.disabled = not c.can_undo()
        self.redo_button.disabled = not c.can_redo()
        self._updating_slider = True
        try:
            self.slider.max = max(1, m.length)
            self.slider.value = m.index
        finally:
            self._updating_slider = False
        has_bots = c.has_bots()
        for b in (self.bot_button, self.finish_button, self.hint_button):
            b.disabled = not has_bots or m.status.over
        self.roll_button.disabled = m.status.stage != "roll"
        self.market_box.value = _market_table(m.market)
        self.score_box.value = _score_table(m.scoreboard)
        self.log_box.value = html.escape("\n".join(reversed(m.log)))

    def _set_buttons(
        self,
        box: widgets.HBox,
        current: list[widgets.Button],
        items: list[tuple[str, Action]],
        style: str,
    ) -> None:
        if [b.description for b in current] == [label for label, _ in items]:
            return
        for b in current:
            b.close()
        current.clear()
        for label, action in items:
            b = widgets.Button(
                description=label,
                tooltip=repr(action),
                button_style=style,
                layout=widgets.Layout(width="auto"),
            )
            b.on_click(lambda _b, a=action: self._on_action(a))
            b.add_class(f"swlab-action-{action.verb}")
            current.append(b)
        box.children = tuple(current)

    def button(self, label: str) -> widgets.Button:
        """The visible action or choice button whose label starts with ``label``."""
        for b in self._choice_buttons + self._action_buttons + self._file_buttons:
            if b.description == label or b.description.startswith(label + ":"):
                return b
        names = [b.description for b in self._choice_buttons + self._action_buttons]
        raise KeyError(f"no button {label!r}; buttons: {names}")

    def __repr__(self) -> str:
        return f"<GameViewer {self.controller.status().text}>"


def _workspace(
    workspace: Workspace | str | os.PathLike[str] | None, file_boxes: bool | None
) -> Workspace:
    """The host's workspace for the file box (see :class:`~swlab.workspace.Workspace`)."""
    if isinstance(workspace, Workspace):
        if file_boxes is not None:
            workspace.enabled = file_boxes
        return workspace
    return Workspace(Path(workspace) if workspace is not None else None, enabled=file_boxes)


def _region_id(event: Mapping[str, Any]) -> int | None:
    props = event.get("properties") or {}
    rid = props.get("region", event.get("id"))
    if rid is None:
        feature = event.get("feature") or {}
        rid = feature.get("id")
    try:
        return int(rid) if rid is not None else None
    except (TypeError, ValueError):
        return None


def _market_table(rows: list[dict[str, Any]]) -> str:
    """The column: position (= its cost in coins, R-PICK-1), combo, coins on it, tokens."""
    head = "<tr><th>pick</th><th>combo</th><th>coins on it</th><th>tokens</th></tr>"
    body = "".join(
        f"<tr><td>{r['position']}</td><td>{html.escape(r['power'])} "
        f"{html.escape(r['race'])}</td><td>{r['coins on it']}</td><td>{r['tokens']}</td></tr>"
        for r in rows
    )
    return f"<table>{head}{body}</table>"


def _score_table(rows: list[dict[str, Any]]) -> str:
    cols = ["player", "active race", "in decline", "regions", "would score", "coins"]
    names = ["player", "race", "decline", "regions", "scores", "coins"]
    head = "".join(f"<th>{html.escape(c)}</th>" for c in names)
    body = []
    for r in rows:
        colour = PLAYER_COLOURS[int(r["seat"]) % len(PLAYER_COLOURS)]
        name = html.escape(str(r["player"])) + (" (bot)" if r.get("bot") else "")
        mark = " &#9664;" if r["to act"] else ""
        chip = (
            f"<span style='background:{colour};color:{text_colour(colour)};"
            f"padding:0 6px;border-radius:8px;font-weight:700'>{name}</span>{mark}"
        )
        cells = [chip] + [html.escape(str(r[c])) for c in cols[1:]]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"

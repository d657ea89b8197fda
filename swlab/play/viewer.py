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

from swlab import i18n
from swlab import names as game_words
from swlab.board.model import Board
from swlab.bots.levels import LEVELS, title_of
from swlab.game.game import Game
from swlab.i18n import N_, NC_, _, npgettext
from swlab.play.controller import BotSpec, ClickResult, GameController, PanelModel
from swlab.play.ending import END_CSS, coins_chart, ending, ending_html
from swlab.play.lesson import LessonBox
from swlab.play.pacing import BotClock
from swlab.play.style import (
    DIM_CSS,
    HOVER_STYLE,
    LABEL_MAX_EM,
    PLAYER_COLOURS,
    abbreviations_html,
    die_face_svg,
    fit_view,
    label_px,
    legend_html,
    target_rings,
    text_colour,
)
from swlab.rules.actions import Action, Roll
from swlab.rules.state import GameState
from swlab.workspace import FileBox, Outcome, Workspace

__all__ = ["GameViewer", "css"]

#: Reserved height (px) above and below the viewer's row: notebook or Voila chrome.
CHROME_PX = 150
#: The share of the row the map takes at most; the panel has the rest.
MAP_SHARE = 0.63


def css(text_px: int | None = 16, label_scale: float = 1.0, label: int = 16) -> str:
    """The viewer's style block: text that scales with the viewer's width (or a fixed
    ``text_px``), the map's label size ``label`` (px), transparent label icons whose empty
    box lets clicks through to the regions while their text takes the click (and passes
    it to its own region, :meth:`GameViewer._on_region`: a label may reach over a
    neighbour), and hover feedback on targets only."""
    size = "clamp(14px, 1.05cqw + 3px, 23px)" if text_px is None else f"{text_px}px"
    return f"""<style>
.swlab-viewer {{ container-type: inline-size; }}
.swlab-viewer .swlab-row {{ font-size: {size}; line-height: 1.35; --t: {size}; }}
.swlab-viewer .swlab-row .widget-button, .swlab-viewer .swlab-row .widget-toggle-button {{
  font-size: 0.94em; height: auto; min-height: 2.05em; padding: 0.15em 0.6em;
  white-space: normal; max-width: 100%; text-align: left; line-height: 1.25; }}
.swlab-viewer .swlab-row .widget-label, .swlab-viewer .swlab-row .widget-readout,
.swlab-viewer .swlab-row .widget-html, .swlab-viewer .swlab-row .widget-html-content,
.swlab-viewer .swlab-row .widget-checkbox label, .swlab-viewer .swlab-row .widget-text input {{
  font-size: var(--t); line-height: 1.35; height: auto; }}
.swlab-viewer .swlab-row .widget-textarea textarea {{ font: inherit; font-size: var(--t); }}
.swlab-viewer .swlab-table {{ max-width: 100%; overflow-x: auto; }}
.swlab-viewer table {{ border-collapse: collapse; font-size: 0.9em; max-width: 100%; }}
.swlab-viewer th, .swlab-viewer td {{ border-bottom: 1px solid #ccc; padding: 2px 3px;
  text-align: left; }}
.swlab-viewer th {{ vertical-align: bottom; font-size: 0.88em; }}
.swlab-viewer .swlab-status {{ font-size: 1.12em; font-weight: 700; }}
.swlab-viewer .swlab-message {{ border-left: 5px solid #000; padding: 4px 8px;
  background: #f4f4f4; white-space: pre-wrap; }}
.swlab-viewer .swlab-message.swlab-refused {{ border-left-color: #D55E00; }}
.swlab-viewer .swlab-hover {{ white-space: pre-wrap; min-height: 2em; }}
.swlab-viewer .swlab-row .widget-button.swlab-roll {{ font-size: 1.15em; font-weight: 700;
  min-height: 2.4em; padding: 0.2em 1em; }}
.swlab-viewer .swlab-die {{ display: inline-block; vertical-align: middle; margin-right: 8px; }}
.swlab-viewer .swlab-keys-hint {{ font-size: 0.85em; color: #444; }}
.swlab-viewer .swlab-log {{ font-size: 0.85em; max-height: 16em; overflow-y: auto; }}
.swlab-viewer .swlab-panel {{ flex: 1 1 18em; min-width: 17em; overflow-y: auto;
  max-height: calc(100vh - {CHROME_PX // 2}px); padding-right: 4px; }}
.swlab-viewer .swlab-panel > * {{ flex-shrink: 0; }}
.swlab-viewer .swlab-row .widget-html > .widget-html-content {{ height: auto; }}
.swlab-viewer .swlab-row {{ display: flex; flex-flow: row nowrap; align-items: flex-start;
  gap: 12px; width: 100%; }}
.swlab-map .leaflet-div-icon {{ background: transparent; border: none;
  pointer-events: none !important; }}
.swlab-map .swlab-label > * {{ pointer-events: auto; cursor: default; }}
.swlab-map.leaflet-container, .swlab-map .leaflet-container {{ background: #f7f7f2; }}
.swlab-map {{ --swlab-label-px: {label}px; }}
.swlab-map .swlab-label {{ font-size: var(--swlab-label-px);
  transform: scale({label_scale:.3g}); }}
.swlab-map path.swlab-region {{ cursor: default; }}
.swlab-map path.swlab-target {{ cursor: pointer; }}
.swlab-map path.swlab-target:hover {{ stroke-width: 8px; fill-opacity: 1; }}
.swlab-map path.swlab-target-ring {{ pointer-events: none; }}
{DIM_CSS}
</style>"""


class GameViewer:
    """A playable board: click regions, use the buttons, step through history.

    Parameters
    ----------
    game_or_board
        A board, a shipped board name, a :class:`GameState`, a
        :class:`~swlab.game.game.Game` (the viewer plays on its own copy, so later cells
        playing on the game never move the board shown) or a :class:`GameController`
        (shared as it is).
    players, seed, races, powers
        For a new game (see :class:`GameController`).
    bots
        Seats played by bots: ``{1: "greedy"}``; with ``auto_bots`` they move after you.
    width, height
        A fixed map size in pixels. By default the map is fluid: it takes its share of
        the notebook cell or Voila page, as large as the window's height allows for the
        board's shape, with the panel beside it; the zoom and the labels follow the size
        the browser reports.
    text_px, label_scale
        A fixed text size of the panel (by default it scales with the viewer's width), and
        a factor on the map's labels (whose size follows the map's size). On a projector
        the defaults fit; ``label_scale=1.25`` for a large room.
    panel_width
        A fixed panel width in pixels (by default the rest of the row).
    map_share, label_size
        The share of the row the fluid map may take, and a factor on the label size
        computed from the map's size (the presenter uses both to fill a room's screen).
    workspace, file_boxes
        The folder the file box saves to and opens from (default: ``swlab-files/`` beside
        the notebook, or ``$SWLAB_WORKSPACE``); ``file_boxes=False`` (or
        ``SWLAB_FILE_BOXES=off``) hides the file box, for a notebook served to a room.
        Chosen by the host: nothing typed in the page leaves the workspace
        (:mod:`swlab.workspace`).
    guide
        Show "How to play" in the panel, under the status line, beside the board (folded:
        one click opens it), with the keyboard shortcuts when they are bound.
    pace
        Seconds between two shown steps of a bot's turn (:mod:`swlab.play.pacing`); 0, the
        default, plays a bot's turn at once. The slider in the panel changes it.
    bot_controls
        Show the bots' controls: *bot: one action*, *finish turn*, *autoplay*, *hint*,
        *bots move after you*, the pace and each seat's level, and their keys (N, H, P).
        ``False`` hides them, with ``auto_bots`` off, for a board that is not a game against
        bots (a level of the learn path, :mod:`swlab.learn.widget`).
    language
        The language of the panel and hover (``"el"``, ``"tr"``, ...; by default the one in
        effect, :mod:`swlab.i18n`). It is this viewer's own: the switch in its panel
        (:meth:`set_language`) changes it without changing any other widget's.
    """

    def __init__(self, *args: Any, language: str | None = None, **kwargs: Any) -> None:
        self.language = i18n.language(language)
        #: the texts a language switch relabels: widget, trait, English source, template
        #: (the translation goes in its ``{}``) and the source's fields
        self._labels: list[tuple[Any, str, str, str, dict[str, Any]]] = []
        self._file_verbs: dict[int, str] = {}
        with i18n.using(self.language):
            self._setup(*args, **kwargs)

    def _setup(
        self,
        game_or_board: GameController | Game | GameState | Board | str,
        players: int | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        races: Sequence[str] | None = None,
        powers: Sequence[str] | None = None,
        bots: Mapping[int, BotSpec] | None = None,
        auto_bots: bool = True,
        width: int | None = None,
        height: int | None = None,
        text_px: int | None = None,
        panel_width: int | None = None,
        label_scale: float = 1.0,
        reveal: bool = False,
        map_share: float = MAP_SHARE,
        label_size: float = 1.0,
        workspace: Workspace | str | os.PathLike[str] | None = None,
        file_boxes: bool | None = None,
        guide: bool = False,
        pace: float = 0.0,
        bot_controls: bool = True,
    ) -> None:
        self.bot_controls = bot_controls
        self.controller = _controller_of(game_or_board, players, seed, races, powers, bots)
        c = self.controller
        self.reveal = reveal
        minx, miny, maxx, maxy = c.shapes.bounds
        self.aspect = max(maxx - minx, 1e-9) / max(maxy - miny, 1e-9)
        self.fixed_size = width is not None
        self.label_scale = label_scale
        self.label_size = label_size
        self.text_px = text_px
        layout, (px_w, px_h) = self._map_layout(width, height, map_share)
        self._size = (float(px_w), float(px_h))
        view = fit_view(c.shapes.bounds, px_w, px_h, snap=0.125)
        self._label_px = label_px(px_w, px_h, len(c.shapes.ids), label_size)
        self._fit = (view.zoom, self._label_px * label_scale)
        # non-targets are dimmed by the map's class (DIM_CSS), not in every feature
        self.model: PanelModel = c.panel(reveal, fit=self._fit, dim=False)

        self._build_map(view, layout)
        self._build_controls(reveal)
        bots_row = self._build_bot_controls(auto_bots and bot_controls)
        self._build_clock(pace)
        file_box = self._build_files(workspace, file_boxes)
        self._choice_buttons: list[widgets.Button] = []
        self._action_buttons: list[widgets.Button] = []
        #: the action each shown button plays (by its widget's id): :meth:`_set_buttons`
        self._bound: dict[str, Action] = {}
        self._updating_slider = False

        self._build_turn_boxes()
        self._assemble(bots_row, file_box, panel_width, guide)
        #: called after every redraw (the presenter adds its narration and its clock)
        self.on_refresh: list[Any] = [self.lessons.sync]
        self.refresh()

    def _map_layout(
        self, width: int | None, height: int | None, map_share: float
    ) -> tuple[widgets.Layout, tuple[int, int]]:
        """The map's layout and its first pixel size: fluid (a share of the viewer's width,
        as large as the window's height allows) unless a fixed ``width`` is given."""
        if width is None:  # fluid: the front end reports the size (see _on_resize)
            px_w = 760
            px_h = round(px_w / self.aspect)
            # cqw: a share of the viewer's width; vh: what the window's height allows
            fluid = (
                f"min({map_share * 100:g}cqw, calc((100vh - {CHROME_PX}px) * {self.aspect:.4f}))"
            )
            layout = widgets.Layout(
                width=fluid,
                height=f"calc({fluid} / {self.aspect:.4f})",
                flex="0 0 auto",
                margin="0 0 8px 0",
            )
        else:
            px_w = width
            px_h = height if height is not None else round(width / self.aspect) + 24
            layout = widgets.Layout(
                width=f"{px_w}px", height=f"{px_h}px", flex="0 0 auto", margin="0 0 8px 0"
            )
        return layout, (px_w, px_h)

    def _build_map(self, view: Any, layout: widgets.Layout) -> None:
        """The map: one layer per region, the target rings, the labels over them."""
        c = self.controller
        # --- the map --------------------------------------------------------------------
        # one layer per region: a redraw sends only the regions whose look changed
        self.layer = RegionLayers(
            self.model.features, self._speak(self._on_click), self._speak(self._on_hover)
        )
        self.ring_layer = RegionLayers(target_rings(c.shapes, c.shapes.ids))
        self.ring_layer.update(target_rings(c.shapes, self.model.targets))
        self.markers: dict[int, Marker] = {}
        self._label_html: dict[int, str] = {}
        for rid, (loc, markup) in self.model.labels.items():
            self.markers[rid] = Marker(
                location=list(loc),
                icon=self._icon(markup),
                draggable=False,
                keyboard=False,
                title="",
                pane="swlab-labels",
            )
            # a label's text may reach over a neighbour: its click is its own region's
            self.markers[rid].on_click(self._speak(lambda rid=rid, **_e: self._on_region(rid)))
            self.markers[rid].on_mouseover(self._speak(lambda rid=rid, **_e: self._hover(rid)))
            self._label_html[rid] = markup
        # what is drawn over the regions and takes no clicks: target rings, then labels
        self.label_layer = LayerGroup(layers=(self.ring_layer, *self.markers.values()))
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
            # no Leaflet keyboard handler: it focuses the map on mousedown, and that focus
            # scrolls a page whose scroller is not the window (Voila's, JupyterLab's) between
            # mousedown and mouseup, so the click lands elsewhere; the viewer's own keys
            # (swlab.play.keys) do not need the map focused
            keyboard=False,
            attribution_control=False,
            panes={"swlab-labels": {"zIndex": "650", "pointerEvents": "none"}},
            layout=layout,
        )
        self.map.add_class("swlab-map")
        if not self.fixed_size:
            self.map.add_class("swlab-fluid")
        self.map.observe(self._speak(self._on_resize), ["left", "right", "top", "bottom"])

    def _build_controls(self, reveal: bool) -> None:
        """The status, message, hover, buttons, history slider and tables."""
        # --- the side panel -------------------------------------------------------------
        self.style = widgets.HTML(self._css())
        self.status = widgets.HTML()
        self.status.add_class("swlab-status")
        self.message = widgets.HTML()
        self.hover_box = widgets.HTML()
        self.hover_box.add_class("swlab-hover")
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.button_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.undo_button = self._button(N_("undo"), self._on_undo, N_("Step back"))
        self.redo_button = self._button(N_("redo"), self._on_redo, N_("Step forward again"))
        for b in (self.undo_button, self.redo_button):  # a longer word never squeezes them
            b.layout.flex = "0 0 auto"
        self.slider = widgets.IntSlider(
            min=0,
            max=max(1, self.model.length),
            value=self.model.index,
            continuous_update=False,
            layout=widgets.Layout(width="100%"),
        )
        self._label(self.slider, "description", N_("history"))
        self.slider.add_class("swlab-history")  # its value counts the steps played
        self.slider.observe(self._speak(self._on_slider), "value")
        self.roll_button = self._button(
            N_("roll the die"),
            self._on_roll,
            N_("The die is chance: the face this position draws from the game's seed"),
        )
        self.roll_button.button_style = "warning"
        self.roll_button.add_class("swlab-roll")
        self.roll_button.layout.display = "none"
        self.market_box = widgets.HTML()
        self.score_box = widgets.HTML()
        self.reveal_button = widgets.ToggleButton(value=reveal)
        self._label(self.reveal_button, "description", N_("reveal coins"))
        self._label(self.reveal_button, "tooltip", N_("Coins are hidden (R-SETUP-4)"))
        self.reveal_button.observe(self._speak(self._on_reveal), "value")
        self.log_box = widgets.HTML()
        self.log_box.add_class("swlab-log")

    def _build_clock(self, pace: float) -> None:
        """The bots' clock (:class:`~swlab.play.pacing.BotClock`): bot turns at a pace while
        *bots move after you* is on, and the game-over box at the top of the panel."""
        self.clock = BotClock(
            self.controller,
            pace,
            self.refresh,
            enabled=lambda: bool(self.auto_bots.value),
            minimum=0.0,
            speak=self._speak,
        )
        self._label(self.clock.player, "description", N_("bots"))
        self._label(self.clock.pace, "description", N_("pace (s)"))
        self._label(
            self.clock.pace, "tooltip", N_("Seconds between two steps of a bot (0: at once)")
        )
        self.pace_row = widgets.HBox(
            [self.clock.player, self.clock.pace], layout=widgets.Layout(flex_flow="row wrap")
        )
        #: the end of the game: the winner, the coins, the chart (:mod:`swlab.play.ending`)
        self.end_box = widgets.VBox()
        self.end_box.add_class("swlab-end")
        self.end_box.add_class("swlab-end-small")
        #: whether the panel shows the end of the game (the presenter shows its own)
        self.show_ending = True
        self._ending_drawn: tuple[str, int, int] | None = None

    def _build_files(
        self, workspace: Workspace | str | os.PathLike[str] | None, file_boxes: bool | None
    ) -> widgets.VBox:
        """The file box: save and open records and scenarios inside the workspace."""
        self.path = widgets.Text(value="game.json", layout=widgets.Layout(width="100%"))
        self._label(self.path, "description", N_("file"))
        self._file_buttons = [
            self._button(N_("save game"), self._on_file, N_("Save the game record (JSON)")),
            self._button(N_("open game"), self._on_file, N_("Replay a saved game record")),
            self._button(N_("save position"), self._on_file, N_("Save this position (scenario)")),
            self._button(N_("open position"), self._on_file, N_("Open a scenario file")),
        ]
        files_row = widgets.HBox(self._file_buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self.files = FileBox(_workspace(workspace, file_boxes))
        self.replace_button = self._button(
            N_("replace"), self._on_replace, N_("Overwrite the file")
        )
        self.keep_button = self._button(N_("keep"), self._on_keep, N_("Keep the file as it is"))
        self.confirm_row = widgets.HBox([self.replace_button, self.keep_button])
        self.confirm_row.layout.display = "none"
        files_title = self._heading(N_("Game records and scenario files"))
        #: the teacher's row: comments, the learner's turns, lesson files (swlab.play.lesson)
        self.lessons = LessonBox(self)
        file_box = widgets.VBox(
            [files_title, self.path, files_row, self.confirm_row, self.lessons.box]
        )
        if not self.files.enabled:
            file_box.layout.display = "none"
        return file_box

    def _build_turn_boxes(self) -> None:
        """The time-travel banner, the question, the redeployment, the bot turns told, the
        legend and the language switch."""
        c = self.controller
        # time travel, questions, redeployment, bot turns
        self.banner = widgets.HTML()
        self.banner.add_class("swlab-banner")
        self.latest_button = self._button(
            N_("back to the latest step"), self._on_latest, N_("Leave the past: show the game now")
        )
        self.timeline_pick = widgets.Dropdown(options=[(_("game {n}").format(n=1), 0)], value=0)
        self._label(self.timeline_pick, "description", N_("game"))
        self.timeline_pick.observe(self._speak(self._on_timeline), "value")
        self.banner_box = widgets.VBox([self.banner, widgets.HBox([self.latest_button])])
        self.banner_box.add_class("swlab-banner-box")
        self.question_text = widgets.HTML()
        self.question_buttons: list[widgets.Button] = []
        self.question_box = widgets.VBox()
        self.question_box.add_class("swlab-question")
        self.redeploy_prompt = widgets.HTML()
        self.redeploy_prompt.add_class("swlab-redeploy-prompt")
        self.redeploy_box = widgets.VBox()
        self.redeploy_box.add_class("swlab-redeploy")
        self._redeploy_key: tuple[Any, ...] = ()
        self.summary_box = widgets.HTML()
        self.summary_box.add_class("swlab-summary")
        self.step_back = self._button(
            N_("< bot step"),
            self._on_step_back,
            NC_("player's turn", "Step back through the bot's turn"),
        )
        self.step_next = self._button(
            N_("bot step >"),
            self._on_step_next,
            NC_("player's turn", "Step through the bot's turn"),
        )
        self.summary_row = widgets.VBox(
            [self.summary_box, widgets.HBox([self.step_back, self.step_next])]
        )
        self._last_hover: int | None = None
        self.legend = widgets.HTML(legend_html(p.name for p in c.state.players))
        # under the map: what each short form on the labels stands for
        # (as wide as the map, never wider: its text wraps)
        self.abbreviations = widgets.HTML(layout=widgets.Layout(width="0px", min_width="100%"))
        self.abbreviations.add_class("swlab-abbreviations-box")
        #: the language switch: the panel and hover redraw in the language chosen
        self.language_pick = widgets.Dropdown(
            options=[(i18n.NAMES[code], code) for code in i18n.LANGUAGES],
            value=self.language,
            layout=widgets.Layout(width="auto"),
        )
        self.language_pick.add_class("swlab-language")
        self._label(self.language_pick, "description", N_("language"))
        self.language_pick.observe(self._on_language, "value")

    def _build_bot_controls(self, auto_bots: bool) -> widgets.HBox:
        """The bots' buttons, *bots move after you* and each bot seat's level; returns the
        row of the bots' buttons."""
        self.bot_button = self._button(
            N_("bot: one action"),
            self._on_bot,
            N_("A bot seat's next action, or the die; never a person's move"),
        )
        self.finish_button = self._button(
            NC_("player's turn", "bot: finish turn"),
            self._on_finish,
            NC_("player's turn", "The bot whose turn it is plays the rest"),
        )
        self.hint_button = self._button(N_("hint"), self._on_hint, N_("What would a bot do?"))
        self.autoplay_button = self._button(
            N_("autoplay"), self._on_autoplay, N_("Bots play every seat to the end of the game")
        )
        self.auto_bots = widgets.Checkbox(
            value=auto_bots, indent=False, layout=widgets.Layout(width="auto")
        )
        self._label(self.auto_bots, "description", N_("bots move after you"))
        self.seat_levels = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._fill_seat_levels()
        return widgets.HBox(
            [self.bot_button, self.finish_button, self.autoplay_button, self.hint_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )

    def _assemble(
        self, bots_row: widgets.HBox, file_box: widgets.VBox, panel_width: int | None, guide: bool
    ) -> None:
        """The panel beside the map, the keys and the guide."""
        self.panel = widgets.VBox(
            [
                self.status,
                self.end_box,
                self.banner_box,
                self.question_box,
                self.message,
                self.roll_button,
                self.choice_box,
                self.button_box,
                self.redeploy_box,
                self.summary_row,
                self.hover_box,
                widgets.HBox(
                    [self.undo_button, self.redo_button, self.language_pick],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.slider,
                bots_row,
                self.auto_bots,
                self.pace_row,
                self.seat_levels,
                self._heading(N_("Column of combos")),
                self.market_box,
                widgets.HBox([self._heading(N_("Players")), self.reveal_button]),
                self.score_box,
                self._heading(N_("What happened")),
                self.log_box,
                self._heading(N_("Legend")),
                self.legend,
                file_box,
            ],
            layout=widgets.Layout(width=f"{panel_width}px" if panel_width else None),
        )
        self.panel.add_class("swlab-panel")
        if not self.bot_controls:
            for box in (bots_row, self.auto_bots, self.pace_row, self.seat_levels):
                box.layout.display = "none"
        # side by side: the map takes its share of the width, the panel the rest
        board = widgets.VBox([self.map, self.abbreviations], layout=widgets.Layout(flex="0 0 auto"))
        row = widgets.HBox([board, self.panel])
        row.add_class("swlab-row")
        self.widget = widgets.VBox([self.style, row])
        self.widget.add_class("swlab-viewer")
        self.keys = self._bind_keys()
        self._guide_on = guide
        self.guide = widgets.HTML(_guide_html(self.keys is not None) if guide else "")
        self.guide.add_class("swlab-guide")
        if not guide:
            self.guide.layout.display = "none"
        self.panel.children = (self.status, self.guide, *self.panel.children[1:])

    # --- keys -----------------------------------------------------------------------------
    def key_commands(self) -> dict[str, Any]:
        """What each key command does here (see :data:`swlab.play.keys.KEYS`); without the
        bots' controls, no key plays a bot, asks one for a hint or pauses them."""
        commands = {
            "next": self._on_next,
            "undo": self._on_undo,
            "redo": self._on_redo,
            "hint": self._on_hint,
            "reveal": self._toggle_reveal,
            "pause": self._toggle_pause,
            "done": self._on_done_key,
            "confirm": self._on_confirm_key,
            "cancel": self._on_cancel_key,
            "save": self._on_save_key,
            "again": self.start_again,
        }
        if not self.bot_controls:
            for command in ("next", "hint", "pause"):
                del commands[command]
        return commands

    def _bind_keys(self) -> Any:
        """Bind the keys (:mod:`swlab.play.keys`) and name each in its button's tooltip."""
        from swlab.play import keys

        bound = keys.bind(
            self.widget, {k: self._speak(fn) for k, fn in self.key_commands().items()}
        )
        for button, command in (
            (self.undo_button, "undo"),
            (self.redo_button, "redo"),
            (self.hint_button, "hint"),
            (self.bot_button, "next"),
            (self.roll_button, "confirm"),
            (self.reveal_button, "reveal"),
        ):
            self._relabel_one(button, "tooltip", f"{{}} ({keys.key_of(command)})")
        self._label(
            self.auto_bots,
            "tooltip",
            N_("Bots move after you (toggle: {key})"),
            "{}",
            key=keys.key_of("pause"),
        )
        return bound

    def _on_next(self, _: Any = None) -> None:
        """N: the next step of a bot's turn being shown, else :meth:`_on_bot`."""
        c = self.controller
        if c.question is not None:
            return
        if c.summaries and c.viewing_past() and c.summaries[0].start <= c.index:
            self._step_to(+1)
        else:
            self._on_bot()

    def _on_save_key(self) -> None:
        """S: *save game* under the name in the file box (inside the workspace)."""
        self._on_file(self._file_buttons[0])

    def start_again(self) -> None:
        """R, at the end of a game: a new game on the same board with the same seats and
        bots (set up from the next seed); before the end, the panel says so and nothing
        changes."""
        c = self.controller
        if not self.model.status.over:
            c.last = ClickResult(
                "refused", message=_("The game is not over: a new game starts at its end.")
            )
            self.refresh()
            return
        c.new_game(c.state.seed + 1)
        self.model = c.panel(self.reveal, fit=self._fit, dim=False)
        self.refresh()

    def _toggle_reveal(self) -> None:
        self.reveal_button.value = not self.reveal_button.value

    def _toggle_pause(self) -> None:
        self.auto_bots.value = not self.auto_bots.value

    def _on_done_key(self) -> None:
        """D: end the stage, or say why it cannot end (the engine's refusal, rule id)."""
        self._after(self.controller.end_stage())

    def _on_confirm_key(self) -> None:
        """Enter: the default answer of what waits (:meth:`GameController.confirm`, the
        table at :class:`~swlab.play.controller.Question`), else the file box's
        *replace*."""
        result = self.controller.confirm()
        if result is not None:
            self._after(result)
        elif self.files.pending is not None:
            self._on_replace()

    def _on_cancel_key(self) -> None:
        """Esc: nothing is played (:meth:`GameController.cancel`), else the file box's
        *keep*."""
        result = self.controller.cancel()
        if result is not None:
            self._after(result)
        elif self.files.pending is not None:
            self._on_keep()

    # --- size -----------------------------------------------------------------------------
    def _css(self) -> str:
        return css(self.text_px, self.label_scale, self._label_px)

    def _icon(self, markup: str) -> DivIcon:
        """A label icon: a box of the label's widest extent, centred on its location."""
        px = self._label_px * self.label_scale
        w, h = round((LABEL_MAX_EM + 1) * px), round(6 * px)
        return DivIcon(html=markup, icon_size=[w, h], icon_anchor=[w // 2, h // 2])

    def _on_resize(self, _change: dict[str, Any] | None = None) -> None:
        """The browser reported the map's pixel box: fit the board to it, size the labels
        and keep them on the board."""
        m = self.map
        w, h = m.right - m.left, m.bottom - m.top
        if not (0 < w < 1e7 and 0 < h < 1e7):
            return
        self.resize(w, h)

    def resize(self, width_px: float, height_px: float) -> None:
        """Fit the board into a map of this many pixels (what the browser reported)."""
        if abs(width_px - self._size[0]) < 2 and abs(height_px - self._size[1]) < 2:
            return
        self._size = (width_px, height_px)
        c = self.controller
        view = fit_view(c.shapes.bounds, round(width_px), round(height_px), snap=0.125)
        self.map.min_zoom = min(self.map.min_zoom, view.min_zoom)
        self.map.max_zoom = max(self.map.max_zoom, view.max_zoom)
        self.map.zoom = view.zoom
        self.map.center = list(view.center)
        self.map.min_zoom, self.map.max_zoom = view.min_zoom, view.max_zoom
        px = label_px(width_px, height_px, len(c.shapes.ids), self.label_size)
        relabel = px != self._label_px
        self._label_px = px
        self._fit = (view.zoom, px * self.label_scale)
        if relabel:
            self.style.value = self._css()
            for rid, marker in self.markers.items():
                old = marker.icon
                marker.icon = self._icon(self._label_html[rid])
                if old is not None:
                    old.close()
        self._place_labels(c.labels_at(self._fit, frozenset()), c.abbreviations_at(self._fit))

    def _place_labels(
        self,
        placed: Mapping[int, tuple[tuple[float, float], str]],
        short: Sequence[tuple[str, str]],
    ) -> None:
        """Send the labels whose place or markup changed, and the legend of short forms."""
        legend = abbreviations_html(short)
        if self.abbreviations.value != legend:
            self.abbreviations.value = legend
        for rid, (loc, markup) in placed.items():
            marker = self.markers[rid]
            moved = list(marker.location) != list(loc)
            relabel = self._label_html.get(rid) != markup
            if not (moved or relabel):
                continue
            old = marker.icon if relabel else None
            with marker.hold_sync():  # a new place and a new text: one message, not two
                if moved:
                    marker.location = list(loc)
                if relabel:
                    self._label_html[rid] = markup
                    marker.icon = self._icon(markup)
            if old is not None:
                old.close()

    # --- display --------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def _button(self, label: str, handler: Any, tooltip: str) -> widgets.Button:
        b = widgets.Button(layout=widgets.Layout(width="auto"))
        self._label(b, "description", label)
        if tooltip:
            self._label(b, "tooltip", tooltip)
        self._file_verbs[id(b)] = label
        b.on_click(self._speak(handler))
        return b

    # --- language -------------------------------------------------------------------------
    def _speak(self, fn: Any) -> Any:
        """``fn`` run in this viewer's language: what a click or a key makes the controller
        say is in it, and no other widget's language changes."""
        return i18n.speaking(self, fn)

    def _label(
        self, widget: Any, trait: str, source: str, template: str = "{}", **fields: Any
    ) -> None:
        """Show ``source`` (English) translated on ``widget``, and relabel it on a switch."""
        self._labels.append((widget, trait, source, template, fields))
        setattr(widget, trait, template.format(_(source).format(**fields)))
        style: Any = getattr(widget, "style", None)
        if trait == "description" and hasattr(style, "description_width"):
            # as wide as its words in every language: the fixed default cuts "γλώσσα"
            style.description_width = "initial"

    def _relabel_one(self, widget: Any, trait: str, template: str) -> None:
        """Give the label already kept for ``widget``'s ``trait`` a new template."""
        for k, (w, t, source, _old, fields) in enumerate(self._labels):
            if w is widget and t == trait:
                self._labels[k] = (w, t, source, template, fields)
                setattr(w, t, template.format(_(source).format(**fields)))

    def _heading(self, source: str) -> widgets.HTML:
        """A bold heading of the panel, in the viewer's language."""
        box = widgets.HTML()
        self._label(box, "value", source, "<b>{}</b>")
        return box

    def _fill_seat_levels(self) -> None:
        """A dropdown per seat: a person, or a bot level (the bot a seat plays shows in
        the players' table)."""
        picks = []
        for seat, player in enumerate(self.controller.state.players):
            current = self.controller.bots.get(seat)
            names = [lv.name for lv in LEVELS]
            if current is not None and current.name not in names:
                names.append(current.name)
            options = [(_("person"), "")] + [(title_of(n), n) for n in names]
            pick = widgets.Dropdown(
                options=options,
                value="" if current is None else current.name,
                description=player.name,
                layout=widgets.Layout(width="auto"),
                style={"description_width": "initial"},
            )
            pick.add_class("swlab-seat-level")
            pick.observe(self._speak(lambda ch, seat=seat: self._on_seat_level(seat, ch)), "value")
            picks.append(pick)
        self.seat_levels.children = tuple(picks)

    def _on_seat_level(self, seat: int, change: dict[str, Any]) -> None:
        """A seat's level picked: its bot from now on (or a person)."""
        current = self.controller.bots.get(seat)
        name = str(change["new"])
        if (current.name if current is not None else "") == name:
            return
        self.controller.set_bot(seat, name or None)
        self.refresh()

    def _on_language(self, change: dict[str, Any]) -> None:
        self.set_language(str(change["new"]))

    def set_language(self, code: str) -> None:
        """Show this viewer's panel and hover in ``code`` (the switch in the panel calls it);
        every other widget keeps its own language."""
        self.language = i18n.accept(code)
        if self.language_pick.value != self.language:
            self.language_pick.value = self.language  # calls back here once, harmlessly
        with i18n.using(self.language):
            for w, t, source, template, fields in self._labels:
                setattr(w, t, template.format(_(source).format(**fields)))
            self.legend.value = legend_html(p.name for p in self.controller.state.players)
            if self._guide_on:
                self.guide.value = _guide_html(self.keys is not None)
            self._set_buttons(self.choice_box, self._choice_buttons, [], "")
            self._set_buttons(self.button_box, self._action_buttons, [], "")
            self._redeploy_key = ()
            self._fill_seat_levels()
            self.controller.say_again()  # the refusal shown, in the new language
            self.refresh()
            if self._last_hover is not None:
                self.hover_box.value = html.escape(self.controller.hover(self._last_hover))

    # --- callbacks: call the controller, then refresh ------------------------------------
    def _on_click(self, **event: Any) -> None:
        rid = _region_id(event)
        if rid is not None:
            self._on_region(rid)

    def _on_region(self, rid: int) -> None:
        """A click on region ``rid`` or on its label."""
        self._after(self.controller.click(rid))

    def _on_hover(self, **event: Any) -> None:
        rid = _region_id(event)
        if rid is not None:
            self._hover(rid)

    def _hover(self, rid: int) -> None:
        self._last_hover = rid
        self.hover_box.value = html.escape(self.controller.hover(rid))

    def _on_action(self, action: Action) -> None:
        self._after(self.controller.request(action))

    def _on_answer(self, key: str) -> None:
        self._after(self.controller.answer(key))

    def _on_latest(self, _: Any = None) -> None:
        self.controller.to_latest()
        self.refresh()

    def _on_timeline(self, change: dict[str, Any]) -> None:
        if self._updating_slider:
            return
        self.controller.switch(int(change["new"]))
        self.refresh()

    def _step_to(self, delta: int) -> None:
        """Step through the last bot turn: show the state after one more (fewer) step."""
        c = self.controller
        if not c.summaries:
            return
        first, last = c.summaries[0].start, c.summaries[-1].end
        c.goto(min(max(c.index + delta, first), last))
        self.refresh()

    def _on_step_back(self, _: Any = None) -> None:
        self._step_to(-1)

    def _on_step_next(self, _: Any = None) -> None:
        self._step_to(+1)

    def _after(self, result: ClickResult) -> None:
        """After a person's move the bots move, at once or at the clock's pace."""
        if result.ok and self.auto_bots.value and not self.clock.paced():
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
        """The reinforcement die, rolled by the player from *roll the die* just under the
        status line (or Enter, or N), not at once after the final conquest: the rulebook's
        order, choose the region and then roll (R-CONQ-10), stays two visible steps; the
        face needed is read before the face shown (drawn beside the sentence); and an undo
        returns to the moment before the roll, which shows the same seeded face again."""
        self._after(self.controller.roll())

    def _on_bot(self, _: Any = None) -> None:
        """A bot's action or the die; on a person's turn nothing, and the panel says so."""
        self.controller.advance()
        self.refresh()

    def _on_finish(self, _: Any = None) -> None:
        self.controller.finish_bot_turn()
        self.refresh()

    def _on_autoplay(self, _: Any = None) -> None:
        self.controller.request_autoplay()
        self.refresh()

    def _on_hint(self, _: Any = None) -> None:
        self.refresh()
        self.message.value = (
            f"<div class='swlab-message swlab-hint'>{html.escape(self._hint_text())}</div>"
        )

    def _hint_text(self) -> str:
        """The hint, without amounts of coins while they are hidden (R-SETUP-4)."""
        from swlab.play.words import hide_coins

        text = self.controller.hint()
        return text if self.reveal or self.model.status.over else hide_coins(text)

    def _on_file(self, button: widgets.Button) -> None:
        """Save or open the name typed in the file box, inside the workspace only
        (:class:`~swlab.workspace.FileBox`); a failure is one line in the panel."""
        name, c, files = self.path.value, self.controller, self.files
        verb = self._file_verbs.get(id(button), button.description)
        if verb == "save game":
            outcome = files.save(verb, name, "record", c.save_record)
        elif verb == "save position":
            outcome = files.save(verb, name, "scenario", c.save_scenario)
        elif verb == "open game":
            outcome = files.open(verb, name, "record", c.load_record)
        else:
            check = files.workspace.check_board
            outcome = files.open(
                verb, name, "scenario", lambda path: c.load_scenario(path, check_board=check)
            )
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
        """Redraw everything from a fresh panel model (new objects for every trait), in
        the viewer's language."""
        with i18n.using(self.language):
            self._refresh()

    def _refresh(self) -> None:
        c = self.controller
        # the board first: its few changed regions are on their way to the browser while
        # the rest of the panel is computed
        targets = c.targets()
        self.layer.update(c.board_features(dim=False, targets=targets))
        if bool(targets) != ("swlab-dimming" in self.map._dom_classes):
            (self.map.add_class if targets else self.map.remove_class)("swlab-dimming")
        self.ring_layer.update(target_rings(c.shapes, targets))
        m = c.panel(self.reveal, fit=self._fit, dim=False)
        self.model = m
        if len(self.seat_levels.children) != len(c.state.players):  # another game opened
            self._fill_seat_levels()
        self._place_labels(m.labels, m.abbreviations)

        self._draw_status(m)
        self._set_buttons(
            self.choice_box,
            self._choice_buttons,
            list(zip(m.choice_labels, m.choices, strict=True)),
            "primary",
        )
        self._draw_question(m)
        self._draw_redeploy(m)
        self._draw_past(m)
        self._draw_summary(m)
        if self._last_hover is not None:  # never stale: the hover text of the state shown
            self.hover_box.value = html.escape(c.hover(self._last_hover))
        for hook in getattr(self, "on_refresh", ()):
            hook()
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
        rolling = m.status.chance and m.question is None
        self.roll_button.disabled = not rolling
        self.roll_button.layout.display = None if rolling else "none"
        self.market_box.value = _market_table(m.market)
        self.score_box.value = _score_table(m.scoreboard)
        self.log_box.value = _log_html(m.entries, c)
        self._draw_ending()
        self.clock.sync()

    def _draw_ending(self) -> None:
        """At the end of the game, the end screen at the top of the panel (drawn once per
        game and language: the chart takes a moment); before it, nothing."""
        c = self.controller
        end = ending(c.state) if self.show_ending else None
        if end is None:
            if self.end_box.children:
                self.end_box.children = ()
                self._ending_drawn = None
            return
        drawn = (i18n.language(), id(c.game), c.index)
        if drawn == self._ending_drawn:
            return
        self._ending_drawn = drawn
        from swlab.play.keys import key_of

        again = _("{key}: a new game").format(key=key_of("again")) if self.keys else ""
        names = [p.name for p in c.state.players]
        chart = widgets.Image(value=coins_chart(c.coins_by_round(), names, (4.6, 2.6)))
        chart.add_class("swlab-coins-chart")
        text = widgets.HTML(END_CSS + ending_html(end, again))
        text.add_class("swlab-end-text")
        self.end_box.children = (text, chart)

    def _draw_status(self, m: PanelModel) -> None:
        """The status line in the actor's colour, and the answer to the last click (with
        the die's face after a roll; none while a question waits)."""
        actor = m.status.actor
        colour = PLAYER_COLOURS[actor % len(PLAYER_COLOURS)] if actor is not None else "#555"
        self.status.value = (
            f"<div style='border-left:10px solid {colour};padding-left:8px'>"
            f"{html.escape(m.status.text)}</div>"
        )
        last = self.controller.last
        refused = last is not None and last.kind == "refused"
        rolled = last.action if last is not None and last.ok else None
        face = die_face_svg(rolled.face) if isinstance(rolled, Roll) else ""
        self.message.value = (
            f"<div class='swlab-message{' swlab-refused' if refused else ''}'>"
            f"{face}{html.escape(m.message)}</div>"
            if m.message and m.question is None
            else ""
        )

    def _draw_question(self, m: PanelModel) -> None:
        q = m.question
        if q is None:
            if self.question_box.children:
                self.question_box.children = ()
            return
        self.question_text.value = (
            f"<div class='swlab-question-text'><b>{html.escape(q.text)}</b></div>"
        )
        for b in self.question_buttons:
            b.close()
        self.question_buttons = []
        for key, label in q.options:
            b = widgets.Button(
                description=label,
                tooltip=label,
                button_style="" if key == "cancel" else "warning",
                layout=widgets.Layout(width="auto"),
            )
            b.add_class(f"swlab-answer-{key}")
            b.on_click(self._speak(lambda _b, k=key: self._on_answer(k)))
            self.question_buttons.append(b)
        keys_hint: tuple[Any, ...] = ()
        if self.keys is not None:
            labels = dict(q.options)
            hint = _("Enter: {yes}. Esc: {no}.").format(
                yes=labels[q.default], no=labels.get("cancel", "")
            )
            keys_hint = (widgets.HTML(f"<div class='swlab-keys-hint'>{html.escape(hint)}</div>"),)
        self.question_box.children = (
            self.question_text,
            widgets.HBox(self.question_buttons, layout=widgets.Layout(flex_flow="row wrap")),
            *keys_hint,
        )

    def _draw_redeploy(self, m: PanelModel) -> None:
        key = (m.redeploy_prompt, m.redeploy)
        if key == self._redeploy_key:
            return
        self._redeploy_key = key
        for child in self.redeploy_box.children:
            child.close()
        if not m.redeploy_prompt:
            self.redeploy_box.children = ()
            return
        prompt = widgets.HTML(f"<div><b>{html.escape(m.redeploy_prompt)}</b></div>")
        rows: list[Any] = [prompt]
        for row in m.redeploy:
            minus = widgets.Button(
                description="-",
                tooltip=_("Take a token back to hand from {region} (R-REDEPLOY-1)").format(
                    region=row.name
                ),
                disabled=row.take is None,
                layout=widgets.Layout(width="2.4em"),
            )
            plus = widgets.Button(
                description="+",
                tooltip=_("Put a token from your hand on {region} (R-REDEPLOY-1)").format(
                    region=row.name
                ),
                disabled=row.place is None,
                layout=widgets.Layout(width="2.4em"),
            )
            minus.add_class(f"swlab-take-{row.region}")
            plus.add_class(f"swlab-place-{row.region}")
            if row.take is not None:
                minus.on_click(self._speak(lambda _b, a=row.take: self._on_action(a)))
            if row.place is not None:
                plus.on_click(self._speak(lambda _b, a=row.place: self._on_action(a)))
            name = widgets.HTML(f"{html.escape(row.name)}: <b>{row.tokens}</b>")
            rows.append(widgets.HBox([minus, plus, name]))
        self.redeploy_box.children = tuple(rows)

    def _draw_past(self, m: PanelModel) -> None:
        c = self.controller
        self.banner.value = (
            f"<div class='swlab-banner-text'>{html.escape(m.banner)}</div>" if m.banner else ""
        )
        self.latest_button.layout.display = None if m.banner else "none"
        if len(c.timelines) > 1:
            self._updating_slider = True
            try:
                self.timeline_pick.options = [
                    (
                        (_("game {n} (original)") if k == 0 else _("game {n} (branch)")).format(
                            n=k + 1
                        ),
                        k,
                    )
                    for k in range(len(c.timelines))
                ]
                self.timeline_pick.value = c.timelines.index(c.game)
            finally:
                self._updating_slider = False
            if self.timeline_pick not in self.banner_box.children:
                self.banner_box.children = (*self.banner_box.children, self.timeline_pick)

    def _draw_summary(self, m: PanelModel) -> None:
        c = self.controller
        shown = [s for s in m.summaries if c.is_bot_seat(s.seat)] or list(m.summaries)
        if not shown:
            self.summary_box.value = ""
            self.summary_row.layout.display = "none"
            return
        self.summary_row.layout.display = None
        items = "".join(f"<li>{html.escape(s.text)}</li>" for s in shown[-3:])
        first, last = m.summaries[0].start, m.summaries[-1].end
        where = ""
        if first <= c.index < last:
            step = c.game.history[c.index].action if c.index < len(c.game.history) else None
            lines = [ln for s in m.summaries for ln in s.lines]
            k = c.index - first
            fields = {"k": k, "n": last - first}
            where = (
                "<div>"
                + html.escape(
                    _("Step {k} of {n}: next, {line}").format(line=lines[k], **fields)
                    if step is not None and k < len(lines)
                    else _("Step {k} of {n}").format(**fields)
                )
                + "</div>"
            )
        title = npgettext("player's turn", "Last turn:", "Last turns:", len(shown))
        self.summary_box.value = (
            f"<div class='swlab-summary-text'><b>{html.escape(title)}</b>"
            f"<ul>{items}</ul>{where}</div>"
        )
        self.step_back.disabled = c.index <= first
        self.step_next.disabled = c.index >= last

    def _set_buttons(
        self,
        box: widgets.HBox,
        current: list[widgets.Button],
        items: list[tuple[str, Action]],
        style: str,
    ) -> None:
        """Show one button per ``(label, action)`` of ``items``. A button whose label and
        action stay is kept, the same widget: a person's click on "end" that leaves the
        page just as a conquest redraws the row still reaches the kernel, instead of
        landing on a button the redraw has closed. Each click plays the action bound to
        its button now (:attr:`_bound`), the object the state listed."""
        wanted = [(label, repr(action)) for label, action in items]
        if [(b.description, b.tooltip) for b in current] != wanted:
            kept = {(b.description, b.tooltip): b for b in current}
            buttons = [kept.pop(key, None) or self._new_button(*key) for key in wanted]
            for b in kept.values():
                self._bound.pop(b.model_id, None)
                b.close()
            for b, (_, action) in zip(buttons, items, strict=True):
                # the combos of the column are blue, as "How to play" says (R-PICK-1)
                b.button_style = "primary" if action.verb == "pick" else style
                b.add_class(f"swlab-action-{action.verb}")
            current[:] = buttons
            box.children = tuple(buttons)
        for b, (_, action) in zip(current, items, strict=True):
            self._bound[b.model_id] = action

    def _new_button(self, label: str, tooltip: str) -> widgets.Button:
        b = widgets.Button(description=label, tooltip=tooltip, layout=widgets.Layout(width="auto"))
        b.on_click(self._speak(self._on_button))
        return b

    def _on_button(self, b: widgets.Button) -> None:
        action = self._bound.get(b.model_id)
        if action is not None:  # a button closed by a redraw plays nothing
            self._on_action(action)

    def button(self, label: str) -> widgets.Button:
        """The visible action or choice button whose label is or starts with ``label``, or
        whose action's notation (its tooltip) is ``label`` or starts with it as a verb."""
        for b in self._choice_buttons + self._action_buttons + self._file_buttons:
            if b.description == label or b.description.startswith(label + ":"):
                return b
        for b in self._choice_buttons + self._action_buttons:
            if b.tooltip == label or b.tooltip.split(" ")[0] == label:
                return b
        names = [b.description for b in self._choice_buttons + self._action_buttons]
        raise KeyError(f"no button {label!r}; buttons: {names}")

    def __repr__(self) -> str:
        return f"<GameViewer {self.controller.status().text}>"


class RegionLayers(LayerGroup):  # type: ignore[misc]
    """The regions of the board as one GeoJSON layer each, in a group.

    A click changes the look of a few regions (the one conquered, the targets gained or
    lost); :meth:`update` sends the new feature of those only, so the browser redraws a
    few paths instead of the whole board. ``data`` reads as one FeatureCollection, and
    mouse events reach the region's own layer, as with a single GeoJSON layer.
    """

    def __init__(
        self,
        features: Mapping[str, Any],
        on_click: Any = None,
        on_hover: Any = None,
    ) -> None:
        self._features: dict[int, dict[str, Any]] = {}
        self.by_id: dict[int, GeoJSON] = {}
        for feature in features["features"]:
            rid = int(feature["id"])
            layer = GeoJSON(data=_collection([feature]), hover_style=dict(HOVER_STYLE))
            if on_click is not None:
                layer.on_click(on_click)
            if on_hover is not None:
                layer.on_hover(on_hover)
            self.by_id[rid] = layer
            self._features[rid] = feature
        super().__init__(layers=tuple(self.by_id.values()))

    def update(self, features: Mapping[str, Any]) -> int:
        """Show ``features``: a region missing from them shows nothing; only the regions
        whose feature changed get new data. Returns how many did.

        The front end applies the messages one by one, in the order sent. The region
        that loses the selection goes first: the map never shows two regions selected.
        Then the regions the action itself changed (owner or tokens), so the conquered
        region is redrawn before those that only gained or lost the target look."""
        new = {int(f["id"]): f for f in features["features"]}
        changed = [rid for rid in self.by_id if new.get(rid) != self._features.get(rid)]
        changed.sort(key=lambda rid: _send_order(self._features.get(rid), new.get(rid)))
        for rid in changed:
            layer, feature = self.by_id[rid], new.get(rid)
            if feature is None:
                self._features.pop(rid, None)
                layer.data = _collection([])
            else:
                self._features[rid] = feature
                layer.data = _collection([feature])
        return len(changed)

    @property
    def data(self) -> dict[str, Any]:
        """What is shown, as one FeatureCollection (region order)."""
        return _collection([self._features[r] for r in self.by_id if r in self._features])

    def _handle_mouse_events(self, widget: Any, content: Mapping[str, Any], buffers: Any) -> None:
        """A mouse event from the front end, passed to the layer of its region."""
        rid = _region_id(content)
        if rid in self.by_id:
            self.by_id[rid]._handle_mouse_events(widget, content, buffers)


def _send_order(old: Mapping[str, Any] | None, new: Mapping[str, Any] | None) -> int:
    """When :meth:`RegionLayers.update` sends a changed region: 0 when it loses the
    selection, 1 when its owner or tokens changed, 2 otherwise."""
    before = (old or {}).get("properties") or {}
    after = (new or {}).get("properties") or {}
    if _selected(before) and not _selected(after):
        return 0
    return 1 if any(before.get(k) != after.get(k) for k in ("owner", "tokens")) else 2


def _selected(properties: Mapping[str, Any]) -> bool:
    """Whether a feature's style draws it selected (``swlab-selected``)."""
    return "swlab-selected" in str((properties.get("style") or {}).get("className", "")).split()


def _collection(features: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": features}


def _guide_html(keys: bool) -> str:
    """ "How to play" (:data:`~swlab.play.words.HOW_TO_PLAY`), folded, with the keys."""
    from swlab.play.keys import KEYS
    from swlab.play.words import HOW_TO_PLAY

    steps = "".join(
        f"<li><b>{html.escape(_(title))}</b> {html.escape(_(text))}</li>"
        for title, text in HOW_TO_PLAY
    )
    keys_head = html.escape(_("Keys:"))
    shortcuts = (
        f"<div><b>{keys_head}</b> "
        + "; ".join(
            f"<kbd>{html.escape(key if len(key) > 1 else key.upper())}</kbd> {html.escape(_(what))}"
            for key, (_command, what) in KEYS.items()
        )
        + "</div>"
        if keys
        else ""
    )
    summary = _("<b>How to play</b> (click to open or close)")
    return (
        f"<details class='swlab-guide-box'><summary>{summary}</summary>"
        "<ol style='margin:0.2em 0;padding-left:1.3em'>"
        f"{steps}</ol>"
        f"{shortcuts}</details>"
    )


def _workspace(
    workspace: Workspace | str | os.PathLike[str] | None, file_boxes: bool | None
) -> Workspace:
    """The host's workspace for the file box (see :class:`~swlab.workspace.Workspace`)."""
    if isinstance(workspace, Workspace):
        if file_boxes is not None:
            workspace.enabled = file_boxes
        return workspace
    return Workspace(Path(workspace) if workspace is not None else None, enabled=file_boxes)


def _own_copy(game: Game) -> Game:
    """An independent game with the same start and the steps played so far."""
    board = game.state.geo.board
    copy = Game.from_record(game.record, board if isinstance(board, Board) else None)
    copy.reveal = game.reveal
    return copy


def _controller_of(
    game_or_board: GameController | Game | GameState | Board | str,
    players: int | Sequence[str] | None,
    seed: int | None,
    races: Sequence[str] | None,
    powers: Sequence[str] | None,
    bots: Mapping[int, BotSpec] | None,
) -> GameController:
    """The controller a viewer shows: the one given, or one of its own."""
    if isinstance(game_or_board, GameController):
        return game_or_board
    if isinstance(game_or_board, Game):
        # the viewer owns its game: later cells playing on ``game`` never move it
        return GameController(_own_copy(game_or_board), bots=bots)
    return GameController(game_or_board, players, seed=seed, races=races, powers=powers, bots=bots)


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
    head = (
        "<tr>"
        + "".join(
            f"<th>{html.escape(_(h))}</th>"
            for h in (N_("pick"), N_("combo"), N_("coins on it"), N_("tokens"))
        )
        + "</tr>"
    )
    body = "".join(
        f"<tr><td>{r['position']}</td>"
        f"<td>{html.escape(game_words.combo(r['power'], r['race']))}</td>"
        f"<td>{r['coins on it']}</td><td>{r['tokens']}</td></tr>"
        for r in rows
    )
    return f"<div class='swlab-table'><table>{head}{body}</table></div>"


def _score_table(rows: list[dict[str, Any]]) -> str:
    cols = [
        "player",
        "active race",
        "in decline",
        "regions",
        "would score",
        "coins",
    ]  # i18n: not prose
    names = [N_("player"), N_("race"), N_("decline"), N_("regions"), N_("scores"), N_("coins")]
    head = "".join(f"<th>{html.escape(_(c))}</th>" for c in names)
    body = []
    for r in rows:
        colour = PLAYER_COLOURS[int(r["seat"]) % len(PLAYER_COLOURS)]
        name = html.escape(str(r["player"]))
        mark = " &#9664;" if r["to act"] else ""
        # a bot seat's level under its name, small: the column stays as narrow as the
        # names (the panel fits 1280x720 in every language); the whole phrase on hover
        level, said = "", name
        if r.get("bot"):
            said = html.escape(
                _("{player} (bot: {level})").format(player=r["player"], level=title_of(r["bot"]))
            )
            level = f"<br><small class='swlab-bot-level'>{html.escape(title_of(r['bot']))}</small>"
        chip = (
            f"<span title='{said}' style='background:{colour};color:{text_colour(colour)};"
            f"padding:0 6px;border-radius:8px;font-weight:700'>{name}</span>{mark}{level}"
        )
        cells = [chip] + [html.escape(str(r[c])) for c in cols[1:]]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<div class='swlab-table'><table><tr>{head}</tr>{''.join(body)}</table></div>"


def _log_html(entries: Sequence[Any], c: GameController) -> str:
    """The log, oldest first: each action in words, its other effects under it, the
    notation and the events that retell the action in a details toggle; a human player's
    losses marked."""
    out = []
    notation = html.escape(_("notation"))
    for e in entries:
        colour = PLAYER_COLOURS[e.seat % len(PLAYER_COLOURS)] if e.seat is not None else "#555"
        lost = html.escape(_("- you lost tokens"))
        mark = f" <b class='swlab-loss'>{lost}</b>" if e.loss else ""
        effects = "".join(f"<li>{html.escape(x)}</li>" for x in e.effects)
        retold = "".join(f"<div>{html.escape(x)}</div>" for x in e.retold)
        out.append(
            f"<div class='swlab-log-entry' style='border-left:4px solid {colour};"
            f"padding-left:6px;margin-bottom:4px'>"
            f"<div>{e.n}. {html.escape(e.text)}{mark}</div>"
            f"<ul style='margin:0;padding-left:1.2em'>{effects}</ul>"
            f"<details><summary>{notation}</summary>"
            f"<code>{html.escape(e.notation)}</code>{retold}"
            "</details></div>"
        )
    return "".join(out)

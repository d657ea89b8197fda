"""Presenter mode: the game viewer for a room or a stream, served by Voila.

``swlab present [BOARD | SCENARIO | RECORD]`` starts a Voila server on the notebook shipped
beside this module (``present.ipynb``); the notebook builds a :class:`Presenter` from the
settings the command put in the ``SWLAB_PRESENT`` environment variable. The presenter is a
:class:`~swlab.play.viewer.GameViewer` with a narration line above the board (each action
in words), bot turns played at a chosen pace in shown steps (:mod:`swlab.play.pacing`: a
``Play`` widget ticks in the browser) with the regions that changed outlined, a summary
after each bot turn, and an end screen that fills the window (:mod:`swlab.play.ending`):
the winner, each player's coins in large type, the tie-break, a coins-per-round chart, and
R or *new game* to start again. *Save game* (S) writes the record into the workspace.
Coins stay hidden until revealed (R-SETUP-4); the keys of :mod:`swlab.play.keys` work.
``swlab present --overlay`` lays the same presenter out for a stream (``overlay=``).

Every word of the page is built here, in the language of the viewer: ``swlab present
--lang el`` hands the language to the app through ``SWLAB_LANG`` (the notebook itself shows
no text of its own), and the viewer's language switch relabels the presenter's parts too.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from swlab import i18n, names
from swlab.game.game import Game
from swlab.game.sources import load_game
from swlab.i18n import N_, _
from swlab.play.controller import BotSpec, GameController
from swlab.play.ending import END_CSS, coins_chart, ending, ending_html
from swlab.play.keys import key_of
from swlab.play.pacing import bots_to_play
from swlab.play.style import player_colour, text_colour
from swlab.play.viewer import GameViewer, _workspace
from swlab.workspace import FileBox, Outcome, Workspace

__all__ = ["NOTEBOOK", "OVERLAY_KEYS", "Presenter", "load_game", "settings_from_env"]

#: The Voila app that ``swlab present`` serves.
NOTEBOOK = Path(__file__).with_name("present.ipynb")
ENV = "SWLAB_PRESENT"


def settings_from_env() -> dict[str, Any]:
    """The settings ``swlab present`` passed to the notebook (JSON in ``SWLAB_PRESENT``)."""
    raw = os.environ.get(ENV, "")
    return dict(json.loads(raw)) if raw else {}


#: The chroma keys of ``swlab present --overlay``: the page's background for a streaming
#: tool (OBS's browser source keeps a transparent page transparent; a key colour is for a
#: tool that keys a colour out instead).
OVERLAY_KEYS: dict[str, str] = {"transparent": "transparent", "green": "#00ff00",
                                "magenta": "#ff00ff"}  # fmt: skip


#: The presenter's CSS (:func:`_style`; LABEL_PX: the board's label size in px).
PRESENT_CSS = """<style>
.swlab-present .swlab-narration { font-size: max(LABEL_PXpx, 3.4vh); font-weight: 700;
  line-height: 1.25; min-height: 1.25em; padding: 0.12em 0.4em; border-left: 0.3em solid #333;
  background: #f4f4f4; }
.swlab-present .swlab-narration .widget-html-content { font-size: inherit; line-height: inherit;
  height: auto; }
.swlab-present .swlab-present-controls { font-size: clamp(16px, 2.6vh, 40px); gap: 0.4em;
  align-items: center; flex-flow: row wrap; }
.swlab-present .swlab-present-controls .widget-label,
.swlab-present .swlab-present-controls .widget-readout,
.swlab-present .swlab-present-controls .widget-html-content { font-size: 1em; line-height: 1.4;
  height: auto; }
.swlab-present .swlab-present-controls button, .swlab-present .swlab-present-controls
  .widget-button { font-size: 1em; height: auto; min-height: 1.8em; min-width: 1.8em;
  padding: 0.1em 0.5em; }
.swlab-present .swlab-present-controls .widget-hslider { width: 16em; height: auto; }
.swlab-present .swlab-present-controls .widget-play { width: auto; height: auto; }
.swlab-present .swlab-present-controls .ui-slider-handle { width: 1em; height: 1em;
  top: -0.4em; }
.swlab-present .swlab-end { display: flex; flex-flow: row nowrap; gap: 1em;
  align-items: flex-start; }
.swlab-present .swlab-end > .swlab-end-text { flex: 1 1 0; min-width: 0; }
.swlab-present .swlab-end > .swlab-coins-chart { flex: 0 1 auto; }
</style>"""

#: The CSS of ``--overlay`` on top of it (KEY_COLOUR: the page's background).
OVERLAY_CSS = """<style>
html, body { background: KEY_COLOUR !important; }
body *:not(.swlab-present, .swlab-present *), .swlab-present, .swlab-present .widget-box,
.swlab-present .swlab-viewer, .swlab-present .swlab-map.leaflet-container,
.swlab-present .swlab-map .leaflet-container { background: transparent !important; }
:root { --jp-layout-color0: KEY_COLOUR; --jp-layout-color1: KEY_COLOUR; }
.swlab-overlay .swlab-map path.swlab-region { fill-opacity: 1; }
.swlab-overlay .swlab-panel, .swlab-overlay .swlab-present-controls { display: none !important; }
.swlab-overlay .swlab-stage { display: flex; flex-flow: row nowrap; gap: 1vw;
  align-items: flex-start; }
.swlab-overlay .swlab-presenter { flex: 0 0 64vw; }
.swlab-overlay .swlab-stage > .swlab-end { flex: 0 0 64vw; }
.swlab-overlay .swlab-strip { flex: 1 1 0; min-width: 0; gap: 0.6em;
  background: rgba(255, 255, 255, 0.92) !important; border-radius: 0.3em;
  padding: 0.3em 0.5em; }
.swlab-overlay .swlab-abbreviations-box .widget-html-content { font-size: 3vh !important;
  height: auto;
  background: rgba(255, 255, 255, 0.92); padding: 0.1em 0.3em; }
.swlab-overlay .swlab-scores { font-size: 3vh; line-height: 1.3; }
.swlab-overlay .swlab-scores .widget-html-content { font-size: inherit; line-height: inherit;
  height: auto; }
.swlab-overlay .swlab-scores .swlab-score { display: block; margin-bottom: 0.3em; }
.swlab-overlay .swlab-end { background: rgba(255, 255, 255, 0.92) !important;
  border-radius: 0.3em; padding: 0.4em; }
</style>"""


def _style(label_px: int, overlay: str | None) -> str:
    """The presenter's own style.

    Sizes are shares of the window's height, so a room reads them the same on any
    projector: the narrated sentence at least as large as the board's labels
    (``label_px``, which follow the map's size) and never below 3.4 % of the height (37 px
    at 1080p, 24 px at 720p); the controls (the clock, the pace, the buttons) at 2.6 % (28
    px at 1080p, about 1/38 of the height, larger than the 1/50 of a screen's height that
    slide guidelines give for the smallest text read from the back row).
    ``overlay``: the page's background for a streaming tool (:data:`OVERLAY_KEYS`).
    """
    css = PRESENT_CSS.replace("LABEL_PX", str(label_px))
    if overlay is None:
        return css
    return css + OVERLAY_CSS.replace("KEY_COLOUR", OVERLAY_KEYS[overlay])


class Presenter:
    """The presenter app: one game, big and narrated, bots at a pace.

    Parameters
    ----------
    game
        The game to show (see :func:`load_game`).
    bots
        Seats played by bots: ``{1: "greedy"}``.
    pace
        Seconds between two shown steps of a bot (:mod:`swlab.play.pacing`: a run of small
        steps, such as a redeployment, is one step).
    label_size
        A factor on the map's labels (their size follows the map's size): readable from
        the back of a room.
    language
        The language of the page (``"el"``, ...; by default the one in effect, which
        ``swlab present --lang`` sets through ``SWLAB_LANG``).
    workspace
        The folder *save game* writes to (default: ``$SWLAB_WORKSPACE``, which ``swlab
        present`` sets, else ``swlab-files/`` in the working folder); nothing is written
        elsewhere (:mod:`swlab.workspace`).
    overlay
        For a stream: ``"transparent"``, ``"green"`` or ``"magenta"`` (:data:`OVERLAY_KEYS`)
        lays the page out for a browser source of 1920x1080: the board, and a strip of
        narration and scores, on that background; no panel.
    """

    def __init__(
        self,
        game: Game,
        *,
        bots: Mapping[int, BotSpec] | None = None,
        pace: float = 1.2,
        label_size: float = 1.2,
        language: str | None = None,
        workspace: Workspace | str | os.PathLike[str] | None = None,
        overlay: str | None = None,
    ) -> None:
        if overlay is not None and overlay not in OVERLAY_KEYS:
            raise ValueError(
                _("{key} is not an overlay background; use one of: {keys}").format(
                    key=repr(overlay), keys=", ".join(OVERLAY_KEYS)
                )
            )
        self.overlay = overlay
        self.controller = GameController(game, bots=bots)
        # served to a room: no file box (nothing typed in the page reaches the server's
        # files); bots move at the clock's pace
        self.viewer = GameViewer(
            self.controller,
            auto_bots=True,
            map_share=1.0 if overlay else 0.72,
            label_size=label_size,
            file_boxes=False,
            language=language,
            pace=pace,
        )
        self.viewer.show_ending = False  # the presenter's own, filling the window
        self.viewer.widget.add_class("swlab-presenter")
        clock = self.viewer.clock
        clock.pace.min = 0.2
        #: the bots' clock and its pace, moved from the viewer's panel to the top
        self.player, self.pace = clock.player, clock.pace
        self.viewer.pace_row.children = ()
        self.viewer.pace_row.layout.display = "none"
        self._build_controls(workspace, overlay)
        parts = self._layout(overlay)
        self.widget = widgets.VBox([widgets.HTML(END_CSS), *parts])
        self.widget.add_class("swlab-present")
        if overlay:
            self.widget.add_class("swlab-overlay")
        self.keys = self._bind_keys()
        self.viewer.on_refresh.append(self._decorate)
        self.refresh()

    def _build_controls(
        self, workspace: Workspace | str | os.PathLike[str] | None, overlay: str | None
    ) -> None:
        """The narration, the row of controls (clock, pace, save, new game), the scores
        and the end screen."""
        self.narration = widgets.HTML()
        self.narration.add_class("swlab-narration")
        self.files = FileBox(_workspace(workspace, None))
        self.save_button = self._button(N_("save game"), N_("Save the game record (JSON)"), "save")
        self.save_button.on_click(self.viewer._speak(lambda _b: self.save_game()))
        self.again_button = self._button(N_("new game"), N_("Start a new game"), "again")
        self.again_button.on_click(self.viewer._speak(lambda _b: self.start_again()))
        self.again_button.add_class("swlab-again")
        self.saved = widgets.HTML()
        self.saved.add_class("swlab-saved")
        self.end_screen = widgets.HBox()
        for name in ("swlab-end", "swlab-end-large"):
            self.end_screen.add_class(name)
        self._end_drawn: tuple[str, int, int] | None = None
        self.style = widgets.HTML(_style(self.viewer._label_px, overlay))
        self.viewer.style.observe(self._on_viewer_style, "value")
        self.controls = widgets.HBox(
            [self.player, self.pace, self.save_button, self.again_button, self.saved]
        )
        self.controls.add_class("swlab-present-controls")
        self.scores = widgets.HTML()
        self.scores.add_class("swlab-scores")

    def _layout(self, overlay: str | None) -> list[Any]:
        """The page's parts: narration, controls, board and end screen, or for a stream the
        board beside a strip of narration and scores (no panel)."""
        if overlay:
            self.viewer.panel.layout.display = "none"
            # on a 16:9 stream the board leaves a column beside it: narration and scores
            strip = widgets.VBox([self.narration, self.scores])
            strip.add_class("swlab-strip")
            stage = widgets.HBox([self.viewer.widget, self.end_screen, strip])
            stage.add_class("swlab-stage")
            return [self.style, self.controls, stage]
        return [self.style, self.narration, self.controls, self.viewer.widget, self.end_screen]

    def _button(self, label: str, tooltip: str, command: str) -> widgets.Button:
        """A control of the presenter's row, named in the viewer's language with its key."""
        b = widgets.Button(layout=widgets.Layout(width="auto"))
        self.viewer._label(b, "description", label)
        self.viewer._label(b, "tooltip", tooltip, f"{{}} ({key_of(command)})")
        return b

    def _bind_keys(self) -> Any:
        """The presenter's pause is the bots' clock; the rest of the keys are the viewer's,
        through the viewer's own keyboard layer (one listener: one press acts once), whose
        scope grows to the whole presenter."""
        commands = dict(self.viewer.key_commands())
        commands["pause"] = self.toggle_pause
        commands["next"] = self.step
        commands["save"] = self.save_game
        keys = self.viewer.keys
        keys.set_commands({k: self.viewer._speak(fn) for k, fn in commands.items()})
        keys.serve(self.widget)
        return keys

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> Presenter:
        """The presenter that ``swlab present`` describes (see :func:`settings_from_env`)."""
        seed = settings.get("seed")
        game = load_game(settings.get("spec"), settings.get("players"), seed)
        bots = {int(k): v for k, v in (settings.get("bots") or {}).items()}
        return cls(
            game,
            bots=bots,
            pace=float(settings.get("pace", 1.2)),
            language=settings.get("language"),
            overlay=settings.get("overlay"),
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # --- the bots' clock ------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        """Whether the bots' clock is paused (P): *bots move after you* is off."""
        return not self.viewer.auto_bots.value

    def toggle_pause(self) -> None:
        """Pause or resume the bots' clock (the P key)."""
        self.viewer._toggle_pause()

    def step(self) -> None:
        """The N key: one shown step of a bot (:func:`~swlab.play.pacing.play_shown_step`),
        the changed regions outlined; at the end of a bot's turn its summary. On a
        person's turn nothing is played, and the narration says so."""
        if bots_to_play(self.controller):
            self.viewer.clock.step()
        else:
            self.viewer._on_bot()

    # --- a new game, a saved record -------------------------------------------------------
    def start_again(self) -> None:
        """R or *new game*: at the end of a game, a new one with the same seats and bots."""
        self.viewer.start_again()

    def save_game(self) -> Outcome:
        """S or *save game*: the game record, under a new name of its own (the date and
        time), inside the workspace, so that a class can take the game home."""
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        root = self.files.workspace.root
        name, n = f"game-{stamp}.json", 1
        while (root / name).exists():
            n += 1
            name = f"game-{stamp}-{n}.json"
        verb = "save game"  # i18n: not prose: the file box's key of its sentences
        outcome = self.files.save(verb, name, "record", self.controller.save_record)
        refused = "" if outcome.ok else " swlab-refused"
        message = html.escape(outcome.message)
        self.saved.value = f"<span class='swlab-saved{refused}'>{message}</span>"
        return outcome

    # --- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the viewer, then the presenter's parts (:meth:`_decorate`)."""
        self.viewer.refresh()

    def _on_viewer_style(self, _change: dict[str, Any]) -> None:
        """The map's labels took a new size: the narration follows."""
        self.style.value = _style(self.viewer._label_px, self.overlay)

    def _decorate(self) -> None:
        """The narration, the end screen and the scores strip, after every redraw, in the
        viewer's language (a switch redraws the end screen in the new one)."""
        with i18n.using(self.viewer.language):
            self._draw()

    def _draw(self) -> None:
        c = self.controller
        end = ending(c.state)
        last = c.last
        words = last.narration if last is not None and last.ok else ""
        if last is not None and last.kind in ("refused", "none") and last.message:
            words = last.message  # a refused click or key is told, not left silent
        if not words and c.summaries:
            words = c.summaries[-1].text
        if end is not None:
            words = end.title  # the winner, not the last bot's redeployment
        self.narration.value = html.escape(words or c.status().text)
        self.end_screen.layout.display = "none" if end is None else None
        self.again_button.layout.display = "none" if end is None else None
        if end is None:
            if self.end_screen.children:
                self.end_screen.children = ()
                self._end_drawn = None
            self.viewer.widget.layout.display = None
        else:
            self.viewer.widget.layout.display = "none"
            drawn = (i18n.language(), id(c.game), c.index)
            if drawn != self._end_drawn:
                self._end_drawn = drawn
                self.end_screen.children = self._end_children()
        if self.overlay:
            self.scores.value = self._scores_html()

    def _end_children(self) -> tuple[Any, ...]:
        end = ending(self.controller.state)
        assert end is not None
        again = _("{key} or the button: a new game").format(key=key_of("again"))
        text = widgets.HTML(ending_html(end, again))
        text.add_class("swlab-end-text")
        chart = widgets.Image(value=self.coins_chart(), format="png")
        chart.add_class("swlab-coins-chart")
        return (text, chart)

    def _scores_html(self) -> str:
        """The overlay's score strip: each player's colour, name, race and regions; the
        coins once revealed (C) or at the end (R-SETUP-4)."""
        out = []
        for row in self.viewer.model.scoreboard:
            colour = player_colour(int(row["seat"]))
            coins = names.coins(row["coins"]) if isinstance(row["coins"], int) else ""
            regions = names.regions(int(row["regions"]))
            words = " · ".join(w for w in (str(row["active race"]), regions, coins) if w)
            out.append(
                f"<span class='swlab-score'><b style='background:{colour};"
                f"color:{text_colour(colour)};padding:0 0.3em;border-radius:0.3em'>"
                f"{html.escape(str(row['player']))}</b> {html.escape(words)}</span>"
            )
        return "".join(out)

    def coins_chart(self) -> bytes:
        """A PNG chart of each player's coins per round, its words in the language in
        effect (:func:`swlab.play.ending.coins_chart`)."""
        c = self.controller
        return coins_chart(c.coins_by_round(), [p.name for p in c.state.players], (9, 4.5), 14)

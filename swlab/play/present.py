"""Presenter mode: the game viewer for a room or a stream, served by Voila.

``swlab present [BOARD | SCENARIO | RECORD]`` starts a Voila server on the notebook shipped
beside this module (``present.ipynb``); the notebook builds a :class:`Presenter` from the
settings the command put in the ``SWLAB_PRESENT`` environment variable. The presenter is a
:class:`~swlab.play.viewer.GameViewer` with a narration line above the board (each action
in words), bot turns played one step at a time at a chosen pace (a ``Play`` widget ticks in
the browser) with the regions that changed outlined, a summary after each bot turn, and an
end-of-game screen: final coins, the winner, the tie-break, and a coins-per-round chart.
Coins stay hidden until revealed (R-SETUP-4); the keys of :mod:`swlab.play.keys` work.

Every word of the page is built here, in the language of the viewer: ``swlab present
--lang el`` hands the language to the app through ``SWLAB_LANG`` (the notebook itself shows
no text of its own), and the viewer's language switch relabels the presenter's parts too.
"""

from __future__ import annotations

import html
import io
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from swlab import i18n
from swlab.game.game import Game
from swlab.i18n import N_, _, ngettext, pgettext
from swlab.play.controller import BotSpec, GameController
from swlab.play.style import player_colour
from swlab.play.viewer import GameViewer
from swlab.rules.engine import CHANCE, current_player, is_over, tokens_on_map, winners
from swlab.safe_io import InputRefused, check_regular, parse_json, read_text

__all__ = ["NOTEBOOK", "Presenter", "load_game", "settings_from_env"]

#: The Voila app that ``swlab present`` serves.
NOTEBOOK = Path(__file__).with_name("present.ipynb")
ENV = "SWLAB_PRESENT"


def load_game(
    spec: str | None, players: Sequence[str] | None = None, seed: int | None = None
) -> Game:
    """A game from a board (a shipped name or a board file), a scenario (a ``.yaml`` file
    or a shipped scenario's name) or a game record (a ``.json`` record file). ``seed`` fixes
    a new game's setup and die (default: a new game each time)."""
    from swlab.board.catalog import load_board, shipped_board_names
    from swlab.game.shipped import scenario_path, shipped_scenario_names

    spec = spec or "official_2p"
    path = Path(spec)
    try:  # a FIFO, a device, a folder: refused before any loader opens it
        check_regular(path)
    except InputRefused as refused:
        raise ValueError(_("{path}: {reason}").format(path=spec, reason=refused.reason)) from None
    if path.suffix == ".json" and path.exists() and _holds_a_record(path):
        return Game.from_record(path)
    if path.suffix in (".yaml", ".yml"):
        return Game.from_scenario(path)
    try:
        board = load_board(spec)
    except (OSError, ValueError, KeyError) as board_error:
        try:
            return Game.from_scenario(scenario_path(spec))
        except (OSError, ValueError, KeyError):
            text = _(
                "{spec} is neither a board, a scenario nor a game record; shipped boards: "
                "{boards}; shipped scenarios: {scenarios}"
            )
            raise ValueError(
                text.format(
                    spec=repr(spec),
                    boards=", ".join(shipped_board_names()),
                    scenarios=", ".join(shipped_scenario_names()),
                )
            ) from board_error
    names = (
        list(players)
        if players
        else [_("Player {n}").format(n=i + 1) for i in range(board.players)]
    )
    return Game(board, names, seed=seed)


def _holds_a_record(path: Path) -> bool:
    """Whether the JSON file ``path`` is a game record (it has ``actions``) rather than a
    board; read by :mod:`swlab.safe_io` with the limits of the largest kind a ``.json``
    may be (a map), a refusal naming the file."""
    try:
        data = parse_json(read_text(path, "map"))
    except InputRefused as refused:
        raise ValueError(_("{path}: {reason}").format(path=path, reason=refused.reason)) from None
    return isinstance(data, dict) and "actions" in data


def settings_from_env() -> dict[str, Any]:
    """The settings ``swlab present`` passed to the notebook (JSON in ``SWLAB_PRESENT``)."""
    raw = os.environ.get(ENV, "")
    return dict(json.loads(raw)) if raw else {}


#: The presenter's own style: the narration line above the board, the end screen.
_STYLE = (
    "<style>.swlab-present .swlab-narration{font-size:1.35em;font-weight:700;"
    "min-height:1.6em;padding:4px 8px;border-left:8px solid #333;background:#f4f4f4}"
    ".swlab-end table{font-size:1.1em}.swlab-end th,.swlab-end td{padding:2px 10px}"
    "</style>"
)


class Presenter:
    """The presenter app: one game, big and narrated, bots at a pace.

    Parameters
    ----------
    game
        The game to show (see :func:`load_game`).
    bots
        Seats played by bots: ``{1: "greedy"}``.
    pace
        Seconds between two bot steps.
    label_size
        A factor on the map's labels (their size follows the map's size): readable from
        the back of a room.
    language
        The language of the page (``"el"``, ...; by default the one in effect, which
        ``swlab present --lang`` sets through ``SWLAB_LANG``).
    """

    def __init__(
        self,
        game: Game,
        *,
        bots: Mapping[int, BotSpec] | None = None,
        pace: float = 1.2,
        label_size: float = 1.2,
        language: str | None = None,
    ) -> None:
        self.controller = GameController(game, bots=bots)
        # served to a room: no file box (nothing typed in the page reaches the server's files)
        self.viewer = GameViewer(
            self.controller,
            auto_bots=False,
            map_share=0.72,
            label_size=label_size,
            file_boxes=False,
            language=language,
        )
        self.viewer.widget.add_class("swlab-presenter")
        self.narration = widgets.HTML()
        self.narration.add_class("swlab-narration")
        self.player = widgets.Play(
            interval=max(100, round(pace * 1000)),
            min=0,
            max=10**9,
            step=1,
            show_repeat=False,
        )
        self.player.observe(self._on_tick, "value")
        self.pace = widgets.FloatSlider(
            value=pace, min=0.2, max=5.0, step=0.1, readout_format=".1f"
        )
        with i18n.using(self.viewer.language):  # relabelled by the viewer's switch
            self.viewer._label(self.player, "description", N_("bots"))
            self.viewer._label(self.pace, "description", N_("pace (s)"))
        self.pace.observe(self._on_pace, "value")
        self.end_screen = widgets.VBox()
        self.end_screen.add_class("swlab-end")
        self._end_language = ""  # the language the end screen was drawn in
        style = widgets.HTML(_STYLE)
        controls = widgets.HBox([self.player, self.pace])
        self.widget = widgets.VBox(
            [style, self.narration, controls, self.viewer.widget, self.end_screen]
        )
        self.widget.add_class("swlab-present")
        self.keys = self._bind_keys()
        self._turn_key: tuple[int, int] | None = None
        self._turn_start = self.controller.index
        self.paused = False
        self.viewer.on_refresh.append(self._decorate)
        self.refresh()

    def _bind_keys(self) -> Any:
        """The presenter's pause is the bots' clock; the rest of the keys are the viewer's,
        through the viewer's own keyboard layer (one listener: one press acts once), whose
        scope grows to the whole presenter."""
        commands = dict(self.viewer.key_commands())
        commands["pause"] = self.toggle_pause
        commands["next"] = self.step
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
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # --- the bots' clock ------------------------------------------------------------------
    def _actor(self) -> int | None:
        state = self.controller.state
        actor = current_player(state)
        return state.turn.actor if actor == CHANCE else actor

    def _on_pace(self, change: dict[str, Any]) -> None:
        self.player.interval = max(100, round(float(change["new"]) * 1000))

    def toggle_pause(self) -> None:
        """Pause or resume the bots' clock (the P key)."""
        self.paused = not self.paused
        self.player.playing = not self.paused and self._bots_to_play()

    def _bots_to_play(self) -> bool:
        c = self.controller
        return (
            not is_over(c.state)
            and c.question is None
            and not c.viewing_past()
            and c.is_bot_seat(self._actor())
        )

    def _on_tick(self, _change: dict[str, Any]) -> None:
        c = self.controller
        if is_over(c.state) or c.question is not None or c.viewing_past():
            return
        if c.is_bot_seat(self._actor()):
            self.step()

    def step(self) -> None:
        """One bot step or the die (the N key, and the bots' clock), the changed regions
        outlined; at the end of a bot's turn its summary. On a person's turn nothing is
        played, and the narration says so (:meth:`GameController.advance`)."""
        c = self.controller
        if is_over(c.state) or c.question is not None:
            return
        before = c.state
        key = (before.round, before.current)
        if key != self._turn_key:
            self._turn_key, self._turn_start = key, c.index
        result = c.advance()
        if not result.ok:
            self.refresh()
            return
        after = c.state
        c.highlight = frozenset(
            before.geo.ids[i]
            for i, (x, y) in enumerate(zip(before.regions, after.regions, strict=True))
            if x != y
        )
        if (after.round, after.current) != key or is_over(after):
            c.summaries = c.turn_summaries(self._turn_start, c.index)[:1]
        self.refresh()

    # --- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the viewer, then the presenter's parts (:meth:`_decorate`)."""
        self.viewer.refresh()

    def _decorate(self) -> None:
        """The narration, the end screen and the bots' clock, after every redraw: the clock
        runs while a bot is to act (unless paused) and stops for a person; all in the
        viewer's language (a switch redraws the end screen in the new one)."""
        with i18n.using(self.viewer.language):
            self._draw()

    def _draw(self) -> None:
        c = self.controller
        last = c.last
        words = last.narration if last is not None and last.ok else ""
        if last is not None and last.kind == "refused":
            words = last.message  # a refused click or key is told, not left silent
        if not words and c.summaries:
            words = c.summaries[-1].text
        self.narration.value = html.escape(words or c.status().text)
        over = is_over(c.state)
        if over and (not self.end_screen.children or self._end_language != i18n.language()):
            self.end_screen.children = self._end_children()
            self._end_language = i18n.language()
        elif not over and self.end_screen.children:
            self.end_screen.children = ()
        playing = not self.paused and self._bots_to_play()
        if self.player.playing != playing:
            self.player.playing = playing

    def _end_children(self) -> tuple[Any, ...]:
        c = self.controller
        state = c.state
        win = winners(state)
        coins = [p.coins for p in state.players]
        tokens = [tokens_on_map(state, p) for p in range(len(state.players))]
        top = max(coins)
        tied = [p for p, n in enumerate(coins) if n == top]
        if len(tied) == 1:
            tie = _("No tie-break was needed.")
        elif len(win) == 1:
            tie = _(
                "{players} tie on coins; {winner} has the most race tokens on the map (R-FLOW-3)."
            ).format(
                players=_(" and ").join(state.player_name(p) for p in tied),
                winner=state.player_name(win[0]),
            )
        else:
            tie = _("A tie on coins and on tokens on the map: a shared win (R-FLOW-3).")
        columns = (_("player"), _("coins"), _("tokens on the map"))
        head = "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in columns) + "</tr>"
        rows = "".join(
            f"<tr><td style='color:{player_colour(p)};font-weight:700'>"
            f"{html.escape(ps.name)}</td><td>{coins[p]}</td><td>{tokens[p]}</td></tr>"
            for p, ps in enumerate(state.players)
        )
        names = _(" and ").join(state.player_name(w) for w in win)
        title = (
            ngettext(
                "Game over: {players} share the win with {n} coin",
                "Game over: {players} share the win with {n} coins",
                top,
            )
            if len(win) > 1
            else ngettext(
                "Game over: {players} wins with {n} coin",
                "Game over: {players} wins with {n} coins",
                top,
            )
        ).format(players=names, n=top)
        text = widgets.HTML(
            f"<h2 class='swlab-winner'>{html.escape(title)}</h2>"
            f"<table>{head}{rows}</table><p>{html.escape(tie)}</p>"
        )
        chart = widgets.Image(value=self.coins_chart(), format="png")
        chart.add_class("swlab-coins-chart")
        return (text, chart)

    def coins_chart(self) -> bytes:
        """A PNG chart of each player's coins per round (matplotlib, no pyplot), its words in
        the language in effect."""
        from matplotlib.figure import Figure

        c = self.controller
        by_round = c.coins_by_round()
        fig = Figure(figsize=(7, 3.2), dpi=100)
        ax = fig.add_subplot()
        rounds = list(range(1, len(by_round) + 1))
        for p, ps in enumerate(c.state.players):
            ax.plot(rounds, [r[p] for r in by_round], marker="o", lw=2.5,
                    color=player_colour(p), label=ps.name)  # fmt: skip
        ax.set_xlabel(pgettext("round", "round"))
        ax.set_ylabel(_("coins"))
        ax.set_title(pgettext("round", "Coins at the end of each round"))
        ax.grid(alpha=0.3)
        ax.legend(loc="upper left")
        fig.tight_layout()
        out = io.BytesIO()
        fig.savefig(out, format="png")
        return out.getvalue()

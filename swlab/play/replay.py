"""A game as one HTML file: ``swlab replay GAME.json -o game.html``.

The page replays a saved game record step by step with no server and no request to any
other host (it works from ``file://`` and from a USB stick): the board is drawn once as
inline SVG, and each step carries only what it changed (region looks and labels, as small
JSON), which a short inline script applies. The words are the viewer's own: each step's
narration and effects (:func:`~swlab.play.screen.log_entries`), the status line with the
round and the player (:func:`~swlab.play.screen.status`), each turn's summary
(:func:`~swlab.play.screen.turn_summaries`) and the scores
(:func:`~swlab.play.screen.scoreboard_rows`); regions look as in the viewer
(:func:`~swlab.play.style.feature_collection`, :func:`~swlab.play.style.labels`), the
regions a step changed outlined. A replay looks back at a game, so coins are shown
(R-SETUP-4 hides them from the players while they play).

The record's optional ``comments`` (a lesson's words at given steps,
:class:`~swlab.game.record.Comment`) are shown beside their steps. The page is written in
the language in effect (``--lang``); the format is described in ``docs/replay.md``.
"""

from __future__ import annotations

import html
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swlab import i18n
from swlab.board.model import Board
from swlab.game.record import GameRecord, RecordError, Step, load_record
from swlab.i18n import _
from swlab.play.screen import (
    Screen,
    changed_regions,
    log_entries,
    scoreboard_rows,
    status,
    turn_summaries,
)
from swlab.play.style import (
    BoardShapes,
    feature_collection,
    label_px,
    labels,
    player_colour,
)
from swlab.rules.state import GameState

__all__ = ["Replay", "build_replay", "replay_html", "write_replay"]

#: The width, in pixels, the labels are arranged for: the page scales the board and its
#: labels together, so the arrangement (no two labels touching) holds at any size.
NOMINAL_WIDTH = 1000
#: Labels a fifth larger than the viewer's, as the presenter has them: a room reads them.
LABEL_SCALE = 1.2


@dataclass(frozen=True)
class Replay:
    """A game ready to be written as a page: the board's SVG, and per step the JSON the
    page's script applies (see :func:`build_replay`)."""

    title: str
    board: str
    svg: str
    data: dict[str, Any]
    steps: int


def _path_data(geometry: dict[str, Any], top: float) -> str:
    """SVG path data of a GeoJSON (Multi)Polygon, y turned downwards (``top - y``)."""
    polygons = (
        [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    )
    parts = []
    for rings in polygons:
        for ring in rings:
            points = " ".join(f"{x:.1f} {top - y:.1f}" for x, y in ring[:-1])
            parts.append(f"M{points}Z")
    return "".join(parts)


def _svg(shapes: BoardShapes) -> str:
    """The board's regions, drawn once: each a path the script restyles."""
    minx, miny, maxx, maxy = shapes.bounds
    paths = "".join(
        f"<path id='swlab-r{rid}' class='swlab-region swlab-region-{rid}' "
        f"d='{_path_data(shapes.geometry[rid], maxy)}'/>"
        for rid in shapes.ids
    )
    return (
        f"<svg class='swlab-svg' viewBox='{minx:g} 0 {maxx - minx:g} {maxy - miny:g}' "
        f"preserveAspectRatio='none' role='img'><g id='swlab-regions' fill-rule='evenodd' "
        f"stroke-linejoin='round'>{paths}</g></svg>"
    )


def _style_row(style: dict[str, Any]) -> list[Any]:
    """A region's Leaflet path options as the script's SVG attributes: fill, fill
    opacity, stroke, width (screen pixels), stroke opacity, dashes, classes."""
    return [
        style["fillColor"],
        style["fillOpacity"],
        style["color"],
        style["weight"],
        style["opacity"],
        style["dashArray"] or "",
        style["className"],
    ]


class _Table:
    """Equal values stored once: a value's index in :attr:`values`."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self._index: dict[str, int] = {}

    def __call__(self, value: Any) -> int:
        key = json.dumps(value)
        if key not in self._index:
            self._index[key] = len(self.values)
            self.values.append(value)
        return self._index[key]


def _scores(state: GameState, start: GameState) -> list[list[Any]]:
    """Per seat: the races (the active combo, then those in decline), regions, tokens on
    the map, coins, and whether the seat acts now (coins shown: the game is looked back
    at)."""
    screen = Screen(state, start, (), 0, (), reveal=True)
    out = []
    for row in scoreboard_rows(screen):
        declined = _("{races} in decline").format(races=row["in decline"])
        races = [row["active race"], declined if row["in decline"] else ""]
        out.append(
            [
                "; ".join(r for r in races if r),
                row["regions"],
                row["tokens on map"],
                row["coins"],
                int(bool(row["to act"])),
            ]
        )
    return out


def build_replay(record: GameRecord, board: Board | None = None) -> Replay:
    """Replay ``record`` and gather what the page shows at each step, in the language in
    effect. Step 0 is the start; step ``k`` the position after action ``k``. A record the
    rules refuse raises :class:`~swlab.game.record.RecordError` (a ``ValueError``)."""
    if board is None:
        try:
            loaded = record.load_board()
        except ValueError as e:  # CatalogError, MapFormatError, GraphError
            raise RecordError("board", str(e)) from None
        if not isinstance(loaded, Board):
            raise RecordError("board", _("the board has no shapes to draw"))
        board = loaded
    start = record.start(board)
    history: tuple[Step, ...] = tuple(record.timeline(board))
    shapes = BoardShapes.from_board(board)
    minx, miny, maxx, maxy = shapes.bounds
    zoom = math.log2(NOMINAL_WIDTH / max(maxx - minx, 1e-9))
    height = (maxy - miny) * 2.0**zoom
    px = label_px(NOMINAL_WIDTH, height, len(shapes.ids), LABEL_SCALE)

    whole = Screen(history[-1].state if history else start, start, history, len(history), (),
                   reveal=True)  # fmt: skip
    entries = log_entries(whole)
    summaries = {s.end: s.text for s in turn_summaries(whole, 0, len(history))}
    comments: dict[int, list[str]] = {}
    for c in record.comments:
        comments.setdefault(c.step, []).append(c.text)

    styles, marks = _Table(), _Table()
    shown_style: dict[int, int] = {}
    shown_label: dict[int, int] = {}
    steps: list[dict[str, Any]] = []
    states = [start, *(s.state for s in history)]
    for k, state in enumerate(states):
        changed = changed_regions(states[k - 1], state) if k else frozenset()
        features = feature_collection(shapes, state, highlight=changed, dim=False)["features"]
        style_diff = []
        for f in features:
            rid, index = f["id"], styles(_style_row(f["properties"]["style"]))
            if shown_style.get(rid) != index:
                shown_style[rid] = index
                style_diff.append([rid, index])
        label_diff = []
        for rid, ((y, x), markup) in labels(shapes, state, fit=(zoom, px)).items():
            left = round((x - minx) / (maxx - minx) * 100, 2)
            top = round((maxy - y) / (maxy - miny) * 100, 2)
            index = marks([left, top, markup])
            if shown_label.get(rid) != index:
                shown_label[rid] = index
                label_diff.append([rid, index])
        entry = entries[k - 1] if k else None
        steps.append(
            {
                "t": status(Screen(state, start, (), 0, ())).text,
                "a": entry.text if entry else _("The game before its first action."),
                "e": list(entry.effects) if entry else [],
                "u": summaries.get(k, ""),
                "m": comments.get(k, []),
                "s": style_diff,
                "l": label_diff,
                "c": sorted(changed),
                "p": _scores(state, start),
            }
        )
    names = [p.name for p in start.players]
    data = {
        "ids": list(shapes.ids),
        "styles": styles.values,
        "labels": marks.values,
        "steps": steps,
        "players": [[name, player_colour(p)] for p, name in enumerate(names)],
        # the labels' size as a share of the board's width (CSS container units)
        "labelSize": round(px / NOMINAL_WIDTH * 100, 4),
        "aspect": [round(maxx - minx, 1), round(maxy - miny, 1)],
        "words": {
            "step": _("Step {step} of {steps}"),
        },
    }
    title = _("{board}: a game of {players}, replayed").format(
        board=start.geo.name, players=_(" and ").join(names)
    )
    return Replay(title, start.geo.name, _svg(shapes), data, len(history))


#: The page's look: the board on the left sized to fit the window, the words beside it.
_CSS = """
html,body{margin:0;height:100%;background:#FFFFFF;color:#111111;
font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}
body{display:flex;flex-direction:column;height:100vh;overflow:hidden}
header{display:flex;align-items:center;gap:0.5em;padding:0.35em 0.6em;flex-wrap:wrap;
font-size:clamp(14px,1.15vw,26px);border-bottom:1px solid #CCCCCC}
header h1{font-size:1em;margin:0 0.6em 0 0;font-weight:600}
header button{font-size:1em;min-width:2.4em;padding:0.15em 0.4em;cursor:pointer}
#swlab-slider{flex:1;min-width:8em;height:1.4em}
#swlab-counter{font-weight:700;white-space:nowrap;min-width:7em}
main{flex:1;display:flex;gap:0.8em;min-height:0;padding:0.5em 0.6em}
.swlab-stage{flex:0 1 66%;min-width:0;container-type:size;display:flex;
align-items:flex-start;justify-content:center}
.swlab-board{position:relative;container-type:inline-size;
width:min(100cqw,calc(100cqh * var(--swlab-aspect)));aspect-ratio:var(--swlab-aspect)}
.swlab-svg{position:absolute;inset:0;width:100%;height:100%;display:block}
.swlab-svg path{vector-effect:non-scaling-stroke}
.swlab-labels{position:absolute;inset:0;pointer-events:none;
font-size:calc(var(--swlab-label) * 1cqw)}
.swlab-labels>div{position:absolute;transform:translate(-50%,-50%);width:max-content}
aside{flex:1 1 34%;min-width:0;overflow-y:auto;display:flex;flex-direction:column;gap:0.5em}
aside>*{flex-shrink:0}
#swlab-status{font-size:clamp(15px,1.3vw,30px);font-weight:600}
#swlab-narration{font-size:clamp(20px,1.9vw,46px);font-weight:700;line-height:1.25;
border-left:8px solid #333333;background:#F4F4F4;padding:0.25em 0.45em;min-height:1.3em}
#swlab-effects{font-size:clamp(14px,1.15vw,28px);margin:0;padding-left:1.2em}
#swlab-summary{font-size:clamp(15px,1.25vw,30px);font-style:italic}
#swlab-summary:empty,#swlab-lesson[hidden]{display:none}
#swlab-lesson{font-size:clamp(16px,1.4vw,34px);background:#FFF4CC;
border-left:8px solid #E69F00;padding:0.3em 0.5em}
#swlab-lesson p{margin:0.2em 0;white-space:pre-wrap}
#swlab-lesson h2{font-size:0.8em;margin:0;text-transform:uppercase;letter-spacing:0.05em}
table{border-collapse:collapse;width:100%;font-size:clamp(13px,1.05vw,26px)}
th,td{padding:0.1em 0.35em;text-align:left;vertical-align:top}
th{font-size:0.85em}
td.n{text-align:right}
td:first-child{white-space:nowrap}
tr.swlab-acting{background:#EEF6FF;outline:2px solid #0072B2}
.swlab-seat{display:inline-block;width:0.8em;height:0.8em;border-radius:0.2em;
margin-right:0.3em;vertical-align:middle}
.swlab-keys,.swlab-note{font-size:clamp(12px,0.95vw,22px);color:#444444}
"""

#: The page's behaviour: step through the data with the keys, the buttons and the slider.
#: One press is one step, the slider's own arrow keys included.
_JS = """
(function () {
  var D = JSON.parse(document.getElementById('swlab-data').textContent);
  var last = D.steps.length - 1;
  var frames = [], style = {}, label = {};
  D.steps.forEach(function (s) {
    s.s.forEach(function (p) { style[p[0]] = p[1]; });
    s.l.forEach(function (p) { label[p[0]] = p[1]; });
    frames.push([Object.assign({}, style), Object.assign({}, label)]);
  });
  var $ = function (id) { return document.getElementById(id); };
  var group = $('swlab-regions'), layer = $('swlab-labels'), slider = $('swlab-slider');
  var paths = {}, marks = {}, shownStyle = {}, shownLabel = {};
  D.ids.forEach(function (r) {
    paths[r] = $('swlab-r' + r);
    var div = document.createElement('div');
    layer.appendChild(div);
    marks[r] = div;
  });
  var names = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity',
               'stroke-dasharray', 'class'];
  function text(id, value) { $(id).textContent = value; }
  function render(k) {
    var f = frames[k], s = D.steps[k];
    D.ids.forEach(function (r) {
      if (shownStyle[r] !== f[0][r]) {
        shownStyle[r] = f[0][r];
        var v = D.styles[f[0][r]];
        names.forEach(function (n, i) { paths[r].setAttribute(n, v[i]); });
      }
      if (shownLabel[r] !== f[1][r]) {
        shownLabel[r] = f[1][r];
        var m = D.labels[f[1][r]];
        marks[r].style.left = m[0] + '%';
        marks[r].style.top = m[1] + '%';
        marks[r].innerHTML = m[2];
      }
    });
    s.c.forEach(function (r) { group.appendChild(paths[r]); });
    text('swlab-status', s.t);
    text('swlab-narration', s.a);
    var effects = $('swlab-effects');
    effects.replaceChildren();
    s.e.forEach(function (line) {
      var li = document.createElement('li');
      li.textContent = line;
      effects.appendChild(li);
    });
    text('swlab-summary', s.u);
    var lesson = $('swlab-lesson'), notes = $('swlab-comments');
    notes.replaceChildren();
    s.m.forEach(function (line) {
      var p = document.createElement('p');
      p.textContent = line;
      notes.appendChild(p);
    });
    lesson.hidden = !s.m.length;
    var rows = $('swlab-scores').tBodies[0].rows;
    s.p.forEach(function (p, seat) {
      var cells = rows[seat].cells;
      for (var i = 0; i < 4; i++) { cells[i + 1].textContent = p[i]; }
      rows[seat].className = p[4] ? 'swlab-acting' : '';
    });
    text('swlab-counter', D.words.step.replace('{step}', k).replace('{steps}', last));
    slider.value = k;
    document.body.setAttribute('data-step', k);
  }
  var at = 0;
  function show(k) {
    at = Math.max(0, Math.min(last, k));
    render(at);
  }
  var moves = {
    ArrowRight: function () { return at + 1; }, ArrowLeft: function () { return at - 1; },
    Home: function () { return 0; }, End: function () { return last; }
  };
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || !moves[e.key]) { return; }
    e.preventDefault();
    show(moves[e.key]());
  });
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  [['swlab-first', 'Home'], ['swlab-back', 'ArrowLeft'], ['swlab-next', 'ArrowRight'],
   ['swlab-last', 'End']].forEach(function (b) {
    $(b[0]).addEventListener('click', function () { show(moves[b[1]]()); });
  });
  slider.max = last;
  show(0);
  window.focus();
})();
"""


def _json_script(data: dict[str, Any]) -> str:
    """JSON that an HTML ``<script>`` element holds safely (no ``</`` inside it)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def replay_html(replay: Replay) -> str:
    """The page: one self-contained HTML file, no URL in it."""
    e = html.escape
    data = replay.data
    code = i18n.LOCALES.get(i18n.language(), i18n.language()).replace("_", "-")
    w, h = data["aspect"]
    head = "".join(
        f"<th>{e(word)}</th>"
        for word in (
            _("player"),
            _("races"),
            _("regions"),
            _("tokens on the map"),
            _("coins"),
        )
    )
    rows = "".join(
        f"<tr><td><span class='swlab-seat' style='background:{colour}'></span>{e(name)}</td>"
        "<td></td><td class='n'></td><td class='n'></td><td class='n'></td></tr>"
        for name, colour in data["players"]
    )
    comment_steps = sorted({k for k, s in enumerate(data["steps"]) if s["m"]})
    ticks = "".join(f"<option value='{k}'></option>" for k in comment_steps)
    keys = _("Keys: → next step, ← step back, Home the start, End the end; or drag the slider.")
    outlined = _("Outlined in magenta: the regions the step changed.")
    first, back, step = e(_("First step")), e(_("Step back")), e(_("Step"))
    forward, end, lesson = e(_("Next step")), e(_("Last step")), e(_("Lesson"))
    return (
        f"<!DOCTYPE html><html lang='{e(code)}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width,initial-scale=1'>"
        f"<title>{e(replay.title)}</title><style>{_CSS}</style></head>"
        f"<body data-step='0' style='--swlab-aspect:{w}/{h};--swlab-label:{data['labelSize']}'>"
        f"<header><h1>{e(replay.title)}</h1>"
        f"<button id='swlab-first' type='button' aria-label='{first}'>|◀</button>"
        f"<button id='swlab-back' type='button' aria-label='{back}'>◀</button>"
        f"<input id='swlab-slider' type='range' min='0' max='{replay.steps}' value='0' "
        f"step='1' list='swlab-ticks' aria-label='{step}'>"
        f"<datalist id='swlab-ticks'>{ticks}</datalist>"
        f"<button id='swlab-next' type='button' aria-label='{forward}'>▶</button>"
        f"<button id='swlab-last' type='button' aria-label='{end}'>▶|</button>"
        "<span id='swlab-counter' aria-live='polite'></span></header>"
        f"<main><div class='swlab-stage'><div class='swlab-board'>{replay.svg}"
        "<div id='swlab-labels' class='swlab-labels'></div></div></div>"
        "<aside><div id='swlab-status'></div>"
        "<div id='swlab-narration' aria-live='polite'></div><ul id='swlab-effects'></ul>"
        "<div id='swlab-summary'></div>"
        f"<section id='swlab-lesson' hidden><h2>{lesson}</h2>"
        "<div id='swlab-comments'></div></section>"
        f"<table id='swlab-scores'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        f"<div class='swlab-note'>{e(outlined)}</div><div class='swlab-keys'>{e(keys)}</div>"
        "</aside></main>"
        f"<script type='application/json' id='swlab-data'>{_json_script(data)}</script>"
        f"<script>{_JS}</script></body></html>\n"
    )


def write_replay(
    source: str | os.PathLike[str], target: str | os.PathLike[str]
) -> tuple[Replay, int]:
    """Read the game record ``source``, replay it and write the page to ``target``
    atomically (nothing is written when the record is refused). Returns the replay and the
    page's size in bytes. Errors are :class:`~swlab.game.record.RecordError` naming
    ``source``."""
    from swlab.safe_io import atomic_write_text

    record = load_record(source)
    try:
        replay = build_replay(record)
    except RecordError as e:
        raise e.in_file(source) from None
    page = replay_html(replay)
    atomic_write_text(Path(target), page)
    return replay, len(page.encode("utf-8"))

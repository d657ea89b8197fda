"""Issue 26 §2 and §1: a label belongs to its region. It sits at its region's pole of
inaccessibility (one anchor for the viewer, the presenter, the editor and the pictures),
stays still while tokens come and go, a click on it acts on its own region, no two labels
touch in the presenter at 1280x720 over seeded games on the four official boards, and
every short form a compact label shows is spelled out in the legend under the map.

The boxes are the extents the page draws (:func:`swlab.play.style.label_extent`, checked
against Chromium's rendering), in the form each label's markup was drawn in."""

from __future__ import annotations

import re
from typing import Any

import pytest
import shapely
from shapely.geometry import Polygon, box

from swlab.board import official_board
from swlab.board import render as pictures
from swlab.board.geometry import label_point
from swlab.editor import overlays
from swlab.game.game import Game
from swlab.play.controller import GameController
from swlab.play.present import Presenter
from swlab.play.style import (
    BoardShapes,
    abbreviations,
    fit_view,
    label_extent,
    label_form,
    label_px,
    label_rooms,
    labels,
    regions_of,
    touching_pairs,
)
from swlab.play.viewer import CHROME_PX, GameViewer
from swlab.rules import GameState

#: The presenter's map in a 1280x720 window: the window's height less the chrome, at the
#: board's aspect (its width share is not the limit there); the presenter's label size.
PRESENTER_WINDOW = (1280, 720)
PRESENTER_LABEL_SIZE = 1.2


def presenter_fit(shapes: BoardShapes) -> tuple[float, float, tuple[float, float]]:
    """The zoom, label px and map size of the presenter's map in a 1280x720 window."""
    minx, miny, maxx, maxy = shapes.bounds
    aspect = (maxx - minx) / (maxy - miny)
    width = min(0.72 * PRESENTER_WINDOW[0], (PRESENTER_WINDOW[1] - CHROME_PX) * aspect)
    height = width / aspect
    view = fit_view(shapes.bounds, round(width), round(height), snap=0.125)
    px = label_px(width, height, len(shapes.ids), PRESENTER_LABEL_SIZE)
    return view.zoom, px, (width, height)


def drawn(
    shapes: BoardShapes, state: GameState, fit: tuple[float, float]
) -> tuple[dict[int, tuple[float, float]], dict[int, tuple[float, float]], dict[int, str]]:
    """Where each label is, its size in pixels in the form it was drawn in, its markup."""
    where, extents, markup = {}, {}, {}
    px = fit[1]
    for rid, (loc, html) in labels(shapes, state, fit=fit).items():
        rs = state.regions[state.geo.index[rid]]
        f = label_form(html)
        w, h = label_extent(
            rid,
            rs,
            shapes.terrain[rid],
            shapes.symbols[rid],
            compact=f.compact,
            tags=f.tags,
            race=f.race,
        )
        where[rid], extents[rid], markup[rid] = loc, (w * px, h * px), html
    return where, extents, markup


def greedy_game(players: int, seed: int) -> GameController:
    return GameController(
        official_board(players),
        [f"P{k}" for k in range(players)],
        seed=seed,
        bots=dict.fromkeys(range(players), "greedy"),
    )


# --- one anchor ------------------------------------------------------------------------
def test_one_anchor_for_every_view() -> None:
    """The viewer's, the editor's and the pictures' label points are one function's: the
    pole of inaccessibility, inside its region even in a crescent."""
    board = official_board(3)
    shapes = BoardShapes.from_board(board)
    for r in board.regions:
        point, radius = label_point(r.polygon)
        assert shapes.anchor[r.id] == (round(point.y, 1), round(point.x, 1))
        assert overlays.label_point(r.polygon) == (point.x, point.y)
        assert r.polygon.buffer(-0.5 * radius).contains(point), r.id
    assert pictures.label_point is label_point
    u_shape = Polygon([(0, 0), (30, 0), (30, 30), (20, 30), (20, 10), (10, 10), (10, 30), (0, 30)])
    point, radius = label_point(u_shape)
    assert u_shape.contains(point) and radius > 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_label_sits_inside_its_region_away_from_its_border(players: int) -> None:
    """At the presenter's size every label's centre is inside its own region, at its pole
    unless its smallest box would touch another's; where a label's smallest box fits in
    its region, the box is wholly inside."""
    board = official_board(players)
    shapes = BoardShapes.from_board(board)
    zoom, px, _size = presenter_fit(shapes)
    rooms = label_rooms(shapes, zoom, px)
    unit = 2.0**zoom
    for r in board.regions:
        y, x = rooms.where[r.id]
        assert r.polygon.contains(shapely.Point(x, y)), r.id
        if r.id not in rooms.spills:
            assert (y, x) == shapes.anchor[r.id] or r.polygon.contains(
                box(x - 1, y - 1, x + 1, y + 1)
            )
    fitted = [rid for rid in shapes.ids if rid not in rooms.spills]
    assert fitted, "no label fits in its region"
    state = greedy_game(players, 1).state
    where, extents, _markup = drawn(shapes, state, (zoom, px))
    for rid in fitted:
        (y, x), (w, h) = where[rid], extents[rid]
        hw, hh = w / 2 / unit, h / 2 / unit
        assert board[rid].polygon.contains(box(x - hw, y - hh, x + hw, y + hh)), rid


# --- still while tokens come and go -----------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_labels_stay_still_while_tokens_come_and_go(players: int) -> None:
    """A whole greedy game's worth of conquests and redeployments: no label moves."""
    c = greedy_game(players, 2)
    fit = presenter_fit(c.shapes)[:2]
    first = {rid: loc for rid, (loc, _m) in labels(c.shapes, c.state, fit=fit).items()}
    texts = set()
    for _ in range(players * 30):
        c.next_action()
        now = labels(c.shapes, c.state, fit=fit)
        assert {rid: loc for rid, (loc, _m) in now.items()} == first
        texts.add(tuple(m for _loc, m in now.values()))
    assert len(texts) > 10  # the labels did change their words meanwhile


# --- no two labels touch ----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_two_labels_touch_in_the_presenter_at_1280x720(players: int) -> None:
    """Every position of two seeded greedy games (about five rounds each), every pair of
    labels: their boxes (grown by the gap) do not touch, and none leaves the board."""
    board = official_board(players)
    for seed in (1, 2):
        c = greedy_game(players, seed)
        fit = presenter_fit(c.shapes)[:2]
        unit = 2.0 ** fit[0]
        for step in range(players * 40):
            where, extents, _markup = drawn(c.shapes, c.state, fit)
            pairs = touching_pairs(where, extents, fit[0])
            assert pairs == [], f"{players}-player board, seed {seed}, step {step}: {pairs}"
            for rid, (y, x) in where.items():
                w, h = extents[rid]
                hw, hh = w / 2 / unit, h / 2 / unit
                assert board.outline.contains(box(x - hw, y - hh, x + hw, y + hh)), rid
            c.next_action()


def test_the_presenters_crowded_pairs_are_apart() -> None:
    """The pairs a 1280x720 presenter showed touching (9/8, 13/18, 14/20 on the
    2-player board), at setup and in mid-game."""
    c = greedy_game(2, 1)
    fit = presenter_fit(c.shapes)[:2]
    for _ in range(3):
        where, extents, _markup = drawn(c.shapes, c.state, fit)
        for a, b in ((8, 9), (13, 18), (14, 20)):
            assert (a, b) not in touching_pairs(where, extents, fit[0]), (a, b)
        for _ in range(20):
            c.next_action()


# --- a legend for every short form ------------------------------------------------------
def _short_forms(markup: str) -> set[str]:
    """The short words a label shows: two-letter tags and race words cut with a dot."""
    if "swlab-label-compact" not in markup:
        return set()
    chips = {
        re.sub(r"\d+$", "", t) for t in re.findall(r"class='swlab-piece [^>]*>([^<]*)<", markup)
    }
    races = set(re.findall(r"\d+ ([^<\s]+\.)<", markup))
    return chips | races


def test_every_short_form_shown_has_a_legend_line() -> None:
    c = greedy_game(5, 3)
    fit = presenter_fit(c.shapes)[:2]
    seen: set[str] = set()
    for _ in range(5 * 24):
        c.next_action()
    for _ in range(3):
        _where, _extents, markup = drawn(c.shapes, c.state, fit)
        legend = dict(abbreviations(c.shapes, regions_of(c.shapes, c.state), fit))
        shown = set().union(*(_short_forms(m) for m in markup.values()))
        assert shown <= set(legend), shown - set(legend)
        seen |= shown
        for _ in range(10):
            c.next_action()
    assert seen, "no compact label in a crowded 5-player game"
    assert (
        dict(abbreviations(c.shapes, regions_of(c.shapes, c.state), fit)).get("LT", "lost tribe")
        == "lost tribe"
    )


def test_the_viewer_shows_the_legend_of_short_forms_under_the_map() -> None:
    c = greedy_game(5, 3)
    for _ in range(5 * 24):
        c.next_action()
    v = GameViewer(c, width=790, height=505)
    legend = v.abbreviations.value
    shown = set().union(*(_short_forms(m) for m in v._label_html.values()))
    assert shown and "Short forms:" in legend
    for short in shown:
        assert f"<b>{short}</b>" in legend, short
    board_column = v.widget.children[1].children[0]
    assert list(board_column.children) == [v.map, v.abbreviations]


# --- a click on a label is its region's -------------------------------------------------
def _click(marker: Any) -> None:
    """What the browser sends when a label is clicked (ipyleaflet's event path)."""
    marker._handle_mouse_events(None, {"type": "click", "coordinates": list(marker.location)}, None)


def test_a_click_on_each_label_acts_on_its_own_region(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the presenter on the 2-player board: each label clicked once, the controller
    receives that label's region and no other."""
    v = Presenter(Game("official_2p", ["Ann", "Bob"], seed=7)).viewer
    got: list[int] = []
    click = v.controller.click

    def record(rid: int) -> Any:
        got.append(rid)
        return click(rid)

    monkeypatch.setattr(v.controller, "click", record)
    for rid, marker in v.markers.items():
        before = len(got)
        _click(marker)
        assert got[before:] == [rid], (rid, got[before:])
    assert sorted(got) == sorted(v.markers)

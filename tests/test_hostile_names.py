"""Every user-provided string is escaped in HTML: players, boards, regions, races, titles.

A scenario or a record comes from anyone; its names reach the notebook table of a game,
the viewer (status, column, players, log, hover, labels, legend) and the editor (status,
hover, messages, problems). Each view is rendered with names that are HTML and must show
them as text: the markup never appears unescaped.
"""

from __future__ import annotations

import dataclasses
import html
import random
from collections.abc import Iterator
from typing import Any

import pytest

from swlab.board import Board, official_board
from swlab.game import Game
from swlab.rules import random_action
from swlab.rules.abilities.custom import custom_power, custom_race

HOSTILE = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(2)</script>"
MARKUP = ("<img", "<script", "onerror=alert(1)>")


def hostile_board() -> Board:
    """The 2-player board under a hostile name, every region with a hostile name."""
    board = official_board(2)
    regions = tuple(
        dataclasses.replace(r, name=f"{SCRIPT}{r.id}") if k % 2 else r
        for k, r in enumerate(board.regions)
    )
    return dataclasses.replace(board, name=f"{HOSTILE} board", regions=regions)


def assert_escaped(text: str, where: str) -> None:
    for mark in MARKUP:
        assert mark not in text, f"{where}: unescaped {mark!r} in {text[:300]!r}"
    assert "&lt;" in text or HOSTILE not in html.unescape(text), where


def html_values(widget: Any) -> Iterator[tuple[str, str]]:
    """Every HTML string a widget tree shows: HTML widgets' values, label icons' markup."""
    import ipywidgets as widgets

    if isinstance(widget, widgets.HTML):
        yield type(widget).__name__, str(widget.value)
    for child in getattr(widget, "children", ()):
        yield from html_values(child)


@pytest.fixture(scope="module")
def names() -> list[str]:
    return [HOSTILE, SCRIPT]


def test_the_game_table_escapes_players_races_regions_and_winners(names: list[str]) -> None:
    goblins = custom_race(f"{HOSTILE}Gob", 6, 12)
    looting = custom_power(f"{SCRIPT}Loot", 3)
    board = hostile_board()
    game = Game(board, names, seed=3, races=[goblins], powers=[looting])
    table = game._repr_html_()
    assert_escaped(table, "game table at the start")
    assert html.escape(HOSTILE) in table  # shown, as text
    game.play("pick 0")
    for rid in sorted(board.first_conquest_regions)[:2]:
        game.try_play(f"conquer {rid}")
    assert_escaped(game._repr_html_(), "game table with regions held")
    rng = random.Random(5)
    game.drive(lambda s: random_action(s, rng))
    over = game._repr_html_()
    assert "Game over" in over
    assert_escaped(over, "game table at the end (winners)")


def test_the_viewer_escapes_every_view(names: list[str]) -> None:
    from swlab.play.viewer import GameViewer

    board = hostile_board()
    viewer = GameViewer(board, names, seed=3, bots={1: "greedy"})
    viewer.button("pick 0").click()
    for region in list(board.first_conquest_regions)[:2]:
        viewer._on_click(properties={"region": region})
        viewer._on_hover(properties={"region": region})
        assert_escaped(viewer.hover_box.value, "hover")
    viewer.autoplay_button.click()
    for where, value in html_values(viewer.widget):
        assert_escaped(value, f"viewer {where}")
    for rid, markup in viewer._label_html.items():
        assert_escaped(markup, f"label of region {rid}")
    assert html.escape(HOSTILE) in viewer.score_box.value or "&lt;img" in viewer.score_box.value


def test_the_editor_escapes_board_and_region_names() -> None:
    from swlab.editor import MapEditor

    board = hostile_board()
    editor = MapEditor(board)
    rid = board.regions[1].id
    editor._on_region_hover(properties={"region": rid})
    assert_escaped(editor.hover_box.value, "editor hover")
    editor.select(rid)
    assert_escaped(editor.message.value, "editor selection message")
    editor.selected = [rid]
    editor.buttons["delete"].click()  # a gap: the problem list names regions
    assert editor.problems
    for where, value in html_values(editor.widget):
        assert_escaped(value, f"editor {where}")
    for label, _index in editor.problem_list.options:  # a Select shows text, not HTML
        assert isinstance(label, str)


def test_a_scenario_title_and_names_from_a_file_stay_text(tmp_path: Any) -> None:
    """Names read from a scenario file reach the table escaped."""
    from swlab.game.scenario import load_scenario

    path = tmp_path / "hostile.yaml"
    path.write_text(
        f"title: '{SCRIPT}'\nboard: official_2p\nplayers: ['{HOSTILE}', '{SCRIPT}']\n",
        encoding="utf-8",
    )
    game = Game.from_state(load_scenario(path))
    assert_escaped(game._repr_html_(), "game table from a scenario")
    assert game.state.players[0].name == HOSTILE

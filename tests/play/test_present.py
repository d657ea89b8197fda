"""Issue 11: the presenter (``swlab present``), headless: narration, bot steps at a pace
with the changed regions outlined, a summary per bot turn, the end-of-game screen, the
keys; and the command that serves it in Voila."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from swlab.cli import build_parser, present_command
from swlab.game.game import Game
from swlab.play.keys import KEYS, key_of
from swlab.play.words import COINS

ipyleaflet = pytest.importorskip("ipyleaflet")

from swlab.play.present import NOTEBOOK, Presenter, load_game  # noqa: E402
from swlab.servers import JUPYTER_DATA, VOILA_TEMPLATE, voila_environment  # noqa: E402


def presenter() -> Presenter:
    game = Game("official_2p", ["Ann", "Bot"], seed=7)
    return Presenter(game, bots={1: "greedy"}, pace=0.5)


def test_narration_in_words_and_bot_steps_outlined() -> None:
    p = presenter()
    c = p.controller
    assert not p.player.playing  # Ann, a person, acts first: the bots' clock waits
    p.viewer.button("pick 0").click()
    p.refresh()
    assert p.narration.value == "Ann picks Diplomat Ghouls (free)."
    p.viewer.button("end").click()
    p.viewer.button("done").click()
    assert c.is_bot_seat(c.state.turn.actor)
    steps = 0
    while c.is_bot_seat(c.state.turn.actor) and steps < 200:
        p.player.value += 1  # a tick of the browser's clock: one bot step
        steps += 1
        if c.highlight:
            feature = next(f for f in p.viewer.layer.data["features"] if f["id"] in c.highlight)
            assert "swlab-changed" in feature["properties"]["style"]["className"]
    assert steps > 1  # step by step, not at once
    assert c.summaries and c.summaries[-1].text.startswith("Bot picked")
    assert p.narration.value  # the last bot action or the summary, in words
    assert "notation" not in p.narration.value and not COINS.search(p.narration.value)


def test_the_end_of_game_screen_has_winner_tie_break_and_chart() -> None:
    p = presenter()
    c = p.controller
    c.autoplay()
    p.refresh()
    text, chart = p.end_screen.children
    assert "Game over" in text.value and "coins" in text.value
    assert "tie" in text.value.lower()
    assert chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(c.coins_by_round()) == c.state.geo.turns
    assert not p.player.playing


def test_every_key_a_tooltip_names_works() -> None:
    p = presenter()
    commands = p.viewer.key_commands()
    assert {cmd for cmd, _ in KEYS.values()} <= set(commands)
    assert f"({key_of('undo')})" in p.viewer.undo_button.tooltip
    p.viewer.button("pick 0").click()
    index = p.controller.index
    p.keys._handle_custom_msg({"key": "u"}, [])  # what the browser sends
    assert p.controller.index == index - 1
    p.keys._handle_custom_msg({"key": "c"}, [])
    assert p.viewer.reveal_button.value
    p.keys._handle_custom_msg({"key": "p"}, [])
    assert p.paused and not p.player.playing
    p.keys._handle_custom_msg({"key": "p"}, [])
    assert not p.paused


def test_load_game_takes_a_board_a_scenario_or_a_record(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert len(load_game("official_3p", ["A", "B", "C"]).state.players) == 3
    game = Game("official_2p", ["Ann", "Bob"], seed=2)
    game.play("pick 0")
    path = tmp_path / "game.json"
    game.save(path)
    assert load_game(str(path)).state == game.state
    with pytest.raises(ValueError, match="neither a board"):
        load_game("no_such_thing")


def test_swlab_present_starts_voila_on_the_shipped_notebook() -> None:
    args = build_parser().parse_args(
        ["present", "official_2p", "--bots", "1:greedy", "--port", "8999", "--no-browser"]
    )
    cmd = present_command(args)
    assert cmd[1:4] == ["-m", "swlab.play.voila_server", str(NOTEBOOK)] and NOTEBOOK.exists()
    assert "--port=8999" in cmd and "--no-browser" in cmd
    source = "".join(json.loads(NOTEBOOK.read_text())["cells"][0]["source"])
    assert "Presenter.from_settings(settings_from_env())" in source


def test_swlab_present_serves_the_offline_voila_template(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page ``swlab present`` serves uses swlab's Voila template (no outside host),
    found through ``JUPYTER_PATH`` in the server's environment."""
    from voila.paths import collect_template_paths  # type: ignore[import-untyped]

    args = build_parser().parse_args(["present", "--no-browser"])
    assert f"--VoilaConfiguration.template={VOILA_TEMPLATE}" in present_command(args)
    env = voila_environment({"JUPYTER_PATH": "/elsewhere", "HOME": "/h"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(JUPYTER_DATA), "/elsewhere"]
    assert env["HOME"] == "/h"
    monkeypatch.setenv("JUPYTER_PATH", env["JUPYTER_PATH"])
    paths = collect_template_paths(["voila", "nbconvert"], VOILA_TEMPLATE)
    assert Path(paths[0]) == JUPYTER_DATA / "voila" / "templates" / VOILA_TEMPLATE
    assert (Path(paths[0]) / "index.html.j2").exists()


def test_the_presenter_speaks_the_language_it_is_given() -> None:
    """Issue 15: the page's words follow the viewer's language, and a switch redraws them
    (the bots' clock label, the end screen)."""
    from swlab import i18n

    p = Presenter(Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"}, language="de")
    assert p.viewer.language == "de"
    assert p.player.description == i18n._("bots", "de") != "bots"
    p.controller.autoplay()
    p.refresh()
    german = p.end_screen.children[0]
    p.viewer.set_language("en")
    assert p.player.description == "bots" and p.pace.description == "pace (s)"
    english = p.end_screen.children[0]
    assert english is not german and "Game over" in english.value

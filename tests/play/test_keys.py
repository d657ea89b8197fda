"""The keyboard layer (swlab.play.keys) seen from Python: one layer per served widget,
inside it; the presenter reuses the viewer's layer (one listener, one action per press);
the browser's message ``{"key": ...}`` runs the command once. The browser half (typing
reaches text boxes, one press is one step) is tests/browser/test_keys.py."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pytest

from swlab.play import GameViewer
from swlab.play.keys import KEYS, KeyLayer, bind, key_of
from swlab.play.present import Presenter, load_game


def layers_in(widget: Any) -> list[KeyLayer]:
    """Every keyboard layer in the widget tree under ``widget``."""
    found = [widget] if isinstance(widget, KeyLayer) else []
    for child in getattr(widget, "children", ()):
        found += layers_in(child)
    return found


def press(layer: KeyLayer, key: str) -> None:
    """What the browser sends for one press that belongs to the layer."""
    layer._handle_custom_msg({"key": key}, [])


def test_bind_puts_one_hidden_layer_in_the_widget_and_scopes_it() -> None:
    calls: list[str] = []
    box = widgets.VBox([widgets.Text()])
    layer = bind(box, {"undo": lambda: calls.append("undo")})
    assert box.children[-1] is layer and layers_in(box) == [layer]
    assert layer.layout.display == "none"
    state = layer.get_state()  # what the browser gets
    assert state["bound_keys"] == ["u"] and state["scope"] == layer.scope and state["_esm"]
    assert layer.scope in box._dom_classes
    assert layer.bound_keys == ["u"]  # the browser leaves every other key alone
    press(layer, "u")
    press(layer, "n")  # no command: nothing
    press(layer, "x")
    assert calls == ["undo"]


def test_set_commands_replaces_them_and_the_keys_sent() -> None:
    calls: list[str] = []
    layer = bind(widgets.VBox(), {"undo": lambda: calls.append("old")})
    layer.set_commands({"undo": lambda: calls.append("new"), "pause": lambda: calls.append("p")})
    assert layer.bound_keys == ["u", "p"]
    press(layer, "u")
    press(layer, "P")
    assert calls == ["new", "p"]


def test_serve_moves_the_scope_to_an_outer_widget() -> None:
    inner = widgets.VBox()
    layer = bind(inner, {})
    outer = widgets.VBox([inner])
    layer.serve(outer)
    assert layer.scope in outer._dom_classes and layer.scope not in inner._dom_classes


def test_the_viewer_has_one_layer_naming_every_key() -> None:
    v = GameViewer("official_2p", players=["Ann", "Bob"], seed=7)
    assert layers_in(v.widget) == [v.keys]
    assert sorted(v.keys.bound_keys) == sorted(KEYS)
    assert f"({key_of('redo')})" in v.redo_button.tooltip


def test_the_presenter_reuses_the_viewers_layer_so_a_press_acts_once() -> None:
    """Nested widgets, one layer: a U press steps back once (the fault was three times)."""
    p = Presenter(load_game("official_2p", ["Ann", "Bot"], 7), bots={1: "greedy"})
    assert layers_in(p.widget) == [p.keys] and p.keys is p.viewer.keys
    assert p.keys.scope in p.widget._dom_classes
    assert p.keys.scope not in p.viewer.widget._dom_classes
    p.viewer.button("pick 0").click()
    index = p.controller.index
    press(p.keys, "u")
    assert p.controller.index == index - 1
    press(p.keys, "p")  # the presenter's own pause, not the viewer's
    assert p.paused


@pytest.mark.parametrize("key", ["Escape", "escape"])
def test_the_map_editor_has_one_layer_for_esc(key: str) -> None:
    from swlab.editor import MapEditor

    editor = MapEditor("official_2p", width=500)
    assert layers_in(editor.widget) == [editor.keys]
    assert editor.keys.bound_keys == ["escape", "l", "k"]
    editor._set_mode("split", None)
    press(editor.keys, key)
    assert editor.mode == "select"

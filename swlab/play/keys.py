"""Keyboard shortcuts of the viewer, the presenter and the map editor: a small layer of
our own on ``anywidget``.

One table per face says which key does what: :data:`KEYS` for the game (the viewer and
the presenter, whose guide lists it), the map editor's own (``swlab.editor.widget``,
passed to :func:`bind`). A button's tooltip names a key only when the key is bound, so no
tooltip promises a key that does nothing.

Why not ``ipyevents`` (used before): its keydown handler calls ``preventDefault`` on every
key pressed while the pointer is over the watched widget, whatever
``prevent_default_action`` says (ipyevents issue #57), so nothing typed into a text box of
the widget arrived. And one press acted several times. Measured in Chromium: in Voila the
viewer's element carried two of ipyevents' ``mouseenter`` handlers for its one ``Event``
(it attaches per view, and attached twice to the same view), each adding its own document
keydown listener, so one press reached Python twice; the presenter bound a second
``Event`` on its own widget, which contains the viewer's (also attached twice in Voila):
three deliveries in Voila, two in JupyterLab.

The layer (:class:`KeyLayer`) is an invisible widget put inside the widget it serves; the
served widget gets the layer's CSS class and is its *scope*. Its ES module
(``keys.js``) adds exactly one keydown listener per layer, on ``window`` in the capture
phase, however many times the layer is displayed, and removes it with the last view. A key
event is the layer's when it comes from no editable element (input, textarea, select,
contenteditable, text box, combo box, list box, spin button: typing, Enter and Esc always
reach the box), has no Ctrl/Alt/Meta, has a command here, and the layer is elected: the
innermost scope holding the focus, else the innermost scope under the pointer, else, when
nothing has the focus (a Voila page before any click), the page's only layer. The layer
then stops the event, so JupyterLab's command-mode shortcuts (D D deletes a cell, Y, Enter)
do not fire too, and sends the key to Python once; a held key's repeats are stopped but not
sent. Enter on a focused button, link or summary is left to that element (it activates it).

Nested widgets share one layer: the presenter gives the viewer's layer its own commands and
widens its scope to the whole presenter (:meth:`KeyLayer.serve`), so one press acts once.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from importlib.resources import files
from typing import Any

import anywidget
import traitlets

from swlab.i18n import N_

__all__ = ["KEYS", "KeyLayer", "Table", "bind", "key_of"]

#: key (as the browser names it, lower case) -> (command, what it does); the descriptions
#: are marked for the catalogs and translated where they are shown (``_(what)``).
KEYS: dict[str, tuple[str, str]] = {
    "n": ("next", N_("next step: a bot's action, the die, or the next step of a bot's turn")),
    "u": ("undo", N_("step back")),
    "y": ("redo", N_("step forward again")),
    "h": ("hint", N_("what would a bot do?")),
    "c": ("reveal", N_("reveal or hide the coins")),
    "p": ("pause", N_("pause or resume the bots")),
    "d": ("done", N_("end the stage: stop conquering, finish redeploying")),
    "enter": ("confirm", N_("confirm the question asked")),
    "escape": ("cancel", N_("cancel the question asked")),
    "s": ("save", N_("save the game record in the workspace")),
    "r": ("again", N_("at the end of a game: start a new one")),
}

#: command name -> what it does
Commands = Mapping[str, Callable[[], Any]]
#: key -> (command, what it does): a table of keys such as :data:`KEYS`
Table = Mapping[str, tuple[str, str]]


def key_of(command: str, table: Table = KEYS) -> str:
    """The key of ``command`` in ``table``, as a tooltip names it (``"U"``, ``"Enter"``)."""
    for key, (cmd, _) in table.items():
        if cmd == command:
            return key.upper() if len(key) == 1 else key.capitalize()
    raise KeyError(command)


class KeyLayer(anywidget.AnyWidget):
    """The keyboard layer of one widget (its scope): see the module docstring."""

    _esm = files("swlab.play").joinpath("keys.js").read_text(encoding="utf-8")
    #: the keys that have a command here (the browser leaves every other key alone); not
    #: ``keys``, which ipywidgets uses for the names of the synced traits
    bound_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: the CSS class of the scope: the nearest ancestor of the layer that has it
    scope = traitlets.Unicode().tag(sync=True)
    #: the front end keeps one listener per layer, whatever its number of views
    layer_id = traitlets.Unicode().tag(sync=True)

    def __init__(self, commands: Commands, table: Table = KEYS) -> None:
        layer_id = uuid.uuid4().hex
        super().__init__(layer_id=layer_id, scope=f"swlab-keys-{layer_id}")
        self.layout.display = "none"
        #: which key runs which command here (:data:`KEYS`, or a face's own table)
        self.table: Table = table
        self.commands: dict[str, Callable[[], Any]] = {}
        self._scope_widget: Any = None
        self.set_commands(commands)
        self.on_msg(self._on_msg)

    def set_commands(self, commands: Commands) -> None:
        """What each command does from now on (replaces every earlier command)."""
        known = {command for command, _ in self.table.values()}
        self.commands = {c: fn for c, fn in commands.items() if c in known}
        self.bound_keys = [key for key, (c, _) in self.table.items() if c in self.commands]

    def serve(self, widget: Any) -> None:
        """Make ``widget`` (the layer's box or one of its ancestors) the scope of the keys,
        instead of the earlier scope."""
        if self._scope_widget is not None:
            self._scope_widget.remove_class(self.scope)
        widget.add_class(self.scope)
        self._scope_widget = widget

    def _on_msg(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        """One key press from the browser: ``{"key": "u"}``."""
        command = self.table.get(str(content.get("key", "")).lower(), ("", ""))[0]
        if command in self.commands:
            self.commands[command]()


def bind(widget: Any, commands: Commands, table: Table = KEYS) -> KeyLayer:
    """Put a keyboard layer into ``widget`` (a box: the layer becomes its last child) that
    calls ``commands[command]`` for each key press belonging to ``widget``, the keys named
    by ``table``; the layer (:meth:`KeyLayer.set_commands` replaces its commands,
    :meth:`KeyLayer.serve` its scope)."""
    layer = KeyLayer(commands, table)
    layer.serve(widget)
    widget.children = (*widget.children, layer)
    return layer

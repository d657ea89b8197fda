"""Keyboard shortcuts of the viewer and the presenter, through ``ipyevents``.

One table, :data:`KEYS`, says which key does what; the viewer names a key in a button's
tooltip only when the key is bound (:func:`bind`), so no tooltip promises a key that
does nothing. Without ``ipyevents`` the buttons work and their tooltips name no key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from swlab.i18n import N_

__all__ = ["KEYS", "bind", "key_of", "keys_available"]

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
}


def key_of(command: str) -> str:
    """The key of ``command``, as a tooltip names it (``"U"``, ``"Enter"``)."""
    for key, (cmd, _) in KEYS.items():
        if cmd == command:
            return key.upper() if len(key) == 1 else key.capitalize()
    raise KeyError(command)


def keys_available() -> bool:
    """Whether ``ipyevents`` is importable (a dependency of swlab)."""
    try:
        import ipyevents  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def bind(source: Any, commands: Mapping[str, Callable[[], None]]) -> Any | None:
    """Call ``commands[command]`` when the key of a command is pressed while the pointer
    is over ``source`` (a widget); the ``ipyevents.Event``, or None without ipyevents."""
    try:
        from ipyevents import Event
    except ImportError:
        return None
    events = Event(source=source, watched_events=["keydown"], prevent_default_action=False)

    def on_key(event: Mapping[str, Any]) -> None:
        if event.get("ctrlKey") or event.get("altKey") or event.get("metaKey"):
            return
        command = KEYS.get(str(event.get("key", "")).lower(), ("", ""))[0]
        if command in commands:
            commands[command]()

    events.on_dom_event(on_key)
    return events

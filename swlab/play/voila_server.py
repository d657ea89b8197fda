"""The Voila server of ``swlab present``: Voila, answering only requests addressed to it.

Voila serves a page and a kernel to anyone who can reach its port, whatever the ``Host``
header says (it sets Jupyter Server's ``allow_remote_access``). A page on another name
that its DNS points at 127.0.0.1 ("DNS rebinding") is then same-origin with the server:
it can open the kernel's websocket and send widget messages. :class:`HostCheckedVoila`
refuses (403) every request, websockets and static files included, whose ``Host`` is not
a name the server was started for: ``localhost``, a loopback address, or the address it
listens on (``--Voila.ip``; when that is every address, ``0.0.0.0`` or ``::``, any IP
address is accepted, since only a name can be rebound). A room that opens the page by the
server's own name lists it: ``--HostCheckedVoila.allowed_hosts=teacher-pc`` (repeat the
option for more names).

Run it as ``python -m swlab.play.voila_server NOTEBOOK --Voila.ip=... [Voila options]``.
"""

from __future__ import annotations

import ipaddress
import re
import signal
from collections.abc import Collection
from typing import Any

from swlab.lazy import without_iri_parser

if __name__ == "__main__":
    without_iri_parser()  # a second sooner: Voila's server imports jsonschema

import tornado.web
from traitlets import List, Unicode
from voila.app import Voila  # type: ignore[import-untyped]

from swlab.i18n import _

__all__ = ["HostCheckedVoila", "host_allowed", "main"]

#: The names a local server always answers to, whatever address it listens on.
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")


def host_allowed(host: str, listening: str, names: Collection[str] = ()) -> bool:
    """Whether a request whose ``Host`` header is ``host`` (``name:port``, ``[::1]:port``)
    is addressed to a server listening on ``listening`` and also known as ``names``."""
    match = re.fullmatch(r"\[?(.*?)\]?(:\d+)?", host.strip())
    name = (match.group(1) if match else host).lower().rstrip(".")
    if name in (*LOCAL_NAMES, listening.lower(), *(n.lower().rstrip(".") for n in names)):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False  # a name: only the ones the server was started for
    return address.is_loopback or listening in ("0.0.0.0", "::", "")


class _HostCheck:
    """Refuse a request addressed to another host before the handler does anything."""

    request: Any
    settings: dict[str, Any]

    def prepare(self, *args: Any, **kwargs: Any) -> Any:
        settings = self.settings
        if not host_allowed(
            self.request.host, settings["swlab_listening"], settings["swlab_names"]
        ):
            # the error page's words: this server answers only its own names
            raise tornado.web.HTTPError(403, _("this server answers only its own names"))
        return super().prepare(*args, **kwargs)  # type: ignore[misc]


def _checked(handler: type) -> type:
    return type(f"HostChecked{handler.__name__}", (_HostCheck, handler), {})


class HostCheckedVoila(Voila):  # type: ignore[misc]
    """Voila with every handler behind :func:`host_allowed`."""

    allowed_hosts = List(
        Unicode(),
        default_value=[],
        help="Other names of this server that a page may be addressed to (a room's host name).",
    ).tag(config=True)  # i18n: not prose: Voila's --help-all, in English like its own options

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings["swlab_listening"] = self.ip
        settings["swlab_names"] = tuple(self.allowed_hosts)
        return settings

    def init_handlers(self) -> list[Any]:
        handlers: Collection[Any] = super().init_handlers()
        return [(spec[0], _checked(spec[1]), *spec[2:]) for spec in handlers]


def main() -> None:
    """Start the server (the command line of ``voila``).

    A SIGINT stops it as Ctrl-C does (kernels shut down), also when it was started with
    SIGINT ignored: a non-interactive shell starts a background job (``swlab present &``)
    so, and Python then leaves SIGINT ignored, so a SIGINT sent by PID would do nothing.
    Jupyter's own server takes SIGINT back the same way.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
    HostCheckedVoila.launch_instance()


if __name__ == "__main__":
    main()

"""``swlab present`` answers only requests addressed to it: a page on another name that
resolves to 127.0.0.1 (DNS rebinding) gets 403 for the page, the kernel's REST API, the
kernel's websocket and the static files, while 127.0.0.1, localhost and [::1] are served.
A real server is started and stopped with its whole process group and its kernels."""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from swlab.play.voila_server import host_allowed
from tests.browser.harness import wait_until
from tests.test_servers import imported_by

ROOT = Path(__file__).resolve().parents[2]
EVIL = "evil.example"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(port: int, path: str, host: str, timeout: float = 30) -> tuple[int, str]:
    """GET ``path`` from the server with the ``Host`` header ``host``: status and body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.putrequest("GET", path, skip_host=True)
        conn.putheader("Host", host)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


def _websocket(port: int, path: str, host: str) -> int:
    """The status of a websocket handshake for ``path`` sent as a page of ``host`` would
    send it (its ``Origin`` the same host: what a rebound page has)."""
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
        "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(request.encode())
        first = s.makefile("rb").readline().decode()
    return int(first.split()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """``swlab present official_2p`` on a free port, in a process group of its own; at the
    end the group is stopped and every process of it, kernels included, waited for."""
    psutil = pytest.importorskip("psutil")
    home = tmp_path_factory.mktemp("present-host")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER_")}
    env.update(
        PYTHONPATH=os.pathsep.join([str(ROOT), *sys.path[1:]]),
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        MPLBACKEND="Agg",
    )
    cmd = [sys.executable, "-m", "swlab", "present", "official_2p", "--seed", "3",
           "--port", str(port), "--no-browser"]  # fmt: skip
    log = home / "voila.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, env=env, stdout=out, stderr=out, cwd=home, start_new_session=True
        )
    try:

        def serves() -> bool:
            assert proc.poll() is None, log.read_text(errors="replace")
            try:
                return _get(port, "/voila/static/voila.js", f"127.0.0.1:{port}", 5)[0] == 200
            except OSError:
                return False

        wait_until(serves, 120, lambda: log.read_text(errors="replace"))
        yield port
    finally:
        # the kernels run in sessions of their own: find them before the server goes
        family = [proc.pid]
        with contextlib.suppress(psutil.NoSuchProcess):
            family += [c.pid for c in psutil.Process(proc.pid).children(recursive=True)]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        alive = []
        for pid in family[1:]:
            with contextlib.suppress(psutil.NoSuchProcess):
                alive.append(psutil.Process(pid))
        _gone, left = psutil.wait_procs(alive, timeout=30)
        for p in left:  # a process this test started, ended by its id
            p.kill()
        psutil.wait_procs(left, timeout=10)


def test_another_host_name_is_refused_everywhere_the_own_names_are_served(server: int) -> None:
    port = server
    status, page = _get(port, "/", f"127.0.0.1:{port}", timeout=180)
    assert status == 200 and "swlab" in page
    kernel = re.search(r'kernelId": "([0-9a-f-]+)"', page)
    assert kernel is not None, page[:2000]
    api = f"/api/kernels/{kernel.group(1)}"
    channels = f"{api}/channels?session_id=test"
    evil = f"{EVIL}:{port}"
    # a rebound page: nothing of the server answers it
    assert _get(port, "/", evil)[0] == 403
    assert _get(port, api, evil)[0] == 403
    assert _websocket(port, channels, evil) == 403
    assert _get(port, "/voila/static/voila.js", evil)[0] == 403
    # the names the server was started for
    for own in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
        assert _get(port, api, own)[0] == 200, own
        assert _websocket(port, channels, own) == 101, own


@pytest.mark.parametrize(
    ("host", "listening", "allowed"),
    [
        ("127.0.0.1:8866", "127.0.0.1", True),
        ("LOCALHOST:8866", "127.0.0.1", True),
        ("[::1]:8866", "127.0.0.1", True),
        ("127.0.0.2", "127.0.0.1", True),  # loopback: no name to rebind
        ("evil.example:8866", "127.0.0.1", False),
        ("localhost.evil.example", "127.0.0.1", False),
        ("192.168.1.20:8866", "127.0.0.1", False),
        ("192.168.1.20:8866", "192.168.1.20", True),  # --ip 192.168.1.20
        ("room-pc.local:8866", "room-pc.local", True),  # --ip room-pc.local
        ("10.0.0.7:8866", "0.0.0.0", True),  # every address: any address, no name
        ("evil.example:8866", "0.0.0.0", False),
    ],
)
def test_which_hosts_a_server_answers(host: str, listening: str, allowed: bool) -> None:
    assert host_allowed(host, listening) is allowed


def test_a_rooms_own_name_is_answered_when_the_host_lists_it() -> None:
    """``--HostCheckedVoila.allowed_hosts=teacher-pc``: the room opens the page by the
    server's name; every other name stays refused."""
    assert not host_allowed("teacher-pc:8866", "0.0.0.0")
    assert host_allowed("Teacher-PC:8866", "0.0.0.0", ["teacher-pc"])
    assert not host_allowed("evil.example:8866", "0.0.0.0", ["teacher-pc"])


def test_the_server_imports_neither_the_rules_nor_an_iri_parser() -> None:
    """The server process of ``swlab present`` (the kernel plays the game, not the server)
    imports no rules engine and no widget library, and jsonschema, which Jupyter Server's
    event log imports, without its RFC 3987 parser: 1.6 s of CPU less at every start."""
    done, imported = imported_by("-m", "swlab.play.voila_server", "--help")
    assert done.returncode == 0, done.stderr[-3000:]
    assert {"voila.app", "jupyter_events", "jsonschema"} <= imported  # what it serves with
    # rfc3987_syntax itself is listed: the import is asked for, and refused
    unused = {"swlab.rules", "swlab.play.controller", "ipywidgets", "lark", "rfc3987_syntax.utils"}
    assert not unused & imported

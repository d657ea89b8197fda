"""Starting JupyterLab and Voila the swlab way: offline Voila pages, a clean stop.

- :func:`voila_environment` and :func:`voila_options` make every Voila page of a server
  (``voila`` itself, or JupyterLab's Voila preview) use swlab's own template, which asks no
  outside host for anything, so a room without the internet gets the whole page.
- :func:`lab_command` is the JupyterLab command line of the tutorial (``swlab tutorial``,
  ``python3 tasks.py tutorial``): the folder it serves, the notebook it opens,
  ``--allow-root`` where JupyterLab needs it. It runs this module
  (``python -m swlab.servers lab ...``): JupyterLab started without jsonschema's RFC 3987
  parser (:func:`swlab.lazy.without_iri_parser`).
- :func:`serve` runs a server in its own process group and stops it for good on Ctrl-C or a
  kill: kernels shut down, runtime files removed, no traceback, no stray process.

Standard library only, and no import of the rest of swlab (but in :func:`main`, which runs
where swlab is installed): ``tasks.py`` loads this file by its path to set up a fresh
checkout before swlab is installed, and ``swlab tutorial`` and
``swlab present`` import it from the installed package. The callers say what happens in
their own words (``tasks.py`` in English, ``swlab`` through its catalogs).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import NamedTuple

__all__ = [
    "JUPYTER_DATA",
    "STOP_TIMEOUT",
    "VOILA_TEMPLATE",
    "Served",
    "become",
    "die_with_parent",
    "lab_command",
    "serve",
    "voila_environment",
    "voila_options",
]

#: swlab's Jupyter data folder, shipped in the package: it holds the Voila template below.
JUPYTER_DATA = Path(__file__).resolve().parent / "data" / "jupyter"
#: The Voila template every swlab Voila page uses: Voila's "lab" page without requests to
#: outside hosts (no Font Awesome or MathJax from a CDN), so that a room without the
#: internet gets the whole page (``data/jupyter/voila/templates/swlab``).
VOILA_TEMPLATE = "swlab"
#: How long a server gets to shut its kernels down after Ctrl-C or a kill.
STOP_TIMEOUT = 15.0
#: notebook_shim (old Notebook settings carried over to Jupyter Server) reads every
#: ServerApp setting as JupyterLab starts, the deprecated ``ServerApp.token`` among them,
#: which prints a DeprecationWarning; there are no old Notebook settings to carry.
QUIET_LAB = ["--ServerApp.jpserver_extensions=notebook_shim=False"]


def voila_environment(base: Mapping[str, str]) -> dict[str, str]:
    """``base`` with swlab's Jupyter data folder first on ``JUPYTER_PATH``: Voila looks
    for templates in the Jupyter data folders, so a server started with this environment
    finds :data:`VOILA_TEMPLATE` wherever swlab is (checkout or wheel)."""
    env = dict(base)
    old = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join([str(JUPYTER_DATA), *old])
    return env


def voila_options() -> list[str]:
    """The command-line options that make a Voila server (``voila`` or JupyterLab's Voila
    extension) render every page with :data:`VOILA_TEMPLATE`; pair them with
    :func:`voila_environment`."""
    return [f"--VoilaConfiguration.template={VOILA_TEMPLATE}"]


def lab_command(python: str | Path, root: Path, first: str, args: Sequence[str] = ()) -> list[str]:
    """JupyterLab serving ``root`` and opening ``first`` (a path below ``root``, with ``/``),
    its Voila preview on swlab's template, run by ``python`` (where swlab and JupyterLab
    are installed) through this module; ``args`` go to JupyterLab. As root (containers, CI)
    it adds ``--allow-root``, without which JupyterLab refuses."""
    extra = list(args)
    if os.name == "posix" and os.geteuid() == 0 and "--allow-root" not in extra:
        extra.insert(0, "--allow-root")
    return [
        str(python),
        "-m",
        "swlab.servers",
        "lab",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.default_url=/lab/tree/{first}",
        *QUIET_LAB,
        *voila_options(),
        *extra,
    ]


def die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: the server gets SIGTERM if its starter dies without a word (SIGKILL)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def signal_group(proc: subprocess.Popen[bytes], sig: int) -> None:
    """Send ``sig`` to ``proc``'s whole process group (just ``proc`` off POSIX)."""
    try:
        if os.name == "posix":
            os.killpg(proc.pid, sig)
        elif sig == signal.SIGTERM:
            proc.terminate()
        else:
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


def become(cmd: Sequence[str], env: Mapping[str, str]) -> int:
    """Become the server ``cmd`` (Voila for ``swlab present``); its exit code off POSIX.

    On POSIX, Voila takes this process's place (``exec``): the process a user or a
    supervisor signals is Voila itself, which stops its kernels on SIGTERM, on SIGINT sent
    by PID and on the terminal's Ctrl-C alike. A parent left in between would die of the
    signal and leave Voila and its kernels running. Elsewhere Voila runs as a child.
    """
    if os.name == "posix":
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(cmd[0], list(cmd), dict(env))
    try:
        return subprocess.call(list(cmd), env=dict(env))
    except KeyboardInterrupt:
        return 130


class Served(NamedTuple):
    """How a server run by :func:`serve` ended."""

    #: The exit code to pass on: the server's own, 0 after Ctrl-C, 128 + N after signal N.
    code: int
    #: The signal that stopped it (Ctrl-C is SIGINT), or None when it ended by itself.
    stopped_by: int | None


def serve(
    cmd: Sequence[str],
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    on_kill: Callable[[], None] = lambda: None,
) -> Served:
    """Run a server (JupyterLab, Voila) in its own process group and stop it cleanly on
    Ctrl-C or a kill.

    The terminal's Ctrl-C reaches only this process, which asks the server to shut down
    (SIGTERM: kernels stopped, runtime files removed), waits for it, and only then (after
    :data:`STOP_TIMEOUT`, calling ``on_kill`` first), or on a second Ctrl-C, kills what is
    left of its group.
    """
    linux = sys.platform.startswith("linux")
    proc = subprocess.Popen(
        list(cmd),
        cwd=cwd,
        env=None if env is None else dict(env),
        start_new_session=True,
        preexec_fn=die_with_parent if linux else None,
    )
    received: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        received.append(signum)
        signal_group(proc, signal.SIGTERM if len(received) == 1 else signal.SIGKILL)

    handled = [signal.SIGINT, signal.SIGTERM] + ([signal.SIGHUP] if os.name == "posix" else [])
    previous = {s: signal.signal(s, stop) for s in handled}
    try:
        while True:
            try:
                code = proc.wait(timeout=STOP_TIMEOUT if received else None)
                break
            except subprocess.TimeoutExpired:
                on_kill()
                signal_group(proc, signal.SIGKILL)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        signal_group(proc, signal.SIGKILL)  # anything the server left in its group
    if received:
        first = received[0]
        return Served(0 if first == signal.SIGINT else 128 + first, first)
    return Served(code, None)


def main(argv: Sequence[str]) -> int:
    """``python -m swlab.servers lab [JupyterLab options]``: JupyterLab, as ``jupyter lab``
    starts it, a second sooner (:func:`swlab.lazy.without_iri_parser`; swlab is installed
    wherever this runs)."""
    if list(argv[:1]) != ["lab"]:
        print("usage: python -m swlab.servers lab [JupyterLab options]", file=sys.stderr)
        return 2
    from swlab.lazy import without_iri_parser

    without_iri_parser()
    from jupyterlab.labapp import main as jupyterlab  # type: ignore[import-untyped]

    jupyterlab(argv=list(argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""The commands of swlab, for a fresh machine with nothing but Python 3.11+.

    python3 tasks.py tutorial [ARGS]   # set up, then open the tutorial in JupyterLab
    python3 tasks.py test [ARGS]       # set up, then run the whole test suite (what CI runs)
    python3 tasks.py swlab ARGS        # set up, then run the swlab command (.venv/bin/swlab)
    python3 tasks.py i18n [STEP]       # the catalogs: extract, update, compile (STEP: one of them)
    python3 tasks.py swlab present official_2p --players Ann,Bot --bots 1:greedy
                                       # the presenter app for a room, in Voila (port 8866)
    python3 tasks.py voila NOTEBOOK [ARGS]   # set up, then serve NOTEBOOK alone in Voila

The first run creates ``.venv`` beside this file and installs swlab into it (about a
minute); later runs skip the install while ``pyproject.toml`` is unchanged. ``test``
installs the test tools too, which ``tutorial`` and ``swlab`` then reuse. Extra ARGS go
to JupyterLab, Voila or pytest. Ctrl-C stops JupyterLab and Voila cleanly. Every Voila
page these commands serve (``voila``, JupyterLab's Voila preview, ``swlab present``) uses
swlab's Voila template, which asks no outside host for anything: it works offline.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import venv
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
FIRST_NOTEBOOK = "notebooks/00_welcome.ipynb"
CHROMIUM = Path("/usr/bin/chromium")  # the browser tests (tests/browser) drive it
STAMP = ".swlab-installed"


def _load_servers() -> ModuleType:
    """``swlab/servers.py``, loaded by its path: the standard-library module that starts
    JupyterLab and Voila for ``swlab tutorial`` and ``swlab present`` too (one copy of
    the offline Voila setup and the clean stop), usable before swlab is installed."""
    path = ROOT / "swlab" / "servers.py"
    spec = importlib.util.spec_from_file_location("swlab_servers_for_tasks", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVERS = _load_servers()


def bin_dir() -> Path:
    return VENV / ("Scripts" if os.name == "nt" else "bin")


def venv_python() -> Path:
    return bin_dir() / ("python.exe" if os.name == "nt" else "python")


def say(text: str) -> None:
    print(f"tasks.py: {text}", flush=True)


def run(*args: str | Path, env: dict[str, str] | None = None, quiet: bool = False) -> None:
    """Run a command, echoing it; stop with its exit code if it fails."""
    print("+", " ".join(str(a) for a in args), flush=True)
    out = subprocess.DEVNULL if quiet else None
    code = subprocess.call([str(a) for a in args], cwd=ROOT, env=env, stdout=out)
    if code:
        sys.exit(code)


# --- setup -------------------------------------------------------------------------------


def venv_missing_message(detail: str) -> str:
    """The fix for a Python without a working ``venv``/``ensurepip`` (stock Debian/Ubuntu)."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    return (
        f"tasks.py: this Python ({sys.executable}, {version}) cannot create a virtual "
        f"environment with pip: {detail.rstrip('.')}.\n"
        "On Debian or Ubuntu install the venv package, then run the same command again:\n"
        f"    sudo apt-get install python{version}-venv\n"
        "(elsewhere: a Python 3.11+ from python.org or your package manager includes it)."
    )


def create_venv() -> None:
    """Create ``.venv`` with pip, or leave none at all (never a half-made one)."""
    import importlib.util

    if importlib.util.find_spec("ensurepip") is None:
        sys.exit(venv_missing_message("the ensurepip module is missing"))
    say(f"creating a virtual environment in {VENV} ...")
    try:
        venv.create(VENV, with_pip=True)
        if subprocess.call(
            [str(venv_python()), "-m", "pip", "--version"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        ):
            raise RuntimeError("pip does not run in the new environment")
    except (Exception, KeyboardInterrupt) as error:
        shutil.rmtree(VENV, ignore_errors=True)
        if isinstance(error, KeyboardInterrupt):
            raise
        detail = str(error).split("\n")[0] or type(error).__name__
        sys.exit(venv_missing_message(detail))
    (VENV / ".swlab-created").write_text("ok\n")


def installed(extras: str) -> bool:
    """Whether ``.venv`` holds swlab with ``extras`` for this ``pyproject.toml``."""
    stamp = VENV / STAMP
    try:
        data = json.loads(stamp.read_text())
    except (OSError, ValueError):
        return False
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return data.get("pyproject") == digest and (not extras or extras in data.get("extras", []))


def pip_install(*args: str, what: str) -> None:
    """``pip install ARGS`` with one progress line instead of pip's output (shown in full
    only when it fails)."""
    cmd = [str(venv_python()), "-m", "pip", "install", "--progress-bar", "off", *args]
    tty = sys.stdout.isatty()
    start = time.monotonic()
    lines: list[str] = []
    count = 0
    with subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("Collecting ") or line.startswith("Requirement already"):
                count += 1
                if tty:
                    print(f"\r  {what}: {count} packages checked", end="", flush=True)
                elif count % 25 == 0:
                    print(f"  {what}: {count} packages checked", flush=True)
        code = proc.wait()
    if tty and count:
        print(flush=True)
    if code:
        sys.stdout.write("".join(lines[-60:]))
        say(f"pip failed (exit {code}) while {what}; its last lines are above")
        sys.exit(code)
    say(f"{what}: done in {time.monotonic() - start:.0f} s")


def setup(extras: str) -> None:
    """Create ``.venv`` and install swlab (editable) with ``extras``, unless it is there."""
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py may be run by an older python3
        sys.exit(f"swlab needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if venv_python().exists() and not (VENV / ".swlab-created").exists():
        broken = subprocess.call(
            [str(venv_python()), "-m", "pip", "--version"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if broken:
            say(f"{VENV} has no working pip (a setup was cut short): making it again")
            shutil.rmtree(VENV, ignore_errors=True)
    if not venv_python().exists():
        create_venv()
    if installed(extras):
        return
    what = "swlab, JupyterLab and the test tools" if extras else "swlab and JupyterLab"
    say(f"installing {what} into .venv (the first time: about a minute) ...")
    pip_install("--upgrade", "pip", what="updating pip")
    target = f".[{extras}]" if extras else "."
    pip_install("-e", target, what=f"installing {target}")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    (VENV / STAMP).write_text(
        json.dumps({"pyproject": digest, "extras": [extras] if extras else []})
    )


def ready(extras: str) -> None:
    """:func:`setup` for ``extras``, reusing an install that has more (``test`` covers all)."""
    setup("test" if installed("test") else extras)


# --- chromium ----------------------------------------------------------------------------


def ensure_chromium() -> None:
    """Install Debian's Chromium for the browser tests when it is missing and we are root.

    A failed install does not stop the run: the browser tests are then skipped, with a
    message, unless ``SWLAB_REQUIRE_BROWSER=1`` (CI) makes them fail.
    """
    if CHROMIUM.exists() or os.environ.get("SWLAB_CHROMIUM"):
        return
    fallback = (
        "the browser tests will fail (SWLAB_REQUIRE_BROWSER is set)"
        if os.environ.get("SWLAB_REQUIRE_BROWSER")
        else "the browser tests will be skipped"
    )
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        say("Chromium is missing: installing it with apt-get (about 30 s) ...")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for cmd in (
            ["apt-get", "update", "-qq"],
            ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"],
        ):
            code = subprocess.call(cmd, env=env, stdout=subprocess.DEVNULL)
            if code:
                say(f"`{' '.join(cmd)}` failed (exit {code}), so {fallback}")
                return
    else:
        say(
            f"Chromium is missing ({CHROMIUM}), so {fallback}. "
            "Install it with: sudo apt-get install chromium"
        )


# --- the commands ------------------------------------------------------------------------


def call_in_foreground(cmd: list[str], env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` and return its exit code; Ctrl-C is the child's to handle (pytest and
    swlab report it themselves), so tasks.py adds no traceback of its own."""
    child = subprocess.Popen(cmd, env=env)  # started first: it must not inherit SIG_IGN
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return child.wait()
    finally:
        signal.signal(signal.SIGINT, previous)


def serve(cmd: list[str], env: dict[str, str] | None = None, what: str = "JupyterLab") -> int:
    """Run JupyterLab (or Voila: ``what``) until it ends, or until Ctrl-C or a kill stops it
    cleanly (``swlab/servers.py``: kernels shut down, no traceback, no stray server)."""
    served = SERVERS.serve(
        cmd, env, ROOT, on_kill=lambda: say(f"{what} did not stop in time: killing it")
    )
    if served.stopped_by is not None:
        say(f"{what} stopped")
    code: int = served.code
    return code


def tutorial(args: list[str]) -> int:
    """Open the first tutorial notebook in JupyterLab, serving the repository root."""
    ready("")
    env = SERVERS.voila_environment(os.environ)  # JupyterLab's Voila preview: offline too
    cmd = SERVERS.lab_command([str(bin_dir() / "jupyter")], ROOT, FIRST_NOTEBOOK, args)
    say(f"starting JupyterLab on {FIRST_NOTEBOOK} (Ctrl-C stops it)")
    return serve(cmd, env)


def voila(args: list[str]) -> int:
    """Serve one notebook alone in Voila (a room's page: no code cells, no code from the
    page), with swlab's offline template; ARGS after the notebook go to Voila."""
    if not args or args[0].startswith("-"):
        print("tasks.py voila: give the notebook first, e.g. notebooks/00_welcome.ipynb",
              file=sys.stderr)  # fmt: skip
        return 2
    notebook = Path(args[0]).resolve()  # as the caller's folder reads it (Voila runs in ROOT)
    ready("")
    env = SERVERS.voila_environment(os.environ)
    cmd = [str(venv_python()), "-m", "voila", str(notebook), *SERVERS.voila_options(), *args[1:]]
    say(f"starting Voila on {args[0]} (Ctrl-C stops it)")
    return serve(cmd, env, what="Voila")


def test(args: list[str]) -> int:
    """Lint, type-check, then run every test and notebook."""
    setup("test")
    run(bin_dir() / "ruff", "check", ".")
    run(bin_dir() / "mypy")
    ensure_chromium()
    # the suite's expected outputs are English whatever the machine's locale; a test that
    # is about another language chooses it itself
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0", SWLAB_LANG="en")
    cmd = [str(bin_dir() / "pytest"), "-n", "2", "--dist", "loadfile", "--nbval-lax", *args]
    print("+", " ".join(cmd), flush=True)
    os.chdir(ROOT)
    return call_in_foreground(cmd, env)


def swlab(args: list[str]) -> int:
    """The ``swlab`` command of ``.venv``, from the current folder."""
    ready("")
    return call_in_foreground([str(bin_dir() / "swlab"), *args])


def i18n(args: list[str]) -> int:
    """The languages' catalogs: extract the English source, update each .po, compile .mo
    (``tools/i18n.py``; one STEP of ``extract``, ``update``, ``compile`` runs only that)."""
    ready("")
    return call_in_foreground([str(venv_python()), str(ROOT / "tools" / "i18n.py"), *args])


COMMANDS = {"tutorial": tutorial, "test": test, "swlab": swlab, "i18n": i18n, "voila": voila}


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    if not words or words[0] in ("-h", "--help", "help"):
        print(__doc__.strip())
        return 0 if words else 2
    if words[0] not in COMMANDS:
        print(f"tasks.py: unknown command {words[0]!r}\n\n{__doc__.strip()}", file=sys.stderr)
        return 2
    try:
        return COMMANDS[words[0]](words[1:])
    except KeyboardInterrupt:
        print(flush=True)
        say("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())

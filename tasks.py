#!/usr/bin/env python3
"""The two commands of swlab, for a fresh machine with nothing but Python 3.11+.

    python3 tasks.py tutorial   # set up, then open the tutorial in JupyterLab
    python3 tasks.py test       # set up, then run the whole test suite (what CI runs)

Both create ``.venv`` beside this file on first use and install swlab into it, so no
manual step is needed. A stamp file skips the install when ``pyproject.toml`` is unchanged.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
FIRST_NOTEBOOK = "notebooks/00_welcome.ipynb"
CHROMIUM = Path("/usr/bin/chromium")  # the browser tests (tests/browser) drive it


def run(*args: str | Path, env: dict[str, str] | None = None, quiet: bool = False) -> None:
    """Run a command, echoing it; stop with its exit code if it fails."""
    print("+", " ".join(str(a) for a in args), flush=True)
    out = subprocess.DEVNULL if quiet else None
    code = subprocess.call([str(a) for a in args], cwd=ROOT, env=env, stdout=out)
    if code:
        sys.exit(code)


def setup(extras: str) -> None:
    """Create the virtual environment and install swlab (editable) with ``extras``."""
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py may be run by an older python3
        sys.exit(f"swlab needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PYTHON.exists():
        print(f"Creating a virtual environment in {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".swlab-installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    target = f".[{extras}]" if extras else "."
    run(PYTHON, "-m", "pip", "install", "--quiet", "-e", target)
    stamp.write_text(digest)


def ensure_chromium() -> None:
    """Install Debian's Chromium for the browser tests when it is missing and we are root."""
    if CHROMIUM.exists() or os.environ.get("SWLAB_CHROMIUM"):
        return
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        print("Chromium is missing: installing it with apt-get (about 30 s) ...", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run("apt-get", "update", "-qq", env=env, quiet=True)
        apt = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]
        run(*apt, env=env, quiet=True)
    else:
        print(
            f"Chromium is missing ({CHROMIUM}), so the browser tests will be skipped. "
            "Install it with: sudo apt-get install chromium",
            flush=True,
        )


def tutorial(args: list[str]) -> None:
    """Open the first tutorial notebook in JupyterLab."""
    setup("")
    if os.name == "posix" and os.geteuid() == 0 and "--allow-root" not in args:
        args = ["--allow-root", *args]  # JupyterLab refuses root without it (containers, CI)
    run(BIN / "jupyter", "lab", FIRST_NOTEBOOK, *args)


def test(args: list[str]) -> None:
    """Lint, type-check, then run every test and notebook."""
    setup("test")
    run(BIN / "ruff", "check", ".")
    run(BIN / "mypy")
    ensure_chromium()
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0")
    run(BIN / "pytest", "-n", "2", "--dist", "loadfile", "--nbval-lax", *args, env=env)


COMMANDS = {"tutorial": tutorial, "test": test}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()

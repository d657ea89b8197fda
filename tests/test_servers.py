"""``swlab.servers`` as a program: ``python -m swlab.servers lab`` is the tutorial's
JupyterLab (``swlab tutorial``, ``python3 tasks.py tutorial``, and the browser tests' server),
started without jsonschema's RFC 3987 parser (about a second of CPU at every start)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import jupyterlab

from swlab.servers import lab_command

ROOT = Path(__file__).resolve().parents[1]


def imported_by(*argv: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run ``python -X importtime ARGV`` with this checkout's swlab first on the path: the
    finished process and every module it imported."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path[1:]])}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *argv],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    imported = {
        line.rsplit("|", 1)[-1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }
    return done, imported


def test_jupyterlab_starts_without_the_iri_parser() -> None:
    done, imported = imported_by("-m", "swlab.servers", "lab", "--version")
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == jupyterlab.__version__
    assert {"jupyterlab.labapp", "jupyter_events", "jsonschema"} <= imported
    # rfc3987_syntax itself is listed: the import is asked for, and refused
    assert not {"lark", "rfc3987_syntax.utils"} & imported


def test_only_jupyterlab_is_started() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "swlab.servers", "notebook"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "usage: python -m swlab.servers lab [JupyterLab options]" in done.stderr


def test_the_tutorials_command_runs_this_module(tmp_path: Path) -> None:
    cmd = lab_command("/venv/bin/python", tmp_path, "notebooks/00_welcome.ipynb", ["--port=8899"])
    assert cmd[:4] == ["/venv/bin/python", "-m", "swlab.servers", "lab"]
    assert f"--ServerApp.root_dir={tmp_path}" in cmd
    assert "--LabApp.default_url=/lab/tree/notebooks/00_welcome.ipynb" in cmd
    assert cmd[-1] == "--port=8899"

"""``tasks.py``, the README's two commands: setup that fails cleanly, one install, a
JupyterLab that Ctrl-C or a kill stops for good, help that exits 0.

The tutorial tests start the real ``python3 tasks.py tutorial --no-browser --port P`` in a
copy of the repository's top files whose ``.venv`` points at the Python running the tests
(so nothing is installed), wait until JupyterLab answers and a kernel runs, then send the
signal a terminal's Ctrl-C (SIGINT to the foreground group) or a ``kill`` (SIGTERM) sends.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "tasks.py"
JUPYTER = Path(sys.prefix) / "bin" / "jupyter"


def load_tasks(root: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``tasks.py`` as a module, its ROOT and VENV moved to ``root``."""
    spec = importlib.util.spec_from_file_location("tasks_under_test", TASKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "ROOT", root)
    monkeypatch.setattr(module, "VENV", root / ".venv")
    return module


def run_tasks(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(cwd / "tasks.py"), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


# --- help and usage ------------------------------------------------------------------------
def test_help_exits_0_and_an_unknown_command_2() -> None:
    for flag in ("--help", "-h", "help"):
        done = run_tasks(flag)
        assert done.returncode == 0, flag
        assert "python3 tasks.py tutorial" in done.stdout and "tasks.py swlab" in done.stdout
    done = run_tasks("tests")
    assert done.returncode == 2 and "unknown command 'tests'" in done.stderr
    assert run_tasks().returncode == 2


# --- setup ---------------------------------------------------------------------------------
def test_a_failing_venv_leaves_no_half_made_venv_and_prints_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = load_tasks(tmp_path, monkeypatch)

    def debian_venv(path: Path, with_pip: bool = False) -> None:
        """What stock Debian does: the folder and a python, then ensurepip refuses."""
        (Path(path) / "bin").mkdir(parents=True)
        (Path(path) / "bin" / "python").write_text("")
        raise subprocess.CalledProcessError(1, ["python", "-m", "ensurepip", "--upgrade"])

    monkeypatch.setattr(tasks.venv, "create", debian_venv)
    with pytest.raises(SystemExit) as stop:
        tasks.setup("")
    message = str(stop.value.code)
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert f"sudo apt-get install python{version}-venv" in message
    assert "ensurepip" in message and "Traceback" not in message
    assert not (tmp_path / ".venv").exists()


def test_a_python_without_ensurepip_is_told_before_anything_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = load_tasks(tmp_path, monkeypatch)
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ensurepip" else real(name)
    )
    with pytest.raises(SystemExit, match="ensurepip module is missing"):
        tasks.setup("")
    assert not (tmp_path / ".venv").exists()


def test_a_venv_left_without_pip_is_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = load_tasks(tmp_path, monkeypatch)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\nexit 1\n")  # "No module named pip"
    python.chmod(0o755)
    made: list[Path] = []

    def create_venv() -> None:
        made.append(tasks.VENV)
        assert not tasks.VENV.exists()  # the broken one is gone first
        raise SystemExit("stop here")

    monkeypatch.setattr(tasks, "create_venv", create_venv)
    with pytest.raises(SystemExit, match="stop here"):
        tasks.setup("")
    assert made and "no working pip" in capsys.readouterr().out


def test_test_installs_what_the_tutorial_needs_so_it_installs_nothing_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = load_tasks(tmp_path, monkeypatch)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").write_text("")
    (tmp_path / ".venv" / ".swlab-created").write_text("ok\n")
    installs: list[tuple[str, ...]] = []
    monkeypatch.setattr(tasks, "pip_install", lambda *a, what: installs.append(a))
    tasks.setup("test")
    assert installs[-1] == ("-e", ".[test]")
    count = len(installs)
    tasks.ready("")  # the tutorial after the tests
    tasks.setup("test")
    assert len(installs) == count
    assert tasks.installed("") and tasks.installed("test")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'y'\n")
    assert not tasks.installed("")  # a changed pyproject.toml installs again


def fake_pip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> ModuleType:
    """tasks.py whose ``.venv`` python prints what pip prints, then exits with ``code``."""
    tasks = load_tasks(tmp_path, monkeypatch)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    lines = [f"Collecting package{k}" for k in range(30)] + ["ERROR: no such package"] * (code > 0)
    python.write_text(
        "#!/bin/sh\n" + "".join(f"echo '{line}'\n" for line in lines) + f"exit {code}\n"
    )
    python.chmod(0o755)
    return tasks


def test_pip_output_becomes_progress_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = fake_pip(tmp_path, monkeypatch, 0)
    tasks.pip_install("-e", ".", what="installing .")
    out = capsys.readouterr().out
    assert "installing .: 25 packages checked" in out and "Collecting" not in out
    assert "tasks.py: installing .: done in" in out


def test_a_pip_failure_shows_what_pip_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = fake_pip(tmp_path, monkeypatch, 3)
    with pytest.raises(SystemExit) as stop:
        tasks.pip_install("-e", ".", what="installing .")
    assert stop.value.code == 3
    out = capsys.readouterr().out
    assert "ERROR: no such package" in out and "pip failed (exit 3)" in out


def test_an_apt_failure_skips_the_browser_tests_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = load_tasks(tmp_path, monkeypatch)
    monkeypatch.setattr(tasks, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("SWLAB_CHROMIUM", raising=False)
    monkeypatch.delenv("SWLAB_REQUIRE_BROWSER", raising=False)
    monkeypatch.setattr(tasks.os, "geteuid", lambda: 0)
    monkeypatch.setattr(tasks.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(tasks.subprocess, "call", lambda *a, **k: 100)
    tasks.ensure_chromium()  # returns: the run goes on
    out = capsys.readouterr().out
    assert "apt-get update -qq` failed (exit 100)" in out
    assert "the browser tests will be skipped" in out
    monkeypatch.setenv("SWLAB_REQUIRE_BROWSER", "1")
    tasks.ensure_chromium()
    assert "will fail (SWLAB_REQUIRE_BROWSER is set)" in capsys.readouterr().out


def test_ci_runs_exactly_the_readme_test_command() -> None:
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert lines[-1] == "exec python3 tasks.py test"
    assert "export SWLAB_REQUIRE_BROWSER=1" in lines


# --- the tutorial: Ctrl-C and kill stop JupyterLab for good ---------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def fake_checkout(root: Path) -> None:
    """tasks.py, pyproject.toml, ``swlab/servers.py`` and the welcome notebook, with a ready
    ``.venv`` whose ``jupyter`` is the one of the Python running the tests."""
    root.mkdir()
    shutil.copy(TASKS, root / "tasks.py")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / "swlab").mkdir()  # tasks.py loads the servers module by path, before any install
    shutil.copy(ROOT / "swlab" / "servers.py", root / "swlab" / "servers.py")
    (root / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / "00_welcome.ipynb", root / "notebooks")
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    (bin_dir / "jupyter").symlink_to(JUPYTER)
    (root / ".venv" / ".swlab-created").write_text("ok\n")
    digest = hashlib.sha256((root / "pyproject.toml").read_bytes()).hexdigest()
    (root / ".venv" / ".swlab-installed").write_text(
        json.dumps({"pyproject": digest, "extras": ["test"]})
    )


def api(port: int, token: str, path: str, method: str = "GET") -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        headers={"Authorization": f"token {token}"},
        data=b"{}" if method == "POST" else None,
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def wait_until_ready(connection_file: Path, deadline: float) -> None:
    """Until the kernel answers: a learner's kernel is running, not half-started."""
    from jupyter_client import BlockingKernelClient

    while not connection_file.exists():
        assert time.monotonic() < deadline, "the kernel never started"
        time.sleep(0.2)
    client = BlockingKernelClient(connection_file=str(connection_file))
    client.load_connection_file()
    client.start_channels()
    try:
        while True:
            try:
                client.wait_for_ready(timeout=max(1.0, deadline - time.monotonic()))
                return
            except RuntimeError:  # a missed heartbeat on a loaded machine reads as "died"
                assert time.monotonic() < deadline, "the kernel never answered"
                time.sleep(0.5)
    finally:
        client.stop_channels()


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(not JUPYTER.exists(), reason="JupyterLab is not installed here")
@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 0), (signal.SIGTERM, 143)])
def test_the_tutorial_stops_cleanly(tmp_path: Path, sig: signal.Signals, code: int) -> None:
    root = tmp_path / "swlab"
    fake_checkout(root)
    runtime = tmp_path / "runtime"
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
    }
    port = free_port()
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("w") as out_file, err.open("w") as err_file:
        proc = subprocess.Popen(
            [sys.executable, "tasks.py", "tutorial", "--no-browser", f"--port={port}"],
            cwd=root,
            env=env,
            stdout=out_file,
            stderr=err_file,
            start_new_session=True,  # its own foreground group, as in a terminal
        )
        try:
            deadline = time.monotonic() + 90
            info: dict[str, Any] = {}
            while time.monotonic() < deadline and not info:
                assert proc.poll() is None, err.read_text()
                for f in runtime.glob("jpserver-*.json"):
                    candidate = json.loads(f.read_text() or "{}")
                    if candidate.get("port") == port and port_open(port):
                        info = candidate
                time.sleep(0.3)
            assert info, f"JupyterLab never answered:\n{err.read_text()}"
            assert info["root_dir"] == str(root)  # the repository, not notebooks/
            kernel = api(port, info["token"], "/api/kernels", "POST")
            wait_until_ready(runtime / f"kernel-{kernel['id']}.json", deadline)
            os.killpg(proc.pid, sig)  # what Ctrl-C in the terminal, or `kill`, does
            assert proc.wait(timeout=60) == code
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    text = out.read_text() + err.read_text()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert "JupyterLab stopped" in text
    assert f"/lab/tree/notebooks/00_welcome.ipynb?token={info['token']}" in text
    for _ in range(50):
        if not port_open(port) and not pid_alive(info["pid"]):
            break
        time.sleep(0.1)
    assert not port_open(port), "a JupyterLab server still answers"
    assert not pid_alive(info["pid"]), "the JupyterLab process is still running"
    assert not list(runtime.glob("jpserver-*")), "JupyterLab left its runtime files"
    assert not list(runtime.glob("kernel-*.json")), "a kernel was left running"


# --- Voila: swlab's offline template on every page ------------------------------------------
def test_voila_serves_with_swlabs_offline_template(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from swlab.play.present import JUPYTER_DATA, VOILA_TEMPLATE

    tasks = load_tasks(ROOT, monkeypatch)
    # one copy of the offline setup: tasks.py loads swlab/servers.py, which present uses too
    assert tasks.SERVERS.JUPYTER_DATA == JUPYTER_DATA == ROOT / "swlab" / "data" / "jupyter"
    assert tasks.SERVERS.VOILA_TEMPLATE == VOILA_TEMPLATE
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    served: list[tuple[list[str], dict[str, str], str]] = []
    monkeypatch.setattr(tasks, "ready", lambda extras: None)
    monkeypatch.setattr(tasks, "serve", lambda cmd, env, what: served.append((cmd, env, what)) or 0)
    monkeypatch.chdir(tmp_path)
    assert tasks.main(["voila", "room.ipynb", "--port=8870"]) == 0
    ((cmd, env, what),) = served
    assert cmd[1:4] == ["-m", "voila", str(tmp_path / "room.ipynb")] and what == "Voila"
    assert cmd[4:] == [f"--VoilaConfiguration.template={VOILA_TEMPLATE}", "--port=8870"]
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(JUPYTER_DATA), "/elsewhere"]
    assert tasks.main(["voila"]) == 2 and len(served) == 1

"""``tasks.py``, the README's two commands: setup that fails cleanly, one install, a
JupyterLab that Ctrl-C or a kill stops for good, help that exits 0.

The tutorial tests start the real ``python3 tasks.py tutorial --no-browser --port P`` in a
copy of the repository's top files whose ``.venv`` points at the Python running the tests
(so nothing is installed), wait until JupyterLab answers and a kernel runs, then send the
signal a terminal's Ctrl-C (SIGINT to the foreground group) or a ``kill`` (SIGTERM) sends.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import termios
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.browser.harness import wait_until

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "tasks.py"


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
    ``.venv`` whose ``python`` is the Python running the tests."""
    root.mkdir(exist_ok=True)  # it may hold the tests already
    shutil.copy(TASKS, root / "tasks.py")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / "swlab").mkdir()  # tasks.py loads the servers module by path, before any install
    shutil.copy(ROOT / "swlab" / "servers.py", root / "swlab" / "servers.py")
    (root / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / "00_welcome.ipynb", root / "notebooks")
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    # the test run's Python, run from its own place (a link to it elsewhere would be the
    # base interpreter, without this environment's packages)
    (bin_dir / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (bin_dir / "python").chmod(0o755)
    (root / ".venv" / ".swlab-created").write_text("ok\n")
    digest = hashlib.sha256((root / "pyproject.toml").read_bytes()).hexdigest()
    (root / ".venv" / ".swlab-installed").write_text(
        json.dumps({"pyproject": digest, "extras": [load_tasks_module().TEST_EXTRAS]})
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

    wait_until(connection_file.exists, deadline - time.monotonic(), "the kernel never started")
    client = BlockingKernelClient(connection_file=str(connection_file))
    client.load_connection_file()
    client.start_channels()

    def answered() -> bool:
        try:
            client.wait_for_ready(timeout=max(1.0, deadline - time.monotonic()))
            return True
        except RuntimeError:  # a missed heartbeat on a loaded machine reads as "died"
            return False

    try:
        wait_until(answered, deadline - time.monotonic(), "the kernel never answered")
    finally:
        client.stop_channels()


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(
    not importlib.util.find_spec("jupyterlab"), reason="JupyterLab is not installed here"
)
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

            def server() -> dict[str, Any]:
                assert proc.poll() is None, err.read_text()
                for f in runtime.glob("jpserver-*.json"):
                    candidate = json.loads(f.read_text() or "{}")
                    if candidate.get("port") == port and port_open(port):
                        return dict(candidate)
                return {}

            info = wait_until(server, 90, lambda: f"JupyterLab never answered:\n{err.read_text()}")
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
    assert "is deprecated" not in text, text  # a server that starts without warnings
    assert "JupyterLab stopped" in text
    assert f"/lab/tree/notebooks/00_welcome.ipynb?token={info['token']}" in text
    with contextlib.suppress(TimeoutError):  # said below
        wait_until(lambda: not port_open(port) and not pid_alive(info["pid"]), 30, "")
    assert not port_open(port), "a JupyterLab server still answers"
    assert not pid_alive(info["pid"]), "the JupyterLab process is still running"
    assert not list(runtime.glob("jpserver-*")), "JupyterLab left its runtime files"
    assert not list(runtime.glob("kernel-*.json")), "a kernel was left running"


# --- Voila: swlab's offline template on every page ------------------------------------------
def test_voila_serves_with_swlabs_offline_template(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from swlab.servers import JUPYTER_DATA, VOILA_TEMPLATE

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
    assert cmd[1:4] == ["-m", "swlab.play.voila_server", str(tmp_path / "room.ipynb")]
    assert what == "Voila"
    assert cmd[4:] == [f"--VoilaConfiguration.template={VOILA_TEMPLATE}", "--port=8870"]
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(JUPYTER_DATA), "/elsewhere"]
    assert tasks.main(["voila"]) == 2 and len(served) == 1


# --- test --busy N, and a run that leaves nothing behind ----------------------------------
#: The fake ``pytest`` of :func:`checkout_for_test_runs`: it records the busy processes
#: beside it (children of tasks.py running the loop) and the run's mark, may start a
#: server that outlives it, may wait for a signal, then exits with ``FAKE_CODE``.
FAKE_PYTEST = """
import json, os, signal, socket, subprocess, sys, time
from pathlib import Path

def stat(pid):
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()

if "--collect-only" in sys.argv:  # the collection beside mypy: noted, then done
    with open(os.environ["FAKE_RECORD"] + ".collected", "a") as collected:
        mark = os.environ.get("SWLAB_TEST_RUN")
        collected.write(json.dumps({"argv": sys.argv[1:], "mark": mark}) + "\\n")
    sys.exit(0)

busy = {}
for entry in Path("/proc").iterdir():
    try:
        if entry.name.isdigit() and b"tasks.py test --busy" in (entry / "cmdline").read_bytes():
            fields = stat(entry.name)
            if int(fields[1]) == os.getppid():
                busy[int(entry.name)] = fields[0]
    except OSError:
        pass
record = {"busy": busy, "mark": os.environ.get("SWLAB_TEST_RUN"), "argv": sys.argv[1:],
          "no_bytecode": os.environ.get("PYTHONDONTWRITEBYTECODE")}
if os.environ.get("FAKE_LEAVE"):
    server = subprocess.Popen(
        [sys.executable, "-c", "import socket, time\\ns = socket.socket()\\n"
         "s.bind(('127.0.0.1', 0)); s.listen()\\nprint(s.getsockname()[1], flush=True)\\n"
         "time.sleep(600)"],
        stdout=subprocess.PIPE, text=True, start_new_session=True)
    record["left"] = [server.pid, int(server.stdout.readline())]
Path(os.environ["FAKE_RECORD"]).write_text(json.dumps(record))
if os.environ.get("FAKE_WAIT"):
    signal.signal(signal.SIGINT, lambda *_: sys.exit(130))  # as pytest reports Ctrl-C
    time.sleep(600)
sys.exit(int(os.environ.get("FAKE_CODE", "0")))
"""


def checkout_for_test_runs(root: Path) -> None:
    """:func:`fake_checkout` whose ruff and mypy pass at once and whose pytest is
    :data:`FAKE_PYTEST`."""
    fake_checkout(root)
    bin_dir = root / ".venv" / "bin"
    for name, text in (("ruff", "exit 0\n"), ("mypy", "exit 0\n")):
        (bin_dir / name).write_text(f"#!/bin/sh\n{text}")
    (bin_dir / "pytest").write_text(f"#!{sys.executable}\n{FAKE_PYTEST}")
    for script in bin_dir.iterdir():
        if not script.is_symlink():
            script.chmod(0o755)


def start_test_run(tmp_path: Path, *args: str, **fake: str) -> tuple[subprocess.Popen[str], Path]:
    """``python3 tasks.py test ARGS`` in a test checkout (its own session, as in a
    terminal); the fake pytest's record file."""
    root = tmp_path / "swlab"
    checkout_for_test_runs(root)
    record = tmp_path / "record.json"
    env = {**os.environ, "SWLAB_CHROMIUM": "/bin/true", "FAKE_RECORD": str(record), **fake}
    proc = subprocess.Popen(
        [sys.executable, "tasks.py", "test", *args],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    return proc, record


def wait_for_file(path: Path, proc: subprocess.Popen[str], timeout: float = 60) -> Any:
    """The JSON ``path`` holds once written (the test run fails the test if it ends first)."""

    def written() -> bool:
        assert proc.poll() is None, proc.communicate()[0]
        return path.exists() and path.read_text().endswith("}")

    wait_until(written, timeout, f"{path.name} never written")
    return json.loads(path.read_text())


def wait_gone(pids: list[int], timeout: float = 15) -> list[int]:
    """The ``pids`` still alive after up to ``timeout`` seconds."""
    with contextlib.suppress(TimeoutError):
        wait_until(lambda: not any(pid_running(p) for p in pids), timeout, "")
    return [p for p in pids if pid_running(p)]


def pid_running(pid: int) -> bool:
    """Alive and not a zombie waiting for its parent."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="/proc, PR_SET_PDEATHSIG and sigtimedwait"
)


@linux_only
@pytest.mark.parametrize("code", [0, 3])
def test_busy_processes_run_beside_the_tests_and_stop_with_them(tmp_path: Path, code: int) -> None:
    proc, record = start_test_run(tmp_path, "--busy", "3", "-k", "board", FAKE_CODE=str(code))
    out = proc.communicate(timeout=120)[0]
    seen = json.loads(record.read_text())
    assert len(seen["busy"]) == 3, out
    assert set(seen["busy"].values()) <= {"R"}, seen  # running (or ready to), not asleep
    assert seen["argv"][-2:] == ["-k", "board"] and "--busy" not in seen["argv"]
    assert proc.returncode == code, out
    assert "3 busy processes run beside the tests" in out
    assert wait_gone([int(p) for p in seen["busy"]], timeout=5) == []


@linux_only
def test_the_test_run_writes_bytecode_whatever_the_environment_says(tmp_path: Path) -> None:
    """Every process of the run may cache what it compiled (swlab, pytest's rewritten
    tests): ``PYTHONDONTWRITEBYTECODE`` is not passed on to pytest."""
    proc, record = start_test_run(tmp_path, PYTHONDONTWRITEBYTECODE="1")
    out = proc.communicate(timeout=120)[0]
    assert proc.returncode == 0, out
    assert json.loads(record.read_text())["no_bytecode"] is None


@linux_only
def test_a_fresh_checkout_collects_the_tests_once_beside_mypy(tmp_path: Path) -> None:
    """Where no test file's rewritten asserts are written yet (a fresh clone), the tests
    are collected once before the run (beside mypy), so that each test process reads what
    that collection wrote; the next run, with them written, does not collect first."""
    root = tmp_path / "swlab"
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "test_one.py").write_text("def test_one() -> None:\n    pass\n")
    proc, record = start_test_run(tmp_path, "-k", "one")
    out = proc.communicate(timeout=120)[0]
    assert proc.returncode == 0, out
    collected = Path(f"{record}.collected")
    (first,) = [json.loads(line) for line in collected.read_text().splitlines()]
    assert first["argv"] == ["--collect-only", "-q", "--nbval-lax", "-k", "one"]
    assert first["mark"] == json.loads(record.read_text())["mark"]  # one run's processes
    written = root / "tests" / "__pycache__" / "test_one.cpython-311-pytest-9.9.9.pyc"
    written.parent.mkdir()
    written.write_bytes(b"")
    proc = subprocess.run(
        [sys.executable, "tasks.py", "test"],
        cwd=root,
        env={**os.environ, "SWLAB_CHROMIUM": "/bin/true", "FAKE_RECORD": str(record)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(collected.read_text().splitlines()) == 1  # not collected again


@linux_only
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_a_stopped_test_run_leaves_no_busy_process(tmp_path: Path, sig: signal.Signals) -> None:
    """tasks.py signalled by PID passes the signal on to pytest and stops the busy
    processes; killed outright, the kernel stops them and pytest (PR_SET_PDEATHSIG)."""
    proc, record = start_test_run(tmp_path, "--busy=2", FAKE_WAIT="1")
    try:
        seen = wait_for_file(record, proc)
        os.kill(proc.pid, sig)
        out = proc.communicate(timeout=60)[0]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    busy = [int(p) for p in seen["busy"]]
    assert len(busy) == 2
    assert wait_gone(busy) == [], "a busy process outlived tasks.py"
    if sig != signal.SIGKILL:
        assert proc.returncode == 128 + sig, out
        assert "Traceback" not in out
    leftovers = load_tasks_module().marked_processes("SWLAB_TEST_RUN", seen["mark"])
    assert wait_gone(list(leftovers)) == [], "the fake pytest outlived tasks.py"


def load_tasks_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tasks_helpers", TASKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@linux_only
def test_a_process_the_tests_left_behind_fails_the_run(tmp_path: Path) -> None:
    proc, record = start_test_run(tmp_path, FAKE_LEAVE="1")
    try:
        out = proc.communicate(timeout=120)[0]
    finally:
        left = json.loads(record.read_text()).get("left", [0])[0] if record.exists() else 0
        if left and pid_running(left):
            os.kill(left, signal.SIGKILL)
    pid, port = json.loads(record.read_text())["left"]
    assert proc.returncode == 1, out
    assert "the tests left 1 processes running (stopped now):" in out
    assert f"pid {pid}, listening on 127.0.0.1:{port}: " in out and "time.sleep(600)" in out
    assert wait_gone([pid], timeout=5) == []


def test_busy_takes_a_number() -> None:
    done = run_tasks("test", "--busy", "many")
    assert done.returncode == 2
    assert "--busy takes a number of processes, not 'many'" in done.stderr


@pytest.mark.parametrize(
    ("cores", "memory_gb", "load", "busy", "workers"),
    [
        (2, 24, 0.3, 0, 3),  # idle: one more than the cores
        (2, 24, 0.3, 4, 2),  # --busy 4: as many as the cores
        (2, 24, 3.5, 0, 2),  # loaded by others: as many as the cores
        (1, 24, 0.0, 0, 2),  # at least 2
        (16, 64, 0.0, 0, 17),
        (16, 8, 0.0, 0, 4),  # the memory caps it
        (8, 2, 0.0, 0, 2),
    ],
)
def test_the_suite_runs_one_process_more_than_idle_cores_as_memory_allows(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cores: int,
    memory_gb: int,
    load: float,
    busy: int,
    workers: int,
) -> None:
    tasks = load_tasks(tmp_path, monkeypatch)
    monkeypatch.setattr(tasks.os, "sched_getaffinity", lambda _pid: set(range(cores)))
    monkeypatch.setattr(tasks, "cores_in_use", lambda: load)
    pages = {"SC_PAGE_SIZE": 4096, "SC_PHYS_PAGES": memory_gb * (1 << 30) // 4096}
    monkeypatch.setattr(tasks.os, "sysconf", pages.__getitem__)
    assert tasks.test_workers(busy) == workers


def test_cores_in_use_counts_a_busy_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = load_tasks(tmp_path, monkeypatch)
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        assert tasks.cores_in_use(window=1.0) >= 0.75
    finally:
        hog.kill()
        hog.wait()


# --- swlab present: SIGTERM, SIGINT by PID and Ctrl-C stop Voila and its kernels ----------
def in_a_terminal(terminal: int, sigint: Any = signal.SIG_DFL) -> None:  # pragma: no cover
    """The child leads a new session whose controlling terminal is ``terminal``: its
    process group is the terminal's foreground group, as a shell's command is. It starts
    with SIGINT as ``sigint`` says, whatever the test run's own (a run started as a
    background job of a script ignores SIGINT, and its children would inherit that):
    ``SIG_DFL`` as a terminal's command, ``SIG_IGN`` as a script's background job."""
    os.setsid()
    fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, sigint)


@linux_only
@pytest.mark.parametrize("via", ["swlab", "tasks.py"])
@pytest.mark.parametrize(
    "sig", ["SIGTERM", "SIGINT", "Ctrl-C", "SIGINT, started in the background"]
)
def test_swlab_present_stops_with_its_kernels(tmp_path: Path, via: str, sig: str) -> None:
    """``swlab present`` (alone, and through ``python3 tasks.py swlab``) serves a page
    whose kernel runs; one signal to the PID, or one Ctrl-C in its terminal (which
    signals tasks.py and its child at once), stops it all: Voila, the kernel, the port.
    A SIGINT stops it also when it was started with SIGINT ignored, as a script's
    background job (``swlab present &``) is."""
    tasks = load_tasks_module()
    mark = f"present-{os.getpid()}-{tmp_path.name}"
    port = free_port()
    args = ["present", "official_2p", "--no-browser", f"--port={port}", "--seed", "1"]
    env = {
        **os.environ,
        "SWLAB_TEST_CASE": mark,
        "PYTHONPATH": str(ROOT),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "IPYTHONDIR": str(tmp_path / "ipython"),
    }
    if via == "swlab":
        cmd, cwd = [sys.executable, "-m", "swlab", *args], tmp_path
    else:
        cwd = tmp_path / "swlab"
        fake_checkout(cwd)
        script = cwd / ".venv" / "bin" / "swlab"
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m swlab "$@"\n')
        script.chmod(0o755)
        cmd = [sys.executable, "tasks.py", "swlab", *args]
    log = tmp_path / "log.txt"
    master, terminal = os.openpty()
    with log.open("w") as log_file:
        proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdin=terminal, stdout=log_file, stderr=subprocess.STDOUT,
            preexec_fn=functools.partial(
                in_a_terminal, terminal, signal.SIG_IGN if "background" in sig else signal.SIG_DFL
            ),
        )  # fmt: skip
    os.close(terminal)
    try:

        def listens() -> bool:
            assert proc.poll() is None, log.read_text()
            return port_open(port)

        wait_until(listens, 180, lambda: f"no server on {port}:\n{log.read_text()}")
        # the page, rendered: Voila has run the notebook in a kernel
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=180) as page:
            assert b"swlab" in page.read()
        running = tasks.marked_processes("SWLAB_TEST_CASE", mark)
        assert any("ipykernel" in c for c in running.values()), running
        assert any("voila" in c for c in running.values()), running
        if sig == "Ctrl-C":
            os.write(master, b"\x03")  # the terminal sends SIGINT to its foreground group
        else:
            os.kill(proc.pid, getattr(signal, sig.split(",")[0]))
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
        left = tasks.marked_processes("SWLAB_TEST_CASE", mark)
        still = {pid: left[pid] for pid in wait_gone(list(left))}
        for pid in still:
            os.kill(pid, signal.SIGKILL)
    assert still == {}, f"left running: {still}"
    assert not port_open(port), "the presenter's port still answers"
    text = log.read_text()
    assert "Kernel shutdown" in text and "Traceback" not in text, text


def test_the_test_run_installs_the_research_libraries_so_their_conformance_tests_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tests/rl runs PettingZoo's, Gymnasium's and OpenSpiel's own tests: CI needs them."""
    tasks = load_tasks(tmp_path, monkeypatch)
    asked: list[str] = []

    def setup(extras: str) -> None:
        asked.append(extras)
        raise SystemExit("stop here")

    monkeypatch.setattr(tasks, "setup", setup)
    with pytest.raises(SystemExit, match="stop here"):
        tasks.test([])
    assert asked == ["test,rl"]
    assert "rl" in tasks.TEST_EXTRAS.split(",") and "test" in tasks.TEST_EXTRAS.split(",")

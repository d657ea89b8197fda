#!/usr/bin/env python3
"""The commands of swlab, for a fresh machine with nothing but Python 3.11+.

    python3 tasks.py tutorial [ARGS]   # set up, then open the tutorial in JupyterLab
    python3 tasks.py test [ARGS]       # set up, then run the whole test suite (what CI runs)
    python3 tasks.py test --busy 4     # the same on a busy machine: 4 CPU-bound processes
                                       # run beside the tests and stop with them
    python3 tasks.py swlab ARGS        # set up, then run the swlab command (.venv/bin/swlab)
    python3 tasks.py i18n [STEP]       # the catalogs: extract, update, compile (STEP: one of them)
    python3 tasks.py swlab present official_2p --players Ann,Bot --bots 1:greedy
                                       # the presenter app for a room, in Voila (port 8866)
    python3 tasks.py voila NOTEBOOK [ARGS]   # set up, then serve NOTEBOOK alone in Voila

The first run creates ``.venv`` beside this file and installs swlab into it (about a
minute); later runs skip the install while ``pyproject.toml`` is unchanged. ``test``
installs the test tools and the research libraries too (extras ``test,rl``), which
``tutorial`` and ``swlab`` then reuse. Extra ARGS go
to JupyterLab, Voila or pytest. Ctrl-C, or a SIGINT, SIGTERM or SIGHUP sent to tasks.py,
stops JupyterLab, Voila (``swlab present`` too) and their kernels cleanly. Every Voila
page these commands serve (``voila``, JupyterLab's Voila preview, ``swlab present``) uses
swlab's Voila template, which asks no outside host for anything: it works offline.

``test`` leaves nothing running: every process the tests start carries a mark in its
environment (``SWLAB_TEST_RUN``), and a process still alive after pytest is listed (its
command line, the ports it listens on), stopped, and fails the run. Its processes write
bytecode (``__pycache__``) even where ``PYTHONDONTWRITEBYTECODE`` is set: compiling swlab
and rewriting the tests anew in each of them cost about 10 s of CPU per test process.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import ipaddress
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
import venv
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
FIRST_NOTEBOOK = "notebooks/00_welcome.ipynb"
CHROMIUM = Path("/usr/bin/chromium")  # the browser tests (tests/browser) drive it
STAMP = ".swlab-installed"
#: What ``test`` installs: the test tools, and the research libraries (``rl``) whose own
#: conformance tests run on swlab's adapters (tests/rl): a missing one fails the run.
TEST_EXTRAS = "test,rl"
#: The environment variable that marks every process of one ``test`` run (its value: a
#: new id per run); every descendant inherits it, even one that left its process group.
RUN_MARK = "SWLAB_TEST_RUN"
#: Seconds nbval waits for a notebook's kernel to start (its default, 60, is a quiet machine's).
NBVAL_KERNEL_START_S = 300
#: How long the processes of a finished test run get to end by themselves (a kernel
#: notices its server is gone within a second) before they count as left behind.
LEFTOVER_GRACE = 10.0
#: The program of one ``--busy`` process: a CPU-bound loop (its command line says why).
BUSY_LOOP = "while True: pass  # tasks.py test --busy"
#: ``si_code`` of a signal the kernel sent itself (Linux): the terminal's Ctrl-C, which
#: reaches the whole foreground process group, the child included.
SI_KERNEL = 0x80
#: Memory one test process may need at its peak: its JupyterLab, its Chromium, a kernel or
#: two, and a Dask cluster (the workers are capped so that the machine's memory holds them)
WORKER_MEMORY = 2 << 30


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
    """:func:`setup` for ``extras``, reusing an install that has more (the test run's
    extras cover all)."""
    setup(TEST_EXTRAS if installed(TEST_EXTRAS) else extras)


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


def exit_code(returncode: int) -> int:
    """A child's exit code as a shell reports it (128 + N when signal N ended it)."""
    return 128 - returncode if returncode < 0 else returncode


def call_in_foreground(cmd: list[str], env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` in the terminal's foreground group and return its exit code.

    The terminal's Ctrl-C reaches the child directly (pytest and swlab report it
    themselves, so tasks.py adds no traceback of its own). A SIGINT sent to tasks.py by
    PID, a SIGTERM or a SIGHUP is passed on to the child, which stops as on Ctrl-C (Voila
    with its kernels); if tasks.py is killed outright the child gets SIGTERM (Linux).
    """
    if not hasattr(signal, "sigtimedwait"):  # not Linux: Ctrl-C only, as before
        child = subprocess.Popen(cmd, env=env)  # started first: it must not inherit SIG_IGN
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            return exit_code(child.wait())
        finally:
            signal.signal(signal.SIGINT, previous)
    passed_on = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    waited = passed_on | {signal.SIGCHLD}
    # blocked, then taken one by one with their sender: no signal is lost or handled twice
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, waited)

    def in_child() -> None:  # pragma: no cover - runs in the child before exec
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        SERVERS.die_with_parent()

    try:
        child = subprocess.Popen(cmd, env=env, preexec_fn=in_child)
        while child.poll() is None:
            info = signal.sigtimedwait(waited, 0.5)
            if info is None or info.si_signo not in passed_on or info.si_code == SI_KERNEL:
                continue  # the child ended, or the terminal signalled it as well
            child.send_signal(info.si_signo)
        while signal.sigtimedwait(waited, 0) is not None:
            pass  # what came as the child ended was for it
        return exit_code(child.returncode)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


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
    cmd = SERVERS.lab_command(venv_python(), ROOT, FIRST_NOTEBOOK, args)
    say(f"starting JupyterLab on {FIRST_NOTEBOOK} (Ctrl-C stops it)")
    return serve(cmd, env)


def voila(args: list[str]) -> int:
    """Serve one notebook alone in Voila (a room's page: no code cells, no code from the
    page), with swlab's offline template, answering only requests addressed to it (the
    ``Host`` check of ``swlab.play.voila_server``); ARGS after the notebook go to Voila."""
    if not args or args[0].startswith("-"):
        print("tasks.py voila: give the notebook first, e.g. notebooks/00_welcome.ipynb",
              file=sys.stderr)  # fmt: skip
        return 2
    notebook = Path(args[0]).resolve()  # as the caller's folder reads it (Voila runs in ROOT)
    ready("")
    env = SERVERS.voila_environment(os.environ)
    cmd = [str(venv_python()), "-m", "swlab.play.voila_server", str(notebook),
           *SERVERS.voila_options(), *args[1:]]  # fmt: skip
    say(f"starting Voila on {args[0]} (Ctrl-C stops it)")
    return serve(cmd, env, what="Voila")


def busy_option(args: list[str]) -> tuple[int, list[str]]:
    """``--busy N`` (or ``--busy=N``) taken out of ``args``: N, and the rest for pytest."""
    rest: list[str] = []
    count, words = 0, iter(args)
    for word in words:
        if word != "--busy" and not word.startswith("--busy="):
            rest.append(word)
            continue
        value = word.partition("=")[2] if "=" in word else next(words, "")
        if not value.isdigit():
            print(f"tasks.py test: --busy takes a number of processes, not {value!r}",
                  file=sys.stderr)  # fmt: skip
            raise SystemExit(2)
        count = int(value)
    return count, rest


def start_busy(count: int) -> list[subprocess.Popen[bytes]]:
    """``count`` CPU-bound processes, to run the tests on a busy machine. Each in its own
    session (the terminal's Ctrl-C is not theirs) and, on Linux, ended by the kernel if
    tasks.py dies: they never outlive the run."""
    if count:
        say(f"{count} busy processes run beside the tests")
    linux = sys.platform.startswith("linux")
    return [
        subprocess.Popen(
            [sys.executable, "-c", BUSY_LOOP],
            start_new_session=True,
            preexec_fn=SERVERS.die_with_parent if linux else None,
        )
        for _ in range(count)
    ]


def stop_all(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        proc.kill()
    for proc in procs:
        proc.wait()


def _listening_ports() -> dict[str, str]:
    """Linux: socket inode -> ``address:port`` of every TCP socket that listens."""
    found: dict[str, str] = {}
    for name in ("tcp", "tcp6"):
        try:
            lines = Path("/proc/net", name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 9 and fields[3] == "0A":  # TCP_LISTEN
                address, port = fields[1].rsplit(":", 1)
                raw = bytes.fromhex(address)  # 32-bit words in the machine's byte order
                words = [raw[k : k + 4][:: -1 if sys.byteorder == "little" else 1]
                         for k in range(0, len(raw), 4)]  # fmt: skip
                host = ipaddress.ip_address(b"".join(words))
                found[fields[9]] = f"{host}:{int(port, 16)}"
    return found


def marked_processes(name: str, value: str) -> dict[int, str]:
    """Linux: pid -> command line of every process whose environment has ``name=value``
    (a child inherits it, even one that started its own session; empty elsewhere)."""
    wanted = f"{name}={value}".encode()
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir() if Path("/proc/self/environ").exists() else []:
        if not entry.name.isdigit():
            continue
        try:
            if wanted not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:  # gone, or not ours to read
            continue
        found[int(entry.name)] = cmdline.replace(b"\0", b" ").decode(errors="replace").strip()
    return found


def ports_of(pid: int, listening: dict[str, str]) -> list[str]:
    """The ``address:port`` pairs ``pid`` listens on."""
    try:
        links = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
    except OSError:
        return []
    inodes = {link[8:-1] for link in links if link.startswith("socket:[")}
    return sorted(listening[i] for i in inodes & listening.keys())


def stop_leftovers(name: str, value: str, grace: float = LEFTOVER_GRACE) -> list[str]:
    """The processes marked ``name=value`` that are still alive ``grace`` seconds after the
    run, each described (pid, listening ports, command line), then stopped."""
    deadline = time.monotonic() + grace
    left = marked_processes(name, value)
    while left and time.monotonic() < deadline:
        time.sleep(0.2)  # a poll: they end by themselves or the grace runs out
        left = marked_processes(name, value)
    listening = _listening_ports()
    described = []
    for pid, cmdline in sorted(left.items()):
        ports = ports_of(pid, listening)
        where = f", listening on {', '.join(ports)}" if ports else ""
        described.append(f"pid {pid}{where}: {cmdline[:200]}")
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        end = time.monotonic() + SERVERS.STOP_TIMEOUT
        while left and time.monotonic() < end:
            time.sleep(0.2)  # a poll: until the signalled processes are gone
            left = marked_processes(name, value)
    return described


def cores_in_use(window: float = 1.0) -> float:
    """How many cores other work keeps busy now: the machine's CPU time over ``window``
    seconds (``/proc/stat``), or the 1-minute load average where there is none. (Not the
    load average on Linux: it still counts this command's own install and type check.)"""

    def sample() -> tuple[int, int]:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        return sum(fields), fields[3] + fields[4]  # all, idle + iowait

    try:
        total, idle = sample()
        time.sleep(window)  # a measuring window, not a wait for anything
        total2, idle2 = sample()
    except (OSError, ValueError, IndexError):
        try:
            return os.getloadavg()[0]
        except (OSError, AttributeError):  # neither (Windows): as an idle machine
            return 0.0
    spent = total2 - total
    return (spent - (idle2 - idle)) / spent * (os.cpu_count() or 1) if spent else 0.0


def test_workers(busy: int = 0) -> int:
    """How many test processes run side by side: on an idle machine one more than it has
    cores (a browser test spends much of its time waiting on its server, its kernel or its
    page, while the other processes use the cores: on a quiet 2-core machine 3 processes
    took 838 s where 2 took 973 s; later 3 took 634 s and 4 took 656 s); as many as the
    cores when other work keeps most of a core busy (:func:`cores_in_use`, or ``busy``
    processes about to start: beside 4 of them, 3 processes left a Voila page without its
    kernel's time for more than 90 s); as many as the memory holds; at least 2."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # no sysconf (Windows): the cores decide
        memory = 1 << 62
    spare = 0 if busy or cores_in_use() >= 0.75 else 1
    return max(2, min((cores or 1) + spare, memory // WORKER_MEMORY))


def stale_test_bytecode() -> bool:
    """True when a test file or conftest.py has no rewritten-asserts bytecode newer than
    itself (pytest's ``__pycache__/NAME.<python>-pytest-<version>.pyc``)."""
    tests = ROOT / "tests"
    for source in [*tests.rglob("test_*.py"), *tests.rglob("conftest.py")]:
        written = source.parent.glob(f"__pycache__/{source.stem}.*-pytest-*.pyc")
        if not any(pyc.stat().st_mtime >= source.stat().st_mtime for pyc in written):
            return True
    return False


@contextlib.contextmanager
def collected_beside_mypy(args: list[str], env: dict[str, str]) -> Iterator[None]:
    """Collect the tests once (``pytest --collect-only``, quiet) while mypy runs on one
    core and the other has nothing to do: the bytecode of swlab and the tests' rewritten
    asserts are then written once, and each test process reads them instead of making them
    again (in a fresh checkout its collection took 12.7 s of CPU, 6.4 s with them written).
    Its result is not looked at: the run's own collection reports any error. Stopped if
    mypy fails or the command is interrupted; skipped when every test file's rewritten
    asserts are already written (a second run in the same checkout)."""
    if not stale_test_bytecode():
        yield
        return
    cmd = [str(bin_dir() / "pytest"), "--collect-only", "-q", "--nbval-lax", *args]
    linux = sys.platform.startswith("linux")
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # the terminal's Ctrl-C is for mypy; this one is stopped below
        preexec_fn=SERVERS.die_with_parent if linux else None,
    )
    try:
        yield
    except BaseException:
        proc.kill()
        raise
    finally:
        proc.wait()


def test(args: list[str]) -> int:
    """Lint, type-check, then run every test and notebook (``--busy N``: beside N
    CPU-bound processes); fail if the run left a process behind."""
    busy, args = busy_option(args)
    setup(TEST_EXTRAS)
    # the suite's expected outputs are English whatever the machine's locale; a test that
    # is about another language chooses it itself
    mark = uuid.uuid4().hex
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0", SWLAB_LANG="en")
    env[RUN_MARK] = mark
    # the run starts hundreds of Python processes (pytest's workers, each collecting every
    # test file; notebook kernels; swlab commands): without written bytecode each one
    # compiles swlab again and each worker rewrites every test file's asserts again (a
    # collection: 17.6 s of CPU instead of 7.2 s). __pycache__ is git-ignored.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run(bin_dir() / "ruff", "check", ".")
    with collected_beside_mypy(args, env):
        run(bin_dir() / "mypy")
    ensure_chromium()
    cmd = [
        # (an ``-n N`` among ARGS comes later, and pytest takes the last)
        *(str(bin_dir() / "pytest"), "-n", str(test_workers(busy)), "--dist", "loadfile"),
        "--nbval-lax",
        # files in conftest.py's order, the costliest first (xdist's own reorder, by the
        # number of tests, left a long file for the end); the slowest tests in the log
        *("--no-loadscope-reorder", "--durations=25"),
        # nbval gives a notebook's kernel 60 s to answer; on a loaded machine a kernel's
        # start has taken longer (busy run on adaf8e2), so it waits up to NBVAL_KERNEL_START_S
        *("--nbval-kernel-startup-timeout", str(NBVAL_KERNEL_START_S)),
        *args,
    ]
    print("+", " ".join(cmd), flush=True)
    os.chdir(ROOT)
    hogs = start_busy(busy)
    try:
        code = call_in_foreground(cmd, env)
    finally:
        stop_all(hogs)
        left = stop_leftovers(RUN_MARK, mark)
        if left:
            say(f"the tests left {len(left)} processes running (stopped now):")
            for line in left:
                print(f"  {line}", flush=True)
    return (code or 1) if left else code


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

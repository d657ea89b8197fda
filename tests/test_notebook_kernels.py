"""A notebook's kernel that dies on starting is started again, and one that always dies
says why (the root ``conftest.py``: ``start_kernel_again_if_it_died``).

The kernels here are real processes started by nbval's own ``start_new_kernel``, through a
kernel spec whose command dies the first time (as a kernel that lost one of its ports
does) or every time.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

nbval_kernel = pytest.importorskip("nbval.kernel")

#: The kernel's command: it counts its starts in a file, says something on stderr, and dies
#: until it has been started ``DIES`` times; then it is an ordinary IPython kernel.
KERNEL = """
import sys
from pathlib import Path
count = Path(sys.argv[1])
starts = int(count.read_text()) + 1 if count.exists() else 1
count.write_text(str(starts))
if starts <= int(sys.argv[2]):
    sys.stderr.write(f"zmq.error.ZMQError: Address already in use (start {starts})\\n")
    sys.exit(1)
from ipykernel import kernelapp
kernelapp.launch_new_instance(argv=sys.argv[3:])
"""


def kernel_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dies: int) -> Path:
    """A kernel spec named ``dying`` in a Jupyter data folder of its own; the file that
    counts its starts."""
    script = tmp_path / "kernel.py"
    script.write_text(KERNEL)
    count = tmp_path / "starts"
    spec = tmp_path / "data" / "kernels" / "dying"
    spec.mkdir(parents=True)
    argv = [sys.executable, str(script), str(count), str(dies), "-f", "{connection_file}"]
    spec.joinpath("kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "dying", "language": "python"})
    )
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "data"))
    return count


def reply_to(kc: Any, msg_id: str, timeout: float = 60) -> dict[str, Any]:
    """The shell channel's reply to ``msg_id``. Replies to other requests come first when
    the kernel was slow to start: jupyter_client's ``wait_for_ready`` asks for kernel_info
    again each second without an answer, and returns on the first reply it gets, so the
    later ones are still waiting there (seen on a loaded machine)."""
    deadline = time.monotonic() + timeout
    while True:
        reply: dict[str, Any] = kc.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply
        assert reply["msg_type"] == "kernel_info_reply", reply


def test_a_kernel_that_dies_on_its_first_start_is_started_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    count = kernel_spec(tmp_path, monkeypatch, dies=1)
    assert nbval_kernel.start_new_kernel.__name__ == "start_kernel_again_if_it_died"
    km, kc = nbval_kernel.start_new_kernel(startup_timeout=120, kernel_name="dying")
    try:
        msg_id = kc.execute("6 * 7")
        reply = reply_to(kc, msg_id)
        assert reply["content"]["status"] == "ok"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert count.read_text() == "2"


def test_a_kernel_that_always_dies_fails_with_its_own_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    count = kernel_spec(tmp_path, monkeypatch, dies=99)
    with pytest.raises(RuntimeError, match="Kernel died") as refused:
        nbval_kernel.start_new_kernel(startup_timeout=120, kernel_name="dying")
    assert "Address already in use (start 3)" in str(refused.value)
    assert count.read_text() == "3"

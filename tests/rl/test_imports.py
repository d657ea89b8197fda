"""The research adapters are an extra (``pip install swlab[rl]``): without it swlab still
imports, and each adapter says how to install what it misses."""

from __future__ import annotations

import subprocess
import sys

import pytest

#: Python code that makes the three libraries unimportable, as if not installed.
BLOCKED = (
    "import sys\n"
    "for name in ('pettingzoo', 'gymnasium', 'pyspiel'):\n"
    "    sys.modules[name] = None\n"
)


@pytest.mark.parametrize(
    ("adapter", "package"),
    [
        ("swlab.rl.pettingzoo", "pettingzoo"),
        ("swlab.rl.gymnasium", "gymnasium"),
        ("swlab.rl.openspiel", "open_spiel"),
    ],
)
def test_an_adapter_without_its_library_names_the_command_that_installs_it(
    adapter: str, package: str
) -> None:
    code = BLOCKED + f"import {adapter}\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    last = run.stderr.strip().splitlines()[-1]
    assert run.returncode == 1
    assert last.startswith(f"ImportError: {adapter} needs the '{package}' package")
    assert "pip install swlab[rl]" in last


def test_the_index_space_observation_and_perft_need_none_of_them() -> None:
    code = BLOCKED + (
        "import swlab.rl.actions, swlab.rl.observation, swlab.rl.perft, swlab.bots, swlab.game\n"
        "print('ok')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.stdout.strip() == "ok", run.stderr

"""Every command and snippet of README.md runs as written, and shows what it says.

- ```` ```python ```` blocks are doctests (``>>>`` lines, the output below them);
- ```` ```console ```` blocks are ``$ command`` lines followed by their exact output
  (stdout, then stderr);
- ```` ```bash ```` blocks of the command line section run one command a line and must
  exit 0;
- the two commands of "The two commands" are what CI (``.ci/run``) and the tutorial tests
  (``tests/test_tasks.py``) run.
- what the README says the repository holds is what it holds: the notebook table is
  ``notebooks/``, the table of translations is ``notebooks/<lang>/``, "What is where" names
  ``maps/``; a count of tests or an install time is measured and dated, or absent.

``swlab`` runs as ``python -m swlab`` of the Python running the tests, in an empty folder
outside the repository (the names it uses are shipped ones); ``.venv/bin/swlab`` and
``python3 tasks.py swlab`` run as written when this checkout's ``.venv`` is set up (in CI).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
VENV_SWLAB = ROOT / ".venv" / "bin" / "swlab"


def blocks(kind: str, text: str = README) -> list[str]:
    return re.findall(rf"^```{kind}\n(.*?)^```", text, re.S | re.M)


def section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def bash_commands(text: str) -> list[str]:
    """One command a line; ``#`` comments and continuation-only lines dropped."""
    out = []
    for block in blocks("bash", text):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                out.append(shlex.join(words))
    return out


def console_examples() -> list[tuple[str, list[str]]]:
    examples: list[tuple[str, list[str]]] = []
    for block in blocks("console"):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            else:
                examples[-1][1].append(line)
    return examples


def swlab(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a README ``swlab ...`` line."""
    words = shlex.split(command)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"}
    if words[0] == "swlab":
        argv = [sys.executable, "-m", "swlab", *words[1:]]
    elif words[:3] == ["python3", "tasks.py", "swlab"]:
        argv = [sys.executable, str(ROOT / "tasks.py"), *words[2:]]
    elif words[0] == ".venv/bin/swlab":
        argv = [str(VENV_SWLAB), *words[1:]]
    else:
        raise AssertionError(f"not a swlab command: {command}")
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


COMMANDS = bash_commands(section("The command line"))
EXAMPLES = console_examples()


def test_the_readme_has_what_these_tests_read() -> None:
    assert len(COMMANDS) >= 8 and len(EXAMPLES) >= 3 and blocks("python")
    assert any(c.startswith(".venv/bin/swlab") for c in COMMANDS)
    assert any(c.startswith("python3 tasks.py swlab") for c in COMMANDS)


def test_the_two_commands_are_what_ci_and_the_tutorial_tests_run() -> None:
    two = bash_commands(section("The two commands"))
    assert two == ["python3 tasks.py tutorial", "python3 tasks.py test"]
    assert (ROOT / ".ci" / "run").read_text().splitlines()[-1] == f"exec {two[1]}"
    tutorial_test = (ROOT / "tests" / "test_tasks.py").read_text(encoding="utf-8")
    assert '"tasks.py", "tutorial"' in tutorial_test


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_runs(command: str, tmp_path: Path) -> None:
    if command.startswith((".venv/bin/swlab", "python3 tasks.py")) and not VENV_SWLAB.exists():
        pytest.skip("this checkout has no .venv yet (python3 tasks.py test makes it)")
    cwd = ROOT if command.startswith(".venv/") else tmp_path
    done = swlab(command, cwd)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_every_shown_output_is_the_real_one(command: str, shown: list[str], tmp_path: Path) -> None:
    done = swlab(command, tmp_path)
    assert done.stdout.splitlines() + done.stderr.splitlines() == shown


def test_the_python_snippets_run_as_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for k, block in enumerate(blocks("python")):
        test = parser.get_doctest(block, {}, f"README python block {k + 1}", "README.md", 0)
        assert test.examples, block
        result = runner.run(test, out=print)
        assert result.failed == 0, f"README python block {k + 1} differs (see above)"


# --- the README says what the repository holds -------------------------------------------------
NOTEBOOKS = ROOT / "notebooks"
ENGLISH = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


def table_rows(text: str) -> list[list[str]]:
    """The body rows of the first Markdown table in ``text``, cell by cell."""
    table = text[text.index("\n|") + 1 :].split("\n\n", 1)[0]
    lines = table.splitlines()
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def test_the_notebook_table_is_the_notebooks_folder() -> None:
    listed = [row[0].strip("`") for row in table_rows(section("The tutorial"))]
    assert listed == ENGLISH  # each once, in order, none missing


def translated_cell(lang: str) -> str:
    """What the README's table says of ``notebooks/<lang>/``: ``all 11``, or ``3 of 11: 02,
    04, 08`` (the notebooks' numbers)."""
    done = sorted(p.stem for p in (NOTEBOOKS / lang).glob("*.ipynb"))
    assert set(done) <= set(ENGLISH), f"notebooks/{lang}/ has a notebook English lacks"
    if done == ENGLISH:
        return f"all {len(ENGLISH)}"
    return f"{len(done)} of {len(ENGLISH)}: " + ", ".join(name[:2] for name in done)


def test_the_translated_notebooks_are_the_language_folders() -> None:
    text = section("The tutorial").split("### The tutorial in ", 1)[1]
    rows = {row[1].strip("`"): row[2] for row in table_rows(text)}
    folders = {f"notebooks/{p.parent.name}/" for p in NOTEBOOKS.glob("*/*.ipynb")}
    assert set(rows) == folders
    for folder, said in rows.items():
        assert said == translated_cell(folder.split("/")[1]), folder


def test_the_pending_list_is_what_the_folders_lack() -> None:
    from tests.i18n.test_notebooks_i18n import PENDING

    for lang, pending in PENDING.items():
        done = {p.stem for p in (NOTEBOOKS / lang).glob("*.ipynb")}
        assert set(pending) == set(ENGLISH) - done, lang
    assert ("`PENDING` list names, per language, the notebooks not translated yet\n(none today)"
            in README) == (not any(PENDING.values()))  # fmt: skip


#: A count of tests or a duration of an install, as the README might state one.
FIGURE = re.compile(
    r"\b[\d,]+ tests\b|\babout (?:a|an|one|[\d.,]+) ?(?:minutes?|seconds?|s|min)\b", re.I
)
MEASURED = re.compile(r"measured[^.]*\b20\d\d-\d\d-\d\d\b")


def test_counts_and_durations_are_measured_and_dated_or_absent() -> None:
    for paragraph in README.split("\n\n"):
        if FIGURE.search(paragraph):
            assert MEASURED.search(paragraph), f"a figure without its measurement:\n{paragraph}"


def test_the_wheel_route_to_the_tutorial_is_documented() -> None:
    assert "python3 -m pip install swlab-*.whl && swlab tutorial" in README
    assert any(c.startswith("swlab tutorial ") and "--copy-only" in c for c in COMMANDS)
    where = section("What is where")
    assert "\nmaps/ " in where and "swlab/data/maps" not in README

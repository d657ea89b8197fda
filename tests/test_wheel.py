"""A wheel that works anywhere: built from this checkout, installed into a fresh virtual
environment, used from a folder outside the repository.

This is what ``python3 tasks.py test`` (and so CI) proves on every run: the shipped boards,
graphs and scenarios are inside the wheel and found from it (the repository's top-level
``maps/`` and ``notebooks/`` are carried as ``swlab/maps`` and ``swlab/notebooks``),
``swlab`` runs, a ``Game`` starts on a shipped board, a tutorial scenario loads by name, and
``swlab tutorial`` copies the notebooks into a folder where the first one runs. Dependencies
come from the machine's package index configuration, as for any ``pip install`` (about
12 s; the whole file about 35 s).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "swlab" / "data"
SCENARIOS = ROOT / "swlab" / "game" / "scenarios"
PERFT = ROOT / "swlab" / "rl" / "perft"  # the move counts' positions and counts
MAPS = ROOT / "maps"
#: The tutorial: the English notebooks and every translation (notebooks/<lang>/).
NOTEBOOKS = sorted(
    p.relative_to(ROOT / "notebooks").as_posix()
    for p in [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks").glob("*/*.ipynb")]
)
#: What a checkout has that is no part of the package source.
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "out", "build", "dist", "*.egg-info", "__pycache__", ".*_cache"
)
OFFICIAL = [f"official_{n}p" for n in (2, 3, 4, 5)]
#: Not passed to the fresh environment's processes: ``PYTHONPATH`` (a checkout on it would
#: count as swlab "already installed"), ``PYTHONHOME``, and ``PYTHONDONTWRITEBYTECODE`` (pip
#: installs without compiling; the processes of the tests compile what they import, once).
NOT_PASSED = ("PYTHONPATH", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE")


def clean_environment() -> dict[str, str]:
    """This process's environment without :data:`NOT_PASSED`."""
    return {k: v for k, v in os.environ.items() if k not in NOT_PASSED}


def run(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in argv], capture_output=True, text=True, cwd=cwd, env=env, timeout=900
    )
    assert done.returncode == 0, f"{argv}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the checkout (the checkout itself stays clean)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", source, "-w", work, cwd=work)
    (built,) = work.glob("swlab-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh virtual environment with the wheel installed; yields its ``bin`` folder."""
    env_dir = tmp_path_factory.mktemp("venv") / "env"
    # The test run's own pip (kept current by ``tasks.py setup``) installs into the new
    # environment (``pip --python``): the pip that ``venv`` bundles with Python 3.11
    # (23.2) took 21 s of CPU to pick the same packages from the index and install them,
    # this one 10 s, and the 3 s of ``ensurepip`` go too. No test uses a pip inside.
    venv.create(env_dir, with_pip=False)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    # --no-compile: byte-compiling every file of every dependency was a third of the
    # install's CPU; the tests run what they import, which Python compiles (and caches)
    clean = clean_environment()
    run(sys.executable, "-m", "pip", "--python", bin_dir / "python", "install", "-q",
        "--no-compile", wheel, cwd=env_dir, env=clean)  # fmt: skip
    yield bin_dir


@pytest.fixture
def outside(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """An empty folder outside the repository, and an environment that does not point
    into it."""
    env = clean_environment()
    env["MPLBACKEND"] = "Agg"
    assert not tmp_path.is_relative_to(ROOT)
    return tmp_path, env


def test_the_wheel_carries_every_shipped_file_and_the_metadata(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in OFFICIAL:
        assert f"swlab/maps/{name}.geojson" in names, f"shipped board {name} missing"
        assert f"swlab/maps/graphs/{name}.json" in names, f"graph {name} missing"
    # swlab/data, the shipped scenarios and perft positions as they are, and the top-level maps/ and
    # notebooks/ inside the package
    shipped = {
        p.relative_to(ROOT).as_posix()
        for folder in (DATA, SCENARIOS, PERFT)
        for p in folder.rglob("*")
        if p.is_file()
    }
    shipped |= {f"swlab/{p.relative_to(ROOT).as_posix()}" for p in MAPS.rglob("*") if p.is_file()}
    shipped |= {f"swlab/notebooks/{name}" for name in NOTEBOOKS}
    shipped = {p for p in shipped if "__pycache__" not in p}
    assert shipped and shipped <= names, f"missing from the wheel: {sorted(shipped - names)}"
    assert not any(n.startswith("swlab/notebooks/locale/") for n in names)  # build inputs only
    info = next(n for n in names if n.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(wheel).read(info).decode()
    assert "License-Expression: MIT" in metadata
    assert "# swlab — a lab for *Small World*" in metadata  # the README as description
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "swlab/py.typed" in names


def test_the_wheel_ships_the_compiled_catalogs(wheel: Path) -> None:
    """setup.py compiles every catalog at build time: the wheel carries each .mo."""
    names = set(zipfile.ZipFile(wheel).namelist())
    catalogs = sorted((ROOT / "swlab" / "locale").glob("*/LC_MESSAGES/*.po"))
    assert len(catalogs) >= 8  # four languages, two domains (swlab, rules)
    for po in catalogs:
        mo = po.with_suffix(".mo").relative_to(ROOT).as_posix()
        assert mo in names, f"{mo} missing from the wheel"


def test_the_installed_wheel_refuses_in_turkish(
    installed: Path, outside: tuple[Path, dict[str, str]]
) -> None:
    """The installed package reads its compiled catalogs: a refusal in Turkish, rule id kept."""
    cwd, env = outside
    argv = [installed / "swlab", "--lang", "tr", "scenario", "run", "01_first_conquest"]
    done = subprocess.run(
        [*map(str, argv), "--actions", "pick 0; conquer 999"],
        capture_output=True, text=True, cwd=cwd, env=env, timeout=300,
    )  # fmt: skip
    from swlab.i18n import _

    sentence = _("There is no region {region} on this board.", "tr").format(region=999)
    assert sentence.startswith("Bu haritada")  # the checkout's Turkish catalog
    assert done.returncode == 1, done.stderr
    assert f"{sentence[:-1]} (R-COMP-6)." in done.stderr
    code = "import swlab.i18n as i; print(type(i.translations('tr')).__name__, i.LOCALE_DIR)"
    kind, folder = run(installed / "python", "-c", code, cwd=cwd, env=env).split()
    assert kind == "GNUTranslations" and Path(folder).is_relative_to(installed.parent)
    assert (Path(folder) / "tr" / "LC_MESSAGES" / "swlab.mo").is_file()


def test_swlab_runs_from_the_installed_wheel_anywhere(
    installed: Path, outside: tuple[Path, dict[str, str]]
) -> None:
    cwd, env = outside
    from swlab import __version__

    swlab = installed / "swlab"
    assert run(swlab, "--version", cwd=cwd, env=env) == f"swlab {__version__}\n"
    assert run(swlab, "map", "check", "official_2p", cwd=cwd, env=env).startswith(
        "OK: official-2p — 23 regions"
    )
    run(swlab, "map", "from-graph", "sample", "-o", "mine.geojson", cwd=cwd, env=env)
    assert run(swlab, "map", "check", "./mine.geojson", cwd=cwd, env=env).startswith("OK: sample")
    out = run(
        swlab, "simulate", "--board", "official_3p", "--games", "2", "--no-progress",
        cwd=cwd, env=env,
    )  # fmt: skip
    assert "games 2" in out and "per bot" in out
    out = run(swlab, "scenario", "run", "tutorial/02_the_die", cwd=cwd, env=env)
    assert out.startswith("tutorial/02_the_die: played nothing")


def test_python_uses_the_installed_package_and_its_data(
    installed: Path, outside: tuple[Path, dict[str, str]]
) -> None:
    cwd, env = outside
    code = (
        "import swlab\n"
        "from swlab.game.game import Game\n"
        "from swlab.game.scenario import load_scenario\n"
        "from swlab.play import GameViewer\n"
        "game = Game('official_2p', ['Ann', 'Bob'], seed=7)\n"
        "game.play('pick 0')\n"
        "state = load_scenario('tutorial/02_the_die')\n"
        "GameViewer('official_2p', players=['Ann', 'Bob'], seed=7)\n"
        "print(swlab.__file__)\n"
        "print(game)\n"
        "print(state.geo.name, state.stage.value)\n"
    )
    where, game, scenario = run(installed / "python", "-c", code, cwd=cwd, env=env).splitlines()
    assert not Path(where).is_relative_to(ROOT), "the repository's swlab was imported"
    assert Path(where).is_relative_to(installed.parent)
    assert game.startswith("<Game official-2p round 1/10, Ann to play")
    assert scenario == "official-2p conquer"


def test_the_installed_wheel_serves_voila_with_its_offline_template(
    installed: Path, outside: tuple[Path, dict[str, str]]
) -> None:
    """``swlab present`` from a wheel: the template ships as package data and Voila finds
    it, in the installed package, through the environment the command gives the server."""
    cwd, env = outside
    code = (
        "import os\n"
        "from voila.paths import collect_template_paths\n"
        "from swlab.cli import build_parser, present_command\n"
        "from swlab.servers import VOILA_TEMPLATE, voila_environment\n"
        "os.environ.update(voila_environment(os.environ))\n"
        "print(collect_template_paths(['voila', 'nbconvert'], VOILA_TEMPLATE)[0])\n"
        "print(' '.join(present_command(build_parser().parse_args(['present']))))\n"
    )
    found, cmd = run(installed / "python", "-c", code, cwd=cwd, env=env).splitlines()
    assert Path(found).is_relative_to(installed.parent), found
    assert (Path(found) / "index.html.j2").is_file() and (Path(found) / "conf.json").is_file()
    assert "--VoilaConfiguration.template=swlab" in cmd.split()


def test_the_installed_wheel_finds_its_maps(
    installed: Path, outside: tuple[Path, dict[str, str]]
) -> None:
    """The maps (the repository's ``maps/``) are found inside the installed package."""
    cwd, env = outside
    code = "from swlab.board.catalog import maps_dir; print(maps_dir())"
    folder = Path(run(installed / "python", "-c", code, cwd=cwd, env=env).strip())
    assert folder.is_relative_to(installed.parent) and folder.name == "maps"
    listed = run(installed / "swlab", "map", "list", cwd=cwd, env=env)
    assert [line.split()[0] for line in listed.splitlines()] == [
        *OFFICIAL, "sample", "terra_mystica_base",
    ]  # fmt: skip
    assert (folder / "README.md").is_file() and (folder / "graphs" / "README.md").is_file()
    out = run(installed / "swlab", "map", "check", "terra_mystica_base", cwd=cwd, env=env)
    assert out.splitlines()[-1].startswith("OK: terra_mystica_base — 113 spaces")  # warnings first


def test_swlab_tutorial_from_the_wheel_copies_notebooks_that_run(
    installed: Path, outside: tuple[Path, dict[str, str]]
) -> None:
    """``swlab tutorial DIR --copy-only`` from an installed wheel: every notebook and every
    translation lands in DIR, the welcome notebook runs there without an error (its kernel
    is the wheel's Python), and a second call keeps the learner's saved copy."""
    cwd, env = outside
    out = run(installed / "swlab", "tutorial", "lessons", "--copy-only", cwd=cwd, env=env)
    n = len(NOTEBOOKS)
    assert out == f"lessons: {n} copied, 0 updated, 0 kept, 0 already up to date\n"
    folder = cwd / "lessons"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.ipynb")) == NOTEBOOKS
    code = (
        "import sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "path = sys.argv[1]\n"
        "nb = nbformat.read(path, as_version=4)\n"
        "NotebookClient(nb, timeout=600, kernel_name='python3',\n"
        "               resources={'metadata': {'path': 'lessons'}}).execute()\n"
        "errors = [o for c in nb.cells for o in c.get('outputs', [])\n"
        "          if o.get('output_type') == 'error']\n"
        "assert not errors, errors\n"
        "nbformat.write(nb, path)  # the learner saves the notebook they ran\n"
        "print(sum(c.cell_type == 'code' for c in nb.cells))\n"
    )
    welcome = folder / "00_welcome.ipynb"
    ran = run(installed / "python", "-c", code, "lessons/00_welcome.ipynb", cwd=cwd, env=env)
    assert int(ran) > 0
    saved = welcome.read_bytes()
    assert saved != (ROOT / "notebooks" / "00_welcome.ipynb").read_bytes()
    out = run(installed / "swlab", "tutorial", "lessons", "--copy-only", cwd=cwd, env=env)
    assert out.splitlines() == [
        f"kept {Path('lessons', '00_welcome.ipynb')}: you changed it (delete it to get the "
        "shipped one again)",
        f"lessons: 0 copied, 0 updated, 1 kept, {n - 1} already up to date",
    ]
    assert welcome.read_bytes() == saved

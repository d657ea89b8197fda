"""One floor per concern: every module of ``swlab`` imports only from its own floor and the
floors below it (so ``board`` imports nothing from ``rules``), and the rules engine reads no
board code when it runs.

The floors, from the bottom, are :data:`FLOORS`: the one table of them. Every import is
counted, wherever it stands: at the top of a module, inside a function, or under
``if TYPE_CHECKING:`` (a type from a floor above is a dependency on it too). Run this file
to print the import table (floor -> the floors it imports)::

    python tests/test_layers.py
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "swlab"

#: The floors from the bottom, each with the modules (and packages) it is made of.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("language", ("swlab", "swlab.lazy", "swlab.i18n", "swlab.names")),
    ("files", ("swlab.safe_io", "swlab.terminal")),
    ("board", ("swlab.board",)),
    ("rules", ("swlab.rules",)),
    ("game", ("swlab.game",)),
    ("bots", ("swlab.bots",)),
    ("rl", ("swlab.rl",)),
    ("balance", ("swlab.balance", "swlab.limits")),
    ("play", ("swlab.play", "swlab.workspace")),
    ("editor", ("swlab.editor",)),
    ("learn", ("swlab.learn",)),
    ("cli", ("swlab.cli", "swlab.__main__", "swlab.tutorial", "swlab.servers")),
)

#: Floors a floor may sit above and still not import when it runs (types only).
NOT_AT_RUN_TIME: dict[str, frozenset[str]] = {"rules": frozenset({"board"})}

#: Where modules used to live: nothing may be left there to keep the old imports working.
MOVED: tuple[str, ...] = (
    "swlab/rules/names.py",
    "swlab/rules/game.py",
    "swlab/rules/record.py",
    "swlab/rules/scenario.py",
    "swlab/rules/codec.py",
    "swlab/rules/report.py",
    "swlab/rules/play.py",
    "swlab/sim.py",
    "swlab/data/scenarios",
)


@dataclass(frozen=True)
class Import:
    """One import statement's target, where it stands and whether only type checkers run it."""

    module: str  # the importing module
    target: str  # the module imported (``from a.b import c`` counts as ``a.b.c`` when that is one)
    line: int
    typing_only: bool


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_lines(tree: ast.AST) -> set[int]:
    """The lines inside ``if TYPE_CHECKING:`` blocks."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                for child in node.body:
                    for sub in ast.walk(child):
                        if hasattr(sub, "lineno"):
                            lines.add(sub.lineno)
    return lines


def imports_of(name: str, path: Path, known: set[str]) -> list[Import]:
    """Every ``swlab`` import of one module: top level, in functions, for types only."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_lines = _type_checking_lines(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                targets.append(sub if sub in known else source)
        for target in targets:
            if target == "swlab" or target.startswith("swlab."):
                found.append(Import(name, target, node.lineno, node.lineno in typing_lines))
    return found


def floor_of(module: str) -> int:
    """The floor of ``module``: the longest name of :data:`FLOORS` it is or lies in."""
    best, length = -1, -1
    for k, (_floor, names) in enumerate(FLOORS):
        for prefix in names:
            inside = module == prefix or (module.startswith(prefix + ".") and prefix != "swlab")
            if inside and len(prefix) > length:
                best, length = k, len(prefix)
    if best < 0:
        raise AssertionError(f"{module}: on no floor; add it to FLOORS in tests/test_layers.py")
    return best


def all_imports() -> list[Import]:
    found = modules()
    known = set(found)
    return [imp for name, path in found.items() for imp in imports_of(name, path, known)]


def import_table() -> dict[str, list[str]]:
    """floor -> the floors its modules import (its own left out), bottom first."""
    table: dict[str, set[int]] = defaultdict(set)
    for imp in all_imports():
        mine, theirs = floor_of(imp.module), floor_of(imp.target)
        if mine != theirs:
            table[FLOORS[mine][0]].add(theirs)
    return {floor: [FLOORS[k][0] for k in sorted(table.get(floor, ()))] for floor, _names in FLOORS}


def test_every_module_is_on_a_floor() -> None:
    for name in modules():
        floor_of(name)


def test_no_module_imports_from_a_floor_above_its_own() -> None:
    upward = [
        f"{imp.module} (floor {FLOORS[floor_of(imp.module)][0]}) imports {imp.target} "
        f"(floor {FLOORS[floor_of(imp.target)][0]}) at line {imp.line}"
        for imp in all_imports()
        if floor_of(imp.target) > floor_of(imp.module)
    ]
    assert not upward, "\n".join(upward)


def test_the_rules_engine_imports_no_board_code_when_it_runs() -> None:
    names = [floor for floor, _ in FLOORS]
    at_run_time = [
        f"{imp.module} imports {imp.target} at line {imp.line}"
        for imp in all_imports()
        if not imp.typing_only
        and names[floor_of(imp.target)] in NOT_AT_RUN_TIME.get(names[floor_of(imp.module)], ())
    ]
    assert not at_run_time, "\n".join(at_run_time)


#: Floors nothing else may import: optional concerns that sit on top of the engine.
ENDS: tuple[str, ...] = ("rl",)


def test_nothing_imports_the_research_floor() -> None:
    """``swlab.rl`` (the research adapters, an optional extra) sits on rules, game and
    bots; no other floor depends on it, so swlab runs without its libraries."""
    names = [floor for floor, _ in FLOORS]
    into = [
        f"{imp.module} imports {imp.target} at line {imp.line}"
        for imp in all_imports()
        if names[floor_of(imp.target)] in ENDS
        and names[floor_of(imp.module)] != names[floor_of(imp.target)]
    ]
    assert not into, "\n".join(into)


def test_nothing_is_left_where_modules_used_to_be() -> None:
    left = [path for path in MOVED if (ROOT / path).exists()]
    assert not left, f"old places kept alive: {left}"


def test_the_engine_loads_without_the_floors_above_or_the_board() -> None:
    """``import swlab.rules.engine`` (and ``swlab.rules``) loads no board, game, bots or
    file-parsing code, and neither yaml, shapely nor numpy."""
    code = (
        "import sys, swlab.rules, swlab.rules.engine\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('swlab', 'yaml', 'shapely', 'numpy'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    heavy = [m for m in out if m.split(".")[0] in ("yaml", "shapely", "numpy")]
    above = [m for m in out if m.startswith(("swlab.board", "swlab.game", "swlab.bots"))]
    assert not heavy and not above, heavy + above


def test_print_the_import_table() -> None:
    """The table of floors (``pytest -s`` or ``python tests/test_layers.py`` shows it)."""
    table = import_table()
    assert list(table) == [floor for floor, _ in FLOORS]
    for k, (floor, _names) in enumerate(FLOORS):
        below = {f for f, _ in FLOORS[:k]}
        assert set(table[floor]) <= below, floor
    print(format_table(table))


def format_table(table: dict[str, list[str]]) -> str:
    width = max(len(floor) for floor in table)
    return "\n".join(
        f"{floor:<{width}} -> {', '.join(below) or '(nothing)'}" for floor, below in table.items()
    )


if __name__ == "__main__":
    print(format_table(import_table()))

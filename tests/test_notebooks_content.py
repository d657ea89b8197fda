"""The tutorial notebooks: structure, the scenario files they load, and rule coverage.

Running the notebooks is nbval's job (``pytest --nbval-lax notebooks/``); these tests check
what nbval cannot: every notebook opens with "What you will learn", every scenario under
``swlab/game/scenarios/tutorial/`` loads and is used, and together the notebooks cite every rule
id of RULES.md (the tutorial must demonstrate every rule).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from swlab.game import load_scenario

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
TUTORIAL_SCENARIOS = sorted((ROOT / "swlab" / "game" / "scenarios" / "tutorial").glob("*.yaml"))

#: RULES.md lives beside the repository (``../shared/RULES.md``); ``SWLAB_RULES`` overrides.
RULES_CANDIDATES = [
    Path(os.environ["SWLAB_RULES"]) if os.environ.get("SWLAB_RULES") else None,
    ROOT / "RULES.md",
    ROOT / "docs" / "RULES.md",
    ROOT.parent / "shared" / "RULES.md",
]
#: A rule id is defined where RULES.md writes it in bold: ``**R-CONQ-2 Cost.**``.
RULE_ID = re.compile(r"\*\*(R-[A-Z0-9]+(?:-[A-Z0-9]+)*)")
#: Notebooks load shipped scenarios by name, as ``S + "02_costs.yaml"`` (``S = "tutorial/"``)
#: or ``"tutorial/02_costs.yaml"``.
SCENARIO_REF = re.compile(r"""["']((?:tutorial/)?[0-9][0-9]_[a-z0-9_]+\.yaml)["']""")


def _cells(path: Path) -> list[dict[str, object]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def _source(cell: dict[str, object]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


def _all_text() -> str:
    return "\n".join(_source(c) for nb in NOTEBOOKS for c in _cells(nb))


def _rule_ids() -> list[str]:
    for path in RULES_CANDIDATES:
        if path is not None and path.is_file():
            seen: dict[str, None] = {}
            for m in RULE_ID.finditer(path.read_text(encoding="utf-8")):
                seen.setdefault(m.group(1), None)
            return list(seen)
    pytest.skip("RULES.md not found (set SWLAB_RULES to its path)")


def test_the_tutorial_notebooks_exist() -> None:
    names = {p.stem for p in NOTEBOOKS}
    for name in (
        "00_welcome",
        "01_setup_and_combos",
        "02_conquest",
        "03_redeploy_and_scoring",
        "04_decline",
        "05_races",
        "06_powers",
        "08_official_boards",
    ):
        assert name in names, f"notebooks/{name}.ipynb is missing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_each_notebook_starts_with_what_you_will_learn(path: Path) -> None:
    cells = _cells(path)
    assert cells, f"{path.name} is empty"
    first = cells[0]
    assert first["cell_type"] == "markdown", f"{path.name}: the first cell is not markdown"
    assert "What you will learn" in _source(first), (
        f"{path.name}: the first cell does not say 'What you will learn'"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebooks_print_no_widget_reprs_or_addresses(path: Path) -> None:
    """Checked outputs must be deterministic text (JUPYTER_NOTES.md, nbval)."""
    for cell in _cells(path):
        for out in cell.get("outputs", []) or []:  # type: ignore[attr-defined]
            text = json.dumps(out)
            assert not re.search(r"\b0x[0-9a-fA-F]{6,}\b", text), f"{path.name}: an address"
            assert "application/vnd.jupyter.widget-view" not in text, f"{path.name}: a widget"


@pytest.mark.parametrize("path", TUTORIAL_SCENARIOS, ids=lambda p: p.stem)
def test_tutorial_scenarios_load(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#"), f"{path.name}: start with a comment saying what to try"
    state = load_scenario(path)
    assert state.players


def test_tutorial_scenarios_are_all_used_and_all_exist() -> None:
    text = _all_text()
    referenced = {Path(m).name for m in SCENARIO_REF.findall(text)}
    present = {p.name for p in TUTORIAL_SCENARIOS}
    assert referenced - present == set(), f"notebooks load missing files: {referenced - present}"
    assert present - referenced == set(), f"scenario files no notebook uses: {present - referenced}"


def test_every_rule_id_is_cited_by_the_notebooks() -> None:
    text = _all_text().lower().replace("_", "-")
    missing = [
        rid for rid in _rule_ids() if not re.search(re.escape(rid.lower()) + r"(?![a-z0-9])", text)
    ]
    assert not missing, f"rule ids no notebook cites: {', '.join(missing)}"

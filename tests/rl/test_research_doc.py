"""docs/research.md: its example runs, and its tables say what the code does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from swlab.rl.actions import REGION_VERBS, blocks
from swlab.rl.observation import layout

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_example_evaluates_an_agent(capsys: pytest.CaptureFixture[str]) -> None:
    text = DOC.read_text(encoding="utf-8")
    example = text.split("## An example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert len(example.splitlines()) <= 30
    exec(compile(example, str(DOC), "exec"), {"__name__": "example"})
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["random", "greedy"]
    assert all(re.fullmatch(r"\w+ \[\(\d+, \d+\), \(\d+, \d+\)\]", line) for line in lines)


def test_the_tables_name_every_block_and_section() -> None:
    text = DOC.read_text(encoding="utf-8")
    for block in blocks(23, 2):
        assert f"| {block.verb}" in text or f", {block.verb}" in text, block.verb
    assert all(verb in text for verb in REGION_VERBS)
    for section in layout(23, 2):
        assert f"| `{section.name}` |" in text
    assert "1,419 on `official_2p`" in text and layout(23, 2)[-1].stop == 1419
    assert "315 indices" in text and blocks(23, 2)[-1].stop == 315

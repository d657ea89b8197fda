"""Every rule id of docs/RULES.md is taught by a level or listed, with where it is explained,
in docs/learn.md's explained-only list; and every id a level names exists."""

from __future__ import annotations

import re
from pathlib import Path

from swlab.learn.level import shipped_levels

ROOT = Path(__file__).resolve().parents[2]
RULE_START = re.compile(r"(?m)^(?:- )?\*\*(R-[A-Z]+(?:-[A-Z0-9]+)*)\b")
RULE_ID = re.compile(r"\bR-[A-Z]+(?:-[A-Z0-9]+)*\b")
BEGIN = "<!-- explained-only:"
END = "<!-- end of the explained-only list -->"


def rule_ids() -> list[str]:
    """The rule ids of docs/RULES.md, in its order."""
    return list(dict.fromkeys(RULE_START.findall((ROOT / "docs" / "RULES.md").read_text("utf-8"))))


def explained_only() -> dict[str, str]:
    """Rule id -> the list item that explains it (docs/learn.md, between the markers)."""
    text = (ROOT / "docs" / "learn.md").read_text("utf-8")
    assert BEGIN in text and END in text
    block = text[text.index(BEGIN) : text.index(END)]
    out: dict[str, str] = {}
    for item in re.split(r"\n- ", block)[1:]:
        head, _sep, why = item.partition(" — ")
        assert why.strip(), f"an explained-only item says where it is explained: {item[:60]!r}"
        for rule in RULE_ID.findall(head):
            out[rule] = " ".join(why.split())
    return out


def test_every_rule_is_taught_or_explained() -> None:
    taught = {rule for level in shipped_levels() for rule in level.teaches}
    listed = explained_only()
    missing = [rule for rule in rule_ids() if rule not in taught and rule not in listed]
    assert missing == [], "taught by no level and not in docs/learn.md's explained-only list"


def test_the_explained_only_list_names_real_rules_not_taught_elsewhere() -> None:
    ids = set(rule_ids())
    listed = explained_only()
    assert sorted(set(listed) - ids) == []
    taught_here = {rule for level in shipped_levels() for rule in level.teaches}
    # a rule now taught by a level leaves the list (the stages 06-08 ids until they merge)
    stale = sorted(r for r in set(listed) & taught_here if "stages 06" not in listed[r])
    assert stale == []


def test_every_rule_a_level_names_is_in_rules_md() -> None:
    ids = set(rule_ids())
    for level in shipped_levels():
        for rule in (*level.teaches, level.wrong.rule, level.goal.refusal):
            assert not rule or rule in ids, f"{level.file}: {rule} is not in docs/RULES.md"


def test_levels_per_stage_of_stages_01_to_05() -> None:
    counts: dict[str, int] = {}
    for level in shipped_levels():
        counts[level.stage] = counts.get(level.stage, 0) + 1
    early = sum(counts.get(s, 0) for s in ("setup", "conquest", "die", "redeploy", "scoring"))
    assert early >= 30
    assert all(counts.get(s, 0) >= 4 for s in ("setup", "conquest", "die", "redeploy", "scoring"))

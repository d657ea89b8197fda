#!/usr/bin/env python3
"""The field table of the scenario format, generated from the state classes.

    .venv/bin/python tools/scenario_docs.py fields           # print the table
    .venv/bin/python tools/scenario_docs.py refresh [PATH]   # rewrite it in docs/scenarios.md

``docs/scenarios.md`` embeds the table between two markers; ``tests/rules/test_scenario.py``
fails when it differs from :func:`field_reference`, so the documented format cannot drift
from the code (:mod:`swlab.game.codec` reads every field by its type, so a field added to a
state class is a scenario key at once, and a row here).
"""

from __future__ import annotations

import argparse
import inspect
import os
import re
import sys
import types
import typing
from collections.abc import Sequence
from dataclasses import MISSING, Field, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from swlab.game.codec import (
    default_of,
    field_key,
    field_ref,
    is_pairs_mapping,
    schema_fields,
    type_hints,
)
from swlab.rules.state import (
    Combo,
    Conquest,
    GameState,
    PlayerState,
    RaceState,
    RegionState,
    TurnState,
)
from swlab.safe_io import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "scenarios.md"


def _type_text(tp: Any, ref: Any) -> str:
    if ref == "player":
        base = "player"
    elif ref == "region":
        base = "region id"
    else:
        base = ""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        rest = [a for a in args if a is not type(None)]
        return _type_text(rest[0], ref) + " or null"
    if base and origin is None:
        return base
    if tp is bool:
        return "true/false"
    if tp is int:
        return "number"
    if tp is str:
        return "text"
    if isinstance(tp, type) and issubclass(tp, Enum):
        return " / ".join(str(m.value) for m in tp)
    if is_pairs_mapping(tp):
        return "mapping text: number"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return f"list of {_type_text(args[0], ref)}"
    if origin is tuple:
        refs = ref if isinstance(ref, tuple) else (None,) * len(args)
        inner = ", ".join(_type_text(a, r) for a, r in zip(args, refs, strict=True))
        return f"[{inner}]"
    if origin is frozenset:
        return f"list of {_type_text(args[0], ref)}"
    if isinstance(tp, type) and is_dataclass(tp):
        return f"{tp.__name__} mapping"
    return str(tp)


def _field_comments(cls: type) -> dict[str, str]:
    """The ``#:`` comments of a dataclass's fields, read from its source."""
    try:
        lines = inspect.getsource(cls).splitlines()
    except (OSError, TypeError):
        return {}
    out: dict[str, str] = {}
    pending = ""
    for line in lines:
        s = line.strip()
        if s.startswith("#:"):
            pending = (pending + " " + s[2:].strip()).strip()
            continue
        m = re.match(r"^(\w+)\s*:\s*[^=#]+(?:=[^#]*)?(?:#:\s*(.*))?$", s)
        if m and not s.startswith(("def ", "return", "@")):
            text = (m.group(2) or pending).strip()
            if text:
                out[m.group(1)] = text
        pending = ""
    return out


def _default_text(f: Field[Any], ref: Any) -> str:
    d = default_of(f)
    if d is MISSING:
        return "required"
    if ref in ("player", "region") and d == -1:
        return "null"
    if isinstance(d, Enum):
        return str(d.value)
    if isinstance(d, bool):
        return "false" if not d else "true"
    if isinstance(d, tuple | frozenset):
        return "empty"
    if d is None:
        return "null"
    if d == "":
        return '""'
    return str(d)


FIELD_TABLES: tuple[tuple[type, str], ...] = (
    (GameState, "top level"),
    (PlayerState, "players.N"),
    (RaceState, "players.N.active, players.N.declined.M"),
    (RegionState, "regions.ID"),
    (Combo, "column.N"),
    (TurnState, "turn"),
    (Conquest, "turn.conquests.N"),
)

#: What the top level writes instead of the raw GameState field.
_TOP_NOTES = {
    "regions": ("mapping region id: RegionState mapping", "see below"),
    "players": ("list of PlayerState mappings (or names)", "required"),
    "column": ("list of Combo mappings", "dealt from the stacks"),
    "race_stack": ("list of race names", "the other races, seeded order"),
    "power_discard": ("list of power names", "empty"),
    "power_stack": ("list of power names", "the other powers, seeded order"),
    "trays": ("mapping race: number", "by conservation (R-COMP-2)"),
    "turn": ("TurnState mapping, or start", "start"),
    "current": ("player", "first player"),
    "seed": ("number", "0"),
    "round": ("number", "1"),
}


#: Meanings of the fields whose source has no ``#:`` comment.
_MEANINGS: dict[tuple[type, str], str] = {
    (GameState, "regions"): "what stands in each region",
    (GameState, "players"): "the seats, in play order (R-SETUP-5)",
    (GameState, "column"): "the 6 visible combos, top (free) first (R-SETUP-3, R-PICK-1)",
    (GameState, "race_stack"): "race banners still to come, top first (R-PICK-5)",
    (GameState, "power_stack"): "power badges still to come, top first (R-PICK-5)",
    (GameState, "power_discard"): "discarded badges, reshuffled when the stack runs out",
    (GameState, "round"): "the turn marker (R-FLOW-1)",
    (GameState, "current"): "whose turn it is",
    (GameState, "turn"): "the turn in progress; start: the engine begins it",
    (GameState, "seed"): "orders unlisted stacks and badge reshuffles",
    (GameState, "reshuffles"): "badge reshuffles so far",
    (PlayerState, "name"): "the player's name",
    (PlayerState, "coins"): "victory coins (R-SETUP-4)",
    (PlayerState, "active"): "the active race: a mapping, or null",
    (PlayerState, "declined"): "races in decline (a name, or a mapping)",
    (RaceState, "name"): "the race",
    (RaceState, "power"): "its special power (in decline: only Spirit's stays)",
    (RaceState, "hand"): "tokens in hand",
    (RaceState, "reserve"): "tokens kept off the map (Amazons, R-RACE-AMAZONS)",
    (RaceState, "conquests"): "regions conquered since picked (Halflings' holes)",
    (RegionState, "owner"): "implied by the race; if given, must agree",
    (RegionState, "race"): "the race whose tokens stand here",
    (RegionState, "tokens"): "race tokens (1 when a race is given)",
    (RegionState, "lost_tribes"): "lost tribe tokens (R-SETUP-2)",
    (RegionState, "mountain"): "the Mountain piece (default: the terrain's)",
    (RegionState, "lair"): "Troll Lair (R-RACE-TROLLS)",
    (RegionState, "fortress"): "Fortress (R-POW-FORTIFIED)",
    (RegionState, "hole"): "Hole-in-the-Ground (R-RACE-HALFLINGS)",
    (RegionState, "hero"): "Hero (R-POW-HEROIC)",
    (RegionState, "dragon"): "the Dragon (R-POW-DRAGONMASTER)",
    (RegionState, "encampments"): "Encampments (R-POW-BIVOUACKING)",
    (Combo, "race"): "race banner",
    (Combo, "power"): "power badge",
    (Combo, "coins"): "coins left on it (R-PICK-2)",
    (TurnState, "stage"): "what the game waits for",
    (TurnState, "actor"): "who decides now (a defender in stage defend)",
    (TurnState, "acting"): "the race conquering or redeploying now",
    (TurnState, "conquests"): "regions conquered this turn",
    (Conquest, "race"): "the conquering race",
    (Conquest, "region"): "the region conquered",
    (Conquest, "non_empty"): "it held tokens before (R-RULING-3)",
}


def field_reference() -> str:
    """The Markdown table of every field a scenario may set (generated from the code)."""
    out = ["| where | key | value | default | meaning |", "|---|---|---|---|---|"]
    out.append(
        "| top level | `board` | shipped name, file path or region graph | required | "
        "the board (R-COMP-1) |"
    )
    out.append(
        "| top level | `unlisted_regions` | setup / empty | setup | regions not listed: "
        "as at setup (lost tribes, R-SETUP-2) or empty |"
    )
    out.append(
        "| top level | `unlisted_races`, `unlisted_powers` | stack / out | stack | banners "
        "or badges placed nowhere: below the given top of the stack, or out of the game "
        "(an empty stack) |"
    )
    out.append("| top level | `title`, `description` | text | | shown to the learner |")
    for cls, where in FIELD_TABLES:
        hints = type_hints(cls)
        notes = _field_comments(cls)
        for f in schema_fields(cls):
            ref = field_ref(cls, f)
            value, default = _type_text(hints[f.name], ref), _default_text(f, ref)
            if cls is GameState and f.name in _TOP_NOTES:
                value, default = _TOP_NOTES[f.name]
            if cls is RaceState and f.name == "power":
                default = "required when active"
            meaning = notes.get(f.name) or _MEANINGS.get((cls, f.name), "")
            key = field_key(cls, f.name)
            out.append(f"| {where} | `{key}` | {value} | {default} | {meaning} |")
    return "\n".join(out) + "\n"


DOC_START = "<!-- fields:start (generated by `tools/scenario_docs.py fields`; a test checks it) -->"
DOC_END = "<!-- fields:end -->"


def refresh_docs(path: str | os.PathLike[str]) -> bool:
    """Rewrite the generated field table in ``docs/scenarios.md``; whether it changed."""
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    head, _, rest = text.partition(DOC_START)
    _, _, tail = rest.partition(DOC_END)
    new = f"{head}{DOC_START}\n{field_reference()}{DOC_END}{tail}"
    if new != text:
        atomic_write_text(p, new)
    return new != text


def main(args: Sequence[str] | None = None) -> int:
    """``fields``: print the table; ``refresh [PATH]``: rewrite it in the docs (exit 0)."""
    parser = argparse.ArgumentParser(prog="tools/scenario_docs.py", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fields", help="print the fields a scenario may set (Markdown)")
    refresh = sub.add_parser("refresh", help="rewrite the field table of docs/scenarios.md")
    refresh.add_argument("path", nargs="?", default=str(DOC))
    ns = parser.parse_args(list(args) if args is not None else None)
    if ns.command == "fields":
        sys.stdout.write(field_reference())
        return 0
    changed = refresh_docs(ns.path)
    sys.stdout.write(f"{'updated' if changed else 'up to date'}: {ns.path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The generic codec between the state dataclasses and YAML/JSON values, with exact paths.

Scenario files (:mod:`swlab.game.scenario`) and records write states as plain mappings.
Rather than one hand-written reader per class, this module reads and writes any field by
its type hint: numbers, text, true/false, enums, tuples, frozensets, mappings of counters
(``tuple[tuple[str, int], ...]``) and nested dataclasses. A field added to a state class
later is therefore readable and writable with no change here.

Three small tables say what the type hint cannot: :data:`REFS` (an ``int`` that is a seat,
written by the player's name, or a region *position*, written by its id), :data:`DERIVED`
(fields implied by where a value stands) and :data:`ALIASES` (a key spelled differently from
its field). Every mistake raises :class:`ScenarioError` at the YAML path of the value
(``regions.12.tokens``), so a teacher finds the line to fix.

YAML is imported only when text is read or written: the engine never pays for it.
"""

from __future__ import annotations

import os
import sys
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, Field, fields, is_dataclass
from enum import Enum
from typing import Any

from swlab.rules.geo import Geo
from swlab.rules.state import NOBODY, Conquest, GameState, RaceState, RegionState, TurnState

__all__ = [
    "ALIASES",
    "DERIVED",
    "REFS",
    "Ctx",
    "ScenarioError",
    "as_bool",
    "as_int",
    "as_mapping",
    "as_sequence",
    "as_str",
    "decode",
    "decode_fields",
    "default_of",
    "encode",
    "encode_fields",
    "field_key",
    "field_ref",
    "is_pairs_mapping",
    "join",
    "known",
    "read_scenario_text",
    "required",
    "scenario_text",
    "schema_fields",
    "type_hints",
]

#: How region positions and seats are written: the semantic of fields holding one.
#: ``"player"``: a seat (written as the player's name); ``"region"``: a region *position*
#: (written as its id); a tuple gives one entry per element of a pair. A field added later
#: can declare it itself with ``field(metadata={"scenario": "player"})``.
REFS: dict[tuple[type, str], Any] = {
    (GameState, "current"): "player",
    (RegionState, "owner"): "player",
    (TurnState, "actor"): "player",
    (TurnState, "final_region"): "region",
    (TurnState, "converted"): "player",
    (TurnState, "readied"): ("region", None),
    (TurnState, "defenders"): ("player", None),
    (Conquest, "region"): "region",
    (Conquest, "defender"): "player",
}

#: Fields the scenario never writes: implied by where the value stands.
DERIVED: dict[type, frozenset[str]] = {
    RaceState: frozenset({"owner", "in_decline"}),
    RegionState: frozenset({"in_decline"}),
    GameState: frozenset({"geo"}),
}

#: A field written under another key (``race`` reads better than ``name`` for a race).
ALIASES: dict[tuple[type, str], str] = {(RaceState, "name"): "race"}


# ====================================================================================
# Errors and paths
# ====================================================================================


class ScenarioError(ValueError):
    """A scenario that cannot be loaded: ``file``, YAML ``path`` (``regions.12.tokens``), why."""

    def __init__(self, path: str, reason: str, file: str | os.PathLike[str] | None = None):
        self.file = str(file) if file is not None else None
        self.path = path
        self.reason = reason
        where = ": ".join(x for x in (self.file, path) if x)
        super().__init__(f"{where}: {reason}" if where else reason)

    def in_file(self, file: str | os.PathLike[str] | None) -> ScenarioError:
        """The same error, naming ``file`` (when it names none yet)."""
        if self.file is not None or file is None:
            return self
        return ScenarioError(self.path, self.reason, file)


def join(path: str, key: object) -> str:
    """The YAML path of ``key`` inside ``path`` (``regions`` + ``12`` = ``regions.12``)."""
    return f"{path}.{key}" if path else str(key)


# ====================================================================================
# Small typed readers (each raises ScenarioError at its path)
# ====================================================================================


def _type_name(value: Any) -> str:
    return {
        bool: "true/false",
        int: "a number",
        str: "text",
        list: "a list",
        dict: "a mapping",
    }.get(type(value), type(value).__name__)


def as_mapping(value: Any, path: str) -> dict[Any, Any]:
    """``value`` if it is a mapping (``key: value``)."""
    if not isinstance(value, dict):
        raise ScenarioError(path, f"expected a mapping (key: value), got {_type_name(value)}")
    return value


def as_sequence(value: Any, path: str) -> list[Any]:
    """``value`` if it is a list."""
    if not isinstance(value, list):
        raise ScenarioError(path, f"expected a list, got {_type_name(value)}")
    return value


def as_int(value: Any, path: str) -> int:
    """``value`` if it is a whole number (``true`` is not one, though Python says so)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(path, f"expected a whole number, got {value!r}")
    return value


def as_str(value: Any, path: str) -> str:
    """``value`` if it is text."""
    if not isinstance(value, str):
        raise ScenarioError(path, f"expected text, got {value!r}")
    return value


def as_bool(value: Any, path: str) -> bool:
    """``value`` if it is ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise ScenarioError(path, f"expected true or false, got {value!r}")
    return value


def required(d: Mapping[Any, Any], key: str, path: str) -> Any:
    """``d[key]``, or a mistake saying the key is required."""
    if key not in d:
        raise ScenarioError(join(path, key), "is required")
    return d[key]


def known(d: Mapping[Any, Any], keys: Iterable[str], path: str) -> None:
    """Refuse a key of ``d`` not in ``keys`` (a typo), listing the keys allowed here."""
    allowed = list(keys)
    for k in d:
        if k not in allowed:
            raise ScenarioError(
                join(path, k), f"unknown key {k!r}; known keys here: {', '.join(allowed)}"
            )


# ====================================================================================
# References: seats by name, region positions by id
# ====================================================================================


class Ctx:
    """What references need: the seats' names and the board's region ids."""

    def __init__(self, names: Sequence[str], geo: Geo) -> None:
        self.names = list(names)
        self.geo = geo
        self.by_name = {n: i for i, n in enumerate(self.names)}
        self.unique = len(self.by_name) == len(self.names)

    def player(self, value: Any, path: str) -> int:
        """A seat from a player's name or seat number (``null``: nobody)."""
        if value is None:
            return NOBODY
        if isinstance(value, str):
            if value not in self.by_name:
                raise ScenarioError(
                    path, f"no player called {value!r}; players: {', '.join(self.names)}"
                )
            return self.by_name[value]
        seat = as_int(value, path)
        if not 0 <= seat < len(self.names):
            raise ScenarioError(path, f"seat {seat} does not exist (0 to {len(self.names) - 1})")
        return seat

    def player_out(self, seat: int) -> Any:
        """How a seat is written: the name (the number if two players share a name)."""
        if seat < 0:
            return None
        return self.names[seat] if self.unique else seat

    def region(self, value: Any, path: str) -> int:
        """A region position from its id (``null``: no region)."""
        if value is None:
            return -1
        rid = as_int(value, path)
        if rid not in self.geo.index:
            raise ScenarioError(path, f"there is no region {rid} on {self.geo.name} (R-COMP-6)")
        return self.geo.index[rid]

    def region_out(self, i: int) -> Any:
        """How a region position is written: its id."""
        return None if i < 0 else self.geo.ids[i]


# ====================================================================================
# The fields of a class, as the format sees them
# ====================================================================================

_HINTS: dict[type, dict[str, Any]] = {}


def type_hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of ``cls``'s fields (cached: resolving them is slow)."""
    if cls not in _HINTS:
        import swlab.rules.state as state_module

        module = sys.modules.get(cls.__module__)
        names = {**vars(state_module), **(vars(module) if module is not None else {})}
        _HINTS[cls] = typing.get_type_hints(cls, names)
    return _HINTS[cls]


def field_ref(cls: type, f: Field[Any]) -> Any:
    """What an ``int`` field refers to: ``"player"``, ``"region"``, a tuple, or ``None``."""
    return f.metadata.get("scenario", REFS.get((cls, f.name)))


def field_key(cls: type, name: str) -> str:
    """The key a field is written under."""
    return ALIASES.get((cls, name), name)


def schema_fields(cls: type) -> list[Field[Any]]:
    """The fields a scenario writes for ``cls`` (derived ones left out)."""
    skip = DERIVED.get(cls, frozenset())
    return [f for f in fields(cls) if f.name not in skip and f.init]


def is_pairs_mapping(tp: Any) -> bool:
    """``tuple[tuple[str, int], ...]``: badge data and trays, written as a mapping."""
    if typing.get_origin(tp) is not tuple:
        return False
    args = typing.get_args(tp)
    return (
        len(args) == 2
        and args[1] is Ellipsis
        and typing.get_origin(args[0]) is tuple
        and typing.get_args(args[0])[0] is str
        and len(typing.get_args(args[0])) == 2
    )


def default_of(f: Field[Any]) -> Any:
    """A field's default value (``MISSING`` when it has none)."""
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    return MISSING


# ====================================================================================
# Decoding and encoding by type
# ====================================================================================


def decode(value: Any, tp: Any, ref: Any, path: str, ctx: Ctx) -> Any:
    """``value`` (from YAML/JSON) read as the type ``tp``; ``ref`` as in :func:`field_ref`."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        rest = [a for a in args if a is not type(None)]
        return decode(value, rest[0], ref, path, ctx)
    if ref == "player" and tp is int:
        return ctx.player(value, path)
    if ref == "region" and tp is int:
        return ctx.region(value, path)
    if tp is bool:
        return as_bool(value, path)
    if tp is int:
        return as_int(value, path)
    if tp is str:
        return as_str(value, path)
    if isinstance(tp, type) and issubclass(tp, Enum):
        options = [m.value for m in tp]
        if value not in options:
            raise ScenarioError(path, f"expected one of {', '.join(map(str, options))}")
        return tp(value)
    return _decode_composite(value, tp, ref, path, ctx)


def _decode_composite(value: Any, tp: Any, ref: Any, path: str, ctx: Ctx) -> Any:
    """:func:`decode` of the types made of others: mappings, tuples, sets, dataclasses."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if is_pairs_mapping(tp):
        d = as_mapping(value, path)
        vt = typing.get_args(args[0])[1]
        return tuple((str(k), decode(v, vt, None, join(path, k), ctx)) for k, v in d.items())
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        items = as_sequence(value, path)
        return tuple(decode(v, args[0], ref, join(path, k), ctx) for k, v in enumerate(items))
    if origin is tuple:
        items = as_sequence(value, path)
        if len(items) != len(args):
            raise ScenarioError(path, f"expected a list of {len(args)} values")
        refs = ref if isinstance(ref, tuple) else (None,) * len(args)
        return tuple(
            decode(v, a, r, join(path, k), ctx)
            for k, (v, a, r) in enumerate(zip(items, args, refs, strict=True))
        )
    if origin is frozenset:
        items = as_sequence(value, path)
        return frozenset(decode(v, args[0], ref, join(path, k), ctx) for k, v in enumerate(items))
    if isinstance(tp, type) and is_dataclass(tp):
        return tp(**decode_fields(tp, value, path, ctx))
    raise ScenarioError(path, f"the scenario format cannot read a {tp!r}")


def decode_fields(
    cls: type, value: Any, path: str, ctx: Ctx, defaults: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Keyword arguments of ``cls`` from a mapping; absent fields keep their defaults."""
    d = as_mapping(value, path)
    schema = schema_fields(cls)
    keys = {field_key(cls, f.name): f for f in schema}
    known(d, keys, path)
    hints = type_hints(cls)
    out: dict[str, Any] = {}
    for key, f in keys.items():
        if key in d:
            out[f.name] = decode(d[key], hints[f.name], field_ref(cls, f), join(path, key), ctx)
        elif defaults is not None and f.name in defaults:
            out[f.name] = defaults[f.name]
        elif f.default is MISSING and f.default_factory is MISSING:
            raise ScenarioError(join(path, key), "is required")
    return out


def encode(value: Any, tp: Any, ref: Any, ctx: Ctx) -> Any:
    """``value`` of type ``tp`` as YAML/JSON (what :func:`decode` reads back equal)."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (types.UnionType, typing.Union):
        if value is None:
            return None
        rest = [a for a in args if a is not type(None)]
        return encode(value, rest[0], ref, ctx)
    if ref == "player" and tp is int:
        return ctx.player_out(value)
    if ref == "region" and tp is int:
        return ctx.region_out(value)
    if isinstance(value, Enum):
        return value.value
    return _encode_composite(value, tp, ref, ctx)


def _encode_composite(value: Any, tp: Any, ref: Any, ctx: Ctx) -> Any:
    """:func:`encode` of the types made of others (the rest is written as it is)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if is_pairs_mapping(tp):
        vt = typing.get_args(args[0])[1]
        return {k: encode(v, vt, None, ctx) for k, v in value}
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return [encode(v, args[0], ref, ctx) for v in value]
    if origin is tuple:
        refs = ref if isinstance(ref, tuple) else (None,) * len(args)
        return [encode(v, a, r, ctx) for v, a, r in zip(value, args, refs, strict=True)]
    if origin is frozenset:
        return sorted(encode(v, args[0], ref, ctx) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return encode_fields(value, ctx)
    return value


def encode_fields(
    obj: Any, ctx: Ctx, always: Iterable[str] = (), base: Any = None
) -> dict[str, Any]:
    """The non-default fields of ``obj`` (compared with ``base`` if given), in field order."""
    cls = type(obj)
    hints = type_hints(cls)
    out: dict[str, Any] = {}
    keep = set(always)
    for f in schema_fields(cls):
        v = getattr(obj, f.name)
        default = getattr(base, f.name) if base is not None else default_of(f)
        if f.name in keep or default is MISSING or v != default:
            out[field_key(cls, f.name)] = encode(v, hints[f.name], field_ref(cls, f), ctx)
    return out


# ====================================================================================
# Text: YAML (or JSON) in, YAML out
# ====================================================================================


def read_scenario_text(text: str, file: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Parse YAML or JSON text into the scenario mapping (no checks beyond the syntax).

    Parsed by :mod:`swlab.safe_io`: nesting and YAML aliases are bounded and a key written
    twice (``regions: {12: ..., 12: ...}``, which YAML would keep the last of silently) is
    refused at its path; no ``!!python`` tag is honoured.
    """
    from swlab.safe_io import DuplicateKey, InputRefused, parse_json, parse_yaml

    try:
        if text.lstrip().startswith("{") and str(file or "").endswith(".json"):
            data = parse_json(text)
        else:
            data = parse_yaml(text)
    except DuplicateKey as e:
        raise ScenarioError(e.path, e.reason, file) from None
    except InputRefused as e:
        raise ScenarioError("", e.reason, file) from None
    if not isinstance(data, dict):
        raise ScenarioError("", "a scenario is a mapping (board:, players:, regions: ...)", file)
    return data


def scenario_text(data: Mapping[str, Any], header: str = "") -> str:
    """YAML text of a scenario mapping; ``header`` becomes ``#`` comment lines on top."""
    import yaml

    body = yaml.safe_dump(dict(data), sort_keys=False, default_flow_style=None, width=100)
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    return "\n".join(lines) + ("\n" if lines else "") + body

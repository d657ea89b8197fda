"""Scenario files: any position of RULES.md written as YAML (or JSON), loaded as a state.

A teacher writes the position a lesson needs (a board, the players' races and coins, what
stands in each region, the combo column, whose turn and which stage) and the engine takes it
from there::

    from swlab.rules.scenario import load_scenario, run_scenario, save_scenario

    state = load_scenario("scenarios/01_first_conquest.yaml")
    report = run_scenario("scenarios/01_first_conquest.yaml", "pick 0; conquer 12")
    save_scenario(state, "my_position.yaml")     # load(save(s)) == s

The format is documented in ``docs/scenarios.md``. It is generic over the dataclasses of
:mod:`swlab.rules.state`: every field of :class:`RegionState`, :class:`PlayerState`,
:class:`RaceState`, :class:`Combo`, :class:`TurnState`, :class:`Conquest` and
:class:`GameState` is a key of the same name, so a field added later (a badge's counter)
is expressible with no change here; :func:`field_reference` prints the current list.

Conventions: a player is written by name (or seat number from 0), a region by its id (the
number printed on the board), ``null`` where the engine stores -1 (nobody, no region).
Every mistake raises :class:`ScenarioError` naming the file and the YAML path of the value
(``regions.12.tokens``).
"""

from __future__ import annotations

import json
import os
import random
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, Field, fields, is_dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from swlab.board.catalog import board_ref, load_board, scenario_path
from swlab.board.io import atomic_write_text
from swlab.rules.abilities.base import Power, Race
from swlab.rules.abilities.registry import CUSTOM_POWERS, CUSTOM_RACES, POWERS, RACES, race_badge
from swlab.rules.actions import parse_action
from swlab.rules.engine import (
    apply,
    current_player,
    is_over,
    legal_actions,
    scores,
    start_turn,
)
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.geo import BoardLike, Geo
from swlab.rules.ops import refill_column
from swlab.rules.state import (
    NOBODY,
    Combo,
    Conquest,
    GameState,
    PlayerState,
    RaceState,
    RegionState,
    Stage,
    TurnState,
)

__all__ = [
    "ScenarioError",
    "board_ref",
    "dump_scenario",
    "field_reference",
    "load_scenario",
    "resolve_board",
    "run_scenario",
    "save_scenario",
    "scenario_from_dict",
    "split_actions",
]

#: Keys of a scenario's top level that are not :class:`GameState` fields.
EXTRA_TOP_KEYS = ("title", "description", "unlisted_regions")

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
# Errors
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


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


# ====================================================================================
# Boards: found by the board catalog (swlab.board.catalog), its errors as ScenarioErrors
# ====================================================================================


def resolve_board(spec: Any, base_dir: str | os.PathLike[str] | None = None) -> BoardLike:
    """A board from a scenario's ``board`` value, by :func:`swlab.board.catalog.load_board`.

    A shipped name (``official_2p``; ``official-2p``, a board's own name, works too), a
    file path relative to ``base_dir`` (``.geojson`` map, or a ``.json`` region graph), or
    an inline region graph (a mapping in the format of ``swlab/data/maps/graphs``).
    """
    try:
        return load_board(spec, base_dir)
    except (ValueError, OSError) as e:
        raise ScenarioError("board", str(e)) from None


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


def _mapping(value: Any, path: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(path, f"expected a mapping (key: value), got {_type_name(value)}")
    return value


def _sequence(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(path, f"expected a list, got {_type_name(value)}")
    return value


def _int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(path, f"expected a whole number, got {value!r}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(path, f"expected text, got {value!r}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(path, f"expected true or false, got {value!r}")
    return value


def _required(d: Mapping[Any, Any], key: str, path: str) -> Any:
    if key not in d:
        raise ScenarioError(_join(path, key), "is required")
    return d[key]


def _known(d: Mapping[Any, Any], keys: Iterable[str], path: str) -> None:
    allowed = list(keys)
    for k in d:
        if k not in allowed:
            raise ScenarioError(
                _join(path, k), f"unknown key {k!r}; known keys here: {', '.join(allowed)}"
            )


# ====================================================================================
# The generic codec over dataclass fields
# ====================================================================================


class _Ctx:
    """What references need: the seats' names and the board's region ids."""

    def __init__(self, names: Sequence[str], geo: Geo) -> None:
        self.names = list(names)
        self.geo = geo
        self.by_name = {n: i for i, n in enumerate(self.names)}
        self.unique = len(self.by_name) == len(self.names)

    def player(self, value: Any, path: str) -> int:
        if value is None:
            return NOBODY
        if isinstance(value, str):
            if value not in self.by_name:
                raise ScenarioError(
                    path, f"no player called {value!r}; players: {', '.join(self.names)}"
                )
            return self.by_name[value]
        seat = _int(value, path)
        if not 0 <= seat < len(self.names):
            raise ScenarioError(path, f"seat {seat} does not exist (0 to {len(self.names) - 1})")
        return seat

    def player_out(self, seat: int) -> Any:
        if seat < 0:
            return None
        return self.names[seat] if self.unique else seat

    def region(self, value: Any, path: str) -> int:
        if value is None:
            return -1
        rid = _int(value, path)
        if rid not in self.geo.index:
            raise ScenarioError(path, f"there is no region {rid} on {self.geo.name} (R-COMP-6)")
        return self.geo.index[rid]

    def region_out(self, i: int) -> Any:
        return None if i < 0 else self.geo.ids[i]


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        import swlab.rules.state as state_module

        module = sys.modules.get(cls.__module__)
        names = {**vars(state_module), **(vars(module) if module is not None else {})}
        _HINTS[cls] = typing.get_type_hints(cls, names)
    return _HINTS[cls]


def _ref(cls: type, f: Field[Any]) -> Any:
    return f.metadata.get("scenario", REFS.get((cls, f.name)))


def _key(cls: type, name: str) -> str:
    return ALIASES.get((cls, name), name)


def _schema_fields(cls: type) -> list[Field[Any]]:
    """The fields a scenario writes for ``cls`` (derived ones left out)."""
    skip = DERIVED.get(cls, frozenset())
    return [f for f in fields(cls) if f.name not in skip and f.init]


def _is_pairs_mapping(tp: Any) -> bool:
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


def _decode(value: Any, tp: Any, ref: Any, path: str, ctx: _Ctx) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        rest = [a for a in args if a is not type(None)]
        return _decode(value, rest[0], ref, path, ctx)
    if ref == "player" and tp is int:
        return ctx.player(value, path)
    if ref == "region" and tp is int:
        return ctx.region(value, path)
    if tp is bool:
        return _bool(value, path)
    if tp is int:
        return _int(value, path)
    if tp is str:
        return _str(value, path)
    if isinstance(tp, type) and issubclass(tp, Enum):
        options = [m.value for m in tp]
        if value not in options:
            raise ScenarioError(path, f"expected one of {', '.join(map(str, options))}")
        return tp(value)
    if _is_pairs_mapping(tp):
        d = _mapping(value, path)
        vt = typing.get_args(args[0])[1]
        return tuple((str(k), _decode(v, vt, None, _join(path, k), ctx)) for k, v in d.items())
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        items = _sequence(value, path)
        return tuple(_decode(v, args[0], ref, _join(path, k), ctx) for k, v in enumerate(items))
    if origin is tuple:
        items = _sequence(value, path)
        if len(items) != len(args):
            raise ScenarioError(path, f"expected a list of {len(args)} values")
        refs = ref if isinstance(ref, tuple) else (None,) * len(args)
        return tuple(
            _decode(v, a, r, _join(path, k), ctx)
            for k, (v, a, r) in enumerate(zip(items, args, refs, strict=True))
        )
    if origin is frozenset:
        items = _sequence(value, path)
        return frozenset(_decode(v, args[0], ref, _join(path, k), ctx) for k, v in enumerate(items))
    if isinstance(tp, type) and is_dataclass(tp):
        return tp(**_decode_fields(tp, value, path, ctx))
    raise ScenarioError(path, f"the scenario format cannot read a {tp!r}")


def _decode_fields(
    cls: type, value: Any, path: str, ctx: _Ctx, defaults: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Keyword arguments of ``cls`` from a mapping; absent fields keep their defaults."""
    d = _mapping(value, path)
    schema = _schema_fields(cls)
    keys = {_key(cls, f.name): f for f in schema}
    _known(d, keys, path)
    hints = _hints(cls)
    out: dict[str, Any] = {}
    for key, f in keys.items():
        if key in d:
            out[f.name] = _decode(d[key], hints[f.name], _ref(cls, f), _join(path, key), ctx)
        elif defaults is not None and f.name in defaults:
            out[f.name] = defaults[f.name]
        elif f.default is MISSING and f.default_factory is MISSING:
            raise ScenarioError(_join(path, key), "is required")
    return out


def _encode(value: Any, tp: Any, ref: Any, ctx: _Ctx) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        if value is None:
            return None
        rest = [a for a in args if a is not type(None)]
        return _encode(value, rest[0], ref, ctx)
    if ref == "player" and tp is int:
        return ctx.player_out(value)
    if ref == "region" and tp is int:
        return ctx.region_out(value)
    if isinstance(value, Enum):
        return value.value
    if _is_pairs_mapping(tp):
        vt = typing.get_args(args[0])[1]
        return {k: _encode(v, vt, None, ctx) for k, v in value}
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return [_encode(v, args[0], ref, ctx) for v in value]
    if origin is tuple:
        refs = ref if isinstance(ref, tuple) else (None,) * len(args)
        return [_encode(v, a, r, ctx) for v, a, r in zip(value, args, refs, strict=True)]
    if origin is frozenset:
        return sorted(_encode(v, args[0], ref, ctx) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return _encode_fields(value, ctx)
    return value


def _default(f: Field[Any]) -> Any:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    return MISSING


def _encode_fields(
    obj: Any, ctx: _Ctx, always: Iterable[str] = (), base: Any = None
) -> dict[str, Any]:
    """The non-default fields of ``obj`` (compared with ``base`` if given), in field order."""
    cls = type(obj)
    hints = _hints(cls)
    out: dict[str, Any] = {}
    keep = set(always)
    for f in _schema_fields(cls):
        v = getattr(obj, f.name)
        default = getattr(base, f.name) if base is not None else _default(f)
        if f.name in keep or default is MISSING or v != default:
            out[_key(cls, f.name)] = _encode(v, hints[f.name], _ref(cls, f), ctx)
    return out


# ====================================================================================
# Loading
# ====================================================================================


def _check_duplicate_keys(node: yaml.Node | None, path: str = "") -> None:
    """Refuse a key written twice (``regions: {12: ..., 12: ...}``): YAML would keep the
    last one silently. Scalar keys are compared by their text."""
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else "?"
            if key in seen and key != "<<":
                line = key_node.start_mark.line + 1
                raise ScenarioError(
                    _join(path, key), f"the key {key!r} appears twice (line {line})"
                )
            seen.add(key)
            _check_duplicate_keys(value_node, _join(path, key))
    elif isinstance(node, yaml.SequenceNode):
        for k, item in enumerate(node.value):
            _check_duplicate_keys(item, _join(path, k))


def read_scenario_text(text: str, file: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Parse YAML or JSON text into the scenario mapping (no checks beyond the syntax)."""
    try:
        if text.lstrip().startswith("{") and str(file or "").endswith(".json"):
            data = json.loads(text)
        else:
            _check_duplicate_keys(yaml.compose(text, Loader=yaml.SafeLoader))
            data = yaml.safe_load(text)
    except ScenarioError as e:
        raise e.in_file(file) from None
    except (yaml.YAMLError, json.JSONDecodeError) as e:
        raise ScenarioError("", f"not valid YAML/JSON: {e}", file) from None
    if not isinstance(data, dict):
        raise ScenarioError("", "a scenario is a mapping (board:, players:, regions: ...)", file)
    return data


def load_scenario(path: str | os.PathLike[str]) -> GameState:
    """The state a scenario file describes (YAML, or JSON with the same schema).

    ``path`` is a file, or a shipped scenario's name (``"tutorial/02_the_die"``,
    ``"02_the_die"``: :func:`swlab.board.catalog.find_scenario`). Paths in the file (the
    board) are relative to the file's folder.
    """
    try:
        p = scenario_path(path)
    except ValueError as e:
        raise ScenarioError("", str(e)) from None
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError("", f"cannot read the scenario: {e.strerror or e}", p) from None
    except UnicodeDecodeError as e:
        reason = f"not UTF-8 text ({e.reason} at byte {e.start}); save the file as UTF-8"
        raise ScenarioError("", reason, p) from None
    data = read_scenario_text(text, p)
    return scenario_from_dict(data, p.parent, file=p)


def scenario_from_dict(
    data: Mapping[str, Any],
    base_dir: str | os.PathLike[str] | None = None,
    *,
    file: str | os.PathLike[str] | None = None,
    board: BoardLike | None = None,
) -> GameState:
    """Build the state a scenario mapping describes; :class:`ScenarioError` on any mistake.

    ``base_dir`` resolves a relative board path; ``board`` overrides the ``board`` key;
    ``file`` only names the source in error messages.
    """
    try:
        return _build(dict(data), base_dir, board)
    except ScenarioError as e:
        raise e.in_file(file) from None


_GEOS: dict[int, tuple[BoardLike, Geo]] = {}


def _geo(board: BoardLike) -> Geo:
    """One :class:`Geo` per board object (building it walks every border)."""
    hit = _GEOS.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_GEOS) > 64:
            _GEOS.clear()
        hit = _GEOS[id(board)] = (board, Geo.from_board(board))
    return hit[1]


def _top_keys() -> list[str]:
    keys = ["board", *EXTRA_TOP_KEYS]
    keys += [f.name for f in _schema_fields(GameState)]
    return keys


def _build(d: dict[str, Any], base_dir: Any, board: BoardLike | None) -> GameState:
    _known(d, _top_keys(), "")
    for note in ("title", "description"):
        if note in d:
            _str(d[note], note)
    if board is None:
        board = resolve_board(_required(d, "board", ""), base_dir)
    geo = _geo(board)

    # --- players and their races --------------------------------------------------------
    raw_players = _sequence(_required(d, "players", ""), "players")
    names: list[str] = []
    for k, raw in enumerate(raw_players):
        if isinstance(raw, str):
            names.append(raw)
        else:
            m = _mapping(raw, f"players.{k}")
            names.append(_str(_required(m, "name", f"players.{k}"), f"players.{k}.name"))
    if not 2 <= len(names) <= 6:
        raise ScenarioError(
            "players", f"Small World is played by 2 to 6, not {len(names)} (R-COMP-1)"
        )
    if board.players != len(names):
        raise ScenarioError(
            "players",
            f"{board.name} is the board for {board.players} players, not {len(names)} (R-SETUP-1)",
        )
    if len(set(names)) != len(names):
        raise ScenarioError("players", "two players have the same name")
    ctx = _Ctx(names, geo)
    players: list[PlayerState] = []
    owners: dict[str, tuple[int, bool, str]] = {}  # race -> (seat, in decline, path)
    used: dict[str, list[tuple[str, int]]] = {}  # race -> [(path, tokens)]
    for k, raw in enumerate(raw_players):
        path = f"players.{k}"
        if isinstance(raw, str):
            players.append(PlayerState(raw))
            continue
        m = _mapping(raw, path)
        race_keys = {"active", "declined"}
        plain = {key: v for key, v in m.items() if key not in race_keys}
        _known(m, [_key(PlayerState, f.name) for f in _schema_fields(PlayerState)], path)
        kwargs = _decode_fields(PlayerState, {**plain}, path, ctx, {"active": None, "declined": ()})
        active = None
        if m.get("active") is not None:
            active = _race(m["active"], k, False, f"{path}.active", ctx, owners, used)
        declined: list[RaceState] = []
        for j, rd in enumerate(_sequence(m.get("declined", []), f"{path}.declined")):
            declined.append(_race(rd, k, True, f"{path}.declined.{j}", ctx, owners, used))
        if kwargs.get("coins", 0) < 0:
            raise ScenarioError(f"{path}.coins", "coins cannot be negative")
        kwargs.update(active=active, declined=tuple(declined))
        players.append(PlayerState(**kwargs))

    # --- regions ------------------------------------------------------------------------
    unlisted = d.get("unlisted_regions", "setup")
    if unlisted not in ("setup", "empty"):
        raise ScenarioError("unlisted_regions", "expected setup or empty")
    regions: list[RegionState] = []
    for i in range(len(geo)):
        tribes = 1 if unlisted == "setup" and geo.has(i, "lost_tribe") and not geo.water[i] else 0
        regions.append(RegionState(lost_tribes=tribes, mountain=geo.mountain[i]))
    raw_regions = d.get("regions") or {}
    for key, raw in _mapping(raw_regions, "regions").items():
        path = f"regions.{key}"
        rid = key
        if isinstance(key, str) and key.strip().lstrip("-").isdigit():
            rid = int(key)  # JSON keys are text
        i = ctx.region(rid if isinstance(rid, int) else _int(rid, path), path)
        base = RegionState(mountain=geo.mountain[i])
        m = _mapping(raw if raw is not None else {}, path)
        kwargs = _decode_fields(RegionState, m, path, ctx)
        region = replace(base, **kwargs)
        regions[i] = _check_region(region, m, path, ctx, owners, used)

    # --- the combo column and the stacks (R-SETUP-3, R-PICK-5) --------------------------
    seed = _int(d.get("seed", 0), "seed")
    known_races, known_powers = _known_races(), _known_powers()
    in_play_powers: dict[str, str] = {}
    for k, p in enumerate(players):
        for j, r in enumerate(p.races()):
            where = f"players.{k}.active" if j == 0 and p.active else f"players.{k}.declined"
            if r.power:
                if r.power in in_play_powers:
                    raise ScenarioError(
                        f"{where}.power", f"{r.power} is already at {in_play_powers[r.power]}"
                    )
                in_play_powers[r.power] = where
    race_seen = {name: path for name, (_s, _d, path) in owners.items()}
    power_seen = dict(in_play_powers)
    column: list[Combo] = []
    if "column" in d:
        for k, raw in enumerate(_sequence(d["column"], "column")):
            path = f"column.{k}"
            combo = Combo(**_decode_fields(Combo, raw, path, ctx))
            _claim(combo.race, f"{path}.race", race_seen, known_races, _unknown_race)
            _claim(combo.power, f"{path}.power", power_seen, known_powers, _unknown_power)
            if combo.coins < 0:
                raise ScenarioError(f"{path}.coins", "coins cannot be negative")
            column.append(combo)
    stacks: dict[str, list[str]] = {}
    for key, seen, known, unknown in (
        ("race_stack", race_seen, known_races, _unknown_race),
        ("power_stack", power_seen, known_powers, _unknown_power),
        ("power_discard", power_seen, known_powers, _unknown_power),
    ):
        items = [_str(v, f"{key}.{k}") for k, v in enumerate(_sequence(d.get(key, []), key))]
        for k, name in enumerate(items):
            _claim(name, f"{key}.{k}", seen, known, unknown)
        stacks[key] = items
    rng = random.Random(seed)
    rest_races = [r for r in RACES if r not in race_seen]
    rest_powers = [p for p in POWERS if p not in power_seen]
    rng.shuffle(rest_races)
    rng.shuffle(rest_powers)

    # --- tokens per race: the tray (R-COMP-2, R-PICK-4) ---------------------------------
    given_trays = dict(_decode(d.get("trays", {}), tuple[tuple[str, int], ...], None, "trays", ctx))
    for name, n in given_trays.items():
        if name not in known_races:
            raise ScenarioError(f"trays.{name}", _unknown_race(name))
        if n < 0:
            raise ScenarioError(f"trays.{name}", "a tray cannot hold fewer than 0 tokens")
    trays: list[tuple[str, int]] = []
    custom = [n for n in (*given_trays, *race_seen) if n not in RACES]
    for name in (*RACES, *dict.fromkeys(custom)):
        race = known_races[name]
        total = 0
        for path, n in used.get(name, []):
            if n < 0:
                raise ScenarioError(path, "a token count cannot be negative")
            total += n
            if total + given_trays.get(name, 0) > race.tray:
                extra = f" plus {given_trays[name]} in the tray" if name in given_trays else ""
                raise ScenarioError(
                    path,
                    f"this makes {total} {name} tokens in play{extra}, but the box holds "
                    f"{race.tray} (R-COMP-2)",
                )
        trays.append((name, given_trays.get(name, race.tray - total)))

    # --- the rest of the game state -----------------------------------------------------
    plain_top = {
        k: v
        for k, v in d.items()
        if k not in ("board", "turn", *EXTRA_TOP_KEYS)
        and k not in ("regions", "players", "column", "race_stack", "power_stack")
        and k not in ("power_discard", "trays")
    }
    top = _decode_fields(
        GameState,
        plain_top,
        "",
        ctx,
        {
            "regions": (),
            "players": (),
            "column": (),
            "race_stack": (),
            "power_stack": (),
            "power_discard": (),
            "trays": (),
            "round": 1,
            "current": 0,
            "turn": None,
            "seed": seed,
        },
    )
    if top["round"] < 1 or top["round"] > geo.turns:
        raise ScenarioError("round", f"the turn track of {geo.name} has rounds 1 to {geo.turns}")
    top.update(
        geo=geo,
        regions=tuple(regions),
        players=tuple(players),
        column=tuple(column),
        race_stack=(*stacks["race_stack"], *rest_races),
        power_stack=(*stacks["power_stack"], *rest_powers),
        power_discard=tuple(stacks["power_discard"]),
        trays=tuple(trays),
        turn=TurnState(stage=Stage.PICK, actor=top["current"]),
    )
    state = GameState(**top)
    if "column" not in d:
        state, _ = refill_column(state)

    # --- the turn -----------------------------------------------------------------------
    raw_turn = d.get("turn", "start")
    if raw_turn == "start":
        events: list[Event] = []
        state = start_turn(state, state.current, events)
    else:
        state = replace(state, turn=_turn(raw_turn, state, ctx))
    _sanity(state)
    return state


def _known_races() -> dict[str, Race]:
    """The 14 races and the custom ones defined in this process (R-COMP-4)."""
    return {**RACES, **CUSTOM_RACES}


def _known_powers() -> dict[str, Power]:
    return {**POWERS, **CUSTOM_POWERS}


def _unknown_race(name: str) -> str:
    return f"unknown race {name!r}; races: {', '.join(_known_races())}"


def _unknown_power(name: str) -> str:
    return f"unknown power {name!r}; powers: {', '.join(_known_powers())}"


def _claim(
    name: str,
    path: str,
    seen: dict[str, str],
    known: Mapping[str, Any],
    unknown: Callable[[str], str],
) -> None:
    if name not in known:
        raise ScenarioError(path, unknown(name))
    if name in seen:
        raise ScenarioError(path, f"{name} is already at {seen[name]}")
    seen[name] = path


def _race(
    raw: Any,
    seat: int,
    in_decline: bool,
    path: str,
    ctx: _Ctx,
    owners: dict[str, tuple[int, bool, str]],
    used: dict[str, list[tuple[str, int]]],
) -> RaceState:
    if isinstance(raw, str):
        raw = {"race": raw}
    kwargs = _decode_fields(RaceState, raw, path, ctx, {"power": ""})
    race = RaceState(**{**kwargs, "owner": seat, "in_decline": in_decline})
    if race.name not in _known_races():
        raise ScenarioError(f"{path}.race", _unknown_race(race.name))
    if race.power and race.power not in _known_powers():
        raise ScenarioError(f"{path}.power", _unknown_power(race.power))
    if not in_decline and not race.power:
        raise ScenarioError(f"{path}.power", "an active race has a special power (R-PICK-1)")
    if race.name in owners:
        raise ScenarioError(f"{path}.race", f"{race.name} is already at {owners[race.name][2]}")
    owners[race.name] = (seat, in_decline, path)
    for fname in ("hand", "reserve", "conquests"):
        if getattr(race, fname, 0) < 0:
            raise ScenarioError(f"{path}.{fname}", "cannot be negative")
    used.setdefault(race.name, []).append((f"{path}.hand", race.hand))
    if race.reserve:
        used[race.name].append((f"{path}.reserve", race.reserve))
    return race


def _check_region(
    region: RegionState,
    given: Mapping[str, Any],
    path: str,
    ctx: _Ctx,
    owners: dict[str, tuple[int, bool, str]],
    used: dict[str, list[tuple[str, int]]],
) -> RegionState:
    """R-CONQ-5: one race per region, never beside lost tribes; owner and decline implied."""
    for f in fields(RegionState):
        v = getattr(region, f.name)
        if isinstance(v, int) and not isinstance(v, bool) and v < 0 and f.name != "owner":
            raise ScenarioError(f"{path}.{f.name}", "cannot be negative")
    if region.race:
        if region.race not in _known_races():
            raise ScenarioError(f"{path}.race", _unknown_race(region.race))
        if region.race not in owners:
            raise ScenarioError(
                f"{path}.race",
                f"no player owns the {region.race}: give them to a player under "
                f"players.N.active or players.N.declined",
            )
        seat, in_decline, _where = owners[region.race]
        if "owner" in given and region.owner != seat:
            raise ScenarioError(
                f"{path}.owner",
                f"the {region.race} belong to {ctx.names[seat]}, not "
                f"{ctx.player_out(region.owner)}: a region has one owner (R-CONQ-5)",
            )
        if "tokens" not in given:
            region = replace(region, tokens=1)
        if region.tokens < 1:
            raise ScenarioError(f"{path}.tokens", "a region with a race holds at least 1 token")
        if region.lost_tribes:
            raise ScenarioError(
                f"{path}.lost_tribes",
                "lost tribe tokens never share a region with a race (R-CONQ-5)",
            )
        region = replace(region, owner=seat, in_decline=in_decline)
        used.setdefault(region.race, []).append((f"{path}.tokens", region.tokens))
    else:
        if region.tokens:
            raise ScenarioError(f"{path}.tokens", "race tokens need a race: add race: NAME")
        if region.owner != NOBODY:
            raise ScenarioError(f"{path}.owner", "an owner needs race tokens: add race: NAME")
    return region


def _turn(raw: Any, state: GameState, ctx: _Ctx) -> TurnState:
    d = _mapping(raw, "turn")
    current = state.current
    player = state.players[current]
    defaults: dict[str, Any] = {"actor": current}
    if "stage" not in d:
        defaults["stage"] = Stage.CONQUER if player.active is not None else Stage.PICK
    kwargs = _decode_fields(TurnState, d, "turn", ctx, defaults)
    stage: Stage = kwargs["stage"]
    actor: int = kwargs["actor"]
    if "acting" not in d and stage in (Stage.CONQUER, Stage.REDEPLOY, Stage.WITHDRAW, Stage.ROLL):
        active = state.players[actor].active
        kwargs["acting"] = active.name if active is not None else ""
    turn = TurnState(**kwargs)
    if stage in (Stage.CONQUER, Stage.REDEPLOY, Stage.WITHDRAW, Stage.DEFEND):
        race = state.race(turn.acting) if turn.acting else None
        if race is None:
            raise ScenarioError(
                "turn.acting", f"the {stage.value} stage needs the acting race of the actor"
            )
        if race.owner != actor:
            raise ScenarioError(
                "turn.acting", f"the {turn.acting} belong to {ctx.names[race.owner]}, not the actor"
            )
    if stage is Stage.PICK and state.players[actor].active is not None:
        raise ScenarioError(
            "turn.stage", "a combo is picked by a player with no active race (R-PICK-1)"
        )
    for k, c in enumerate(turn.conquests):
        if c.race not in _known_races():
            raise ScenarioError(f"turn.conquests.{k}.race", _unknown_race(c.race))
    return turn


def _sanity(state: GameState) -> None:
    """Ask the oracle once: a state it cannot read is reported as a scenario mistake."""
    try:
        legal_actions(state)
    except ScenarioError:
        raise
    except Exception as e:  # an inconsistent position the checks above did not foresee
        raise ScenarioError("turn", f"the engine cannot play from this position: {e!r}") from e


# ====================================================================================
# Dumping
# ====================================================================================


def dump_scenario(
    state: GameState,
    base_dir: str | os.PathLike[str] | None = None,
    *,
    title: str | None = None,
    description: str | None = None,
) -> dict[str, Any]:
    """The scenario mapping of ``state`` (JSON-able); ``scenario_from_dict`` reads it back
    equal. ``base_dir``: the folder the board path is written relative to."""
    geo = state.geo
    ctx = _Ctx([p.name for p in state.players], geo)
    out: dict[str, Any] = {}
    if title:
        out["title"] = title
    if description:
        out["description"] = description
    out["board"] = board_ref(geo.board, base_dir)
    out["unlisted_regions"] = "empty"
    top = _encode_fields(state, ctx, always=("round", "current", "seed"))
    for key in ("seed", "round", "current", "reshuffles"):
        if key in top:
            out[key] = top.pop(key)
    for key in ("regions", "players", "column", "race_stack", "power_stack"):
        top.pop(key, None)
    for key in ("power_discard", "trays", "turn"):
        top.pop(key, None)
    out.update(top)  # fields added to GameState later
    out["players"] = [_dump_player(p, ctx) for p in state.players]
    regions: dict[int, Any] = {}
    for i, r in enumerate(state.regions):
        base = RegionState(mountain=geo.mountain[i])
        if r != base:
            regions[geo.ids[i]] = _encode_fields(r, ctx, base=base)
    out["regions"] = regions
    out["column"] = [
        _encode_fields(c, ctx, always=("race", "power", "coins")) for c in state.column
    ]
    out["race_stack"] = list(state.race_stack)
    out["power_stack"] = list(state.power_stack)
    out["power_discard"] = list(state.power_discard)
    trays: dict[str, int] = {}
    for name, n in state.trays:
        in_play = sum(r.tokens for r in state.regions if r.race == name)
        rs = state.race(name)
        if rs is not None:
            in_play += rs.hand + rs.reserve
        if name not in RACES or n != race_badge(name).tray - in_play:
            trays[name] = n
    if trays:
        out["trays"] = trays
    out["turn"] = _encode_fields(state.turn, ctx, always=("stage", "actor", "acting"))
    return out


def _dump_player(p: PlayerState, ctx: _Ctx) -> dict[str, Any]:
    d = _encode_fields(p, ctx, always=("name", "coins"))
    for key in ("active", "declined"):
        d.pop(key, None)
    if p.active is not None:
        d["active"] = _encode_fields(p.active, ctx, always=("name", "power"))
    if p.declined:
        d["declined"] = [_encode_fields(r, ctx, always=("name",)) for r in p.declined]
        for r in d["declined"]:
            if r.get("power") == "":
                del r["power"]
    data = d.pop("data", None)
    if data:
        d["data"] = data
    return d


def scenario_text(data: Mapping[str, Any], header: str = "") -> str:
    """YAML text of a scenario mapping; ``header`` becomes ``#`` comment lines on top."""
    body = yaml.safe_dump(dict(data), sort_keys=False, default_flow_style=None, width=100)
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    return "\n".join(lines) + ("\n" if lines else "") + body


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` beside ``path`` and move it into place (folders are created)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, text)


def save_scenario(
    state: GameState, path: str | os.PathLike[str], *, header: str = "", title: str | None = None
) -> None:
    """Write ``state`` as a scenario file (``.json`` as JSON, else YAML), atomically."""
    target = Path(path)
    data = dump_scenario(state, target.resolve().parent, title=title)
    if target.suffix == ".json":
        text = json.dumps(data, indent=1) + "\n"
    else:
        text = scenario_text(data, header)
    write_atomic(target, text)


# ====================================================================================
# Running actions from a scenario
# ====================================================================================


def split_actions(actions: str | Sequence[str]) -> list[str]:
    """``"conquer 3; end"`` (``;`` or newline separated) or a list, as notation strings."""
    if isinstance(actions, str):
        parts: list[str] = []
        for line in actions.splitlines():
            parts.extend(line.split(";"))
        actions = parts
    out: list[str] = []
    for a in actions:
        text = a.split("#", 1)[0].strip()
        if text:
            out.append(text)
    return out


def event_dict(event: Event, ctx: Any) -> dict[str, Any]:
    """An event as JSON: its kind (class name), rule id and sentence."""
    return {"kind": type(event).__name__, "rule": event.rule, "text": event.describe(ctx)}


def state_summary(state: GameState) -> dict[str, Any]:
    """Whose turn, stage, coins: the short JSON view of a state."""
    actor = current_player(state)
    return {
        "round": state.round,
        "stage": state.turn.stage.value,
        "current": state.player_name(state.current),
        "actor": state.player_name(actor) if actor is not None else None,
        "acting": state.turn.acting or None,
        "over": is_over(state),
        "scores": {p.name: c for p, c in zip(state.players, scores(state), strict=True)},
    }


def run_actions(
    state: GameState, actions: str | Sequence[str], base_dir: str | os.PathLike[str] | None = None
) -> tuple[dict[str, Any], GameState]:
    """Apply notation strings to ``state``: the report of :func:`run_scenario` and the
    state reached (the one before the illegal action, if any)."""
    steps: list[dict[str, Any]] = []
    error: dict[str, Any] | None = None
    for index, text in enumerate(split_actions(actions)):
        try:
            action = parse_action(text)
            new, events = apply(state, action)
        except IllegalActionError as e:
            error = {"rule": e.rule, "message": e.message, "action": text, "index": index}
            break
        except ValueError as e:  # the notation itself
            error = {"rule": None, "message": str(e), "action": text, "index": index}
            break
        steps.append({"action": repr(action), "events": [event_dict(ev, new) for ev in events]})
        state = new
    report: dict[str, Any] = {
        "actions": [s["action"] for s in steps],
        "steps": steps,
        "events": [ev for s in steps for ev in s["events"]],
        **state_summary(state),
        "legal": [repr(a) for a in legal_actions(state)],
        "state": dump_scenario(state, base_dir),
    }
    if error is not None:
        report["error"] = error
    return report, state


def run_scenario(path: str | os.PathLike[str], actions: str | Sequence[str] = ()) -> dict[str, Any]:
    """Load a scenario, apply ``actions`` (notation, ``;`` or newline separated), report.

    The report (JSON-able): ``actions`` applied, ``steps`` (each action with its events:
    ``kind``, ``rule``, ``text``), ``events`` (all of them), ``round``, ``stage``,
    ``current``, ``actor``, ``acting``, ``over``, ``scores``, ``legal`` (the legal actions
    now) and ``state`` (the position reached, as a scenario mapping). At an illegal action
    it stops: ``error`` holds ``rule``, ``message``, ``action`` and its ``index``, and the
    rest describes the state before it.
    """
    state = load_scenario(path)
    report, _ = run_actions(state, actions, Path(path).resolve().parent)
    return {"scenario": str(path), **report}


# ====================================================================================
# The field reference (docs/scenarios.md embeds it; a test keeps them equal)
# ====================================================================================


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
    if _is_pairs_mapping(tp):
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
    import inspect
    import re

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
    d = _default(f)
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
    out.append("| top level | `title`, `description` | text | | shown to the learner |")
    for cls, where in FIELD_TABLES:
        hints = _hints(cls)
        notes = _field_comments(cls)
        for f in _schema_fields(cls):
            ref = _ref(cls, f)
            value, default = _type_text(hints[f.name], ref), _default_text(f, ref)
            if cls is GameState and f.name in _TOP_NOTES:
                value, default = _TOP_NOTES[f.name]
            if cls is RaceState and f.name == "power":
                default = "required when active"
            meaning = notes.get(f.name) or _MEANINGS.get((cls, f.name), "")
            out.append(f"| {where} | `{_key(cls, f.name)}` | {value} | {default} | {meaning} |")
    return "\n".join(out) + "\n"


DOC_START = "<!-- fields:start (generated by `swlab scenario fields`; a test checks it) -->"
DOC_END = "<!-- fields:end -->"


def refresh_docs(path: str | os.PathLike[str]) -> bool:
    """Rewrite the generated field table in ``docs/scenarios.md``; whether it changed."""
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    head, _, rest = text.partition(DOC_START)
    _, _, tail = rest.partition(DOC_END)
    new = f"{head}{DOC_START}\n{field_reference()}{DOC_END}{tail}"
    if new != text:
        write_atomic(p, new)
    return new != text

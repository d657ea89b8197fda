"""Scenario files: any position of RULES.md written as YAML (or JSON), loaded as a state.

A teacher writes the position a lesson needs (a board, the players' races and coins, what
stands in each region, the combo column, whose turn and which stage) and the engine takes it
from there::

    from swlab.game.scenario import load_scenario, save_scenario
    from swlab.game.report import run_scenario

    state = load_scenario("01_first_conquest")
    report = run_scenario("01_first_conquest", "pick 0; conquer 12")
    save_scenario(state, "my_position.yaml")     # load(save(s)) == s

The format is documented in ``docs/scenarios.md``. It is generic over the dataclasses of
:mod:`swlab.rules.state` (read and written by :mod:`swlab.game.codec`): every field of
:class:`RegionState`, :class:`PlayerState`, :class:`RaceState`, :class:`Combo`,
:class:`TurnState`, :class:`Conquest` and :class:`GameState` is a key of the same name, so
a field added later (a badge's counter) is expressible with no change here;
``tools/scenario_docs.py fields`` prints the current list.

Conventions: a player is written by name (or seat number from 0), a region by its id (the
number printed on the board), ``null`` where the engine stores -1 (nobody, no region).
Every mistake raises :class:`ScenarioError` naming the file and the YAML path of the value
(``regions.12.tokens``); so does a position the rules make impossible (more pieces than the
box holds, a race on water without Seafaring, ...), naming the rule.

This module loads (:func:`load_scenario`, :func:`scenario_from_dict`) and dumps
(:func:`dump_scenario`, :func:`save_scenario`); running actions and the JSON report are in
:mod:`swlab.game.report`.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from swlab.board.catalog import board_ref, load_board
from swlab.game.codec import (
    Ctx,
    ScenarioError,
    decode,
    decode_fields,
    encode_fields,
    field_key,
    read_scenario_text,
    scenario_text,
    schema_fields,
)
from swlab.game.codec import as_int as _int
from swlab.game.codec import as_mapping as _mapping
from swlab.game.codec import as_sequence as _sequence
from swlab.game.codec import as_str as _str
from swlab.game.codec import known as _known
from swlab.game.codec import required as _required
from swlab.game.shipped import scenario_path
from swlab.rules.abilities.base import Power, Race
from swlab.rules.abilities.registry import CUSTOM_POWERS, CUSTOM_RACES, POWERS, RACES, race_badge
from swlab.rules.engine import legal_actions, start_turn
from swlab.rules.events import Event
from swlab.rules.geo import BoardLike, Geo
from swlab.rules.ops import refill_column
from swlab.rules.pieces import BY_FIELD
from swlab.rules.position import PositionProblem, position_problems
from swlab.rules.setup import seat_problem, setup_region, shuffled_stack
from swlab.rules.state import (
    NOBODY,
    Combo,
    GameState,
    PlayerState,
    RaceState,
    RegionState,
    Stage,
    TurnState,
)
from swlab.safe_io import atomic_write_text

if TYPE_CHECKING:
    from swlab.board.catalog import AnyBoard

__all__ = [
    "EXTRA_TOP_KEYS",
    "ScenarioError",
    "board_ref",
    "dump_scenario",
    "load_scenario",
    "read_scenario_file",
    "read_scenario_text",
    "resolve_board",
    "save_scenario",
    "scenario_from_dict",
    "scenario_text",
]

#: Keys of a scenario's top level that are not :class:`GameState` fields.
EXTRA_TOP_KEYS = ("title", "description", "unlisted_regions", "unlisted_races", "unlisted_powers")


#: Regions of a Halflings race that carry a Hole-in-the-Ground (R-RACE-HALFLINGS).
_HALFLINGS, _HOLES = "Halflings", 2

# ====================================================================================
# Boards: found by the board catalog (swlab.board.catalog), its errors as ScenarioErrors
# ====================================================================================


def _read_file(path: Path) -> str:
    """The text of a scenario file by :func:`swlab.safe_io.read_text` (regular files only,
    size limit, UTF-8), its refusal as a :class:`ScenarioError`."""
    from swlab.safe_io import InputRefused, read_text

    try:
        return read_text(path, "scenario")
    except InputRefused as e:
        reason = f"cannot read the scenario: {e.reason}" if e.category == "file" else e.reason
        raise ScenarioError("", reason, path) from None


def _limited(value: str, field: str, path: str) -> str:
    """``value`` if it fits the field's size limit (:data:`swlab.safe_io.FIELD_LIMITS`)."""
    from swlab.safe_io import FIELD_LIMITS

    limit = FIELD_LIMITS[field]
    if len(value) > limit:
        raise ScenarioError(path, f"{len(value):,} characters, more than the {limit:,} allowed")
    return value


def resolve_board(spec: Any, base_dir: str | os.PathLike[str] | None = None) -> BoardLike:
    """A board from a scenario's ``board`` value, by :func:`swlab.board.catalog.load_board`.

    A shipped name (``official_2p``; ``official-2p``, a board's own name, works too), a
    file path relative to ``base_dir`` (``.geojson`` map, or a ``.json`` region graph), or
    an inline region graph (a mapping in the format of ``maps/graphs``).
    """
    try:
        return load_board(spec, base_dir)
    except (ValueError, OSError) as e:
        raise ScenarioError("board", str(e)) from None


# ====================================================================================
# Loading
# ====================================================================================


def load_scenario(path: str | os.PathLike[str]) -> GameState:
    """The state a scenario file describes (YAML, or JSON with the same schema).

    ``path`` is a file, or a shipped scenario's name (``"tutorial/02_the_die"``,
    ``"02_the_die"``: :func:`swlab.game.shipped.find_scenario`). Paths in the file (the
    board) are relative to the file's folder.
    """
    try:
        p = scenario_path(path)
    except ValueError as e:
        raise ScenarioError("", str(e)) from None
    return scenario_from_dict(read_scenario_file(p), p.parent, file=p)


def read_scenario_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The mapping of a scenario file, before any check beyond the syntax: read by
    :mod:`swlab.safe_io` (regular files only, at most ``LIMITS["scenario"]`` bytes, UTF-8,
    bounded nesting and aliases); every refusal a :class:`ScenarioError`."""
    p = Path(path)
    return read_scenario_text(_read_file(p), p)


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
    keys += [f.name for f in schema_fields(GameState)]
    return keys


#: Top-level keys read by their own section of :func:`_build`, not as plain fields.
_SECTIONS = (
    *("board", "turn", *EXTRA_TOP_KEYS),
    *("regions", "players", "column", "race_stack", "power_stack", "power_discard", "trays"),
)


@dataclass
class _Claims:
    """Where the file put each race, token and region, for the checks across sections."""

    #: race -> (seat, in decline, path of its entry under players)
    owners: dict[str, tuple[int, bool, str]] = field(default_factory=dict)
    #: race -> [(path, tokens)]: every place its tokens stand (R-COMP-2)
    used: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: region position -> its path (``regions.12``), in the file's order
    listed: dict[int, str] = field(default_factory=dict)
    #: races whose ``conquests`` the file gives (else Halflings' is derived)
    conquests_given: set[str] = field(default_factory=set)
    #: races whose tray the file gives (else the box minus the tokens in play)
    trays_given: set[str] = field(default_factory=set)


def _build(d: dict[str, Any], base_dir: Any, board: BoardLike | None) -> GameState:
    """The state of the scenario mapping ``d``: section by section, then the rules' checks."""
    _known(d, _top_keys(), "")
    for note in ("title", "description"):
        if note in d:
            _limited(_str(d[note], note), note, note)
    if board is None:
        board = resolve_board(_required(d, "board", ""), base_dir)
    geo = _geo(board)
    raw_players = _sequence(_required(d, "players", ""), "players")
    ctx = _seats(raw_players, board, geo)
    claims = _Claims()
    players = _players(raw_players, ctx, claims)
    regions = _regions(d, geo, ctx, claims)
    players = _derive_conquests(players, regions, claims)
    seed = _int(d.get("seed", 0), "seed")
    column, stacks, race_seen = _badges(d, players, ctx, seed, claims)
    trays = _trays(d, ctx, race_seen, claims)
    top = _plain_top(d, ctx, geo, seed)
    top.update(
        geo=geo,
        regions=tuple(regions),
        players=tuple(players),
        column=column,
        **stacks,
        trays=trays,
        turn=TurnState(stage=Stage.PICK, actor=top["current"]),
    )
    state = GameState(**top)
    if "column" not in d:
        state, _ = refill_column(state)
    state = _begin_turn(d.get("turn", "start"), state, ctx)
    _check_position(state, claims)
    _sanity(state)
    return state


# --- players and their races ----------------------------------------------------------


def _seats(raw_players: list[Any], board: BoardLike, geo: Geo) -> Ctx:
    """The seats' names, checked against the board (R-COMP-1, R-SETUP-1)."""
    names: list[str] = []
    for k, raw in enumerate(raw_players):
        if isinstance(raw, str):
            names.append(raw)
        else:
            m = _mapping(raw, f"players.{k}")
            names.append(_str(_required(m, "name", f"players.{k}"), f"players.{k}.name"))
        _limited(names[-1], "name", f"players.{k}" if isinstance(raw, str) else f"players.{k}.name")
    problem = seat_problem(len(names), board)
    if problem is not None:
        raise ScenarioError("players", problem)
    if len(set(names)) != len(names):
        raise ScenarioError("players", "two players have the same name")
    return Ctx(names, geo)


def _players(raw_players: list[Any], ctx: Ctx, claims: _Claims) -> list[PlayerState]:
    players: list[PlayerState] = []
    for k, raw in enumerate(raw_players):
        path = f"players.{k}"
        if isinstance(raw, str):
            players.append(PlayerState(raw))
            continue
        m = _mapping(raw, path)
        plain = {key: v for key, v in m.items() if key not in ("active", "declined")}
        _known(m, [field_key(PlayerState, f.name) for f in schema_fields(PlayerState)], path)
        kwargs = decode_fields(PlayerState, plain, path, ctx, {"active": None, "declined": ()})
        active = None
        if m.get("active") is not None:
            active = _race(m["active"], k, False, f"{path}.active", ctx, claims)
        declined: list[RaceState] = []
        for j, rd in enumerate(_sequence(m.get("declined", []), f"{path}.declined")):
            declined.append(_race(rd, k, True, f"{path}.declined.{j}", ctx, claims))
        if kwargs.get("coins", 0) < 0:
            raise ScenarioError(f"{path}.coins", "coins cannot be negative")
        kwargs.update(active=active, declined=tuple(declined))
        players.append(PlayerState(**kwargs))
    return players


def _race(raw: Any, seat: int, in_decline: bool, path: str, ctx: Ctx, claims: _Claims) -> RaceState:
    if isinstance(raw, str):
        raw = {"race": raw}
    kwargs = decode_fields(RaceState, raw, path, ctx, {"power": ""})
    race = RaceState(**{**kwargs, "owner": seat, "in_decline": in_decline})
    if race.name not in _known_races():
        raise ScenarioError(f"{path}.race", _unknown_race(race.name))
    if race.power and race.power not in _known_powers():
        raise ScenarioError(f"{path}.power", _unknown_power(race.power))
    if not in_decline and not race.power:
        raise ScenarioError(f"{path}.power", "an active race has a special power (R-PICK-1)")
    owners = claims.owners
    if race.name in owners:
        raise ScenarioError(
            f"{path}.race",
            f"{race.name} is already at {owners[race.name][2]}: there is one banner per race "
            "(R-COMP-2)",
        )
    owners[race.name] = (seat, in_decline, path)
    if "conquests" in raw:
        claims.conquests_given.add(race.name)
    for fname in ("hand", "reserve", "conquests"):
        if getattr(race, fname, 0) < 0:
            raise ScenarioError(f"{path}.{fname}", "cannot be negative")
    claims.used.setdefault(race.name, []).append((f"{path}.hand", race.hand))
    if race.reserve:
        claims.used[race.name].append((f"{path}.reserve", race.reserve))
    return race


def _derive_conquests(
    players: list[PlayerState], regions: list[RegionState], claims: _Claims
) -> list[PlayerState]:
    """Active Halflings' count of conquests, when the file omits it, from their regions.

    Holes go in the first 2 regions conquered (R-RACE-HALFLINGS). Every region the race holds
    was conquered; if each carries a Hole, the race has made just that many conquests (the
    next ones get Holes while fewer than 2 were placed); a region without a Hole was
    conquered after the first two, so the count is at least 3.
    """
    if _HALFLINGS in claims.conquests_given:
        return players
    out = []
    for p in players:
        race = p.active
        if race is not None and race.name == _HALFLINGS:
            held = [r for r in regions if r.race == _HALFLINGS]
            holes = sum(1 for r in held if r.hole)
            count = holes if holes == len(held) else max(len(held), _HOLES + 1)
            p = replace(p, active=race.updated(conquests=count))
        out.append(p)
    return out


# --- regions ----------------------------------------------------------------------------


def _regions(d: Mapping[str, Any], geo: Geo, ctx: Ctx, claims: _Claims) -> list[RegionState]:
    """Each region: as at setup or empty when not listed, else as the file says."""
    unlisted = d.get("unlisted_regions", "setup")
    if unlisted not in ("setup", "empty"):
        raise ScenarioError("unlisted_regions", "expected setup or empty")
    regions = [setup_region(geo, i, unlisted == "setup") for i in range(len(geo))]
    for key, raw in _mapping(d.get("regions") or {}, "regions").items():
        path = f"regions.{key}"
        rid = key
        if isinstance(key, str) and key.strip().lstrip("-").isdigit():
            rid = int(key)  # JSON keys are text
        i = ctx.region(rid if isinstance(rid, int) else _int(rid, path), path)
        if i in claims.listed:  # "12" and "012" in JSON: two keys, one region
            raise ScenarioError(
                path, f"region {geo.ids[i]} is listed twice (also as {claims.listed[i]})"
            )
        m = _mapping(raw if raw is not None else {}, path)
        region = replace(setup_region(geo, i, False), **decode_fields(RegionState, m, path, ctx))
        regions[i] = _check_region(region, m, path, ctx, claims)
        claims.listed[i] = path
    return regions


def _check_region(
    region: RegionState, given: Mapping[str, Any], path: str, ctx: Ctx, claims: _Claims
) -> RegionState:
    """R-CONQ-5: one race per region, never beside lost tribes; owner and decline implied."""
    for f in fields(RegionState):
        v = getattr(region, f.name)
        if isinstance(v, int) and not isinstance(v, bool) and v < 0 and f.name != "owner":
            raise ScenarioError(f"{path}.{f.name}", "cannot be negative")
    if region.race:
        if region.race not in _known_races():
            raise ScenarioError(f"{path}.race", _unknown_race(region.race))
        if region.race not in claims.owners:
            raise ScenarioError(
                f"{path}.race",
                f"no player owns the {region.race}: give them to a player under "
                f"players.N.active or players.N.declined",
            )
        seat, in_decline, _where = claims.owners[region.race]
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
        claims.used.setdefault(region.race, []).append((f"{path}.tokens", region.tokens))
    else:
        if region.tokens:
            raise ScenarioError(f"{path}.tokens", "race tokens need a race: add race: NAME")
        if region.owner != NOBODY:
            raise ScenarioError(f"{path}.owner", "an owner needs race tokens: add race: NAME")
    return region


# --- the combo column and the stacks (R-SETUP-3, R-PICK-5) ------------------------------


def _known_races() -> dict[str, Race]:
    """The 14 races and the custom ones defined in this process (R-COMP-4)."""
    return {**RACES, **CUSTOM_RACES}


def _known_powers() -> dict[str, Power]:
    return {**POWERS, **CUSTOM_POWERS}


def _unknown_race(name: str) -> str:
    return f"unknown race {name!r}; races: {', '.join(_known_races())}"


def _unknown_power(name: str) -> str:
    return f"unknown power {name!r}; powers: {', '.join(_known_powers())}"


#: The rule that says each banner (R-COMP-2) and each badge (R-COMP-3) exists once.
_ONCE = {
    "race": "there is one banner per race (R-COMP-2)",
    "power": "each badge exists once (R-COMP-3)",
}


def _claim(
    name: str,
    path: str,
    seen: dict[str, str],
    known: Mapping[str, Any],
    unknown: Callable[[str], str],
    kind: str,
) -> None:
    """Place banner or badge ``name`` at ``path``: known, and not placed anywhere else."""
    if name not in known:
        raise ScenarioError(path, unknown(name))
    if name in seen:
        raise ScenarioError(path, f"{name} is already at {seen[name]}: {_ONCE[kind]}")
    seen[name] = path


def _unlisted(d: Mapping[str, Any], key: str) -> str:
    value = d.get(key, "stack")
    if value not in ("stack", "out"):
        raise ScenarioError(key, "expected stack or out")
    return str(value)


def _badges(
    d: Mapping[str, Any], players: list[PlayerState], ctx: Ctx, seed: int, claims: _Claims
) -> tuple[tuple[Combo, ...], dict[str, tuple[str, ...]], dict[str, str]]:
    """The column, the stacks and the discard; and where each race stands (its path).

    Each banner and badge is in one place (R-COMP-2, R-COMP-3). Those placed nowhere follow
    the given top of their stack, shuffled with ``seed`` (``unlisted_races: out`` /
    ``unlisted_powers: out``: they are out of the game, so a stack may be empty).
    """
    known_races, known_powers = _known_races(), _known_powers()
    power_seen: dict[str, str] = {}
    for k, p in enumerate(players):
        for j, r in enumerate(p.races()):
            if j == 0 and p.active:
                where = f"players.{k}.active"
            else:
                where = f"players.{k}.declined.{j - (1 if p.active else 0)}"
            if r.power:
                if r.power in power_seen:
                    raise ScenarioError(
                        f"{where}.power",
                        f"{r.power} is already at {power_seen[r.power]}: {_ONCE['power']}",
                    )
                power_seen[r.power] = where
    race_seen = {name: path for name, (_s, _d, path) in claims.owners.items()}
    column: list[Combo] = []
    if "column" in d:
        for k, raw in enumerate(_sequence(d["column"], "column")):
            path = f"column.{k}"
            combo = Combo(**decode_fields(Combo, raw, path, ctx))
            _claim(combo.race, f"{path}.race", race_seen, known_races, _unknown_race, "race")
            _claim(combo.power, f"{path}.power", power_seen, known_powers, _unknown_power, "power")
            if combo.coins < 0:
                raise ScenarioError(f"{path}.coins", "coins cannot be negative")
            column.append(combo)
    given: dict[str, list[str]] = {}
    for key, seen, known, unknown, kind in (
        ("race_stack", race_seen, known_races, _unknown_race, "race"),
        ("power_stack", power_seen, known_powers, _unknown_power, "power"),
        ("power_discard", power_seen, known_powers, _unknown_power, "power"),
    ):
        items = [_str(v, f"{key}.{k}") for k, v in enumerate(_sequence(d.get(key, []), key))]
        for k, name in enumerate(items):
            _claim(name, f"{key}.{k}", seen, known, unknown, kind)
        given[key] = items
    rng = random.Random(seed)
    race_stack = shuffled_stack(given["race_stack"], RACES, rng, race_seen)
    power_stack = shuffled_stack(given["power_stack"], POWERS, rng, power_seen)
    if _unlisted(d, "unlisted_races") == "out":
        race_stack = tuple(given["race_stack"])
    if _unlisted(d, "unlisted_powers") == "out":
        power_stack = tuple(given["power_stack"])
    stacks = {
        "race_stack": race_stack,
        "power_stack": power_stack,
        "power_discard": tuple(given["power_discard"]),
    }
    return tuple(column), stacks, race_seen


# --- tokens per race: the tray (R-COMP-2, R-PICK-4) --------------------------------------


def _trays(
    d: Mapping[str, Any], ctx: Ctx, race_seen: Mapping[str, str], claims: _Claims
) -> tuple[tuple[str, int], ...]:
    """Each race's tray: as given, else the box minus the tokens in play (more tokens than
    the box holds are refused with the position's problems)."""
    given = dict(decode(d.get("trays", {}), tuple[tuple[str, int], ...], None, "trays", ctx))
    known_races = _known_races()
    for name, n in given.items():
        if name not in known_races:
            raise ScenarioError(f"trays.{name}", _unknown_race(name))
        if n < 0:
            raise ScenarioError(f"trays.{name}", "a tray cannot hold fewer than 0 tokens")
    claims.trays_given.update(given)
    trays: list[tuple[str, int]] = []
    custom = [n for n in (*given, *race_seen) if n not in RACES]
    for name in (*RACES, *dict.fromkeys(custom)):
        race = known_races[name]
        total = 0
        for path, n in claims.used.get(name, []):
            if n < 0:
                raise ScenarioError(path, "a token count cannot be negative")
            total += n
        # tokens beyond the box leave the tray short: position_problems names the place
        trays.append((name, given.get(name, race.tray - total)))
    return tuple(trays)


# --- the rest of the game state and the turn ---------------------------------------------


def _plain_top(d: Mapping[str, Any], ctx: Ctx, geo: Geo, seed: int) -> dict[str, Any]:
    """The top-level fields read as they are (round, current, seed, reshuffles, later ones)."""
    plain = {k: v for k, v in d.items() if k not in _SECTIONS}
    defaults: dict[str, Any] = {
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
    }
    top = decode_fields(GameState, plain, "", ctx, defaults)
    if top["round"] < 1 or top["round"] > geo.turns:
        raise ScenarioError("round", f"the turn track of {geo.name} has rounds 1 to {geo.turns}")
    return top


def _begin_turn(raw_turn: Any, state: GameState, ctx: Ctx) -> GameState:
    """``turn: start``: the engine begins the turn (R-TURN-0, R-EXPAND-1); else as written."""
    if raw_turn == "start":
        events: list[Event] = []
        return start_turn(state, state.current, events)
    return replace(state, turn=_turn(raw_turn, state, ctx))


#: Stages in which some race acts: its tokens conquer, move or roll.
_ACTING_STAGES = (Stage.CONQUER, Stage.REDEPLOY, Stage.WITHDRAW, Stage.DEFEND, Stage.ROLL)


def _turn(raw: Any, state: GameState, ctx: Ctx) -> TurnState:
    d = _mapping(raw, "turn")
    current = state.current
    player = state.players[current]
    defaults: dict[str, Any] = {"actor": current}
    if "stage" not in d:
        defaults["stage"] = Stage.CONQUER if player.active is not None else Stage.PICK
    elif d["stage"] == Stage.DECLINED.value:
        defaults["declined"] = True  # the turn of decline (R-DECLINE-5)
    kwargs = decode_fields(TurnState, d, "turn", ctx, defaults)
    stage: Stage = kwargs["stage"]
    actor: int = kwargs["actor"]
    if "acting" not in d and stage in (Stage.CONQUER, Stage.REDEPLOY, Stage.WITHDRAW, Stage.ROLL):
        active = state.players[actor].active
        kwargs["acting"] = active.name if active is not None else ""
    turn = TurnState(**kwargs)
    if stage in _ACTING_STAGES:
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
    if stage is Stage.DECLINED:
        _check_turn_of_decline(turn, state)
    for k, c in enumerate(turn.conquests):
        if c.race not in _known_races():
            raise ScenarioError(f"turn.conquests.{k}.race", _unknown_race(c.race))
    return turn


def _check_turn_of_decline(turn: TurnState, state: GameState) -> None:
    """The turn of decline: the current player's race has just gone into decline
    (R-DECLINE-5)."""
    if state.players[state.current].active is not None or turn.actor != state.current:
        raise ScenarioError(
            "turn.stage",
            "in the turn of decline the current player's race has gone into decline: the "
            "player has no active race, and decides (R-DECLINE-5)",
        )
    if turn.acting or not turn.declined:
        raise ScenarioError(
            "turn.declined",
            "the turn of decline is a turn with declined: true and no acting race (R-DECLINE-5)",
        )


# ====================================================================================
# Positions the rules make impossible
# ====================================================================================


def _check_position(state: GameState, claims: _Claims) -> None:
    """Refuse a position no game can reach (:func:`~swlab.rules.position.position_problems`)
    with its first problem, naming the rule and the place in the file."""
    problems = position_problems(state)
    if problems:
        raise ScenarioError(_place(problems[0], state, claims), str(problems[0]))


def _place(problem: PositionProblem, state: GameState, claims: _Claims) -> str:
    """The YAML path a problem of the position comes from: the region's entry and field,
    the entry that brings a race's tokens or a piece over the box, the die's face, the turn."""
    if problem.region >= 0:
        listed = claims.listed.get(problem.region)
        return f"{listed}.{problem.field}" if listed else "unlisted_regions"
    if problem.field == "trays":
        given = state.tray(problem.race) if problem.race in claims.trays_given else 0
        running = 0
        for path, n in claims.used.get(problem.race, []):
            running += n
            if running + given > problem.limit:
                return path
        return f"trays.{problem.race}"
    piece = BY_FIELD.get(problem.field)
    if piece is not None and problem.limit:
        count = sum(piece.count(r) for i, r in enumerate(state.regions) if i not in claims.listed)
        for i, path in claims.listed.items():
            count += piece.count(state.regions[i])
            if count > problem.limit:
                return f"{path}.{piece.field}"
        return "unlisted_regions"
    if problem.field == "die":
        return f"die.{problem.index}"
    if problem.field in ("final_region", "declined"):
        return f"turn.{problem.field}"
    if problem.player >= 0:
        return f"players.{problem.player}"
    return problem.field


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
    ctx = Ctx([p.name for p in state.players], geo)
    out: dict[str, Any] = {}
    if title:
        out["title"] = title
    if description:
        out["description"] = description
    # a played board came from the catalog (a Board or a GraphBoard); any other board the
    # engine accepts reads the same way and is written inline as a region graph
    out["board"] = board_ref(cast("AnyBoard", geo.board), base_dir)
    out["unlisted_regions"] = "empty"
    races_out, powers_out = _out_of_game(state)
    if races_out:
        out["unlisted_races"] = "out"
    if powers_out:
        out["unlisted_powers"] = "out"
    top = encode_fields(state, ctx, always=("round", "current", "seed"))
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
        base = setup_region(geo, i, False)
        if r != base:
            regions[geo.ids[i]] = encode_fields(r, ctx, base=base)
    out["regions"] = regions
    out["column"] = [encode_fields(c, ctx, always=("race", "power", "coins")) for c in state.column]
    out["race_stack"] = list(state.race_stack)
    out["power_stack"] = list(state.power_stack)
    out["power_discard"] = list(state.power_discard)
    trays = _dump_trays(state)
    if trays:
        out["trays"] = trays
    out["turn"] = encode_fields(state.turn, ctx, always=("stage", "actor", "acting"))
    return out


def _dump_trays(state: GameState) -> dict[str, int]:
    """The trays that do not hold what the box and the tokens in play leave (custom races,
    tokens out of the game): the others are derived when read back."""
    trays: dict[str, int] = {}
    for name, n in state.trays:
        in_play = sum(r.tokens for r in state.regions if r.race == name)
        rs = state.race(name)
        if rs is not None:
            in_play += rs.hand + rs.reserve
        if name not in RACES or n != race_badge(name).tray - in_play:
            trays[name] = n
    return trays


def _out_of_game(state: GameState) -> tuple[list[str], list[str]]:
    """The official banners and badges found nowhere in ``state`` (left out of the game)."""
    races = {c.race for c in state.column} | set(state.race_stack)
    powers = {c.power for c in state.column} | set(state.power_stack) | set(state.power_discard)
    for p in state.players:
        for r in p.races():
            races.add(r.name)
            powers.add(r.power)
    return [r for r in RACES if r not in races], [p for p in POWERS if p not in powers]


def _dump_player(p: PlayerState, ctx: Ctx) -> dict[str, Any]:
    d = encode_fields(p, ctx, always=("name", "coins"))
    for key in ("active", "declined"):
        d.pop(key, None)
    if p.active is not None:
        always = ["name", "power"]
        if p.active.name == _HALFLINGS:
            always.append("conquests")  # else derived from the Holes when read back
        d["active"] = encode_fields(p.active, ctx, always=always)
    if p.declined:
        d["declined"] = [encode_fields(r, ctx, always=("name",)) for r in p.declined]
        for r in d["declined"]:
            if r.get("power") == "":
                del r["power"]
    data = d.pop("data", None)
    if data:
        d["data"] = data
    return d


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
    atomic_write_text(target, text, parents=True)

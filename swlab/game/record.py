"""Game records: a header (map, seats, seed, deck order) plus the action list.

The log is the truth: replaying a record gives the timeline of (action, events, state),
so undo, step-through and a history slider need nothing else.

Text form::

    swlab game record 1
    board: official-2p
    players: Ann, Bob
    seed: 12
    races: Ratmen, Elves, ...
    powers: Hill, Forest, ...
    actions:
    pick 0
    conquer 3

JSON form (:func:`save_record` / :func:`load_record`, chosen by the ``.json`` suffix)::

    {"format": "swlab game record", "version": 2,
     "board": "official_2p", "players": ["Ann", "Bob"],
     "seed": 12, "races": ["Ratmen", ...], "powers": ["Hill", ...],
     "actions": ["pick 0", "conquer 3"]}

A game that started from a scenario carries ``"scenario": {...}`` (the scenario mapping of
its first state, :mod:`swlab.game.scenario`) instead of ``seed``/``races``/``powers``; a
board path inside it is relative to the record's folder. ``"notes"`` is free text.
``"comments"`` (optional, JSON only) are a lesson's words at given steps:
``[{"step": 0, "text": "Ann starts."}, {"step": 3, "text": "..."}]``, step 0 being the start
and step ``k`` the position after action ``k`` (``swlab replay`` shows them beside their steps).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swlab.rules.actions import Action, parse_action, parse_int
from swlab.rules.engine import apply
from swlab.rules.errors import IllegalActionError
from swlab.rules.events import Event
from swlab.rules.geo import BoardLike
from swlab.rules.setup import new_game
from swlab.rules.state import GameState

FORMAT = 1
MAGIC = "swlab game record"
#: Version of the JSON form (the text form is version 1).
JSON_VERSION = 2


class RecordError(ValueError):
    """A malformed record: the file (if any), the field (``actions.3``) and why."""

    def __init__(self, where: str, reason: str, file: str | os.PathLike[str] | None = None):
        self.file = str(file) if file is not None else None
        self.field = where
        self.reason = reason
        prefix = ": ".join(x for x in (self.file, where) if x)
        # not super(): in a ReplayError the next class is IllegalActionError
        ValueError.__init__(self, f"{prefix}: {reason}" if prefix else reason)

    def in_file(self, file: str | os.PathLike[str] | None) -> RecordError:
        """The same error, naming ``file`` (when it names none yet)."""
        if self.file is not None or file is None:
            return self
        return RecordError(self.field, self.reason, file)


class ReplayError(RecordError, IllegalActionError):
    """A recorded action the rules refuse on replay: the file, the action's number (from
    1) and notation, and the rule (``rule``, as :class:`IllegalActionError` gives it)."""

    def __init__(
        self,
        index: int,
        action: Action,
        error: IllegalActionError,
        file: str | os.PathLike[str] | None = None,
    ) -> None:
        self.index = index
        self.action = action
        self.error = error
        self.rule = error.rule
        self.message = error.message
        reason = f"action {index + 1} ('{action!r}') is refused: {error.message}"
        RecordError.__init__(self, f"actions.{index}", reason, file)

    def in_file(self, file: str | os.PathLike[str] | None) -> ReplayError:
        if self.file is not None or file is None:
            return self
        return ReplayError(self.index, self.action, self.error, file)


def _limited(value: str, field: str, where: str) -> str:
    """``value`` if it fits the field's size limit (:data:`swlab.safe_io.FIELD_LIMITS`)."""
    from swlab.safe_io import FIELD_LIMITS

    limit = FIELD_LIMITS[field]
    if len(value) > limit:
        raise RecordError(where, f"{len(value):,} characters, more than the {limit:,} allowed")
    return value


@dataclass(frozen=True)
class Comment:
    """A lesson's words at one step of a record: step 0 is the start, step ``k`` the
    position after action ``k``."""

    step: int
    text: str


@dataclass(frozen=True)
class Step:
    """One entry of a replayed timeline: the action, its events, the state after it."""

    action: Action
    events: tuple[Event, ...]
    state: GameState


def _distinct(players: tuple[str, ...]) -> tuple[str, ...]:
    """``players`` if no two share a name: the log and the scores name seats by it."""
    seen: dict[str, int] = {}
    for k, name in enumerate(players):
        if name in seen:
            raise RecordError(
                f"players.{k}",
                f"{name!r} is also the name of players.{seen[name]}: two players have the same "
                "name",
            )
        seen[name] = k
    return players


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game exactly."""

    board: str
    players: tuple[str, ...]
    seed: int
    races: tuple[str, ...]
    powers: tuple[str, ...]
    actions: tuple[Action, ...] = ()
    #: the scenario mapping of the first state, for a game that did not start at setup
    scenario: Mapping[str, Any] | None = field(default=None, hash=False)
    #: free text kept with the record (not part of the game)
    notes: str = field(default="", compare=False)
    #: a lesson's words beside its steps (not part of the game)
    comments: tuple[Comment, ...] = field(default=(), compare=False)

    @classmethod
    def from_state(
        cls, initial: GameState, actions: list[Action] | tuple[Action, ...] = ()
    ) -> GameRecord:
        """The record of a game that started at ``initial`` (as :func:`new_game` made it)."""
        return cls(
            board=initial.geo.name,
            players=tuple(p.name for p in initial.players),
            seed=initial.seed,
            races=tuple(c.race for c in initial.column) + initial.race_stack,
            powers=tuple(c.power for c in initial.column) + initial.power_stack,
            actions=tuple(actions),
        )

    @classmethod
    def from_scenario(
        cls, initial: GameState, actions: Sequence[Action] = (), notes: str = ""
    ) -> GameRecord:
        """The record of a game that started at any position ``initial`` (a scenario)."""
        from swlab.game.scenario import dump_scenario

        return cls(
            board=initial.geo.name,
            players=tuple(p.name for p in initial.players),
            seed=initial.seed,
            races=(),
            powers=(),
            actions=tuple(actions),
            scenario=json.loads(json.dumps(dump_scenario(initial))),  # as a JSON file holds it
            notes=notes,
        )

    def with_actions(self, actions: Sequence[Action]) -> GameRecord:
        """The same start with another action list."""
        return GameRecord(
            self.board, self.players, self.seed, self.races, self.powers, tuple(actions),
            self.scenario, self.notes,
            tuple(c for c in self.comments if c.step <= len(actions)),
        )  # fmt: skip

    def load_board(self) -> BoardLike:
        """The recorded board, by shipped name (or the scenario's board reference), from
        the board catalog (:func:`swlab.board.catalog.load_board`)."""
        from swlab.board.catalog import load_board

        if self.scenario is not None and "board" in self.scenario:
            return load_board(self.scenario["board"])
        return load_board(self.board)

    def start(self, board: BoardLike | None = None) -> GameState:
        """The initial state on ``board`` (default: :meth:`load_board`).

        A board that cannot be loaded or a start the rules refuse raises
        :class:`RecordError` (``board``, ``scenario`` or ``players``).
        """
        if board is None:
            try:
                board = self.load_board()
            except ValueError as e:  # CatalogError, MapFormatError, GraphError
                raise RecordError("board", str(e)) from None
        if board.name != self.board:
            raise RecordError(
                "board", f"this record was played on {self.board!r}, not {board.name!r}"
            )
        if self.scenario is not None:
            from swlab.game.scenario import ScenarioError, scenario_from_dict

            try:
                return scenario_from_dict(self.scenario, board=board)
            except ScenarioError as e:
                where = f"scenario.{e.path}" if e.path else "scenario"
                raise RecordError(where, e.reason) from None
        try:
            return new_game(
                board,
                list(self.players),
                seed=self.seed,
                races=list(self.races),
                powers=list(self.powers),
            )
        except ValueError as e:  # seats, or races and powers that do not exist
            raise RecordError("players, races, powers", str(e)) from None

    def timeline(self, board: BoardLike | None = None) -> list[Step]:
        """Replay every action; :class:`ReplayError` (an :class:`IllegalActionError`)
        names the first one the rules refuse, by number, with its rule."""
        state = self.start(board)
        steps: list[Step] = []
        for index, action in enumerate(self.actions):
            try:
                state, events = apply(state, action)
            except IllegalActionError as e:
                raise ReplayError(index, action, e) from None
            steps.append(Step(action, tuple(events), state))
        return steps

    def final_state(self, board: BoardLike | None = None) -> GameState:
        steps = self.timeline(board)
        return steps[-1].state if steps else self.start(board)

    def to_text(self) -> str:
        if self.scenario is not None:
            raise ValueError("a record that starts from a scenario is written as JSON")
        if self.comments:
            raise ValueError("a record with comments is written as JSON")
        lines = [
            f"{MAGIC} {FORMAT}",
            f"board: {self.board}",
            f"players: {', '.join(self.players)}",
            f"seed: {self.seed}",
            f"races: {', '.join(self.races)}",
            f"powers: {', '.join(self.powers)}",
            "actions:",
            *(repr(a) for a in self.actions),
        ]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read the text form; :class:`RecordError` names the line (a ``ValueError``)."""
        numbered = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
        lines = [(n, line) for n, line in numbered if line]
        if not lines or not lines[0][1].startswith(MAGIC):
            raise RecordError("", f"not a swlab game record: it must start with {MAGIC!r}")
        header: dict[str, str] = {}
        i = 1
        while i < len(lines) and lines[i][1] != "actions:":
            number, line = lines[i]
            key, sep, value = line.partition(":")
            if not sep:
                raise RecordError(f"line {number}", f"expected 'key: value', got {line[:80]!r}")
            header[key.strip()] = value.strip()
            i += 1
        missing = {"board", "players", "seed", "races", "powers"} - set(header)
        if missing:
            raise RecordError("", f"game record misses {', '.join(sorted(missing))}")

        def items(key: str) -> tuple[str, ...]:
            values = tuple(s.strip() for s in header[key].split(",") if s.strip())
            for v in values:
                _limited(v, "name", key)
            return values

        try:
            seed = parse_int(header["seed"], "the seed", header["seed"])
        except ValueError as e:
            raise RecordError("seed", str(e)) from None
        actions: list[Action] = []
        for k, (number, line) in enumerate(lines[i + 1 :]):
            try:
                actions.append(parse_action(line))
            except ValueError as e:
                raise RecordError(f"line {number} (action {k + 1})", str(e)) from None
        return cls(
            board=_limited(header["board"], "name", "board"),
            players=_distinct(items("players")),
            seed=seed,
            races=items("races"),
            powers=items("powers"),
            actions=tuple(actions),
        )

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self, base_dir: str | os.PathLike[str] | None = None) -> dict[str, Any]:
        """The JSON form; a board file path in the scenario is made relative to ``base_dir``."""
        out: dict[str, Any] = {
            "format": MAGIC,
            "version": JSON_VERSION,
            "board": self.board,
            "players": list(self.players),
        }
        if self.scenario is not None:
            scenario = dict(self.scenario)
            ref = scenario.get("board")
            if base_dir is not None and isinstance(ref, str) and _is_path(ref):
                scenario["board"] = os.path.relpath(Path(ref).resolve(), Path(base_dir).resolve())
            out["scenario"] = scenario
        else:
            out.update(seed=self.seed, races=list(self.races), powers=list(self.powers))
        if self.notes:
            out["notes"] = self.notes
        out["actions"] = [repr(a) for a in self.actions]
        if self.comments:
            out["comments"] = [{"step": c.step, "text": c.text} for c in self.comments]
        return out

    @classmethod
    def from_json(
        cls,
        data: Any,
        base_dir: str | os.PathLike[str] | None = None,
        file: str | os.PathLike[str] | None = None,
    ) -> GameRecord:
        """Read the JSON form; :class:`RecordError` names the faulty field."""

        def fail(where: str, reason: str) -> RecordError:
            return RecordError(where, reason, file)

        _check_json_header(data, file)

        def strings(key: str) -> tuple[str, ...]:
            value = data.get(key)
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise fail(key, "must be a list of strings")
            return tuple(value)

        if not isinstance(data.get("board"), str):
            raise fail("board", "must be the board's name")
        try:
            _limited(data["board"], "name", "board")
            players = strings("players")
            for k, name in enumerate(players):
                _limited(name, "name", f"players.{k}")
            _distinct(players)
            if isinstance(data.get("notes"), str):
                _limited(data["notes"], "notes", "notes")
        except RecordError as e:
            raise e.in_file(file) from None
        scenario = _json_scenario(data.get("scenario"), base_dir, file)
        if scenario is not None:
            seed = scenario.get("seed", 0)
            races: tuple[str, ...] = ()
            powers: tuple[str, ...] = ()
        else:
            for key in ("seed", "races", "powers"):
                if key not in data:
                    raise fail(key, "is required (or give a scenario)")
            seed = data["seed"]
            races, powers = strings("races"), strings("powers")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise fail("seed", "must be a whole number")
        notes = data.get("notes", "")
        if not isinstance(notes, str):
            raise fail("notes", "must be text")
        actions: list[Action] = []
        for k, text in enumerate(strings("actions")):
            try:
                actions.append(parse_action(text))
            except ValueError as e:
                raise fail(f"actions.{k}", str(e)) from None
        comments = _json_comments(data.get("comments", []), len(actions), file)
        return cls(
            board=data["board"],
            players=players,
            seed=seed,
            races=races,
            powers=powers,
            actions=tuple(actions),
            scenario=scenario,
            notes=notes,
            comments=comments,
        )


def _json_comments(
    value: Any, steps: int, file: str | os.PathLike[str] | None
) -> tuple[Comment, ...]:
    """The ``comments`` of a JSON record: ``{"step": k, "text": "..."}`` objects, each
    step between 0 (the start) and the number of actions."""
    if not isinstance(value, list):
        raise RecordError("comments", 'must be a list of {"step": ..., "text": ...}', file)
    out: list[Comment] = []
    for k, item in enumerate(value):
        where = f"comments.{k}"
        if not isinstance(item, dict) or set(item) != {"step", "text"}:
            raise RecordError(where, 'must be an object {"step": ..., "text": ...}', file)
        step, text = item["step"], item["text"]
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= steps:
            raise RecordError(
                f"{where}.step", f"must be a step from 0 (the start) to {steps}", file
            )
        if not isinstance(text, str):
            raise RecordError(f"{where}.text", "must be text", file)
        try:
            _limited(text, "description", f"{where}.text")
        except RecordError as e:
            raise e.in_file(file) from None
        out.append(Comment(step, text))
    return tuple(out)


def _check_json_header(data: Any, file: str | os.PathLike[str] | None) -> None:
    """A JSON record is an object of known fields, of this format and a version read here."""
    if not isinstance(data, dict):
        raise RecordError(
            "", 'a JSON game record is an object {"format": ..., "actions": ...}', file
        )
    # the format first: a file of another kind (a map, a scenario) is told as such
    if data.get("format") != MAGIC:
        raise RecordError("format", f"must be {MAGIC!r}: this is not a game record", file)
    known: tuple[str, ...] = ("format", "version", "board", "players", "seed", "races")
    known = (*known, "powers", "scenario", "notes", "actions", "comments")
    for key in data:
        if key not in known:
            raise RecordError(str(key), f"unknown field; fields: {', '.join(known)}", file)
    if data.get("version") not in (1, JSON_VERSION):
        raise RecordError("version", f"this swlab reads versions 1 and {JSON_VERSION}", file)


def _json_scenario(
    scenario: Any, base_dir: str | os.PathLike[str] | None, file: str | os.PathLike[str] | None
) -> dict[str, Any] | None:
    """The scenario a JSON record starts from (its board path made absolute), if any."""
    if scenario is None:
        return None
    if not isinstance(scenario, dict):
        raise RecordError("scenario", "must be a scenario mapping (see docs/scenarios.md)", file)
    out: dict[str, Any] = dict(scenario)
    ref = out.get("board")
    if isinstance(ref, str) and _is_path(ref) and base_dir is not None:
        out["board"] = str((Path(base_dir) / ref).resolve())
    return out


def _is_path(ref: str) -> bool:
    return "/" in ref or os.sep in ref or ref.endswith((".json", ".geojson"))


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` atomically: JSON for a ``.json`` path, else the text form."""
    from swlab.safe_io import atomic_write_text

    target = Path(path)
    if target.suffix == ".json":
        text = json.dumps(record.to_json(target.resolve().parent), indent=1) + "\n"
    else:
        text = record.to_text()
    atomic_write_text(target, text, parents=True)


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record written by :func:`save_record` (JSON or text, told by its content).

    Read by :mod:`swlab.safe_io` (regular files only, a size limit, UTF-8, bounded
    nesting); every refusal is a :class:`RecordError` naming the file.
    """
    from swlab.safe_io import InputRefused, parse_json, read_text

    p = Path(path)
    try:
        text = read_text(p, "record")
    except InputRefused as e:
        reason = f"cannot read the record: {e.reason}" if e.category == "file" else e.reason
        raise RecordError("", reason, p) from None
    if text.lstrip().startswith("{"):
        try:
            data = parse_json(text)
        except InputRefused as e:
            raise RecordError("", e.reason, p) from None
        return GameRecord.from_json(data, p.resolve().parent, p)
    try:
        return GameRecord.from_text(text)
    except RecordError as e:
        raise e.in_file(p) from None


def replay(record: GameRecord, board: BoardLike | None = None) -> list[Step]:
    """The timeline of ``record``: one :class:`Step` (action, events, state) per action.

    ``board`` defaults to the recorded one (by name, or the scenario's board). Exported
    from :mod:`swlab.game` as ``replay_record`` (``swlab.rules.replay`` replays a list of
    actions from a state).
    """
    return record.timeline(board)

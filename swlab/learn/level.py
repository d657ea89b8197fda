"""Levels of the learn path: one YAML file each, loaded and checked like a scenario.

A level is a shipped position, one goal, a par (the number of actions of the best
solution), hints that fade and the rule ids it teaches (``docs/learn.md``)::

    from swlab.learn.level import load_level, shipped_levels

    level = load_level("conquest-mountain")        # an id, or a file
    level.start()                                  # the position the learner plays from
    [lv.id for lv in shipped_levels()][:2]

Every mistake raises :class:`LevelError` naming the file and the YAML path of the value
(``goal.hold.1``, ``position.regions.12.tokens``), as :mod:`swlab.game.scenario` does; a
level is data, so a teacher's typo is a line to read, never a traceback.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from swlab.game.codec import ScenarioError, read_scenario_text
from swlab.game.codec import as_bool as _bool
from swlab.game.codec import as_int as _int
from swlab.game.codec import as_mapping as _mapping
from swlab.game.codec import as_sequence as _sequence
from swlab.game.codec import as_str as _str
from swlab.game.codec import known as _known
from swlab.game.codec import required as _required
from swlab.game.game import Game
from swlab.game.lesson import acting_seat
from swlab.game.report import split_actions
from swlab.game.scenario import load_scenario, scenario_from_dict
from swlab.i18n import _
from swlab.rules.engine import CHANCE, current_player
from swlab.rules.errors import IllegalActionError
from swlab.rules.state import GameState, Stage

__all__ = [
    "GOAL_KEYS",
    "LESSONS",
    "PREDICT_KINDS",
    "RULE_ID",
    "STAGES",
    "Goal",
    "Level",
    "LevelError",
    "Predict",
    "Wrong",
    "find_level",
    "learner_seat",
    "lesson_files",
    "level_files",
    "level_from_dict",
    "levels_dir",
    "load_level",
    "load_levels",
    "play_step",
    "shipped_levels",
]

#: The stages of the path, in the order a learner meets the game (their folders are
#: ``01_setup`` ... ``08_powers``), then the levels of the shipped lessons (``lessons/``):
#: whole turns that mix the rules of the stages before, so they come after them all.
STAGES = (
    *("setup", "conquest", "die", "redeploy", "scoring", "decline", "races", "powers"),
    "lessons",
)
#: The stage of the shipped lessons' levels in the path.
LESSONS = "lessons"
#: The goal's keys. ``refusal`` and ``predict`` stand alone; the others may be combined
#: (every one must hold).
GOAL_KEYS = (
    *("hold", "tokens", "stage", "coins", "tokens_in_hand", "declined", "refusal", "predict"),
)
_ALONE = ("refusal", "predict")
PREDICT_KINDS = ("regions", "number")
_TOP_KEYS = (
    *("id", "stage", "title", "teaches", "position", "before", "intro", "goal", "par"),
    *("hints", "solution", "wrong", "explain", "reply"),
)
_TEXT_LIMIT = 2_000
#: How a rule id is written (docs/RULES.md).
RULE_ID = re.compile(r"R-[A-Z]+(?:-[A-Z0-9]+)*")


class LevelError(ScenarioError):
    """A level that cannot be loaded: the file, the YAML path and why."""

    def in_file(self, file: str | os.PathLike[str] | None) -> LevelError:
        if self.file is not None or file is None:
            return self
        return LevelError(self.path, self.reason, file)


@dataclass(frozen=True)
class Predict:
    """A question answered before acting: regions to click, or a number to choose.

    ``of`` (optional) lets the engine grade the answer key itself: ``conquer`` (the
    regions a conquest may target now, the die's final conquest included), ``final`` (the
    regions a final conquest may target, R-CONQ-10), ``hand`` (the tokens in the learner's
    hand), ``score`` (the coins the learner scores when the redeployment ends now,
    R-SCORE-1, R-SCORE-2), ``picks`` (how many combos of the column the learner can pay
    for, R-PICK-3), ``cost N`` (the tokens region N costs),
    ``tokens N`` (the tokens combo N of the column gives, R-PICK-4), ``coins N`` (the
    coins the learner has after picking combo N, R-PICK-1, R-PICK-2).
    """

    question: str
    kind: str
    answer: tuple[int, ...]
    of: str = ""


@dataclass(frozen=True)
class Goal:
    """What the learner must reach (``docs/learn.md``: every key given must hold)."""

    hold: tuple[int, ...] = ()
    #: region id -> at least this many of the learner's active tokens there
    tokens: tuple[tuple[int, int], ...] = ()
    stage: str = ""
    coins: int | None = None
    tokens_in_hand: int | None = None
    declined: bool | None = None
    refusal: str = ""
    predict: Predict | None = None

    def keys(self) -> list[str]:
        """The keys this goal sets, in :data:`GOAL_KEYS` order."""
        unset: dict[str, Any] = {"hold": (), "tokens": (), "stage": "", "refusal": ""}
        return [k for k in GOAL_KEYS if getattr(self, k) != unset.get(k)]


@dataclass(frozen=True)
class Wrong:
    """One wrong try a learner might make: refused with ``rule``, or legal and ``misses``."""

    actions: tuple[str, ...]
    rule: str = ""
    misses: bool = False


@dataclass(frozen=True)
class Level:
    """A level as its file says, with where it came from."""

    id: str
    stage: str
    title: str
    teaches: tuple[str, ...]
    position: Any
    goal: Goal
    par: int
    solution: tuple[str, ...]
    wrong: Wrong
    intro: str = ""
    before: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    explain: str = ""
    #: after a legal try that misses the goal, the opponents' answer is played on the
    #: board and undone (:mod:`swlab.learn.reply`); ``reply: false`` turns it off
    reply: bool = True
    file: Path | None = None
    #: the level's start, computed once (a level is immutable data)
    _start: list[GameState] = field(default_factory=list, compare=False, repr=False)

    @property
    def stage_number(self) -> int:
        """1 for ``setup`` ... 8 for ``powers``, 9 for ``lessons``."""
        return STAGES.index(self.stage) + 1

    def start(self) -> GameState:
        """The position the learner plays from: the position, then ``before`` played."""
        if not self._start:
            self._start.append(_start_of(self))
        return self._start[0]

    @property
    def seat(self) -> int:
        """The learner's seat: the player to act at the start."""
        return learner_seat(self.start())

    def texts(self) -> list[str]:
        """The level's English sentences a translator sees (title, intro, hints, ...)."""
        out = [self.title, self.intro, *self.hints, self.explain]
        if self.goal.predict is not None:
            out.append(self.goal.predict.question)
        return [t for t in out if t]


def learner_seat(state: GameState) -> int:
    """The seat that decides now (the player the die is rolled for, at a die roll)."""
    return acting_seat(state)


# ====================================================================================
# Where levels are
# ====================================================================================


def levels_dir() -> Path:
    """The shipped levels (``swlab/game/levels``, beside the scenarios)."""
    return Path(str(files("swlab.game") / "levels"))


def level_files(folder: Path | None = None) -> list[Path]:
    """The level files of ``folder`` (default: the shipped levels), in path order."""
    root = levels_dir() if folder is None else folder
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


def lesson_files() -> list[Path]:
    """The shipped lessons (``swlab/game/levels/lessons/*.json``), in name order."""
    return sorted(p for p in (levels_dir() / LESSONS).glob("*.json") if p.is_file())


@cache
def _shipped_stage(stage: str) -> tuple[Level, ...]:
    """The shipped levels of one stage: its folder's files (``02_conquest/``), or for
    :data:`LESSONS` the levels of the shipped lessons."""
    if stage != LESSONS:
        folder = levels_dir() / f"{STAGES.index(stage) + 1:02d}_{stage}"
        return tuple(load_levels(level_files(folder)))
    from dataclasses import replace

    from swlab.learn.lesson import lesson_levels

    return tuple(
        replace(level, stage=LESSONS) for file in lesson_files() for level in lesson_levels(file)
    )


def shipped_levels(stages: Iterable[str] | None = None) -> list[Level]:
    """Every shipped level, in path order (stage folder, then file name), then the levels
    of the shipped lessons (one per marked turn, in the stage ``lessons``); with
    ``stages``, those of these stages only, still in path order. Only the stages asked
    for are read: a notebook's path of one stage opens without reading the other 80
    levels (0.07 s of CPU instead of 0.17)."""
    chosen = set(STAGES if stages is None else stages)
    levels = [lv for stage in STAGES if stage in chosen for lv in _shipped_stage(stage)]
    seen: dict[str, Path | None] = {}
    for level in levels:
        if level.id in seen:
            where = "marks" if level.stage == LESSONS else "id"
            raise LevelError(where, f"{level.id!r} is also the id of {seen[level.id]}", level.file)
        seen[level.id] = level.file
    return levels


def find_level(name: str) -> Path:
    """The file of a shipped level by id or by file name (``02_mountain``)."""
    text = name.strip().removesuffix(".yaml")
    for path in level_files():
        if path.stem == text or path.relative_to(levels_dir()).with_suffix("").as_posix() == text:
            return path
    for level in shipped_levels():
        if level.id == text and level.file is not None and level.file.suffix == ".yaml":
            return level.file
    raise LevelError("", f"no level file or shipped level {name!r} (swlab learn list)")


def load_levels(paths: Sequence[str | os.PathLike[str]]) -> list[Level]:
    """Levels from files, checked together: two levels with the same id are refused."""
    out: list[Level] = []
    seen: dict[str, Path | None] = {}
    for p in paths:
        level = load_level(p)
        if level.id in seen:
            raise LevelError("id", f"{level.id!r} is also the id of {seen[level.id]}", level.file)
        seen[level.id] = level.file
        out.append(level)
    return out


def load_level(spec: str | os.PathLike[str]) -> Level:
    """A level from its file (or a shipped level's id or file name)."""
    path = Path(spec)
    if not path.exists() and not isinstance(spec, os.PathLike):
        path = find_level(str(spec))
    from swlab.safe_io import InputRefused, read_text

    try:
        text = read_text(path, "scenario")
    except InputRefused as e:
        raise LevelError("", e.reason, path) from None
    try:
        data = read_scenario_text(text, path)
    except ScenarioError as e:
        raise LevelError(e.path, e.reason, path) from None
    return level_from_dict(data, path)


def level_from_dict(data: Mapping[str, Any], file: str | os.PathLike[str] | None = None) -> Level:
    """The level a mapping describes; :class:`LevelError` naming ``file`` and the path."""
    path = Path(file) if file is not None else None
    try:
        level = _build(dict(data), path)
        level.start()
    except ScenarioError as e:
        raise LevelError(e.path, e.reason).in_file(path) from None
    return level


# ====================================================================================
# Reading the mapping
# ====================================================================================


def _text(d: Mapping[str, Any], key: str, path: str, *, needed: bool = False) -> str:
    if key not in d:
        if needed:
            _required(d, key, "")
        return ""
    value = _str(d[key], path)
    if not value.strip():
        raise LevelError(path, "is empty")
    if len(value) > _TEXT_LIMIT:
        raise LevelError(path, f"{len(value):,} characters, more than the {_TEXT_LIMIT:,} allowed")
    return value.strip()


def _actions(value: Any, path: str) -> tuple[str, ...]:
    """Actions in the notation, as a string (``;`` or newlines) or a list."""
    if isinstance(value, str):
        return tuple(split_actions(value))
    return tuple(
        split_actions([_str(v, f"{path}.{k}") for k, v in enumerate(_sequence(value, path))])
    )


def _rule_id(value: Any, path: str) -> str:
    """A rule id as docs/RULES.md writes them (``R-CONQ-2``); that the id exists there is
    checked by the suite (``tests/learn``), since an installed swlab has no docs."""
    rule = _str(value, path).strip()
    if not RULE_ID.fullmatch(rule):
        raise LevelError(path, f"{rule!r} is not a rule id such as R-CONQ-2")
    return rule


def _build(d: dict[str, Any], file: Path | None) -> Level:
    _known(d, _TOP_KEYS, "")
    level_id = _text(d, "id", "id", needed=True)
    if not all(c.isalnum() or c in "-_" for c in level_id):
        raise LevelError("id", f"{level_id!r}: use letters, digits, '-' and '_'")
    stage = _text(d, "stage", "stage", needed=True)
    if stage not in STAGES:
        raise LevelError("stage", f"{stage!r} is not a stage; stages: {', '.join(STAGES)}")
    teaches = tuple(
        _rule_id(v, f"teaches.{k}")
        for k, v in enumerate(_sequence(_required(d, "teaches", ""), "teaches"))
    )
    if not teaches:
        raise LevelError("teaches", "a level teaches at least one rule id")
    par = _int(_required(d, "par", ""), "par")
    if par < 1:
        raise LevelError("par", "the par is 1 action or more")
    goal = _goal(_required(d, "goal", ""))
    hints = tuple(
        _text({"h": v}, "h", f"hints.{k}")
        for k, v in enumerate(_sequence(d.get("hints", []), "hints"))
    )
    solution, wrong = _solution_and_wrong(d, goal)
    return Level(
        id=level_id,
        stage=stage,
        title=_text(d, "title", "title", needed=True),
        teaches=teaches,
        position=_required(d, "position", ""),
        goal=goal,
        par=par,
        solution=solution,
        wrong=wrong,
        intro=_text(d, "intro", "intro"),
        before=_actions(d.get("before", ""), "before"),
        hints=hints,
        explain=_text(d, "explain", "explain"),
        reply=_bool(d.get("reply", True), "reply"),
        file=file,
    )


def _goal(raw: Any) -> Goal:
    g = _mapping(raw, "goal")
    _known(g, GOAL_KEYS, "goal")
    if not g:
        raise LevelError("goal", f"give one of {', '.join(GOAL_KEYS)}")
    alone = [k for k in _ALONE if k in g]
    if alone and len(g) > 1:
        raise LevelError(f"goal.{alone[0]}", "this goal stands alone: give no other goal key")
    kwargs: dict[str, Any] = {}
    if "hold" in g:
        hold = tuple(
            _int(v, f"goal.hold.{k}") for k, v in enumerate(_sequence(g["hold"], "goal.hold"))
        )
        if not hold:
            raise LevelError("goal.hold", "name at least one region")
        kwargs["hold"] = hold
    if "tokens" in g:
        counts = _mapping(g["tokens"], "goal.tokens")
        if not counts:
            raise LevelError("goal.tokens", "name at least one region: {12: 3}")
        kwargs["tokens"] = tuple(
            (_int(k, f"goal.tokens.{k}"), _int(v, f"goal.tokens.{k}")) for k, v in counts.items()
        )
    if "stage" in g:
        stage = _str(g["stage"], "goal.stage")
        if stage not in {s.value for s in Stage}:
            raise LevelError(
                "goal.stage",
                f"{stage!r} is not a stage; stages: {', '.join(s.value for s in Stage)}",
            )
        kwargs["stage"] = stage
    for key in ("coins", "tokens_in_hand"):
        if key in g:
            kwargs[key] = _int(g[key], f"goal.{key}")
            if kwargs[key] < 0:
                raise LevelError(f"goal.{key}", "cannot be negative")
    if "declined" in g:
        kwargs["declined"] = _bool(g["declined"], "goal.declined")
    if "refusal" in g:
        kwargs["refusal"] = _rule_id(g["refusal"], "goal.refusal")
    if "predict" in g:
        kwargs["predict"] = _predict(g["predict"])
    return Goal(**kwargs)


def _predict(raw: Any) -> Predict:
    p = _mapping(raw, "goal.predict")
    _known(p, ("question", "kind", "answer", "of"), "goal.predict")
    question = _text(p, "question", "goal.predict.question", needed=True)
    kind = _str(_required(p, "kind", "goal.predict"), "goal.predict.kind")
    if kind not in PREDICT_KINDS:
        raise LevelError("goal.predict.kind", f"{kind!r}: the kind is regions or number")
    answer = _answer(_required(p, "answer", "goal.predict"), kind, "goal.predict.answer")
    of = _str(p.get("of", ""), "goal.predict.of").strip()
    words = of.split()
    if of and not (
        (words in (["conquer"], ["final"]) and kind == "regions")
        or words in (["hand"], ["score"], ["picks"])
        or (len(words) == 2 and words[0] in ("cost", "tokens", "coins") and words[1].isdigit())
    ):
        raise LevelError(
            "goal.predict.of",
            f"{of!r}: write conquer, final, hand, score, picks, cost N, tokens N or coins N",
        )
    if words and words[0] not in ("conquer", "final") and kind != "number":
        raise LevelError("goal.predict.of", f"{of!r} is a number: the kind is number")
    return Predict(question, kind, answer, of)


def _answer(raw: Any, kind: str, path: str) -> tuple[int, ...]:
    """An answer: a list of region ids (kind regions) or one number."""
    if kind == "number":
        return (_int(raw, path),)
    items = raw if isinstance(raw, list) else [raw]
    return tuple(sorted({_int(v, f"{path}.{k}") for k, v in enumerate(items)}))


def _solution_and_wrong(d: Mapping[str, Any], goal: Goal) -> tuple[tuple[str, ...], Wrong]:
    predict = goal.predict
    raw = _required(d, "solution", "")
    if predict is not None:
        solution = tuple(str(v) for v in _answer(raw, predict.kind, "solution"))
    else:
        solution = _actions(raw, "solution")
        if not solution:
            raise LevelError("solution", "give the actions of the best solution")
    w = _mapping(_required(d, "wrong", ""), "wrong")
    _known(w, ("actions", "rule", "misses"), "wrong")
    raw_wrong = _required(w, "actions", "wrong")
    if predict is not None:
        actions = tuple(str(v) for v in _answer(raw_wrong, predict.kind, "wrong.actions"))
    else:
        actions = _actions(raw_wrong, "wrong.actions")
        if not actions:
            raise LevelError("wrong.actions", "give the actions of the wrong try")
    rule = _rule_id(w["rule"], "wrong.rule") if "rule" in w else ""
    misses = _bool(w.get("misses", False), "wrong.misses")
    if bool(rule) == misses:
        raise LevelError("wrong", "give either rule: (the refusal's rule id) or misses: true")
    if predict is not None and rule:
        raise LevelError("wrong.rule", "a wrong answer misses: write misses: true")
    return solution, Wrong(actions, rule, misses)


# ====================================================================================
# The start position
# ====================================================================================


def _start_of(level: Level) -> GameState:
    base = level.file.parent if level.file is not None else None
    state = _position(level.position, base)
    if level.before:
        game = Game.from_state(state)
        for k, text in enumerate(level.before):
            refusal = play_step(game, text)
            if refusal is not None:
                raise LevelError(f"before.{k}", f"{text}: refused: {refusal}")
        state = game.state
    if current_player(state) is None:
        raise LevelError("before", "the game is over: nobody is left to play")
    return state


def play_step(game: Game, text: str) -> IllegalActionError | None:
    """Play one step of a level's notation; a bare ``roll`` rolls the die as the viewer's
    *roll the die* button does (the face the position's seed gives, R-CONQ-10). The
    refusal, or None."""
    if text.strip() == "roll":
        if current_player(game.state) != CHANCE:
            return IllegalActionError("R-CONQ-10", _("There is no die to roll now."))
        game.roll()
        return None
    return game.try_play(text)


def _position(spec: Any, base: Path | None) -> GameState:
    """A shipped scenario's name, a scenario file beside the level, or an inline mapping."""
    try:
        if isinstance(spec, Mapping):
            return scenario_from_dict(spec, base)
        name = _str(spec, "position")
        local = base / name if base is not None else None
        if local is not None and local.is_file():
            return load_scenario(local)
        return load_scenario(name)
    except ScenarioError as e:
        inner = e.path if isinstance(spec, Mapping) else ""
        where = f"position.{inner}" if inner else "position"
        reason = (
            e.reason if e.file is None or isinstance(spec, Mapping) else f"{e.file}: {e.reason}"
        )
        raise LevelError(where, reason) from None
    except ValueError as e:  # no such shipped scenario (CatalogError)
        raise LevelError("position", str(e)) from None

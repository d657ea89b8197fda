"""A learner's progress: stars, tries and time per level, in one small JSON file of the
learner's workspace (``learn-progress.json``, :mod:`swlab.workspace`).

The file is written atomically (:func:`swlab.safe_io.atomic_write_text`) after every
change and read when the path opens, so a kernel restart loses nothing; it is never
written outside the workspace (the name goes through :meth:`Workspace.resolve`). A teacher
gathers these files into a report (:mod:`swlab.learn.report`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from swlab.learn.level import STAGES, Level
from swlab.learn.stars import MAX_STARS
from swlab.safe_io import InputRefused, atomic_write_text, parse_json, read_text
from swlab.workspace import Workspace

__all__ = [
    "FORMAT",
    "PROGRESS_FILE",
    "LevelProgress",
    "Progress",
    "ProgressError",
    "open_stages",
    "read_progress",
]

FORMAT = "swlab-learn-progress"
VERSION = 1
PROGRESS_FILE = "learn-progress.json"


class ProgressError(ValueError):
    """A progress file that cannot be read: the file and the problem, in one line."""


@dataclass(frozen=True)
class LevelProgress:
    """One level's record: best stars, attempts started, seconds spent, solved."""

    stars: int = 0
    tries: int = 0
    seconds: float = 0.0
    solved: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "stars": self.stars,
            "tries": self.tries,
            "seconds": round(self.seconds, 1),
            "solved": self.solved,
        }


@dataclass
class Progress:
    """The progress of one learner, by level id."""

    learner: str = ""
    levels: dict[str, LevelProgress] = field(default_factory=dict)
    #: the file it is saved to (None: kept in memory only)
    path: Path | None = None

    @classmethod
    def open(cls, workspace: Workspace | str | os.PathLike[str] | None = None) -> Progress:
        """The progress saved in the workspace (a fresh one when there is no file yet);
        :class:`ProgressError` when the file is there but broken (it is left untouched).

        File boxes turned off for a room (``SWLAB_FILE_BOXES=off``) do not stop it: they keep
        names typed in the page away from the server's files, and this file's name is never
        typed."""
        ws = workspace if isinstance(workspace, Workspace) else Workspace(workspace, enabled=True)
        if ws.enabled and not ws.root.is_dir():  # nothing saved yet: the first save makes it
            return cls(path=ws.root / PROGRESS_FILE)
        path = ws.resolve(PROGRESS_FILE, "progress", for_writing=True)
        if not path.exists():
            return cls(path=path)
        progress = read_progress(path)
        progress.path = path
        return progress

    def get(self, level_id: str) -> LevelProgress:
        return self.levels.get(level_id, LevelProgress())

    def reload(self) -> None:
        """Read the file again, for what another path wrote to it since (the learn path of
        notebook 12 and a tutorial notebook's stages share the file, and may be open at the
        same time, in one kernel or two). A file gone or broken meanwhile changes nothing:
        the progress in memory stays, and the next save writes it."""
        if self.path is None or not self.path.is_file():
            return
        try:
            self.levels = read_progress(self.path).levels
        except ProgressError:
            return

    def started(self, level_id: str) -> None:
        """A try begins (the level opened or restarted)."""
        self.reload()
        lp = self.get(level_id)
        self._set(level_id, replace(lp, tries=lp.tries + 1))

    def spent(self, level_id: str, seconds: float) -> None:
        """Time spent on the level (added)."""
        if seconds > 0:
            self.reload()
            lp = self.get(level_id)
            self._set(level_id, replace(lp, seconds=lp.seconds + seconds))

    def solved(self, level_id: str, stars: int) -> None:
        """The level solved with ``stars``: the best result is kept."""
        self.reload()
        lp = self.get(level_id)
        self._set(level_id, replace(lp, solved=True, stars=max(lp.stars, stars)))

    def _set(self, level_id: str, lp: LevelProgress) -> None:
        self.levels[level_id] = lp
        self.save()

    def save(self) -> None:
        """Write the file atomically (nothing when kept in memory)."""
        if self.path is not None:
            atomic_write_text(self.path, self.text(), parents=True)

    def text(self) -> str:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "learner": self.learner,
            "levels": {k: v.as_dict() for k, v in sorted(self.levels.items())},
        }
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def stars_total(self, ids: Iterable[str]) -> int:
        return sum(self.get(i).stars for i in ids)


def read_progress(path: str | os.PathLike[str]) -> Progress:
    """A progress file; :class:`ProgressError` naming the file and the place of a problem."""
    p = Path(path)
    try:
        data = parse_json(read_text(p, "record"))
    except InputRefused as e:
        raise ProgressError(f"{p}: {e.reason}") from None
    try:
        return _progress(data)
    except ProgressError as e:
        raise ProgressError(f"{p}: {e}") from None


def _progress(data: Any) -> Progress:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ProgressError(f'not a learn progress file (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise ProgressError(f"version: {data.get('version')!r}, this swlab reads {VERSION}")
    learner = data.get("learner", "")
    if not isinstance(learner, str) or len(learner) > 100:
        raise ProgressError("learner: a name of at most 100 characters")
    raw = data.get("levels", {})
    if not isinstance(raw, Mapping):
        raise ProgressError("levels: expected a mapping of level ids")
    levels: dict[str, LevelProgress] = {}
    for key, entry in raw.items():
        where = f"levels.{key}"
        if not isinstance(entry, Mapping):
            raise ProgressError(f"{where}: expected a mapping")
        stars, tries, seconds = (
            entry.get("stars", 0),
            entry.get("tries", 0),
            entry.get("seconds", 0),
        )
        solved = entry.get("solved", stars > 0 if isinstance(stars, int) else False)
        if type(stars) is not int or not 0 <= stars <= MAX_STARS:
            raise ProgressError(f"{where}.stars: a whole number from 0 to {MAX_STARS}")
        if type(tries) is not int or tries < 0:
            raise ProgressError(f"{where}.tries: a whole number, 0 or more")
        if type(seconds) not in (int, float) or not 0 <= seconds < 1e9:
            raise ProgressError(f"{where}.seconds: a number of seconds, 0 or more")
        if not isinstance(solved, bool):
            raise ProgressError(f"{where}.solved: true or false")
        levels[str(key)] = LevelProgress(stars, tries, float(seconds), solved)
    return Progress(learner, levels)


def open_stages(levels: Iterable[Level], progress: Progress) -> set[str]:
    """The stages a learner may play: the first, and each one whose earlier stages have
    every level solved."""
    by_stage: dict[str, list[str]] = {s: [] for s in STAGES}
    for lv in levels:
        by_stage[lv.stage].append(lv.id)
    opened: set[str] = set()
    for stage in STAGES:
        opened.add(stage)
        if not all(progress.get(i).solved for i in by_stage[stage]):
            break
    return opened

"""The workspace: the one folder the file boxes of the widgets read and write.

A notebook served to a room (Voilà, ``swlab present``) shows its visitors the viewer's and
the editor's file boxes. Whatever a visitor types there is a *name inside the workspace*,
never a path on the server: :meth:`Workspace.resolve` refuses absolute paths, ``~``,
``..``, hidden names, links that lead out, folders that do not exist yet, notebooks and
code, and files that are not regular (devices, FIFOs). Saving over an existing file needs
a second, explicit step (:class:`FileBox`); every failure is one line that names only what
the visitor typed, never the content of a file.

The workspace is chosen by the host, never by the page:

- ``Workspace(root)`` (the ``workspace=`` argument of the widgets), else
- the environment variable ``SWLAB_WORKSPACE``, else
- ``swlab-files/`` in the kernel's working folder, which is the notebook's folder.

``SWLAB_FILE_BOXES=off`` (or ``Workspace(enabled=False)``, ``file_boxes=False`` in the
widgets) turns every file box off: the boxes are hidden and refuse every request.

>>> ws = Workspace("/srv/lesson/swlab-files")
>>> ws.resolve("../x.json", "record")
Traceback (most recent call last):
...
swlab.workspace.WorkspaceError: '../x.json': '..' is not allowed: names stay inside the workspace
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from swlab.i18n import N_, _

__all__ = [
    "ENV_FILE_BOXES",
    "ENV_WORKSPACE",
    "KINDS",
    "FileBox",
    "Outcome",
    "Workspace",
    "WorkspaceError",
    "panel_error",
]

ENV_WORKSPACE = "SWLAB_WORKSPACE"
ENV_FILE_BOXES = "SWLAB_FILE_BOXES"
DEFAULT_FOLDER = "swlab-files"

#: The suffixes each kind of file may have in the workspace.
KINDS: dict[str, tuple[str, ...]] = {
    "record": (".json", ".txt"),
    "scenario": (".yaml", ".yml", ".json"),
    "map": (".geojson",),
    "progress": (".json",),
    "lesson": (".json",),
}

#: Never written or read by a file box, whatever the kind: notebooks and code.
_FORBIDDEN = frozenset(
    (
        ".ipynb", ".py", ".pyc", ".pyw", ".pyi", ".pth", ".sh", ".bash", ".zsh", ".js",
        ".mjs", ".ts", ".html", ".htm", ".css", ".cfg", ".ini", ".toml", ".so", ".exe",
    )
)  # fmt: skip
_MAX_NAME = 200
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._-]*")


class WorkspaceError(ValueError):
    """A name a file box refuses; the message is one line naming what was typed."""


def _off(value: str | None) -> bool:
    return value is not None and value.strip().lower() in ("0", "off", "no", "false")


class Workspace:
    """The folder the file boxes use (see the module text for how it is chosen)."""

    def __init__(
        self, root: str | os.PathLike[str] | None = None, *, enabled: bool | None = None
    ) -> None:
        if root is None:
            env = os.environ.get(ENV_WORKSPACE, "").strip()
            root = env if env else Path.cwd() / DEFAULT_FOLDER
        self.root = Path(root).expanduser().absolute()
        self.enabled = not _off(os.environ.get(ENV_FILE_BOXES)) if enabled is None else enabled

    def __repr__(self) -> str:
        return f"<Workspace {self.root}{'' if self.enabled else ' (file boxes off)'}>"

    def resolve(self, name: str, kind: str, *, for_writing: bool = False) -> Path:
        """The file ``name`` stands for inside the workspace, for a file of ``kind``
        (:data:`KINDS`); :class:`WorkspaceError` for anything that could reach outside."""
        if not self.enabled:
            raise WorkspaceError(_("file boxes are turned off here"))
        shown = repr(name[:60] + ("..." if len(name) > 60 else ""))
        text = name.strip()
        if not text:
            raise WorkspaceError(
                _("type a file name, such as {example}").format(example=f"game{KINDS[kind][0]}")
            )
        if len(text) > _MAX_NAME:
            raise WorkspaceError(
                _("{name}: a name has at most {count} characters").format(
                    name=shown, count=_MAX_NAME
                )
            )
        if "\\" in text or ":" in text or text.startswith(("/", "~")):
            raise WorkspaceError(
                _("{name}: give a name inside the workspace, not a path (no /, ~, \\ or :)").format(
                    name=shown
                )
            )
        parts = PurePosixPath(text).parts
        if ".." in parts:
            raise WorkspaceError(
                _("{name}: '..' is not allowed: names stay inside the workspace").format(name=shown)
            )
        for part in parts:
            if not _PART.fullmatch(part):
                raise WorkspaceError(
                    _(
                        "{name}: use letters, digits, spaces, '.', '_' and '-' (not starting "
                        "with '.' or a space)"
                    ).format(name=shown)
                )
        suffix = PurePosixPath(text).suffix.lower()
        if suffix in _FORBIDDEN or text.lower().endswith(".ipynb"):
            raise WorkspaceError(
                _("{name}: file boxes never touch notebooks or code").format(name=shown)
            )
        allowed = KINDS[kind]
        if suffix not in allowed:
            or_ = " " + _("or") + " "
            raise WorkspaceError(
                _(WRONG_SUFFIX[kind]).format(name=shown, suffixes=or_.join(allowed))
            )
        root = self.root
        if for_writing:
            root.mkdir(parents=True, exist_ok=True)
        elif not root.is_dir():
            raise WorkspaceError(_("{name}: no such file in the workspace").format(name=shown))
        real_root = Path(os.path.realpath(root))
        target = root.joinpath(*parts)
        if not Path(os.path.realpath(target.parent)).is_relative_to(real_root):
            raise WorkspaceError(_("{name}: a link leads out of the workspace").format(name=shown))
        if not target.parent.is_dir():
            raise WorkspaceError(_("{name}: no such folder in the workspace").format(name=shown))
        try:
            info = os.lstat(target)
        except FileNotFoundError:
            if not for_writing:
                raise WorkspaceError(
                    _("{name}: no such file in the workspace").format(name=shown)
                ) from None
            return target
        except OSError as error:
            raise WorkspaceError(
                _("{name}: cannot be used ({reason})").format(name=shown, reason=error.strerror)
            ) from None
        if stat.S_ISLNK(info.st_mode):
            if not Path(os.path.realpath(target)).is_relative_to(real_root):
                raise WorkspaceError(
                    _("{name}: a link leads out of the workspace").format(name=shown)
                )
            if for_writing:
                raise WorkspaceError(
                    _("{name}: is a link; file boxes do not write through links").format(name=shown)
                )
            try:
                info = os.stat(target)
            except OSError:
                raise WorkspaceError(_("{name}: is a broken link").format(name=shown)) from None
        if stat.S_ISDIR(info.st_mode):
            raise WorkspaceError(_("{name}: is a folder").format(name=shown))
        if not stat.S_ISREG(info.st_mode):
            raise WorkspaceError(
                _("{name}: is not a regular file (a device or a FIFO)").format(name=shown)
            )
        return target

    def check_board(self, spec: Any, scenario: str | os.PathLike[str]) -> None:
        """Refuse the ``board`` of a scenario read from the workspace (``scenario``) when it
        names a file outside: a scenario opened here may name a shipped board, an inline
        region graph or a file inside the workspace only. Decided from the text and the
        links, before anything is opened; :class:`WorkspaceError` names the field and why.
        """
        from swlab.board.catalog import is_shipped_name

        if not isinstance(spec, str) or is_shipped_name(spec):
            return  # a shipped name, an inline graph, or a value the scenario reader refuses
        text = spec.strip()
        folder = Path(os.path.abspath(Path(scenario).parent))
        target = os.path.normpath(folder / text)
        why = None
        if text.startswith("~"):
            why = _("a path from a home folder")
        elif os.path.isabs(text):
            why = _("an absolute path")
        elif not Path(target).is_relative_to(os.path.normpath(self.root)):
            why = _("'..' leads out of the workspace")
        elif not Path(os.path.realpath(target)).is_relative_to(os.path.realpath(self.root)):
            why = _("a link leads out of the workspace")
        if why is not None:
            raise WorkspaceError(
                _(
                    "field 'board': {why}: a scenario opened here may name a shipped board or a "
                    "file inside the workspace"
                ).format(why=why)
            )


@dataclass(frozen=True)
class Outcome:
    """What a file box shows after a request: one line; ``confirm`` asks to overwrite."""

    ok: bool
    message: str
    confirm: bool = False
    #: the name a finished save wrote (for a panel that says more about it)
    saved: str | None = None
    #: a second way the panel offers instead of the refusal, beside "keep": the name of
    #: its button (``"simplify"``: load the map simplified under the vertex limits)
    offer: str | None = None

    @property
    def asks(self) -> bool:
        """Whether the panel asks a question ("replace", or the :attr:`offer`) now."""
        return self.confirm or self.offer is not None


@dataclass(frozen=True)
class _Pending:
    verb: str
    name: str
    target: Path
    write: Callable[[Path], None]


class FileBox:
    """The logic of a save/open box, without widgets: the panel shows :attr:`Outcome.message`
    and, when ``confirm`` is set, a "replace" and a "keep" button (:meth:`confirm`,
    :meth:`cancel`)."""

    def __init__(self, workspace: Workspace | None = None) -> None:
        self.workspace = workspace if workspace is not None else Workspace()
        self.pending: _Pending | None = None

    @property
    def enabled(self) -> bool:
        return self.workspace.enabled

    def save(self, verb: str, name: str, kind: str, write: Callable[[Path], None]) -> Outcome:
        """Write ``name`` with ``write(path)``; an existing file waits for :meth:`confirm`."""
        self.pending = None
        try:
            target = self.workspace.resolve(name, kind, for_writing=True)
        except WorkspaceError as error:
            return Outcome(False, _could_not(verb, str(error)))
        if target.exists():
            self.pending = _Pending(verb, name.strip(), target, write)
            return Outcome(
                False,
                _("{name} exists in the workspace: replace it? (replace / keep)").format(
                    name=name.strip()
                ),
                confirm=True,
            )
        return self._write(verb, name.strip(), target, write)

    def confirm(self) -> Outcome:
        """Carry out the save waiting for confirmation."""
        pending, self.pending = self.pending, None
        if pending is None:
            return Outcome(False, _("Nothing to replace."))
        try:  # check again: the file may have changed meanwhile
            target = self.workspace.resolve(
                pending.name, _kind_of(pending.target), for_writing=True
            )
        except WorkspaceError as error:
            return Outcome(False, _could_not(pending.verb, str(error)))
        return self._write(pending.verb, pending.name, target, pending.write)

    def cancel(self) -> Outcome:
        """Drop the save waiting for confirmation."""
        pending, self.pending = self.pending, None
        if pending is None:
            return Outcome(False, _("Nothing to keep."))
        return Outcome(False, _("Kept {name}.").format(name=pending.name))

    def open(self, verb: str, name: str, kind: str, read: Callable[[Path], None]) -> Outcome:
        """Read ``name`` with ``read(path)``; a bad file is one line (:func:`panel_error`)."""
        self.pending = None
        try:
            target = self.workspace.resolve(name, kind)
        except WorkspaceError as error:
            return Outcome(False, _could_not(verb, str(error)))
        try:
            read(target)
        except (OSError, ValueError) as error:
            return Outcome(False, _could_not(verb, f"{name.strip()}: {panel_error(error)}"))
        return Outcome(True, _done(verb, name.strip()))

    def _write(self, verb: str, name: str, target: Path, write: Callable[[Path], None]) -> Outcome:
        try:
            write(target)
        except (OSError, ValueError) as error:
            return Outcome(False, _could_not(verb, f"{name}: {panel_error(error)}"))
        return Outcome(True, _done(verb, name), saved=name)


#: What a file box says it could not do, and what it did, by the verb its callers pass (the
#: key stays English): whole sentences, one per verb, so each language words them its own way.
COULD_NOT = {
    "save": N_("Could not save: {reason}"),
    "load": N_("Could not load: {reason}"),
    "save game": N_("Could not save game: {reason}"),
    "save position": N_("Could not save position: {reason}"),
    "open game": N_("Could not open game: {reason}"),
    "open position": N_("Could not open position: {reason}"),
    "open design": N_("Could not open design: {reason}"),
    "save lesson": N_("Could not save lesson: {reason}"),
    "open lesson": N_("Could not open lesson: {reason}"),
}
DONE = {
    "save": N_("Done: save ({name})."),
    "load": N_("Done: load ({name})."),
    "save game": N_("Done: save game ({name})."),
    "save position": N_("Done: save position ({name})."),
    "open game": N_("Done: open game ({name})."),
    "open position": N_("Done: open position ({name})."),
    "open design": N_("Done: open design ({name})."),
    "save lesson": N_("Done: save lesson ({name})."),
    "open lesson": N_("Done: open lesson ({name})."),
}
#: A file name that does not end as its kind's files do, one sentence per kind.
WRONG_SUFFIX = {
    "record": N_("{name}: a record file ends in {suffixes}"),
    "scenario": N_("{name}: a scenario file ends in {suffixes}"),
    "map": N_("{name}: a map file ends in {suffixes}"),
    "progress": N_("{name}: a progress file ends in {suffixes}"),
    "lesson": N_("{name}: a lesson file ends in {suffixes}"),
}


def _could_not(verb: str, reason: str) -> str:
    if verb in COULD_NOT:
        return _(COULD_NOT[verb]).format(reason=reason)
    return _("Could not do it ({action}): {reason}").format(action=verb, reason=reason)


def _done(verb: str, name: str) -> str:
    if verb in DONE:
        return _(DONE[verb]).format(name=name)
    return _("Done: {action} ({name}).").format(action=verb, name=name)


def _kind_of(path: Path) -> str:
    suffix = path.suffix.lower()
    return next(kind for kind, suffixes in KINDS.items() if suffix in suffixes)


_SAFE_SEGMENT = re.compile(r"[a-z_]{1,30}|-?[0-9]{1,12}")


def _schema_words() -> frozenset[str]:
    """Keys of swlab's file formats: safe to show in a path, since they are not content."""
    from dataclasses import fields

    from swlab.game.scenario import EXTRA_TOP_KEYS
    from swlab.rules.state import (
        Combo,
        Conquest,
        GameState,
        PlayerState,
        RaceState,
        RegionState,
        TurnState,
    )

    words = {"board", "race", "active", "declined", "actions", "scenario", "notes", "format"}
    words |= {"version", "seed", "races", "powers", "players", "regions", "turn"}
    words |= {"comments", "step", "text", "marks", "until", "goal"}  # records and lessons
    words |= set(EXTRA_TOP_KEYS)
    for cls in (Combo, Conquest, GameState, PlayerState, RaceState, RegionState, TurnState):
        words |= {f.name for f in fields(cls)}
    return frozenset(words)


def _safe_path(path: str) -> str:
    """The leading segments of a value's path that are schema keys or numbers."""
    words = _schema_words()
    kept: list[str] = []
    for segment in path.split("."):
        if not _SAFE_SEGMENT.fullmatch(segment) or (
            not segment.lstrip("-").isdigit() and segment not in words
        ):
            break
        kept.append(segment)
    return ".".join(kept)


def panel_error(error: BaseException) -> str:
    """One line for the panel about a failed open or save, with no file content: the
    kind of problem, where (as far as schema keys and numbers say it) and the rule."""
    from swlab.board.io import MapFormatError, MapTooDetailed
    from swlab.game.codec import ScenarioError
    from swlab.game.lesson import LessonError
    from swlab.game.record import RecordError, ReplayError
    from swlab.safe_io import InputRefused

    if isinstance(error, InputRefused):
        return error.reason
    if isinstance(error, WorkspaceError):  # names only fields and the workspace's rules
        return str(error)
    if isinstance(error, ReplayError):
        rule = f" ({error.rule})" if error.rule else ""
        return (
            _("action {number} of the record is refused by the rules").format(
                number=error.index + 1
            )
            + rule
        )
    if isinstance(error, ScenarioError | RecordError):
        where = _safe_path(error.path if isinstance(error, ScenarioError) else error.field)
        reason = error.reason
        if reason.startswith(_FILE_REASONS):
            return _content_free(reason)
        rules = re.findall(r"R-[A-Z]+(?:-[A-Z0-9]+)*", reason)
        rule = f" ({rules[-1]})" if rules else ""
        if isinstance(error, ScenarioError):
            text = _("not a scenario swlab can load")
        elif isinstance(error, LessonError):
            text = _("not a lesson swlab can load")
        else:
            text = _("not a game record swlab can load")
        if where:
            text += " " + _("(at {place})").format(place=where)
        return text + rule
    if isinstance(error, MapFormatError):
        places = (
            [_("feature #{number}").format(number=error.feature)]
            if error.feature is not None
            else []
        )
        if error.field:
            places.append(_("field {name}").format(name=error.field))
        # a refusal for the vertices alone holds counts and limits, no content: said whole
        text = error.detail if isinstance(error, MapTooDetailed) else _("not a swlab map")
        return text + (" (" + ", ".join(places) + ")" if places else "")
    if isinstance(error, OSError):
        return _("cannot be used ({reason})").format(reason=error.strerror or _("system error"))
    return _("not a file swlab can load")


#: Beginnings of the reasons :mod:`swlab.safe_io` and the loaders' file checks give.
_FILE_REASONS = (
    "cannot read", "not UTF-8", "not valid", "is ", "lists and", "YAML alias", "a YAML alias",
    "holds a NUL", "the key", "a scenario is a mapping", "a JSON game record", "not a swlab",
)  # fmt: skip  # i18n: not prose: the English beginnings a reason is recognised by


def _content_free(reason: str) -> str:
    """A reason of :mod:`swlab.safe_io` and the loaders' own file checks is content-free
    except a YAML/JSON syntax message, which names no text but may quote a character."""
    return re.sub(r"'[^']*'", "'...'", reason)[:200]

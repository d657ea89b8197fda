"""The tutorial notebooks, copied where a learner can run and edit them (``swlab tutorial``).

The notebooks ship with swlab (the repository's ``notebooks/``, carried inside the wheel:
:func:`swlab.board.catalog.shipped_folder`), the English ones and every translation
(``el/``, ``tr/``, ``de/``, ``pt/``). They load their boards and positions from the package
by name, so a copy runs in any folder.

A learner's edits belong to the learner: :func:`copy_tutorial` never writes over a notebook
that differs from what it copied there. It keeps a note of what it wrote
(``.swlab-tutorial.json`` beside the notebooks, a SHA-256 per file), so a notebook left as
copied is updated to a newer swlab's version, and one the learner changed is kept.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "NOTE",
    "TutorialCopy",
    "copy_tutorial",
    "first_notebook",
    "shipped_notebooks",
    "tutorial_folder",
]

#: What :func:`copy_tutorial` wrote into a folder, file by file (path -> SHA-256).
NOTE = ".swlab-tutorial.json"
FIRST = "00_welcome.ipynb"


def tutorial_folder() -> Path:
    """The shipped notebooks: ``notebooks/`` of a checkout, ``swlab/notebooks`` of a wheel."""
    from swlab.board.catalog import shipped_folder

    return shipped_folder("notebooks")


def shipped_notebooks() -> list[str]:
    """The shipped notebooks as paths relative to the tutorial folder (``02_conquest.ipynb``,
    ``el/02_conquest.ipynb`` ...): the English ones first, then each language's."""
    folder = tutorial_folder()
    english = sorted(p.name for p in folder.glob("*.ipynb"))
    translated = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.glob("*/*.ipynb")
        if not p.parent.name.startswith(".")  # JupyterLab's checkpoints
    )
    return english + translated


@dataclass
class TutorialCopy:
    """What :func:`copy_tutorial` did, each list in the shipped order."""

    folder: Path
    #: New in the folder.
    copied: list[str] = field(default_factory=list)
    #: Left as swlab copied it before, and now replaced by this swlab's version.
    updated: list[str] = field(default_factory=list)
    #: Changed by the learner (or not written by swlab): left as it is.
    kept: list[str] = field(default_factory=list)
    #: Already the same as the shipped notebook.
    unchanged: list[str] = field(default_factory=list)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_note(folder: Path) -> dict[str, str]:
    """The note of an earlier copy; an unreadable note counts as none (keeps every file)."""
    try:
        note = json.loads((folder / NOTE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = note.get("files") if isinstance(note, dict) else None
    if not isinstance(files, dict):
        return {}
    return {str(k): str(v) for k, v in files.items()}


def copy_tutorial(folder: str | Path) -> TutorialCopy:
    """Copy the shipped notebooks into ``folder`` (made if missing), never over a learner's
    edit: a notebook there is replaced only when it is exactly what an earlier copy wrote.

    Raises ``NotADirectoryError`` when ``folder`` (or a language folder in it) is a file,
    and ``OSError`` when a file cannot be written; each written file is whole or absent.
    """
    from swlab.safe_io import atomic_open, atomic_write_text

    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{folder}: is a file, not a folder")
    target.mkdir(parents=True, exist_ok=True)
    written = _read_note(target)
    report = TutorialCopy(target)
    source = tutorial_folder()
    for name in shipped_notebooks():
        shipped = (source / name).read_bytes()
        dest = target / name
        if dest.is_dir():
            report.kept.append(name)
            continue
        if dest.exists():
            present = dest.read_bytes()
            if present == shipped:
                report.unchanged.append(name)
                written[name] = _digest(shipped)
                continue
            if written.get(name) != _digest(present):
                report.kept.append(name)
                continue
            report.updated.append(name)
        else:
            report.copied.append(name)
        dest.parent.mkdir(parents=True, exist_ok=True)
        with atomic_open(dest, "wb") as handle:
            handle.write(shipped)
        written[name] = _digest(shipped)
    from swlab import __version__

    note = {"swlab": __version__, "files": dict(sorted(written.items()))}
    atomic_write_text(target / NOTE, json.dumps(note, indent=1) + "\n")
    return report


def first_notebook(folder: Path, lang: str) -> str:
    """The notebook to open first: the welcome notebook in ``lang`` when it is translated,
    else the English one (a path below ``folder``, with ``/``)."""
    translated = f"{lang}/{FIRST}"
    return translated if lang != "en" and (folder / translated).is_file() else FIRST

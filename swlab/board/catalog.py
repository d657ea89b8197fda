"""The board catalog: what swlab ships, and the one way to turn a name or a path into a board.

The official boards and their region graphs live in the repository's top-level ``maps/``
folder, which the wheel carries inside the package (``swlab/maps``, copied there by
``setup.py``), found with :mod:`importlib.resources` (:func:`shipped_folder`), so a checkout,
an editable install and an installed wheel behave alike (the teaching scenarios are found
the same way by :mod:`swlab.game.shipped`). Every caller that takes a board (the CLI, the scenario
loader, ``simulate``, :class:`~swlab.game.game.Game`, the viewer, the editor) goes
through :func:`load_board`:

- a **shipped name**, in either spelling (``official_3p`` or ``official-3p``, the board's
  own name);
- a **path** (anything with a folder separator or a ``.geojson``/``.json`` suffix, or a
  :class:`os.PathLike`), relative to ``base_dir``: a GeoJSON map or a region graph. An
  explicit path never consults the shipped list;
- a **mapping**: a region graph written inline (a scenario's ``board:``).

Boards are cached (one object per source, so states built on it compare equal; a file is
read again when it changes), and :func:`board_ref` names a board again the way it was
found.

>>> sorted(shipped_board_names())[:2]
['official_2p', 'official_3p']
>>> load_board("official-2p") is load_board("official_2p")
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from swlab.board.graph import GraphBoard, board_to_graph, parse_graph

if TYPE_CHECKING:
    from swlab.board.model import Board

    #: What the catalog hands out: a board with polygons or one read from a region graph
    #: (both are what the rules engine reads: its ``BoardLike`` protocol).
    AnyBoard = Board | GraphBoard

__all__ = [
    "OFFICIAL_PLAYERS",
    "CatalogError",
    "board_ref",
    "board_source",
    "find_graph",
    "is_shipped_name",
    "load_board",
    "maps_dir",
    "official_board",
    "official_name",
    "shipped_board_names",
    "shipped_folder",
]

OFFICIAL_PLAYERS: tuple[int, ...] = (2, 3, 4, 5)
#: Suffixes that make a board argument a file path rather than a shipped name.
BOARD_SUFFIXES = (".geojson", ".json")


class CatalogError(ValueError):
    """A board (or a scenario) that is neither shipped nor a readable file; the message lists
    what is shipped, since a teacher typing ``official3p`` needs the spelling."""


# --- where the shipped data lives -------------------------------------------------------


def shipped_folder(name: str) -> Path:
    """A top-level folder of the repository that the wheel carries inside the package
    (``maps``, ``notebooks``): ``swlab/<name>`` in an installed wheel (``setup.py`` copies
    it there at build time, so the repository keeps one copy), ``<checkout>/<name>`` beside
    the package in a checkout or an editable install."""
    package = Path(str(files("swlab")))
    for folder in (package / name, package.parent / name):
        if folder.is_dir():
            return folder
    raise CatalogError(f"swlab's {name} folder is missing from this installation ({package})")


def maps_dir() -> Path:
    """The shipped maps: ``official_*.geojson``, ``terra_mystica_base.geojson``, region
    graphs in ``graphs/``, and the schema (``README.md``): the repository's ``maps/``."""
    return shipped_folder("maps")


def _normal(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def shipped_board_names() -> list[str]:
    """Names of the shipped boards (GeoJSON maps and region graphs), sorted."""
    folder = maps_dir()
    names = {p.stem for p in folder.glob("*.geojson")}
    names |= {p.stem for p in (folder / "graphs").glob("*.json")}
    return sorted(names)


def is_shipped_name(spec: str) -> bool:
    """Whether :func:`load_board` reads ``spec`` as a shipped board (``official-2p`` too),
    not as a file."""
    return not _looks_like_path(spec) and _normal(spec) in shipped_board_names()


def _shipped_list() -> str:
    return ", ".join(shipped_board_names()) or "none"


def official_name(players: int) -> str:
    """Name of the official board for ``players`` (R-COMP-1: one map per player count)."""
    if players not in OFFICIAL_PLAYERS:
        raise ValueError(f"there is no official board for {players} players (2 to 5)")
    return f"official_{players}p"


# --- boards -----------------------------------------------------------------------------

#: Boards by source key; where each came from (by ``id``), so a dump can name it again.
_BOARDS: dict[tuple[Any, ...], AnyBoard] = {}
_SOURCES: dict[int, str] = {}


def _looks_like_path(spec: str | os.PathLike[str]) -> bool:
    if isinstance(spec, os.PathLike):
        return True
    text = spec.strip()
    return "/" in text or os.sep in text or text.lower().endswith(BOARD_SUFFIXES)


def _remember(key: tuple[Any, ...], board: AnyBoard, source: str) -> AnyBoard:
    _BOARDS[key] = board
    _SOURCES[id(board)] = source
    return board


def _read_file(path: Path) -> AnyBoard:
    """A GeoJSON map or a region graph, by content (``.geojson`` is always a map)."""
    if path.suffix.lower() == ".geojson":
        from swlab.board.io import read_board

        return read_board(path)
    from swlab.safe_io import InputRefused, parse_json, read_text

    try:
        document = parse_json(read_text(path, "graph"))
    except InputRefused as err:
        reason = f"cannot be read ({err.reason})" if err.category == "file" else err.reason
        raise CatalogError(f"{path}: {reason}") from None
    if isinstance(document, dict) and document.get("type") == "FeatureCollection":
        from swlab.board.io import parse_board

        return parse_board(document, str(path))
    return GraphBoard.from_graph(parse_graph(document, str(path), default_name=path.stem))


def _load_path(path: Path) -> AnyBoard:
    if not path.is_file():
        from swlab.safe_io import file_kind

        kind = file_kind(path)
        if path.is_dir():
            what = "a folder, not a board file"
        elif kind is not None:  # a FIFO or a device: never opened
            what = f"is {kind}, not a regular file: swlab reads only regular files"
        else:
            what = "no such board file"
        raise CatalogError(f"{path}: {what}")
    resolved = path.resolve()
    stat = resolved.stat()
    key = ("file", str(resolved), stat.st_mtime_ns, stat.st_size)
    if key not in _BOARDS:
        _remember(key, _read_file(resolved), str(resolved))
    return _BOARDS[key]


def _load_name(name: str) -> AnyBoard | None:
    key = ("name", _normal(name))
    if key in _BOARDS:
        return _BOARDS[key]
    stem = key[1]
    folder = maps_dir()
    if (folder / f"{stem}.geojson").is_file():
        return _remember(key, _read_file(folder / f"{stem}.geojson"), stem)
    if (folder / "graphs" / f"{stem}.json").is_file():
        return _remember(key, _read_file(folder / "graphs" / f"{stem}.json"), stem)
    return None


@overload
def load_board(
    spec: str | os.PathLike[str] | Mapping[str, Any],
    base_dir: str | os.PathLike[str] | None = None,
    *,
    polygons: Literal[True],
) -> Board: ...
@overload
def load_board(
    spec: str | os.PathLike[str] | Mapping[str, Any],
    base_dir: str | os.PathLike[str] | None = None,
    *,
    polygons: bool = False,
) -> AnyBoard: ...
def load_board(
    spec: str | os.PathLike[str] | Mapping[str, Any],
    base_dir: str | os.PathLike[str] | None = None,
    *,
    polygons: bool = False,
) -> AnyBoard:
    """A board from a shipped name, a file path or an inline region graph (module text).

    ``base_dir`` resolves a relative path (a scenario's folder; default the current one).
    ``polygons=True`` asks for a :class:`~swlab.board.model.Board` with shapes (to draw,
    validate or edit), refusing a region graph with the command that draws one. Raises
    :class:`CatalogError` for a name that is not shipped (listing the shipped boards) or a
    missing file, and the reader's error (``MapFormatError``, ``GraphError``) for a file
    that is not a board.
    """
    if isinstance(spec, Mapping):
        board: AnyBoard = GraphBoard.from_graph(parse_graph(dict(spec)))
    elif not isinstance(spec, str | os.PathLike) or not str(spec).strip():
        raise CatalogError(
            f"give a shipped board name ({_shipped_list()}), a file path or a region graph"
        )
    elif isinstance(spec, os.PathLike) or _looks_like_path(spec):
        path = Path(spec) if isinstance(spec, os.PathLike) else Path(spec.strip())
        board = _load_path(Path(base_dir or ".") / path.expanduser())
    else:
        text = spec.strip()
        found = _load_name(text)
        if found is None:
            bare = Path(base_dir or ".") / text
            if not bare.exists():  # a folder or a FIFO of that name: _load_path says what it is
                raise CatalogError(
                    f"{text!r}: no such file or shipped map (no shipped board is called that); "
                    f"shipped boards: {_shipped_list()}"
                )
            found = _load_path(bare)  # a file named without a suffix (or not a file at all)
        board = found
    if polygons and isinstance(board, GraphBoard):
        name = spec if isinstance(spec, str | os.PathLike) else board.name
        raise CatalogError(
            f"{name}: a region graph has regions and borders but no shapes; draw it first "
            f"with: swlab map from-graph {name} -o {Path(str(name)).stem}.geojson"
        )
    return board


def official_board(players: int) -> Board:
    """The official board for 2, 3, 4 or 5 players."""
    return load_board(official_name(players), polygons=True)


def board_source(board: AnyBoard) -> str | None:
    """The shipped name or absolute file path :func:`load_board` read ``board`` from."""
    return _SOURCES.get(id(board))


def board_ref(board: AnyBoard, base_dir: str | os.PathLike[str] | None = None) -> Any:
    """How a scenario or record names ``board``: its shipped name, its file (relative to
    ``base_dir``), else the board itself as an inline region graph."""
    source = board_source(board)
    if source is not None and (os.sep in source or "/" in source):
        return source if base_dir is None else os.path.relpath(source, base_dir)
    if source is not None:
        return source
    name = _normal(board.name)
    if name in shipped_board_names():
        try:
            if tuple(load_board(name).ids) == tuple(board.ids):
                return name
        except (CatalogError, ValueError):
            pass
    return board_to_graph(board)


def find_graph(spec: str | os.PathLike[str]) -> Path:
    """A region-graph file: a shipped graph by name (``official_3p``, ``sample``) or a path."""
    if _looks_like_path(spec) or Path(spec).is_file():
        return Path(spec)
    path = maps_dir() / "graphs" / f"{_normal(str(spec))}.json"
    if not path.is_file():
        names = sorted(p.stem for p in (maps_dir() / "graphs").glob("*.json"))
        raise CatalogError(f"no shipped region graph {str(spec)!r}; shipped: {', '.join(names)}")
    return path

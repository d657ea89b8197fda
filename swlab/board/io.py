"""Reading and writing boards as GeoJSON (schema: ``swlab/data/maps/README.md``).

A malformed file raises one :class:`MapFormatError` naming the file, the feature and the
field, so a designer can fix it without reading a traceback. What is well-formed but wrong
(an unknown terrain, overlapping regions, a repeated id) loads fine and is reported by
:func:`swlab.board.validate.validate` instead, so the editor can still show it.

Writes are atomic: the file is written beside its target and renamed over it, so a crash
never leaves half a map behind.
"""

from __future__ import annotations

import glob
import json
import math
import os
import stat
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from shapely.geometry import Polygon, mapping

from swlab.board.model import PROFILES, Board, Region, sort_symbols

FORMAT_VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 6


class MapFormatError(ValueError):
    """A map file that cannot be read as a swlab board.

    Attributes name where the problem is, so tools can point at it: ``source`` (file),
    ``feature`` (index in ``features``, or ``None`` for map-level fields), ``region`` (the
    feature's id when known) and ``field`` (a dotted path such as ``properties.terrain``).
    """

    def __init__(
        self,
        source: str,
        message: str,
        *,
        feature: int | None = None,
        region: int | None = None,
        field: str | None = None,
    ) -> None:
        self.source = source
        self.feature = feature
        self.region = region
        self.field = field
        self.detail = message
        where = [source]
        if feature is not None:
            where.append(
                f"feature #{feature}" + (f" (region {region})" if region is not None else "")
            )
        if field is not None:
            where.append(f"field '{field}'")
        super().__init__(": ".join(where) + ": " + message)


def _type_name(value: object) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a decimal number",
    }
    return names.get(type(value), "null" if value is None else f"a {type(value).__name__}")


class _Reader:
    """Walks one decoded GeoJSON document, raising errors that say where."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.feature: int | None = None
        self.region: int | None = None

    def fail(self, field: str | None, message: str) -> MapFormatError:
        return MapFormatError(
            self.source, message, feature=self.feature, region=self.region, field=field
        )

    def get(
        self, obj: Mapping[str, Any], key: str, field: str, kind: type | tuple[type, ...]
    ) -> Any:
        if key not in obj:
            raise self.fail(field, "is missing")
        value = obj[key]
        if not _is_instance(value, kind):
            raise self.fail(field, f"expected {_describe(kind)}, got {_type_name(value)}")
        return value

    def ring(self, value: Any, field: str) -> list[tuple[float, float]]:
        if not isinstance(value, list):
            raise self.fail(field, f"expected a list of positions, got {_type_name(value)}")
        points: list[tuple[float, float]] = []
        for k, position in enumerate(value):
            if (
                not isinstance(position, list)
                or len(position) < 2
                or not all(_is_number(c) for c in position[:2])
            ):
                raise self.fail(f"{field}[{k}]", "expected a position [x, y] of two numbers")
            try:
                x, y = float(position[0]), float(position[1])
            except OverflowError:  # an integer literal too large for a float
                x = y = math.inf
            if not (math.isfinite(x) and math.isfinite(y)):
                raise self.fail(f"{field}[{k}]", "coordinates must be finite numbers")
            points.append((x, y))
        if len(points) < 4:
            raise self.fail(field, f"a ring needs at least 4 positions, got {len(points)}")
        if points[0] != points[-1]:
            raise self.fail(field, "a ring must end where it starts (GeoJSON closes rings)")
        return points

    def polygon(self, geometry: Any, field: str) -> Polygon:
        if not isinstance(geometry, dict):
            raise self.fail(
                field, f"expected a Polygon geometry object, got {_type_name(geometry)}"
            )
        kind = self.get(geometry, "type", f"{field}.type", str)
        if kind != "Polygon":
            raise self.fail(f"{field}.type", f"expected 'Polygon', got {kind!r}")
        rings = self.get(geometry, "coordinates", f"{field}.coordinates", list)
        if not rings:
            raise self.fail(f"{field}.coordinates", "a Polygon needs at least its outer ring")
        parsed = [self.ring(r, f"{field}.coordinates[{k}]") for k, r in enumerate(rings)]
        return Polygon(parsed[0], parsed[1:])


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_instance(value: object, kind: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        return False  # JSON true is not an integer, whatever Python thinks
    return isinstance(value, kind)


def _describe(kind: type | tuple[type, ...]) -> str:
    names = {
        int: "an integer",
        str: "a string",
        list: "a list",
        dict: "an object",
        float: "a number",
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _check_length(r: _Reader, text: str, field: str) -> None:
    """A name no longer than ``swlab.safe_io.FIELD_LIMITS["name"]`` characters."""
    from swlab.safe_io import FIELD_LIMITS

    limit = FIELD_LIMITS["name"]
    if len(text) > limit:
        raise r.fail(field, f"{len(text):,} characters, more than the {limit:,} allowed")


def parse_board(document: Any, source: str = "<map>") -> Board:
    """Build a :class:`Board` from a decoded GeoJSON document.

    Raises
    ------
    MapFormatError
        If the document is not a swlab board; the message names the feature and field.
    """
    r = _Reader(source)
    if not isinstance(document, dict):
        raise r.fail(None, f"expected a GeoJSON object, got {_type_name(document)}")
    kind = r.get(document, "type", "type", str)
    if kind != "FeatureCollection":
        raise r.fail("type", f"expected 'FeatureCollection', got {kind!r}")
    meta = r.get(document, "board", "board", dict)
    name = r.get(meta, "name", "board.name", str)
    _check_length(r, name, "board.name")
    players = r.get(meta, "players", "board.players", int)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise r.fail("board.players", f"must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
    turns = r.get(meta, "turns", "board.turns", int)
    if turns < 1:
        raise r.fail("board.turns", f"must be at least 1, got {turns}")
    outline = r.polygon(r.get(meta, "outline", "board.outline", dict), "board.outline")
    profile = r.get(meta, "profile", "board.profile", str) if "profile" in meta else PROFILES[0]
    if profile not in PROFILES:
        raise r.fail("board.profile", f"expected one of {', '.join(PROFILES)}, got {profile!r}")
    features = r.get(document, "features", "features", list)
    regions = []
    for index, feature in enumerate(features):
        r.feature, r.region = index, None
        if not isinstance(feature, dict):
            raise r.fail(None, f"expected a Feature object, got {_type_name(feature)}")
        if r.get(feature, "type", "type", str) != "Feature":
            raise r.fail("type", f"expected 'Feature', got {feature['type']!r}")
        region_id = r.get(feature, "id", "id", int)
        r.region = region_id
        polygon = r.polygon(r.get(feature, "geometry", "geometry", object), "geometry")
        props = r.get(feature, "properties", "properties", dict)
        terrain = r.get(props, "terrain", "properties.terrain", str)
        symbols = r.get(props, "symbols", "properties.symbols", list) if "symbols" in props else []
        for k, symbol in enumerate(symbols):
            if not isinstance(symbol, str):
                raise r.fail(
                    f"properties.symbols[{k}]", f"expected a string, got {_type_name(symbol)}"
                )
        region_name = props.get("name")
        if region_name is not None and not isinstance(region_name, str):
            raise r.fail("properties.name", f"expected a string, got {_type_name(region_name)}")
        if region_name is not None:
            _check_length(r, region_name, "properties.name")
        regions.append(Region(region_id, terrain, polygon, frozenset(symbols), region_name))
    return Board(name, players, turns, outline, tuple(regions), profile)


def read_board(path: str | os.PathLike[str]) -> Board:
    """Read a board from a GeoJSON file.

    Raises
    ------
    MapFormatError
        For an unreadable file, invalid JSON or a document that is not a swlab board. The
    file is read by :mod:`swlab.safe_io`: regular files only, at most
    ``swlab.safe_io.LIMITS["map"]`` bytes, UTF-8, bounded nesting.
    """
    from swlab.safe_io import InputRefused, parse_json, read_text

    source = str(path)
    try:
        text = read_text(path, "map")
    except InputRefused as err:
        raise MapFormatError(source, err.reason) from None
    if not text.strip():
        raise MapFormatError(source, "the file is empty (expected a GeoJSON FeatureCollection)")
    try:
        # NaN and Infinity parse as floats, so the schema check rejects them with their field
        document = parse_json(text)
    except InputRefused as err:
        raise MapFormatError(source, err.reason) from None
    return parse_board(document, source)


def _polygon_json(polygon: Polygon) -> dict[str, Any]:
    geometry = mapping(polygon)
    return {
        "type": "Polygon",
        "coordinates": [[list(p) for p in ring] for ring in geometry["coordinates"]],
    }


def board_to_geojson(board: Board) -> dict[str, Any]:
    """The GeoJSON document for ``board``; :func:`parse_board` reads it back identically."""
    features = []
    for region in board.regions:
        props: dict[str, Any] = {
            "terrain": region.terrain,
            "symbols": list(sort_symbols(region.symbols)),
        }
        if region.name is not None:
            props["name"] = region.name
        features.append(
            {
                "type": "Feature",
                "id": region.id,
                "geometry": _polygon_json(region.polygon),
                "properties": props,
            }
        )
    return {
        "type": "FeatureCollection",
        "board": {
            "format": FORMAT_VERSION,
            "name": board.name,
            "players": board.players,
            "turns": board.turns,
            "outline": _polygon_json(board.outline),
            **({"profile": board.profile} if board.profile != PROFILES[0] else {}),
        },
        "features": features,
    }


#: A temporary file whose writer cannot be told alive is stale after this many seconds.
STALE_AFTER_S = 3600.0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process: assume it is writing
    return True


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files interrupted writes of ``path`` left beside it.

    :func:`atomic_open` names them ``.NAME.PID.RANDOM.tmp``: one is stale when its process
    is gone (and not this process), or when it is older than :data:`STALE_AFTER_S`
    (a process id can be reused; older swlab versions wrote no id). Returns what was
    removed; a file that cannot be removed is left.
    """
    import time

    target = Path(path)
    removed: list[Path] = []
    try:
        candidates = list(target.parent.glob(f".{glob.escape(target.name)}.*.tmp"))
    except OSError:
        return removed
    now = time.time()
    for tmp in candidates:
        middle = tmp.name[len(target.name) + 2 : -len(".tmp")]
        pid_text = middle.split(".", 1)[0]
        try:
            info = tmp.lstat()
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        old = now - info.st_mtime > STALE_AFTER_S
        gone = pid_text.isdigit() and "." in middle and int(pid_text) != os.getpid()
        gone = gone and not _alive(int(pid_text))
        if old or gone:
            try:
                tmp.unlink()
                removed.append(tmp)
            except OSError:
                pass
    return removed


@contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on success it replaces ``path`` atomically.

    Readers see the old file or the new one, never half of either: the data is flushed
    to disk, then renamed over the target (``os.replace`` is atomic on POSIX and
    Windows). On an error the temporary file is removed and the target left as it was.
    ``mode`` is ``"w"`` (UTF-8 text, ``\\n`` line ends) or ``"wb"``. A process killed
    mid-write leaves its temporary file behind: the next write of the same target removes
    it (:func:`remove_stale_temporaries`).
    """
    target = Path(path)
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp"
    )
    try:
        # mkstemp creates 0600 files; give the file the permissions a plain open() would
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(fd, 0o666 & ~umask)
        text = {"encoding": "utf-8", "newline": "\n"} if "b" not in mode else {}
        with os.fdopen(fd, mode, **text) as handle:  # type: ignore[call-overload]
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_open`)."""
    with atomic_open(path) as handle:
        handle.write(text)


def write_board(board: Board, path: str | os.PathLike[str]) -> None:
    """Save ``board`` as GeoJSON, atomically; one feature per line keeps diffs readable."""
    doc = board_to_geojson(board)
    features = doc.pop("features")
    head = json.dumps(doc, ensure_ascii=False)[:-1]
    lines = ",\n".join("  " + json.dumps(f, ensure_ascii=False) for f in features)
    atomic_write_text(path, f'{head}, "features": [\n{lines}\n]}}\n')

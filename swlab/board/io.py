"""Reading and writing boards as GeoJSON (schema: ``maps/README.md``).

A malformed file raises one :class:`MapFormatError` naming the file, the feature and the
field, so a designer can fix it without reading a traceback. What is well-formed but wrong
(an unknown terrain, overlapping regions, a repeated id) loads fine and is reported by
:func:`swlab.board.validate.validate` instead, so the editor can still show it.

Writes are atomic: the file is written beside its target and renamed over it, so a crash
never leaves half a map behind.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import shapely
import shapely.errors
from numpy.typing import NDArray
from shapely.geometry import Polygon, mapping

from swlab import names
from swlab.board.geometry import grid_size
from swlab.board.model import (
    PROFILES,
    SYMBOL_ALIASES,
    SYMBOLS,
    TERRAINS,
    TURNS_BY_PLAYERS,
    Board,
    Region,
    sort_symbols,
)
from swlab.i18n import _, ngettext, npgettext, number, pgettext
from swlab.safe_io import atomic_write_text

FORMAT_VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 6


def _where(source: str, feature: int | None, region: int | None, field: str | None) -> list[str]:
    """``[file, "feature #3 (region 7)", "field 'geometry'"]``: what a message names."""
    where = [source]
    if feature is not None:
        where.append(
            _("feature #{number} (region {region})").format(number=feature, region=region)
            if region is not None
            else _("feature #{number}").format(number=feature)
        )
    if field is not None:
        where.append(_("field '{field}'").format(field=field))
    return where


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
        super().__init__(": ".join(_where(source, feature, region, field)) + ": " + message)


class MapTooDetailed(MapFormatError):
    """A map refused for its vertices alone, counted in the whole file before any
    geometry is built: ``vertices`` (all its shapes) and ``largest`` (its largest region or
    outline). ``simplifiable``: within ``MAP_LIMITS["simplify_vertices"]``, so
    ``read_board(..., simplify=True)`` reads it simplified (an editor can offer that);
    beyond it, a GIS tool must simplify it first, as the message says."""

    def __init__(
        self,
        source: str,
        message: str,
        *,
        vertices: int,
        largest: int,
        simplifiable: bool,
        feature: int | None = None,
        region: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(source, message, feature=feature, region=region, field=field)
        self.vertices = vertices
        self.largest = largest
        self.simplifiable = simplifiable


@dataclass(frozen=True)
class MapWarning:
    """Something the reader accepted from a file not written by swlab, and what it made of
    it (an id it numbered, a player count it assumed, a ring it reversed).

    The same places as :class:`MapFormatError` (``feature`` and ``region`` are ``None``
    when the warning is about the whole map or several features); ``str()`` is the line
    ``swlab map check`` prints.
    """

    source: str
    message: str
    feature: int | None = None
    region: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        return ": ".join(_where(self.source, self.feature, self.region, self.field)) + (
            ": " + self.message
        )


#: Region counts of the official boards (R-COMP-1): a file without a player count gets
#: the count whose official board is nearest its own number of regions.
OFFICIAL_REGIONS: dict[int, int] = {2: 23, 3: 30, 4: 39, 5: 48}

#: Where a plain GeoJSON file may keep a region's id, in the order they are tried.
ID_FIELDS = ("id", "properties.id", "properties.fid")

#: How many region ids a warning lists before "and N more".
LISTED_IDS = 10


def default_players(regions: int) -> int:
    """The player count whose official board has the nearest number of regions
    (ties: the smaller count); used when a file does not say (R-COMP-1)."""
    return min(OFFICIAL_REGIONS, key=lambda p: (abs(OFFICIAL_REGIONS[p] - regions), p))


def _type_name(value: object) -> str:
    names = {
        dict: _("an object"),
        list: _("a list"),
        str: _("a string"),
        bool: _("a boolean"),
        int: _("an integer"),
        float: _("a decimal number"),
    }
    if value is None:
        return "null"  # i18n: not prose: the JSON word
    return names.get(type(value), _("a {type}").format(type=type(value).__name__))


def _listed(ids: list[int]) -> str:
    shown = ", ".join(str(i) for i in ids[:LISTED_IDS])
    more = len(ids) - LISTED_IDS
    return _("{ids} and {more} more").format(ids=shown, more=more) if more > 0 else shown


def _ring_positions(rings: Any) -> int:
    """The positions of a list of rings, as counted before any is read."""
    if not isinstance(rings, list):
        return 0
    return sum(len(ring) for ring in rings if isinstance(ring, list | np.ndarray))


def _shape_positions(geometry: Any) -> int:
    """The positions of a Polygon or MultiPolygon geometry object (0 for anything else)."""
    if not isinstance(geometry, dict):
        return 0
    coordinates = geometry.get("coordinates")
    if geometry.get("type") == "MultiPolygon" and isinstance(coordinates, list):
        return sum(_ring_positions(part) for part in coordinates)
    return _ring_positions(coordinates)


class _Reader:
    """Walks one decoded GeoJSON document, raising errors and noting warnings that say
    where."""

    def __init__(self, source: str, simplify: bool = False) -> None:
        from swlab.safe_io import MAP_LIMITS

        self.source = source
        self.feature: int | None = None
        self.region: int | None = None
        self.warnings: list[MapWarning] = []
        #: warnings about many features at once: sentence -> features (index, region id)
        self.notes: dict[str, list[tuple[int, int | None]]] = {}
        self.coordinate_limit = float(MAP_LIMITS["coordinate"])
        self.region_vertices = int(MAP_LIMITS["region_vertices"])
        self.map_vertices = int(MAP_LIMITS["map_vertices"])
        #: a map over the limits is read to be simplified (:mod:`swlab.board.simplify`)
        #: up to the hard limit, beyond any use of more detail
        self.simplify = simplify
        self.hard_vertices = int(MAP_LIMITS["simplify_vertices"])
        self.vertices = 0
        self.largest = 0
        #: the decoded document, counted in full when a limit refuses it
        self.document: Any = None
        #: a plain FeatureCollection (no ``board`` member), not a file swlab wrote
        self.plain = False

    def fail(self, field: str | None, message: str) -> MapFormatError:
        return MapFormatError(
            self.source, message, feature=self.feature, region=self.region, field=field
        )

    def warn(self, field: str | None, message: str, *, feature: bool = True) -> None:
        at = self.feature if feature else None
        region = self.region if feature else None
        self.warnings.append(MapWarning(self.source, message, at, region, field))

    def note(self, sentence: str) -> None:
        """Remember that the current feature needed ``sentence`` (see :meth:`flush`)."""
        assert self.feature is not None
        self.notes.setdefault(sentence, []).append((self.feature, self.region))

    def flush(self, ids: dict[int, int]) -> None:
        """One warning per noted sentence, naming the one feature or listing the regions.

        ``ids`` gives the region id of every feature, numbered ones included.
        """
        for sentence, where in self.notes.items():
            if len(where) == 1:
                feature = where[0][0]
                self.warnings.append(MapWarning(self.source, sentence, feature, ids.get(feature)))
            else:
                regions = sorted(ids[f] for f, _ in where)
                self.warnings.append(
                    MapWarning(
                        self.source,
                        ngettext(
                            "{count} region ({regions}): {sentence}",
                            "{count} regions ({regions}): {sentence}",
                            len(where),
                        ).format(count=len(where), regions=_listed(regions), sentence=sentence),
                    )
                )
        self.notes.clear()

    def get(
        self, obj: Mapping[str, Any], key: str, field: str, kind: type | tuple[type, ...]
    ) -> Any:
        if key not in obj:
            raise self.fail(field, _("is missing"))
        value = obj[key]
        if not _is_instance(value, kind):
            raise self.fail(
                field,
                _("expected {kinds}, got {type_name}").format(
                    kinds=_describe(kind), type_name=_type_name(value)
                ),
            )
        return value

    def count(self, rings: list[Any], field: str) -> None:
        """Refuse a region or map over ``MAP_LIMITS`` before any position is read."""
        positions = _ring_positions(rings)
        if self.simplify:
            self.vertices += positions
            self.largest = max(self.largest, positions)
            if self.vertices > self.hard_vertices:
                raise self.too_detailed(field, "")  # the hard limit's own refusal
            return
        if positions > self.region_vertices:
            what = _("a region") if self.feature is not None else _("the outline")
            raise self.too_detailed(
                field,
                _(
                    "{positions} vertices, more than the {region_vertices} {what} may have "
                    "(swlab.safe_io.MAP_LIMITS): let swlab simplify it (`swlab map check FILE "
                    "--simplify`, or `MapEditor.load(FILE, simplify=True)`), or simplify it "
                    "with QGIS's Vector > Geometry Tools > Simplify"
                ).format(
                    positions=number(positions),
                    region_vertices=number(self.region_vertices),
                    what=what,
                ),
            )
        self.vertices += positions
        if self.vertices > self.map_vertices:
            raise self.too_detailed(
                field,
                _(
                    "the map has more than the {map_vertices} vertices a map may have "
                    "(swlab.safe_io.MAP_LIMITS) by this feature: simplify its regions (`swlab "
                    "map check FILE --simplify`, or `MapEditor.load(FILE, simplify=True)`)"
                ).format(map_vertices=number(self.map_vertices)),
            )

    def too_detailed(self, field: str, message: str) -> MapTooDetailed:
        """The refusal of a map over the vertex limits, ``message`` at the current feature,
        with the whole file counted (lengths of lists only: cheap, and nothing built). A
        file beyond the hard limit gets the hard limit's refusal, at the feature that
        crosses it, whether or not it was read to be simplified: offering swlab's
        simplification there would only lead to a second refusal."""
        shapes = self.shape_positions()
        total = sum(shapes.values())
        largest = max(shapes.values(), default=0)
        if total <= self.hard_vertices:
            return MapTooDetailed(
                self.source,
                message,
                vertices=total,
                largest=largest,
                simplifiable=True,
                feature=self.feature,
                region=self.region,
                field=field,
            )
        running, feature = 0, self.feature
        for index, positions in shapes.items():
            running += positions
            if running > self.hard_vertices:
                feature = index
                break
        if feature != self.feature:
            field = "geometry"
        return MapTooDetailed(
            self.source,
            _(
                "the map has more than the {hard} vertices a map may have even to be "
                "simplified (swlab.safe_io.MAP_LIMITS) by this feature: simplify it "
                "first, e.g. with mapshaper or QGIS's Vector > Geometry Tools > "
                "Simplify, keeping shared borders together"
            ).format(hard=number(self.hard_vertices)),
            vertices=total,
            largest=largest,
            simplifiable=False,
            feature=feature,
            region=self.region if feature == self.feature else None,
            field=field,
        )

    def shape_positions(self) -> dict[int | None, int]:
        """The positions of each shape of the document, in reading order: the outline
        (key ``None``), then each feature by its index."""
        document = self.document if isinstance(self.document, dict) else {}
        found: dict[int | None, int] = {}
        meta = document.get("board", document.get("properties"))
        if isinstance(meta, dict):
            found[None] = _shape_positions(meta.get("outline"))
        features = document.get("features")
        for index, feature in enumerate(features if isinstance(features, list) else []):
            if isinstance(feature, dict):
                found[index] = _shape_positions(feature.get("geometry"))
        return found

    def ring(self, value: Any, field: str) -> NDArray[np.float64]:
        """A ring's positions as an ``(n, 2)`` array, checked; the first bad position is
        named (:meth:`positions`)."""
        limit = self.coordinate_limit
        points: NDArray[np.float64] | None = None
        if isinstance(value, np.ndarray):  # read before (MapFile.compact): checked again
            if np.isfinite(value).all() and (np.abs(value) <= limit).all():
                points = value
            else:
                value = value.tolist()
        elif not isinstance(value, list):
            raise self.fail(
                field,
                _("expected a list of positions, got {type_name}").format(
                    type_name=_type_name(value)
                ),
            )
        else:
            points = _positions(value, limit)
        if points is None:  # a position to name, or one the quick reading leaves alone
            read = self.positions(value, field)
            points = np.asarray(read, dtype=np.float64).reshape(-1, 2)
        if len(points) < 4:
            raise self.fail(
                field, _("a ring needs at least 4 positions, got {count}").format(count=len(points))
            )
        if not np.array_equal(points[0], points[-1]):
            raise self.fail(field, _("a ring must end where it starts (GeoJSON closes rings)"))
        return points

    def positions(self, value: list[Any], field: str) -> list[tuple[float, float]]:
        """The positions of a ring, one at a time: the first that is not two finite
        numbers within the coordinate limit is refused, naming it."""
        points: list[tuple[float, float]] = []
        limit = self.coordinate_limit
        for k, position in enumerate(value):
            if (
                not isinstance(position, list)
                or len(position) < 2
                or not all(_is_number(c) for c in position[:2])
            ):
                raise self.fail(f"{field}[{k}]", _("expected a position [x, y] of two numbers"))
            try:
                x, y = float(position[0]), float(position[1])
            except OverflowError:  # an integer literal too large for a float
                x = y = math.inf
            if not (math.isfinite(x) and math.isfinite(y)):
                raise self.fail(f"{field}[{k}]", _("coordinates must be finite numbers"))
            if abs(x) > limit or abs(y) > limit:
                big = x if abs(x) > limit else y
                raise self.fail(
                    f"{field}[{k}]",
                    _(
                        "coordinate {big} is beyond ±{limit}, the largest a map may use "
                        "(swlab.safe_io.MAP_LIMITS)"
                    ).format(big=f"{big:g}", limit=f"{limit:g}"),
                )
            points.append((x, y))
        return points

    def rings(self, rings: list[Any], field: str) -> Polygon:
        if not rings:
            raise self.fail(field, _("a Polygon needs at least its outer ring"))
        self.count(rings, field)
        parsed = [self.ring(ring, f"{field}[{k}]") for k, ring in enumerate(rings)]
        return Polygon(parsed[0], parsed[1:])

    def polygon(self, geometry: Any, field: str) -> Polygon:
        """A Polygon geometry object (the outline: swlab's own member, written by swlab)."""
        if not isinstance(geometry, dict):
            raise self.fail(
                field,
                _("expected a Polygon geometry object, got {type_name}").format(
                    type_name=_type_name(geometry)
                ),
            )
        kind = self.get(geometry, "type", f"{field}.type", str)
        if kind != "Polygon":
            raise self.fail(
                f"{field}.type", _("expected 'Polygon', got {found}").format(found=repr(kind))
            )
        rings = self.get(geometry, "coordinates", f"{field}.coordinates", list)
        return self.rings(rings, f"{field}.coordinates")

    def region_shape(self, geometry: Any, field: str) -> Polygon:
        """A region's Polygon, or a MultiPolygon of one part (what QGIS and mapshaper
        write for every shape). Rings are kept as drawn: orientation means nothing to the
        rules, and a swlab file reads back exactly as it was saved; a plain file's clockwise
        outer ring is noted, since RFC 7946 asks for counter-clockwise."""
        if not isinstance(geometry, dict):
            raise self.fail(
                field,
                _("expected a Polygon geometry object, got {type_name}").format(
                    type_name=_type_name(geometry)
                ),
            )
        kind = self.get(geometry, "type", f"{field}.type", str)
        coordinates = self.get(geometry, "coordinates", f"{field}.coordinates", list)
        if kind == "MultiPolygon":
            if not coordinates:
                raise self.fail(f"{field}.coordinates", _("a MultiPolygon needs one polygon"))
            if len(coordinates) > 1:
                raise self.fail(
                    f"{field}.coordinates",
                    _(
                        "a MultiPolygon of {count} parts: a region is one piece of land, so make "
                        "each part a feature of its own (or join the parts)"
                    ).format(count=len(coordinates)),
                )
            if not isinstance(coordinates[0], list):
                raise self.fail(
                    f"{field}.coordinates[0]",
                    _("expected a list of rings, got {type_name}").format(
                        type_name=_type_name(coordinates[0])
                    ),
                )
            self.note(_("a MultiPolygon of one part, read as a Polygon"))
            polygon = self.rings(coordinates[0], f"{field}.coordinates[0]")
        elif kind == "Polygon":
            polygon = self.rings(coordinates, f"{field}.coordinates")
        else:
            raise self.fail(
                f"{field}.type",
                _("expected 'Polygon' (or a MultiPolygon of one part), got {kind}").format(
                    kind=repr(kind)
                ),
            )
        if self.plain and not polygon.exterior.is_ccw:
            self.note(
                _(
                    "outer ring drawn clockwise (RFC 7946 asks for counter-clockwise); read as "
                    "drawn, which changes nothing in swlab"
                )
            )
        return polygon


def _positions(value: list[Any], limit: float) -> NDArray[np.float64] | None:
    """``value``'s positions as an ``(n, 2)`` array when each is a list of numbers (two, or
    more of which the first two are kept, all of one length), finite and within ``limit``;
    else ``None``, for :meth:`_Reader.positions` to name the position at fault. Checked a
    ring at a time by C loops (types, lengths, NumPy): a GIS export of a coastline has
    hundreds of thousands of positions, which a Python loop took seconds over."""
    if not value or set(map(type, value)) != {list}:
        return None
    lengths = set(map(len, value))
    if len(lengths) != 1 or min(lengths) < 2:
        return None
    if not set(map(type, itertools.chain.from_iterable(value))) <= {int, float}:
        return None  # a bool, a string, null: JSON true is not a number here
    try:
        array = np.array(value, dtype=float)
    except (OverflowError, TypeError, ValueError):
        return None
    points = np.ascontiguousarray(array[:, :2])
    if not (np.isfinite(points).all() and (np.abs(points) <= limit).all()):
        return None
    return points


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_instance(value: object, kind: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        return False  # JSON true is not an integer, whatever Python thinks
    return isinstance(value, kind)


def _describe(kind: type | tuple[type, ...]) -> str:
    names = {
        int: _("an integer"),
        str: _("a string"),
        list: _("a list"),
        dict: _("an object"),
        float: _("a number"),
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    words = [names.get(k, k.__name__) for k in kinds]
    said = words[0]
    for word in words[1:]:
        said = _("{kind} or {other}").format(kind=said, other=word)
    return said


def _check_length(r: _Reader, text: str, field: str) -> None:
    """A name no longer than ``swlab.safe_io.FIELD_LIMITS["name"]`` characters."""
    from swlab.safe_io import FIELD_LIMITS

    limit = FIELD_LIMITS["name"]
    if len(text) > limit:
        raise r.fail(
            field,
            _("{count} characters, more than the {limit} allowed").format(
                count=number(len(text)), limit=number(limit)
            ),
        )


def _map_fields(r: _Reader, document: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """The map-level fields and where they are: swlab's ``board`` member, else the
    top-level ``properties`` some tools write, else none at all. Top-level ``properties``
    that are not an object are refused, not taken for absent (``null`` is absent, as GIS
    tools write an empty attribute)."""
    top = document.get("properties")
    if top is not None and not isinstance(top, dict):
        raise r.fail(
            "properties",
            _("expected an object (the map's name, players and turns), got {type_name}").format(
                type_name=_type_name(top)
            ),
        )
    if "board" in document:
        return r.get(document, "board", "board", dict), "board"
    if isinstance(top, dict):
        return top, "properties"
    return {}, "board"


def _region_id(r: _Reader, feature: Mapping[str, Any]) -> int | None:
    """The Feature ``id``, else ``properties.id``, else ``properties.fid`` (QGIS,
    GeoPackage); ``None`` when there is none. Ids are whole numbers, 0 or more."""
    props = feature.get("properties")
    for field in ID_FIELDS:
        holder: Any = props if field.startswith("properties.") else feature
        key = field.rsplit(".", 1)[-1]
        if not isinstance(holder, dict) or holder.get(key) is None:
            continue
        value = holder[key]
        if not _is_instance(value, int):
            raise r.fail(
                field, _("expected an integer, got {type_name}").format(type_name=_type_name(value))
            )
        if value < 0:
            raise r.fail(
                field,
                _("a region id is a whole number of 0 or more, got {value}").format(value=value),
            )
        return int(value)
    return None


def _known_word(
    r: _Reader, word: str, known: tuple[str, ...], what: str, aliases: Mapping[str, str]
) -> str:
    """A known terrain or symbol written in other letters, with spaces around it or by
    another name (``Forest``, ``cave``), as the known word (noted); any other word as
    written, for the validator to report."""
    if word in known:
        return word
    clean = word.strip().lower()
    clean = aliases.get(clean, clean)
    if clean in known:
        r.note(
            _("{what} {word} read as {lower}").format(what=what, word=repr(word), lower=repr(clean))
        )
        return clean
    return word


def _as_text(r: _Reader, value: object, field: str) -> str:
    """A value a GIS tool wrote where a word belongs (a number, a list) as its JSON text,
    with a warning: kept for the designer to see, never dropped."""
    text = json.dumps(value, ensure_ascii=False)
    r.warn(
        field,
        _("expected a string, got {type_name}: read as {text}").format(
            type_name=_type_name(value), text=repr(text)
        ),
    )
    return text


def _properties(r: _Reader, feature: Mapping[str, Any]) -> Mapping[str, Any]:
    """The feature's ``properties``; absent or ``null`` (valid GeoJSON) is none at all, so
    the region opens without a terrain."""
    if feature.get("properties") is None:
        return {}
    return dict(r.get(feature, "properties", "properties", dict))


def _terrain(r: _Reader, props: Mapping[str, Any]) -> str:
    """The region's terrain; ``""`` when the file gives none (absent, ``null`` or blank, as
    GIS tools write an empty attribute): :func:`swlab.board.validate.validate` reports it
    and the editor's terrain buttons set it."""
    value = props.get("terrain")
    if value is None:
        return ""
    if not isinstance(value, str):
        value = _as_text(r, value, "properties.terrain")
    if not value.strip():
        return ""
    return _known_word(r, value, TERRAINS, "terrain", {})


def _symbols(r: _Reader, props: Mapping[str, Any]) -> list[str]:
    """The region's symbols, each once: a list, or text such as ``"mine, cave"`` (a GIS
    attribute) read as a comma-separated list (noted); known words in other letters or by
    another name (:data:`~swlab.board.model.SYMBOL_ALIASES`) as the rulebook's word; an
    unknown word kept, for the validator to report and the editor to remove."""
    value = props.get("symbols")
    if value is None:  # absent, or null as GIS tools write an empty attribute
        return []
    if isinstance(value, str):
        items: list[Any] = [part for part in re.split(r"[,;]", value) if part.strip()]
        r.note(_("symbols written as text: read as a comma-separated list"))
    elif isinstance(value, list):
        items = value
    else:
        items = [_as_text(r, value, "properties.symbols")]
    seen: list[str] = []
    for k, symbol in enumerate(items):
        if symbol is None or (isinstance(symbol, str) and not symbol.strip()):
            r.note(_("an empty symbol (null or blank) left out"))
            continue
        if not isinstance(symbol, str):
            symbol = _as_text(r, symbol, f"properties.symbols[{k}]")
        word = _known_word(r, symbol.strip(), SYMBOLS, _("symbol"), SYMBOL_ALIASES)
        if word in seen:
            r.note(_("a symbol listed twice: read once"))
            continue
        seen.append(word)
    return seen


def _region_name(r: _Reader, props: Mapping[str, Any]) -> str | None:
    """The region's display name (a number or a list as its JSON text, with a warning)."""
    value = props.get("name")
    if value is None:
        return None
    if not isinstance(value, str):
        value = _as_text(r, value, "properties.name")
    _check_length(r, value, "properties.name")
    return str(value)


def _default_outline(polygons: list[Polygon]) -> tuple[Polygon, str]:
    """The outer boundary of all regions (holes filled, so a hole is reported as a gap),
    or their convex hull when they form separate pieces; and a sentence saying which."""
    shapes = [p if p.is_valid else shapely.make_valid(p) for p in polygons]
    try:
        union = shapely.union_all(
            shapes, grid_size=grid_size(shapely.union_all([s.envelope for s in shapes]).envelope)
        )
    except shapely.errors.GEOSException:  # shapes too broken to join: their bounding box
        union = shapely.union_all([s.envelope for s in shapes]).envelope
    if union.geom_type == "Polygon" and not union.is_empty:
        return Polygon(union.exterior), _("using the outer boundary of all regions")
    pieces = len(shapely.get_parts(union))
    hull = union.convex_hull
    if hull.geom_type != "Polygon":
        hull = union.envelope
    if hull.geom_type != "Polygon":
        hull = hull.buffer(1.0, cap_style="square")
    return hull, _("the regions form {pieces} separate pieces: using their convex hull").format(
        pieces=pieces
    )


def parse_board(
    document: Any,
    source: str = "<map>",
    *,
    players: int | None = None,
    turns: int | None = None,
    warnings: list[MapWarning] | None = None,
    simplify: bool = False,
) -> Board:
    """Build a :class:`Board` from a decoded GeoJSON document.

    A swlab file keeps its map-level fields in the ``board`` member; a plain
    FeatureCollection (QGIS, geojson.io, mapshaper, geopandas) may keep them in top-level
    ``properties`` or not at all. What is missing is filled in, and each guess appended to
    ``warnings`` (when given) as a :class:`MapWarning`:

    - name: the top-level ``name`` (GDAL's layer name), else the file's name;
    - players: ``players``, else the official board nearest in region count
      (:func:`default_players`); turns: ``turns``, else the turn track of R-COMP-1;
    - outline: the outer boundary of all regions;
    - a region's id: the Feature ``id``, else ``properties.id``, else ``properties.fid``;
      when no feature has one, 1, 2, ... in file order (a feature without an id among
      features with ids is refused, naming it).

    A MultiPolygon of one part, a clockwise outer ring (in a plain file), a terrain or
    symbol in other letters (``Forest``) or by another name (``cave``), symbols written as
    text (``"mine, cave"``), a symbol listed twice and a number where a word belongs are
    read with a warning. A region without a terrain (absent, ``null``, blank) or with an
    unknown word opens, for :func:`swlab.board.validate.validate` to report; only what
    cannot be shown at all (no geometry, no regions) is refused. A file's own ``players``
    and ``turns`` win over the arguments (with a warning). Unknown fields are ignored.

    A map over ``MAP_LIMITS`` (vertices of a region or of the map) is refused, naming the
    way to simplify it; with ``simplify`` it is read up to ``MAP_LIMITS["simplify_vertices"]``
    and simplified under the limits without opening gaps or overlaps between regions
    (:func:`swlab.board.simplify.simplify_regions`), with a warning that gives the
    tolerance and the vertex counts before and after.

    Raises
    ------
    MapFormatError
        If the document is not a board; the message names the feature and field. A map
        refused for its vertices alone raises :class:`MapTooDetailed` (a subclass), which
        says whether ``simplify`` would read it.
    """
    r = _Reader(source, simplify=simplify)
    r.document = document
    if not isinstance(document, dict):
        raise r.fail(
            None,
            _("expected a GeoJSON object, got {type_name}").format(type_name=_type_name(document)),
        )
    kind = r.get(document, "type", "type", str)
    if kind != "FeatureCollection":
        raise r.fail(
            "type", _("expected 'FeatureCollection', got {found}").format(found=repr(kind))
        )
    meta, prefix = _map_fields(r, document)
    r.plain = "board" not in document
    name = _board_name(r, document, meta, prefix)
    outline = (
        r.polygon(r.get(meta, "outline", f"{prefix}.outline", dict), f"{prefix}.outline")
        if "outline" in meta
        else None
    )
    profile = r.get(meta, "profile", f"{prefix}.profile", str) if "profile" in meta else PROFILES[0]
    if profile not in PROFILES:
        raise r.fail(
            f"{prefix}.profile",
            _("expected one of {profiles}, got {profile}").format(
                profiles=", ".join(PROFILES), profile=repr(profile)
            ),
        )
    features = r.get(document, "features", "features", list)
    if not features:
        raise r.fail("features", _("is empty: a board needs at least one region (a Feature)"))
    found: list[tuple[int | None, Polygon, str, list[str], str | None]] = []
    #: the first feature without a region id, and the first with one
    missing: int | None = None
    having: int | None = None
    for index, feature in enumerate(features):
        r.feature, r.region = index, None
        if not isinstance(feature, dict):
            raise r.fail(
                None,
                _("expected a Feature object, got {type_name}").format(
                    type_name=_type_name(feature)
                ),
            )
        if r.get(feature, "type", "type", str) != "Feature":
            raise r.fail(
                "type", _("expected 'Feature', got {found}").format(found=repr(feature["type"]))
            )
        region_id = _region_id(r, feature)
        r.region = region_id
        polygon = r.region_shape(r.get(feature, "geometry", "geometry", object), "geometry")
        props = _properties(r, feature)
        terrain = _terrain(r, props)
        symbols = _symbols(r, props)
        region_name = _region_name(r, props)
        found.append((region_id, polygon, terrain, symbols, region_name))
        if region_id is None:
            missing = index if missing is None else missing
        elif having is None:
            having = index
        if missing is not None and having is not None:  # refused before reading further
            _refuse_unnumbered(r, missing, found[missing][4], having)
    r.feature = r.region = None
    ids = _number_regions(r, [f[0] for f in found])
    r.flush(ids)
    regions = tuple(
        Region(ids[k], terrain, polygon, frozenset(symbols), region_name)
        for k, (_, polygon, terrain, symbols, region_name) in enumerate(found)
    )
    found.clear()  # the polygons live on in the regions only
    if simplify and (r.vertices > r.map_vertices or r.largest > r.region_vertices):
        regions, outline = _simplified(r, regions, outline)
    if outline is None:
        outline, how = _default_outline([region.polygon for region in regions])
        r.warn(f"{prefix}.outline", _("no outline: {how}").format(how=how))
    players = _players(r, meta, prefix, players, len(regions))
    turns = _turns(r, meta, prefix, turns, players)
    if warnings is not None:
        warnings.extend(r.warnings)
    return Board(
        name=name, players=players, turns=turns, outline=outline, regions=regions, profile=profile
    )


def _simplified(
    r: _Reader, regions: tuple[Region, ...], outline: Polygon | None
) -> tuple[tuple[Region, ...], Polygon | None]:
    """The regions and outline simplified under ``MAP_LIMITS`` together (shared borders
    once, so no gap or overlap opens), and the warning that says how."""
    from dataclasses import replace

    from swlab.board.simplify import NoTolerance, simplify_regions

    try:
        done = simplify_regions(
            [region.polygon for region in regions],
            outline,
            map_vertices=r.map_vertices,
            region_vertices=r.region_vertices,
        )
    except NoTolerance as error:
        raise r.fail(
            None,
            _(
                "cannot be simplified under the limits (swlab.safe_io.MAP_LIMITS) with any "
                "tolerance up to {tolerance} map units: simplify it first with a GIS tool"
            ).format(tolerance=f"{error.tolerance:g}"),
        ) from None
    except shapely.errors.GEOSException as error:
        raise r.fail(
            None,
            _("cannot be simplified: the geometry library refused it ({error})").format(
                error=error
            ),
        ) from None
    # first of the reader's warnings: the one change to every region of the file
    said = MapWarning(
        r.source,
        _(
            "{before} vertices, more than the {limit} a map may have: simplified with a "
            "tolerance of {tolerance} map units to {after} vertices, shared borders kept "
            "together"
        ).format(
            before=number(done.before),
            limit=number(r.map_vertices),
            tolerance=f"{done.tolerance:g}",
            after=number(done.after),
        ),
    )
    r.warnings.insert(0, said)
    simplified = tuple(
        replace(region, polygon=polygon)
        for region, polygon in zip(regions, done.polygons, strict=True)
    )
    return simplified, done.outline if outline is not None else None


def _board_name(
    r: _Reader, document: Mapping[str, Any], meta: Mapping[str, Any], prefix: str
) -> str:
    if "name" in meta:
        name = r.get(meta, "name", f"{prefix}.name", str)
        _check_length(r, name, f"{prefix}.name")
        return str(name)
    layer = document.get("name")
    if isinstance(layer, str) and layer.strip():
        _check_length(r, layer, "name")
        return layer
    stem = Path(r.source).stem.strip("<>") or "board"
    r.warn(
        f"{prefix}.name", _("no board name: named {name} after the file").format(name=repr(stem))
    )
    return stem[:100]


def _refuse_unnumbered(r: _Reader, index: int, name: str | None, other: int) -> None:
    """Refuse feature ``index``, which has no region id while feature ``other`` has one:
    scenarios and records refer to regions by id, so an id the reader made up for it would
    be nobody's choice."""
    r.feature, r.region = index, None
    if name:
        reason = _(
            "the region named {name} has no region id ({fields}), while feature #{other} has "
            "one: scenarios and records refer to regions by id, so give it one"
        )
    else:
        reason = _(
            "this feature has no region id ({fields}), while feature #{other} has one: "
            "scenarios and records refer to regions by id, so give it one"
        )
    fields = ", ".join(ID_FIELDS)
    raise r.fail("id", reason.format(name=repr(name), fields=fields, other=other))


def _number_regions(r: _Reader, given: list[int | None]) -> dict[int, int]:
    """Every feature's region id: its own, or (when no feature has one) the lowest id no
    feature uses, in file order."""
    used = {i for i in given if i is not None}
    ids: dict[int, int] = {}
    numbered: list[int] = []
    candidate = 1
    for index, region_id in enumerate(given):
        if region_id is None:
            while candidate in used:
                candidate += 1
            used.add(candidate)
            region_id = candidate
            numbered.append(index)
        ids[index] = region_id
    if numbered:
        fields = ", ".join(ID_FIELDS)
        if len(numbered) == 1:
            r.warnings.append(
                MapWarning(
                    r.source,
                    _("no region id ({fields}): numbered {number}").format(
                        fields=fields, number=ids[numbered[0]]
                    ),
                    numbered[0],
                    ids[numbered[0]],
                )
            )
        else:
            listed = _listed([ids[k] for k in numbered])
            r.warnings.append(
                MapWarning(
                    r.source,
                    _(
                        "{count} features have no region id ({fields}): numbered {listed} in file "
                        "order"
                    ).format(count=len(numbered), fields=fields, listed=listed),
                )
            )
    return ids


def _players(
    r: _Reader, meta: Mapping[str, Any], prefix: str, asked: int | None, regions: int
) -> int:
    """The file's player count (2 to 6), else ``asked``, else :func:`default_players`."""
    field = f"{prefix}.players"
    if asked is not None and not MIN_PLAYERS <= asked <= MAX_PLAYERS:
        raise r.fail(
            None,
            _("players must be {min_players} to {max_players}, not {asked}").format(
                min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, asked=asked
            ),
        )
    if "players" in meta:
        players = int(r.get(meta, "players", field, int))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise r.fail(
                field,
                _("must be {min_players} to {max_players}, got {players}").format(
                    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, players=players
                ),
            )
        if asked is not None and asked != players:
            r.warn(
                field,
                ngettext(
                    "the file gives {players} player: the {asked} asked for are not used",
                    "the file gives {players} players: the {asked} asked for are not used",
                    players,
                ).format(players=players, asked=asked),
            )
        return players
    if asked is not None:
        r.warn(
            field,
            _("no player count in the file: {players}, as asked").format(
                players=names.players(asked)
            ),
        )
        return asked
    players = default_players(regions)
    r.warn(
        field,
        _(
            "no player count in the file: {players} assumed, as on the official board "
            "nearest its {regions} ({official}); say how many with --players or in the file"
        ).format(
            players=names.players(players),
            regions=names.regions(regions),
            official=OFFICIAL_REGIONS[players],
        ),
    )
    return players


def _turns(
    r: _Reader, meta: Mapping[str, Any], prefix: str, asked: int | None, players: int
) -> int:
    """The file's turn count (1 or more), else ``asked``, else R-COMP-1's turn track."""
    field = f"{prefix}.turns"
    if asked is not None and asked < 1:
        raise r.fail(
            None, pgettext("round", "turns must be at least 1, not {asked}").format(asked=asked)
        )
    if "turns" in meta:
        turns = int(r.get(meta, "turns", field, int))
        if turns < 1:
            raise r.fail(field, _("must be at least 1, got {turns}").format(turns=turns))
        if asked is not None and asked != turns:
            r.warn(
                field,
                npgettext(
                    "round",
                    "the file gives {turns} turn: the {asked} asked for are not used",
                    "the file gives {turns} turns: the {asked} asked for are not used",
                    turns,
                ).format(turns=turns, asked=asked),
            )
        return turns
    if asked is not None:
        r.warn(
            field,
            pgettext("round", "no turn count in the file: {turns}, as asked").format(
                turns=names.rounds(asked)
            ),
        )
        return asked
    turns = TURNS_BY_PLAYERS[players]
    r.warn(
        field,
        pgettext(
            "round",
            "no turn count in the file: {turns}, the turn track for {players} "
            "(R-COMP-1); say how many with --turns or in the file",
        ).format(turns=names.rounds(turns), players=names.players(players)),
    )
    return turns


def read_board(
    path: str | os.PathLike[str],
    *,
    players: int | None = None,
    turns: int | None = None,
    warnings: list[MapWarning] | None = None,
    simplify: bool = False,
) -> Board:
    """Read a board from a GeoJSON file: swlab's own or a plain FeatureCollection
    (see :func:`parse_board` for what is filled in and warned about, and for
    ``simplify``: a map over the vertex limits simplified under them, with a warning).

    Raises
    ------
    MapFormatError
        For an unreadable file, invalid JSON or a document that is not a board. The file
        is read by :mod:`swlab.safe_io`: regular files only, at most
        ``swlab.safe_io.LIMITS["map"]`` bytes, UTF-8 (a byte-order mark is dropped, with a
        warning), bounded nesting, coordinates and vertices within ``MAP_LIMITS``.
    """
    return MapFile.read(path).board(
        players=players, turns=turns, warnings=warnings, simplify=simplify
    )


@dataclass(frozen=True)
class MapFile:
    """A map file read and its JSON decoded, the board not built yet (:func:`read_board`
    is :meth:`read`, then :meth:`board`).

    What the editor keeps of a file it refused for its vertices while it offers to
    simplify it: "simplify" then builds the board from the same document instead of
    reading and decoding the 10 MB again, unless the file changed meanwhile
    (:meth:`current`). ``warnings`` are the reader's about the bytes (a byte-order mark);
    ``stamp`` is the file's device, inode, size and modification time when it was read.
    """

    source: str
    document: Any = dataclasses.field(repr=False)
    warnings: tuple[MapWarning, ...]
    stamp: tuple[int, int, int, int]

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> MapFile:
        """The file at ``path``, read and decoded by :mod:`swlab.safe_io` (see
        :func:`read_board`); raises :class:`MapFormatError` as it does."""
        from swlab.safe_io import InputRefused, decode_utf8, parse_json, read_bytes

        source = str(path)
        found: list[MapWarning] = []
        stamp = _stamp(path)  # before reading: a file changed later has another stamp
        try:
            data = read_bytes(path, "map")
            text = decode_utf8(data)
        except InputRefused as err:
            raise MapFormatError(source, err.reason) from None
        if data.startswith(b"\xef\xbb\xbf"):
            found.append(MapWarning(source, _("starts with a UTF-8 byte-order mark, ignored")))
        del data
        if not text.strip():
            raise MapFormatError(
                source, _("the file is empty (expected a GeoJSON FeatureCollection)")
            )
        try:
            # NaN and Infinity parse as floats: the schema check rejects them, naming them
            document = parse_json(text)
        except InputRefused as err:
            raise MapFormatError(source, err.reason) from None
        return cls(source, document, tuple(found), stamp)

    def compact(self) -> MapFile:
        """This map file with each region's rings of plain positions held as NumPy arrays
        (:func:`_positions`), read as the lists they replace: what the editor keeps while
        it offers to simplify a map, in a fifth of the memory (16 bytes a vertex, not
        about 140) and with nothing for the garbage collector to walk (half a million
        lists, each walked again as it ages). A ring that is not plain numbers stays as
        it is, for the reader to name its fault."""
        document = self.document
        features = document.get("features") if isinstance(document, dict) else None
        if not isinstance(features, list):
            return self
        kept = [_compact_feature(feature) for feature in features]
        return dataclasses.replace(self, document={**document, "features": kept})

    def current(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` is still the file this was read from, unchanged."""
        return str(path) == self.source and _stamp(path) == self.stamp

    def board(
        self,
        *,
        players: int | None = None,
        turns: int | None = None,
        warnings: list[MapWarning] | None = None,
        simplify: bool = False,
    ) -> Board:
        """The board of the document (:func:`parse_board`); the document is not changed,
        so it can be built again (simplified, after a refusal)."""
        found = list(self.warnings)
        board = parse_board(
            self.document,
            self.source,
            players=players,
            turns=turns,
            warnings=found,
            simplify=simplify,
        )
        if warnings is not None:
            warnings.extend(found)
        return board


def _compact_feature(feature: Any) -> Any:
    """``feature`` with the rings of its Polygon (or of each MultiPolygon part) as arrays
    where they are plain positions (:meth:`MapFile.compact`); the rest shared."""
    geometry = feature.get("geometry") if isinstance(feature, dict) else None
    if not isinstance(geometry, dict) or not isinstance(geometry.get("coordinates"), list):
        return feature
    coordinates = geometry["coordinates"]

    def rings(value: Any) -> Any:
        if not isinstance(value, list):
            return value
        out = []
        for ring in value:
            points = _positions(ring, math.inf) if isinstance(ring, list) else None
            out.append(ring if points is None else points)
        return out

    if geometry.get("type") == "MultiPolygon":
        coordinates = [rings(part) for part in coordinates]
    else:
        coordinates = rings(coordinates)
    return {**feature, "geometry": {**geometry, "coordinates": coordinates}}


def _stamp(path: str | os.PathLike[str]) -> tuple[int, int, int, int]:
    """The file's device, inode, size and modification time (all zero when it cannot be
    read: no stamp then matches a file read)."""
    try:
        info = os.stat(path)
    except OSError:
        return (0, 0, 0, 0)
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


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


def write_board(board: Board, path: str | os.PathLike[str]) -> None:
    """Save ``board`` as GeoJSON, atomically; one feature per line keeps diffs readable."""
    doc = board_to_geojson(board)
    features = doc.pop("features")
    head = json.dumps(doc, ensure_ascii=False)[:-1]
    lines = ",\n".join("  " + json.dumps(f, ensure_ascii=False) for f in features)
    atomic_write_text(path, f'{head}, "features": [\n{lines}\n]}}\n')

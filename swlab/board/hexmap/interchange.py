"""Hex maps in and out: the row-string form of public Terra Mystica tools, and swlab's JSON.

**Row strings** (as in the reference file): one row per line, ``A:`` to ``I:`` (optional
when reading), then one letter per space separated by spaces; shifted rows (B, D, ...)
start with one extra space. Letters: ``U`` Plains, ``K`` Swamp, ``B`` Lakes, ``G`` Forest,
``S`` Mountains, ``R`` Wasteland, ``Y`` Desert, ``~`` river. Reading also accepts commas
or no separator, lower case, blank lines and ``#`` comments::

    A: U S G B Y R U K R G B R K
    B:  Y ~ ~ U K ~ ~ Y K ~ ~ Y

**swlab hex JSON** (``.tm.json``)::

    {"format": "swlab-hexmap", "version": 1, "name": "terra_mystica_base",
     "rows": ["USGBYRUKRGBRK", "Y~~UK~~YK~~Y", ...]}

``rows`` are row strings without separators. Both round-trip exactly:
``rows_text(parse_rows(t)) == t`` for text this module wrote, and
``parse_rows(rows_text(layout)) == layout`` for every layout.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from typing import Any

from swlab.board.hexmap.layout import HexLayout, HexLayoutError, row_name
from swlab.board.hexmap.terrain import LETTERS, RIVER, RIVER_MARK, terrain_of_letter
from swlab.i18n import _
from swlab.i18n import number as shown_number

__all__ = [
    "JSON_FORMAT",
    "JSON_VERSION",
    "layout_from_json",
    "layout_to_json",
    "parse_rows",
    "read_hexmap",
    "rows_text",
    "write_hexmap",
]

JSON_FORMAT = "swlab-hexmap"
JSON_VERSION = 1

_PREFIX = re.compile(r"^\s*([A-Za-z]{1,2})\s*:")


def _letter(terrain: str) -> str:
    return RIVER_MARK if terrain == RIVER else LETTERS[terrain]


def _row_terrains(text: str, where: str, budget: int) -> list[str]:
    """The terrains of one row, at most ``budget`` of them (one pass over ``text``)."""
    terrains = []
    for k, ch in enumerate(ch for ch in text if not ch.isspace() and ch != ","):
        if k >= budget:
            raise HexLayoutError(
                f"{where}: "
                + _(
                    "more than the {limit} spaces a hex map may have (swlab.safe_io.MAP_LIMITS)"
                ).format(limit=shown_number(_space_limit()))
            )
        try:
            terrains.append(terrain_of_letter(ch))
        except KeyError as err:
            raise HexLayoutError(f"{where}, space {k + 1}: {err.args[0]}") from None
    return terrains


def _space_limit() -> int:
    from swlab.safe_io import MAP_LIMITS

    return int(MAP_LIMITS["hex_spaces"])


def _layout(rows: Iterable[tuple[str, str]]) -> HexLayout:
    """The layout of ``(where, row text)`` pairs: spaces counted as they are read, so a
    map over ``MAP_LIMITS["hex_spaces"]`` or 26 rows is refused without building it."""
    parsed: list[list[str]] = []
    budget = _space_limit()
    for where, body in rows:
        try:
            row_name(len(parsed))  # at most 26 rows, A to Z
        except HexLayoutError as err:
            raise HexLayoutError(f"{where}: {err}") from None
        parsed.append(_row_terrains(body, where, budget))
        budget -= len(parsed[-1])
    if not parsed:
        raise HexLayoutError(_("no rows: write one row of terrain letters per line"))
    return HexLayout.of(parsed)


def parse_rows(text: str) -> HexLayout:
    """The layout written in row strings (see the module text); raises
    :class:`~.layout.HexLayoutError` naming the line and space of a bad letter, or the
    line where the map passes 26 rows or ``swlab.safe_io.MAP_LIMITS["hex_spaces"]``
    spaces. One pass over the text: time and memory grow linearly with it."""

    def rows() -> Iterator[tuple[str, str]]:
        for number, line in enumerate(text.splitlines(), 1):
            body = line.split("#", 1)[0]
            if not body.strip():
                continue
            match = _PREFIX.match(body)
            yield f"line {number}", body[match.end() :] if match else body

    return _layout(rows())


def rows_text(layout: HexLayout) -> str:
    """The row strings of ``layout``, one line per row, ending with a newline."""
    lines = []
    for r, row in enumerate(layout.rows):
        pad = " " if r % 2 else ""
        lines.append(f"{row_name(r)}: {pad}" + " ".join(_letter(t) for t in row))
    return "\n".join(lines) + "\n"


def layout_to_json(layout: HexLayout, name: str) -> dict[str, Any]:
    """The swlab hex JSON document of ``layout``."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "name": name,
        "rows": ["".join(_letter(t) for t in row) for row in layout.rows],
    }


def layout_from_json(document: Any) -> tuple[HexLayout, str]:
    """``(layout, name)`` from a swlab hex JSON document; raises :class:`HexLayoutError`
    naming the field that is wrong."""
    if not isinstance(document, dict) or document.get("format") != JSON_FORMAT:
        raise HexLayoutError(
            _('not a swlab hex map: expected "format": "{format}"').format(format=JSON_FORMAT)
        )
    if document.get("version") != JSON_VERSION:
        raise HexLayoutError(f"field 'version': expected {JSON_VERSION}")
    name = document.get("name")
    rows = document.get("rows")
    if not isinstance(name, str) or not name:
        raise HexLayoutError("field 'name': expected a non-empty string")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise HexLayoutError(_("field 'rows': expected a list of row strings"))
    return _layout((f"field 'rows[{k}]'", row) for k, row in enumerate(rows)), name


def read_hexmap(path: str | os.PathLike[str]) -> tuple[HexLayout, str]:
    """``(layout, name)`` from a ``.json`` (swlab hex JSON) or row-string text file; the
    name of a text file is its stem. Read through :mod:`swlab.safe_io` (at most
    ``LIMITS["hex map"]`` bytes, ``MAP_LIMITS["hex_spaces"]`` spaces); every refusal a
    :class:`HexLayoutError` naming the file."""
    from pathlib import Path

    from swlab.safe_io import InputRefused, parse_json, read_text

    try:
        text = read_text(path, "hex map")  # i18n: not prose: the kind of file (a key)
        if str(path).lower().endswith(".json"):
            return layout_from_json(parse_json(text))
        return parse_rows(text), Path(path).stem
    except InputRefused as err:
        raise HexLayoutError(f"{path}: {err.reason}") from None
    except HexLayoutError as err:
        raise HexLayoutError(f"{path}: {err}") from None


def write_hexmap(layout: HexLayout, name: str, path: str | os.PathLike[str]) -> None:
    """Save ``layout`` atomically: swlab hex JSON for ``.json``, row strings otherwise."""
    from swlab.safe_io import atomic_write_text

    if str(path).lower().endswith(".json"):
        text = json.dumps(layout_to_json(layout, name), indent=1) + "\n"
    else:
        text = rows_text(layout)
    atomic_write_text(path, text)

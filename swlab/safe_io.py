"""The one safe way swlab reads and writes a file: maps, region graphs, scenarios and records.

Every loader reads through :func:`read_text` and parses with :func:`parse_json` or
:func:`parse_yaml`, so bad input is refused the same way everywhere, quickly and in
bounded memory, before any of it reaches the engine:

- **regular files only**: a folder, a device (``/dev/zero``), a FIFO or a socket is refused
  after a ``stat``, before anything is read; the file is opened without blocking and
  checked again on the open descriptor, so swapping it for a FIFO meanwhile changes nothing;
- **a size limit per kind** (:data:`LIMITS`), checked on the size the file claims and again
  while reading, so a file that grows cannot get past it;
- **UTF-8 text** (a UTF-8 byte-order mark is accepted): anything else is refused with the
  byte offset and the encoding the bytes most likely are (UTF-16, Latin-1 ...), and a NUL
  byte marks a binary file;
- **a nesting limit** (:data:`MAX_DEPTH` lists and mappings inside each other) for JSON and
  YAML alike, well below Python's recursion limit;
- **YAML aliases bounded**: an alias repeats a value without copying it, so a few hundred
  bytes can stand for billions of values ("billion laughs"); the composer counts what the
  aliases stand for and refuses more than :data:`MAX_ALIAS_VALUES` repeated values. Keys
  written twice in one mapping are refused as the document is composed, so no check walks
  an aliased value twice: twice in writing, or twice as YAML reads them (``12`` and
  ``0xC``, ``13`` and ``015``, ``1`` and ``true``), where the last would silently win;
- **fields of bounded size**: :func:`check_text_field` refuses a title or a name longer
  than :data:`FIELD_LIMITS` says;
- **maps of bounded geometry**: :data:`MAP_LIMITS` bounds coordinates and the vertices of a
  region and of a map (the map reader applies them, naming the region).

Each refusal is an :class:`InputRefused` carrying a one-line ``reason`` with no file
content in it (sizes, offsets, line numbers); each loader turns it into its own error
(``ScenarioError``, ``RecordError``, ``MapFormatError``, ``GraphError``) naming the file.
YAML tags that build Python objects (``!!python/...``) are never honoured: the safe
constructor knows only plain values.

Every file swlab writes (maps, pictures, scenarios, records, results, reports) goes through
:func:`atomic_open`: a reader sees the old file or the new one, never half of either.
"""

from __future__ import annotations

import gc
import glob
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

from swlab.i18n import _, ngettext, number

if TYPE_CHECKING:
    import yaml

__all__ = [
    "FIELD_LIMITS",
    "LIMITS",
    "MAP_LIMITS",
    "MAX_ALIAS_VALUES",
    "MAX_DEPTH",
    "InputRefused",
    "Kind",
    "atomic_open",
    "atomic_write_text",
    "check_depth",
    "check_regular",
    "check_text_field",
    "decode_utf8",
    "file_kind",
    "nested_deeper_than",
    "parse_json",
    "parse_yaml",
    "read_bytes",
    "read_text",
    "remove_stale_temporaries",
]

Kind = Literal["map", "graph", "scenario", "record", "hex map"]  # i18n: not prose: keys

#: Largest file read, in bytes, per kind. An official map is about 60 kB, a region graph
#: of 8,000 regions about 0.7 MB as an inline scenario board, a record of a long game with
#: its scenario well under 1 MB: the limits leave a wide margin and still keep a parse
#: under a few seconds.
LIMITS: dict[str, int] = {
    "map": 32 * 1024 * 1024,
    "graph": 16 * 1024 * 1024,
    "scenario": 8 * 1024 * 1024,
    "record": 8 * 1024 * 1024,
    # a Terra Mystica map as row strings or swlab hex JSON: the printed map is 0.4 kB, and
    # MAP_LIMITS["hex_spaces"] spaces with separators and labels about 5 kB
    "hex map": 64 * 1024,
}

#: Deepest nesting of lists and mappings accepted (a GeoJSON map needs 7, a record with
#: its scenario 9).
MAX_DEPTH = 40

#: How many values YAML aliases (``*name``) and merge keys (``<<``) may repeat in total.
MAX_ALIAS_VALUES = 100_000

#: Limits of a map's geometry, checked as a map file is read (``swlab.board.io``) before
#: any geometry is built. ``coordinate``: the largest absolute coordinate (a board drawn in
#: metres of a world projection stays under 2e7; 1e300 overflows every area and length).
#: ``region_vertices`` and ``map_vertices``: positions in one region (all its rings) and in
#: the whole map. An official region has at most 187 positions and an official map 5,700;
#: checks grow faster than linearly with the vertices of one border, and at these limits a
#: map is still checked in well under the 5 s ``benchmarks/map_checks.py`` measures.
#: ``hex_spaces``: the spaces of a Terra Mystica map read from row strings or hex JSON
#: (the printed map has 113; building the board of 83,000 took 22 s and 514 MB).
#: ``simplify_vertices``: the most a map over those limits may have to be read and
#: simplified under them (``read_board(..., simplify=True)``, ``swlab map check --simplify``,
#: the editor's Simplify): a 10 MB export of 500,000 vertices is simplified in seconds;
#: beyond this, no detail is of use on a board and the file must be simplified first.
MAP_LIMITS: dict[str, float] = {
    "coordinate": 1e9,
    "region_vertices": 5_000,
    "map_vertices": 100_000,
    "simplify_vertices": 1_500_000,
    "hex_spaces": 2_000,
}

#: Longest text, in characters, per kind of field.
FIELD_LIMITS: dict[str, int] = {
    "name": 100,  # a player, a board, a region
    "title": 200,  # a scenario's title
    "description": 20_000,  # a scenario's description
    "notes": 100_000,  # a record's notes
}


class InputRefused(ValueError):
    """A file or text refused before it is used; ``reason`` is one line, no file content.

    ``category`` says which check refused it: ``"file"`` (missing, not a regular file,
    unreadable), ``"size"``, ``"encoding"``, ``"syntax"``, ``"depth"``, ``"alias"``,
    ``"field"``.
    """

    def __init__(self, reason: str, category: str = "syntax") -> None:
        super().__init__(reason)
        self.reason = reason
        self.category = category


def _megabytes(n: int) -> str:
    if n >= 1024 * 1024:
        return _("{size} MB").format(size=f"{n / (1024 * 1024):.3g}")
    return ngettext("{count} byte", "{count} bytes", n).format(count=number(n))


def _file_type(mode: int) -> str | None:
    """What a non-regular file is, in words (``None`` for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def _not_regular(what: str) -> InputRefused:
    return InputRefused(
        _("is {what}, not a regular file: swlab reads only regular files").format(what=what),
        "file",
    )


def check_regular(path: str | os.PathLike[str]) -> None:
    """Refuse ``path`` when it is there but not a regular file (a FIFO, a device, a
    folder): for a reader that must choose a loader before reading. Only a ``stat``."""
    what = file_kind(path)
    if what is not None:
        raise _not_regular(what)


def file_kind(path: str | os.PathLike[str]) -> str | None:
    """What ``path`` is when it is not a regular file (``"a FIFO (named pipe)"``, ``"a
    device"``, ``"a folder"`` ...); ``None`` for a regular file or nothing there. Only a
    ``stat``: never opens it."""
    try:
        return _file_type(os.stat(path).st_mode)
    except OSError:
        return None


def read_bytes(path: str | os.PathLike[str], kind: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``LIMITS[kind]`` of them.

    Raises :class:`InputRefused` for a missing file, a folder, a device, a FIFO, a file
    over the limit or one that cannot be read. Never blocks: the file is opened with
    ``O_NONBLOCK`` after a ``stat`` said it is a regular file, and checked again on the
    descriptor.
    """
    limit = LIMITS[kind]
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputRefused(_("no such file"), "file") from None
    except OSError as error:
        raise InputRefused(
            _("cannot be read ({reason})").format(reason=error.strerror or error), "file"
        ) from None
    what = _file_type(info.st_mode)
    if what is not None:
        raise _not_regular(what)
    if info.st_size > limit:
        raise InputRefused(
            _("is {size}, more than the {limit} a {kind} file may have").format(
                size=_megabytes(info.st_size), limit=_megabytes(limit), kind=kind
            ),
            "size",
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise InputRefused(
            _("cannot be read ({reason})").format(reason=error.strerror or error), "file"
        ) from None
    try:
        what = _file_type(os.fstat(fd).st_mode)
        if what is not None:  # replaced between the stat and the open
            raise _not_regular(what)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise InputRefused(
                    _("is more than the {limit} a {kind} file may have").format(
                        limit=_megabytes(limit), kind=kind
                    ),
                    "size",
                )
    except OSError as error:
        raise InputRefused(
            _("cannot be read ({reason})").format(reason=error.strerror or error), "file"
        ) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _likely_encoding(data: bytes) -> str:
    """A guess at what non-UTF-8 bytes are, for the message."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "UTF-32"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    head = data[:4096]
    if head and head.count(0) * 4 >= len(head):
        return _("UTF-16 or another two-byte encoding")
    if any(0x80 <= b <= 0x9F for b in head):
        return "Windows-1252"
    return "Latin-1 (ISO-8859-1) or Windows-1252"


def decode_utf8(data: bytes) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped); :class:`InputRefused`
    names the first bad byte and the likely encoding, or the first NUL byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        offset = 3
    else:
        offset = 0
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputRefused(
            _(
                "not UTF-8 text (byte {byte}: {reason}); it looks like {encoding}: save "
                "the file as UTF-8"
            ).format(
                byte=error.start + offset,
                reason=error.reason,
                encoding=_likely_encoding(data),
            ),
            "encoding",
        ) from None
    nul = text.find("\x00")
    if nul >= 0:
        at = len(text[:nul].encode("utf-8")) + offset
        head = data[:4096]
        if head.count(0) * 4 >= len(head):
            raise InputRefused(
                _(
                    "holds a NUL byte at byte {at}: it looks like UTF-16 or another two-byte "
                    "encoding: save the file as UTF-8"
                ).format(at=at),
                "encoding",
            )
        raise InputRefused(
            _("holds a NUL byte at byte {at}: a binary file, not text").format(at=at), "encoding"
        )
    return text


def read_text(path: str | os.PathLike[str], kind: str) -> str:
    """The UTF-8 text of the regular file ``path`` (see :func:`read_bytes`)."""
    return decode_utf8(read_bytes(path, kind))


# --- nesting ------------------------------------------------------------------------------


def _too_deep() -> InputRefused:
    return InputRefused(
        _("lists and mappings nested more than {depth} deep").format(depth=MAX_DEPTH),
        "depth",
    )


def check_depth(value: Any) -> None:
    """Refuse a decoded value nested deeper than :data:`MAX_DEPTH` (iterative: any depth
    is measured without recursion; shared values are visited once)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    seen: set[int] = set()
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise _too_deep()
            if id(item) in seen:
                continue
            seen.add(id(item))
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


#: A JSON string (escapes included), and anything that is not a bracket.
_JSON_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = bytes(b for b in range(256) if b not in b'[]{}"')
_SQUARE = str.maketrans("{}", "[]")


def nested_deeper_than(text: str, limit: int) -> bool:
    """Whether lists and mappings nest more than ``limit`` deep in valid JSON ``text``.

    Read from the brackets outside strings, without walking the decoded value: each pass
    of ``str.replace`` removes the innermost pairs, one level, so ``limit`` passes empty the
    brackets of any text nested no deeper. A map of half a million positions is measured
    in a few hundredths of a second, where walking its values took seconds.
    """
    # at C speed: escaped backslashes, then escaped quotes go (a backslash in valid JSON
    # starts an escape inside a string, paired from the left); then everything but
    # brackets and quotes; then the strings, now bare quote pairs with brackets between
    data = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    kept = data.translate(None, _NOT_BRACKET).decode("ascii")
    brackets = _JSON_STRING.sub("", kept).translate(_SQUARE)
    for _step in range(limit):
        if not brackets:
            return False
        brackets = brackets.replace("[]", "")
    return bool(brackets)


def parse_json(text: str) -> Any:
    """JSON text as a value, nesting bounded; :class:`InputRefused` for anything wrong.

    ``NaN`` and ``Infinity`` are read as floats (the schemas refuse them with their field).
    """
    collecting = gc.isenabled()
    gc.disable()  # a parse only allocates: collections would make it look quadratic
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputRefused(
            _("not valid JSON: {error} (line {line}, column {column})").format(
                error=error.msg, line=error.lineno, column=error.colno
            )
        ) from None
    except RecursionError:
        raise _too_deep() from None
    except ValueError as error:  # an integer of more than 4,300 digits
        raise InputRefused(_("not valid JSON: {error}").format(error=_short(error))) from None
    finally:
        if collecting:
            gc.enable()
    if nested_deeper_than(text, MAX_DEPTH):
        raise _too_deep()
    return value


def _short(error: BaseException) -> str:
    if "4300 digits" in str(error):
        return _("a number has more than 4,300 digits")
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:160]


# --- YAML ----------------------------------------------------------------------------------


class DuplicateKey(InputRefused):
    """A key written twice in one YAML mapping; ``path`` is where (``regions.12``).

    ``first`` is the earlier spelling and its line when the two differ in writing but YAML
    reads them as one key (``12`` and ``0xC``, ``13`` and ``015``), ``value`` that key.
    """

    def __init__(
        self,
        path: str,
        key: str,
        line: int,
        first: tuple[str, int] | None = None,
        value: Any = None,
    ) -> None:
        if first is None:
            reason = _("the key {key} appears twice (line {line})").format(key=repr(key), line=line)
        else:
            reason = _(
                "the key {key} (line {line}) is the key {first} of line {first_line} again: "
                "YAML reads both as {value}, and the last would win"
            ).format(
                key=repr(key), line=line, first=repr(first[0]), first_line=first[1], value=value
            )
        super().__init__(reason)
        self.path = path
        self.key = key
        self.line = line


def _loader_class() -> type:
    """A YAML loader: libyaml's event parser when available (fast, not recursive), with
    a composer of our own that bounds depth and aliases and refuses duplicate keys, and the
    safe constructor (plain values only)."""
    import yaml
    from yaml.composer import Composer
    from yaml.constructor import SafeConstructor
    from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode
    from yaml.resolver import Resolver

    parser: tuple[type, ...]
    try:
        from yaml._yaml import CParser

        parser = (CParser,)
    except ImportError:  # PyYAML built without libyaml
        parser = (yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser)

    class GuardedLoader(Composer, *parser, SafeConstructor, Resolver):  # type: ignore[misc]
        """The parser's events, composed with limits (see the module text)."""

        def __init__(self, stream: str) -> None:
            first: Any = parser[0]
            if first.__name__ == "CParser":
                first.__init__(self, stream)
            else:
                yaml.reader.Reader.__init__(self, stream)
                yaml.scanner.Scanner.__init__(self)
                yaml.parser.Parser.__init__(self)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self.depth = 0
            self.path: list[str] = []
            self.alias_values = 0
            #: values each composed collection stands for, aliases expanded (by id)
            self.sizes: dict[int, int] = {}
            self.resolved: dict[str, str] = {}
            self.scalars: dict[tuple[str, str], Any] = {}

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(AliasEvent):
                event = self.peek_event()
                node = self.anchors.get(event.anchor)
                if node is not None:
                    self._count_alias(node)
                return super().compose_node(parent, index)
            if self.check_event(MappingStartEvent, SequenceStartEvent):
                if self.depth >= MAX_DEPTH:
                    raise _too_deep()
                self.depth += 1
                try:
                    return super().compose_node(parent, index)
                finally:
                    self.depth -= 1
            return super().compose_node(parent, index)

        def _count_alias(self, node: Any) -> None:
            if isinstance(node, SequenceNode | MappingNode) and id(node) not in self.sizes:
                raise InputRefused(
                    _("a YAML alias (*name) stands inside the value it names"), "alias"
                )
            self.alias_values += self.sizes.get(id(node), 1)
            if self.alias_values > MAX_ALIAS_VALUES:
                raise InputRefused(
                    _(
                        "YAML aliases (*name) repeat more than {limit} values: write "
                        "the values out, or use fewer aliases"
                    ).format(limit=number(MAX_ALIAS_VALUES)),
                    "alias",
                )

        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            """The tag of a plain scalar, cached by its text (a board repeats its words)."""
            resolve: Any = super().resolve
            if kind is ScalarNode and implicit[0]:
                tag = self.resolved.get(value)
                if tag is None:
                    tag = self.resolved[value] = resolve(kind, value, implicit)
                return tag
            return resolve(kind, value, implicit)

        def construct_object(self, node: Any, deep: bool = False) -> Any:
            """Plain scalars of the common tags built once per text (they are immutable)."""
            if type(node) is ScalarNode and node.tag in _PLAIN_TAGS:
                key = (node.tag, node.value)
                if key not in self.scalars:
                    self.scalars[key] = super().construct_object(node, deep)
                return self.scalars[key]
            return super().construct_object(node, deep)

        def _label(self, index: Any) -> str:
            if isinstance(index, ScalarNode):
                return str(index.value)
            if isinstance(index, int):
                return str(index)
            return "?"

        def compose_sequence_node(self, anchor: Any) -> Any:
            start = self.peek_event()
            tag = start.tag
            if tag is None or tag == "!":
                tag = self.resolve(SequenceNode, None, start.implicit)
            node = SequenceNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
            if anchor is not None:
                self.anchors[anchor] = node
            self.get_event()
            size = 1
            index = 0
            while not self.check_event(yaml.events.SequenceEndEvent):
                self.path.append(str(index))
                try:
                    child = self.compose_node(node, index)
                finally:
                    self.path.pop()
                node.value.append(child)
                size += self.sizes.get(id(child), 1)
                index += 1
            node.end_mark = self.get_event().end_mark
            self.sizes[id(node)] = size
            return node

        def compose_mapping_node(self, anchor: Any) -> Any:
            start = self.peek_event()
            tag = start.tag
            if tag is None or tag == "!":
                tag = self.resolve(MappingNode, None, start.implicit)
            node = MappingNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
            if anchor is not None:
                self.anchors[anchor] = node
            self.get_event()
            seen: set[str] = set()
            #: each plain key as YAML reads it -> its node (its spelling and line)
            values: dict[Any, Any] = {}
            size = 1
            while not self.check_event(yaml.events.MappingEndEvent):
                key_node = self.compose_node(node, None)
                key = self._label(key_node)
                line = key_node.start_mark.line + 1
                if key in seen and key != "<<":
                    path = ".".join([*self.path, key])
                    raise DuplicateKey(path, key, line)
                seen.add(key)
                if type(key_node) is ScalarNode and key_node.tag not in _TEXT_OR_MERGE:
                    # a text key equals only the same text, which ``seen`` caught
                    value = self.construct_object(key_node)
                    if value in values:
                        path = ".".join([*self.path, key])
                        earlier = values[value]
                        first = (str(earlier.value), earlier.start_mark.line + 1)
                        raise DuplicateKey(path, key, line, first, value)
                    values[value] = key_node
                self.path.append(key)
                try:
                    value_node = self.compose_node(node, key_node)
                finally:
                    self.path.pop()
                node.value.append((key_node, value_node))
                size += self.sizes.get(id(key_node), 1) + self.sizes.get(id(value_node), 1)
            node.end_mark = self.get_event().end_mark
            self.sizes[id(node)] = size
            return node

    return GuardedLoader


_LOADER: list[type] = []
#: Key tags compared by their writing alone: text, and the merge key ``<<``.
_TEXT_OR_MERGE = frozenset(("tag:yaml.org,2002:str", "tag:yaml.org,2002:merge"))
#: Tags whose values are immutable: one Python value per text serves every occurrence.
_PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "bool", "null", "float")
)


def _yaml_error(error: yaml.YAMLError) -> InputRefused:
    """A YAML syntax error as one line: what and where, never the text near it."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    problem = getattr(error, "problem", None)
    context = getattr(error, "context", None)
    if problem and "nesting depth" in problem:  # libyaml's own limit, deeper than ours
        return _too_deep()
    what = ": ".join(x for x in (context, problem) if x) or _("syntax error")
    where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
    return InputRefused(_("not valid YAML: {what}{where}").format(what=what, where=where))


def parse_yaml(text: str) -> Any:
    """YAML text (JSON is YAML too) as plain values, with the limits of the module text.

    :class:`DuplicateKey` (an :class:`InputRefused`) names the path of a key written twice.
    """
    import yaml

    if not _LOADER:
        _LOADER.append(_loader_class())
    loader = _LOADER[0](text)
    collecting = gc.isenabled()
    gc.disable()  # a parse only allocates: collections would make it quadratic-looking
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return loader.construct_document(node)
    except InputRefused:
        raise
    except yaml.YAMLError as error:
        raise _yaml_error(error) from None
    except RecursionError:
        raise _too_deep() from None
    except (ValueError, TypeError, OverflowError) as error:  # a bad date, a huge integer
        raise InputRefused(
            _("not valid YAML: a value cannot be read ({error})").format(error=_short(error))
        ) from None
    finally:
        if collecting:
            gc.enable()
        dispose: Callable[[], None] | None = getattr(loader, "dispose", None)
        if dispose is not None:
            dispose()


def check_text_field(value: Any, field: str, where: str = "") -> None:
    """Refuse text longer than ``FIELD_LIMITS[field]`` characters (other values pass)."""
    limit = FIELD_LIMITS[field]
    if isinstance(value, str) and len(value) > limit:
        label = where or field
        raise InputRefused(
            _("{label}: {count} characters, more than the {limit} allowed").format(
                label=label, count=number(len(value)), limit=number(limit)
            ),
            "field",
        )


# ====================================================================================
# Writing: atomically, never half a file
# ====================================================================================


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
def atomic_open(
    path: str | os.PathLike[str], mode: str = "w", *, parents: bool = False
) -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on success it replaces ``path`` atomically.

    Readers see the old file or the new one, never half of either: the data is flushed
    to disk, then renamed over the target (``os.replace`` is atomic on POSIX and
    Windows). On an error the temporary file is removed and the target left as it was.
    ``mode`` is ``"w"`` (UTF-8 text, ``\\n`` line ends) or ``"wb"``. A process killed
    mid-write leaves its temporary file behind: the next write of the same target removes
    it (:func:`remove_stale_temporaries`). ``parents`` creates the missing folders first
    (a scenario or a record saved into a new folder); a map is written only where it is.
    """
    target = Path(path)
    if parents:
        target.parent.mkdir(parents=True, exist_ok=True)
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


def atomic_write_text(path: str | os.PathLike[str], text: str, *, parents: bool = False) -> None:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_open`)."""
    with atomic_open(path, parents=parents) as handle:
        handle.write(text)

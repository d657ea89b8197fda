"""No English prose left unmarked in swlab's user-facing modules.

An AST scan of each module below (one test per file) reports every string literal that
reads like English meant for a learner and is not marked for the catalogs.

**What counts as prose** (:func:`is_prose`): after HTML tags, ``{placeholders}``,
``%s``-style fields and escapes are blanked out, the text holds two words of letters in a
row (``"no region"``, ``"Show solution"``), or a word and a colon before a field
(``"refused: {reason}"``); or it holds a word of three letters or more (``"Check"``,
``"answer"``, ``"pace (s)"``) given where a widget or argparse shows it (a
``description=``, ``tooltip=``, ``help=``, ... keyword, see ``LABEL_KEYWORDS``) or handed
to ``print`` or a chart's ``set_title``/``set_xlabel`` (``LABEL_CALLS``).
An f-string is judged on its literal parts, as one string.

**What is left out** — none of these reaches a learner as a sentence of swlab's:

- a literal inside ``_()``, ``ngettext``, ``pgettext``, ``npgettext``, ``N_`` or ``NC_``
  (it is marked);
- docstrings (module, class, function);
- dict keys, subscripts (``d["key"]``), comparison operands (``x == "..."``), ``match``
  patterns, annotations: those are identifiers;
- logging and warnings (``log.debug(...)``, ``logging.info``, ``warnings.warn``), ``assert``
  messages, ``__repr__`` bodies, and regular expressions (``re.compile``, ``re.sub`` ...);
- the message of a built-in exception (``TypeError``, ``ValueError``, ``KeyError`` ...):
  those are raised on API misuse, for programmers; swlab's own errors (``IllegalActionError``,
  ``SystemExit``, ``parser.error``) are user-facing and are scanned;
- CSS (``"color: red; margin: 0"``, a ``<style>`` sheet, ``calc(...)``), the value of a
  style or layout keyword (``STYLE_KEYWORDS``: ``flex_flow="row wrap"``, ``loc="upper left"``),
  HTML markup without text, class and identifier names
  (a literal without a space is never prose unless it is a label, see above).

A sentence marked inside an f-string's braces (``f"<b>{_('Keys:')}</b>"``) is reported too:
Babel's extractor does not read f-strings on Python 3.11, so the catalogs would miss it.

A literal that the heuristic mistakes for prose (a font's name, a notation string, a
file-format keyword, the column keys of a table for code) is allowed with a trailing
comment ``# i18n: not prose`` and a short reason after it, on one of its lines or on a
later line of the same statement (the formatter moves a trailing comment after the closing
bracket).

Run it by hand on any file: ``python tests/i18n/test_marked_strings.py swlab/cli.py``.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The user-facing modules, relative to the checkout.
MODULES: tuple[str, ...] = (
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "swlab" / "play").glob("*.py")),
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "swlab" / "editor").glob("*.py")),
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "swlab" / "balance").glob("*.py")),
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "swlab" / "board" / "hexmap").glob("*.py")),
    "swlab/board/validate.py",
    "swlab/board/io.py",
    "swlab/board/stats.py",
    "swlab/safe_io.py",
    "swlab/workspace.py",
    "swlab/cli.py",
    *("swlab/learn/commands.py", "swlab/learn/check.py", "swlab/learn/goal.py"),
    *("swlab/learn/report.py", "swlab/learn/widget.py"),
    "swlab/__main__.py",
    "swlab/rules/events.py",
    "swlab/rules/errors.py",
    "swlab/rules/position.py",
)

#: The functions that mark a sentence for the catalogs.
MARKERS = frozenset({"_", "ngettext", "pgettext", "npgettext", "N_", "NC_"})

#: Keywords whose value a widget, a plot or argparse shows as a label.
LABEL_KEYWORDS = frozenset(
    {
        "description",
        "tooltip",
        "placeholder",
        "label",
        "title",
        "help",
        "text",
        "button_text",
        "legend",
        "xlabel",
        "ylabel",
        "epilog",
    }
)

#: Calls whose positional arguments are shown as they are (a single word counts there).
LABEL_CALLS = frozenset({"print", "set_xlabel", "set_ylabel", "set_title", "suptitle"})

#: Keywords whose value is a style, a layout or a place, never words (``flex_flow="row wrap"``,
#: matplotlib's ``loc="upper left"``).
STYLE_KEYWORDS = frozenset(
    {
        "flex_flow",
        "flex",
        "loc",
        "layout",
        "style",
        "width",
        "height",
        "margin",
        "padding",
        "border",
        "display",
        "overflow",
        "justify_content",
        "align_items",
        "align_content",
        "grid_template_columns",
        "grid_template_areas",
        "grid_area",
        "family",
        "fontfamily",
        "linestyle",
        "color",
        "cmap",
    }
)

#: Receivers whose calls are logging, not speech.
LOGGERS = frozenset({"log", "logger", "_log", "_logger", "LOG", "LOGGER", "logging", "warnings"})

#: Built-in exceptions: raised on API misuse, for programmers.
PROGRAMMER_ERRORS = frozenset(
    {
        "TypeError",
        "ValueError",
        "KeyError",
        "IndexError",
        "AttributeError",
        "NotImplementedError",
        "AssertionError",
        "RuntimeError",
        "LookupError",
        "FileNotFoundError",
        "OSError",
    }
)

ALLOW = "i18n: not prose"

_TAG = re.compile(r"<[^>]*>")
_FIELD = re.compile(r"\{[^{}]*\}|%(\([^)]*\))?[-+ #0]*\d*(\.\d+)?[sdifrgx%]")
_ENTITY = re.compile(r"&#?\w+;")
_STYLE_SHEET = re.compile(r"<style>.*?</style>", re.S)
_CSS_BLOCK = re.compile(r"\{[^{}]*[\w-]+\s*:[^{}]*;[^{}]*\}")
_CSS_INLINE = re.compile(r"^\s*[a-z-]+\s*:[^;]+(;\s*[a-z-]+\s*:[^;]+)*;\s*$|^[a-z-]+\s*:[^;]+;[^;]")
_CSS_VALUE = re.compile(r"\b(calc|min|max|var|rgba?|url|repeating-linear-gradient)\(")
_WORD = r"(?<![\w-])[A-Za-z]+(?:'[a-z]+)?"
_TWO_WORDS = re.compile(_WORD + r",?[ \u00a0]+[A-Za-z]{2,}(?![\w-])")
_WORD_FIELD = re.compile(r"(?<![\w-])[A-Za-z]{3,}: +0 ")
_LABEL_WORD = re.compile(r"(?<![\w-])[A-Za-z][a-z]{2,}(?![\w-])")
_MARK = object()  # a placeholder for an f-string's values


def visible_text(text: str) -> str:
    """``text`` with its markup and fields blanked out: what a reader would read."""
    text = _TAG.sub(" ", text)
    text = _ENTITY.sub(" ", text)
    return _FIELD.sub(" 0 ", text)


def is_prose(text: str, *, label: bool = False) -> bool:
    """Whether ``text`` reads as English for a person (see the module's docstring)."""
    text = _STYLE_SHEET.sub(" ", text)
    if _CSS_INLINE.match(text) or _CSS_VALUE.search(text):
        return False
    seen = visible_text(_CSS_BLOCK.sub(" ", text))
    if _TWO_WORDS.search(seen) or _WORD_FIELD.search(seen):
        return True
    return label and bool(_LABEL_WORD.search(seen))


def _name(node: ast.AST) -> str | None:
    """The called name: ``f`` for ``f(...)``, ``attr`` for ``x.attr(...)``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _receiver(node: ast.AST) -> str | None:
    """``x`` for ``x.attr(...)`` (the innermost name of a chain)."""
    while isinstance(node, ast.Attribute):
        node = node.value
        if isinstance(node, ast.Name):
            return node.id
    return None


def _allowed_lines(source: str) -> set[int]:
    """The lines carrying a ``# i18n: not prose`` comment."""
    lines: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and ALLOW in tok.string:
            lines.add(tok.start[0])
    return lines


class _Scan(ast.NodeVisitor):
    """Collects (line, text) of the unmarked prose literals of one module."""

    def __init__(self) -> None:
        self.found: list[tuple[int, int, str]] = []  # (first line, last line, text)
        self._closing = 0  # the last line of the simple statement being read

    def visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.stmt) and not hasattr(node, "body"):
            self._closing = node.end_lineno or node.lineno
        super().visit(node)

    # -- what is skipped whole -------------------------------------------------------------
    def _body(
        self, node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    ) -> None:
        body = list(node.body)
        if (
            body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body = body[1:]  # the docstring
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name == "__repr__":
                return
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                if default is not None:
                    self.visit(default)
            for deco in node.decorator_list:
                self.visit(deco)
        elif isinstance(node, ast.ClassDef):
            for part in [*node.bases, *node.keywords, *node.decorator_list]:
                self.visit(part)
        for stmt in body:
            self.visit(stmt)

    def visit_Module(self, node: ast.Module) -> None:
        self._body(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._body(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._body(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._body(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        self.visit(node.test)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.visit(node.target)
        if node.value is not None:
            self.visit(node.value)

    def visit_arg(self, node: ast.arg) -> None:
        return  # annotations

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)
        if not (isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)):
            self.visit(node.slice)

    def visit_Dict(self, node: ast.Dict) -> None:
        for key in node.keys:
            if key is not None and not (
                isinstance(key, ast.Constant) and isinstance(key.value, str)
            ):
                self.visit(key)
        for value in node.values:
            self.visit(value)

    def visit_Compare(self, node: ast.Compare) -> None:
        for part in [node.left, *node.comparators]:
            if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                self.visit(part)

    def visit_match_case(self, node: ast.match_case) -> None:
        if node.guard is not None:
            self.visit(node.guard)
        for stmt in node.body:
            self.visit(stmt)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call) and _name(exc.func) in PROGRAMMER_ERRORS:
            return
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        called = _name(node.func)
        if called in MARKERS:
            return
        if _receiver(node.func) in LOGGERS or called in {"warn", "debug"}:
            return
        if _receiver(node.func) == "re" or called in PROGRAMMER_ERRORS:
            return
        self.visit(node.func)
        for arg in node.args:
            if called in LABEL_CALLS:
                self._literal(arg, label=True)
            else:
                self.visit(arg)
        for kw in node.keywords:
            if kw.arg in STYLE_KEYWORDS and isinstance(kw.value, ast.Constant):
                continue
            self._literal(kw.value, label=kw.arg in LABEL_KEYWORDS)

    # -- what is judged --------------------------------------------------------------------
    def _literal(self, node: ast.expr, *, label: bool) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            self._judge(node, node.value, label=label)
        elif isinstance(node, ast.JoinedStr):
            self.visit_JoinedStr(node, label=label)
        else:
            self.visit(node)

    def _judge(self, node: ast.expr, text: str, *, label: bool = False) -> None:
        if is_prose(text, label=label):
            end = max(node.end_lineno or node.lineno, self._closing)
            self.found.append((node.lineno, end, text))

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            self._judge(node, node.value)

    def _hidden_marks(self, node: ast.expr) -> None:
        """A sentence marked inside an f-string's braces: Babel's extractor does not read
        f-strings on Python 3.11, so the catalogs would never hold it."""
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call) and _name(inner.func) in MARKERS:
                for arg in inner.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        end = max(inner.end_lineno or inner.lineno, self._closing)
                        self.found.append(
                            (inner.lineno, end, f"marked inside an f-string: {arg.value}")
                        )

    def visit_JoinedStr(self, node: ast.JoinedStr, *, label: bool = False) -> None:
        parts: list[str] = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
            else:
                parts.append("{0}")
                if isinstance(value, ast.FormattedValue):
                    self._hidden_marks(value.value)
                    self.visit(value.value)
        self._judge(node, "".join(parts), label=label)


def unmarked(source: str) -> list[tuple[int, str]]:
    """(line, text) of every unmarked prose literal of ``source`` (a module's text)."""
    scan = _Scan()
    scan.visit(ast.parse(source))
    allowed = _allowed_lines(source)
    return [
        (start, text)
        for start, end, text in scan.found
        if not allowed.intersection(range(start, end + 1))
    ]


def _report(module: str, found: list[tuple[int, str]]) -> str:
    lines = [f"{module}:{line}: {text!r}" for line, text in found]
    advice = "wrap it in _() / N_(), or add '# i18n: not prose'"
    return f"unmarked English ({advice}):\n" + "\n".join(lines)


@pytest.mark.parametrize("module", MODULES)
def test_no_unmarked_prose(module: str) -> None:
    path = ROOT / module
    assert path.exists(), f"{module} is gone: update MODULES"
    found = unmarked(path.read_text(encoding="utf-8"))
    assert not found, _report(module, found)


SAMPLE = '''
"""A module docstring is not prose to translate."""
import logging
from swlab.i18n import _, N_

log = logging.getLogger(__name__)
LABELS = {"a key of words": N_("A marked sentence")}


def f(kind: str, region: int) -> str:
    """A docstring."""
    log.debug("a debug line in words")
    if kind == "some words":
        raise TypeError("kind must be a str, not something else")
    style = "color: red; margin: 0 4px;"
    font = "DejaVu Sans"  # i18n: not prose: a font's name
    button(description="Check", layout=style)
    title = _("You conquered {region}.").format(region=region)
    title += f"<b>{_('Keys:')}</b>"
    return f"You cannot conquer {region} from here." + title
'''


def test_the_scan_finds_unmarked_sentences_and_only_them() -> None:
    found = unmarked(SAMPLE)
    assert [text for _line, text in found] == [
        "Check",
        "marked inside an f-string: Keys:",
        "You cannot conquer {0} from here.",
    ]
    assert [line for line, _text in found] == [17, 19, 20]


@pytest.mark.parametrize(
    ("text", "label", "prose"),
    [
        ("Show solution", False, True),
        ("✘ refused: {reason}", False, True),
        ("background:{c};color:{c};border:2px solid #000", False, False),
        ("<b>Your turn</b>", False, True),
        ("Hint", True, True),
        ("Hint", False, False),
        ("pace (s)", True, True),
        ("R-CONQ-1", True, False),
        ("sw-panel", False, False),
        ("swlab-label swlab-label-{kind}", False, False),
        ("min({w}cqw, calc(100vh - {h}px))", False, False),
        ("<style>.a { color: red; }</style>", False, False),
        ('<div class="sw-board">', False, False),
        ("font-weight: bold; color: #333;", False, False),
        ("pick 0; conquer 9", False, False),
        ("{region}: {n}", True, False),
    ],
)
def test_what_reads_as_prose(text: str, label: bool, prose: bool) -> None:
    assert is_prose(text, label=label) is prose


if __name__ == "__main__":
    status = 0
    for name in sys.argv[1:] or list(MODULES):
        for line, text in unmarked((ROOT / name).read_text(encoding="utf-8")):
            print(f"{name}:{line}: {text!r}")
            status = 1
    sys.exit(status)

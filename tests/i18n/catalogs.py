"""The catalogs as the tests read them: each language's ``.po`` of each domain, and the
English source extracted afresh by ``tools/i18n.py``."""

from __future__ import annotations

import importlib.util
import re
import string
from functools import cache
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "swlab" / "locale"
LANGS = ("el", "tr", "de", "pt")
DOMAINS = ("swlab", "rules")
RULE_ID = re.compile(r"\bR-[A-Z]+(?:-[A-Z0-9]+)*\b")
#: a printf-style marker (``%s``, ``%(name)d``); "50 % der" is prose, not a marker
PRINTF = re.compile(r"%(?:\([^)]*\))?[#0+-]*\d*(?:\.\d+)?[sdifr]")


@cache
def tool() -> ModuleType:
    """``tools/i18n.py`` (extraction, the rules sentences), loaded by path."""
    spec = importlib.util.spec_from_file_location("swlab_i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def catalog(lang: str, domain: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as fh:
        return read_po(fh, locale=lang, domain=domain)


def messages(lang: str, domain: str) -> list[Message]:
    """The catalog's messages, header aside."""
    return [m for m in catalog(lang, domain) if m.id]


def forms(message: Message) -> tuple[list[str], list[str]]:
    """(the English forms, the translated forms) of a message."""
    ids = list(message.id) if isinstance(message.id, tuple | list) else [message.id]
    strs = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
    return [str(i) for i in ids], [str(s) for s in strs]


def key(message: Message) -> tuple[str | None, str | tuple[str, ...]]:
    """A message's identity: its context and its English (both forms for a plural)."""
    ident = message.id if isinstance(message.id, str) else tuple(message.id)
    return (message.context, ident)


def fields(text: str) -> set[str]:
    """The ``{name}`` fields and ``%s``-style markers of ``text``."""
    names = {f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return names | set(PRINTF.findall(text))


def without_fields(text: str) -> str:
    """``text`` with its ``{name}`` fields taken out (they are filled with names later)."""
    return re.sub(r"\{[^{}]*\}", " ", text)

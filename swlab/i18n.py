"""The language every user-facing sentence is shown in: one switch, gettext catalogs by Babel.

English is the source language: a message is written once, in English, where it is used
(wrapped in :func:`_`), and each language's catalog ``swlab/locale/<code>/LC_MESSAGES/<domain>.po``
maps it to that language. The language is chosen, most specific first, by an explicit argument,
:func:`set_language` (or :func:`using` for a block), the ``SWLAB_LANG`` environment variable, the
locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), and finally English.

Compiled catalogs (``.mo``) are built by ``python3 tasks.py i18n`` and, for the wheel, by the
build step in ``setup.py``; a checkout without them reads the ``.po`` files directly, so a
translation edit shows without a build step. Two domains: ``swlab`` (every sentence swlab shows)
and ``rules`` (the sentences of docs/RULES.md that refusals and hover quote, keyed by rule id).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, wraps
from pathlib import Path
from typing import Any, TypeVar

SOURCE = "en"
LANGUAGES: tuple[str, ...] = ("en", "el", "tr", "de", "pt")
"""The languages swlab speaks: English (source), Greek, Turkish, German, Portuguese."""
NAMES: dict[str, str] = {
    "en": "English",
    "el": "Ελληνικά",
    "tr": "Türkçe",
    "de": "Deutsch",
    "pt": "Português",
}
"""Each language's name in that language, as a language switch shows it."""
DOMAIN = "swlab"
DOMAINS: tuple[str, ...] = ("swlab", "rules")
"""The catalogs: swlab's own sentences, and the rules text quoted to learners."""
LOCALE_DIR = Path(__file__).with_name("locale")

_current: ContextVar[str | None] = ContextVar("swlab_language", default=None)
#: The language :func:`set_language` chose, for the whole process: a notebook kernel runs each
#: cell in a context of its own, so a context variable alone would forget it by the next cell.
_chosen: str | None = None


class UnknownLanguageError(ValueError):
    """A language code swlab has no catalog for."""


def normalise(code: str) -> str | None:
    """``"el_GR.UTF-8"`` -> ``"el"``; ``None`` for a code swlab does not speak (or C/POSIX)."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def check(code: str) -> str:
    """The normalised code, or :class:`UnknownLanguageError` naming the languages there are."""
    found = normalise(code)
    if found is None:
        known = ", ".join(f"{c} ({NAMES[c]})" for c in LANGUAGES)
        raise UnknownLanguageError(f"unknown language {code!r}: swlab speaks {known}")
    return found


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for: ``SWLAB_LANG``, then the locale, then English."""
    env = os.environ if environ is None else environ
    wanted = env.get("SWLAB_LANG", "").strip()
    if wanted:
        return check(wanted)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(var, "").split(":"):
            if part and (found := normalise(part)):
                return found
    return SOURCE


def language(code: str | None = None) -> str:
    """The language in effect: ``code`` if given, else :func:`using`'s, else the one set, else
    the environment's."""
    if code is not None:
        return check(code)
    return _current.get() or _chosen or from_environment()


def set_language(code: str | None) -> None:
    """Show every later sentence in ``code`` (``None``: back to the environment's choice)."""
    global _chosen
    _chosen = None if code is None else check(code)


@contextmanager
def using(code: str | None) -> Iterator[str]:
    """Within the block, sentences are in ``code`` (``None`` leaves the language as it is)."""
    token = _current.set(check(code) if code is not None else _current.get())
    try:
        yield language()
    finally:
        _current.reset(token)


_Fn = TypeVar("_Fn", bound=Callable[..., Any])


def speaking(owner: Any, fn: _Fn) -> _Fn:
    """``fn`` run in ``owner.language``, read at each call (a widget's callbacks: what they
    say is in the widget's language, which its switch may change, and no other widget's
    language changes)."""

    def run(*args: Any, **kwargs: Any) -> Any:
        with using(owner.language):
            return fn(*args, **kwargs)

    return run  # type: ignore[return-value]


def in_own_language(method: _Fn) -> _Fn:
    """A method of a widget runs in the widget's ``language``, so what it says (an edit
    note, a refusal, a report) is in it when called from code as from a click."""

    @wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with using(self.language):
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


@cache
def translations(code: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalog of ``domain`` in ``code``; English and a missing catalog leave text as it is."""
    code = check(code)
    if code == SOURCE:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    mo, po = folder / f"{domain}.mo", folder / f"{domain}.po"
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    if po.is_file():
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as fh:
            catalog = read_po(fh, locale=code, domain=domain)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)
    return gettext.NullTranslations()


def _(message: str, code: str | None = None) -> str:
    """``message`` (English source) in the language in effect, or in ``code``."""
    lang = language(code)
    return message if lang == SOURCE else translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int, code: str | None = None) -> str:
    """The singular or plural form for ``n``, following each language's plural rule."""
    return translations(language(code)).ngettext(singular, plural, n)


def pgettext(context: str, message: str, code: str | None = None) -> str:
    """``message`` as meant in ``context``: one English word, two meanings ("Hill" the power,
    "hill" the terrain), each translated on its own."""
    lang = language(code)
    return message if lang == SOURCE else translations(lang).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int, code: str | None = None) -> str:
    """:func:`ngettext` within ``context``."""
    return translations(language(code)).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (tables, constants)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogs (translated later by :func:`pgettext`)."""
    return message


@cache
def _rule_sources() -> dict[str, str]:
    """Rule id -> its English sentence (``rules.pot``, extracted from docs/RULES.md)."""
    from babel.messages.pofile import read_po

    path = LOCALE_DIR / "rules.pot"
    if not path.is_file():
        return {}
    with path.open("rb") as fh:
        return {str(m.context): str(m.id) for m in read_po(fh) if m.id and m.context}


def rule_text(rule: str, code: str | None = None) -> str:
    """The sentence of docs/RULES.md that ``rule`` (``"R-CONQ-6"``) opens with, in the
    language in effect (or ``code``): what a refusal citing the rule quotes to a learner.
    ``""`` for a rule the ``rules`` catalog does not hold (a race's or power's own text)."""
    english = _rule_sources().get(rule, "")
    lang = language(code)
    if not english or lang == SOURCE:
        return english
    return translations(lang, "rules").pgettext(rule, english)

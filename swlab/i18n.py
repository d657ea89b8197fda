"""The language every user-facing sentence is shown in: one switch, gettext catalogs by Babel.

English is the source language: a message is written once, in English, where it is used
(wrapped in :func:`_`), and each language's catalog ``swlab/locale/<code>/LC_MESSAGES/<domain>.po``
maps it to that language. The language is chosen, most specific first, by an explicit argument,
:func:`set_language` (or :func:`using` for a block), the ``SWLAB_LANG`` environment variable, the
locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), and finally English.

Nothing about the language ever stops swlab: a language it does not speak (``SWLAB_LANG=fr``,
``language="xx"``) means English, said once per process by a :class:`LanguageWarning`
naming the languages there are (``C`` and ``POSIX`` mean English, silently; ``en_US.UTF-8``
is read by its language part); a catalog that cannot be read means English too, with a
warning. A translation is used only when its format fields are those of the English
sentence (:func:`_vetted`), so a catalog cannot reach an object's attributes through
``{region.__class__}`` or ask for a field of a billion characters.

Compiled catalogs (``.mo``) are built by ``python3 tasks.py i18n`` and, for the wheel, by the
build step in ``setup.py``; a checkout without them reads the ``.po`` files directly, so a
translation edit shows without a build step. Two domains: ``swlab`` (every sentence swlab shows)
and ``rules`` (the sentences of docs/RULES.md that refusals and hover quote, keyed by rule id).
"""

from __future__ import annotations

import gettext
import io
import os
import string
import struct
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import Any, TypeVar

SOURCE = "en"
LANGUAGES: tuple[str, ...] = ("en", "el", "tr", "de", "pt")
"""The languages swlab speaks: English (source), Greek, Turkish, German, Brazilian
Portuguese (``pt``: the catalogs' folder and the code swlab keeps internally)."""
NAMES: dict[str, str] = {
    "en": "English",
    "el": "Ελληνικά",
    "tr": "Türkçe",
    "de": "Deutsch",
    "pt": "Português (Brasil)",
}
"""Each language's name in that language, as a language switch shows it."""
LOCALES: dict[str, str] = {"en": "en", "el": "el", "tr": "tr", "de": "de", "pt": "pt_BR"}
"""Each language's locale: the tag a list of languages shows (``pt_BR``: the Portuguese is
the Brazilian edition's), and the Babel locale its numbers are written in."""
DOMAIN = "swlab"
DOMAINS: tuple[str, ...] = ("swlab", "rules")
"""The catalogs: swlab's own sentences, and the rules text quoted to learners."""
LOCALE_DIR = Path(__file__).with_name("locale")

_current: ContextVar[str | None] = ContextVar("swlab_language", default=None)
#: The language :func:`set_language` chose, for the whole process: a notebook kernel runs each
#: cell in a context of its own, so a context variable alone would forget it by the next cell.
_chosen: str | None = None
#: The environment's language (:func:`from_environment`), once read (:func:`_read_environment`).
_environment: str | None = None


class UnknownLanguageError(ValueError):
    """A language code swlab has no catalog for."""


class LanguageWarning(UserWarning):
    """A language swlab does not speak, or a catalog it cannot read: English is used."""


#: Locale names that mean "no particular language" (the C library's own): English.
_PLAIN_LOCALES = frozenset({"c", "posix"})
#: What :func:`_warn_once` has said in this process (each said once).
_warned: set[str] = set()


def _base(code: str) -> str:
    """The language part of a locale name: ``"el_GR.UTF-8@euro"`` -> ``"el"``."""
    return code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def _territory(code: str) -> str:
    """The territory part of a locale name: ``"pt_PT.UTF-8"`` -> ``"pt"``, else ``""``."""
    parts = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")
    return parts[1].lower() if len(parts) > 1 else ""


def normalise(code: str) -> str | None:
    """``"el_GR.UTF-8"`` -> ``"el"``; ``None`` for a code swlab does not speak (or C/POSIX).
    ``pt``, ``pt_BR`` and ``pt-BR`` are Brazilian Portuguese; so is ``pt_PT``, said once by a
    :class:`LanguageWarning` (European Portuguese has no catalog of its own)."""
    base = _base(code)
    if base == "pt" and _territory(code) == "pt":
        _warn_once(
            f"{code.strip()!r}: European Portuguese is not translated: using Brazilian Portuguese"
        )
    return base if base in LANGUAGES else None


def listing() -> str:
    """The languages swlab speaks, as a help or an error lists them:
    ``en (English), el (Ελληνικά), …, pt_BR (Português (Brasil))``."""
    return ", ".join(f"{LOCALES[c]} ({NAMES[c]})" for c in LANGUAGES)


def check(code: str) -> str:
    """The normalised code (``C``, ``POSIX``: English), or :class:`UnknownLanguageError`
    naming the languages there are: for a language typed where a mistake should stop
    (``swlab --lang``)."""
    found = normalise(code)
    if found is None and _base(code) in _PLAIN_LOCALES:
        return SOURCE
    if found is None:
        raise UnknownLanguageError(f"unknown language {code!r}: swlab speaks {listing()}")
    return found


def _warn_once(message: str) -> None:
    """One :class:`LanguageWarning` per distinct message and process: ``_()`` asks for the
    language at every sentence, and one line is enough to say it is not spoken."""
    if message in _warned:
        return
    _warned.add(message)
    package = os.path.dirname(__file__) + os.sep
    frame, level = sys._getframe(0), 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(package):
        frame, level = frame.f_back, level + 1  # point at the code that called swlab
    warnings.warn(message, LanguageWarning, stacklevel=level)


def accept(code: str, origin: str = "language") -> str:
    """The normalised code; English for a code swlab does not speak, with one
    :class:`LanguageWarning` naming ``origin`` (``"SWLAB_LANG"``) and the languages there
    are: for a language that must never stop swlab (the environment, a widget's
    ``language=``)."""
    try:
        return check(code)
    except UnknownLanguageError:
        _warn_once(
            f"{origin}={code.strip()!r}: swlab does not speak this language; it speaks "
            f"{listing()}: using English"
        )
        return SOURCE


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for: ``SWLAB_LANG``, then the locale, then English
    (an unknown ``SWLAB_LANG``: English, with a warning)."""
    env = os.environ if environ is None else environ
    wanted = env.get("SWLAB_LANG", "").strip()
    if wanted:
        return accept(wanted, "SWLAB_LANG")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(var, "").split(":"):
            if part and (found := normalise(part)):
                return found
    return SOURCE


def language(code: str | None = None) -> str:
    """The language in effect: ``code`` if given, else :func:`using`'s, else the one set, else
    the environment's (read once per process, see :func:`set_language`)."""
    if code is not None:
        return accept(code)
    return _current.get() or _chosen or _environment or _read_environment()


def _read_environment() -> str:
    """The environment's language, read at the first sentence that needs it and kept: every
    sentence asks for the language (legality checks make thousands a game), and reading the
    five variables each time cost more than the translation itself."""
    global _environment
    _environment = from_environment()
    return _environment


def set_language(code: str | None) -> None:
    """Show every later sentence in ``code``; ``None``: back to the environment's choice, read
    again (a program that changes ``SWLAB_LANG`` while it runs calls this after)."""
    global _chosen, _environment
    _chosen = None if code is None else accept(code)
    if code is None:
        _environment = None


@contextmanager
def using(code: str | None) -> Iterator[str]:
    """Within the block, sentences are in ``code`` (``None`` leaves the language as it is)."""
    token = _current.set(accept(code) if code is not None else _current.get())
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
    """The catalog of ``domain`` in ``code``; English, a missing catalog and one that cannot
    be read (truncated, garbage: a :class:`LanguageWarning` names it) leave text as it is."""
    code = accept(code)
    if code == SOURCE:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    mo, po = folder / f"{domain}.mo", folder / f"{domain}.po"
    from babel.messages.pofile import PoFileError

    source = mo
    try:
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as fh:
                return gettext.GNUTranslations(fh)
        if po.is_file():
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po

            source = po
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=code, domain=domain, abort_invalid=True)
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            buffer.seek(0)
            return gettext.GNUTranslations(buffer)
    except (OSError, ValueError, LookupError, struct.error, PoFileError) as error:
        reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        _warn_once(f"{source}: the {NAMES[code]} catalog cannot be read ({reason}): using English")
    return gettext.NullTranslations()


_FORMATTER = string.Formatter()

#: The grammatical forms a translation may ask of a game name, as a format spec, by kind
#: of name: ``{race:of}`` is the race's name as the language says "of the Amazons" (German
#: "der Amazonen", Portuguese "das Amazonas"), ``{piece:a}`` a piece with its indefinite
#: article ("eine Festung", "uma Fortaleza"); docs/languages.md has each language's. Each
#: form of each name is a message of its own (context ``"race: of"``, ``"piece: a"``, see
#: :mod:`swlab.names`); a form no one translated is the plain name.
FORMS: dict[str, tuple[str, ...]] = {
    "race": ("the", "obj", "of", "to", "with", "from"),
    "piece": ("a", "a_obj", "the", "obj", "no", "of"),
    "power": ("f", "n"),
}
FORM_SPECS = frozenset(form for forms in FORMS.values() for form in forms)


class Inflected(str):
    """A translation that asks a name for a grammatical form (``{race:of}``). Formatting it
    gives a value that is no name of the game (a custom race's own name, a plain word) its
    plain text for the form, so a form never makes a sentence fail."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return str.format(
            self, *map(_formable, args), **{k: _formable(v) for k, v in kwargs.items()}
        )


class _Plain(str):
    """A value given to an :class:`Inflected` sentence: a form spec means its plain text."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return str(self) if spec in FORM_SPECS else format(str(self), spec)


def _formable(value: Any) -> Any:
    if isinstance(value, str) and type(value).__format__ is str.__format__:
        return _Plain(value)
    return value


@lru_cache(maxsize=16384)
def _fields(text: str) -> frozenset[tuple[str, str | None, str | None]] | None:
    """The format fields of ``text`` as written (name with any attribute or index, conversion,
    format spec); ``None`` when ``text`` is no format string at all."""
    try:
        return frozenset(
            (name, conversion, spec)
            for _literal, name, spec, conversion in _FORMATTER.parse(text)
            if name is not None
        )
    except ValueError:
        return None


def _vetted(translated: str, english: str, *sources: str, exact: bool = True) -> str:
    """``translated`` when its format fields are those of the English ``sources`` (the same,
    or with ``exact=False`` some of them: a plural form may leave out the count), else
    ``english``. The English sentences are the code's own; a translation comes from a
    file, so it may not name attributes, indexes, other fields or widths of its own."""
    if translated is english or translated == english:
        return english
    wanted: frozenset[tuple[str, str | None, str | None]] = frozenset()
    for text in sources:
        found = _fields(text)
        if found is None:
            return translated  # not formatted by the code, so no field can be reached
        wanted |= found
    got = _fields(translated)
    if got is None:
        return english
    # a grammatical form of a field the English has bare (``{race:of}`` for ``{race}``)
    inflected = {(n, c, s) for n, c, s in got if s in FORM_SPECS and (n, c, "") in wanted}
    got = (got - inflected) | {(n, c, "") for n, c, _s in inflected}
    if got != wanted if exact else not got <= wanted:
        return english
    return Inflected(translated) if inflected else translated


def _(message: str, code: str | None = None) -> str:
    """``message`` (English source) in the language in effect, or in ``code``; a message
    marked with a context (:func:`NC_`) is translated in its context."""
    if isinstance(message, _InContext):
        return pgettext(message.context, str(message), code)
    lang = language(code)
    if lang == SOURCE:
        return message
    return _vetted(translations(lang).gettext(message), message, message)


def ngettext(singular: str, plural: str, n: int, code: str | None = None) -> str:
    """The singular or plural form for ``n``, following each language's plural rule."""
    english = singular if n == 1 else plural
    translated = translations(language(code)).ngettext(singular, plural, n)
    return _vetted(translated, english, singular, plural, exact=False)


def pgettext(context: str, message: str, code: str | None = None) -> str:
    """``message`` as meant in ``context``: one English word, two meanings ("Hill" the power,
    "hill" the terrain), each translated on its own."""
    lang = language(code)
    if lang == SOURCE:
        return message
    return _vetted(translations(lang).pgettext(context, message), message, message)


def npgettext(context: str, singular: str, plural: str, n: int, code: str | None = None) -> str:
    """:func:`ngettext` within ``context``."""
    english = singular if n == 1 else plural
    translated = translations(language(code)).npgettext(context, singular, plural, n)
    return _vetted(translated, english, singular, plural, exact=False)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (tables, constants)."""
    return message


class _InContext(str):
    """A message marked with its context (:func:`NC_`): :func:`_` translates it in it."""

    __slots__ = ("context",)
    context: str

    def __new__(cls, message: str, context: str) -> _InContext:
        self = super().__new__(cls, message)
        self.context = context
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_InContext, (str(self), self.context))


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogs; translated later by :func:`pgettext`,
    or by :func:`_`, which knows the context (a label table:
    ``NC_("player's turn", "bot: finish turn")``)."""
    return _InContext(message, context)


# --- numbers ---------------------------------------------------------------------------
# Numbers, decimals and percentages as the language writes them (Babel, CLDR): "2,5" in
# Greek, German, Turkish and Portuguese, "%50" in Turkish, "50 %" in German. The
# language is the one in effect, or ``code``; each language's patterns are made once.


@cache
def _babel_locale(code: str) -> Any:
    from babel import Locale

    return Locale.parse(LOCALES[code])


@lru_cache(maxsize=256)
def _pattern(code: str, kind: str, digits: int | None) -> Any:
    """The Babel pattern of ``kind`` (``"decimal"``, ``"percent"``) in ``code``, with exactly
    ``digits`` decimals (``None``: the language's own, up to 3 for a decimal)."""
    import copy

    from babel.numbers import parse_pattern

    locale = _babel_locale(code)
    formats = locale.percent_formats if kind == "percent" else locale.decimal_formats
    pattern = copy.copy(parse_pattern(formats[None]))
    if digits is not None:
        pattern.frac_prec = (digits, digits)
    return pattern


def _formatted(x: float, kind: str, digits: int | None, code: str | None, signed: bool) -> str:
    lang = language(code)
    from decimal import Decimal

    from babel.numbers import format_decimal, get_plus_sign_symbol

    locale = _babel_locale(lang)
    whole = isinstance(x, int) or type(x).__name__.startswith(("int", "uint"))  # numpy's too
    value = Decimal(int(x)) if whole else Decimal(str(float(x)))
    if not value.is_finite():  # "NaN", "∞": no decimals to give
        return str(format_decimal(value, locale=locale))
    text = _pattern(lang, kind, digits).apply(value, locale)
    if signed and not value.is_signed():
        text = get_plus_sign_symbol(locale) + text
    return str(text)


def number(x: float, code: str | None = None) -> str:
    """``x`` as the language writes a number: ``1,234.5`` (English), ``1.234,5`` (Greek,
    German, Turkish, Portuguese); an integer has no decimals, a float at most 3."""
    return _formatted(x, "decimal", None, code, False)


def decimal(x: float, digits: int = 1, code: str | None = None, *, signed: bool = False) -> str:
    """``x`` with exactly ``digits`` decimals: ``decimal(2.5)`` is ``2,5`` in Greek;
    ``signed``: ``+`` before a number that is not negative."""
    return _formatted(x, "decimal", digits, code, signed)


def percent(x: float, digits: int = 0, code: str | None = None, *, signed: bool = False) -> str:
    """The share ``x`` (``0.5``) as a percentage with ``digits`` decimals: ``50%``, Turkish
    ``%50``, German ``50 %`` (a no-break space); ``signed``: ``+5%`` for an advantage."""
    return _formatted(x, "percent", digits, code, signed)


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
    return _vetted(translations(lang, "rules").pgettext(rule, english), english, english)

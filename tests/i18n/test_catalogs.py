"""The CI checks of the catalogs: complete, faithful to the source, up to date, and in the
glossary's words (docs/glossary.csv)."""

from __future__ import annotations

import gettext
import io
import string

import pytest
from babel.messages.mofile import write_mo

from swlab import i18n

from .catalogs import (
    DOMAINS,
    LANGS,
    RULE_ID,
    catalog,
    fields,
    forms,
    messages,
    tool,
    without_fields,
)
from .glossary import mentions, rows, uses

CATALOGS = [(lang, domain) for lang in LANGS for domain in DOMAINS]


def _form_kind(context: str | None) -> str | None:
    """``"race"`` for a grammatical form of a race's name (context ``"race: of"``)."""
    kind, _sep, form = (context or "").partition(": ")
    return kind if form in i18n.FORMS.get(kind, ()) else None


def _kinds_of(field: str) -> tuple[str, ...]:
    """The kinds of name a sentence's field holds (``{race}``, ``{acting}``: a race)."""
    if "piece" in field:
        return ("piece",)
    if "race" in field or field in ("acting", "victim"):
        return ("race",)
    return tuple(i18n.FORMS)


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str, domain: str) -> None:
    found = messages(lang, domain)
    assert found, f"{lang}/{domain}.po holds no message"
    assert not catalog(lang, domain).fuzzy, "the catalog's header is marked fuzzy"
    for m in found:
        assert not m.fuzzy, f"{lang}: fuzzy: {m.id!r}"
        _english, translated = forms(m)
        assert len(translated) == catalog(lang, domain).num_plurals or not m.pluralizable
        optional = _form_kind(m.context) or m.context == "race: gender"
        if optional and not any(t.strip() for t in translated):
            continue  # a name's form is translated where the language's sentences ask for it
        assert all(t.strip() for t in translated), f"{lang}: untranslated: {m.id!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_form_a_translation_asks_for_is_translated(lang: str) -> None:
    """A translation that asks for ``{race:of}`` finds the form of every race: each
    ``race: of`` message is translated."""
    asked: set[str] = set()
    for m in messages(lang, "swlab"):
        for text in forms(m)[1]:
            for _literal, field, spec, _conversion in string.Formatter().parse(text):
                if field is not None and spec in i18n.FORM_SPECS:
                    asked |= {f"{kind}: {spec}" for kind in _kinds_of(field)}
    missing = [
        f"{m.context}: {m.id}"
        for m in messages(lang, "swlab")
        if m.context in asked and not str(m.string).strip()
    ]
    assert not missing, f"{lang}: forms a translation asks for, not translated: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_race_genders_are_all_given_or_none(lang: str) -> None:
    """A language whose powers agree with the race ("Amazonas Voadoras") gives every race's
    gender (``m``, ``f`` or ``n``), and each power's forms for the genders it uses."""
    genders = {
        str(m.id): str(m.string).strip()
        for m in messages(lang, "swlab")
        if m.context == "race: gender"
    }
    given = {race: g for race, g in genders.items() if g}
    if not given:
        return
    assert set(given) == set(genders), (
        f"{lang}: races without a gender: {set(genders) - set(given)}"
    )
    assert set(given.values()) <= {"m", "f", "n"}, f"{lang}: genders are m, f or n: {given}"
    missing = [
        f"{m.context}: {m.id}"
        for m in messages(lang, "swlab")
        if m.context in {f"power: {g}" for g in given.values()} and not str(m.string).strip()
    ]
    assert not missing, f"{lang}: powers without the form their races need: {missing}"


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_placeholders_and_rule_ids_are_those_of_the_source(lang: str, domain: str) -> None:
    for m in messages(lang, domain):
        english, translated = forms(m)
        wanted = set().union(*(fields(e) for e in english))
        rules = set().union(*(RULE_ID.findall(e) for e in english))
        for t in translated:
            assert fields(t) == wanted, f"{lang}: {m.id!r}: {sorted(fields(t))} != {sorted(wanted)}"
            assert set(RULE_ID.findall(t)) == rules, f"{lang}: {m.id!r}: rule ids differ"
        if m.pluralizable:  # every plural form fills the same fields
            assert len({frozenset(fields(t)) for t in translated}) == 1, m.id


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_the_languages_own(lang: str) -> None:
    """Babel's (CLDR's) plural rule of each language: Greek, Turkish and German have two
    forms, Portuguese three (its "many" form reads as the plural)."""
    for domain in DOMAINS:
        cat = catalog(lang, domain)
        assert cat.num_plurals == (3 if lang == "pt" else 2)
        assert cat.plural_expr


def test_the_catalogs_are_up_to_date_with_the_source() -> None:
    """Extraction from today's source yields exactly the messages every catalog holds: no
    sentence is new to the translators, none is left over."""
    for domain, extract in (("swlab", tool().extract_swlab), ("rules", tool().extract_rules)):
        source = {
            (m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in extract() if m.id
        }
        assert len(source) > (300 if domain == "swlab" else 20)
        for lang in LANGS:
            held = {
                (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
                for m in messages(lang, domain)
            }
            assert not source - held, (
                f"{lang}/{domain}: new in the source: {sorted(source - held, key=repr)[:5]}"
            )
            assert not held - source, (
                f"{lang}/{domain}: gone from the source: {sorted(held - source, key=repr)[:5]}"
            )


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogs_use_the_glossarys_terms(lang: str) -> None:
    """Where a glossary term appears in a message's English, its translation uses that
    language's term (word by word, by stem: inflection allowed, tests/i18n/glossary.py).

    A race, power, terrain or symbol name is its own message (context ``race`` ...): there
    the translation must be the glossary's name; a race's grammatical form (context
    ``race: of`` ...) is that name inflected. In every other message the game's terms (kind
    ``term``) apply; the few marked ``check=no`` say in the glossary why not.
    """
    glossary = rows()
    named = {(r.kind, r.en): r for r in glossary if r.kind != "term"}
    terms = [r for r in glossary if r.kind == "term" and r.check]
    checked = 0
    for m in messages(lang, "swlab"):
        english, translated = forms(m)
        kind = _form_kind(m.context) or m.context  # "race: of": a form of the race's name
        if kind != m.context and not translated[0]:
            continue  # a form no sentence of the language asks for
        if kind in ("race", "power", "terrain", "symbol"):
            row = named[(kind, english[0])]
            assert uses(translated[0], row.terms[lang], lang), (lang, m.id, translated[0])
            checked += 1
            continue
        for row in terms:
            if any(mentions(without_fields(e), row.en) for e in english):
                for t in translated:
                    assert uses(t, row.terms[lang], lang), (
                        f"{lang}: {m.id!r} names «{row.en}» but «{t}» does not say "
                        f"«{row.terms[lang]}»"
                    )
                checked += 1
    assert checked > 150


def test_every_name_of_the_game_has_its_glossary_row() -> None:
    from swlab import names

    by_kind = {(r.kind, r.en) for r in rows()}
    for kind, words in (
        ("race", names.RACE_NAMES),
        ("power", names.POWER_NAMES),
        ("terrain", names.TERRAIN_NAMES),
        ("symbol", names.SYMBOL_NAMES),
    ):
        assert {(kind, w) for w in words} <= by_kind


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_each_catalog_compiles_and_translates(lang: str, domain: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang, domain), use_fuzzy=False)
    buffer.seek(0)
    compiled = gettext.GNUTranslations(buffer)
    m = messages(lang, domain)[0]
    english, translated = forms(m)
    if m.context:
        assert compiled.pgettext(m.context, english[0]) == translated[0]
    else:
        assert compiled.gettext(english[0]) == translated[0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_keeps_its_rule_id_in_every_language(lang: str) -> None:
    from swlab.game.scenario import load_scenario
    from swlab.rules.actions import parse_action
    from swlab.rules.engine import apply, why_illegal

    state, _events = apply(load_scenario("01_first_conquest"), parse_action("pick 0"))
    english = why_illegal(state, parse_action("conquer 999"))
    with i18n.using(lang):
        error = why_illegal(state, parse_action("conquer 999"))
        rule = error.rule_text() if error else ""
    assert english is not None and error is not None
    assert error.rule == english.rule == "R-COMP-6"
    assert error.message.endswith("(R-COMP-6).") and error.message != english.message
    assert rule and rule == i18n.rule_text("R-COMP-6", lang) != i18n.rule_text("R-COMP-6", "en")


def test_the_rules_catalog_holds_every_rule_a_refusal_cites() -> None:
    sentences = tool().rule_sentences()
    cited = tool().refusal_rules()
    assert {"R-CONQ-2", "R-CONQ-6", "R-CONQ-10", "R-IMMUNE", "R-DECLINE-5"} <= set(cited)
    for rule in cited:
        assert i18n.rule_text(rule, "en") == sentences[rule]
        for lang in LANGS:
            assert i18n.rule_text(rule, lang) not in ("", sentences[rule]), (lang, rule)

"""The words a language must not use: docs/terms/<lang>.csv.

Each language's translators list the forms that are wrong for a game term (a word the
rulebook does not use, a false friend, the other meaning of "turn"), with the form to use
instead and where that form comes from:

    forbidden,use,en,source
    Zug,Runde,turn (round),003_….txt «…»

A forbidden form is found in any translation of the program's catalogs
(``swlab/locale/<lang>/LC_MESSAGES/*.po``, every plural form) and of the notebooks'
(``notebooks/locale/<lang>.po``): case and accents ignored (:func:`fold`), at the start of a
word, as a phrase; the form's end is open, so a stem finds the inflected forms ("Zug" also
finds "Zuges" and "ZUGES"), while "Anzug" is another word; punctuation counts (a
placeholder's "}'d"). The failure names the catalog, the message, the forbidden form and the
form to use. Each row must say what to use, and where from: the rulebook (``<seed file>
«quote»``, the quote found in that seed) or ``not in a seed: <a named source>``.
"""

# ruff: noqa: RUF001 (Greek and Turkish words are what this test reads)
from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from .glossary import LANGS, ROOT, SOURCE, fold, names_its_source, seeds_dir

TERMS = ROOT / "docs" / "terms"
HEADER = ["forbidden", "use", "en", "source"]


@dataclass(frozen=True)
class Term:
    line: int
    forbidden: str
    use: str
    en: str
    source: str


def read_terms(path: Path) -> list[Term]:
    """The rows of a terms file (``AssertionError`` naming the file for a wrong header)."""
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == HEADER, f"{path}: the header must be {','.join(HEADER)}"
        return [
            Term(k, *(str(r[c] or "").strip() for c in HEADER)) for k, r in enumerate(reader, 2)
        ]


def _pattern(form: str) -> re.Pattern[str]:
    folded = fold(form.strip())
    body = r"\s+".join(map(re.escape, folded.split()))
    start = r"(?<!\w)" if re.match(r"\w", folded) else ""  # "}'d" may follow a placeholder
    return re.compile(start + body)


def forbidden_in(text: str, form: str) -> bool:
    """Whether ``form`` occurs in ``text``: case and accents ignored, at the start of a word,
    as written (punctuation too; any space between its words); its end is open, so a stem
    also finds the inflected forms."""
    return _pattern(form).search(fold(text)) is not None


def row_problems(path: Path, terms: Iterable[Term], seeds: Path) -> list[str]:
    """What is wrong with the rows themselves: no form to use, a source that names nothing,
    a quote its seed does not print."""
    texts: dict[str, str] = {}
    problems = []
    for t in terms:
        where = f"{path.name}:{t.line} «{t.forbidden}»"
        if not t.forbidden or not re.search(r"\w", t.forbidden):
            problems.append(f"{where}: no forbidden form")
        if not t.use:
            problems.append(f"{where}: says no form to use instead")
        seed_source = SOURCE.fullmatch(t.source)
        if seed_source is not None:
            seed = seeds / seed_source["seed"]
            if not seeds.is_dir():
                continue  # the rulebooks are not here: the quote cannot be checked
            if seed.name not in texts:
                texts[seed.name] = seed.read_text(encoding="utf-8") if seed.is_file() else ""
            if seed_source["quote"] not in texts[seed.name]:
                problems.append(f"{where}: «{seed_source['quote']}» is not in {seed.name}")
        elif not names_its_source(t.source):
            problems.append(
                f"{where}: the source must be '<seed file> «quote»' or 'not in a seed: <the "
                f"source, named>', not {t.source!r}"
            )
    return problems


def _strings(message: object) -> list[str]:
    string = getattr(message, "string", "")
    forms = list(string) if isinstance(string, tuple | list) else [string]
    return [str(s) for s in forms if s]


def catalog_problems(terms: Iterable[Term], catalogs: Iterable[Path]) -> list[str]:
    """Every translation that uses a forbidden form: catalog, message, form, what to use."""
    terms = [t for t in terms if re.search(r"\w", t.forbidden)]
    problems = []
    for path in catalogs:
        with path.open("rb") as fh:
            catalog = read_po(fh)
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        for message in catalog:
            if not message.id:
                continue
            msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
            for text in _strings(message):
                for t in terms:
                    if forbidden_in(text, t.forbidden):
                        problems.append(
                            f"{shown}: {str(msgid)[:70]!r}: «{t.forbidden}» is forbidden, "
                            f"use «{t.use}» ({t.en})"
                        )
    return problems


def catalogs_of(lang: str, root: Path = ROOT) -> list[Path]:
    program = sorted((root / "swlab" / "locale" / lang / "LC_MESSAGES").glob("*.po"))
    notebooks = root / "notebooks" / "locale" / f"{lang}.po"
    return [*program, *([notebooks] if notebooks.is_file() else [])]


def _report(problems: list[str]) -> str:
    shown = problems[:40] + ([f"... and {len(problems) - 40} more"] if len(problems) > 40 else [])
    return "\n".join(shown)


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_uses_a_forbidden_form(lang: str) -> None:
    path = TERMS / f"{lang}.csv"
    assert path.is_file(), (
        f"{path.relative_to(ROOT)} does not exist: the {lang} translators list there the forms "
        f"their catalogs must not use (header {','.join(HEADER)}; docs/languages.md, "
        f"'Keeping the words right')"
    )
    terms = read_terms(path)
    problems = row_problems(path, terms, seeds_dir()) + catalog_problems(terms, catalogs_of(lang))
    assert not problems, _report(problems)


# --- the check checks itself -----------------------------------------------------------------


def test_the_matcher_finds_inflected_accented_and_capital_forms() -> None:
    assert forbidden_in("Am Ende des Zuges wertet ihr.", "Zug")  # inflected: a stem
    assert forbidden_in("ΣΤΟ ΤΕΛΟΣ ΤΟΥ ΓΥΡΟΥ", "γύρος"[:4])  # capitals without accents
    assert forbidden_in("Sıra sende, TUR bitti", "tur")  # Turkish case
    assert forbidden_in("a Raça em declínio", "raca em declin")  # a phrase, accents aside
    assert forbidden_in("{region}'de", "}'d") and not forbidden_in("{region} de", "}'d")
    assert not forbidden_in("Er trägt einen Anzug.", "Zug")  # a longer, different word
    assert not forbidden_in("Saturn", "tur")
    assert not forbidden_in("raça, em declínio", "raca declin")  # the words not in a row


def test_the_check_names_catalog_message_form_and_replacement(tmp_path: Path) -> None:
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "003_0123456789abcdef.txt").write_text("Am Ende jeder Runde rückt ...", "utf-8")
    terms_dir = tmp_path / "docs" / "terms"
    terms_dir.mkdir(parents=True)
    de, tr = terms_dir / "de.csv", terms_dir / "tr.csv"
    de.write_text(
        "forbidden,use,en,source\n"
        "Zug,Runde,turn (round),003_0123456789abcdef.txt «Am Ende jeder Runde»\n"
        "Volk,Rasse,race,not in a seed: the question-and-answer sheet of the German edition\n",
        "utf-8",
    )
    tr.write_text(
        "forbidden,use,en,source\n"
        "ırk gücü,özel güç,special power,not in a seed: the published edition's name\n"
        "yarış,,race,003_0123456789abcdef.txt «kein solches Zitat»\n",
        "utf-8",
    )
    po = tmp_path / "swlab" / "locale" / "de" / "LC_MESSAGES" / "swlab.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "End of the turn"\nmsgstr "Ende des ZUGES"\n\n'
        'msgid "{n} race"\nmsgid_plural "{n} races"\nmsgstr[0] "{n} Rasse"\n'
        'msgstr[1] "{n} Völker"\n\n'
        'msgid "a suit"\nmsgstr "ein Anzug"\n',
        "utf-8",
    )
    assert catalogs_of("de", tmp_path) == [po]
    de_terms = read_terms(de)
    assert row_problems(de, de_terms, seeds) == []
    found = catalog_problems(de_terms, [po])
    assert len(found) == 2, found
    assert (
        "swlab.po: 'End of the turn': «Zug» is forbidden, use «Runde» (turn (round))" in (found[0])
    )
    assert "'{n} race'" in found[1] and "«Volk»" in found[1]  # a plural form too
    tr_problems = row_problems(tr, read_terms(tr), seeds)
    assert len(tr_problems) == 3, tr_problems
    assert "not in a seed: <the source, named>" in tr_problems[0]  # the generic name
    assert "no form to use" in tr_problems[1]
    assert "«kein solches Zitat» is not in 003_0123456789abcdef.txt" in tr_problems[2]

"""The tutorial in Greek, Turkish, German and Portuguese (``tools/translate_notebooks.py``).

Each translated notebook ``notebooks/<lang>/NN_*.ipynb`` is built from its English source and
``notebooks/locale/<lang>.po``: these tests check that it is the notebook the tool builds today
(so it cannot drift from the English), that its structure is the English one plus the language
cell, that every paragraph is translated (none fuzzy), that no English prose is left in it, and
that it uses the glossary's terms. nbval runs the notebooks themselves (they sit under
``notebooks/``). Notebooks not translated yet are listed in :data:`PENDING` and reported as
skipped with what they lack, never passed over in silence.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import translate_notebooks as tn  # noqa: E402  (tools/ is not a package)

#: English notebooks whose translation is the second wave (they were being reworked while the
#: first four were translated). Translate their entries in notebooks/locale/*.po, run
#: ``tools/translate_notebooks.py build``, then take them off this list.
_SECOND_WAVE = (
    "00_welcome",
    "01_setup_and_combos",
    "03_redeploy_and_scoring",
    "05_races",
    "06_powers",
    "07_map_editor",
    "10_terra_mystica_maps",
)
#: Per language, the notebooks not translated yet (each language's entry is its own block, so
#: translators of different languages never edit the same lines).
PENDING: dict[str, frozenset[str]] = {
    # Greek
    "el": frozenset(),
    #
    # Turkish
    "tr": frozenset(),
    #
    # German
    "de": frozenset(),
    #
    # Portuguese
    "pt": frozenset(),
}
ENGLISH = {path.stem: path for path in tn.english_notebooks()}
ALL_PENDING = sorted(set().union(*PENDING.values()))
TRANSLATED = sorted(name for name in ENGLISH if any(name not in p for p in PENDING.values()))
CASES = [
    (lang, name) for lang in tn.TARGETS for name in sorted(ENGLISH) if name not in PENDING[lang]
]

#: English words that are not words of Greek, Turkish, German or Portuguese (so not "a", "in",
#: "an", "also", "can", "for", "was", "will", "so", "die", "no", "do", "as" ...).
_STOP_WORDS = """the and of to is are be you your that this these those with from by it its
they their them there which when what where who may must not or has have had been each every
than then into only would should could does did"""
ENGLISH_STOP_WORDS = frozenset(_STOP_WORDS.split())
#: Above this share of English stop words a markdown cell reads as English (English prose
#: runs at 18 % or more; the translations at 2 % or less, from a proper name or a loan word).
MAX_ENGLISH_SHARE = 0.06
FENCED = re.compile(r"(?ms)^\s*(```|~~~).*?^\s*\1[^\n]*$")
CODE_SPAN = re.compile(r"`[^`\n]*`")
RULE_ID = re.compile(r"R-[A-Z0-9]+(?:-[A-Z0-9]+)*")
URL = re.compile(r"https?://\S+")
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
SENTENCE_END = re.compile(r"(?<=[.!?;:·])\s+|\n\s*\n|\n\s*[*-] ")


def prose_words(markdown: str) -> list[str]:
    """The words of ``markdown`` a reader reads as prose: code, rule ids and links left out."""
    for pattern in (FENCED, CODE_SPAN, RULE_ID, URL):
        markdown = pattern.sub(" ", markdown)
    return WORD.findall(markdown)


def english_share(markdown: str) -> float:
    words = prose_words(markdown)
    return sum(w.casefold() in ENGLISH_STOP_WORDS for w in words) / len(words) if words else 0.0


def english_sentences(markdown: str) -> list[str]:
    """Sentences of ``markdown`` with two or more English stop words (half-translated ones)."""
    text = CODE_SPAN.sub(" ", FENCED.sub(" ", markdown))
    return [
        s
        for s in SENTENCE_END.split(text)
        if s and sum(w.casefold() in ENGLISH_STOP_WORDS for w in prose_words(s)) >= 2
    ]


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def without_timing(metadata: dict[str, Any]) -> dict[str, Any]:
    """A cell's metadata without the timing a run records."""
    return {k: v for k, v in metadata.items() if k != "execution"}


def target(lang: str, name: str) -> Path:
    return tn.NOTEBOOKS / lang / f"{name}.ipynb"


# --- which notebooks are translated -------------------------------------------------------


def test_every_english_notebook_is_translated_or_listed_as_pending() -> None:
    assert set(PENDING) == set(tn.TARGETS)
    unknown = sorted(set(ALL_PENDING) - set(ENGLISH))
    assert not unknown, f"PENDING names no notebook: {unknown}"
    for lang, name in CASES:
        state = tn.progress(ENGLISH[name], tn.read_catalog(lang))
        assert state.complete, (
            f"{lang}/{name}: {len(state.missing)} paragraphs untranslated, "
            f"{len(state.fuzzy)} fuzzy in notebooks/locale/{lang}.po (translate them, or "
            f"list {name} in PENDING[{lang!r}])"
        )


@pytest.mark.parametrize(
    ("lang", "name"), [(lang, name) for lang in tn.TARGETS for name in sorted(PENDING[lang])]
)
def test_a_pending_notebook_has_no_half_translated_copy(lang: str, name: str) -> None:
    """A notebook not yet translated in a language has no file there (never half English);
    the skip reason says how far its translation is."""
    state = tn.progress(ENGLISH[name], tn.read_catalog(lang))
    if state.complete:
        pytest.fail(f"{lang}/{name} is translated: take it off PENDING[{lang!r}]")
    assert not target(lang, name).exists(), f"{lang}/{name}.ipynb exists but is incomplete"
    pytest.skip(f"{lang}/{name} not translated yet: {state.done}/{state.total} paragraphs")


# --- each translated notebook -------------------------------------------------------------


@pytest.mark.parametrize(("lang", "name"), CASES)
def test_the_translated_notebook_is_what_the_tool_builds(lang: str, name: str) -> None:
    """Built from today's English and catalog: an English edit not yet carried over fails."""
    path = target(lang, name)
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing: run translate_notebooks build"
    lookup = tn.translations(tn.read_catalog(lang))
    expected = tn.translated_notebook(ENGLISH[name], lang, lookup)
    built = read(path)
    assert tn.cells_without_outputs(built) == tn.cells_without_outputs(expected), (
        f"{path.relative_to(ROOT)} is out of date: run tools/translate_notebooks.py build"
    )
    assert built.metadata == expected.metadata


@pytest.mark.parametrize(("lang", "name"), CASES)
def test_structure_and_code_are_the_english_ones(lang: str, name: str) -> None:
    english, translated = read(ENGLISH[name]), read(target(lang, name))
    first, rest = translated.cells[0], translated.cells[1:]
    assert first.cell_type == "code" and tags(first) == [tn.LANGUAGE_TAG]
    assert first.source == tn.language_source(lang)
    assert sum(tn.LANGUAGE_TAG in tags(c) for c in translated.cells) == 1
    assert len(rest) == len(english.cells)
    for number, (en, tr) in enumerate(zip(english.cells, rest, strict=True), start=1):
        where = f"{lang}/{name} cell {number}"
        assert (tr.cell_type, tr.get("id"), tags(tr)) == (en.cell_type, en.get("id"), tags(en))
        if en.cell_type == "code":
            assert tr.source == en.source, where
            assert without_timing(tr.metadata) == without_timing(en.metadata), where
        else:  # prose translated; rule ids, code, fenced blocks and headings kept
            for pattern in (RULE_ID, CODE_SPAN, FENCED):
                found = Counter(m.group(0) for m in pattern.finditer(tr.source))
                assert found == Counter(m.group(0) for m in pattern.finditer(en.source)), where
            heads = [len(h) for h in re.findall(r"(?m)^#+(?= )", tr.source)]
            assert heads == [len(h) for h in re.findall(r"(?m)^#+(?= )", en.source)], where


@pytest.mark.parametrize(("lang", "name"), CASES)
def test_every_paragraph_is_translated(lang: str, name: str) -> None:
    catalog = tn.read_catalog(lang)
    state = tn.progress(ENGLISH[name], catalog)
    assert not state.missing and not state.fuzzy, (state.missing[:3], state.fuzzy[:3])
    for text in dict.fromkeys(t for t, _, _ in tn.messages(ENGLISH[name])):
        message = catalog.get(text)
        assert message is not None and message.string != text, f"{lang}: left in English: {text}"


@pytest.mark.parametrize(("lang", "name"), CASES)
def test_no_english_prose_is_left(lang: str, name: str) -> None:
    for number, cell in enumerate(read(target(lang, name)).cells):
        if cell.cell_type != "markdown":
            continue
        share = english_share(cell.source)
        assert share <= MAX_ENGLISH_SHARE, (
            f"{lang}/{name} cell {number} reads as English ({share:.0%})"
        )
        assert not english_sentences(cell.source), (lang, name, english_sentences(cell.source))


def test_the_english_check_finds_english() -> None:
    """The check above has teeth: every English prose cell of those notebooks fails it, by
    its share of English words; nearly every one by a sentence too (a cell of short sentences,
    "Who wins?", has no sentence with two stop words)."""
    checked = by_sentence = 0
    for name in TRANSLATED:
        for cell in read(ENGLISH[name]).cells:
            if cell.cell_type == "markdown" and len(prose_words(cell.source)) >= 8:
                checked += 1
                assert english_share(cell.source) > MAX_ENGLISH_SHARE, cell.source[:80]
                by_sentence += bool(english_sentences(cell.source))
    assert checked >= 20
    assert by_sentence >= 0.9 * checked


@pytest.mark.parametrize("lang", tn.TARGETS)
def test_the_prose_uses_the_glossary_terms(lang: str) -> None:
    """Where the English names a game term of docs/glossary.csv, the translation uses that
    language's term (by stem, as tests/i18n/glossary.py matches it; in German also inside a
    compound, as the rulebook's "Siegmünze"). A power named like a
    terrain (Forest, Hill, Swamp) is checked as the terrain; code and rule ids are left out."""
    from . import glossary

    if not glossary.GLOSSARY.is_file():
        pytest.skip(f"{glossary.GLOSSARY} is missing")
    rows = glossary.rows()
    terrains = {r.en.casefold() for r in rows if r.kind == "terrain"}
    checked = [
        r for r in rows if r.check and not (r.kind == "power" and r.en.casefold() in terrains)
    ]
    catalog = tn.read_catalog(lang)
    wrong = []
    for name in sorted(set(ENGLISH) - PENDING[lang]):
        for text in dict.fromkeys(t for t, _, _ in tn.messages(ENGLISH[name])):
            english = RULE_ID.sub(" ", CODE_SPAN.sub(" ", text))
            translated = catalog.get(text).string
            for row in checked:
                if glossary.mentions(english, row.en) and not glossary.uses(
                    translated, row.terms[lang], lang
                ):
                    wrong.append(f"{row.en} -> {row.terms[lang]}: {translated[:60]!r}")
    assert not wrong, "\n".join(wrong)


# --- the tool -----------------------------------------------------------------------------


def test_paragraphs_join_back_to_the_cell() -> None:
    """Cutting a cell into paragraphs loses nothing; fenced code is never a message."""
    fenced = 0
    for path in ENGLISH.values():
        for cell in read(path).cells:
            if cell.cell_type == "markdown":
                parts = tn.blocks(cell.source)
                assert "".join(b.text for b in parts) == cell.source
                fenced += sum("```" in b.text for b in parts if not b.prose)
                assert not any("```" in b.text for b in parts if b.prose)
    assert fenced >= 2


def _english(folder: Path, *cells: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(cells[0], id="intro"),
        nbformat.v4.new_code_cell("print(1 + 1)", id="sum", metadata={"tags": ["t"]}),
        *(nbformat.v4.new_markdown_cell(c, id=f"m{i}") for i, c in enumerate(cells[1:])),
    ]
    path = folder / "01_demo.ipynb"
    nbformat.write(nb, path)
    return path


def test_extract_translate_build_and_an_english_change(tmp_path: Path) -> None:
    """The whole round: extract, translate, build; then an English edit comes back fuzzy (a
    new paragraph untranslated), the old notebook is not rebuilt half English, and extract
    run twice changes nothing."""
    locale = tmp_path / "locale"
    source = _english(
        tmp_path, "# Demo\n\nThe die has **six** faces.", "Roll with `roll 2`.\n\n```\nend\n```"
    )
    assert tn.extract([source], ["de"], locale) == {"de": (3, 3, 0)}
    po = tn.po_path("de", locale)
    assert "#: 01_demo.ipynb:1" in po.read_text(encoding="utf-8")
    catalog = tn.read_catalog("de", locale)
    german = {
        "# Demo": "# Vorführung",
        "The die has **six** faces.": "Der Würfel hat **sechs** Seiten.",
        "Roll with `roll 2`.": "Würfle mit `roll 2`.",
    }
    for english, text in german.items():
        catalog[english].string = text
    po.write_text(tn.po_text(catalog), encoding="utf-8")

    written, incomplete = tn.build(
        [source], ["de"], execute=False, locale_dir=locale, out_dir=tmp_path
    )
    assert written == [tmp_path / "de" / "01_demo.ipynb"] and incomplete == []
    built = read(written[0])
    assert [c.source for c in built.cells] == [
        tn.language_source("de"),
        "# Vorführung\n\nDer Würfel hat **sechs** Seiten.",
        "print(1 + 1)",
        "Würfle mit `roll 2`.\n\n```\nend\n```",
    ]
    assert tags(built.cells[2]) == ["t"]

    before = po.read_text(encoding="utf-8")
    tn.extract([source], ["de"], locale)
    assert po.read_text(encoding="utf-8") == before

    _english(
        tmp_path, "# Demo\n\nThe die has **six** sides.", "Roll with `roll 2`.", "New words here."
    )
    assert tn.extract([source], ["de"], locale) == {"de": (4, 1, 1)}
    catalog = tn.read_catalog("de", locale)
    changed = catalog["The die has **six** sides."]
    assert changed.fuzzy and changed.string == "Der Würfel hat **sechs** Seiten."
    previous = '#| msgid "The die has **six** faces."'
    assert previous in po.read_text(encoding="utf-8")
    tn.extract([source], ["de"], locale)  # Babel does not read "#|" back: the tool keeps it
    assert previous in po.read_text(encoding="utf-8")
    assert not catalog["New words here."].string
    written, incomplete = tn.build(
        [source], ["de"], execute=False, locale_dir=locale, out_dir=tmp_path
    )
    assert written == [] and len(incomplete) == 1
    assert incomplete[0].fuzzy == ["The die has **six** sides."]
    assert incomplete[0].missing == ["New words here."]
    assert read(tmp_path / "de" / "01_demo.ipynb").cells[1].source.startswith("# Vorführung")

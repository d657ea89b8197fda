"""docs/glossary.csv: every term in every language, each with the seed words it comes from."""

from __future__ import annotations

import pytest

from .glossary import KINDS, LANGS, NOT_IN_SEED, SOURCE, names_its_source, rows, seeds_dir, uses


def test_every_row_has_every_language_and_a_source() -> None:
    found = rows()
    assert len(found) >= 60
    unnamed = []
    for row in found:
        assert row.kind in KINDS, row
        assert row.en, row
        for lang in LANGS:
            assert row.terms[lang].strip(), (row.en, lang)
            source = row.sources[lang]
            if not (SOURCE.fullmatch(source) or names_its_source(source)):
                unnamed.append(f"{row.en} ({lang}): {source!r}")
        if not row.check:
            assert row.note, f"{row.en}: a term left out of the check says why"
    assert not unnamed, (
        "a source is '<seed file> «quote»' or 'not in a seed: <the source, named>':\n"
        + "\n".join(unnamed)
    )


def test_a_source_outside_the_seeds_is_named() -> None:
    assert not names_its_source(NOT_IN_SEED)
    assert not names_its_source("not in a seed: ")
    assert names_its_source("not in a seed: the German edition's box, 2009")
    assert not SOURCE.fullmatch("not in a seed: the German edition's box, 2009")


def test_races_powers_terrains_and_symbols_are_all_there() -> None:
    from swlab.board.model import SYMBOLS, TERRAINS
    from swlab.rules.abilities.registry import POWERS, RACES

    by_kind = {kind: {r.en for r in rows() if r.kind == kind} for kind in KINDS}
    assert by_kind["race"] == set(RACES)
    assert by_kind["power"] == set(POWERS)
    assert by_kind["terrain"] == set(TERRAINS)
    assert by_kind["symbol"] == {s.replace("_", " ") for s in SYMBOLS}


def test_each_source_quote_occurs_in_its_seed() -> None:
    folder = seeds_dir()
    if not folder.is_dir():
        pytest.skip(f"the rulebooks are not at {folder} (set SWLAB_SEEDS)")
    texts = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.txt")}
    for row in rows():
        for lang in LANGS:
            match = SOURCE.fullmatch(row.sources[lang])
            if match is None:
                continue
            seed, quote = match["seed"], match["quote"]
            assert seed in texts, (row.en, lang, seed)
            assert quote in texts[seed], f"{row.en} ({lang}): «{quote}» is not in {seed}"


def test_a_quoted_term_is_the_one_the_quote_prints() -> None:
    """The term comes from its quote: the same words, inflection and accents aside."""
    for row in rows():
        for lang in LANGS:
            match = SOURCE.fullmatch(row.sources[lang])
            if match is not None:
                assert uses(match["quote"], row.terms[lang]), (row.en, lang, match["quote"])

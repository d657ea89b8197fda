"""The glossary (docs/glossary.csv) as rows, and the fair match of a term in a sentence.

A term counts as used when every word of it appears, by its stem, in the sentence: accents
and case are ignored (Greek capitals drop their accent) and each word keeps only its first
60 % of letters (at least two), so an inflected form (Παρακμής, Moedas, İnleri) still
matches while another word does not. German joins nouns into one word (Bergplättchen,
Völkerplättchen), so there a term's stem may stand inside a word, not only at its start.
"""

from __future__ import annotations

import csv
import math
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.csv"
LANGS = ("el", "tr", "de", "pt")
KINDS = ("race", "power", "terrain", "symbol", "term")
NOT_IN_SEED = "not in a seed: the published edition's name"
"""What a source used to say where no rulebook prints a term: it names no source, so it no
longer passes (:data:`NAMED_SOURCE`)."""
#: Where no rulebook prints a term: ``not in a seed: <the source, named>`` (the edition's
#: box, a question-and-answer sheet, a publisher's page), anything but the generic phrase.
NAMED_SOURCE = re.compile(r"not in a seed: (?P<named>\S.*\S)")


def names_its_source(source: str) -> bool:
    """Whether ``source`` is ``not in a seed: <something specific>``."""
    match = NAMED_SOURCE.fullmatch(source)
    if match is None:
        return False
    named = fold(match["named"]).strip(" .")
    return named not in {fold(NOT_IN_SEED.split(": ", 1)[1]), "the published edition", "n/a"}


SOURCE = re.compile(r"(?P<seed>\d{3}_[0-9a-f]{16}\.txt) «(?P<quote>[^»]+)»")


def seeds_dir() -> Path:
    """The rulebooks: ``SWLAB_SEEDS``, else ``../shared/seeds`` beside the checkout."""
    return Path(os.environ.get("SWLAB_SEEDS", ROOT.parent / "shared" / "seeds"))


@dataclass(frozen=True)
class Row:
    kind: str
    en: str
    terms: dict[str, str]
    sources: dict[str, str]
    check: bool
    note: str


def rows() -> list[Row]:
    with GLOSSARY.open(encoding="utf-8", newline="") as fh:
        return [
            Row(
                kind=r["kind"],
                en=r["en"],
                terms={lang: r[lang] for lang in LANGS},
                sources={lang: r[f"{lang}_source"] for lang in LANGS},
                check=r["check"] == "yes",
                note=r["note"],
            )
            for r in csv.DictReader(fh)
        ]


def fold(text: str) -> str:
    """Lower case without accents (the dotted/dotless i of Turkish folded to i)."""
    text = text.replace("\u0130", "i").replace("I", "i").replace("\u0131", "i")
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def stem(word: str) -> str:
    folded = fold(word).strip("-")
    return folded[: max(2, math.ceil(len(folded) * 0.6))]


def uses(sentence: str, term: str, lang: str = "") -> bool:
    """Whether every word of ``term`` appears, by its stem, in ``sentence`` (in German,
    also inside a compound word)."""
    words = re.findall(r"\w+", fold(sentence))
    inside = lang == "de"

    def found(part: str) -> bool:
        s = stem(part)
        return any(s in w if inside else w.startswith(s) for w in words)

    return all(found(t) for t in re.findall(r"\w+", term))


def mentions(msgid: str, english: str) -> bool:
    """Whether the English source names ``english`` (as a word or phrase, plural allowed)."""
    pattern = r"\b" + r"[\s-]+".join(map(re.escape, english.split())) + r"(?:s|es)?\b"
    return re.search(pattern, msgid, re.IGNORECASE) is not None

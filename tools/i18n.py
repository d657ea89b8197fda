#!/usr/bin/env python3
"""The catalogs of swlab's languages: extract, update, compile (``python3 tasks.py i18n``).

    .venv/bin/python tools/i18n.py [extract|update|compile|all]

- **extract**: the English source of every marked sentence (``babel.cfg``: the Python files of
  ``swlab``, with the keywords below) into ``swlab/locale/swlab.pot``, and the rules text
  quoted to learners into ``swlab/locale/rules.pot``: for each rule a refusal of
  ``swlab.rules`` cites, its opening sentence in docs/RULES.md (with its title, when it has
  one), keyed by the rule id. The races' and powers' rules are their badges' texts and stay
  out of it.
- **update**: each language's ``.po`` gains the new messages and drops the gone ones (a
  translation is kept; a message whose English changed is marked fuzzy, which the CI check
  then refuses until a translator confirms it).
- **compile**: ``.mo`` files beside the ``.po`` (the wheel build compiles its own, setup.py).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "swlab" / "locale"
RULES_MD = ROOT / "docs" / "RULES.md"
LANGUAGES = ("el", "tr", "de", "pt")
#: The marking functions of swlab.i18n, as Babel keyword specs.
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "NC_": ((1, "c"), 2),
}
#: Where a rule starts in docs/RULES.md: ``**R-CONQ-6 Adjacency.**`` or ``- **R-IMMUNE**``.
RULE_START = re.compile(r"(?:^|\n)(?:- )?\*\*(R-[A-Z]+(?:-[A-Z0-9]+)*)\b")
#: A sentence end followed by the next sentence.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(])")
#: How a refusal names its rule in ``swlab/rules``: the first argument of the error, a
#: refusal table's ``("R-...", N_("..."))`` row, or a rule chosen by the stage.
REFUSAL_RULE = (
    re.compile(r'IllegalActionError\(\s*"(R-[A-Z0-9-]+)"'),
    re.compile(r'\(\s*"(R-[A-Z0-9-]+)",\s*N_\('),
    re.compile(r'rule = "(R-[A-Z0-9-]+)" if [^\n]* else "(R-[A-Z0-9-]+)"'),
)
HEADER = {"project": "swlab", "copyright_holder": "the swlab authors", "charset": "utf-8"}


def _catalog(domain: str, locale: str | None = None) -> Catalog:
    return Catalog(
        locale=locale,
        domain=domain,
        project="swlab",
        copyright_holder="the swlab authors",
        msgid_bugs_address="",
        creation_date=datetime(2026, 1, 1, tzinfo=UTC),
        fuzzy=False,
    )


def extract_swlab() -> Catalog:
    """Every marked sentence of ``swlab`` (English source), with where it is used."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    catalog = _catalog("swlab")
    found = extract_from_dir(
        ROOT,
        method_map,
        options_map,
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(
            message,
            locations=[(filename, lineno)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",) if "{" in str(message) else (),
        )
    return catalog


def rule_sentences() -> dict[str, str]:
    """Each rule of docs/RULES.md and its opening sentence, in the file's order: a title
    (``Adjacency.``) keeps the sentence after it; bold marks and line breaks go."""
    text = RULES_MD.read_text("utf-8")
    starts = list(RULE_START.finditer(text))
    out: dict[str, str] = {}
    for k, m in enumerate(starts):
        end = starts[k + 1].start() if k + 1 < len(starts) else len(text)
        body = re.split(r"\n\n|\n#", text[m.start() : end])[0]
        body = re.sub(r"\s+", " ", body).strip().removeprefix("- ").replace("**", "")
        parts = SENTENCE_END.split(body[len(m[1]) :].strip())
        first = parts[0]
        if len(first.split()) <= 5 and len(parts) > 1:  # a title: the sentence after it too
            first = f"{first} {parts[1]}"
        out.setdefault(m[1], first)
    return out


def refusal_rules() -> list[str]:
    """The rules the refusals of ``swlab/rules`` cite, races' and powers' aside, in
    RULES.md's order."""
    cited: set[str] = set()
    for path in sorted((ROOT / "swlab" / "rules").rglob("*.py")):
        source = path.read_text("utf-8")
        for pattern in REFUSAL_RULE:
            for m in pattern.finditer(source):
                cited.update(g for g in m.groups() if g)
    own = ("R-RACE-", "R-POW-")
    return [rule for rule in rule_sentences() if rule in cited and not rule.startswith(own)]


def extract_rules() -> Catalog:
    """The rules text quoted to learners: each refusal rule's sentence, its id as context."""
    catalog = _catalog("rules")
    sentences = rule_sentences()
    for rule in refusal_rules():
        catalog.add(sentences[rule], context=rule, locations=[("docs/RULES.md", 0)])
    return catalog


EXTRACTORS = {"swlab": extract_swlab, "rules": extract_rules}


def _write(catalog: Catalog, path: Path, **options: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_output=False, omit_header=False, **options)


def extract() -> None:
    for domain, make in EXTRACTORS.items():
        _write(make(), LOCALE / f"{domain}.pot")


def update(languages: Iterable[str] = LANGUAGES) -> None:
    """Bring each language's catalog up to the template (new messages empty, gone ones out)."""
    for domain in EXTRACTORS:
        with (LOCALE / f"{domain}.pot").open("rb") as fh:
            template = read_po(fh)
        for lang in languages:
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if po.is_file():
                with po.open("rb") as fh:
                    catalog = read_po(fh, locale=lang, domain=domain)
            else:
                catalog = _catalog(domain, lang)
            catalog.update(template, update_header_comment=False)
            catalog.obsolete.clear()
            _write(catalog, po, ignore_obsolete=True, include_previous=False)


def compile_all(languages: Iterable[str] = LANGUAGES) -> list[Path]:
    """``.mo`` beside every ``.po`` (fuzzy entries left out); returns the files written."""
    written = []
    for lang in languages:
        for po in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=lang, domain=po.stem)
            mo = po.with_suffix(".mo")
            with mo.open("wb") as fh:
                write_mo(fh, catalog, use_fuzzy=False)
            written.append(mo)
    return written


def main(argv: list[str]) -> int:
    step = argv[0] if argv else "all"
    if step not in ("extract", "update", "compile", "all"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if step in ("extract", "all"):
        extract()
        print(f"i18n: extracted {LOCALE / 'swlab.pot'} and {LOCALE / 'rules.pot'}")
    if step in ("update", "all"):
        update()
        print(f"i18n: updated the catalogs of {', '.join(LANGUAGES)}")
    if step in ("compile", "all"):
        print(f"i18n: compiled {len(compile_all())} catalogs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

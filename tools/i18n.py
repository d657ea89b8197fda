#!/usr/bin/env python3
"""The catalogs of swlab's languages: extract, update, compile (``python3 tasks.py i18n``).

    .venv/bin/python tools/i18n.py [extract|update|compile|all]

- **extract**: the English source of every marked sentence (``babel.cfg``: the Python files of
  ``swlab``, with the keywords below) into ``swlab/locale/swlab.pot``, and the rules text
  quoted to learners (each cited rule's title in docs/RULES.md, keyed by its id) into
  ``swlab/locale/rules.pot``.
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
#: A rule's heading in docs/RULES.md: ``**R-CONQ-6 Adjacency.**``.
RULE_HEADING = re.compile(r"\*\*(R-[A-Z]+(?:-[A-Z0-9]+)*) ([^*]+?)\.?\*\*")
#: A rule id cited in the source.
RULE_ID = re.compile(r"\bR-[A-Z]+(?:-[A-Z0-9]+)+\b")
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


def rule_titles() -> dict[str, str]:
    """Each rule id of docs/RULES.md and its title (``"R-CONQ-6": "Adjacency"``)."""
    return {m[1]: m[2].strip() for m in RULE_HEADING.finditer(RULES_MD.read_text("utf-8"))}


def cited_rules() -> list[str]:
    """The rule ids the source cites (refusals, events, hover), in RULES.md's order."""
    cited: set[str] = set()
    for path in sorted((ROOT / "swlab").rglob("*.py")):
        cited.update(RULE_ID.findall(path.read_text("utf-8")))
    return [rule for rule in rule_titles() if rule in cited]


def extract_rules() -> Catalog:
    """The rules text quoted to learners: each cited rule's title, its id as context."""
    catalog = _catalog("rules")
    titles = rule_titles()
    for rule in cited_rules():
        catalog.add(titles[rule], context=rule, locations=[("docs/RULES.md", 0)])
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

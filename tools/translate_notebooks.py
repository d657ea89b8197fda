#!/usr/bin/env python3
"""The tutorial in every language: one English source per notebook, one catalog per language.

    python tools/translate_notebooks.py extract  # English prose -> notebooks/locale/<lang>.po
    python tools/translate_notebooks.py build    # English + catalogs -> notebooks/<lang>/*.ipynb
    python tools/translate_notebooks.py status   # what is translated, per language and notebook

The English notebooks ``notebooks/NN_*.ipynb`` are the only ones anybody edits. ``extract``
cuts each markdown cell into paragraphs (blank-line separated; fenced code blocks and text
without a letter are never messages) and brings ``notebooks/locale/<lang>.po`` (Babel) up to
date: one message per paragraph, located at ``<notebook>.ipynb:<cell>`` (cells counted from
1). A paragraph whose English changed comes back *fuzzy*, with the old English beside it
(``#| msgid``); a new one comes back untranslated; a removed one stays only as an obsolete
``#~`` entry. Nothing goes silently stale.

``build`` writes ``notebooks/<lang>/<notebook>.ipynb`` for every notebook whose paragraphs are
all translated and none fuzzy: the English notebook with its markdown translated and one
leading code cell, tagged ``swlab-language``, that sets the language of everything swlab prints
(``set_language("el")``). Code cells, their tags and ids are the English ones, so levels
and checks are the same in every language. A notebook only partly translated is not written
(never half English): ``build`` names it, says what it lacks, and fails if an older copy of
it is now out of date. A written notebook is run (``tools/refresh_notebooks.py``) for its
checked outputs (nbval); ``--run`` runs every one again (after a change to swlab's own
messages), ``--no-run`` none.
"""

from __future__ import annotations

import argparse
import copy
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import denormalize, read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LOCALE = NOTEBOOKS / "locale"
#: The tag (and cell id) of the one cell a translated notebook adds.
LANGUAGE_TAG = "swlab-language"
#: Languages written by ``build``: every language of :mod:`swlab.i18n` but the English source.
TARGETS: tuple[str, ...] = ("el", "tr", "de", "pt")
PROJECT = "swlab tutorial notebooks"
HEADER = """\
# The prose of the swlab tutorial notebooks, language {lang}.
# Written by `tools/translate_notebooks.py extract` from notebooks/*.ipynb: fill in the msgstr
# lines (a location is notebook:cell, cells counted from 1), clear the fuzzy flag once an entry
# is checked, then run `tools/translate_notebooks.py build`.
#"""
FENCE = re.compile(r"^\s*(```|~~~)")
CHECK = "# NBVAL_CHECK_OUTPUT"
LETTER = re.compile(r"[^\W\d_]")
#: Header lines that change on every write; ignored when deciding whether a catalog changed.
DATE_LINE = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"$', re.M)


def language_source(lang: str) -> str:
    """The source of the leading cell that puts a notebook's kernel in ``lang``."""
    return f'from swlab.i18n import set_language\n\nset_language("{lang}")'


# --- paragraphs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """A piece of a markdown cell: prose to translate, or text kept as it is."""

    text: str
    prose: bool


def blocks(source: str) -> list[Block]:
    """``source`` cut into paragraphs and the text between them; joined back, it is ``source``.

    A paragraph is a run of non-blank lines, without its last line break; a fenced code block
    (blank lines and all) is kept as it is, and so is a paragraph without a letter.
    """
    out: list[Block] = []
    current: list[str] = []
    fenced = False

    def flush() -> None:
        text = "".join(current)
        current.clear()
        if not text:
            return
        body = text[:-1] if text.endswith("\n") else text
        out.append(Block(body, LETTER.search(body) is not None))
        if body != text:
            out.append(Block("\n", False))

    for line in source.splitlines(keepends=True):
        if fenced:
            out.append(Block(line, False))
            fenced = not FENCE.match(line)
        elif FENCE.match(line):
            flush()
            out.append(Block(line, False))
            fenced = True
        elif not line.strip():
            flush()
            out.append(Block(line, False))
        else:
            current.append(line)
    flush()
    return out


def paragraphs(source: str) -> list[str]:
    """The paragraphs of a markdown cell a translator sees, in order."""
    return [b.text for b in blocks(source) if b.prose]


def translate_markdown(source: str, lookup: dict[str, str]) -> str:
    """``source`` with each paragraph replaced by ``lookup[paragraph]`` (KeyError if absent)."""
    return "".join(lookup[b.text] if b.prose else b.text for b in blocks(source))


# --- notebooks and catalogs ---------------------------------------------------------------


def english_notebooks(folder: Path = NOTEBOOKS) -> list[Path]:
    """The English sources: ``notebooks/*.ipynb`` (the language folders hold generated ones)."""
    return sorted(folder.glob("*.ipynb"))


def messages(path: Path) -> Iterator[tuple[str, int, str]]:
    """(paragraph, cell number from 0, cell id) for each paragraph of each markdown cell."""
    nb = nbformat.read(path, as_version=4)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            for text in paragraphs(cell.source):
                yield text, index, str(cell.get("id", ""))


def template(sources: Iterable[Path]) -> Catalog:
    """The catalog of every paragraph of ``sources``, English only, in notebook order."""
    catalog = Catalog(project=PROJECT, domain="notebooks", fuzzy=False)
    for path in sources:
        for text, index, cell_id in messages(path):
            comment = f"{path.stem}, cell {cell_id}" if cell_id else path.stem
            existing = catalog.get(text)
            if existing is not None:
                existing.locations.append((path.name, index + 1))
                existing.auto_comments.append(comment)
            else:
                catalog.add(text, locations=[(path.name, index + 1)], auto_comments=[comment])
    return catalog


def po_path(lang: str, locale_dir: Path = LOCALE) -> Path:
    return locale_dir / f"{lang}.po"


def read_catalog(lang: str, locale_dir: Path = LOCALE) -> Catalog:
    """The catalog of ``lang`` (an empty one if there is none yet)."""
    path = po_path(lang, locale_dir)
    if not path.is_file():
        return Catalog(
            locale=lang,
            project=PROJECT,
            version="tutorial",
            domain="notebooks",
            header_comment=HEADER.format(lang=lang),
            copyright_holder="the swlab authors",
            msgid_bugs_address="the swlab issue tracker",
            last_translator="swlab translators",
            language_team=f"swlab {lang}",
            fuzzy=False,
        )
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain="notebooks")


def previous_ids(text: str) -> dict[str, str]:
    """msgid -> the old English of a fuzzy entry, from the ``#| msgid`` lines of a .po text.

    Babel writes these lines but does not read them back; kept here, a second ``extract``
    still shows the translator what the English said before it changed.
    """
    found: dict[str, str] = {}
    for entry in text.split("\n\n"):
        lines = entry.splitlines()
        old = [ln[3:] for ln in lines if ln.startswith("#| ")]
        new = [ln for ln in lines if not ln.startswith("#")]
        if not old or not new or not new[0].startswith("msgid "):
            continue
        end = next((i for i, ln in enumerate(new) if ln.startswith("msgstr")), len(new))
        msgid = denormalize("\n".join([new[0][6:], *new[1:end]]))
        found[msgid] = denormalize("\n".join([old[0][6:], *old[1:]]))
    return found


def po_text(catalog: Catalog) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=96, include_previous=True, sort_output=False)
    return buffer.getvalue().decode("utf-8")


def translations(catalog: Catalog) -> dict[str, str]:
    """The finished translations of ``catalog``: msgid -> msgstr, none empty, none fuzzy."""
    return {
        str(m.id): str(m.string)
        for m in catalog
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
    }


@dataclass
class Progress:
    """How far one notebook is translated in one language."""

    notebook: str
    lang: str
    total: int
    missing: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)

    @property
    def done(self) -> int:
        return self.total - len(self.missing) - len(self.fuzzy)

    @property
    def complete(self) -> bool:
        return not self.missing and not self.fuzzy


def progress(path: Path, catalog: Catalog) -> Progress:
    """Which paragraphs of ``path`` ``catalog`` lacks (untranslated) or has only as fuzzy."""
    ids = list(dict.fromkeys(text for text, _, _ in messages(path)))
    result = Progress(path.stem, str(catalog.locale or ""), len(ids))
    for text in ids:
        message = catalog.get(text)
        if message is None or not message.string:
            result.missing.append(text)
        elif message.fuzzy:
            result.fuzzy.append(text)
    return result


def translated_notebook(source: Path, lang: str, lookup: dict[str, str]) -> Any:
    """The notebook ``source`` in ``lang``: prose from ``lookup``, code and ids as they are,
    the language cell first; outputs are left to running it."""
    nb = copy.deepcopy(nbformat.read(source, as_version=4))
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "markdown":
            cell.source = translate_markdown(cell.source, lookup)
        elif cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    first = nbformat.v4.new_code_cell(language_source(lang))
    first.id = LANGUAGE_TAG
    first.metadata["tags"] = [LANGUAGE_TAG]
    nb.cells.insert(0, first)
    nb.metadata["swlab"] = {"language": lang, "source": f"../{source.name}"}
    nb.metadata.pop("widgets", None)
    return nb


def cells_without_outputs(nb: Any) -> list[tuple[str, str, str, dict[str, Any]]]:
    """What ``build`` decides: each cell's type, id, source and metadata (its outputs and the
    timing a run records excluded)."""
    return [
        (
            c.cell_type,
            str(c.get("id", "")),
            c.source,
            {k: v for k, v in c.get("metadata", {}).items() if k != "execution"},
        )
        for c in nb.cells
    ]


def has_run(nb: Any) -> bool:
    """Whether every checked cell of ``nb`` (tag or comment, as nbval reads them) has run."""
    return all(
        cell.execution_count is not None
        for cell in nb.cells
        if cell.cell_type == "code"
        and ("nbval-check-output" in cell.metadata.get("tags", []) or CHECK in cell.source)
    )


def run(path: Path) -> None:
    """Execute ``path`` and keep its checked outputs (``tools/refresh_notebooks.py``), without
    the per-cell timing the run records (it would change the file on every run)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from refresh_notebooks import refresh

    refresh(path)
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)


# --- the commands -------------------------------------------------------------------------


def extract(
    sources: list[Path], langs: Iterable[str] = TARGETS, locale_dir: Path = LOCALE
) -> dict[str, tuple[int, int, int]]:
    """Bring each language's catalog up to the English notebooks.

    Returns, per language, (messages, untranslated, fuzzy). A catalog whose messages did not
    change is not rewritten (its dates stay), so ``extract`` twice changes nothing.
    """
    pot = template(sources)
    locale_dir.mkdir(parents=True, exist_ok=True)
    summary: dict[str, tuple[int, int, int]] = {}
    for lang in langs:
        path = po_path(lang, locale_dir)
        catalog = read_catalog(lang, locale_dir)
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        before = previous_ids(old)
        catalog.update(pot, no_fuzzy_matching=False, update_header_comment=False)
        for message in catalog:
            if message.fuzzy and not message.previous_id and message.id in before:
                message.previous_id = [before[str(message.id)]]
        catalog.revision_date = datetime.now(UTC)
        text = po_text(catalog)
        if DATE_LINE.sub("", text) != DATE_LINE.sub("", old):
            path.write_text(text, encoding="utf-8")
        live = [m for m in catalog if m.id]
        summary[lang] = (
            len(live),
            sum(1 for m in live if not m.string),
            sum(1 for m in live if m.string and m.fuzzy),
        )
    return summary


def build(
    sources: list[Path],
    langs: Iterable[str] = TARGETS,
    *,
    rerun: bool = False,
    execute: bool = True,
    locale_dir: Path = LOCALE,
    out_dir: Path = NOTEBOOKS,
) -> tuple[list[Path], list[Progress]]:
    """Write every fully translated notebook; return (written paths, incomplete notebooks).

    A notebook is executed (its checked outputs refreshed) when it is written: when its cells
    changed, when it has not run yet, or always with ``rerun``. ``execute=False`` runs none
    (tests, or a quick look) and leaves a notebook that is already current as it is.
    """
    written: list[Path] = []
    incomplete: list[Progress] = []
    for lang in langs:
        catalog = read_catalog(lang, locale_dir)
        lookup = translations(catalog)
        for source in sources:
            state = progress(source, catalog)
            if not state.complete:
                incomplete.append(state)
                continue
            nb = translated_notebook(source, lang, lookup)
            target = out_dir / lang / source.name
            before = nbformat.read(target, as_version=4) if target.is_file() else None
            same = before is not None and (
                cells_without_outputs(before) == cells_without_outputs(nb)
                and before.metadata == nb.metadata
            )
            if same and (not execute or (not rerun and has_run(before))):
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, target)
            written.append(target)
            if execute:
                run(target)
    return written, incomplete


def status(sources: list[Path], langs: Iterable[str] = TARGETS) -> list[Progress]:
    return [progress(s, read_catalog(lang)) for lang in langs for s in sources]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "build", "status"))
    parser.add_argument("--lang", action="append", choices=TARGETS, help="only this language")
    parser.add_argument("--run", action="store_true", help="build: run every written notebook")
    parser.add_argument(
        "--no-run", action="store_true", help="build: write the notebooks, run none"
    )
    parser.add_argument("notebooks", nargs="*", help="English notebooks (default: all)")
    args = parser.parse_args(argv)
    sources = [Path(p).resolve() for p in args.notebooks] or english_notebooks()
    langs = tuple(args.lang or TARGETS)
    if args.command == "extract":
        for lang, (total, untranslated, fuzzy) in extract(english_notebooks(), langs).items():
            print(
                f"{po_path(lang).relative_to(ROOT)}: {total} messages, "
                f"{untranslated} untranslated, {fuzzy} fuzzy"
            )
        return 0
    if args.command == "status":
        for state in status(sources, langs):
            mark = "ok" if state.complete else "  "
            print(
                f"{mark} {state.lang}/{state.notebook}: {state.done}/{state.total} translated"
                + (f", {len(state.fuzzy)} fuzzy" if state.fuzzy else "")
            )
        return 0
    written, incomplete = build(sources, langs, rerun=args.run, execute=not args.no_run)
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    stale = [s for s in incomplete if (NOTEBOOKS / s.lang / f"{s.notebook}.ipynb").is_file()]
    for state in incomplete:
        kept = " (the old file is out of date)" if state in stale else ""
        print(
            f"not built: {state.lang}/{state.notebook}: {len(state.missing)} untranslated, "
            f"{len(state.fuzzy)} fuzzy in {po_path(state.lang).relative_to(ROOT)}{kept}"
        )
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

"""A language swlab does not speak, and a catalog it cannot trust, never stop swlab.

``SWLAB_LANG=xx`` (or ``fr``) falls back to English with one warning line per process,
naming the languages swlab speaks; ``C``, ``POSIX`` and ``C.UTF-8`` mean English, and
``en_US.UTF-8`` is read by its language part, silently. A catalog that is truncated or
garbage falls back to English with a warning; a translation whose format fields differ
from the English (``{region.__class__}``, a width of a billion) is not used: the English
sentence is shown instead, so a catalog can never reach an object's attributes.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from swlab import i18n
from swlab.cli import main

ROOT = Path(__file__).resolve().parents[2]
REFUSED = ["scenario", "run", "01_first_conquest", "--actions", "pick 0; conquer 999"]
ENGLISH_REFUSAL = "There is no region 999 on this board (R-COMP-6)."


@pytest.fixture(autouse=True)
def fresh_language_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no warning given yet and the catalogs read afresh."""
    monkeypatch.setattr(i18n, "_warned", set(), raising=False)
    i18n.translations.cache_clear()
    yield
    i18n.translations.cache_clear()


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "SWLAB_"))}
    env.update(PYTHONPATH=str(ROOT), **extra)
    return env


def _swlab(words: list[str], **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "swlab", *words],
        capture_output=True, text=True, env=_env(**extra), timeout=300, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("code", ["xx", "fr"])
def test_an_unknown_swlab_lang_warns_once_and_speaks_english(code: str) -> None:
    done = _swlab(["--version"], SWLAB_LANG=code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("swlab ")
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"swlab: warning: SWLAB_LANG={code!r}: ")
    assert "el (Ελληνικά)" in lines[0] and "English" in lines[0]


def test_a_command_printing_many_sentences_warns_only_once() -> None:
    done = _swlab(REFUSED, SWLAB_LANG="xx")
    assert done.returncode == 1, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 2, done.stderr
    assert lines[0].startswith("swlab: warning: SWLAB_LANG='xx': ")
    assert lines[1] == f"swlab: refused: conquer 999: {ENGLISH_REFUSAL}"


@pytest.mark.parametrize("code", ["C", "POSIX", "C.UTF-8", "en_US.UTF-8", "de_DE.UTF-8@euro"])
def test_c_posix_and_locale_names_are_read_silently(code: str) -> None:
    done = _swlab(REFUSED, SWLAB_LANG=code)
    assert done.returncode == 1
    german = i18n._("There is no region {region} on this board.", "de").format(region=999)
    expected = german[:-1] + " (R-COMP-6)." if code.startswith("de") else ENGLISH_REFUSAL
    assert done.stderr.splitlines() == [done.stderr.splitlines()[0]]
    assert done.stderr.strip().endswith(expected), done.stderr


def test_the_python_api_falls_back_at_import_and_use() -> None:
    code = (
        "import warnings; warnings.simplefilter('default')\n"
        "from swlab.game import Game\n"
        "g = Game('official_2p', ['Ann', 'Bob'], seed=1)\n"
        "print(g.try_play('conquer 999'))\n"
        "print(g.try_play('conquer 998'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True,
        env=_env(SWLAB_LANG="xx"), timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("is not possible now") == 2  # English
    assert done.stderr.count("LanguageWarning") == 1, done.stderr
    assert "<string>:3: LanguageWarning: SWLAB_LANG='xx'" in done.stderr  # the caller's line


def test_an_explicit_lang_option_stays_a_one_line_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Typed on the command line, a wrong ``--lang`` is a mistake to fix (exit 2), said in
    one line listing the languages; ``--lang C`` is English."""
    assert main(["--lang", "xx", *REFUSED]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("swlab: error: unknown language 'xx'")
    assert main(["--lang", "C", *REFUSED]) == 1
    assert capsys.readouterr().err.endswith(f"{ENGLISH_REFUSAL}\n")


def test_the_viewer_falls_back_to_english_with_one_warning() -> None:
    pytest.importorskip("ipyleaflet")
    from swlab.play.viewer import GameViewer

    with pytest.warns(i18n.LanguageWarning, match=r"'xx'.*Türkçe") as caught:
        viewer = GameViewer("official_2p", ["Ann", "Bob"], seed=7, file_boxes=False, language="xx")
        viewer.set_language("xx")
    assert len(caught) == 1
    assert viewer.language == "en"
    assert viewer.undo_button.description == "undo"


# --- catalogs ------------------------------------------------------------------------------


def _write_mo(folder: Path, code: str, messages: dict[str, str]) -> Path:
    """A compiled catalog of ``messages`` for ``code`` under ``folder`` (Babel)."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale=code, domain="swlab")
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    target = folder / code / "LC_MESSAGES" / "swlab.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as handle:
        write_mo(handle, catalog)
    return target


NO_REGION = "There is no region {region} on this board."


class Region:
    """A value with attributes a hostile translation would like to reach."""

    secret = "the secret"

    def __str__(self) -> str:
        return "999"


@pytest.mark.parametrize(
    "hostile",
    [
        "{region.__class__.secret} {region}",
        "{region.__class__}",
        "{region[0]}",
        "{0}",
        "{other}",
        "{region:>1000000000}",
        "{region!r}",
        "Unclosed {region",
    ],
)
def test_a_hostile_translation_falls_back_to_the_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hostile: str
) -> None:
    _write_mo(tmp_path, "de", {NO_REGION: hostile, "undo": "rückgängig"})
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    translated = i18n._(NO_REGION, "de")
    assert translated == NO_REGION
    assert "secret" not in translated.format(region=Region())
    assert i18n._("undo", "de") == "rückgängig"  # the rest of the catalog still serves


def test_a_translation_with_the_same_fields_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write_mo(tmp_path, "de", {NO_REGION: "Keine Region {region} hier."})
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n._(NO_REGION, "de").format(region=Region()) == "Keine Region 999 hier."


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty"])
@pytest.mark.parametrize("kind", ["mo", "po"])
def test_a_corrupt_catalog_falls_back_to_english_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str, kind: str
) -> None:
    mo = _write_mo(tmp_path, "de", {NO_REGION: "Keine Region {region} hier."})
    good = mo.read_bytes()
    target = mo if kind == "mo" else mo.with_suffix(".po")
    if kind == "po":
        mo.unlink()
        good = b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        good += f'msgid "{NO_REGION}"\nmsgstr "Keine Region {{region}} hier."\n'.encode()
    data = {
        "truncated": good[: len(good) // 2],
        "garbage": bytes(range(256)) * 4,
        "empty": b"",
    }[damage]
    target.write_bytes(data)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = i18n._(NO_REGION, "de")
        i18n._(NO_REGION, "de")
    assert first in (NO_REGION, "Keine Region {region} hier.")  # English, or what was intact
    said = [str(w.message) for w in caught if issubclass(w.category, i18n.LanguageWarning)]
    assert len(said) <= 1, said
    if kind == "mo":  # a compiled catalog cannot be half read: all English, and said so
        assert first == NO_REGION
        assert len(said) == 1 and "swlab.mo" in said[0] and "English" in said[0], said


def test_a_corrupt_catalog_reaches_the_command_line_as_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mo = _write_mo(tmp_path, "de", {NO_REGION: "x"})
    mo.write_bytes(b"\xde\x12\x04\x95" + b"\xff" * 40)  # the magic number, then nonsense
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["--lang", "de", *REFUSED]) == 1
    lines = err.getvalue().splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("swlab: warning: ") and "swlab.mo" in lines[0]
    assert lines[1].endswith(ENGLISH_REFUSAL)

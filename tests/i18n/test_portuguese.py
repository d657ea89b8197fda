"""Portuguese is Brazilian: swlab's Portuguese is the Brazilian edition's, labelled
``pt_BR``, «Português (Brasil)»; ``pt``, ``pt_BR`` and ``pt-BR`` choose it silently, and
``pt_PT`` (the European variant, which has no catalog of its own) chooses it with one
warning. The catalogs' folder and the internal code stay ``pt``."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from swlab import i18n
from swlab.cli import main

EUROPEAN = "European Portuguese is not translated: using Brazilian Portuguese"


@pytest.fixture(autouse=True)
def nothing_said_yet(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_warned", set(), raising=False)
    yield


def _said(call: object) -> tuple[object, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call() if callable(call) else call
    return result, [str(w.message) for w in caught if w.category is i18n.LanguageWarning]


def test_portuguese_is_labelled_brazilian() -> None:
    assert i18n.NAMES["pt"] == "Português (Brasil)"
    assert i18n.LOCALES["pt"] == "pt_BR"
    assert "pt_BR (Português (Brasil))" in i18n.listing()
    assert (i18n.LOCALE_DIR / "pt" / "LC_MESSAGES" / "swlab.po").is_file()  # the folder stays


@pytest.mark.parametrize("code", ["pt", "pt_BR", "pt-BR", "pt_BR.UTF-8", "PT-br"])
def test_brazilian_codes_choose_portuguese_silently(code: str) -> None:
    chosen, said = _said(lambda: i18n.check(code))
    assert chosen == "pt" and said == []
    assert _said(lambda: i18n.accept(code)) == ("pt", [])


@pytest.mark.parametrize("code", ["pt_PT", "pt-PT", "pt_PT.UTF-8"])
def test_european_portuguese_means_brazilian_said_once(code: str) -> None:
    chosen, said = _said(lambda: [i18n.accept(code), i18n.accept(code), i18n.check(code)])
    assert chosen == ["pt", "pt", "pt"]
    assert len(said) == 1 and said[0].endswith(EUROPEAN)


def test_a_european_locale_in_the_environment_means_brazilian() -> None:
    chosen, said = _said(lambda: i18n.from_environment({"LANG": "pt_PT.UTF-8"}))
    assert chosen == "pt" and len(said) == 1 and EUROPEAN in said[0]
    assert _said(lambda: i18n.from_environment({"SWLAB_LANG": "pt_BR"})) == ("pt", [])


def test_the_command_line_takes_pt_br_and_pt_pt(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "check", "official_2p", "--lang", "pt_BR"]) == 0
    brazilian = capsys.readouterr()
    assert brazilian.err == ""
    assert main(["--lang=pt-PT", "map", "check", "official_2p"]) == 0
    european = capsys.readouterr()
    assert european.out == brazilian.out
    assert european.err.startswith("swlab: warning: ") and european.err.count("\n") == 1
    assert EUROPEAN in european.err


def test_the_help_and_the_viewer_name_it_brazilian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "--help"]) == 0
    assert "pt_BR (Português (Brasil))" in " ".join(capsys.readouterr().out.split())
    pytest.importorskip("ipyleaflet")
    from swlab.play.viewer import GameViewer

    viewer = GameViewer("official_2p", ["Ann", "Bob"], seed=7, file_boxes=False, language="pt")
    assert ("Português (Brasil)", "pt") in list(viewer.language_pick.options)

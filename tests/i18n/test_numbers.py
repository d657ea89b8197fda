"""Numbers as each language writes them (Babel): ``2,5`` and ``0,05`` in Greek, German,
Turkish and Portuguese, ``%50`` in Turkish (the sign first), ``50 %`` in German; the
command line and the balance report use them."""

from __future__ import annotations

import re

import pytest

from swlab import i18n
from swlab.cli import main

NBSP = "\xa0"

#: (number(1234.5), decimal(2.5, 1), decimal(0.05, 2), percent(0.5), percent(0.123, 1),
#: percent(0.05, signed=True)) in each language
EXPECTED = {
    "en": ("1,234.5", "2.5", "0.05", "50%", "12.3%", "+5%"),
    "el": ("1.234,5", "2,5", "0,05", "50%", "12,3%", "+5%"),
    "tr": ("1.234,5", "2,5", "0,05", "%50", "%12,3", "+%5"),
    "de": ("1.234,5", "2,5", "0,05", f"50{NBSP}%", f"12,3{NBSP}%", f"+5{NBSP}%"),
    "pt": ("1.234,5", "2,5", "0,05", "50%", "12,3%", "+5%"),
}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_formatter_in_each_language(lang: str) -> None:
    got = (
        i18n.number(1234.5, lang),
        i18n.decimal(2.5, 1, lang),
        i18n.decimal(0.05, 2, lang),
        i18n.percent(0.5, 0, lang),
        i18n.percent(0.123, 1, lang),
        i18n.percent(0.05, code=lang, signed=True),
    )
    assert got == EXPECTED[lang]
    with i18n.using(lang):  # the language in effect, when no code is given
        assert i18n.decimal(2.5) == EXPECTED[lang][1] and i18n.percent(0.5) == EXPECTED[lang][3]


def test_integers_negatives_and_numpy_values() -> None:
    np = pytest.importorskip("numpy")
    assert i18n.number(7, "de") == "7" and i18n.number(12345, "tr") == "12.345"
    assert i18n.number(np.int64(12345), "el") == "12.345"
    assert i18n.decimal(np.float64(2.25), 2, "pt") == "2,25"
    assert i18n.percent(-0.05, code="tr", signed=True) == "-%5"
    assert i18n.decimal(3, 1, "el") == "3,0"
    assert i18n.decimal(float("nan"), 1, "el") == "NaN"


def test_portuguese_numbers_are_brazilian() -> None:
    assert i18n.LOCALES["pt"] == "pt_BR"
    assert i18n._babel_locale("pt").territory == "BR"


def test_the_command_line_prints_turkish_and_greek_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = ["simulate", "--board", "official_2p", "--games", "2", "--no-progress", "--serial"]
    assert main(["--lang", "tr", *words]) == 0
    turkish = capsys.readouterr().out
    assert re.search(r"%\d+,\d\b", turkish), turkish  # win share: the sign first
    assert re.search(r"\b\d+,\d\b", turkish), turkish  # average coins: a decimal comma
    assert not re.search(r"\d%", turkish)
    assert main([*words, "--lang", "el"]) == 0
    greek = capsys.readouterr().out
    assert re.search(r"\b\d+,\d%", greek) and not re.search(r"\b\d+\.\d\b", greek), greek


@pytest.fixture(scope="module")
def report() -> object:
    from swlab.balance import balance

    return balance(
        "official_2p", games=4, seed=3, bots=["greedy", "random"], workers=0, progress=False
    )


def test_the_balance_report_in_greek_and_turkish(report: object) -> None:
    coins = report.coins["coins"]  # type: ignore[attr-defined]
    for lang in ("el", "tr"):
        with i18n.using(lang):
            text = report.to_markdown()  # type: ignore[attr-defined]
        mean = i18n.decimal(coins.mean(), 1, lang)
        assert "," in mean and mean in text, (mean, text)
        assert i18n.percent(0.5, code=lang) in text  # the share the 50 % score wins
    assert re.search(r"\| %\d+ \|", text) and not re.search(r"\d%", text)  # Turkish: %50
    with i18n.using("en"):
        english = report.to_markdown()  # type: ignore[attr-defined]
    assert i18n.decimal(coins.mean(), 1, "en") in english and "wins 50%" in english

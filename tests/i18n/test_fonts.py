"""Greek and Turkish (and German, Portuguese) characters render in the board pictures:
the font matplotlib uses, DejaVu Sans (it ships with matplotlib), has a glyph for every
character of every catalog and of the glossary."""

from __future__ import annotations

import unicodedata
import warnings
from functools import cache

import pytest
from fontTools.ttLib import TTFont
from matplotlib import font_manager

from swlab import i18n

from .catalogs import DOMAINS, LANGS, forms, messages
from .glossary import rows

FONT = "DejaVu Sans"


@cache
def cmap() -> frozenset[int]:
    """The code points the font has glyphs for."""
    path = font_manager.findfont(
        font_manager.FontProperties(family=FONT), fallback_to_default=False
    )
    assert "DejaVuSans" in path, f"matplotlib found {path} for {FONT}"
    return frozenset(TTFont(path).getBestCmap())


def shown(text: str) -> set[str]:
    """The characters of ``text`` a picture would draw (not spaces or control codes)."""
    return {c for c in text if not c.isspace() and unicodedata.category(c)[0] != "C"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_font_has_every_character_of_the_catalogs(lang: str) -> None:
    chars: set[str] = set()
    for domain in DOMAINS:
        for m in messages(lang, domain):
            for text in forms(m)[1]:
                chars |= shown(text)
    for row in rows():
        chars |= shown(row.terms[lang])
    missing = sorted(c for c in chars if ord(c) not in cmap())
    assert not missing, f"{FONT} lacks {missing} ({lang})"
    special = {"el": "\u03ac\u03bb\u03c9", "tr": "\u0131\u0130\u015f\u011f"}.get(lang, "")
    assert set(special) <= chars, "the letters this test is for are in the catalog"


@pytest.mark.parametrize("lang", ["el", "tr"])
def test_a_board_picture_in_greek_or_turkish_draws_no_missing_glyph(
    lang: str, tmp_path: pytest.TempPathFactory
) -> None:
    """The legend and title of a picture are in the language, and matplotlib warns of no
    missing glyph while drawing them."""
    from swlab.board.catalog import load_board
    from swlab.board.render import board_svg

    board = load_board("official_2p", polygons=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Glyph ... missing from font(s)" would raise
        with i18n.using(lang):
            svg = board_svg(board, highlight="edge", adjacency=True)
    words = {"el": ("παίκτες", "Λόφος", "περιοχή στην άκρη"), "tr": ("oyuncu", "Tepe", "kenar")}
    for word in words[lang]:
        assert word in svg, f"{word!r} not in the {lang} picture"

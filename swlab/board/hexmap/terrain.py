"""Terra Mystica terrains, their letters and colours, and the terraforming wheel.

The seed's transformation rule: the seven terrains sit on a wheel (Plains, Swamp, Lakes,
Forest, Mountains, Wasteland, Desert, back to Plains) and turning one into another costs one
spade per step, the shorter way round, so at most 3 (reference: terra_mystica_base.md).
River spaces are not on the wheel: they can be neither built on nor transformed.
"""

from __future__ import annotations

from enum import StrEnum

from swlab.i18n import NC_, pgettext

__all__ = [
    "LETTERS",
    "RIVER",
    "RIVER_MARK",
    "STANDARD_COUNT",
    "TERRAIN_COLOURS",
    "TM_TERRAINS",
    "WHEEL",
    "TMTerrain",
    "terraform_distance",
    "terrain_of_letter",
    "terrain_word",
]


class TMTerrain(StrEnum):
    """The eight kinds of space; the value is the word stored in map files."""

    PLAINS = "plains"
    SWAMP = "swamp"
    LAKES = "lakes"
    FOREST = "forest"
    MOUNTAINS = "mountains"
    WASTELAND = "wasteland"
    DESERT = "desert"
    RIVER = "river"


RIVER: str = TMTerrain.RIVER.value

#: The terraforming wheel, in order: each terrain is one spade from the next.
WHEEL: tuple[str, ...] = (
    TMTerrain.PLAINS,
    TMTerrain.SWAMP,
    TMTerrain.LAKES,
    TMTerrain.FOREST,
    TMTerrain.MOUNTAINS,
    TMTerrain.WASTELAND,
    TMTerrain.DESERT,
)
#: Every word a Terra Mystica space may carry.
TM_TERRAINS: tuple[str, ...] = (*WHEEL, RIVER)

#: Spaces of each terrain on a standard map.
STANDARD_COUNT = 11

#: The one-letter code of each terrain in the row-string form used by public tools.
LETTERS: dict[str, str] = {
    TMTerrain.PLAINS: "U",
    TMTerrain.SWAMP: "K",
    TMTerrain.LAKES: "B",
    TMTerrain.FOREST: "G",
    TMTerrain.MOUNTAINS: "S",
    TMTerrain.WASTELAND: "R",
    TMTerrain.DESERT: "Y",
}
#: How a river space is written in the row-string form.
RIVER_MARK = "~"

_BY_LETTER: dict[str, str] = {letter: terrain for terrain, letter in LETTERS.items()}
_BY_LETTER[RIVER_MARK] = RIVER

#: The colours of the printed board: brown plains, black swamp, blue lakes, green forest,
#: grey mountains, red wasteland, yellow desert, pale blue river.
TERRAIN_COLOURS: dict[str, str] = {
    TMTerrain.PLAINS: "#8B5A2B",
    TMTerrain.SWAMP: "#2B2B2B",
    TMTerrain.LAKES: "#2E6FD0",
    TMTerrain.FOREST: "#2E8B3A",
    TMTerrain.MOUNTAINS: "#9A9A9A",
    TMTerrain.WASTELAND: "#C8342C",
    TMTerrain.DESERT: "#F2D23C",
    TMTerrain.RIVER: "#BFE3F2",
}
#: A label colour readable on each fill.
INK: dict[str, str] = {
    TMTerrain.PLAINS: "#FFFFFF",
    TMTerrain.SWAMP: "#FFFFFF",
    TMTerrain.LAKES: "#FFFFFF",
    TMTerrain.FOREST: "#FFFFFF",
    TMTerrain.MOUNTAINS: "#000000",
    TMTerrain.WASTELAND: "#FFFFFF",
    TMTerrain.DESERT: "#000000",
    TMTerrain.RIVER: "#000000",
}


def terrain_of_letter(letter: str) -> str:
    """The terrain word for a row-string letter (``U`` is plains, ``~`` the river).

    Raises ``KeyError`` naming the letters that are known.
    """
    try:
        return _BY_LETTER[letter.upper() if letter != RIVER_MARK else letter]
    except KeyError:
        known = " ".join([*LETTERS.values(), RIVER_MARK])
        raise KeyError(f"{letter!r} is not a terrain letter (known: {known})") from None


def terraform_distance(a: str, b: str) -> int:
    """Spades to turn terrain ``a`` into ``b``: steps on :data:`WHEEL`, the shorter way.

    Raises ``ValueError`` for the river or an unknown word, which have no place on the wheel.
    """
    for terrain in (a, b):
        if terrain not in WHEEL:
            raise ValueError(f"{terrain!r} is not on the terraforming wheel")
    step = abs(WHEEL.index(a) - WHEEL.index(b))
    return min(step, len(WHEEL) - step)


#: The eight words as a map designer reads them (marked here, translated by :func:`terrain_word`;
#: "river" the Terra Mystica space, not a Small World terrain).
TERRAIN_WORDS: tuple[str, ...] = (
    NC_("Terra Mystica terrain", "plains"),
    NC_("Terra Mystica terrain", "swamp"),
    NC_("Terra Mystica terrain", "lakes"),
    NC_("Terra Mystica terrain", "forest"),
    NC_("Terra Mystica terrain", "mountains"),
    NC_("Terra Mystica terrain", "wasteland"),
    NC_("Terra Mystica terrain", "desert"),
    NC_("Terra Mystica terrain", "river"),
)


def terrain_word(terrain: str) -> str:
    """``"swamp"`` (a map file's word) in the language in effect, lower case; a word that is
    no Terra Mystica terrain is shown as it is."""
    return pgettext("Terra Mystica terrain", terrain) if terrain in TERRAIN_WORDS else terrain

"""One look for the board everywhere: the terrain fills and the symbol badges shared by the
board pictures (:mod:`swlab.board.render`), the game viewer and the map editor.

No plotting or widget library is imported here, so every front end can use it.
Lightness steps (dark forest, mid swamp/mountain/sea, light farmland and lake) keep the
terrains apart for colour-blind viewers and on washed-out projectors.
"""

from __future__ import annotations

from swlab.board.model import Symbol, Terrain
from swlab.i18n import NC_

__all__ = [
    "SYMBOL_BADGES",
    "SYMBOL_NAMES",
    "TERRAIN_COLOURS",
    "UNKNOWN_SYMBOL_BADGE",
    "UNKNOWN_TERRAIN_COLOUR",
]

#: Fill per terrain.
TERRAIN_COLOURS: dict[str, str] = {
    Terrain.FARMLAND: "#E4EBA2",  # pale yellow-green
    Terrain.FOREST: "#2F6B35",  # dark green
    Terrain.HILL: "#BCA76A",  # olive tan
    Terrain.SWAMP: "#5F8F84",  # muddy teal
    Terrain.MOUNTAIN: "#8E7F72",  # grey-brown
    Terrain.SEA: "#2F76B8",  # deep blue
    Terrain.LAKE: "#9FD6EE",  # pale blue: the Lake is not a Sea (R-COMP-6)
}
UNKNOWN_TERRAIN_COLOUR = "#D9D9D9"

#: The pale badge behind each printed symbol and setup piece (R-COMP-6, R-SETUP-2): the
#: pictures draw a glyph on it, the viewer a word.
SYMBOL_BADGES: dict[str, str] = {
    "mountain": "#FFFFFF",
    Symbol.LOST_TRIBE: "#E3A15E",
    Symbol.MINE: "#F5E7B8",
    Symbol.MAGIC: "#F1E8FB",
    Symbol.CAVERN: "#E6DED0",
}
UNKNOWN_SYMBOL_BADGE = "#DDDDDD"

#: What each badge is called in legends.
SYMBOL_NAMES: dict[str, str] = {
    "mountain": NC_("legend", "Mountain token"),
    Symbol.LOST_TRIBE: NC_("legend", "Lost Tribe"),
    Symbol.MINE: NC_("legend", "Mine"),
    Symbol.MAGIC: NC_("legend", "Magic source"),
    Symbol.CAVERN: NC_("legend", "Cavern"),
}

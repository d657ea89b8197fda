"""Counts that tell a designer whether a board can be played with the pieces in the box.

A board needs a Lost Tribe token on every Lost Tribe region and a Mountain token on every
Mountain region at setup (R-SETUP-2), but the box holds only 18 and 9 of them (R-COMP-2,
R-COMP-5); its balance shows in how many regions of each terrain and symbol it has and
how many are open to a first conquest (R-CONQ-1). :func:`board_stats` lists those counts as
a tidy table, and :func:`compare_stats` puts a custom board beside the official one.
"""

from __future__ import annotations

import pandas as pd

from swlab import names
from swlab.board.model import (
    LOST_TRIBE_TOKENS,
    MOUNTAIN_TOKENS,
    TERRAINS,
    Board,
    Symbol,
    Terrain,
)
from swlab.i18n import NC_, pgettext

__all__ = ["STATS_COLUMNS", "STATS_WORDS", "board_stats", "compare_stats", "shown_words"]

#: Columns of :func:`board_stats`: ``group`` sorts rows for display, ``limit`` is the
#: number of pieces in the box (missing when nothing in the box limits the count).
STATS_COLUMNS: tuple[str, ...] = ("group", "item", "count", "limit")


#: The words of the ``group`` and ``item`` columns besides the terrains: the frame keeps
#: them in English (data a program reads), :func:`shown_words` translates them for a reader.
STATS_WORDS: frozenset[str] = frozenset(
    (
        NC_("map stats", "board"),
        NC_("map stats", "regions"),
        NC_("map stats", "land"),
        NC_("map stats", "water"),
        NC_("map stats", "terrain"),
        NC_("map stats", "unknown terrain"),
        NC_("map stats", "symbol"),
        NC_("map stats", "mines"),
        NC_("map stats", "magic sources"),
        NC_("map stats", "caverns"),
        NC_("map stats", "pieces"),
        NC_("map stats", "lost tribe regions"),
        NC_("map stats", "mountains"),
        NC_("map stats", "topology"),
        NC_("map stats", "edge regions"),
        NC_("map stats", "coastal regions"),
        NC_("map stats", "first-conquest regions"),
        NC_("map stats", "borders"),
    )
)


def shown_words(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of a stats frame whose ``group`` and ``item`` words are in the language in
    effect (terrains by their game names), for a table a person reads."""

    def word(text: object) -> object:
        if not isinstance(text, str):
            return text
        if text in STATS_WORDS:
            return pgettext("map stats", text)
        return names.terrain(text) if text in TERRAINS else text

    return frame.assign(group=frame["group"].map(word), item=frame["item"].map(word))


def board_stats(board: Board) -> pd.DataFrame:
    """One row per count: regions, terrains, symbols, pieces needed, derived topology.

    Items (column ``item``), by ``group``:

    * ``board``: ``regions``, ``land``, ``water``;
    * ``terrain``: each of the seven terrains (R-COMP-6), plus ``unknown terrain`` when a
      draft uses a word the rules do not know;
    * ``symbol``: ``mines``, ``magic sources``, ``caverns``;
    * ``pieces``: ``lost tribe regions`` (limit 18, R-COMP-2) and ``mountains`` (limit 9,
      R-COMP-5), the tokens setup puts on the board (R-SETUP-2);
    * ``topology``: ``edge regions``, ``coastal regions``, ``first-conquest regions`` and
      ``borders``, derived from the polygons (R-COMP-6).
    """
    regions = board.regions
    rows: list[tuple[str, str, int, int | None]] = [
        ("board", "regions", len(regions), None),
        ("board", "land", sum(not r.is_water for r in regions), None),
        ("board", "water", sum(r.is_water for r in regions), None),
    ]
    rows += [("terrain", t, sum(r.terrain == t for r in regions), None) for t in TERRAINS]
    unknown = sum(r.terrain not in TERRAINS for r in regions)
    if unknown:
        rows.append(
            ("terrain", "unknown terrain", unknown, None)
        )  # i18n: not prose: a key of STATS_WORDS
    rows += [
        ("symbol", "mines", sum(r.has(Symbol.MINE) for r in regions), None),
        (
            "symbol",
            "magic sources",
            sum(r.has(Symbol.MAGIC) for r in regions),
            None,
        ),  # i18n: not prose: a key of STATS_WORDS
        ("symbol", "caverns", sum(r.has(Symbol.CAVERN) for r in regions), None),
        (
            "pieces",
            "lost tribe regions",  # i18n: not prose: a key of STATS_WORDS
            sum(r.has(Symbol.LOST_TRIBE) for r in regions),
            LOST_TRIBE_TOKENS,
        ),
        (
            "pieces",
            "mountains",
            sum(r.terrain == Terrain.MOUNTAIN for r in regions),
            MOUNTAIN_TOKENS,
        ),
    ]
    topology = board.topology
    rows += [
        (
            "topology",
            "edge regions",
            len(topology.edge),
            None,
        ),  # i18n: not prose: a key of STATS_WORDS
        (
            "topology",
            "coastal regions",
            len(topology.coastal),
            None,
        ),  # i18n: not prose: a key of STATS_WORDS
        ("topology", "first-conquest regions", len(topology.first_conquest), None),
        ("topology", "borders", topology.graph.number_of_edges(), None),
    ]
    frame = pd.DataFrame(rows, columns=list(STATS_COLUMNS))
    frame["count"] = frame["count"].astype("int64")
    frame["limit"] = frame["limit"].astype("Int64")
    return frame


def _column_names(board: Board, other: Board) -> tuple[str, str]:
    """The two boards' names as column headers, told apart if they are the same."""
    first, second = board.name or "board", other.name or "other"
    if first == second:
        first, second = f"{first} (1)", f"{second} (2)"
    reserved = set(STATS_COLUMNS) | {"difference"}
    if first in reserved:
        first = f"{first} (board)"
    if second in reserved:
        second = f"{second} (other)"
    return first, second


def compare_stats(board: Board, other: Board) -> pd.DataFrame:
    """The counts of ``board`` and ``other`` side by side, with their difference.

    Columns: ``group``, ``item``, one count column per board (named after it), the
    ``difference`` (``board`` minus ``other``) and the box ``limit``. Rows follow
    :func:`board_stats`; an item only one board has (``unknown terrain``) counts 0 on the
    other, so the editor can compare any draft with the official board for its player
    count.
    """
    left_name, right_name = _column_names(board, other)
    left = board_stats(board).rename(columns={"count": left_name})
    right = board_stats(other).rename(columns={"count": right_name}).drop(columns="limit")
    merged = left.merge(right, on=["group", "item"], how="outer", sort=False)
    order: dict[str, int] = {}
    for item in [*left["item"], *right["item"]]:
        order.setdefault(item, len(order))
    merged = merged.assign(_order=merged["item"].map(order)).sort_values("_order")
    merged = merged.drop(columns="_order").reset_index(drop=True)
    for name in (left_name, right_name):
        merged[name] = merged[name].fillna(0).astype("int64")
    merged["difference"] = merged[left_name] - merged[right_name]
    merged["limit"] = merged["limit"].astype("Int64")
    return merged[["group", "item", left_name, right_name, "difference", "limit"]]

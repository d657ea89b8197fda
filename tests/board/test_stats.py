"""Board counts against the pieces in the box (R-COMP-2, R-COMP-5, R-COMP-6).

The hand-made board is a 3 x 3 grid of unit squares (ids row by row from the bottom left)::

    7 mountain (mine)   8 mountain   9 farmland (magic, lost tribe)
    4 hill (cavern, LT) 5 lake       6 swamp
    1 sea               2 farmland (mine, LT)   3 forest (magic)
"""

from __future__ import annotations

import pandas as pd
import pytest
from sample_boards import TERRAIN, grid_board

from swlab.board import maps_dir, official_board
from swlab.board.stats import STATS_COLUMNS, board_stats, compare_stats


def counts(frame: pd.DataFrame, column: str = "count") -> dict[str, int]:
    return dict(zip(frame["item"], frame[column], strict=True))


def test_counts_on_a_hand_made_board() -> None:
    frame = board_stats(grid_board())
    assert tuple(frame.columns) == STATS_COLUMNS
    assert counts(frame) == {
        "regions": 9,
        "land": 7,
        "water": 2,
        "farmland": 2,
        "forest": 1,
        "hill": 1,
        "swamp": 1,
        "mountain": 2,
        "sea": 1,
        "lake": 1,
        "mines": 2,
        "magic sources": 2,
        "caverns": 1,
        "lost tribe regions": 3,
        "mountains": 2,
        "edge regions": 8,  # all but the Lake in the middle
        "coastal regions": 4,  # land beside Sea 1 or Lake 5: 2, 4, 6, 8
        "first-conquest regions": 7,  # every land region is on the edge
        "borders": 12,
    }


def test_r_comp_2_r_comp_5_box_limits() -> None:
    frame = board_stats(grid_board()).set_index("item")
    assert frame.loc["lost tribe regions", "limit"] == 18
    assert frame.loc["mountains", "limit"] == 9
    assert frame["limit"].isna().sum() == len(frame) - 2


def test_every_terrain_has_a_row_and_unknown_terrain_is_counted() -> None:
    terrain = {**TERRAIN, 6: "swampp"}
    frame = board_stats(grid_board(terrain=terrain))
    terrain_rows = counts(frame[frame["group"] == "terrain"])
    assert terrain_rows["swamp"] == 0
    assert terrain_rows["unknown terrain"] == 1
    assert "unknown terrain" not in set(board_stats(grid_board())["item"])


def test_compare_stats_side_by_side() -> None:
    draft = grid_board(name="draft", terrain={**TERRAIN, 6: "mystery"})
    frame = compare_stats(draft, grid_board(name="reference"))
    assert list(frame.columns) == ["group", "item", "draft", "reference", "difference", "limit"]
    assert len(frame) == len(board_stats(grid_board())) + 1
    assert frame["item"].iloc[0] == "regions"  # rows keep the order of board_stats
    rows = frame.set_index("item")
    assert rows.loc["swamp", "difference"] == -1
    assert rows.loc["unknown terrain", "reference"] == 0
    assert rows.loc["regions", "difference"] == 0
    assert rows.loc["mountains", "limit"] == 9


def test_compare_stats_with_equal_names_keeps_both_columns() -> None:
    frame = compare_stats(grid_board(), grid_board())
    assert list(frame.columns[2:4]) == ["grid (1)", "grid (2)"]
    assert (frame["difference"] == 0).all()


@pytest.mark.skipif(
    not (maps_dir() / "official_2p.geojson").is_file(), reason="official boards not shipped yet"
)
def test_official_2p_counts_match_the_reference() -> None:
    """Numbers from ``maps/graphs`` (README of the reference maps)."""
    stats = counts(board_stats(official_board(2)))
    assert stats["regions"] == 23 and stats["borders"] == 51
    assert stats["lost tribe regions"] == 9 and stats["edge regions"] == 15
    assert stats["first-conquest regions"] == 14 and stats["coastal regions"] == 10

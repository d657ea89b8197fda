"""The map editor: pure editing functions over an immutable draft, and a thin widget.

>>> from swlab.editor import blank, split
>>> d = split(blank(100, 60), 1, [(50, -1), (50, 61)])
>>> d.board.ids
(1, 2)

:mod:`swlab.editor.draft` (edits and history), :mod:`swlab.editor.overlays` (what the map
shows), :mod:`swlab.editor.events` (Geoman events to edits), :mod:`swlab.editor.playtest`
(bot games on a draft) and :mod:`swlab.editor.controller` (the editor's state, operations
and what its screen shows) import no widget library; :class:`MapEditor` (ipyleaflet, on the
shell :mod:`swlab.editor.shell` it shares with the hex-map editor) is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swlab.editor.controller import EditorController, EditorView
from swlab.editor.draft import (
    Draft,
    EditError,
    blank,
    delete,
    delete_regions,
    draw_region,
    from_board,
    from_geojson,
    from_graph,
    from_official,
    from_random,
    insert_vertex,
    merge,
    merge_regions,
    move_vertex,
    redo,
    rename,
    set_board_info,
    set_symbols,
    set_terrain,
    split,
    toggle_symbol,
    undo,
)
from swlab.editor.overlays import GraphDiff, adjacency_lines, expected_diff, region_sets
from swlab.editor.playtest import (
    BalanceResult,
    NotPlayableError,
    balance_run,
    compare_with_official,
)
from swlab.editor.stroke import Stroke, lasso, split_along
from swlab.lazy import attach

if TYPE_CHECKING:
    from swlab.editor.widget import MapEditor

__all__ = [
    "BalanceResult",
    "Draft",
    "EditError",
    "EditorController",
    "EditorView",
    "GraphDiff",
    "MapEditor",
    "NotPlayableError",
    "Stroke",
    "adjacency_lines",
    "balance_run",
    "blank",
    "compare_with_official",
    "delete",
    "delete_regions",
    "draw_region",
    "expected_diff",
    "from_board",
    "from_geojson",
    "from_graph",
    "from_official",
    "from_random",
    "insert_vertex",
    "lasso",
    "merge",
    "merge_regions",
    "move_vertex",
    "redo",
    "region_sets",
    "rename",
    "set_board_info",
    "set_symbols",
    "set_terrain",
    "split",
    "split_along",
    "toggle_symbol",
    "undo",
]


#: The widget imports ipywidgets and ipyleaflet: on first use only.
__getattr__, __dir__ = attach(__name__, {"MapEditor": "widget"})

"""Terra Mystica maps on swlab's board model: hex spaces, rivers, bridges, shipping.

A Terra Mystica map is an ordinary :class:`~swlab.board.model.Board` whose ``profile``
is ``"terra_mystica"`` and whose regions are hex polygons with a terrain of
:data:`TM_TERRAINS`; it is read and written as the same GeoJSON (:mod:`swlab.board.io`).
This package derives what the seed's adjacency rules talk about from those polygons:

>>> from swlab.board.hexmap import base_map, labels, bridge_slots, shipping_graph
>>> board = base_map()
>>> len(board), len(labels(board))
(113, 77)
>>> len(shipping_graph(board, 1).edges) > 0
True

Modules: :mod:`.terrain` (terrains, letters, colours, the terraforming wheel),
:mod:`.layout` (the row grid and its hex polygons), :mod:`.adjacency` (direct, bridge,
shipping, tunnelling, land masses as networkx graphs and pandas tables), :mod:`.checks`
(the designer's checks), :mod:`.interchange` (row strings and swlab hex JSON),
:mod:`.generate` (random maps), :mod:`.render` (pictures), :mod:`.base` (the printed map).
"""

from __future__ import annotations

from swlab.board.hexmap.adjacency import (
    MAX_SHIPPING,
    BridgeSlot,
    bridge_slots,
    bridge_table,
    direct_graph,
    edge_table,
    labels,
    land_masses,
    reach,
    river_networks,
    shipping_graph,
    space_name,
    space_table,
    terraform_table,
    tunnel_graph,
)
from swlab.board.hexmap.base import BASE_NAME, BASE_ROWS, base_layout, base_map
from swlab.board.hexmap.checks import WARNINGS, HexProblemKind, check, errors, is_warning
from swlab.board.hexmap.generate import GenerationError, generate_layout, generate_map
from swlab.board.hexmap.interchange import (
    layout_from_json,
    layout_to_json,
    parse_rows,
    read_hexmap,
    rows_text,
    write_hexmap,
)
from swlab.board.hexmap.layout import (
    PROFILE,
    HexLayout,
    HexLayoutError,
    board_layout,
    hex_polygon,
    is_hex_board,
    layout_board,
)
from swlab.board.hexmap.terrain import (
    RIVER,
    TERRAIN_COLOURS,
    TM_TERRAINS,
    WHEEL,
    TMTerrain,
    terraform_distance,
)

__all__ = [
    "BASE_NAME",
    "BASE_ROWS",
    "MAX_SHIPPING",
    "PROFILE",
    "RIVER",
    "TERRAIN_COLOURS",
    "TM_TERRAINS",
    "WARNINGS",
    "WHEEL",
    "BridgeSlot",
    "GenerationError",
    "HexLayout",
    "HexLayoutError",
    "HexProblemKind",
    "TMTerrain",
    "base_layout",
    "base_map",
    "board_layout",
    "bridge_slots",
    "bridge_table",
    "check",
    "direct_graph",
    "edge_table",
    "errors",
    "generate_layout",
    "generate_map",
    "hex_polygon",
    "is_hex_board",
    "is_warning",
    "labels",
    "land_masses",
    "layout_board",
    "layout_from_json",
    "layout_to_json",
    "parse_rows",
    "reach",
    "read_hexmap",
    "river_networks",
    "rows_text",
    "shipping_graph",
    "space_name",
    "space_table",
    "terraform_distance",
    "terraform_table",
    "tunnel_graph",
    "write_hexmap",
]

#!/usr/bin/env python3
"""Terra Mystica hex maps from the command line: the shipped base map, interchange, generator.

    .venv/bin/python tools/hexmaps.py base [--check]          # (re)generate the shipped map
    .venv/bin/python tools/hexmaps.py import ROWS -o MAP.geojson
    .venv/bin/python tools/hexmaps.py export MAP -o OUT.txt|OUT.json
    .venv/bin/python tools/hexmaps.py generate --seed 7 [--standard-counts] -o MAP.geojson

``base`` writes ``maps/terra_mystica_base.geojson`` from the row strings of
:mod:`swlab.board.hexmap.base` (the reference's layout); ``--check`` only says whether the
shipped file is up to date (``tests/board/test_hexmap_base.py`` does the same). ``import``
reads row strings (``.txt``) or swlab hex JSON (``.json``); ``export`` writes either from a
hex map GeoJSON file or shipped name. ``swlab map check`` and ``swlab map show`` then take
the GeoJSON like any map.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from swlab.board.catalog import load_board
from swlab.board.hexmap import (
    HexLayoutError,
    board_layout,
    generate_layout,
    is_hex_board,
    layout_board,
    read_hexmap,
    write_hexmap,
)
from swlab.board.hexmap.base import base_geojson_path, write_base_geojson
from swlab.board.io import write_board


def _base(check: bool) -> int:
    shipped = base_geojson_path()
    if not check:
        write_base_geojson(shipped)
        print(f"wrote {shipped}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        fresh = write_base_geojson(Path(tmp) / shipped.name)
        same = shipped.is_file() and fresh.read_bytes() == shipped.read_bytes()
    print(f"{shipped}: {'up to date' if same else 'out of date: run tools/hexmaps.py base'}")
    return 0 if same else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run one sub-command; exit 1 with one line on a map that cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    base = sub.add_parser("base", help="generate the shipped base map GeoJSON")
    base.add_argument("--check", action="store_true", help="only compare with the shipped file")
    imp = sub.add_parser("import", help="row strings or hex JSON to a GeoJSON map")
    imp.add_argument("source")
    imp.add_argument("-o", "--output", required=True)
    exp = sub.add_parser("export", help="a hex map to row strings (.txt) or hex JSON (.json)")
    exp.add_argument("map")
    exp.add_argument("-o", "--output", required=True)
    gen = sub.add_parser("generate", help="a random map passing the checks")
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument("--standard-counts", action="store_true", help="11 spaces of each terrain")
    gen.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "base":
            return _base(args.check)
        if args.command == "import":
            layout, name = read_hexmap(args.source)
            write_board(layout_board(layout, name), args.output)
        elif args.command == "export":
            board = load_board(args.map, polygons=True)
            if not is_hex_board(board):
                raise HexLayoutError(f"{args.map}: not a Terra Mystica map (profile)")
            write_hexmap(board_layout(board), board.name, args.output)
        else:
            layout = generate_layout(args.seed, standard_counts=args.standard_counts)
            name = f"terra_mystica_random_{args.seed}"
            write_board(layout_board(layout, name), args.output)
    except (HexLayoutError, ValueError, OSError) as err:
        print(f"hexmaps: {err}", file=sys.stderr)
        return 1
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

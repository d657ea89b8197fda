"""What the editor draws over a board, as pure data: no widgets here.

* :func:`adjacency_lines`: one line per border, between the regions' label points;
* :func:`region_sets`: edge, coastal and first-conquest regions (R-COMP-6, R-CONQ-1);
* :func:`problem_features`: the validator's problems with their ``where`` geometry;
* :func:`expected_diff`: borders missing or extra against an intended design given as a
  reference graph (``swlab/data/maps/graphs/*.json``);
* :func:`heat_colour`: the colour scale of the play-test heat map.

Each has a ``*_features`` twin giving a GeoJSON ``FeatureCollection`` with its Leaflet style
in ``properties.style``, in board coordinates (``[x, y]``, y up), ready for ipyleaflet.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shapely.geometry import LineString, Point, mapping
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from swlab.board.generate import RegionGraph
from swlab.board.graph import read_graph_document
from swlab.board.model import Board
from swlab.board.validate import Problem

__all__ = [
    "Border",
    "GraphDiff",
    "adjacency_features",
    "adjacency_lines",
    "diff_features",
    "expected_diff",
    "heat_colour",
    "heat_features",
    "label_points",
    "problem_features",
    "region_features",
    "region_set_features",
    "region_sets",
]

#: Colours of the overlays (Okabe-Ito, so they stay apart for colour-blind eyes).
SET_COLOURS: dict[str, str] = {
    "edge": "#0072B2",
    "coastal": "#009E73",
    "first_conquest": "#D55E00",
}
PROBLEM_COLOUR = "#CC0000"
MISSING_COLOUR = "#D55E00"
EXTRA_COLOUR = "#7A3EB1"


def label_points(board: Board) -> dict[int, tuple[float, float]]:
    """A point well inside each region (``polylabel``; any inside point for a broken one)."""
    points: dict[int, tuple[float, float]] = {}
    for r in board.regions:
        poly = r.polygon
        try:
            point = polylabel(poly, tolerance=max(1e-9, math.sqrt(poly.area) / 50))
        except Exception:  # an invalid draft polygon
            point = poly.representative_point() if not poly.is_empty else Point(0, 0)
        points.setdefault(r.id, (float(point.x), float(point.y)))
    return points


@dataclass(frozen=True)
class Border:
    """Regions ``a < b`` share a border of ``length``; ``line`` joins their label points."""

    a: int
    b: int
    length: float
    line: LineString


def adjacency_lines(board: Board) -> list[Border]:
    """Every border of ``board`` as a line between label points, sorted by id pair."""
    points = label_points(board)
    graph = board.topology.graph
    out = []
    for a, b in sorted(board.topology.borders):
        length = float(graph.edges[a, b].get("length", 0.0))
        out.append(Border(a, b, length, LineString([points[a], points[b]])))
    return out


def region_sets(board: Board) -> dict[str, frozenset[int]]:
    """``edge``, ``coastal`` and ``first_conquest`` region ids (R-COMP-6, R-CONQ-1)."""
    t = board.topology
    return {"edge": t.edge, "coastal": t.coastal, "first_conquest": t.first_conquest}


@dataclass(frozen=True)
class GraphDiff:
    """Where a board's derived topology differs from an intended graph.

    ``missing``: borders the design wants that the board lacks; ``extra``: borders the
    board has that the design does not; ``missing_regions`` / ``extra_regions``: ids only
    in the design / only on the board; ``edge_missing`` / ``edge_extra``: regions the
    design puts on the edge that are not / that are but should not be.
    """

    missing: tuple[tuple[int, int], ...]
    extra: tuple[tuple[int, int], ...]
    missing_regions: tuple[int, ...] = ()
    extra_regions: tuple[int, ...] = ()
    edge_missing: tuple[int, ...] = ()
    edge_extra: tuple[int, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not any(
            (
                self.missing,
                self.extra,
                self.missing_regions,
                self.extra_regions,
                self.edge_missing,
                self.edge_extra,
            )
        )

    def lines(self) -> list[str]:
        """One sentence per difference (empty when the board matches the design)."""
        out = []
        if self.missing_regions:
            out.append(f"regions missing from the board: {_list(self.missing_regions)}")
        if self.extra_regions:
            out.append(f"regions not in the design: {_list(self.extra_regions)}")
        out += [f"missing border {a}-{b}" for a, b in self.missing]
        out += [f"extra border {a}-{b}" for a, b in self.extra]
        if self.edge_missing:
            out.append(f"should touch the edge: {_list(self.edge_missing)}")
        if self.edge_extra:
            out.append(f"should not touch the edge: {_list(self.edge_extra)}")
        return out


def _list(ids: Iterable[int]) -> str:
    return ", ".join(str(i) for i in ids)


def _graph_facts(
    expected: RegionGraph | Mapping[str, Any] | str | os.PathLike[str],
) -> tuple[set[int], set[tuple[int, int]], set[int]]:
    if isinstance(expected, RegionGraph):
        regions = [(r.id, r.neighbours, r.edge) for r in expected.regions]
    else:
        if isinstance(expected, str | os.PathLike):
            document = read_graph_document(Path(expected))
        else:
            document = expected
        raw = document.get("regions", [])
        regions = [(int(r["id"]), tuple(r["neighbours"]), bool(r.get("edge"))) for r in raw]
    ids = {rid for rid, _, _ in regions}
    pairs = {(min(rid, n), max(rid, n)) for rid, ns, _ in regions for n in ns if n != rid}
    edge = {rid for rid, _, is_edge in regions if is_edge}
    return ids, pairs, edge


def expected_diff(
    board: Board, expected_graph_json: RegionGraph | Mapping[str, Any] | str | os.PathLike[str]
) -> GraphDiff:
    """Borders and edge regions of ``board`` against an intended design.

    ``expected_graph_json`` is a reference graph in the ``swlab/data/maps/graphs/`` format: a
    path, the decoded JSON or a :class:`~swlab.board.generate.RegionGraph`.
    """
    ids, pairs, edge = _graph_facts(expected_graph_json)
    have = set(board.topology.borders)
    board_ids = set(board.ids)
    return GraphDiff(
        missing=tuple(sorted(pairs - have)),
        extra=tuple(sorted(have - pairs)),
        missing_regions=tuple(sorted(ids - board_ids)),
        extra_regions=tuple(sorted(board_ids - ids)),
        edge_missing=tuple(sorted((edge & board_ids) - board.topology.edge)),
        edge_extra=tuple(sorted((board.topology.edge & ids) - edge)),
    )


# --- GeoJSON for the map ----------------------------------------------------------------


def _feature(geometry: BaseGeometry, style: dict[str, Any], **props: Any) -> dict[str, Any]:
    return {
        "type": "Feature",
        "geometry": _plain(mapping(geometry)),
        "properties": {**props, "style": style},
    }


def _plain(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_plain(v) for v in obj]
    return obj


def _collection(features: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": list(features)}


def adjacency_features(board: Board) -> dict[str, Any]:
    """The adjacency graph as lines (class ``swlab-border-A-B``)."""
    style = {"color": "#222222", "weight": 2, "opacity": 0.8, "dashArray": "4 4"}
    return _collection(
        [
            _feature(
                b.line,
                {**style, "className": f"swlab-border swlab-border-{b.a}-{b.b}"},
                a=b.a,
                b=b.b,
                length=round(b.length, 3),
            )
            for b in adjacency_lines(board)
        ]
    )


def region_set_features(board: Board, which: str) -> dict[str, Any]:
    """The regions of one of :func:`region_sets`, outlined thick in that set's colour."""
    ids = region_sets(board)[which]
    colour = SET_COLOURS[which]
    style = {"color": colour, "weight": 5, "fill": True, "fillColor": colour, "fillOpacity": 0.25}
    return _collection(
        [
            _feature(
                r.polygon,
                {**style, "className": f"swlab-{which} swlab-{which}-{r.id}"},
                region=r.id,
            )
            for r in board.regions
            if r.id in ids
        ]
    )


def problem_features(problems: Sequence[Problem]) -> dict[str, Any]:
    """Each problem's ``where`` in red (points as tiny squares), with kind and regions."""
    features = []
    for k, p in enumerate(problems):
        if p.where is None or p.where.is_empty:
            continue
        where = p.where
        if where.geom_type == "Point":
            where = where.buffer(max(where.length, 1.0), quad_segs=2)
        style = {
            "color": PROBLEM_COLOUR,
            "weight": 3,
            "fillColor": PROBLEM_COLOUR,
            "fillOpacity": 0.45,
            "className": f"swlab-problem swlab-problem-{p.kind.value}",
        }
        features.append(
            _feature(
                where, style, index=k, kind=p.kind.value, regions=list(p.regions), message=p.message
            )
        )
    return _collection(features)


def diff_features(board: Board, diff: GraphDiff) -> dict[str, Any]:
    """Missing borders (dashed orange) and extra borders (solid purple) between labels."""
    points = label_points(board)
    features = []
    for kind, pairs, colour, dash in (
        ("missing", diff.missing, MISSING_COLOUR, "8 6"),
        ("extra", diff.extra, EXTRA_COLOUR, None),
    ):
        for a, b in pairs:
            if a in points and b in points:
                style = {"color": colour, "weight": 4, "dashArray": dash,
                         "className": f"swlab-{kind}-border"}  # fmt: skip
                features.append(
                    _feature(LineString([points[a], points[b]]), style, kind=kind, a=a, b=b)
                )
    return _collection(features)


def heat_colour(share: float) -> str:
    """White (0) through orange to dark red (1): how often a region is held."""
    s = min(1.0, max(0.0, float(share)))
    stops = [(1.0, (255, 255, 255)), (0.0, (253, 141, 60)), (-1.0, (128, 0, 38))]
    # piecewise linear between white, orange and dark red
    if s <= 0.5:
        t, (r0, g0, b0), (r1, g1, b1) = s / 0.5, stops[0][1], stops[1][1]
    else:
        t, (r0, g0, b0), (r1, g1, b1) = (s - 0.5) / 0.5, stops[1][1], stops[2][1]
    r, g, b = (round(c0 + (c1 - c0) * t) for c0, c1 in ((r0, r1), (g0, g1), (b0, b1)))
    return f"#{r:02X}{g:02X}{b:02X}"


def heat_legend_html(games: int) -> str:
    """The heat map's legend: the colour ramp of :func:`heat_colour` from 0 to 100 %."""
    stops = ", ".join(f"{heat_colour(k / 10)} {k * 10}%" for k in range(11))
    return (
        '<div class="swlab-heat-legend" style="font-size:12px;margin-top:4px">'
        f"<div>heat map: share of the {games} games in which the region is held by a race "
        "at the end</div>"
        f'<div style="height:12px;width:240px;border:1px solid #333;'
        f'background:linear-gradient(to right, {stops})"></div>'
        '<div style="display:flex;justify-content:space-between;width:240px">'
        "<span>0%</span><span>50%</span><span>100%</span></div></div>"
    )


def heat_features(board: Board, shares: Mapping[int, float]) -> dict[str, Any]:
    """Regions filled by :func:`heat_colour` of ``shares[id]`` (0 when missing)."""
    features = []
    for r in board.regions:
        share = float(shares.get(r.id, 0.0))
        style = {"color": "#333333", "weight": 1, "fillColor": heat_colour(share),
                 "fillOpacity": 0.85, "className": f"swlab-heat swlab-heat-{r.id}"}  # fmt: skip
        features.append(_feature(r.polygon, style, region=r.id, share=round(share, 4)))
    return _collection(features)


def region_features(
    board: Board, *, selected: Sequence[int] = (), flagged: Iterable[int] = ()
) -> dict[str, Any]:
    """The regions filled by terrain (the game viewer's colours); ``selected`` outlined
    thick black, ``flagged`` (named by a problem) outlined red. Classes
    ``swlab-region swlab-region-<id> swlab-terrain-<terrain>`` (+ ``swlab-selected``)."""
    from swlab.play.style import TERRAIN_COLOURS, UNKNOWN_TERRAIN

    chosen = set(selected)
    bad = set(flagged)
    features = []
    for r in board.regions:
        classes = ["swlab-region", f"swlab-region-{r.id}", f"swlab-terrain-{r.terrain}"]
        style: dict[str, Any] = {
            "fillColor": TERRAIN_COLOURS.get(r.terrain, UNKNOWN_TERRAIN),
            "fillOpacity": 0.9,
            "color": "#333333",
            "weight": 1.5,
            "opacity": 1.0,
        }
        if r.id in bad:
            style.update(color=PROBLEM_COLOUR, weight=3)
            classes.append("swlab-flagged")
        if r.id in chosen:
            style.update(color="#000000", weight=5)
            classes.append("swlab-selected")
        style["className"] = " ".join(classes)
        feature = _feature(
            r.polygon,
            style,
            region=r.id,
            terrain=r.terrain,
            symbols=sorted(r.symbols),
            label=r.label,
        )
        feature["id"] = r.id
        features.append(feature)
    return _collection(features)

"""What the editor draws over a board, as pure data: no widgets here.

* :func:`adjacency_lines`: one line per border, between the regions' label points;
* :func:`contacts`: every pair of regions that meet, with the shared line itself (drawn *on*
  the border) or, for regions that only touch at a corner, that point (not a border,
  R-COMP-6); :func:`neighbour_report` puts one region's contacts in plain words;
* :func:`overlay_entries` and :func:`overlay_legend_html`: each overlay's list and legend;
* :func:`region_sets`: edge, coastal and first-conquest regions (R-COMP-6, R-CONQ-1);
* :func:`problem_features`: the validator's problems with their ``where`` geometry;
* :func:`expected_diff`: borders missing or extra against an intended design given as a
  reference graph (``maps/graphs/*.json``);
* :func:`heat_colour`: the colour scale of the play-test heat map.

Each has a ``*_features`` twin giving a GeoJSON ``FeatureCollection`` with its Leaflet style
in ``properties.style``, in board coordinates (``[x, y]``, y up), ready for ipyleaflet.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from swlab.board.generate import RegionGraph
from swlab.board.geometry import NEAR_CELLS, grid_size
from swlab.board.geometry import label_point as pole
from swlab.board.graph import read_graph_document
from swlab.board.model import Board
from swlab.board.validate import Problem
from swlab.i18n import N_, _, ngettext, percent
from swlab.play.style import geojson_geometry

__all__ = [
    "CORNER_TEXT",
    "OVERLAY_TEXT",
    "Border",
    "Contact",
    "GraphDiff",
    "OverlayEntry",
    "adjacency_features",
    "adjacency_lines",
    "average_perimeter",
    "border_words",
    "contacts",
    "corner_features",
    "diff_features",
    "diff_legend_html",
    "expected_diff",
    "heat_colour",
    "heat_features",
    "label_point",
    "label_points",
    "neighbour_features",
    "neighbour_report",
    "overlay_entries",
    "overlay_legend_html",
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
#: The borders view: every shared border drawn along itself.
BORDER_COLOUR = "#111111"
#: Corner-only contacts: a ring the colour of a warning, never a border's colour.
CORNER_COLOUR = "#E69F00"
#: The regions next to the one under the pointer.
NEIGHBOUR_COLOUR = "#0072B2"

#: How a corner-only contact is named everywhere (R-COMP-6: a shared corner is no border).
CORNER_TEXT = N_("touches at a corner: not a border (R-COMP-6)")

#: What each overlay shows, as its legend says it (key of ``MapEditor.OVERLAYS``); marked
#: English, translated where it is shown (``_(OVERLAY_TEXT[key])``).
OVERLAY_TEXT: dict[str, str] = {
    "adjacency": N_("shared border, drawn on the border itself"),
    "corners": CORNER_TEXT,
    "edge": N_("edge region: touches the board's outline (R-COMP-6)"),
    "coastal": N_("coastal region: land beside a Sea or the Lake (R-COMP-6)"),
    "first_conquest": N_("first-conquest region: where a race may enter the board (R-CONQ-1)"),
    "problems": N_("problem to fix (click one to select its regions)"),
    "missing": N_("missing border: the design has it, the board does not"),
    "extra": N_("extra border: the board has it, the design does not"),
    "heat": N_("share of the play-test games in which the region is held at the end"),
}


def label_point(polygon: BaseGeometry) -> tuple[float, float]:
    """The ``(x, y)`` of a region's label: the pole of inaccessibility, the one anchor of
    every view (:func:`swlab.board.geometry.label_point`)."""
    point, _radius = pole(polygon)
    return (float(point.x), float(point.y))


def label_points(board: Board) -> dict[int, tuple[float, float]]:
    """A point well inside each region (:func:`label_point`)."""
    points: dict[int, tuple[float, float]] = {}
    for r in board.regions:
        points.setdefault(r.id, label_point(r.polygon))
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


@dataclass(frozen=True)
class Contact:
    """Regions ``a < b`` meet: along a border of ``length`` (``where`` is the shared line)
    or, when ``length`` is 0, only at a corner (``where`` is that point): no border."""

    a: int
    b: int
    length: float
    where: BaseGeometry

    @property
    def is_border(self) -> bool:
        return self.length > 0

    def other(self, region: int) -> int:
        return self.b if region == self.a else self.a


def _shared_line(pa: BaseGeometry, pb: BaseGeometry) -> BaseGeometry:
    """The line two neighbours share (its line parts only)."""
    shared = shapely.intersection(pa.boundary, pb.boundary)
    lines = [g for g in shapely.get_parts(shared).tolist() if g.geom_type.endswith("LineString")]
    if lines:
        return shapely.line_merge(shapely.union_all(lines))
    return shapely.shortest_line(pa.boundary, pb.boundary)


def contacts(board: Board) -> list[Contact]:
    """Every pair of regions that meets, sorted by id pair: the borders of the topology
    (with the shared line) and the pairs that touch only at a corner (within the snapping
    tolerance), which the rules do not count as neighbours (R-COMP-6)."""
    regions = board.regions
    polygons = [r.polygon for r in regions]
    tol = NEAR_CELLS * grid_size(board.outline)
    graph = board.topology.graph
    borders = set(board.topology.borders)
    out: list[Contact] = []
    by_id = {r.id: r.polygon for r in regions}
    for a, b in sorted(borders):
        length = float(graph.edges[a, b].get("length", 0.0))
        out.append(Contact(a, b, length, _shared_line(by_id[a], by_id[b])))
    tree = shapely.STRtree(polygons)
    left, right = tree.query(polygons, predicate="dwithin", distance=tol)
    seen: set[tuple[int, int]] = set()
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        a, b = sorted((regions[i].id, regions[j].id))
        if a == b or (a, b) in borders or (a, b) in seen:
            continue
        seen.add((a, b))
        near = shapely.shortest_line(by_id[a], by_id[b])
        out.append(Contact(a, b, 0.0, near.interpolate(0.5, normalized=True)))
    return sorted(out, key=lambda c: (c.a, c.b))


def average_perimeter(board: Board) -> float:
    """The mean outline length of the board's regions: the yardstick of border lengths."""
    lengths = [r.polygon.length for r in board.regions]
    return sum(lengths) / len(lengths) if lengths else 1.0


def border_words(length: float, yardstick: float) -> str:
    """A border's length in plain words: its share of an average region's outline."""
    share = length / max(yardstick, 1e-300)
    if share < 0.01:
        return _("border under 1% of an average region's outline")
    return _("border {share} of an average region's outline").format(share=percent(share))


def neighbour_report(
    board: Board, region: int, found: Sequence[Contact] | None = None
) -> list[str]:
    """One line per region ``region`` meets: neighbours first, longest border first, then
    the corner-only contacts (:data:`CORNER_TEXT`)."""
    found = contacts(board) if found is None else found
    mine = [c for c in found if region in (c.a, c.b)]
    yardstick = average_perimeter(board)
    lines = [
        _("{region}: {contact}").format(
            region=board[c.other(region)].label, contact=border_words(c.length, yardstick)
        )
        for c in sorted(
            (c for c in mine if c.is_border), key=lambda c: (-c.length, c.other(region))
        )
    ]
    lines += [
        _("{region}: {contact}").format(region=board[c.other(region)].label, contact=_(CORNER_TEXT))
        for c in sorted((c for c in mine if not c.is_border), key=lambda c: c.other(region))
    ]
    return lines


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
            out.append(
                _("regions missing from the board: {regions}").format(
                    regions=_list(self.missing_regions)
                )
            )
        if self.extra_regions:
            out.append(
                _("regions not in the design: {regions}").format(regions=_list(self.extra_regions))
            )
        out += [_("missing border {a}-{b}").format(a=a, b=b) for a, b in self.missing]
        out += [_("extra border {a}-{b}").format(a=a, b=b) for a, b in self.extra]
        if self.edge_missing:
            out.append(
                _("should touch the edge: {regions}").format(regions=_list(self.edge_missing))
            )
        if self.edge_extra:
            out.append(
                _("should not touch the edge: {regions}").format(regions=_list(self.edge_extra))
            )
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

    ``expected_graph_json`` is a reference graph in the ``maps/graphs/`` format: a
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
    # a region's GeoJSON is built once while its polygon lives: an edit redraws the map
    # converting only the regions it changed (the dict is shared: never modified)
    plain = geojson_geometry(geometry)
    return {"type": "Feature", "geometry": plain, "properties": {**props, "style": style}}


def _collection(features: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": list(features)}


def adjacency_features(board: Board, found: Sequence[Contact] | None = None) -> dict[str, Any]:
    """Each shared border drawn along the border itself (class ``swlab-border-A-B``): no
    line crosses a third region, and a border that is missing shows as a bare outline."""
    found = contacts(board) if found is None else found
    style = {"color": BORDER_COLOUR, "weight": 4, "opacity": 0.9, "lineCap": "butt"}
    return _collection(
        [
            _feature(
                c.where,
                {**style, "className": f"swlab-border swlab-border-{c.a}-{c.b}"},
                a=c.a,
                b=c.b,
                length=round(c.length, 3),
            )
            for c in found
            if c.is_border and not c.where.is_empty
        ]
    )


def _ring_at(point: BaseGeometry, radius: float) -> BaseGeometry:
    return point.buffer(radius, quad_segs=4)


def corner_features(board: Board, found: Sequence[Contact] | None = None) -> dict[str, Any]:
    """Corner-only contacts as small rings (class ``swlab-corner swlab-corner-A-B``), each
    carrying :data:`CORNER_TEXT`: they look like borders on the map and are none."""
    found = contacts(board) if found is None else found
    minx, miny, maxx, maxy = board.outline.bounds
    radius = max(maxx - minx, maxy - miny) / 90
    style = {"color": CORNER_COLOUR, "weight": 3, "fillColor": CORNER_COLOUR,
             "fillOpacity": 0.35, "dashArray": "3 3"}  # fmt: skip
    return _collection(
        [
            _feature(
                _ring_at(c.where.centroid, radius),
                {**style, "className": f"swlab-corner swlab-corner-{c.a}-{c.b}"},
                a=c.a,
                b=c.b,
                text=_("{a} - {b}: {contact}").format(a=c.a, b=c.b, contact=_(CORNER_TEXT)),
            )
            for c in found
            if not c.is_border
        ]
    )


def neighbour_features(
    board: Board, region: int, found: Sequence[Contact] | None = None
) -> dict[str, Any]:
    """What hovering ``region`` shows: its neighbours tinted (``swlab-neighbour``), each
    shared border drawn thick (``swlab-shared-border``) and each corner-only contact as
    a ring (``swlab-corner``)."""
    if region not in board:
        return _collection([])
    found = contacts(board) if found is None else found
    mine = [c for c in found if region in (c.a, c.b)]
    features = [
        _feature(
            board[c.other(region)].polygon,
            {
                "color": NEIGHBOUR_COLOUR,
                "weight": 2,
                "fillColor": NEIGHBOUR_COLOUR,
                "fillOpacity": 0.35,
                "className": f"swlab-neighbour swlab-neighbour-{c.other(region)}",
            },
            region=c.other(region),
        )
        for c in mine
        if c.is_border
    ]
    features.append(
        _feature(
            board[region].polygon,
            {
                "color": "#000000",
                "weight": 3,
                "fill": False,
                "className": f"swlab-focus swlab-focus-{region}",
            },
            region=region,
        )
    )
    features += [
        _feature(
            c.where,
            {
                "color": NEIGHBOUR_COLOUR,
                "weight": 7,
                "opacity": 1.0,
                "className": f"swlab-shared-border swlab-shared-border-{c.a}-{c.b}",
            },
            a=c.a,
            b=c.b,
        )
        for c in mine
        if c.is_border and not c.where.is_empty
    ]
    features += corner_features(board, [c for c in mine if not c.is_border])["features"]
    return _collection(features)


@dataclass(frozen=True)
class OverlayEntry:
    """One line of an overlay's clickable list: ``text``, and the regions a click selects."""

    text: str
    regions: tuple[int, ...]


def _contact_entries(board: Board, found: Sequence[Contact]) -> list[OverlayEntry]:
    """Each border with its length in words, then each corner-only contact."""
    yardstick = average_perimeter(board)
    text = _("{a} - {b}: {contact}")
    out = [
        OverlayEntry(
            text.format(a=c.a, b=c.b, contact=border_words(c.length, yardstick)), (c.a, c.b)
        )
        for c in found
        if c.is_border
    ]
    corner = _(CORNER_TEXT)
    return out + [
        OverlayEntry(text.format(a=c.a, b=c.b, contact=corner), (c.a, c.b))
        for c in found
        if not c.is_border
    ]


def _diff_entries(diff: GraphDiff) -> list[OverlayEntry]:
    """What the board has that the design has not, and the other way round."""
    missing, extra = _("missing border {a} - {b}"), _("extra border {a} - {b}")
    out = [OverlayEntry(missing.format(a=a, b=b), (a, b)) for a, b in diff.missing]
    out += [OverlayEntry(extra.format(a=a, b=b), (a, b)) for a, b in diff.extra]
    out += [
        OverlayEntry(_("region {region} is not on the board").format(region=r), ())
        for r in diff.missing_regions
    ]
    out += [
        OverlayEntry(_("region {region} is not in the design").format(region=r), (r,))
        for r in diff.extra_regions
    ]
    out += [
        OverlayEntry(_("{region} should touch the edge").format(region=r), (r,))
        for r in diff.edge_missing
    ]
    out += [
        OverlayEntry(_("{region} should not touch the edge").format(region=r), (r,))
        for r in diff.edge_extra
    ]
    return out


def _heat_entries(shares: Mapping[int, float]) -> list[OverlayEntry]:
    """The regions held at the end of the play test's games, the most held first."""
    ranked = sorted(shares.items(), key=lambda kv: (-kv[1], kv[0]))
    held = _("{region}: held in {share} of the games")
    return [
        OverlayEntry(held.format(region=rid, share=percent(share)), (rid,)) for rid, share in ranked
    ]


def overlay_entries(
    board: Board,
    key: str,
    *,
    found: Sequence[Contact] | None = None,
    diff: GraphDiff | None = None,
    shares: Mapping[int, float] | None = None,
) -> list[OverlayEntry]:
    """The list beside an overlay: the regions (or borders) it marks, in plain words.

    ``key`` is ``adjacency``, ``edge``, ``coastal``, ``first_conquest``, ``diff`` (needs
    ``diff``) or ``heat`` (needs ``shares``).
    """
    if key == "adjacency":
        return _contact_entries(board, contacts(board) if found is None else found)
    if key in SET_COLOURS:
        ids = region_sets(board)[key]
        return [OverlayEntry(board[r].label, (r,)) for r in sorted(ids)]
    if key == "diff":
        return [] if diff is None else _diff_entries(diff)
    if key == "heat":
        return [] if shares is None else _heat_entries(shares)
    raise ValueError(f"no list for overlay {key!r}")


def _swatch(colour: str, *, line: bool = False, dashed: bool = False) -> str:
    border = "dashed" if dashed else "solid"
    if line:
        return (
            f'<span style="display:inline-block;width:1.6em;height:0;border-top:4px {border} '
            f'{colour};vertical-align:middle"></span>'
        )
    return (
        f'<span style="display:inline-block;width:1.1em;height:0.8em;background:{colour}66;'
        f'border:2px {border} {colour};vertical-align:middle"></span>'
    )


def overlay_legend_html(key: str, count: int, *, games: int = 0) -> str:
    """The legend of one overlay: its swatch, what it means, and how many it marks."""
    if key == "heat":
        counted = ngettext("{count} region", "{count} regions", count).format(count=count)
        return heat_legend_html(games) + f"<div>{html.escape(counted)}</div>"
    rows: list[tuple[str, str, int]] = []
    if key == "adjacency":
        rows = [(_swatch(BORDER_COLOUR, line=True), OVERLAY_TEXT["adjacency"], count)]
    elif key == "corners":
        rows = [(_swatch(CORNER_COLOUR, dashed=True), OVERLAY_TEXT["corners"], count)]
    elif key in SET_COLOURS:
        rows = [(_swatch(SET_COLOURS[key]), OVERLAY_TEXT[key], count)]
    elif key == "problems":
        rows = [(_swatch(PROBLEM_COLOUR), OVERLAY_TEXT["problems"], count)]
    else:
        raise ValueError(f"no legend for overlay {key!r}")
    return "".join(
        f'<div class="swlab-legend-{key}">{swatch}&nbsp;{html.escape(_(text))}: <b>{n}</b></div>'
        for swatch, text, n in rows
    )


def diff_legend_html(diff: GraphDiff | None, design: str) -> str:
    """The "vs design" legend: the two line looks, their counts, and which design."""
    if diff is None:
        return f"<div class='swlab-legend-diff'>{html.escape(design)}</div>"
    against = html.escape(_("against {design}:").format(design=design))
    return (
        f"<div class='swlab-legend-diff'>"
        f"{against}<br>"
        f"{_swatch(MISSING_COLOUR, line=True, dashed=True)}&nbsp;"
        f"{html.escape(_(OVERLAY_TEXT['missing']))}: "
        f"<b>{len(diff.missing)}</b><br>"
        f"{_swatch(EXTRA_COLOUR, line=True)}&nbsp;{html.escape(_(OVERLAY_TEXT['extra']))}: "
        f"<b>{len(diff.extra)}</b></div>"
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


def diff_features(
    board: Board, diff: GraphDiff, found: Sequence[Contact] | None = None
) -> dict[str, Any]:
    """Extra borders drawn on the border itself (solid purple); missing borders (dashed
    orange) between the two regions' label points, since the board has no line there."""
    points = label_points(board)
    found = contacts(board) if found is None else found
    shared = {(c.a, c.b): c.where for c in found if c.is_border}
    features = []
    for kind, pairs, colour, dash in (
        ("missing", diff.missing, MISSING_COLOUR, "8 6"),
        ("extra", diff.extra, EXTRA_COLOUR, None),
    ):
        for a, b in pairs:
            where: BaseGeometry | None = shared.get((a, b)) if kind == "extra" else None
            if where is None and a in points and b in points:
                where = LineString([points[a], points[b]])
            if where is None or where.is_empty:
                continue
            style = {"color": colour, "weight": 6, "dashArray": dash,
                     "className": f"swlab-{kind}-border swlab-{kind}-border-{a}-{b}"}  # fmt: skip
            features.append(_feature(where, style, kind=kind, a=a, b=b))
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
    heat = ngettext(
        "heat map: share of the {games} game in which the region is held by a race at the end",
        "heat map: share of the {games} games in which the region is held by a race at the end",
        games,
    ).format(games=games)
    return (
        '<div class="swlab-heat-legend" style="font-size:12px;margin-top:4px">'
        f"<div>{html.escape(heat)}</div>"
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

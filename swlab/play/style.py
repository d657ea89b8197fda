"""How a game state looks on the Leaflet map: pure functions, no widgets.

Everything here turns (board shapes, state, targets, selection) into plain dicts that
ipyleaflet accepts: a GeoJSON ``FeatureCollection`` whose features carry their Leaflet
path style in ``properties.style`` (ipyleaflet's ``GeoJSON`` layer applies it), and the
HTML of one small label per region (a ``DivIcon``). Nothing imports ipywidgets, so the
look is tested in plain pytest.

Coordinates: the board is y-up and Leaflet's ``Simple`` CRS is too, so GeoJSON takes the
board's ``[x, y]`` unchanged and a Leaflet location is ``[y, x]`` (``lat = y``, ``lng = x``).

Colour choices (readable at classroom distance, colour-blind-safe):

* players use the Okabe-Ito palette, and the owner is never told by colour alone: the
  label names the race and the token count, and the region's border is drawn in the
  player's colour, thick (active race) or dashed (in decline);
* regions where a click does something now (the legal targets) keep full colour and a
  black outline (drawn inside the owner's border for an occupied target) while the others
  are dimmed well below them: a lightness cue, not a hue cue; only targets react to hover;
* pieces are short words (``mountain``, ``lair``, ``fortress`` ...), not emoji or icons.
"""

from __future__ import annotations

import html
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from shapely import get_coordinates
from shapely.geometry import mapping

from swlab import names as game_words
from swlab.board.geometry import MEMO, label_point, usable
from swlab.board.model import Board
from swlab.board.palette import SYMBOL_BADGES, UNKNOWN_SYMBOL_BADGE, UNKNOWN_TERRAIN_COLOUR
from swlab.board.palette import TERRAIN_COLOURS as PALETTE
from swlab.i18n import SOURCE, _, language
from swlab.rules.pieces import ENCAMPMENT, MOUNTAIN, PIECES, Piece
from swlab.rules.state import GameState, RegionState

__all__ = [
    "DECLINE_DASH",
    "DIM_CSS",
    "LABEL_FORMS",
    "PLAYER_COLOURS",
    "TERRAIN_COLOURS",
    "BoardShapes",
    "Form",
    "LabelRooms",
    "View",
    "abbreviations",
    "abbreviations_html",
    "die_face_svg",
    "feature_collection",
    "fit_anchor",
    "fit_view",
    "hidden_labels",
    "label_extent",
    "label_form",
    "label_forms",
    "label_html",
    "label_px",
    "label_rooms",
    "labels",
    "legend_html",
    "player_colour",
    "region_class",
    "region_labels",
    "region_style",
    "regions_of",
    "smallest_extent",
    "target_rings",
    "text_colour",
    "touching",
    "touching_pairs",
]

#: Okabe-Ito colours, in seat order (yellow is left out: it vanishes on farmland).
PLAYER_COLOURS: tuple[str, ...] = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
)

#: Fill per terrain: the one palette of the pictures, the viewer and the editor.
TERRAIN_COLOURS: dict[str, str] = PALETTE
UNKNOWN_TERRAIN = UNKNOWN_TERRAIN_COLOUR

#: The outline of regions that just changed (the pictures' highlight colour).
HIGHLIGHT_COLOUR = "#E7298A"

#: Leaflet ``dashArray`` of a region held by a race in decline.
DECLINE_DASH = "10 7"

#: Short names of the pieces, as shown in labels (R-SETUP-2, races' and powers' pieces).
#: The tag word of each piece (``swlab.rules.pieces.PIECES``, in its order): the table's
#: short word, but ``camp`` for an Encampment, which fits a small label.
PIECE_WORDS: tuple[tuple[Piece, str], ...] = tuple(
    (p, "camp" if p is ENCAMPMENT else p.word) for p in PIECES
)
SYMBOL_WORDS: dict[str, str] = {"mine": "mine", "magic": "magic", "cavern": "cavern"}


def player_colour(player: int) -> str:
    """The colour of seat ``player`` (0-based); grey for nobody (``-1``)."""
    if player < 0:
        return "#555555"
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def text_colour(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (``#RRGGBB``)."""
    r, g, b = (int(background[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    # contrast with black (lum + 0.05) / 0.05 against white 1.05 / (lum + 0.05)
    return "#000000" if (lum + 0.05) ** 2 > 0.0525 else "#FFFFFF"


def legend_html(players: Iterable[str]) -> str:
    """The map's legend: terrain fills, seat colours, decline and target looks, labels.

    Plain HTML (swatches are inline-styled spans), so it is tested without widgets and
    reads the same in JupyterLab and Voilà.
    """

    def swatch(fill: str, border: str = "#333333", dash: bool = False) -> str:
        line = "dashed" if dash else "solid"
        return (
            f'<span style="display:inline-block;width:1.1em;height:0.8em;'
            f'background:{fill};border:2px {line} {border};vertical-align:middle"></span>'
        )

    terrains = " ".join(
        f"{swatch(colour)}&nbsp;{html.escape(game_words.terrain(name))}"
        for name, colour in TERRAIN_COLOURS.items()
    )
    seats = " ".join(
        f"{swatch(player_colour(i), player_colour(i))}&nbsp;{html.escape(name)}"
        for i, name in enumerate(players)
    )
    active = html.escape(_("border in a player's colour: active race;"))
    declined = html.escape(_("dashed: race in decline (R-DECLINE-2)"))
    targets = html.escape(
        _(
            "full colour with a black outline: a click there does something now; "
            "dimmed: nothing to do there now"
        )
    )
    source = language() == SOURCE  # the short tag words; another language: the rulebook's
    tags = html.escape(
        _(
            "labels: region id and terrain, then tokens and race; "
            "tags name pieces ({pieces}) and symbols ({symbols})"
        ).format(
            pieces=", ".join(
                word if source else game_words.piece(p.label) for p, word in PIECE_WORDS
            ),
            symbols=", ".join(
                word if source else game_words.symbol(s) for s, word in SYMBOL_WORDS.items()
            ),
        )
    )
    # headings out of the f-string, where the catalogs' extractor reads them
    terrain_head, players_head = html.escape(_("terrain")), html.escape(_("players"))
    return (
        '<div class="swlab-legend">'
        f"<div><b>{terrain_head}</b> {terrains}</div>"
        f"<div><b>{players_head}</b> {seats}</div>"
        f"<div>{swatch('#FFFFFF', '#000000')}&nbsp;{active} "
        f"{swatch('#FFFFFF', '#555555', dash=True)}&nbsp;{declined}</div>"
        f"<div>{targets}</div>"
        f"<div>{tags}</div>"
        "</div>"
    )


# ====================================================================================
# Board geometry, computed once per board
# ====================================================================================


@dataclass(frozen=True)
class BoardShapes:
    """What the map needs from a board, computed once: GeoJSON geometries, label points.

    ``geometry[id]`` is the region's GeoJSON geometry (board ``[x, y]``), ``anchor[id]``
    the Leaflet location ``[y, x]`` of the pole of inaccessibility of its polygon (the
    point farthest from its border, :func:`swlab.board.geometry.label_point`), ``bounds``
    the board's ``(minx, miny, maxx, maxy)``. ``spots[id]`` are other points inside the
    region, nearest the anchor first, where its label may sit when its smallest form does
    not fit around the anchor (:func:`label_rooms`); ``area[id]`` its area, ``polygon[id]``
    its shapely polygon (made valid).

    ``fixed`` is ``None`` on a game's map, where pieces come and go: a label's room is
    sized for the widest token badge, so it stays still. The map editor's map shows what
    setup puts on each region and nothing else: ``fixed[id]`` are those pieces, and the
    labels' rooms are sized for exactly those labels (:func:`label_rooms`). Sized for a
    badge that never comes, the labels of a small board crowded each other and were
    pushed onto their regions' borders.
    """

    ids: tuple[int, ...]
    geometry: Mapping[int, dict[str, Any]]
    anchor: Mapping[int, tuple[float, float]]
    terrain: Mapping[int, str]
    symbols: Mapping[int, frozenset[str]]
    names: Mapping[int, str]
    bounds: tuple[float, float, float, float]
    spots: Mapping[int, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    area: Mapping[int, float] = field(default_factory=dict)
    polygon: Mapping[int, Any] = field(default_factory=dict, compare=False, repr=False)
    #: the labels' places and rooms per view (:func:`label_rooms`), made once per view
    rooms: dict[tuple[float, float, float], LabelRooms] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: each region's spots as a (n, 2) array, made once
    spot_arrays: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)
    #: the last label forms per view (:func:`label_forms`) and the pieces they are for: the
    #: labels and their legend ask for the same forms, found once
    forms: dict[tuple[float, float], tuple[dict[int, RegionState], LabelRooms, dict[int, int]]] = (
        field(default_factory=dict, compare=False, repr=False)
    )
    fixed: Mapping[int, RegionState] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_board(
        cls, board: Board, *, fixed: Mapping[int, RegionState] | None = None
    ) -> BoardShapes:
        geometry: dict[int, dict[str, Any]] = {}
        anchor: dict[int, tuple[float, float]] = {}
        spots: dict[int, tuple[tuple[float, float], ...]] = {}
        polygon: dict[int, Any] = {}
        for r in board.regions:
            geometry[r.id] = geojson_geometry(r.polygon)
            anchor[r.id], polygon[r.id], spots[r.id] = _label_shape(r.polygon)
        minx, miny, maxx, maxy = board.outline.bounds
        return cls(
            ids=board.ids,
            geometry=geometry,
            anchor=anchor,
            terrain={r.id: r.terrain for r in board.regions},
            symbols={r.id: r.symbols for r in board.regions},
            names={r.id: r.label for r in board.regions},
            bounds=(minx, miny, maxx, maxy),
            spots=spots,
            area={r.id: float(r.polygon.area) for r in board.regions},
            polygon=polygon,
            fixed=fixed,
        )


def _label_shape(
    polygon: Any,
) -> tuple[tuple[float, float], Any, tuple[tuple[float, float], ...]]:
    """A region's label anchor (its pole of inaccessibility, ``[y, x]``), its polygon made
    valid and its label spots (:class:`BoardShapes`): pure functions of the polygon, made
    once while the polygon object lives (:data:`swlab.board.geometry.MEMO`). An edit
    builds a board sharing every unchanged region's polygon, so its shapes derive only
    the regions it changed: on 2,000 regions, one edit derived all 2,000 again."""

    def compute() -> tuple[tuple[float, float], Any, tuple[tuple[float, float], ...]]:
        point, _radius = label_point(polygon)
        anchor = (round(point.y, 1), round(point.x, 1))
        shape = usable(polygon)
        # the polygon itself is not kept in its own memo entry (it would never be freed)
        return anchor, (None if shape is polygon else shape), _spots(shape, anchor)

    anchor, shape, spots = MEMO.get(polygon, "label-shape", compute)
    return anchor, (polygon if shape is None else shape), spots


#: Spots per side of a region's box where its label may go (a grid, kept inside the region).
SPOT_GRID = 13


class Form(NamedTuple):
    """A form of a label, as :func:`label_html` takes it."""

    compact: bool
    tags: bool
    race: bool


#: The forms a label may take: full, then compact (short words), then compact without
#: tags, then, the last resort of the most crowded corners, the region number and the
#: token count alone (in the owner's colour).
LABEL_FORMS: tuple[Form, ...] = (
    Form(compact=False, tags=True, race=True),
    Form(compact=True, tags=True, race=True),
    Form(compact=True, tags=False, race=True),
    Form(compact=True, tags=False, race=False),
)
#: The free pixels kept between two labels (and between a label and its region's border).
LABEL_GAP_PX = 2.0
#: How many times crowded labels (and those they land on) look for a free spot again, and
#: how many labels may look in all: a board too crowded to untangle costs a bounded time.
REPAIR_ROUNDS = 12
REPAIR_PLACES = 120


def _spots(poly: Any, anchor: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """Points ``[y, x]`` inside ``poly`` on a grid over its box, the anchor first, then
    nearest the anchor first: where a crowded label may move and still sit in its region."""
    import numpy as np
    from shapely import contains_xy

    minx, miny, maxx, maxy = poly.bounds
    xs = [minx + (maxx - minx) * (k + 0.5) / SPOT_GRID for k in range(SPOT_GRID)]
    ys = [miny + (maxy - miny) * (k + 0.5) / SPOT_GRID for k in range(SPOT_GRID)]
    grid = [(y, x) for y in ys for x in xs]
    try:
        inside = contains_xy(poly, [x for _, x in grid], [y for y, _ in grid])
    except Exception:  # a broken draft polygon: the anchor only
        return (anchor,)
    ay, ax = anchor
    points = [(round(y, 1), round(x, 1)) for (y, x), ok in zip(grid, inside, strict=True) if ok]
    if not points:
        return (anchor,)
    # nearest the anchor first, ties in grid order (a stable sort, as sorted() is)
    at = np.asarray(points)
    order = np.argsort((at[:, 0] - ay) ** 2 + (at[:, 1] - ax) ** 2, kind="stable")
    return (anchor, *(points[k] for k in order))


def geojson_geometry(geometry: Any) -> dict[str, Any]:
    """The GeoJSON geometry of a shapely ``geometry``, with JSON lists (what the widget
    protocol sends), made once while the geometry object lives
    (:data:`swlab.board.geometry.MEMO`): a redraw after an edit converts only the regions
    it changed, and the editor's map and its labels share one conversion. The dict is
    shared: never modify it."""

    def convert() -> dict[str, Any]:
        if geometry.geom_type == "Polygon" and not geometry.is_empty:
            # a ring's coordinates at once (NumPy), not a Python tuple per vertex
            rings = (geometry.exterior, *geometry.interiors)
            return {"type": "Polygon", "coordinates": [get_coordinates(r).tolist() for r in rings]}
        plain: dict[str, Any] = _plain(mapping(geometry))
        return plain

    found: dict[str, Any] = MEMO.get(geometry, "geojson", convert)
    return found


def _plain(obj: Any) -> Any:
    """shapely's ``mapping`` gives tuples; the widget protocol wants JSON lists."""
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_plain(v) for v in obj]
    return obj


@dataclass(frozen=True)
class View:
    """Where the map looks: ``center`` ``[y, x]`` and a (fractional) ``zoom``."""

    center: tuple[float, float]
    zoom: float
    min_zoom: float
    max_zoom: float


def fit_view(
    bounds: tuple[float, float, float, float],
    width_px: int,
    height_px: int,
    *,
    margin_px: int = 12,
    snap: float = 0.25,
) -> View:
    """Zoom-to-fit under the Simple CRS, computed here (``Map.bounds``/``fit_bounds`` are
    unreliable there): at zoom ``z`` one board unit is ``2**z`` pixels."""
    minx, miny, maxx, maxy = bounds
    w = max(maxx - minx, 1e-9)
    h = max(maxy - miny, 1e-9)
    scale = min((width_px - 2 * margin_px) / w, (height_px - 2 * margin_px) / h)
    zoom = math.floor(math.log2(max(scale, 1e-9)) / snap) * snap
    center = ((miny + maxy) / 2, (minx + maxx) / 2)
    return View(center=center, zoom=zoom, min_zoom=zoom - 1, max_zoom=zoom + 4)


def label_px(map_width: float, map_height: float, regions: int, scale: float = 1.0) -> int:
    """The size of region numbers on a map of that many pixels: a seventh of a typical
    region's side, never below 14 px (a room reads it), at most 34 px."""
    side = math.sqrt(max(map_width * map_height, 1.0) / max(regions, 1))
    return round(min(34.0, max(14.0, side / 7.4)) * scale)


# ====================================================================================
# Region styles
# ====================================================================================


def region_class(
    region_id: int,
    rs: RegionState,
    terrain: str,
    *,
    target: bool = False,
    selected: bool = False,
) -> str:
    """Space-separated CSS classes of a region's SVG path (stable selectors for tests):
    ``swlab-region swlab-region-12 swlab-terrain-hill`` plus ``swlab-owner-0``,
    ``swlab-decline``, ``swlab-target``, ``swlab-selected`` when they apply."""
    classes = ["swlab-region", f"swlab-region-{region_id}", f"swlab-terrain-{terrain}"]
    if rs.owner >= 0 and rs.tokens:
        classes.append(f"swlab-owner-{rs.owner}")
        if rs.in_decline:
            classes.append("swlab-decline")
    if rs.lost_tribes:
        classes.append("swlab-lost-tribe")
    if target:
        classes.append("swlab-target")
    if selected:
        classes.append("swlab-selected")
    return " ".join(classes)


def region_style(
    region_id: int,
    rs: RegionState,
    terrain: str,
    *,
    target: bool = False,
    dimmed: bool = False,
    selected: bool = False,
) -> dict[str, Any]:
    """The Leaflet path options of one region.

    ``target``: a click on it does something now; ``dimmed``: some regions are targets
    and this one is not (drawn paler so the targets stand out).
    """
    style: dict[str, Any] = {
        "fillColor": TERRAIN_COLOURS.get(terrain, UNKNOWN_TERRAIN),
        "fillOpacity": 0.9,
        "color": "#333333",
        "weight": 1.5,
        "opacity": 1.0,
        "dashArray": None,
        "className": region_class(region_id, rs, terrain, target=target, selected=selected),
    }
    if rs.owner >= 0 and rs.tokens:
        style["color"] = player_colour(rs.owner)
        style["weight"] = 6
        if rs.in_decline:
            style["dashArray"] = DECLINE_DASH
            style["weight"] = 5
            style["fillOpacity"] = 0.6
    if target:
        # a target reads as one at once, even a region in decline (drawn paler otherwise)
        style["fillOpacity"] = 0.95
        if not (rs.owner >= 0 and rs.tokens):
            style["color"] = "#000000"
            style["weight"] = 4
    if dimmed:
        style["fillOpacity"] = 0.22
        style["opacity"] = 0.55
    if selected:
        style["weight"] = float(style["weight"]) + 3
        if not (rs.owner >= 0 and rs.tokens):
            style["color"] = "#000000"
    return style


#: What hovering does through Leaflet: nothing, for every region alike. Only targets react to
#: the mouse, through the viewer's style sheet (``path.swlab-target:hover``), so a Sea or an
#: unreachable region never takes the look of a region a click acts on.
HOVER_STYLE: dict[str, Any] = {}

#: The black ring drawn over every target (inside an owner's coloured border).
TARGET_RING: dict[str, Any] = {
    "color": "#000000",
    "weight": 2.5,
    "opacity": 1.0,
    "fill": False,
    "interactive": False,
    "className": "swlab-target-ring",
}


#: The dimming of non-targets as a style sheet rule, for a map with the class
#: ``swlab-dimming`` (the same opacities as :func:`region_style`'s ``dimmed``).
DIM_CSS = (
    ".swlab-map.swlab-dimming path.swlab-region:not(.swlab-target) "
    "{ fill-opacity: 0.22; }\n"
    ".swlab-map.swlab-dimming path.swlab-region:not(.swlab-target):not(.swlab-changed) "
    "{ stroke-opacity: 0.55; }"
)


def target_rings(shapes: BoardShapes, targets: Collection[int]) -> dict[str, Any]:
    """The outline of each target region, for a layer above the regions that takes no
    clicks: an attackable occupied region keeps its owner's border and gains the ring."""
    return {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "id": rid,
                "geometry": shapes.geometry[rid],
                "properties": {"region": rid, "style": dict(TARGET_RING)},
            }
            for rid in sorted(targets)
            if rid in shapes.geometry
        ],
    }


def feature_collection(
    shapes: BoardShapes,
    state: GameState,
    *,
    targets: Collection[int] = (),
    selected: int | None = None,
    highlight: Collection[int] = (),
    dim: bool = True,
) -> dict[str, Any]:
    """The GeoJSON of the board in ``state``, each feature styled (``properties.style``);
    ``highlight``: regions that just changed (a bot's turn), outlined in magenta.
    ``dim=False``: non-targets are not dimmed here (the viewer's style sheet dims them,
    :data:`DIM_CSS`), so a change of targets changes only the targets' features.

    Features keep the region id as ``id`` and in ``properties.region``, with ``terrain``,
    ``label``, ``owner``, ``race``, ``tokens``, ``decline`` and ``target`` for callbacks
    and tests. A new dict every call (widgets only see new objects).
    """
    geo = state.geo
    any_target = dim and bool(targets)
    features = []
    for rid in shapes.ids:
        i = geo.index.get(rid)
        rs = state.regions[i] if i is not None else RegionState()
        terrain = shapes.terrain[rid]
        is_target = rid in targets
        style = region_style(
            rid,
            rs,
            terrain,
            target=is_target,
            dimmed=any_target and not is_target,
            selected=rid == selected,
        )
        if rid in highlight:
            style["color"] = HIGHLIGHT_COLOUR
            style["weight"] = 8
            style["opacity"] = 1.0
            style["className"] += " swlab-changed"
        features.append(
            {
                "type": "Feature",
                "id": rid,
                "geometry": shapes.geometry[rid],
                "properties": {
                    "region": rid,
                    "terrain": terrain,
                    "label": shapes.names[rid],
                    "owner": rs.owner,
                    "race": rs.race,
                    "tokens": rs.tokens,
                    "decline": rs.in_decline,
                    "target": is_target,
                    "style": style,
                },
            }
        )
    return {"type": "FeatureCollection", "features": features}


# ====================================================================================
# Labels: region id, tokens, lost tribe, pieces
# ====================================================================================

#: The widest a label may grow, in ems of its region number: chips wrap onto new lines.
LABEL_MAX_EM = 9.0

#: A tag's chip. Its outline is an inset shadow, not a border, and the row of chips is a
#: flex row (no line box of the parent's font around them): a row is then exactly as tall
#: as :func:`label_extent` counts it, so the placement's boxes are the drawn ones.
_CHIP = (
    "display:inline-block;margin:0.08em;padding:0 0.3em;border-radius:0.3em;"
    "color:#000000;box-shadow:inset 0 0 0 1px #333333;font-size:0.72em;"
    "font-weight:600;line-height:1.3"
)


#: The longest race name a compact token badge spells out (Orcs, Elves); longer ones
#: are cut to four letters and a dot (Sorc., Huma.): the badge is the widest line.
SHORT_RACE = 5


def _race_word(rs: RegionState, compact: bool) -> str:
    """The race on a token badge: its name, or in a compact badge its first letters
    (``Skel.`` for Skeletons): the owner's colour and the hover tell the rest."""
    name = game_words.race(rs.race)
    if compact and len(name) > SHORT_RACE:
        return name[:4].rstrip() + "."
    return name


def _tokens_html(rs: RegionState, compact: bool = False, race: bool = True) -> str:
    """The token badge: the count and the race (``race=False``: the count alone, in the
    owner's colour, the smallest label of a crowded corner)."""
    colour = player_colour(rs.owner)
    name = " " + html.escape(_race_word(rs, compact)) if race else ""
    if rs.in_decline:
        # hatched, white-backed badge: lighter than an active race, readable in grey
        style = (
            f"background:repeating-linear-gradient(45deg,#FFFFFF 0 4px,{colour}55 4px 8px);"
            f"color:#000000;border:2px dashed {colour}"
        )
        # the compact badge says it by its hatching alone
        declined = html.escape(_("in decline"))
        extra = "" if compact else f"<br><i style='font-size:0.75em;font-weight:600'>{declined}</i>"
    else:
        style = f"background:{colour};color:{text_colour(colour)};border:2px solid #000000"
        extra = ""
    return (
        f"<div class='swlab-tokens swlab-owner-{rs.owner}' style='{style};"
        f"display:inline-block;padding:0.05em 0.4em;border-radius:0.7em;font-size:0.95em;"
        f"font-weight:700;line-height:1.15;white-space:nowrap'>"
        f"{rs.tokens}{name}{extra}</div>"
    )


#: The compact tag of each piece and printed symbol: two letters (a count after them for
#: pieces that stack) in the badge's colour, for a label that finds no room for its words.
#: The hover names the piece in full.
SHORT_TAGS: dict[str, str] = {
    "mountain": "Mt",
    "fortress": "Ft",
    "lair": "Lr",
    "encampments": "Cp",
    "lost_tribes": "LT",
    "hole": "Ho",
    "hero": "He",
    "dragon": "Dr",
    "mine": "Mi",
    "magic": "Mg",
    "cavern": "Cv",
}


def _short(key: str, word: str) -> str:
    """The compact tag of a piece or symbol: :data:`SHORT_TAGS` in the source language,
    elsewhere the first two letters of the tag word (as translated)."""
    if language() == SOURCE and key in SHORT_TAGS:
        return SHORT_TAGS[key]
    letters = [ch for ch in word if ch.isalpha()]
    return ("".join(letters[:2]) or word[:2]).capitalize()


def _tag_words(
    rs: RegionState, terrain: str, symbols: Iterable[str]
) -> list[tuple[str, str, int | None, str]]:
    """The tags of a region as ``(key, word, count, badge colour)``: pieces, then printed
    symbols; ``key`` is the piece's field or the symbol (:data:`SHORT_TAGS`), ``count``
    is shown for pieces that stack (else None)."""
    tags: list[tuple[str, str, int | None, str]] = []
    source = language() == SOURCE  # the short tag words; another language: the rulebook's
    for piece, word in PIECE_WORDS:
        if not source:
            word = game_words.piece(piece.label)
        n = piece.count(rs)
        # the Mountain token stands on every Mountain region (R-SETUP-2): the terrain
        # word above already says it
        if not n or (piece is MOUNTAIN and terrain == "mountain"):
            continue
        # a count for pieces that stack (a lone Lost Tribe token needs none)
        counted = piece.counted and not (piece.is_token and n == 1)
        badge = SYMBOL_BADGES.get("lost_tribe" if piece.is_token else piece.field, "#FFFFFF")
        tags.append((piece.field, word, n if counted else None, badge))
    for s in sorted(symbols):
        if s == "lost_tribe":
            continue
        word = SYMBOL_WORDS.get(s, s) if source else game_words.symbol(s)
        tags.append((s, word, None, SYMBOL_BADGES.get(s, UNKNOWN_SYMBOL_BADGE)))
    return tags


def _chips(
    rs: RegionState, terrain: str, symbols: Iterable[str], compact: bool = False
) -> list[tuple[str, str, str]]:
    """The tags of a region (:func:`_tag_words`) as ``(text, badge colour, class word)``;
    ``compact`` gives the short tags (:data:`SHORT_TAGS`)."""
    chips: list[tuple[str, str, str]] = []
    for key, word, n, badge in _tag_words(rs, terrain, symbols):
        text = _short(key, word) if compact else word
        if n is not None:
            text = f"{text}{n}" if compact else f"{text} x{n}"
        chips.append((text, badge, word.split()[0]))
    return chips


def label_html(
    region_id: int,
    rs: RegionState,
    terrain: str,
    symbols: Iterable[str] = (),
    *,
    target: bool = False,
    compact: bool = False,
    tags: bool = True,
    race: bool = True,
) -> str:
    """The HTML of the label of one region: id and terrain, race tokens, lost tribe,
    pieces and printed symbols, as words (no emoji, no icon fonts).

    Sizes are in ems of the map's label size (``--swlab-label-px``, set by the viewer from
    the map's width), so labels grow with the board; tags wrap within
    :data:`LABEL_MAX_EM` so that a label has a known widest extent.

    ``compact`` is the form of a label that finds no room for the full one (see
    :func:`label_forms`): the region number without the terrain word (the fill tells
    it), the token badge without its "in decline" line (its hatching tells it), and the
    tags as two-letter chips (:data:`SHORT_TAGS`). The number and the tokens stay as
    they are; the hover says everything in words. ``tags=False`` (a compact label still
    crowded) leaves the tags out, and ``race=False`` (the last resort of the most crowded
    corners) the race word too: the badge's colour names the player (the legend).
    """
    id_style = (
        "font-size:1em;font-weight:700;color:#000000;line-height:1.1;"
        "text-shadow:0 0 3px #FFFFFF,0 0 3px #FFFFFF,0 0 2px #FFFFFF;white-space:nowrap"
    )
    terrain_word = (
        ""
        if compact
        else f" <span style='font-weight:400;font-size:0.8em'>"
        f"{html.escape(game_words.terrain(terrain))}</span>"
    )
    parts = [f"<div class='swlab-rid' style='{id_style}'>{region_id}{terrain_word}</div>"]
    if rs.tokens and rs.race:
        parts.append(_tokens_html(rs, compact, race))
    chips = _chips(rs, terrain, symbols, compact) if tags else []
    if chips:
        parts.append(
            f"<div class='swlab-pieces' style='max-width:{LABEL_MAX_EM:g}em;display:flex;"
            "flex-wrap:wrap;justify-content:center'>"
            + "".join(
                f"<span class='swlab-piece swlab-piece-{html.escape(key)}' "
                f"style='{_CHIP};background:{badge}'>{html.escape(text)}</span>"
                for text, badge, key in chips
            )
            + "</div>"
        )
    cls = (
        f"swlab-label swlab-label-{region_id}"
        + (" swlab-label-compact" if compact else "")
        + ("" if tags else " swlab-label-bare")
        + ("" if race else " swlab-label-tiny")
        + (" swlab-label-target" if target else "")
    )
    return (
        f"<div class='{cls}' style='display:flex;flex-direction:column;align-items:center;"
        f"justify-content:center;width:100%;height:100%;text-align:center;"
        f"font-family:sans-serif;pointer-events:none'>" + "".join(parts) + "</div>"
    )


def label_form(markup: str) -> Form:
    """The form a label's markup (:func:`label_html`) was drawn in, read from its classes:
    what the page shows, for the checks that measure it (:func:`label_extent`)."""
    head = markup.split(">", 1)[0]
    return Form(
        compact="swlab-label-compact" in head,
        tags="swlab-label-bare" not in head,
        race="swlab-label-tiny" not in head,
    )


def label_extent(
    region_id: int,
    rs: RegionState,
    terrain: str,
    symbols: Iterable[str] = (),
    *,
    compact: bool = False,
    tags: bool = True,
    race: bool = True,
) -> tuple[float, float]:
    """A generous estimate of a label's ``(width, height)`` in ems of its region number,
    in its full or its ``compact`` form, with or without ``tags`` and ``race`` word
    (:func:`label_html`; measured against Chromium's rendering),
    to keep every label on the board (:func:`fit_anchor`) and apart from the others
    (:func:`label_rooms`, :func:`label_forms`)."""
    # measured in Chromium's sans-serif: the widest labels of the official boards fit
    em_per_char, bold_per_char = 0.66, 0.74
    first = (len(str(region_id)) + 1) * em_per_char
    lines = [first if compact else first + len(terrain) * em_per_char * 0.8]
    height = 1.2
    if rs.tokens and rs.race:
        word = (" " + (_race_word(rs, True) if compact else rs.race)) if race else ""
        lines.append((len(f"{rs.tokens}{word}") * bold_per_char + 0.8) * 0.95)
        height += 1.3 + (0.9 if rs.in_decline and not compact else 0.0)
    chips = _chips(rs, terrain, symbols, compact) if tags else []
    if chips:
        widths = [(len(text) * bold_per_char + 0.6) * 0.72 + 0.16 for text, _badge, _key in chips]
        rows, row = 1, 0.0
        for w in widths:
            if row and row + w > LABEL_MAX_EM:
                rows, row = rows + 1, 0.0
            row += w
        lines.append(min(LABEL_MAX_EM, sum(widths)))
        height += rows * 1.05
    return max(lines), height


def fit_anchor(
    anchor: tuple[float, float],
    extent_px: tuple[float, float],
    bounds: tuple[float, float, float, float],
    zoom: float,
    margin_px: float = 3.0,
) -> tuple[float, float]:
    """The label location ``[y, x]`` nearest ``anchor`` whose box (``extent_px``, centred)
    stays inside the board's ``bounds`` at ``zoom``: no tag leaves the board."""
    minx, miny, maxx, maxy = bounds
    unit = 2.0**zoom  # pixels per board unit
    hw = (extent_px[0] / 2 + margin_px) / unit
    hh = (extent_px[1] / 2 + margin_px) / unit
    y, x = anchor
    if maxx - minx > 2 * hw:
        x = min(max(x, minx + hw), maxx - hw)
    if maxy - miny > 2 * hh:
        y = min(max(y, miny + hh), maxy - hh)
    return (round(y, 1), round(x, 1))


def _place_labels(
    shapes: BoardShapes,
    extents: Mapping[int, tuple[float, float]],
    zoom: float,
    gap_px: float,
    margin_px: float = 3.0,
    keep: Mapping[int, tuple[float, float]] | None = None,
) -> tuple[dict[int, tuple[float, float]], int]:
    """Where each label's box (``extents``: width and height in pixels, centred) goes,
    ``[y, x]`` per region id, so that no two overlap and none leaves the board, and how
    many still overlap one; the labels in ``keep`` stay where they are.

    The others are placed one by one, the smallest regions first (they have the least
    room), each at the first of its region's :attr:`~BoardShapes.spots` whose box is free,
    every box pulled inside the board (:func:`fit_anchor`). Where no spot is free, the
    spot overlapping least is taken, and a few repair rounds let the crowded labels and
    those they land on (not the kept ones) look again.

    A label is compared only with the labels that can reach it: the box around all its
    spots' boxes (its *reach*) is looked up once in an STRtree of every label's reach,
    so placing ``n`` labels costs about ``n`` times the labels nearby, not ``n**2``."""
    import numpy as np
    import shapely

    unit = 2.0**zoom
    pad = gap_px / 2 / unit
    minx, miny, maxx, maxy = shapes.bounds
    keep = keep or {}
    half = {rid: (w / 2 / unit + pad, h / 2 / unit + pad) for rid, (w, h) in extents.items()}
    boxes: dict[int, tuple[float, float, float, float]] = {}  # (x0, y0, x1, y1), board units
    spots: dict[int, Any] = {}
    for rid, (w, h) in extents.items():
        if rid in keep:
            y, x = keep[rid]
            spots[rid] = (np.asarray([y]), np.asarray([x]))
            continue
        pts = shapes.spot_arrays.get(rid)
        if pts is None:
            pts = np.asarray(shapes.spots.get(rid) or (shapes.anchor[rid],), dtype=float)
            shapes.spot_arrays[rid] = pts
        ys, xs = pts[:, 0], pts[:, 1]
        # pulled inside the board as fit_anchor does, every spot at once
        mw, mh = (w / 2 + margin_px) / unit, (h / 2 + margin_px) / unit
        if maxx - minx > 2 * mw:
            xs = np.clip(xs, minx + mw, maxx - mw)
        if maxy - miny > 2 * mh:
            ys = np.clip(ys, miny + mh, maxy - mh)
        polygon = shapes.polygon.get(rid)
        if polygon is not None:  # a label's centre stays in its region, pulled in or not
            inside = shapely.contains_xy(polygon, xs, ys)
            if inside.any():
                ys, xs = ys[inside], xs[inside]
        spots[rid] = (ys, xs)
    ids = list(extents)
    reach = shapely.box(
        [float(spots[r][1].min()) - half[r][0] for r in ids],
        [float(spots[r][0].min()) - half[r][1] for r in ids],
        [float(spots[r][1].max()) + half[r][0] for r in ids],
        [float(spots[r][0].max()) + half[r][1] for r in ids],
    )
    near_pairs = shapely.STRtree(reach).query(reach, predicate="intersects")
    near: dict[int, list[int]] = {rid: [] for rid in ids}
    for i, j in zip(*near_pairs, strict=True):
        if i != j:
            near[ids[i]].append(ids[j])
    #: how many label boxes were compared while placing (what stays near linear)
    compared = 0

    def place(rid: int) -> float:
        """Put ``rid`` on its first free spot (or the one overlapping least)."""
        nonlocal compared
        ys, xs = spots[rid]
        hw, hh = half[rid]
        others = [boxes[o] for o in near[rid] if o in boxes]
        compared += len(others)
        if others:
            arr = np.asarray(others)
            dx = np.minimum(xs[:, None] + hw, arr[:, 2]) - np.maximum(xs[:, None] - hw, arr[:, 0])
            dy = np.minimum(ys[:, None] + hh, arr[:, 3]) - np.maximum(ys[:, None] - hh, arr[:, 1])
            overlap = (np.clip(dx, 0.0, None) * np.clip(dy, 0.0, None)).sum(axis=1)
            free = np.flatnonzero(overlap <= 0.0)
            k = int(free[0]) if free.size else int(np.argmin(overlap))
            worst = 0.0 if free.size else float(overlap[k])
        else:
            k, worst = 0, 0.0
        y, x = float(ys[k]), float(xs[k])
        boxes[rid] = (x - hw, y - hh, x + hw, y + hh)
        return worst

    for rid, (y, x) in keep.items():  # where they were: they stay
        hw, hh = half[rid]
        boxes[rid] = (x - hw, y - hh, x + hw, y + hh)
    order = sorted(
        (rid for rid in extents if rid not in boxes),
        key=lambda rid: (shapes.area.get(rid, 0.0), rid),
    )
    crowded = [rid for rid in order if place(rid) > 0.0]
    # repair rounds: a crowded label and the labels it lands on look again, the most
    # constrained first (then the other way round, so that no two keep trading places)
    looked = 0
    for round_ in range(REPAIR_ROUNDS):
        if not crowded or looked > REPAIR_PLACES:
            break
        again: list[int] = []
        for rid in crowded:
            x0, y0, x1, y1 = boxes[rid]
            hit = [
                o
                for o in near[rid]
                if o in boxes
                and o not in keep
                and min(x1, boxes[o][2]) > max(x0, boxes[o][0])
                and min(y1, boxes[o][3]) > max(y0, boxes[o][1])
            ]
            for o in (rid, *hit):
                del boxes[o]
            group = sorted((rid, *hit), key=lambda r: len(spots[r][0]))
            looked += len(group)
            for o in group if round_ % 2 == 0 else reversed(group):
                if place(o) > 0.0:
                    again.append(o)
        crowded = list(dict.fromkeys(again))
    PLACEMENT_CHECKS[0] = compared
    where = {
        rid: (round((b[1] + b[3]) / 2, 1), round((b[0] + b[2]) / 2, 1)) for rid, b in boxes.items()
    }
    return where, len(crowded)


#: How many pairs of label boxes the last placement (:func:`_place_labels`) compared: a
#: figure for the tests that keep placement near linear in the number of labels.
PLACEMENT_CHECKS: list[int] = [0]


def touching_pairs(
    where: Mapping[int, tuple[float, float]],
    extents: Mapping[int, tuple[float, float]],
    zoom: float,
    gap_px: float = 2.0,
) -> list[tuple[int, int]]:
    """The pairs of labels whose boxes (``extents`` in pixels, centred on ``where``, each
    grown by half of ``gap_px``) overlap: labels that touch."""
    import numpy as np
    import shapely

    ids = sorted(where)
    if len(ids) < 2:
        return []
    unit = 2.0**zoom
    pad = gap_px / 2 / unit
    ys = np.asarray([where[r][0] for r in ids])
    xs = np.asarray([where[r][1] for r in ids])
    hw = np.asarray([extents[r][0] / 2 / unit for r in ids]) + pad
    hh = np.asarray([extents[r][1] / 2 / unit for r in ids]) + pad
    # the pairs whose boxes may touch, from an STRtree (not every pair: n labels cost
    # about n lookups), then the exact test on those
    boxes = shapely.box(xs - hw, ys - hh, xs + hw, ys + hh)
    first, second = shapely.STRtree(boxes).query(boxes, predicate="intersects")
    upper = first < second
    i, j = first[upper], second[upper]
    # a hair of tolerance: placed boxes that merely share an edge are apart
    dx = (hw[i] + hw[j]) - np.abs(xs[i] - xs[j]) - 0.06 / unit
    dy = (hh[i] + hh[j]) - np.abs(ys[i] - ys[j]) - 0.06 / unit
    hit = (dx > 0.0) & (dy > 0.0)
    return sorted((ids[a], ids[b]) for a, b in zip(i[hit], j[hit], strict=True))


def touching(
    where: Mapping[int, tuple[float, float]],
    extents: Mapping[int, tuple[float, float]],
    zoom: float,
    gap_px: float = 2.0,
) -> set[int]:
    """The labels that overlap another (:func:`touching_pairs`)."""
    return {r for pair in touching_pairs(where, extents, zoom, gap_px) for r in pair}


#: A stand-in for the widest token badge a compact label shows: two digits and a race
#: word of five letters (compact race words are cut to four letters and a dot).
_WIDEST_BADGE = RegionState(owner=0, race="Wwwww", tokens=10)


def smallest_extent(
    region_id: int,
    terrain: str,
    symbols: Iterable[str] = (),
    form: Form = LABEL_FORMS[-2],
    pieces: RegionState | None = None,
) -> tuple[float, float]:
    """The ``(width, height)`` in ems that a region's label in ``form`` (a form without
    tags) never exceeds, whatever stands there: its number and the widest token badge;
    with ``pieces``, the pieces that always stand there (:attr:`BoardShapes.fixed`)."""
    return label_extent(
        region_id,
        _WIDEST_BADGE if pieces is None else pieces,
        terrain,
        symbols,
        compact=form.compact,
        tags=form.tags,
        race=form.race,
    )


@dataclass(frozen=True)
class LabelRooms:
    """Where each region's label sits on a map at one view, and the room its box may fill.

    Decided from the board and the view (zoom, label size) only, never from the pieces on
    the board, so a label stays still while tokens come and go. ``where[id]`` is the
    label's centre ``[y, x]``: the region's pole of inaccessibility, or, where the label's
    smallest form does not fit around the pole inside the region, the spot inside the
    region nearest it where it does. ``room[id]`` is the area its box may fill (board
    units): the region shrunk by half of :data:`LABEL_GAP_PX`, and for a region too small
    for even its smallest label (``spills``) also a box of that size at ``where``, taken
    away from its neighbours' rooms. No two rooms touch, so no two labels drawn inside
    their rooms do. The smallest form is the number and the compact token badge, and in
    the most crowded corners (``tiny``) the number and the token count alone;
    ``crowded`` are the regions whose smallest boxes still touch another's (a view too
    small for the board). ``hidden`` are the regions too small to show a label at this
    view (:func:`hidden_labels`): they have no place nor room, and take none from the
    others, until the map is zoomed in far enough.

    On a map whose pieces never change (:attr:`BoardShapes.fixed`, the map editor's) the
    smallest form is the number with those pieces, no token badge, and a label goes to
    the first spot (the pole, then the nearest) where its full form fits, if one does: a
    rectangle's pole is an end of its ridge, where only the compact form would fit.
    """

    zoom: float
    px: float
    where: Mapping[int, tuple[float, float]]
    room: Mapping[int, Any]
    spills: frozenset[int]
    tiny: frozenset[int]
    crowded: frozenset[int]
    hidden: frozenset[int] = frozenset()


#: A region whose area on the map is below this share of its smallest (tiny) label's box
#: shows no label at that view: on a board of thousands of regions, seen whole, their
#: labels would only cover each other. The official boards stay above 0.8 even on a map
#: 400 pixels wide, so they show every label.
HIDE_BELOW = 0.5


def _fixed(shapes: BoardShapes, rid: int) -> RegionState | None:
    """The pieces always on region ``rid`` of a map without a game (the editor's), or
    ``None`` on a game's map (:attr:`BoardShapes.fixed`)."""
    return None if shapes.fixed is None else shapes.fixed.get(rid, RegionState())


def hidden_labels(shapes: BoardShapes, zoom: float, px: float) -> frozenset[int]:
    """The regions too small at ``zoom`` (labels of ``px`` pixels per em) to show a label:
    their area in pixels is below :data:`HIDE_BELOW` of their tiny label's box. Zooming in
    by one step quadruples a region's area, so their labels appear as the map zooms."""
    unit2 = 4.0**zoom
    hidden = []
    for rid in shapes.ids:
        # the widest tiny label, fixed pieces or not: what a view of thousands shows legibly
        w, h = smallest_extent(rid, shapes.terrain[rid], shapes.symbols[rid], LABEL_FORMS[-1])
        if shapes.area.get(rid, 0.0) * unit2 < HIDE_BELOW * w * h * px * px:
            hidden.append(rid)
    return frozenset(hidden)


def label_rooms(shapes: BoardShapes, zoom: float, px: float) -> LabelRooms:
    """The labels' places and rooms on a map at ``zoom`` with labels of ``px`` pixels per
    em (:class:`LabelRooms`), computed once per view and kept on ``shapes``: the regions
    whose smallest labels crowd each other are given the tiny form, and all placed anew."""
    import shapely

    key = (zoom, px, LABEL_GAP_PX)
    known = shapes.rooms.get(key)
    if known is None:
        tiny: frozenset[int] = frozenset()
        hidden = hidden_labels(shapes, zoom, px)
        # each region shrunk by half the gap, and where a label of each size fits in it:
        # the same in every round, so found once (prepared: ~170 spots tried a region)
        inset = LABEL_GAP_PX / 2 / 2.0**zoom
        own = {rid: _shrunk(shapes.polygon[rid], inset) for rid in shapes.ids if rid not in hidden}
        shapely.prepare(list(own.values()))
        fitted: dict[tuple[int, bool], tuple[float, float] | None] = {}
        for _round in range(3):
            known = _rooms(shapes, zoom, px, tiny, hidden, own, fitted)
            if not known.crowded - tiny:
                break
            tiny |= known.crowded
        assert known is not None
        while len(shapes.rooms) >= 8:
            shapes.rooms.pop(next(iter(shapes.rooms)))
        shapes.rooms[key] = known
    return known


def _rooms(
    shapes: BoardShapes,
    zoom: float,
    px: float,
    tiny: frozenset[int],
    hidden: frozenset[int] = frozenset(),
    own: Mapping[int, Any] | None = None,
    fitted: dict[tuple[int, bool], tuple[float, float] | None] | None = None,
) -> LabelRooms:
    """The rooms of :func:`label_rooms`, the labels of ``tiny`` in their tiny form, none
    for the ``hidden`` regions; ``own`` is each shown region shrunk by half of
    :data:`LABEL_GAP_PX` (made here when not given), ``fitted`` the spot where each
    region's label, tiny or not, fits inside it (``None``: none), filled as found."""
    import shapely

    unit = 2.0**zoom
    inset = LABEL_GAP_PX / 2 / unit
    shown = [rid for rid in shapes.ids if rid not in hidden]
    sizes: dict[int, tuple[float, float]] = {}
    #: a fixed label's full form (:attr:`BoardShapes.fixed`): where it fits, it goes
    full: dict[int, tuple[float, float]] = {}
    for rid in shown:
        form = LABEL_FORMS[-1] if rid in tiny else LABEL_FORMS[-2]
        pieces = _fixed(shapes, rid)
        w, h = smallest_extent(rid, shapes.terrain[rid], shapes.symbols[rid], form, pieces)
        sizes[rid] = (w * px, h * px)
        if pieces is not None and rid not in tiny:
            w, h = label_extent(rid, pieces, shapes.terrain[rid], shapes.symbols[rid])
            full[rid] = (w * px, h * px)
    if own is None:
        own = {rid: shapes.polygon[rid].buffer(-inset) for rid in shown}
    fitted = {} if fitted is None else fitted
    where: dict[int, tuple[float, float]] = {}
    for rid in shown:
        slot = (rid, rid in tiny)
        if slot not in fitted:
            fitted[slot] = _fitting_spot(shapes, rid, own[rid], full.get(rid), sizes[rid], unit)
        spot = fitted[slot]
        if spot is not None:
            where[rid] = spot
    spills = frozenset(shown) - set(where)
    crowded: frozenset[int] = frozenset()
    room: dict[int, Any] = dict(own)
    if spills:
        placed, _count = _place_labels(shapes, sizes, zoom, LABEL_GAP_PX, keep=where)
        where.update({rid: placed[rid] for rid in spills})
        crowded = frozenset(touching(where, sizes, zoom, LABEL_GAP_PX))

        def spill_box(rid: int, grow: float) -> Any:
            (y, x), (w, h) = where[rid], sizes[rid]
            hw, hh = w / 2 / unit + grow, h / 2 / unit + grow
            return shapely.box(x - hw, y - hh, x + hw, y + hh)

        spilled = sorted(spills)
        taken = [spill_box(rid, 2 * inset) for rid in spilled]
        tree = shapely.STRtree(taken)
        # each room loses the spilled boxes that reach it (looked up, not all of them)
        reaching: dict[int, list[Any]] = {}
        found = tree.query([room[rid] for rid in shown], predicate="intersects")
        for k, j in zip(*found, strict=True):
            if spilled[j] != shown[k]:
                reaching.setdefault(shown[k], []).append(taken[j])
        for rid, others in reaching.items():
            room[rid] = room[rid].difference(shapely.union_all(others))
        for rid in spilled:  # a hair larger: a label exactly its size is inside
            room[rid] = room[rid].union(spill_box(rid, inset / 2))
    for geometry in room.values():
        shapely.prepare(geometry)
    return LabelRooms(zoom, px, where, room, spills, tiny, crowded, hidden)


def _fitting_spot(
    shapes: BoardShapes,
    rid: int,
    own: Any,
    full: tuple[float, float] | None,
    size: tuple[float, float],
    unit: float,
) -> tuple[float, float] | None:
    """The first of region ``rid``'s spots (the pole first, then the nearest) where its
    label's box fits inside ``own`` (the region shrunk by half the gap): of its ``full``
    size (pixels) when it has one and it fits anywhere, else of its smallest ``size``."""
    spots = shapes.spots.get(rid) or (shapes.anchor[rid],)

    def compute() -> tuple[float, float] | None:
        import numpy as np
        import shapely

        pts = np.asarray(spots, dtype=float)
        for w, h in (full, size) if full is not None else (size,):
            hw, hh = w / 2 / unit, h / 2 / unit
            boxes = shapely.box(pts[:, 1] - hw, pts[:, 0] - hh, pts[:, 1] + hw, pts[:, 0] + hh)
            fits = np.flatnonzero(shapely.contains(own, boxes))
            if fits.size:
                return (float(pts[fits[0], 0]), float(pts[fits[0], 1]))
        return None

    # a pure function of the shrunk region and these sizes: kept while it lives, so an
    # edit tries the spots of the regions it changed only
    found: tuple[float, float] | None = MEMO.get(own, ("fit", spots, full, size, unit), compute)
    return found


def _shrunk(polygon: Any, inset: float) -> Any:
    """``polygon`` shrunk by ``inset`` (board units): a label's room inside its region,
    made once while the polygon object lives (:data:`swlab.board.geometry.MEMO`)."""
    return MEMO.get(polygon, ("shrunk", inset), lambda: polygon.buffer(-inset))


def label_forms(
    shapes: BoardShapes, region: Mapping[int, RegionState], zoom: float, px: float
) -> tuple[LabelRooms, dict[int, int]]:
    """Each region's label form (an index into :data:`LABEL_FORMS`): the first, the fullest,
    whose box fits the label's room at this view (:func:`label_rooms`), else the smallest.
    Returns the rooms and the form of every label shown (none for the hidden ones)."""
    import numpy as np
    import shapely

    pieces = dict(region)
    known = shapes.forms.get((zoom, px))
    if known is not None and known[0] == pieces:
        return known[1], dict(known[2])
    rooms = label_rooms(shapes, zoom, px)
    unit = 2.0**zoom
    empty = RegionState()
    ids = [rid for rid in shapes.ids if rid not in rooms.hidden]
    form = {rid: len(LABEL_FORMS) - 1 for rid in ids}
    left = ids
    ys = {rid: rooms.where[rid][0] for rid in ids}
    xs = {rid: rooms.where[rid][1] for rid in ids}
    for k, f in enumerate(LABEL_FORMS[:-1]):
        if not left:
            break
        size = np.asarray(
            [
                label_extent(
                    rid,
                    region.get(rid, empty),
                    shapes.terrain[rid],
                    shapes.symbols[rid],
                    compact=f.compact,
                    tags=f.tags,
                    race=f.race,
                )
                for rid in left
            ]
        ) * (px / 2 / unit)
        y = np.asarray([ys[rid] for rid in left])
        x = np.asarray([xs[rid] for rid in left])
        boxes = shapely.box(x - size[:, 0], y - size[:, 1], x + size[:, 0], y + size[:, 1])
        fit = shapely.contains(np.array([rooms.room[rid] for rid in left], dtype=object), boxes)
        for rid, ok in zip(left, fit, strict=True):
            if ok:
                form[rid] = k
        left = [rid for rid, ok in zip(left, fit, strict=True) if not ok]
    while len(shapes.forms) >= 8:
        shapes.forms.pop(next(iter(shapes.forms)))
    shapes.forms[(zoom, px)] = (pieces, rooms, dict(form))
    return rooms, form


def regions_of(shapes: BoardShapes, state: GameState) -> dict[int, RegionState]:
    """Each region's pieces in ``state``, by region id (an unknown region is empty)."""
    geo = state.geo
    region: dict[int, RegionState] = {}
    for rid in shapes.ids:
        i = geo.index.get(rid)
        region[rid] = state.regions[i] if i is not None else RegionState()
    return region


def labels(
    shapes: BoardShapes,
    state: GameState,
    *,
    targets: Collection[int] = (),
    fit: tuple[float, float] | None = None,
) -> dict[int, tuple[tuple[float, float], str]]:
    """Per region id: the Leaflet location ``[y, x]`` of its label and the label's HTML,
    for the regions as ``state`` has them (:func:`region_labels`)."""
    return region_labels(shapes, regions_of(shapes, state), targets=targets, fit=fit)


def region_labels(
    shapes: BoardShapes,
    region: Mapping[int, RegionState],
    *,
    targets: Collection[int] = (),
    fit: tuple[float, float] | None = None,
) -> dict[int, tuple[tuple[float, float], str]]:
    """Per region id: the Leaflet location ``[y, x]`` of its label and the label's HTML,
    each region's pieces from ``region`` (a region missing there is empty). The one
    placement of the viewer, the presenter and the map editor, so their labels read and
    sit alike.

    ``fit`` is the map's ``(zoom, label px)``: each label then sits where
    :func:`label_rooms` put it for that view (the same place whatever the pieces) in the
    fullest form its room holds (:func:`label_forms`; the markup of a compact label
    carries ``swlab-label-compact``, and ``swlab-label-bare`` without its tags); the
    regions too small to show a label at that view (:attr:`LabelRooms.hidden`) have
    none in the result. Without ``fit``, every label is full at its region's pole of
    inaccessibility.
    """
    empty = RegionState()
    where: Mapping[int, tuple[float, float]] = shapes.anchor
    forms = dict.fromkeys(shapes.ids, 0)
    if fit is not None:
        rooms, forms = label_forms(shapes, region, *fit)
        where = rooms.where
    out: dict[int, tuple[tuple[float, float], str]] = {}
    for rid, k in forms.items():
        f = LABEL_FORMS[k]
        markup = label_html(
            rid,
            region.get(rid, empty),
            shapes.terrain[rid],
            shapes.symbols[rid],
            target=rid in targets,
            compact=f.compact,
            tags=f.tags,
            race=f.race,
        )
        out[rid] = (where[rid], markup)
    return out


def abbreviations(
    shapes: BoardShapes, region: Mapping[int, RegionState], fit: tuple[float, float] | None
) -> list[tuple[str, str]]:
    """The short forms that the compact labels of ``region`` show at the view ``fit``
    (race words cut short, two-letter tags), each with the words it stands for, sorted:
    the legend beside the map, so that nothing on it is left for the reader to guess."""
    if fit is None:
        return []
    _rooms, forms = label_forms(shapes, region, *fit)
    seen: dict[str, str] = {}
    for rid, k in forms.items():
        f = LABEL_FORMS[k]
        if not f.compact:
            continue
        rs = region.get(rid, RegionState())
        if rs.tokens and rs.race and f.race:
            short, name = _race_word(rs, True), _race_word(rs, False)
            if short != name:
                seen.setdefault(short, name)
        if f.tags:
            for key, word, _count, _badge in _tag_words(
                rs, shapes.terrain[rid], shapes.symbols[rid]
            ):
                seen.setdefault(_short(key, word), word)
    return sorted(seen.items(), key=lambda pair: pair[0].casefold())


def abbreviations_html(pairs: Sequence[tuple[str, str]]) -> str:
    """The legend of the short forms on the map (:func:`abbreviations`), one line; empty
    when the map shows none."""
    if not pairs:
        return ""
    head = html.escape(_("Short forms:"))
    items = " · ".join(
        f"<span class='swlab-abbreviation'><b>{html.escape(short)}</b>&nbsp;=&nbsp;"
        f"{html.escape(word)}</span>"
        for short, word in pairs
    )
    # small and tight: it shares the window's height with the map
    style = "font-size:0.8em;line-height:1.25"
    return f"<div class='swlab-abbreviations' style='{style}'>{head} {items}</div>"


#: Where the pips of the reinforcement die sit, by face (R-COMP-5: faces 0, 0, 0, 1, 2,
#: 3), in a 3 x 3 grid of a face 30 units wide.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
}


def die_face_svg(face: int) -> str:
    """The reinforcement die showing ``face``, as a small inline SVG (a blank face for
    0) whose words are its ``aria-label`` (no ``<title>``: the sentence beside it says the
    face, and a title would repeat it in the message's text): what a roll shows on screen
    (R-CONQ-10)."""
    pips = "".join(
        f"<circle cx='{7 + 8 * col}' cy='{7 + 8 * row}' r='3' fill='#000'/>"
        for row, col in _PIPS.get(face, ())
    )
    words = html.escape(_("The die shows {face}.").format(face=face))
    return (
        f"<svg class='swlab-die swlab-die-{face}' role='img' aria-label='{words}' "
        "width='2.2em' height='2.2em' viewBox='0 0 30 30'>"
        "<rect x='1' y='1' width='28' height='28' rx='5' fill='#fff' stroke='#000' "
        f"stroke-width='2'/>{pips}</svg>"
    )

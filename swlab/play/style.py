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
from typing import Any

from shapely.geometry import mapping

from swlab import names as game_words
from swlab.board.model import Board
from swlab.board.palette import SYMBOL_BADGES, UNKNOWN_SYMBOL_BADGE, UNKNOWN_TERRAIN_COLOUR
from swlab.board.palette import TERRAIN_COLOURS as PALETTE
from swlab.i18n import SOURCE, _, language
from swlab.rules.pieces import ENCAMPMENT, MOUNTAIN, PIECES, Piece
from swlab.rules.state import GameState, RegionState

__all__ = [
    "DECLINE_DASH",
    "DIM_CSS",
    "PLAYER_COLOURS",
    "TERRAIN_COLOURS",
    "BoardShapes",
    "View",
    "arrange_labels",
    "die_face_svg",
    "feature_collection",
    "fit_anchor",
    "fit_view",
    "label_extent",
    "label_html",
    "label_px",
    "labels",
    "legend_html",
    "place_labels",
    "player_colour",
    "region_class",
    "region_labels",
    "region_style",
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
    the Leaflet location ``[y, x]`` of its label (a point well inside the polygon, also for
    concave regions), ``bounds`` the board's ``(minx, miny, maxx, maxy)``. ``spots[id]``
    are other points inside the region, nearest the anchor first, where its label may move
    when it would overlap a neighbour's (:func:`place_labels`); ``area[id]`` its area.
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
    #: recent label placements by (zoom, extents): undo and redo place nothing anew
    placed: dict[Any, dict[int, tuple[float, float]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: the last placement per (zoom, gap): the sizes it was for, and where labels went
    last_placed: dict[
        tuple[float, float],
        tuple[dict[int, tuple[float, float]], dict[int, tuple[float, float]]],
    ] = field(default_factory=dict, compare=False, repr=False)
    #: the last arrangement per (zoom, gap): the full sizes it was for, and the form of
    #: each label not in its full form (a click does not make the others grow and shrink)
    last_arranged: dict[
        tuple[float, float], tuple[dict[int, tuple[float, float]], dict[int, int]]
    ] = field(default_factory=dict, compare=False, repr=False)
    #: recent arrangements (:func:`arrange_labels`) by (zoom, gap, extents): where labels
    #: went and which took a smaller form
    arranged: dict[Any, tuple[dict[int, tuple[float, float]], dict[int, int]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: each region's spots as a (n, 2) array, made once
    spot_arrays: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_board(cls, board: Board) -> BoardShapes:
        from shapely.ops import polylabel

        geometry: dict[int, dict[str, Any]] = {}
        anchor: dict[int, tuple[float, float]] = {}
        spots: dict[int, tuple[tuple[float, float], ...]] = {}
        for r in board.regions:
            geometry[r.id] = _plain(mapping(r.polygon))
            poly = r.polygon
            try:
                tolerance = max(1.0, math.sqrt(poly.area) / 50)
                point = polylabel(poly, tolerance=tolerance)
            except Exception:  # a broken draft polygon: any inside point will do
                point = poly.representative_point()
            anchor[r.id] = (round(point.y, 1), round(point.x, 1))
            spots[r.id] = _spots(poly, anchor[r.id])
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
        )


#: Spots per side of a region's box where its label may go (a grid, kept inside the region).
SPOT_GRID = 13
#: The forms a label may take, as ``(compact, tags)`` of :func:`label_html`: full, then
#: compact (short words), then, the last resort of a crowded corner, compact without tags.
LABEL_FORMS: tuple[tuple[bool, bool], ...] = ((False, True), (True, True), (True, False))
#: How many times labels still touching another take their compact form (one of each
#: touching pair, then all are placed anew around the others).
COMPACT_ROUNDS = 12
#: How many times crowded labels (and those they land on) look for a free spot again, and
#: how many labels may look in all: a board too crowded to untangle costs a bounded time.
REPAIR_ROUNDS = 12
REPAIR_PLACES = 120


def _spots(poly: Any, anchor: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """Points ``[y, x]`` inside ``poly`` on a grid over its box, the anchor first, then
    nearest the anchor first: where a crowded label may move and still sit in its region."""
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
    points = sorted(
        ((round(y, 1), round(x, 1)) for (y, x), ok in zip(grid, inside, strict=True) if ok),
        key=lambda p: (p[0] - ay) ** 2 + (p[1] - ax) ** 2,
    )
    return (anchor, *points)


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


def _tokens_html(rs: RegionState, compact: bool = False) -> str:
    colour = player_colour(rs.owner)
    name = html.escape(_race_word(rs, compact))
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
        f"{rs.tokens} {name}{extra}</div>"
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


def _chips(
    rs: RegionState, terrain: str, symbols: Iterable[str], compact: bool = False
) -> list[tuple[str, str, str]]:
    """The tags of a region as ``(text, badge colour, class word)``: pieces, then printed
    symbols; ``compact`` gives the short tags (:data:`SHORT_TAGS`)."""
    chips: list[tuple[str, str, str]] = []
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
        text = _short(piece.field, word) if compact else word
        if counted:
            text = f"{text}{n}" if compact else f"{text} x{n}"
        chips.append((text, badge, word.split()[0]))
    for s in sorted(symbols):
        if s == "lost_tribe":
            continue
        word = SYMBOL_WORDS.get(s, s) if source else game_words.symbol(s)
        text = _short(s, word) if compact else word
        chips.append((text, SYMBOL_BADGES.get(s, UNKNOWN_SYMBOL_BADGE), word.split()[0]))
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
) -> str:
    """The HTML of the label of one region: id and terrain, race tokens, lost tribe,
    pieces and printed symbols, as words (no emoji, no icon fonts).

    Sizes are in ems of the map's label size (``--swlab-label-px``, set by the viewer from
    the map's width), so labels grow with the board; tags wrap within
    :data:`LABEL_MAX_EM` so that a label has a known widest extent.

    ``compact`` is the form of a label that finds no room for the full one (see
    :func:`arrange_labels`): the region number without the terrain word (the fill tells
    it), the token badge without its "in decline" line (its hatching tells it), and the
    tags as two-letter chips (:data:`SHORT_TAGS`). The number and the tokens stay as
    they are; the hover says everything in words. ``tags=False`` (the last resort of a
    compact label still crowded) leaves the tags out.
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
        parts.append(_tokens_html(rs, compact))
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
        + (" swlab-label-target" if target else "")
    )
    return (
        f"<div class='{cls}' style='display:flex;flex-direction:column;align-items:center;"
        f"justify-content:center;width:100%;height:100%;text-align:center;"
        f"font-family:sans-serif;pointer-events:none'>" + "".join(parts) + "</div>"
    )


def label_extent(
    region_id: int,
    rs: RegionState,
    terrain: str,
    symbols: Iterable[str] = (),
    *,
    compact: bool = False,
    tags: bool = True,
) -> tuple[float, float]:
    """A generous estimate of a label's ``(width, height)`` in ems of its region number,
    in its full or its ``compact`` form, with or without ``tags`` (:func:`label_html`),
    to keep every label on the board (:func:`fit_anchor`) and apart from the others
    (:func:`arrange_labels`)."""
    em_per_char = 0.62
    first = (len(str(region_id)) + 1) * em_per_char
    lines = [first if compact else first + len(terrain) * em_per_char * 0.8]
    height = 1.15
    if rs.tokens and rs.race:
        race = _race_word(rs, True) if compact else rs.race
        lines.append((len(f"{rs.tokens} {race}") * em_per_char + 0.8) * 0.95)
        height += 1.3 + (0.9 if rs.in_decline and not compact else 0.0)
    chips = _chips(rs, terrain, symbols, compact) if tags else []
    if chips:
        widths = [(len(text) * em_per_char + 0.6) * 0.72 + 0.16 for text, _badge, _key in chips]
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


def place_labels(
    shapes: BoardShapes,
    extents: Mapping[int, tuple[float, float]],
    zoom: float,
    gap_px: float = 2.0,
) -> dict[int, tuple[float, float]]:
    """Where each label goes, ``[y, x]`` per region id, so that no two labels' boxes
    (``extents``: width and height in pixels, centred) overlap and none leaves the board.

    Labels are placed one by one, the smallest regions first (they have the least room):
    each at its anchor if that box is free, else at the nearest of its region's
    :attr:`~BoardShapes.spots` whose box is free, every box pulled inside the board
    (:func:`fit_anchor`). Where no spot is free, the spot overlapping least is taken, and
    a few repair rounds let the crowded labels and those they land on look again.

    From one redraw to the next (same zoom) the labels whose size did not change stay
    where they were: a click moves only the labels it changed (and those in their way),
    and costs little. The same labels at the same zoom get the same places (undo, redo).
    """
    key = (zoom, gap_px, tuple(sorted(extents.items())))
    known = shapes.placed.get(key)
    if known is not None:
        return dict(known)
    last = shapes.last_placed.get((zoom, gap_px))
    keep: dict[int, tuple[float, float]] = {}
    if last is not None:
        before, where = last
        keep = {r: where[r] for r, e in extents.items() if before.get(r) == e and r in where}
    result, crowded = _place_labels(shapes, extents, zoom, gap_px, keep=keep)
    if crowded and keep:  # the labels kept in place are in the way: all anew, if better
        fresh, still = _place_labels(shapes, extents, zoom, gap_px)
        if still < crowded:
            result = fresh
    while len(shapes.placed) >= 64:
        shapes.placed.pop(next(iter(shapes.placed)))
    shapes.placed[key] = result
    shapes.last_placed[(zoom, gap_px)] = (dict(extents), result)
    return dict(result)


def _place_labels(
    shapes: BoardShapes,
    extents: Mapping[int, tuple[float, float]],
    zoom: float,
    gap_px: float,
    margin_px: float = 3.0,
    keep: Mapping[int, tuple[float, float]] | None = None,
    repair: bool = True,
) -> tuple[dict[int, tuple[float, float]], int]:
    """The placement (see :func:`place_labels`) and how many labels still overlap one;
    without ``repair``, no label looks again (a quick try)."""
    import numpy as np

    unit = 2.0**zoom
    pad = gap_px / 2 / unit
    minx, miny, maxx, maxy = shapes.bounds
    half = {rid: (w / 2 / unit + pad, h / 2 / unit + pad) for rid, (w, h) in extents.items()}
    boxes: dict[int, tuple[float, float, float, float]] = {}  # (x0, y0, x1, y1), board units
    spots: dict[int, Any] = {}
    for rid, (w, h) in extents.items():
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
        spots[rid] = (ys, xs)

    def place(rid: int) -> float:
        """Put ``rid`` on its first free spot (or the one overlapping least)."""
        ys, xs = spots[rid]
        hw, hh = half[rid]
        others = [bx for o, bx in boxes.items() if o != rid]
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

    for rid, (y, x) in (keep or {}).items():  # where they were: they stay
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
    for round_ in range(REPAIR_ROUNDS if repair else 0):
        if not crowded or looked > REPAIR_PLACES:
            break
        again: list[int] = []
        for rid in crowded:
            x0, y0, x1, y1 = boxes[rid]
            hit = [
                o
                for o, (a0, b0, a1, b1) in boxes.items()
                if o != rid and min(x1, a1) > max(x0, a0) and min(y1, b1) > max(y0, b0)
            ]
            for o in (rid, *hit):
                del boxes[o]
            group = sorted((rid, *hit), key=lambda r: len(spots[r][0]))
            looked += len(group)
            for o in group if round_ % 2 == 0 else reversed(group):
                if place(o) > 0.0:
                    again.append(o)
        crowded = list(dict.fromkeys(again))
    where = {
        rid: (round((b[1] + b[3]) / 2, 1), round((b[0] + b[2]) / 2, 1)) for rid, b in boxes.items()
    }
    return where, len(crowded)


def touching_pairs(
    where: Mapping[int, tuple[float, float]],
    extents: Mapping[int, tuple[float, float]],
    zoom: float,
    gap_px: float = 2.0,
) -> list[tuple[int, int]]:
    """The pairs of labels whose boxes (``extents`` in pixels, centred on ``where``, each
    grown by half of ``gap_px``) overlap: those :func:`place_labels` found no room for."""
    import numpy as np

    ids = sorted(where)
    if len(ids) < 2:
        return []
    unit = 2.0**zoom
    pad = gap_px / 2 / unit
    ys = np.asarray([where[r][0] for r in ids])
    xs = np.asarray([where[r][1] for r in ids])
    hw = np.asarray([extents[r][0] / 2 / unit for r in ids]) + pad
    hh = np.asarray([extents[r][1] / 2 / unit for r in ids]) + pad
    # a hair of tolerance: placed boxes that merely share an edge are apart
    dx = (hw[:, None] + hw[None, :]) - np.abs(xs[:, None] - xs[None, :]) - 0.06 / unit
    dy = (hh[:, None] + hh[None, :]) - np.abs(ys[:, None] - ys[None, :]) - 0.06 / unit
    hit = np.triu((dx > 0.0) & (dy > 0.0), k=1)
    return [(ids[i], ids[j]) for i, j in zip(*np.nonzero(hit), strict=True)]


def touching(
    where: Mapping[int, tuple[float, float]],
    extents: Mapping[int, tuple[float, float]],
    zoom: float,
    gap_px: float = 2.0,
) -> set[int]:
    """The labels that overlap another (:func:`touching_pairs`)."""
    return {r for pair in touching_pairs(where, extents, zoom, gap_px) for r in pair}


def _to_shrink(
    pairs: Iterable[tuple[int, int]],
    can: Collection[int],
    saving: Mapping[int, float],
) -> set[int]:
    """Which labels of the touching ``pairs`` shrink one form this round: one of each
    pair, among those that ``can``, the label in most pairs first, then the one that
    saves most room (a pair whose one label cannot shrink shrinks the other)."""
    open_pairs = [(a, b) for a, b in pairs if a in can or b in can]
    chosen: set[int] = set()
    while open_pairs:
        count: dict[int, int] = {}
        for a, b in open_pairs:
            for r in (a, b):
                if r in can:
                    count[r] = count.get(r, 0) + 1
        pick = max(count, key=lambda r: (count[r], saving[r], -r))
        chosen.add(pick)
        open_pairs = [pair for pair in open_pairs if pick not in pair]
    return chosen


def arrange_labels(
    shapes: BoardShapes,
    forms: Sequence[Mapping[int, tuple[float, float]]],
    zoom: float,
    gap_px: float = 2.0,
) -> tuple[dict[int, tuple[float, float]], dict[int, int]]:
    """Where each label goes and in which form, as a cartographer would: ``forms`` are
    the labels' sizes in pixels (width, height), the full form first, then smaller ones
    (a label missing from a form has none so small). Every label goes in its full form
    where there is room (:func:`place_labels`); of two labels that still touch, one
    shrinks to its next form (:func:`_to_shrink`) and the crowded ones look again, the
    others staying put. A few rounds (:data:`COMPACT_ROUNDS`): the crowded ones only.
    From one redraw to the next a label whose size did not change keeps its form, and
    a smaller one grows back when a spot has room for it (the others kept in place).

    Returns the places and, per label not in its full form, the index of its form. The
    same labels at the same zoom get the same arrangement (undo, redo)."""
    key = (zoom, gap_px, tuple(tuple(sorted(f.items())) for f in forms))
    known = shapes.arranged.get(key)
    if known is not None:
        return dict(known[0]), dict(known[1])
    full = forms[0]

    def size(r: int, k: int) -> tuple[float, float]:
        """Label ``r`` in form ``k`` (or the nearest larger one it has)."""
        while r not in forms[k]:
            k -= 1
        return forms[k][r]

    # the labels that did not change keep the form they had (else every click would
    # first try them in full, and fail, where they were crowded)
    level: dict[int, int] = {}
    last = shapes.last_arranged.get((zoom, gap_px))
    if last is not None:
        before, had = last
        level = {r: k for r, k in had.items() if before.get(r) == full.get(r) and k < len(forms)}
    extents = {r: size(r, level.get(r, 0)) for r in full}
    where = place_labels(shapes, extents, zoom, gap_px)
    for _round in range(COMPACT_ROUNDS):
        nxt = {r: level.get(r, 0) + 1 for r in extents}
        can = {r for r, k in nxt.items() if k < len(forms) and r in forms[k]}
        saving = {
            r: extents[r][0] * extents[r][1] - forms[nxt[r]][r][0] * forms[nxt[r]][r][1]
            for r in can
        }
        shrink = _to_shrink(touching_pairs(where, extents, zoom, gap_px), can, saving)
        if not shrink:
            break
        for r in shrink:
            level[r] = nxt[r]
            extents[r] = forms[nxt[r]][r]
        where = place_labels(shapes, extents, zoom, gap_px)
    # a smaller label grows back where there is room for it now, the others kept
    grown = False
    for r in sorted(level):
        while level.get(r, 0) > 0 and not touching_pairs(where, extents, zoom, gap_px):
            trial = {**extents, r: size(r, level[r] - 1)}
            keep = {o: at for o, at in where.items() if o != r}
            got, crowded = _place_labels(shapes, trial, zoom, gap_px, keep=keep, repair=False)
            if crowded:
                break
            extents, where, grown = trial, got, True
            level[r] -= 1
            if not level[r]:
                del level[r]
    if grown:
        shapes.last_placed[(zoom, gap_px)] = (dict(extents), dict(where))
    shapes.last_arranged[(zoom, gap_px)] = (dict(full), dict(level))
    while len(shapes.arranged) >= 64:
        shapes.arranged.pop(next(iter(shapes.arranged)))
    shapes.arranged[key] = (where, level)
    return dict(where), dict(level)


def labels(
    shapes: BoardShapes,
    state: GameState,
    *,
    targets: Collection[int] = (),
    fit: tuple[float, float] | None = None,
) -> dict[int, tuple[tuple[float, float], str]]:
    """Per region id: the Leaflet location ``[y, x]`` of its label and the label's HTML,
    for the regions as ``state`` has them (:func:`region_labels`)."""
    geo = state.geo
    region: dict[int, RegionState] = {}
    for rid in shapes.ids:
        i = geo.index.get(rid)
        region[rid] = state.regions[i] if i is not None else RegionState()
    return region_labels(shapes, region, targets=targets, fit=fit)


def region_labels(
    shapes: BoardShapes,
    region: Mapping[int, RegionState],
    *,
    targets: Collection[int] = (),
    fit: tuple[float, float] | None = None,
) -> dict[int, tuple[tuple[float, float], str]]:
    """Per region id: the Leaflet location ``[y, x]`` of its label and the label's HTML,
    each region's pieces from ``region`` (a region missing there is empty). The one
    placement of the viewer and the map editor, so their labels read and sit alike.

    ``fit`` is the map's ``(zoom, label px)``: labels are then placed so that their boxes
    neither overlap each other nor leave the board, the crowded ones in their compact
    form (:func:`arrange_labels`, :data:`LABEL_FORMS`; the markup of a compact label
    carries ``swlab-label-compact``, and ``swlab-label-bare`` without its tags).
    """
    out: dict[int, tuple[tuple[float, float], str]] = {}
    empty = RegionState()
    if fit is None:
        for rid in shapes.ids:
            markup = label_html(
                rid,
                region.get(rid, empty),
                shapes.terrain[rid],
                shapes.symbols[rid],
                target=rid in targets,
            )
            out[rid] = (shapes.anchor[rid], markup)
        return out
    zoom, px = fit
    forms: list[dict[int, tuple[float, float]]] = [{} for _ in LABEL_FORMS]
    for rid in shapes.ids:
        rs = region.get(rid, empty)
        terrain, symbols = shapes.terrain[rid], shapes.symbols[rid]
        last = None
        for k, (compact, tags) in enumerate(LABEL_FORMS):
            w, h = label_extent(rid, rs, terrain, symbols, compact=compact, tags=tags)
            if (w, h) != last:  # a form no smaller than the one before is left out
                forms[k][rid] = (w * px, h * px)
            last = (w, h)
    where, level = arrange_labels(shapes, forms, zoom)
    for rid in shapes.ids:
        compact, tags = LABEL_FORMS[level.get(rid, 0)]
        markup = label_html(
            rid,
            region.get(rid, empty),
            shapes.terrain[rid],
            shapes.symbols[rid],
            target=rid in targets,
            compact=compact,
            tags=tags,
        )
        out[rid] = (where.get(rid, shapes.anchor[rid]), markup)
    return out


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

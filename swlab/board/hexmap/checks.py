"""The checks a Terra Mystica map designer needs, as :class:`~swlab.board.validate.Problem`\\ s.

The reference (terra_mystica_base.md) lists what published map work and fan map tools
check; :func:`check` runs them after the shared geometry checks of
:func:`swlab.board.validate.validate` (overlaps, gaps, duplicate ids...), whose terrain
check is replaced by the profile's own (the eight Terra Mystica words):

1. ``same_terrain`` - two neighbouring terrain spaces of one terrain;
2. ``river_dead_end`` / ``river_pool`` (warning) - a river space with no river neighbour,
   or with more than 3 (a "lake" of river);
3. ``river_split`` (warning) - the river spaces form several networks;
4. ``no_terraform_step`` (warning) - a terrain space with no neighbour one step away on
   the wheel;
5. ``terrain_count`` (warning) - a terrain with other than 11 spaces;
6. ``unreachable`` - terrain spaces no faction can reach from the rest of the map, even by
   land, bridge or shipping 3.

Every message names the spaces by label (a river space by row and column) and every
``fix`` says what to change.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum

import networkx as nx

from swlab.board.hexmap.adjacency import (
    direct_graph,
    is_terrain,
    land_masses,
    river_networks,
    shipping_graph,
    space_name,
)
from swlab.board.hexmap.layout import HexLayoutError, placement
from swlab.board.hexmap.terrain import RIVER, STANDARD_COUNT, TM_TERRAINS, WHEEL, terrain_word
from swlab.board.model import Board
from swlab.board.validate import Problem, ProblemKind, validate
from swlab.i18n import _, ngettext

__all__ = [
    "WARNINGS",
    "HexProblemKind",
    "check",
    "describe",
    "errors",
    "is_printed",
    "is_warning",
    "summary",
]

#: A river space with more river neighbours than this is a pool.
MAX_RIVER_NEIGHBOURS = 3
#: The shipping value up to which every faction can expand (``unreachable`` uses it).
REACH_SHIPPING = 3


class HexProblemKind(StrEnum):
    """What is wrong with a hex map; :func:`check` reports problems in this order."""

    NOT_A_HEX_GRID = "not_a_hex_grid"
    UNKNOWN_TERRAIN = "unknown_terrain"
    SAME_TERRAIN = "same_terrain"
    RIVER_DEAD_END = "river_dead_end"
    RIVER_POOL = "river_pool"
    RIVER_SPLIT = "river_split"
    NO_TERRAFORM_STEP = "no_terraform_step"
    TERRAIN_COUNT = "terrain_count"
    UNREACHABLE = "unreachable"


#: Kinds that are design advice, not errors: ``swlab map check`` exits 0 on them. The printed
#: base map itself has river junctions of 4 (``river_pool``) and 14 spaces without a
#: one-step neighbour (``no_terraform_step``), so those rules of published map-generation
#: work are advice for a new map, as a split river and unusual counts are; the generator
#: meets all of them.
WARNINGS: frozenset[str] = frozenset(
    {
        HexProblemKind.RIVER_POOL,
        HexProblemKind.RIVER_SPLIT,
        HexProblemKind.NO_TERRAFORM_STEP,
        HexProblemKind.TERRAIN_COUNT,
    }
)

_ORDER = {kind: k for k, kind in enumerate(HexProblemKind)}


def is_warning(problem: Problem) -> bool:
    """Whether ``problem`` is a warning (:data:`WARNINGS`)."""
    return problem.kind in WARNINGS


def errors(problems: list[Problem]) -> list[Problem]:
    """The problems that are not warnings."""
    return [p for p in problems if not is_warning(p)]


def _names(board: Board, ids: list[int] | set[int] | frozenset[int]) -> str:
    return ", ".join(space_name(board, rid) for rid in sorted(ids))


def _step_terrains(terrain: str) -> tuple[str, str]:
    k = WHEEL.index(terrain)
    return WHEEL[(k - 1) % len(WHEEL)], WHEEL[(k + 1) % len(WHEEL)]


def _title(terrain: str) -> str:
    """A terrain as a message names it: the language's word, capitalised ("Plains")."""
    word = terrain_word(terrain)
    return word[:1].upper() + word[1:]


def _either(terrains: list[str] | tuple[str, ...]) -> str:
    """``Plains or Desert``: one or two terrains a fix offers."""
    if len(terrains) == 1:
        return _title(terrains[0])
    return _("{first} or {second}").format(first=_title(terrains[0]), second=_title(terrains[1]))


def check(board: Board) -> list[Problem]:
    """Every problem of a hex map: the shared geometry checks, then the profile's own."""
    mine = (ProblemKind.UNKNOWN_TERRAIN, ProblemKind.NO_TERRAIN)
    shared = [p for p in validate(board) if p.kind not in mine]
    own = _unknown_terrain(board)
    try:
        placement(board)
    except HexLayoutError as err:
        own.append(
            Problem(
                HexProblemKind.NOT_A_HEX_GRID,
                (),
                str(err),
                fix=_("draw every space as a hex of one row grid (swlab/board/hexmap)"),
            )
        )
        return shared + own
    if not own:
        own += _same_terrain(board)
        own += _river_shape(board)
        own += _terraform_steps(board)
        own += _terrain_counts(board)
        own += _unreachable(board)
    return shared + sorted(own, key=lambda p: (_ORDER[HexProblemKind(p.kind)], p.regions))


def _unknown_terrain(board: Board) -> list[Problem]:
    return [
        Problem(
            HexProblemKind.UNKNOWN_TERRAIN,
            (r.id,),
            _("region {region} has terrain {terrain}, which is not a Terra Mystica terrain").format(
                region=r.id, terrain=repr(r.terrain)
            ),
            where=r.polygon,
            fix=_("set its terrain to one of {terrains}").format(terrains=", ".join(TM_TERRAINS)),
        )
        for r in board.regions
        if r.terrain not in TM_TERRAINS
    ]


def _same_terrain(board: Board) -> list[Problem]:
    graph = board.topology.graph
    found = []
    for a, b in sorted((min(e), max(e)) for e in graph.edges):
        terrain = board[a].terrain
        if terrain == RIVER or terrain != board[b].terrain:
            continue
        taken = {board[n].terrain for n in graph.adj[b]}
        options = [t for t in WHEEL if t not in taken]
        fix = (
            _("repaint {space} to {terrains}").format(
                space=space_name(board, b), terrains=_either(options[:2])
            )
            if options
            else _("repaint {space} to another terrain").format(space=space_name(board, b))
        )
        found.append(
            Problem(
                HexProblemKind.SAME_TERRAIN,
                (a, b),
                _("{space} and {other} are neighbours and both {terrain}").format(
                    space=space_name(board, a), other=space_name(board, b), terrain=_title(terrain)
                ),
                where=board[a].polygon.union(board[b].polygon),
                fix=fix,
            )
        )
    return found


def _river_shape(board: Board) -> list[Problem]:
    graph = board.topology.graph
    found = []
    for rid in board.ids:
        if is_terrain(board, rid):
            continue
        rivers = [n for n in graph.adj[rid] if not is_terrain(board, n)]
        name = space_name(board, rid)
        if not rivers:
            found.append(
                Problem(
                    HexProblemKind.RIVER_DEAD_END,
                    (rid,),
                    _("{space} has no river neighbour: a river space on its own").format(
                        space=name
                    ),
                    where=board[rid].polygon,
                    fix=_("make {space} a terrain space, or a neighbour of it river").format(
                        space=name
                    ),
                )
            )
        elif len(rivers) > MAX_RIVER_NEIGHBOURS:
            found.append(
                Problem(
                    HexProblemKind.RIVER_POOL,
                    (rid,),
                    _(
                        "{space} has {count} river neighbours (at most {most}): the river "
                        "widens into a lake"
                    ).format(space=name, count=len(rivers), most=MAX_RIVER_NEIGHBOURS),
                    where=board[rid].polygon,
                    fix=_("make {space} or one of {spaces} a terrain space").format(
                        space=name, spaces=_names(board, rivers)
                    ),
                )
            )
    networks = river_networks(board)
    if len(networks) > 1:
        sizes = ", ".join(str(len(n)) for n in networks)
        smaller = sorted(rid for group in networks[1:] for rid in group)
        found.append(
            Problem(
                HexProblemKind.RIVER_SPLIT,
                tuple(smaller),
                _(
                    "the river is {count} separate networks ({sizes} spaces); the smaller ones: "
                    "{spaces}"
                ).format(count=len(networks), sizes=sizes, spaces=_names(board, smaller)),
                fix=_("join them with river spaces, or accept it for a custom map (a warning)"),
            )
        )
    return found


def _terraform_steps(board: Board) -> list[Problem]:
    graph = board.topology.graph
    found = []
    for rid in board.ids:
        terrain = board[rid].terrain
        if terrain == RIVER:
            continue
        steps = _step_terrains(terrain)
        land = [n for n in graph.adj[rid] if is_terrain(board, n)]
        if any(board[n].terrain in steps for n in land):
            continue
        name = space_name(board, rid)
        targets = _either(steps)
        fix = (
            _("repaint a neighbour of {space} ({spaces}) to {terrains}").format(
                space=name, spaces=_names(board, land), terrains=targets
            )
            if land
            else _("make a river neighbour of {space} {terrains}").format(
                space=name, terrains=targets
            )
        )
        found.append(
            Problem(
                HexProblemKind.NO_TERRAFORM_STEP,
                (rid,),
                _(
                    "{space} ({terrain}) has no neighbour one terraforming step away ({terrains})"
                ).format(space=name, terrain=_title(terrain), terrains=targets),
                where=board[rid].polygon,
                fix=fix,
            )
        )
    return found


def _terrain_counts(board: Board) -> list[Problem]:
    counts = Counter(r.terrain for r in board.regions)
    found = []
    for terrain in WHEEL:
        n = counts.get(terrain, 0)
        if n == STANDARD_COUNT:
            continue
        ids = tuple(sorted(r.id for r in board.regions if r.terrain == terrain))
        off = abs(STANDARD_COUNT - n)
        fix = (
            ngettext(
                "add {count} {terrain} space (turn river or another terrain into it); a fan map "
                "may keep it (a warning)",
                "add {count} {terrain} spaces (turn river or another terrain into it); a fan map "
                "may keep it (a warning)",
                off,
            )
            if n < STANDARD_COUNT
            else ngettext(
                "repaint {count} {terrain} space; a fan map may keep it (a warning)",
                "repaint {count} {terrain} spaces; a fan map may keep it (a warning)",
                off,
            )
        )
        found.append(
            Problem(
                HexProblemKind.TERRAIN_COUNT,
                ids,
                # one English form ("1 spaces" is what the check has always printed)
                ngettext(
                    "{terrain} has {count} spaces, not the standard {standard}",
                    "{terrain} has {count} spaces, not the standard {standard}",
                    n,
                ).format(terrain=_title(terrain), count=n, standard=STANDARD_COUNT),
                fix=fix.format(count=off, terrain=_title(terrain)),
            )
        )
    return found


def _unreachable(board: Board) -> list[Problem]:
    reach = nx.compose(
        direct_graph(board).subgraph(n for n in board.ids if is_terrain(board, n)),
        shipping_graph(board, REACH_SHIPPING),
    )
    groups = sorted(nx.connected_components(reach), key=lambda g: (-len(g), min(g)))
    found = []
    if len(groups) > 1:
        masses = land_masses(board)
        for group in groups[1:]:
            names = _names(board, group)
            whole = any(group == m for m in masses)
            found.append(
                Problem(
                    HexProblemKind.UNREACHABLE,
                    tuple(sorted(group)),
                    _(
                        "{spaces} cannot be reached from the rest of the map, even with "
                        "shipping {shipping}"
                    ).format(spaces=names, shipping=REACH_SHIPPING),
                    fix=_(
                        "turn a space between them and the rest into terrain, or join them by a "
                        "shorter river"
                    )
                    if whole
                    else _("turn a space between them and the rest into terrain"),
                )
            )
    return found


def summary(board: Board) -> str:
    """``terra_mystica_base — 113 spaces (77 terrain, 36 river), 296 edges, ...`` for the
    OK line of ``swlab map check``."""
    from swlab.board.hexmap.adjacency import bridge_slots

    land = sum(is_terrain(board, rid) for rid in board.ids)
    return _(
        "{board} — {spaces} spaces ({land} terrain, {river} river), {edges} shared edges, "
        "{bridges} bridge slots, {masses} land masses, {networks} river network(s)"
    ).format(
        board=board.name,
        spaces=len(board),
        land=land,
        river=len(board) - land,
        edges=board.topology.graph.number_of_edges(),
        bridges=len(bridge_slots(board)),
        masses=len(land_masses(board)),
        networks=len(river_networks(board)),
    )


def is_printed(board: Board) -> bool:
    """Whether ``board`` is a shipped map as printed (same spaces, terrains and shapes):
    where it departs from the advice of :data:`WARNINGS` (the base map's river junctions
    of 4, its spaces without a one-step neighbour), that is the published design's
    choice, not a slip to fix."""
    from swlab.board.catalog import is_shipped_name, load_board

    if not is_shipped_name(board.name):
        return False
    shipped = load_board(board.name, polygons=True)
    return (
        shipped.profile == board.profile
        and len(shipped) == len(board)
        and all(
            a.id == b.id and a.terrain == b.terrain and a.polygon.equals_exact(b.polygon, 1e-9)
            for a, b in zip(shipped, board, strict=True)
        )
    )


def describe(board: Board, problem: Problem, *, printed: bool = False) -> str:
    """One line for ``swlab map check``: kind, severity, the spaces by name, message, fix.

    On the printed map (``printed``, :func:`is_printed`) a warning is a fact of its
    design, said without a fix."""
    design = printed and is_warning(problem)
    severity = _("design") if design else _("warning") if is_warning(problem) else _("error")
    where = ", ".join(space_name(board, r) for r in problem.regions if r in board) or _("map")
    if len(where) > 60:
        where = where[:57] + "..."
    line = f"{problem.kind.value:<18} {severity:<7} [{where}] "
    if design:
        return line + _(
            "{problem}: as printed, a choice of the published map's design (nothing to fix)."
        ).format(problem=problem.message)
    if problem.fix:
        return line + _("{problem}. Fix: {fix}.").format(problem=problem.message, fix=problem.fix)
    return line + _("{problem}.").format(problem=problem.message)

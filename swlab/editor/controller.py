"""The map editor's state and operations, without widgets: what :class:`MapEditor` shows.

An :class:`EditorController` owns the draft, the selection, the mode, the design "vs
design" compares with, the last play test and the file box; each operation a person can
ask for (select, split, merge, delete, terrain, symbols, board settings, undo, redo, new,
save, load, compare, play test) is one method that changes that state and leaves one
:class:`Message`. :meth:`EditorController.view` answers what the screen shows as a frozen
:class:`EditorView`, and :meth:`EditorController.overlays` what each overlay draws and
lists, so the widget only copies them into its boxes and layers. A refused edit changes
nothing but the message.

>>> from swlab.editor import blank
>>> c = EditorController(blank(100, 60))
>>> c.select(1)
>>> c.view().message.text
'Farmland (1) selected'
>>> c.merge()
False
>>> c.view().message.text, c.view().message.refused
('Select two neighbouring regions to merge.', True)
"""

from __future__ import annotations

import dataclasses
import html
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swlab import names as game_words
from swlab.board.catalog import OFFICIAL_PLAYERS, find_graph, load_board, official_board
from swlab.board.generate import RegionGraph
from swlab.board.graph import board_to_graph, read_graph_document
from swlab.board.io import (
    MapFile,
    MapFormatError,
    MapTooDetailed,
    MapWarning,
    read_board,
    write_board,
)
from swlab.board.model import TURNS_BY_PLAYERS, Board
from swlab.board.stats import compare_stats, shown_words
from swlab.board.validate import Problem, ProblemKind, check_board
from swlab.editor import draft as ed
from swlab.editor.draft import Draft, EditError, Snap, region_words
from swlab.editor.events import apply_drawn, apply_edited, drawn_line, drawn_ring
from swlab.editor.overlays import (
    Contact,
    GraphDiff,
    OverlayEntry,
    adjacency_features,
    contacts,
    corner_features,
    diff_features,
    diff_legend_html,
    expected_diff,
    heat_features,
    heat_legend_html,
    neighbour_report,
    overlay_entries,
    overlay_legend_html,
    problem_features,
    region_set_features,
)
from swlab.editor.playtest import BalanceResult, balance_run, check_playable
from swlab.editor.stroke import lasso, split_along
from swlab.i18n import N_, _, decimal, ngettext, npgettext, number
from swlab.workspace import FileBox, Outcome, Workspace

__all__ = [
    "DESIGNS",
    "EDITOR_KEYS",
    "MODES",
    "OVERLAYS",
    "SOURCES",
    "EditorController",
    "EditorView",
    "Message",
    "OverlayPanels",
    "design_label",
    "problem_text",
    "source_label",
]

#: Overlay toggles: name shown -> key.
OVERLAYS: dict[str, str] = {
    N_("borders"): "adjacency",
    N_("edge"): "edge",
    N_("coastal"): "coastal",
    N_("first conquest"): "first_conquest",
    N_("problems"): "problems",
    N_("vs design"): "diff",
    N_("heat map"): "heat",
}

#: The editing modes: mode -> (its button, what to do in it).
MODES: dict[str, tuple[str, str]] = {
    "select": (N_("select"), N_("click regions to select them (at most two; lasso for more)")),
    "split": (
        N_("split"),
        N_("draw a line across the regions to split (double-click ends it)"),
    ),
    "draw": (N_("draw region"), N_("draw a polygon over a gap; it is clipped to the free area")),
    "edit": (N_("edit vertices"), N_("drag a corner; every region sharing it follows")),
    "lasso": (N_("lasso"), N_("draw a polygon around the labels of the regions to select")),
}

#: The map editor's keys (:mod:`swlab.play.keys`; the game's are another table): key ->
#: (command, what it does). Esc leaves a mode; a mode's key enters it as its button does,
#: and the button's tooltip names the key.
EDITOR_KEYS: dict[str, tuple[str, str]] = {
    "escape": ("cancel", N_("back to select mode")),
    "l": ("lasso", MODES["lasso"][1]),
    "k": ("split", MODES["split"][1]),
}

#: What a person is told on entering each mode from its button.
_MODE_HINTS: dict[str, str] = {
    "split": N_(
        "Draw a line across the regions to split: every region it crosses from border to "
        "border is cut in two (double-click ends it; Esc cancels)."
    ),
    "draw": N_("Draw a polygon over a gap; it is clipped to the free area (Esc cancels)."),
    "edit": N_("Drag a corner; every region sharing it follows (Esc: back to select)."),
    "select": N_("Select mode: click regions to select them."),
    "lasso": N_(
        "Draw a polygon around the labels of the regions to select (click its first corner "
        "to close it; Esc cancels)."
    ),
}

#: The "new board" choices (the values :meth:`EditorController.new` takes; a dropdown
#: shows each as :func:`source_label` words it).
SOURCES: tuple[str, ...] = (
    "rectangle",
    *(f"official {p}p" for p in OFFICIAL_PLAYERS),
    *(f"graph {p}p" for p in OFFICIAL_PLAYERS),
    "random",
)

#: The "vs design" choices: none, a shipped region graph, or a file from the workspace
#: (a dropdown's values; it shows each as :func:`design_label` words it).
DESIGNS: tuple[str, ...] = (
    "no design",  # i18n: not prose: a value, shown by design_label
    *(f"official_{p}p graph" for p in OFFICIAL_PLAYERS),  # i18n: not prose: a value
    "sample graph",  # i18n: not prose: a value
    "file in the design box",  # i18n: not prose: a value
)

#: The words of the choices that are not a pattern with a number.
_CHOICE_WORDS: dict[str, str] = {
    "rectangle": N_("rectangle"),
    "random": N_("random"),
    "no design": N_("no design"),
    "sample graph": N_("sample graph"),
    "file in the design box": N_("file in the design box"),
}

#: How near (screen pixels) a dragged corner must come to a corner or border to snap.
SNAP_PIXELS = 10

_COORDINATES = re.compile(r"\s*\(-?[0-9.e+-]+, -?[0-9.e+-]+\)")

Design = RegionGraph | Mapping[str, Any] | str | os.PathLike[str] | None


def source_label(source: str) -> str:
    """A "new board" choice (:data:`SOURCES`) in the language in effect."""
    if source.startswith("official "):
        return _("official {players}p").format(players=source.split()[1].removesuffix("p"))
    if source.startswith("graph "):
        return _("graph {players}p").format(players=source.split()[1].removesuffix("p"))
    return _(_CHOICE_WORDS.get(source, source))


def design_label(design: str) -> str:
    """A "vs design" choice (:data:`DESIGNS`) in the language in effect; a shipped graph
    keeps its file name."""
    if design.endswith(" graph") and design not in _CHOICE_WORDS:
        return _("{graph} graph").format(graph=design.removesuffix(" graph"))
    return _(_CHOICE_WORDS.get(design, design))


def design_name(expected: object) -> str:
    """How a message names the design "vs design" compares with."""
    if expected is None:
        return _("no design: choose one under vs design")
    if isinstance(expected, str | os.PathLike):
        return _("the design {name}").format(name=Path(expected).name)
    return _("the given design")


def _snapped_words(snap: Snap) -> str:
    """``It snapped to a corner of regions 4 and 7.``: what a dragged corner landed on."""
    regions = [r for r in snap.regions if r]
    if not regions:
        return (
            _("It snapped to a corner of the board's edge.")
            if snap.to == "corner"
            else _("It snapped onto the board's edge.")
        )
    words = region_words(regions)
    if snap.to == "corner":
        return _("It snapped to a corner of {regions}.").format(regions=words)
    return _("It snapped onto the border of {regions}.").format(regions=words)


def problem_text(problem: Problem) -> str:
    """A problem's message and, when it has one, how to fix it."""
    fix = getattr(problem, "fix", "")
    return (
        _("{problem} Fix: {fix}").format(problem=problem.message, fix=fix)
        if fix
        else problem.message
    )


def simplify_offer(name: str, error: MapTooDetailed) -> str:
    """The file box's refusal of a map over the vertex limits that swlab can simplify:
    what is over which limit, and the offer ("simplify" or "keep")."""
    from swlab.safe_io import MAP_LIMITS

    map_limit = int(MAP_LIMITS["map_vertices"])
    if error.vertices > map_limit:
        over = _("{file} has {vertices} vertices, more than the {limit} a map may have").format(
            file=name, vertices=number(error.vertices), limit=number(map_limit)
        )
    else:
        over = _(
            "{file} has a region of {vertices} vertices, more than the {limit} a region may have"
        ).format(
            file=name,
            vertices=number(error.largest),
            limit=number(int(MAP_LIMITS["region_vertices"])),
        )
    return _(
        "{over}, so it was not loaded. Load it simplified? swlab keeps shared borders "
        "together and chooses the tolerance (simplify / keep)"
    ).format(over=over)


def plain_words(text: str) -> str:
    """A refusal without raw coordinates: the regions it names say where."""
    return _COORDINATES.sub("", text).replace("  ", " ")


def as_draft(value: Draft | Board | str | None) -> Draft:
    """The draft an editor starts from: a draft, a board, a shipped name; default the
    3-player official board."""
    if value is None:
        return ed.from_official(3)
    if isinstance(value, Draft):
        return value
    if isinstance(value, Board):
        return ed.from_board(value)
    return ed.from_board(load_board(value, polygons=True))


def source_draft(source: str, players: int, seed: int, regions: int) -> tuple[Draft, Path | None]:
    """The draft a "new board" choice starts and the design it is compared with (the
    shipped graph it comes from; none for a rectangle or a random board)."""
    if source == "rectangle":
        o = official_board(players if players in OFFICIAL_PLAYERS else 5).outline.bounds
        return ed.blank(o[2] - o[0], o[3] - o[1], players), None
    if source.startswith(("official", "graph")):
        p = int(source.split()[1][0])
        design = find_graph(f"official_{p}p")
        if source.startswith("official"):
            return ed.from_official(p), design
        return ed.from_graph(f"official_{p}p", seed=seed), design
    if source == "random":
        return ed.from_random(regions, players=players, seed=seed), None
    raise EditError(
        None,
        _("unknown source {source}; use one of {sources}").format(
            source=repr(source), sources=SOURCES
        ),
    )


def stats_key(board: Board) -> tuple[Any, ...] | None:
    """All that :func:`stats_html` counts (name, players, each region's terrain and
    symbols, the topology's sizes), so equal keys show the same table; ``None`` when the
    topology cannot be measured."""
    try:
        t = board.topology
        sizes = (len(t.edge), len(t.coastal), len(t.first_conquest), t.graph.number_of_edges())
    except Exception:  # a broken draft: the table says why, every time
        return None
    regions = tuple((r.terrain, tuple(sorted(r.symbols))) for r in board.regions)
    return (board.name, board.players, regions, sizes)


def stats_html(board: Board) -> str:
    """The counts against the official board: whole numbers, an empty cell where the box
    sets no limit (never ``<NA>``)."""
    players = board.players if board.players in OFFICIAL_PLAYERS else 5
    try:
        table = compare_stats(board, official_board(players))
    except Exception as error:  # a broken draft the topology cannot measure
        unavailable = _("stats unavailable: {error}").format(error=error)
        return f"<i>{html.escape(unavailable)}</i>"
    shown = shown_words(table).astype(object).where(table.notna(), "")
    return str(shown.to_html(index=False))


@dataclass(frozen=True)
class Message:
    """The one line the panel says after an operation; ``refused`` when nothing changed
    because the request could not be carried out (or a save left a draft)."""

    text: str
    refused: bool = False


@dataclass(frozen=True)
class EditorView:
    """What the editor's screen shows, as plain values (the widget copies them)."""

    name: str
    summary: str
    mode: str
    mode_text: str
    message: Message | None
    selected: tuple[int, ...]
    hovered: int | None
    hover_lines: tuple[str, ...]
    problems: tuple[str, ...]
    players: int
    turns: int
    can_undo: bool
    can_redo: bool
    can_merge: bool
    can_give: bool
    can_delete: bool


@dataclass(frozen=True)
class OverlayPanels:
    """What the overlays that are on draw (GeoJSON per layer), list and say (legends)."""

    data: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    entries: Mapping[str, Sequence[OverlayEntry]] = field(default_factory=dict)
    legends: Mapping[str, str] = field(default_factory=dict)


class EditorController:
    """The map editor without its widgets: see the module docstring.

    Parameters
    ----------
    draft_or_board
        A :class:`Draft`, a :class:`Board` or a shipped board name (default the 3-player
        official board).
    expected
        The intended design for "vs design" (a region graph: path, JSON or
        :class:`~swlab.board.generate.RegionGraph`).
    files
        The file box save and load go through (default: the workspace of
        :mod:`swlab.workspace`).
    """

    def __init__(
        self,
        draft_or_board: Draft | Board | str | None = None,
        *,
        expected: Design = None,
        files: FileBox | None = None,
    ) -> None:
        self.draft = as_draft(draft_or_board)
        self.expected: Design = expected
        self.design_name = design_name(expected)
        self.selected: list[int] = []
        self.mode = "select"
        self.hovered: int | None = None
        self.balance: BalanceResult | None = None
        self.message: Message | None = None
        #: What the reader assumed of the last loaded file (``str`` of each MapWarning).
        self.load_warnings: list[str] = []
        #: the file the file box offers to load simplified ("simplify" or "keep"): its
        #: name and the map file read for the offer (:attr:`offered`)
        self._offer: tuple[str, MapFile] | None = None
        self.files = files if files is not None else FileBox(Workspace())
        #: how near (screen pixels) a dragged corner must come to a corner or a border to
        #: snap onto it
        self.snap_pixels = SNAP_PIXELS
        self._gesture: Draft | None = None
        self._picked: Problem | None = None
        self._problems: tuple[Board, list[Problem]] | None = None
        self._contacts: tuple[Board, list[Contact]] | None = None
        self._diff: tuple[Board, Any, GraphDiff | None] | None = None

    def __repr__(self) -> str:
        return f"<EditorController {self.draft!r}, mode {self.mode}>"

    @property
    def board(self) -> Board:
        return self.draft.board

    @property
    def offered(self) -> str | None:
        """The name of the file the file box offers to load simplified ("simplify" or
        "keep"), or ``None``. The map file read for the offer, decoded, is kept with it
        for "simplify" (no second read of 10 MB) and dropped with the offer: on the
        answer, on any other file request, and on any load."""
        return None if self._offer is None else self._offer[0]

    @property
    def problems(self) -> list[Problem]:
        """What :func:`~swlab.board.validate.check_board` finds on the board (as ``swlab
        map check`` does), once per board."""
        if self._problems is None or self._problems[0] is not self.board:
            self._problems = (self.board, check_board(self.board))
        return self._problems[1]

    def check(self) -> list[Problem]:
        """Check the board again (:func:`~swlab.board.validate.check_board`): the problems
        the screen lists, each with the regions involved and its fix."""
        self._problems = (self.board, check_board(self.board))
        return self._problems[1]

    def say(self, text: str, refused: bool = False) -> None:
        """Leave ``text`` as the panel's line."""
        self.message = Message(text, refused)

    # --- the one way edits happen -----------------------------------------------------
    def apply(
        self,
        edit: Callable[..., Draft],
        *args: Any,
        select: Sequence[int] | None = None,
        say: str | None = None,
        **kwargs: Any,
    ) -> bool:
        """``self.draft = edit(self.draft, *args, **kwargs)``; a refusal is said, not
        raised, and changes nothing. ``select`` is the selection afterwards (default: the
        selected regions that still exist); ``say`` replaces the edit's note."""
        try:
            new = edit(self.draft, *args, **kwargs)
        except EditError as error:
            self.say(plain_words(str(error)), refused=True)
            return False
        self.draft = new
        chosen = self.selected if select is None else list(select)
        self.selected = [rid for rid in chosen if rid in new.board]
        self.say(say if say is not None else new.note)
        return True

    def merge(self) -> bool:
        """Join the selected neighbours (two, or all a lasso took) into the first, as one
        step."""
        if len(self.selected) < 2:
            self.say(_("Select two neighbouring regions to merge."), refused=True)
            return False
        return self.apply(ed.merge_regions, list(self.selected), select=self.selected[:1])

    def delete(self) -> bool:
        """Delete every selected region (each leaves a gap), as one step; "give to" gives
        the first's area to the second instead."""
        if not self.selected:
            self.say(_("Select a region to delete."), refused=True)
            return False
        return self.apply(ed.delete_regions, list(self.selected), select=[])

    def give(self) -> bool:
        """Delete the first selected region, its area to the second."""
        if len(self.selected) != 2:
            self.say(_("Select the region to delete, then the neighbour to receive it."), True)
            return False
        gone, to = self.selected
        return self.apply(ed.delete, gone, give_to=to, select=[to])

    def undo(self) -> bool:
        """Take back the last edit (one gesture is one step)."""
        self._gesture = None
        said = _("Undone: {note}").format(note=plain_words(self.draft.note))
        return self.apply(ed.undo, select=[], say=said)

    def redo(self) -> bool:
        """Make again the edit undo took back."""
        self._gesture = None
        again = self.draft.future[0][1] if self.draft.future else ""
        return self.apply(
            ed.redo, select=[], say=_("Redone: {note}").format(note=plain_words(again))
        )

    def set_terrain(self, terrain: str) -> bool:
        """Give every selected region ``terrain``, as one undo step."""
        if not self.selected:
            self.say(_("Select a region first."), refused=True)
            return False
        return self.apply(ed.set_terrain, list(self.selected), terrain)

    def toggle_symbol(self, symbol: str) -> bool:
        """Add ``symbol`` to every selected region, or take it from all, as one step."""
        if not self.selected:
            self.say(_("Select a region first."), refused=True)
            return False
        return self.apply(ed.toggle_symbol, list(self.selected), symbol)

    def remove_unknown_symbols(self) -> bool:
        """Take the symbols the rules do not know from every selected region (the fix of
        an ``unknown_symbol`` problem), as one step."""
        if not self.selected:
            self.say(_("Select a region first."), refused=True)
            return False
        return self.apply(ed.remove_unknown_symbols, list(self.selected))

    def rename_region(self, region_id: int, name: str | None) -> bool:
        """Give a region a display name (empty: back to its terrain's)."""
        return self.apply(ed.rename, region_id, name)

    def rename(self, name: str) -> bool:
        """Name the board (a blank name or the same one changes nothing)."""
        name = name.strip()
        if not name or name == self.board.name:
            return False
        return self.apply(
            ed.set_board_info, name=name, say=_("board named {name}").format(name=repr(name))
        )

    def set_players(self, players: int) -> bool:
        """The board's player count; the turns follow (R-COMP-1)."""
        if players == self.board.players:
            return False
        turns = TURNS_BY_PLAYERS.get(players)
        say = _("{players}, {turns} (R-COMP-1)").format(
            players=game_words.players(players), turns=game_words.rounds(turns or 0)
        )
        return self.apply(ed.set_board_info, players=players, say=say)

    def set_turns(self, turns: int) -> bool:
        """The board's turn count."""
        if turns == self.board.turns:
            return False
        say = npgettext("round", "{turns} turn", "{turns} turns", turns).format(turns=turns)
        return self.apply(ed.set_board_info, turns=turns, say=say)

    # --- selection and hover ----------------------------------------------------------
    def select(self, region_id: int) -> None:
        """A click on a region: select it (a second click unselects; at most two kept)."""
        if region_id not in self.board:
            return
        if region_id in self.selected:
            self.selected.remove(region_id)
        else:
            self.selected = [*self.selected, region_id][-2:]
        if self.selected:
            names = " + ".join(self.board[r].label for r in self.selected)
            self.say(_("{regions} selected").format(regions=names))
        else:
            self.say(_("nothing selected"))
        self.hovered = None
        self.hover(region_id)

    def select_regions(self, regions: Sequence[int], text: str = "") -> None:
        """Select ``regions`` (those still on the board, at most two) and say ``text``."""
        self.selected = [r for r in dict.fromkeys(regions) if r in self.board][:2]
        names = " + ".join(self.board[r].label for r in self.selected) or _("nothing")
        said = _("{regions} selected").format(regions=names)
        self.say(f"{text}: {said}" if text else said)
        if self.selected:
            self.hovered = None
            self.hover(self.selected[0])

    def select_problem(self, index: int) -> None:
        """Select the regions a problem names (the first two); say it and its fix. A gap
        or a sliver stays picked for :meth:`absorb`."""
        problem = self.problems[index]
        self.selected = [r for r in problem.regions[:2] if r in self.board]
        self._picked = problem
        self.say(problem_text(problem), refused=True)

    def absorb(self) -> bool:
        """The gap or sliver picked in the problem list, given to the selected region
        beside it (the first when two are selected; unselect the other to choose it), as
        one step: the region grows over it (R-COMP-6)."""
        problem = self._picked
        if (
            problem is None
            or problem not in self.problems
            or problem.kind not in (ProblemKind.GAP, ProblemKind.SLIVER)
            or problem.where is None
        ):
            self.say(_("Click a gap or a sliver in the problem list first."), refused=True)
            return False
        into = next((r for r in self.selected if r in problem.regions), None)
        if into is None:
            self.say(
                _("Select the region to absorb the gap: one of {regions}.").format(
                    regions=", ".join(map(str, problem.regions))
                ),
                refused=True,
            )
            return False
        self._picked = None
        return self.apply(ed.absorb, into, problem.where, select=[into])

    def hover(self, region_id: int | None) -> bool:
        """Show ``region_id``'s neighbours (``None`` or a region no longer on the board
        clears it). Returns whether what is hovered changed."""
        if region_id is not None and region_id not in self.board:
            region_id = None
        if region_id == self.hovered and region_id is not None:
            return False
        self.hovered = region_id
        return True

    def shown_hover(self) -> int | None:
        """The region whose neighbours are shown: only in select mode, only on the board."""
        if self.hovered is None or self.hovered not in self.board or self.mode != "select":
            self.hovered = None
        return self.hovered

    def hover_lines(self) -> tuple[str, ...]:
        """The hover box: the region, its symbols and borders, its size, each neighbour's
        border (or corner-only contact, R-COMP-6) and its problems."""
        rid = self.shown_hover()
        if rid is None:
            return ()
        board = self.board
        r = board[rid]
        symbols = ", ".join(game_words.symbol(s) for s in sorted(r.symbols)) or _("no symbols")
        near = ", ".join(map(str, sorted(board.neighbours(rid))))
        average = board.outline.area / max(len(board), 1)
        size = r.polygon.area / max(average, 1e-300)
        lines = [
            _("{region}: {symbols}; borders {near}").format(
                region=r.label, symbols=symbols, near=near
            ),
            _("size: {size} times an average region").format(size=decimal(size, 1)),
            *(f"  {line}" for line in neighbour_report(board, rid, self.contacts())),
        ]
        lines += [
            _("problem: {text}").format(text=problem_text(p))
            for p in self.problems
            if rid in p.regions
        ]
        return tuple(lines)

    # --- modes ------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """Switch mode; the selection survives only as the targets of a split."""
        if mode not in MODES:
            raise ValueError(
                _("unknown mode {mode}; use one of {modes}").format(
                    mode=repr(mode), modes=", ".join(MODES)
                )
            )
        self.mode = mode
        self._gesture = None
        if mode not in ("select", "split"):
            self.selected = []
        self.hovered = None

    def enter_mode(self, mode: str) -> None:
        """A mode's button: switch to it and say what to do there."""
        self.set_mode(mode)
        if mode == "split" and self.selected:
            self.say(
                _("Draw a line across {regions} (double-click ends it; Esc cancels).").format(
                    regions=region_words(self.selected)
                )
            )
        else:
            self.say(_(_MODE_HINTS[mode]))

    def escape(self) -> bool:
        """What Esc does: leave split, draw or edit mode for select mode (returns whether
        there was a mode to leave)."""
        was = self.mode
        self.set_mode("select")
        if was == "select":
            return False
        self.say(_("Back to select mode (left {mode} mode).").format(mode=_(MODES[was][0])))
        return True

    # --- drawing ----------------------------------------------------------------------
    def drawn(self, features: Sequence[Mapping[str, Any]], *, pixel: float = 0.0) -> bool:
        """A line (split mode) or a polygon (draw or lasso mode) was finished: apply it
        and go back to select mode; a drawn region is selected, so its terrain can be
        picked next. A split line's ends snap to a border within :attr:`snap_pixels`
        screen pixels of ``pixel`` board units each."""
        if self.mode == "split":
            return self._split_stroke(features, pixel)
        if self.mode == "lasso":
            return self._lasso(features)
        before = self.board
        if not self.apply(apply_drawn, features, terrain="farmland"):
            return False
        new_ids = [rid for rid in self.board.ids if rid not in before]
        note = self.draft.note
        self.set_mode("select")
        if new_ids:
            self.selected = new_ids[:1]
            note = _("{note} ({terrain}): region {region} is selected, pick its terrain").format(
                note=note, terrain=game_words.terrain("farmland"), region=new_ids[0]
            )
        else:
            self.selected = []
        self.say(note)
        return True

    def _split_stroke(self, features: Sequence[Mapping[str, Any]], pixel: float) -> bool:
        """One stroke splits the selected regions it crosses, or every region it crosses
        when none is selected; the line says which were left alone and why."""
        line = drawn_line(features)
        if line is None:
            self.say(_("Draw a line (double-click ends it) to split regions."), refused=True)
            return False
        try:
            stroke = split_along(
                self.draft, line, tolerance=self.snap_pixels * pixel, only=self.selected
            )
        except EditError as error:
            self.say(plain_words(str(error)), refused=True)
            return False
        self.draft = stroke.draft
        self.set_mode("select")
        self.selected = []
        self.say(stroke.report())
        return True

    def _lasso(self, features: Sequence[Mapping[str, Any]]) -> bool:
        """Select every region whose label the drawn polygon surrounds (for merge, a
        terrain, a symbol or delete at once); back to select mode."""
        ring = drawn_ring(features)
        chosen = lasso(self.board, ring) if ring is not None else []
        if not chosen:
            self.say(
                _("The lasso surrounds no region's label: draw around the labels to select."),
                refused=True,
            )
            return False
        self.set_mode("select")
        self.selected = chosen
        self.say(_("Lasso: {regions} selected.").format(regions=region_words(chosen)))
        return True

    def edited(
        self, action: str, features: Sequence[Mapping[str, Any]], *, pixel: float = 0.0
    ) -> bool | None:
        """A vertex moved (or was added, then moved): replay it as a move of the shared
        vertex, one gesture one undo step; it snaps to a corner or border within
        :attr:`snap_pixels` screen pixels of ``pixel`` board units each (0: no snapping).
        Returns ``True`` when the board changed, ``False`` when the move was refused (the
        shapes shown must be put back), ``None`` when nothing changed."""
        if action == "vertexremoved":
            self.say(_("Removing vertices is not supported; use undo."), refused=True)
            return None
        start = self._gesture if self._gesture is not None else self.draft
        before = self.board
        snapped: list[Snap] = []
        try:
            new = apply_edited(self.draft, features, snap=self.snap_pixels * pixel, snapped=snapped)
        except EditError as error:
            self._gesture = None
            reason = error.plain or plain_words(error.reason)
            self.say(
                _(
                    "Corner not moved: {reason}. Drop it where it crosses no border (it "
                    "snaps to a corner or border within {pixels} pixels)."
                ).format(reason=reason, pixels=self.snap_pixels),
                True,
            )
            return False
        if new is self.draft:
            return None
        changed = sorted(r.id for r in new.board.regions if r.id not in before or r != before[r.id])
        note = (
            _("Moved a corner of {regions}.").format(regions=region_words(changed))
            if changed
            else new.note
        )
        if snapped:
            note += " " + _snapped_words(snapped[0])
        # one step, named in plain words (undo says what it takes back); the middle marker
        # Geoman adds a vertex with is dragged next: the same gesture
        self.draft = ed.squash(new, start, note=note)
        self._gesture = start if action == "vertexadded" else None
        self.say(note)
        return True

    # --- a new board, a design --------------------------------------------------------
    def new(self, source: str, *, players: int = 3, seed: int = 0, regions: int = 30) -> bool:
        """Start over from ``source`` (one of :data:`SOURCES`); undo is reset, and "vs
        design" compares with the new source's graph (none for a rectangle or random)."""
        try:
            draft, design = source_draft(source, players, seed, regions)
        except (EditError, ValueError) as error:
            self.say(str(error), refused=True)
            return False
        self.replace(draft)
        self.set_design(design)
        self.say(_("new board from {source}").format(source=source_label(source)))
        return True

    def replace(self, draft: Draft) -> None:
        """A new draft from elsewhere: nothing selected or hovered, select mode."""
        self.draft = draft
        self.selected = []
        self.hovered = None
        self.balance = None
        self.set_mode("select")

    def set_design(self, expected: Design, name: str | None = None) -> None:
        """The intended design "vs design" compares the draft with (``None``: none)."""
        self.expected = expected
        self.design_name = name if name is not None else design_name(expected)
        self._diff = None

    def compare(self, choice: str, file_name: str = "") -> bool:
        """The compare button: ``choice`` of :data:`DESIGNS`; a file is read from the
        workspace (a ``.geojson`` map or a region graph). Returns whether a design is set."""
        if choice == "no design":
            self.set_design(None)
            self.say(_("No design to compare with."))
            return False
        if choice == "file in the design box":
            name = file_name.strip()
            kind = "map" if name.lower().endswith(".geojson") else "scenario"
            read: dict[str, Any] = {}

            def reader(path: Path) -> None:
                if kind == "map":
                    read["graph"] = board_to_graph(read_board(path))
                else:
                    read["graph"] = read_graph_document(path)

            outcome = self.files.open("open design", name, kind, reader)  # i18n: not prose
            if not outcome.ok:
                self.say(outcome.message, refused=True)
                return False
            self.set_design(read["graph"], name=_("the design {name}").format(name=name))
        else:
            graph = choice.removesuffix(" graph")
            shipped = _("the shipped graph {graph}").format(graph=graph)
            self.set_design(find_graph(graph), name=shipped)
        self.say(_("Comparing the board with {design}.").format(design=self.design_name))
        return True

    def graph_diff(self) -> GraphDiff | None:
        """The draft against the design (``None`` without one), once per board."""
        if self.expected is None:
            return None
        cached = self._diff
        if cached is None or cached[0] is not self.board or cached[1] is not self.expected:
            try:
                diff: GraphDiff | None = expected_diff(self.board, self.expected)
            except (OSError, ValueError, KeyError, TypeError) as error:
                self.say(_("Cannot read the design: {error}").format(error=error), refused=True)
                diff = None
            cached = (self.board, self.expected, diff)
            self._diff = cached
        return cached[2]

    def contacts(self) -> list[Contact]:
        """Every contact of the board (borders and corners), once per board."""
        if self._contacts is None or self._contacts[0] is not self.board:
            self._contacts = (self.board, contacts(self.board))
        return self._contacts[1]

    # --- files ------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> list[Problem]:
        """Write the board (atomic) to ``path``; a board with problems is saved as a draft,
        said as a warning. Returns the problems; a failed write is said, then raised."""
        target = Path(path)
        try:
            write_board(self.board, target)
        except (OSError, ValueError) as error:
            self.say(
                _("Could not save {file}: {error}").format(file=target, error=error), refused=True
            )
            raise
        self._say_saved(str(target))
        return self.problems

    def save_box(self, name: str) -> Outcome:
        """The save button: ``name`` inside the workspace; an existing file waits for
        :meth:`confirm_file` or :meth:`keep_file`."""
        self._offer = None
        return self.file_outcome(
            self.files.save("save", name, "map", lambda target: write_board(self.board, target))
        )

    def confirm_file(self) -> Outcome:
        """ "replace": carry out the save waiting for confirmation."""
        return self.file_outcome(self.files.confirm())

    def keep_file(self) -> Outcome:
        """ "keep": leave the existing file as it is, or, when a map too detailed was
        offered to be simplified, the board being edited (nothing is loaded)."""
        if self._offer is not None:
            name, self._offer = self._offer[0], None
            kept = _("Kept the board you are editing; {file} was not loaded.").format(file=name)
            return self.file_outcome(Outcome(False, kept))
        return self.file_outcome(self.files.cancel())

    def file_outcome(self, outcome: Outcome) -> Outcome:
        """Say a file box outcome in one line; a finished save warns about a draft."""
        if outcome.ok and outcome.saved is not None:
            self._say_saved(outcome.saved)
        else:
            self.say(outcome.message, refused=not outcome.ok and not outcome.asks)
        return outcome

    def _say_saved(self, name: str) -> None:
        n = len(self.problems)
        if not n:
            self.say(_("Saved {file}.").format(file=name))
            return
        self.say(
            ngettext(
                "Saved {file} as a draft: {n} problem left before it can be played.",
                "Saved {file} as a draft: {n} problems left before it can be played.",
                n,
            ).format(file=name, n=n),
            refused=True,
        )

    def load(self, path: str | os.PathLike[str], simplify: bool = False) -> bool:
        """Replace the draft with a board read from GeoJSON (swlab's or a plain
        FeatureCollection of another tool); a file that cannot be read changes nothing.
        With ``simplify``, a map over the vertex limits is simplified under them (the
        warning shown says how)."""
        self._offer = None  # a question the file box asked before is answered by this load
        try:
            self._read(MapFile.read(Path(path)), simplify)
        except MapFormatError as error:
            self.say(str(error), refused=True)
            return False
        self.say(_("Loaded {file}.").format(file=path) + self._warning_lines())
        return True

    def load_box(self, name: str) -> Outcome:
        """The load button: ``name`` from the workspace; a file that cannot be read
        changes nothing. A map refused for its vertices alone, within what swlab can
        simplify, is offered to be loaded simplified (:meth:`simplify_file`) or not
        (:meth:`keep_file`)."""
        self._offer = None
        over: list[tuple[MapTooDetailed, MapFile]] = []

        def read(target: Path) -> None:
            opened = MapFile.read(target)
            try:
                self._read(opened)
            except MapTooDetailed as error:
                if error.simplifiable:
                    over.append((error, opened))
                raise

        outcome = self.files.open("load", name, "map", read)
        if over:
            error, opened = over[0]
            self._offer = (name.strip(), opened.compact())
            offer = simplify_offer(name.strip(), error)
            return self.file_outcome(Outcome(False, offer, offer="simplify"))
        return self._loaded(name, outcome)

    def simplify_file(self) -> Outcome:
        """ "simplify": load the file offered by :meth:`load_box`, simplified under the
        vertex limits (shared borders kept together); the warning says with which
        tolerance and how many vertices before and after. The board is built from the
        map file read for the offer, unless the file changed since."""
        offer, self._offer = self._offer, None
        if offer is None:
            return self.file_outcome(Outcome(False, _("Nothing to simplify.")))
        name, kept = offer

        def read(target: Path) -> None:
            self._read(kept if kept.current(target) else MapFile.read(target), simplify=True)

        outcome = self.files.open("load", name, "map", read)
        return self._loaded(name, outcome)

    def _loaded(self, name: str, outcome: Outcome) -> Outcome:
        """Say a load's outcome: the file and what the reader warned of, or why not."""
        self.file_outcome(outcome)
        if outcome.ok:
            self.say(_("Loaded {file}.").format(file=name.strip()) + self._warning_lines())
        return outcome

    def _read(self, opened: MapFile, simplify: bool = False) -> None:
        """Build a new draft from the map file ``opened``; what the reader assumed of a
        file from another tool (players, turns, numbered ids, terrain case) is kept to be
        shown with it."""
        warnings: list[MapWarning] = []
        self.replace(ed.from_board(opened.board(warnings=warnings, simplify=simplify)))
        self.set_design(None)
        # named as the file box names it: the page never shows the server's folders
        name = Path(opened.source).name
        self.load_warnings = [str(dataclasses.replace(w, source=name)) for w in warnings]

    def _warning_lines(self) -> str:
        return "".join(f"\n{line}" for line in self.load_warnings)

    # --- play test --------------------------------------------------------------------
    def play_test(self, bots: Sequence[str], games: int, seed: int) -> BalanceResult:
        """Bot games on the board (win share per seat, regions held at the end). Raises
        :class:`~swlab.editor.playtest.NotPlayableError` on a board that is not sound."""
        check_playable(self.board)
        self.balance = balance_run(self.board, bots, games, seed)
        self.say(
            ngettext("Play test: {games} bot game.", "Play test: {games} bot games.", games).format(
                games=games
            )
        )
        return self.balance

    def play_test_seats(self, bots: Sequence[str]) -> dict[int, str]:
        """The viewer after a play test: you in seat 1, the bots in turn elsewhere."""
        kinds = list(bots) or ["greedy"]
        return {s: kinds[(s - 1) % len(kinds)] for s in range(1, self.board.players)}

    # --- what the screen shows --------------------------------------------------------
    def view(self) -> EditorView:
        """What the screen shows now (after dropping a selection the board lost)."""
        board, d = self.board, self.draft
        self.selected = [rid for rid in self.selected if rid in board]
        n = len(self.problems)
        state = (
            _("sound: ready to play")
            if n == 0
            else ngettext("{n} problem", "{n} problems", n).format(n=n)
        )
        summary = _("{regions}, {players}, {turns} - {state}; selected: {selected}").format(
            regions=game_words.regions(len(board)),
            players=game_words.players(board.players),
            turns=game_words.rounds(board.turns),
            state=state,
            selected=", ".join(map(str, self.selected)) or _("none"),
        )
        label, what = MODES[self.mode]
        return EditorView(
            name=board.name,
            summary=summary,
            mode=self.mode,
            mode_text=_("mode: {mode}: {what}").format(mode=_(label), what=_(what)),
            message=self.message,
            selected=tuple(self.selected),
            hovered=self.shown_hover(),
            hover_lines=self.hover_lines(),
            problems=tuple(problem_text(p) for p in self.problems),
            players=board.players,
            turns=board.turns,
            can_undo=bool(d.past),
            can_redo=bool(d.future),
            can_merge=len(self.selected) >= 2,
            can_give=len(self.selected) == 2,
            can_delete=bool(self.selected),
        )

    def overlays(self, on: set[str] | frozenset[str]) -> OverlayPanels:
        """What each overlay in ``on`` (keys of :data:`OVERLAYS`) draws, lists and says."""
        data: dict[str, Mapping[str, Any]] = {}
        entries: dict[str, Sequence[OverlayEntry]] = {}
        legends: dict[str, str] = {}
        board = self.board
        found = self.contacts() if on & {"adjacency", "diff"} else []
        if "adjacency" in on:
            data["adjacency"] = adjacency_features(board, found)
            data["corners"] = corner_features(board, found)
            entries["adjacency"] = overlay_entries(board, "adjacency", found=found)
            legends["adjacency"] = overlay_legend_html(
                "adjacency", len(data["adjacency"]["features"])
            ) + overlay_legend_html("corners", len(data["corners"]["features"]))
        for key in ("edge", "coastal", "first_conquest"):
            if key in on:
                data[key] = region_set_features(board, key)
                entries[key] = overlay_entries(board, key)
                legends[key] = overlay_legend_html(key, len(entries[key]))
        if "problems" in on:
            data["problems"] = problem_features(self.problems)
            legends["problems"] = overlay_legend_html("problems", len(self.problems))
        if "diff" in on:
            self._diff_panel(found, data, entries, legends)
        if "heat" in on:
            self._heat_panel(data, entries, legends)
        return OverlayPanels(data, entries, legends)

    def _diff_panel(
        self,
        found: list[Contact],
        data: dict[str, Mapping[str, Any]],
        entries: dict[str, Sequence[OverlayEntry]],
        legends: dict[str, str],
    ) -> None:
        diff = self.graph_diff()
        if diff is not None:
            data["diff"] = diff_features(self.board, diff, found)
        entries["diff"] = overlay_entries(self.board, "diff", diff=diff)
        legends["diff"] = diff_legend_html(diff, self.design_name)

    def _heat_panel(
        self,
        data: dict[str, Mapping[str, Any]],
        entries: dict[str, Sequence[OverlayEntry]],
        legends: dict[str, str],
    ) -> None:
        if self.balance is None:
            first = _("heat map: press play test first")
            legends["heat"] = f"<div>{html.escape(first)}</div>"
            return
        board = self.board
        data["heat"] = heat_features(board, self.balance.held)
        shares = {rid: s for rid, s in self.balance.held.items() if rid in board}
        entries["heat"] = overlay_entries(board, "heat", shares=shares)
        legends["heat"] = overlay_legend_html("heat", len(shares), games=self.balance.games)

    def play_test_report(self) -> str:
        """The last play test's report and its heat legend, as HTML (empty before one)."""
        if self.balance is None:
            return ""
        return f"<pre>{html.escape(self.balance.report())}</pre>" + heat_legend_html(
            self.balance.games
        )

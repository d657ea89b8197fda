"""The ``swlab`` command: maps, scenarios, game records and bot games from a terminal.

Each sub-command is one small ``_cmd_*`` function taking the parsed arguments and the
output stream and returning the exit code; :func:`build_parser` wires them with
``set_defaults(run=...)``. Boards and scenarios are found by the board catalog
(:mod:`swlab.board.catalog`): a shipped name (``official_3p`` or ``official-3p``) or a
file path, wherever one is expected.

Exit codes: 0 success, 1 the answer is "no" (``map check`` found problems, ``scenario
run`` met a refused action), 2 bad input (a file that cannot be read, a malformed map or
scenario, a wrong name or number). Bad input is one line on stderr starting
``swlab: error:``, never a traceback: the users are map designers and teachers. A usage
mistake argparse catches (a missing argument) prints the usage line first, as usual.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from swlab import names
from swlab.i18n import (
    N_,
    LanguageWarning,
    _,
    language,
    listing,
    ngettext,
    number,
    pgettext,
    using,
)
from swlab.i18n import check as check_language
from swlab.learn.commands import add_learn_commands
from swlab.limits import CONNECT_TIMEOUT_S, MAX_GAMES, too_many_games
from swlab.terminal import printable, printable_block

if TYPE_CHECKING:
    import pandas as pd

    from swlab.board.model import Board
    from swlab.board.validate import Problem

__all__ = ["DEPENDENCIES", "CommandError", "build_parser", "main", "setup_hint"]

PROG = "swlab"
PICTURE_SUFFIXES = (".svg", ".png")
#: Modules swlab needs at run time (``pyproject.toml``), by import name.
#: The last three are the balance lab's (``simulate`` and ``balance`` on Dask, Parquet).
DEPENDENCIES = (
    "shapely", "networkx", "numpy", "pandas", "matplotlib", "yaml", "babel",
    "dask", "distributed", "pyarrow",
)  # fmt: skip


class CommandError(Exception):
    """Bad input a user can fix; printed as one ``swlab: error:`` line, exit code 2."""


def setup_hint(missing: str) -> str:
    """What to do when this Python lacks swlab's dependencies (``python -m swlab`` run by
    the system Python in the repository, say)."""
    return _(
        "{prog}: error: this Python ({python}) lacks swlab's dependencies (no module "
        "{missing}).\n"
        "  In the repository, `python3 tasks.py swlab ...` sets up .venv on first use and runs\n"
        "  the command there; after that `.venv/bin/swlab ...` works too.\n"
        "  Elsewhere install swlab first: `python3 -m pip install PATH-TO-SWLAB` (a wheel or\n"
        "  the repository folder)."
    ).format(prog=PROG, python=sys.executable, missing=repr(missing))


def _say(text: str, file: TextIO, *, flush: bool = False) -> None:
    """Print one line with every name in it shown as text (:func:`swlab.terminal.printable`:
    a control character or line break in a name from a file is written as an escape)."""
    print(printable(text), file=file, flush=flush)


def _say_block(text: str, file: TextIO) -> None:
    """Print a text of several lines (a table, a report), each line made printable."""
    file.write(printable_block(text))


def _version() -> str:
    from swlab import __version__

    return f"{PROG} {__version__}"


# --- helpers ---------------------------------------------------------------------------
#: Sentences several commands print (one place each).
_PLAYERS_RANGE = N_("--players must be 2 to 6 (R-COMP-1), not {players}")
_GAMES_IN = N_("{what}: {games} in {where}")
_LANG_HELP = N_("the language swlab speaks: {languages} (default: SWLAB_LANG, then the locale)")


def _interrupted_after(played: int, games: int) -> str:
    return ngettext(
        "{prog}: interrupted after {played} of {games} game",
        "{prog}: interrupted after {played} of {games} games",
        games,
    ).format(prog=PROG, played=played, games=games)


def _load(spec: str) -> Board:
    """A board with shapes, by shipped name or path (:func:`swlab.board.catalog.load_board`)."""
    from swlab.board.catalog import load_board

    return load_board(spec, polygons=True)


def _problems(n: int) -> str:
    return ngettext("{n} problem", "{n} problems", n).format(n=n)


def _at_least(value: int, least: int, option: str) -> int:
    """Refuse a number below ``least`` with one line naming the option."""
    if value < least:
        raise CommandError(
            _("{option} must be {least} or more, not {value}").format(
                option=option, least=least, value=value
            )
        )
    return value


def _summary(board: Board) -> str:
    """``official-2p — 23 regions (20 land, 3 water), 51 borders, …`` for an OK line."""
    land = sum(not r.is_water for r in board)
    regions, borders = len(board), len(board.topology.borders)
    return _(
        "{board} — {regions} ({land} land, {water} water), {borders}, {edge} edge, "
        "{first} first-conquest; {players}, {turns}"
    ).format(
        board=board.name,
        regions=ngettext("{n} region", "{n} regions", regions).format(n=regions),
        land=land,
        water=regions - land,
        borders=ngettext("{n} border", "{n} borders", borders).format(n=borders),
        edge=len(board.edge_regions),
        first=len(board.first_conquest_regions),
        players=names.players(board.players),
        turns=names.rounds(board.turns),
    )


#: The headings of ``map stats`` (the stats table's column keys), as a reader sees them.
_HEADINGS = {
    "group": N_("group"),
    "item": N_("item"),
    "difference": N_("difference"),
    "limit": N_("limit"),
    "note": N_("note"),
}


def _format_stats(frame: pd.DataFrame) -> str:
    """The stats table as aligned text: words left, numbers right, blank where the box sets
    no limit, and a note where a board needs more pieces than the box holds (R-COMP-2,
    R-COMP-5)."""
    import pandas as pd

    limits = [None if pd.isna(v) else int(v) for v in frame["limit"]]
    counts = [c for c in frame.columns if c not in ("group", "item", "difference", "limit")]
    over = [
        limit is not None and any(int(frame[c].iloc[k]) > limit for c in counts)
        for k, limit in enumerate(limits)
    ]
    columns: dict[str, list[str]] = {str(c): [str(v) for v in frame[c]] for c in frame.columns}
    columns["limit"] = ["" if limit is None else str(limit) for limit in limits]
    if any(over):
        columns["note"] = [_("more than the box holds") if flag else "" for flag in over]
    words = {"group", "item", "note"}
    # the headings a reader sees; a board's own name (a compared column) stays as it is
    headings = {name: _(_HEADINGS[name]) if name in _HEADINGS else name for name in columns}
    widths = {
        name: max(len(headings[name]), *(len(v) for v in values))
        for name, values in columns.items()
    }

    def cell(name: str, text: str) -> str:
        return text.ljust(widths[name]) if name in words else text.rjust(widths[name])

    lines = ["  ".join(cell(name, headings[name]) for name in columns)]
    for k in range(len(frame)):
        lines.append("  ".join(cell(name, values[k]) for name, values in columns.items()))
    return "\n".join(line.rstrip() for line in lines)


@contextmanager
def _writing(path: str | Path) -> Iterator[None]:
    """Report a failed write by the file the user named, not the temporary beside it."""
    try:
        yield
    except OSError as error:
        folder = Path(path).parent
        reason = _("no such folder") if not folder.is_dir() else error.strerror or str(error)
        raise CommandError(
            _("{path}: cannot write ({reason})").format(path=path, reason=reason)
        ) from None


def _output_file(text: str, example: str) -> Path:
    """An output path that names a file: ``-o out/`` or an existing folder is refused."""
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise CommandError(
            _("{path}: is a folder; name a file, e.g. {example}").format(
                path=text, example=path / example
            )
        )
    return path


def _picture_path(text: str) -> Path:
    path = _output_file(text, "board.svg")
    if path.suffix.lower() not in PICTURE_SUFFIXES:
        raise CommandError(_("{path}: picture format must be .svg or .png").format(path=text))
    return path


# --- map sub-commands ------------------------------------------------------------------
def _load_map(args: argparse.Namespace) -> Board:
    """The board ``args.file`` names, a plain GeoJSON file included; what the reader had to
    assume (``--players``, ``--turns``, numbered ids ...) is printed as warnings on stderr.

    A shipped name or a region graph goes through the catalog, which refuses a graph with
    the command that draws it; a GeoJSON file is read by :func:`swlab.board.io.read_board`.
    """
    from swlab.board.io import MapWarning, read_board
    from swlab.board.model import Board

    spec = args.file
    path = Path(spec).expanduser()
    geojson = path.suffix.lower() == ".geojson"
    if path.is_file() and not geojson:  # a .json file: a map, or a region graph
        geojson = isinstance(_load(spec), Board)
    if not (path.is_file() and geojson):
        return _load(spec)
    warnings: list[MapWarning] = []
    simplify = bool(getattr(args, "simplify", False))
    board = read_board(
        path, players=args.players, turns=args.turns, warnings=warnings, simplify=simplify
    )
    for warning in warnings:
        _say(_("{prog}: warning: {warning}").format(prog=PROG, warning=warning), file=sys.stderr)
    return board


def _count_options(parser: argparse.ArgumentParser) -> None:
    """``--players`` and ``--turns``: what a plain GeoJSON file does not say."""
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=_(
            "players, for a file that does not say (default: the official board nearest "
            "in region count)"
        ),
    )
    parser.add_argument(
        "--turns",
        type=int,
        metavar="N",
        help=pgettext(
            "round", "turns, for a file that does not say (default: the turn track for the players)"
        ),
    )


def _cmd_map_check(args: argparse.Namespace, out: TextIO) -> int:
    """Print every validation problem and how to fix it; exit 1 if there is any (for CI
    and pre-commit)."""
    from swlab.board.validate import check_board

    board = _load_map(args)
    problems = check_board(board)  # what the editor lists for the same file
    if board.profile == "terra_mystica":
        return _check_hex_map(board, problems, args.file, out)
    for problem in problems:
        where = ", ".join(str(i) for i in problem.regions) or _("board")
        _say(f"{problem.kind.value:<18} [{where}] {problem.message}", file=out)
        if problem.fix:
            _say(f"{'':<18} " + _("fix: {fix}").format(fix=problem.fix), file=out)
    if problems:
        counted = _problems(len(problems))
        _say(_("{problems} in {file}").format(problems=counted, file=args.file), file=out)
        return 1
    _say(_("OK: {summary}").format(summary=_summary(board)), file=out)
    return 0


def _check_hex_map(board: Board, problems: list[Problem], file: str, out: TextIO) -> int:
    """``map check`` on a Terra Mystica map: its profile's checks; warnings alone exit 0."""
    from swlab.board.hexmap.checks import describe, errors, is_printed, summary

    printed = is_printed(board)  # its departures from the advice are its design's
    for problem in problems:
        _say(describe(board, problem, printed=printed), file=out)
    bad = errors(problems)
    if problems:
        warned = len(problems) - len(bad)
        warnings = (
            ngettext(
                "{n} fact of the printed map's design",
                "{n} facts of the printed map's design",
                warned,
            )
            if printed
            else ngettext("{n} warning", "{n} warnings", warned)
        ).format(n=warned)
        _say(
            _("{problems}, {warnings} in {file}").format(
                problems=_problems(len(bad)), warnings=warnings, file=file
            ),
            file=out,
        )
    if bad:
        return 1
    _say(_("OK: {summary}").format(summary=summary(board)), file=out)
    return 0


def _show_hex_map(board: Board, args: argparse.Namespace, target: Path) -> None:
    """``map show`` on a Terra Mystica map: terrain colours, labels and its overlays."""
    from swlab.board.hexmap import check, labels
    from swlab.board.hexmap.render import save_hex_picture

    by_label = {name: rid for rid, name in labels(board).items()}
    if args.reach is not None and args.reach.upper() not in by_label:
        raise CommandError(
            _("--reach {label}: no terrain space has that label").format(label=args.reach)
        )
    save_hex_picture(
        board,
        target,
        show_labels=args.ids,
        bridges=args.adjacency,
        reach_from=by_label[args.reach.upper()] if args.reach else None,
        shipping=args.shipping,
        masses=args.land_masses,
        problems=check(board) if args.problems else None,
    )


def _cmd_map_show(args: argparse.Namespace, out: TextIO) -> int:
    """Draw the board to an SVG or PNG file."""
    from swlab.board.render import save_board_picture

    target = _picture_path(args.output)
    board = _load_map(args)
    if board.profile == "terra_mystica":
        with _writing(target):
            _show_hex_map(board, args, target)
        _say(_("wrote {path}").format(path=target), file=out)
        return 0
    problems = None
    if args.problems:
        from swlab.board.validate import validate

        problems = validate(board)
    with _writing(target):
        save_board_picture(
            board,
            target,
            ids=args.ids,
            adjacency=args.adjacency,
            highlight=args.highlight.replace("-", "_") if args.highlight else None,
            problems=problems,
        )
    _say(_("wrote {path}").format(path=target), file=out)
    return 0


def _cmd_map_stats(args: argparse.Namespace, out: TextIO) -> int:
    """Print the counts of a board, or of two boards side by side with ``--compare``."""
    from swlab.board.stats import board_stats, compare_stats, shown_words

    board = _load_map(args)
    frame = compare_stats(board, _load(args.compare)) if args.compare else board_stats(board)
    _say_block(_format_stats(shown_words(frame)) + "\n", out)
    return 0


def _cmd_map_fingerprint(args: argparse.Namespace, out: TextIO) -> int:
    """Play seeded games per bot style and print the board's fingerprint, beside the
    official board's for the same player count (:mod:`swlab.balance.fingerprint`)."""
    from swlab.balance.fingerprint import fingerprint, reference_for
    from swlab.editor.playtest import NotPlayableError, check_playable
    from swlab.rules.setup import board_problem

    games = _games(args.games)
    styles = [s.strip() for s in args.styles.split(",") if s.strip()]
    if not styles:
        raise CommandError(_("--styles names no bot style"))
    parallel = _parallel_options(args)
    board = _load_map(args)
    not_small_world = board_problem(board)  # a Terra Mystica map (R-COMP-1)
    if not_small_world is not None:
        raise CommandError(not_small_world)
    try:
        check_playable(board)
    except NotPlayableError as error:
        raise CommandError(
            _("{file}: cannot be played ({problems}; `swlab map check {file}` lists them)").format(
                file=args.file, problems=_problems(len(error.problems))
            )
        ) from None
    fp = fingerprint(
        board, styles, games, args.seed, progress=not args.no_progress, stream=sys.stderr,
        **parallel,
    )  # fmt: skip
    reference = reference_for(fp.players)
    if args.json:
        data = {
            "fingerprint": _fingerprint_json(fp),
            "reference": _fingerprint_json(reference) if reference is not None else None,
        }
        print(json.dumps(data, indent=1, ensure_ascii=False), file=out)
        return 0
    head = _("{board}: {players}, {games} per style (seed {seed})").format(
        board=fp.board,
        players=ngettext("{n} player", "{n} players", fp.players).format(n=fp.players),
        games=names.games(games),
        seed=args.seed,
    )
    _say(head, file=out)
    if reference is not None:
        _say(
            _("beside each style: the official board's numbers ({games} per style)").format(
                games=names.games(reference.styles[0].games)
            ),
            file=out,
        )
    _say_block(fp.table(reference) + "\n", out)
    return 0


def _fingerprint_json(fp: Any) -> dict[str, Any]:
    """A fingerprint as JSON data: its counts and, per style, its derived figures."""
    data: dict[str, Any] = fp.to_dict()
    for part, style in zip(data["styles"], fp.styles, strict=True):
        part.update(style.figures())
    return data


def _cmd_map_from_graph(args: argparse.Namespace, out: TextIO) -> int:
    """Draw polygons for a region graph (a file or a shipped graph) and save them as GeoJSON."""
    from swlab.board.catalog import find_graph
    from swlab.board.generate import board_from_graph, read_graph
    from swlab.board.io import write_board

    source = find_graph(args.graph)
    target = _output_file(args.output, "board.geojson")
    if target.exists() and target.resolve() == source.resolve():
        raise CommandError(
            _("{path}: is the input graph; write the board to another file").format(
                path=args.output
            )
        )
    board = board_from_graph(read_graph(source), seed=args.seed)
    with _writing(target):
        write_board(board, target)
    _say(_("wrote {path}: {summary}").format(path=args.output, summary=_summary(board)), file=out)
    return 0


def _named_numbers(text: str | None, option: str) -> dict[str, float] | None:
    """``farmland=0.3,mountain=0.1`` as a dict; one line naming ``option`` when malformed."""
    if text is None:
        return None
    found: dict[str, float] = {}
    for item in (part.strip() for part in text.split(",")):
        name, sep, value = item.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not item or not sep or not name.strip() or not math.isfinite(number):
            raise CommandError(
                _("{option}: {item} is not NAME=NUMBER (e.g. {example})").format(
                    option=option, item=repr(item), example="mountain=0.1,swamp=0.2"
                )
            )
        found[name.strip().lower()] = number
    return found


def _cmd_map_generate(args: argparse.Namespace, out: TextIO) -> int:
    """Generate a board under the designer's constraints and improve it until its seat
    distance is at most ``--fair`` on at least 400 new games (:mod:`swlab.balance.fair`);
    exit 1 (the best board written all the same) when the budget runs out first."""
    from swlab.balance.fair import generate_fair
    from swlab.board.constraints import ConstraintError, Constraints
    from swlab.board.io import write_board

    target = _output_file(args.output, "board.geojson")
    styles = [s.strip() for s in args.styles.split(",") if s.strip()]
    if not styles:
        raise CommandError(_("--styles names no bot style"))
    if args.players not in (2, 3, 4, 5, 6):
        raise CommandError(_(_PLAYERS_RANGE).format(players=args.players))
    constraints = Constraints(
        players=args.players,
        regions_per_player=args.regions_per_player,
        terrain_shares=_named_numbers(args.terrain, "--terrain"),
        symbols=_named_numbers(args.symbols, "--symbols"),
        lost_tribes=args.lost_tribes,
        water_share=args.water_share,
        min_neighbours=args.min_neighbours,
        max_neighbours=args.max_neighbours,
    )
    try:
        result = generate_fair(
            constraints,
            args.fair,
            styles=styles,
            seed=args.seed,
            screen_games=_at_least(args.screen_games, 1, "--screen-games"),
            verify_games=args.verify_games,
            max_candidates=_at_least(args.max_candidates, 1, "--max-candidates"),
            max_games=_at_least(args.max_games, 1, "--max-games"),
            max_seconds=args.max_seconds,
            stream=None if args.no_progress else sys.stderr,
            **_parallel_options(args),
        )
    except ConstraintError as error:
        raise CommandError(
            _("the constraints cannot be met: {reason}").format(reason=error)
        ) from None
    with _writing(target):
        write_board(result.board, target)
    _say(result.message(), file=out)
    _say(
        _("wrote {path}: {summary}").format(path=args.output, summary=_summary(result.board)),
        file=out,
    )
    return 0 if result.reached else 1


def _cmd_map_list(args: argparse.Namespace, out: TextIO) -> int:
    """The shipped boards: maps with shapes, and region graphs (``from-graph`` draws them)."""
    from swlab.board.catalog import maps_dir, shipped_board_names

    for name in shipped_board_names():
        kinds = []
        if (maps_dir() / f"{name}.geojson").is_file():
            kinds.append(_("map"))
        if (maps_dir() / "graphs" / f"{name}.json").is_file():
            kinds.append(_("region graph"))
        joined = _(" and ").join(kinds)
        _say(f"{name:<14} {joined}", file=out)
    return 0


def _add_map_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``swlab map check|show|stats|fingerprint|generate|from-graph|list``."""
    group = commands.add_parser("map", help=_("check, draw, count, generate or list maps"))
    sub = group.add_subparsers(dest="map_command", metavar="COMMAND", required=True)
    file_help = _(
        "a GeoJSON map file (swlab's, or a plain FeatureCollection from QGIS, geopandas ...), "
        "or a shipped map name such as official_3p"
    )

    check = sub.add_parser("check", help=_("report every problem of a map (exit 1 if any)"))
    check.add_argument("file", metavar="FILE", help=file_help)
    _count_options(check)
    check.add_argument(
        "--simplify",
        action="store_true",
        help=_(
            "a map over the vertex limits (swlab.safe_io.MAP_LIMITS) is simplified under them, "
            "shared borders kept together, with a warning giving the tolerance chosen and the "
            "vertex counts, then checked"
        ),
    )
    check.set_defaults(run=_cmd_map_check)

    show = sub.add_parser("show", help=_("draw a map to an SVG or PNG file"))
    show.add_argument("file", metavar="FILE", help=file_help)
    show.add_argument("-o", "--output", required=True, metavar="OUT", help=_("OUT.svg or OUT.png"))
    show.add_argument(
        "--adjacency",
        action="store_true",
        help=_("draw a line across every border (hex maps: the bridge slots)"),
    )
    show.add_argument(
        "--highlight",
        choices=("edge", "first-conquest", "coastal"),
        help=_("outline the edge, first-conquest or coastal regions"),
    )
    show.add_argument("--no-ids", dest="ids", action="store_false", help=_("hide region ids"))
    show.add_argument(
        "--problems", action="store_true", help=_("hatch the problems `map check` reports")
    )
    show.add_argument("--reach", metavar="LABEL", help=_("hex maps: what space LABEL borders"))
    show.add_argument("--shipping", type=int, default=1, choices=range(6), help=_("for --reach"))
    show.add_argument("--land-masses", action="store_true", help=_("hex maps: outline land masses"))
    _count_options(show)
    show.set_defaults(run=_cmd_map_show)

    stats = sub.add_parser("stats", help=_("print the counts of a map"))
    stats.add_argument("file", metavar="FILE", help=file_help)
    stats.add_argument(
        "--compare", metavar="OTHER", help=_("a second map to show side by side (e.g. official_3p)")
    )
    _count_options(stats)
    stats.set_defaults(run=_cmd_map_stats)

    fingerprint = sub.add_parser(
        "fingerprint",
        help=_("is a board fair? seat win rates, heat map and first conquests of bot games"),
        description=_(
            "Play seeded games per bot style and print each seat's win rate with its 95%% "
            "interval, the seat distance, Smith & Anton's distance, the regions held most "
            "and least and the most popular first conquests, beside the official board's "
            "numbers for the same player count."
        ),
    )
    fingerprint.add_argument("file", metavar="FILE", help=file_help)
    fingerprint.add_argument(
        "--styles",
        default="greedy,aggressive,early-decline",
        help=_(
            "bot styles, comma-separated: greedy, aggressive, early-decline, search, or a "
            "level (beginner, easy, medium, hard, expert); default greedy,aggressive,early-decline"
        ),
    )
    fingerprint.add_argument(
        "--games", type=int, default=200, help=_("games per style (default 200)")
    )
    fingerprint.add_argument(
        "--seed", type=int, default=0, help=_("seed of the first game (default 0)")
    )
    fingerprint.add_argument("--json", action="store_true", help=_("print the numbers as JSON"))
    fingerprint.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    _add_parallel_options(fingerprint)
    _count_options(fingerprint)
    fingerprint.set_defaults(run=_cmd_map_fingerprint)

    from_graph = sub.add_parser(
        "from-graph", help=_("draw a board for a region graph (JSON) and save it as GeoJSON")
    )
    from_graph.add_argument(
        "graph",
        metavar="GRAPH",
        help=_(
            "a region graph JSON file, or a shipped graph (sample, official_3p ...); "
            "the format: maps/graphs/README.md"
        ),
    )
    from_graph.add_argument("-o", "--output", required=True, metavar="MAP", help=_("MAP.geojson"))
    from_graph.add_argument("--seed", type=int, default=0, help=_("seed of the border shapes"))
    from_graph.set_defaults(run=_cmd_map_from_graph)

    generate = sub.add_parser(
        "generate",
        help=_("generate a board whose seat distance is at most D (fair) under constraints"),
        description=_(
            "Draw boards under the constraints, play seeded games of the fast bot styles "
            "on them and move terrain and symbols near the seats' first conquests until "
            "the seat distance is at most D on at least 400 new games; the board is written "
            "to OUT (the best one found when the budget runs out first, exit 1). "
            "See docs/fair.md."
        ),
    )
    generate.add_argument("--players", type=int, required=True, metavar="N", help=_("2 to 6"))
    generate.add_argument(
        "--fair",
        type=float,
        required=True,
        metavar="D",
        help=_("the seat distance to reach, e.g. 0.05 (5 points from an equal share)"),
    )
    generate.add_argument("-o", "--output", required=True, metavar="OUT", help=_("OUT.geojson"))
    constraint = generate.add_argument_group(_("constraints"))
    constraint.add_argument(
        "--regions-per-player",
        type=float,
        metavar="X",
        help=_("regions per player (default: as on the official board)"),
    )
    constraint.add_argument(
        "--terrain",
        metavar="SHARES",
        help=_(
            "land terrain shares, e.g. mountain=0.1,swamp=0.2 (the terrains left out "
            "share the rest evenly)"
        ),
    )
    constraint.add_argument(
        "--symbols",
        metavar="COUNTS",
        help=_(
            "mine, magic, cavern: a count (whole number) or a share of the land below 1, "
            "e.g. mine=4,magic=0.2 (default: a fifth of the land each)"
        ),
    )
    constraint.add_argument(
        "--lost-tribes",
        type=float,
        metavar="N",
        help=_("Lost Tribes: a count, or a share (below 1) of the land that is not Mountain"),
    )
    constraint.add_argument(
        "--water-share",
        type=float,
        metavar="W",
        help=_("share of the regions that are Seas or the Lake (default 3 of 23)"),
    )
    constraint.add_argument(
        "--min-neighbours", type=int, metavar="N", help=_("the fewest neighbours of a region")
    )
    constraint.add_argument(
        "--max-neighbours", type=int, metavar="N", help=_("the most neighbours of a region")
    )
    search = generate.add_argument_group(_("search and budget"))
    search.add_argument(
        "--styles",
        default="greedy,aggressive,early-decline",
        help=_("bot styles, comma-separated, as for `map fingerprint`"),
    )
    search.add_argument("--seed", type=int, default=0, help=_("seed of the search (default 0)"))
    search.add_argument(
        "--screen-games",
        type=int,
        default=20,
        metavar="N",
        help=_("games per style that screen each candidate (default 20)"),
    )
    search.add_argument(
        "--verify-games",
        type=int,
        default=400,
        metavar="N",
        help=_("new games of the final verification, 400 or more (default 400)"),
    )
    search.add_argument(
        "--max-candidates", type=int, default=200, metavar="N", help=_("default 200")
    )
    search.add_argument(
        "--max-games",
        type=int,
        default=40_000,
        metavar="N",
        help=_("every game played, in all (default 40000)"),
    )
    search.add_argument(
        "--max-seconds", type=float, metavar="S", help=_("wall-clock seconds (default: none)")
    )
    search.add_argument("--no-progress", action="store_true", help=_("no progress lines"))
    _add_parallel_options(generate)
    generate.set_defaults(run=_cmd_map_generate)

    listing = sub.add_parser("list", help=_("list the shipped maps and region graphs"))
    listing.set_defaults(run=_cmd_map_list)


# --- scenario sub-commands ---------------------------------------------------------------
def _result_line(report: dict[str, Any]) -> str:
    """``played conquer 7; end: round 1, Ann to play (redeploy, Humans)`` and the like."""

    played = "; ".join(report["actions"]) or _("nothing")
    if "error" in report:
        total = report["error"]["index"] + 1
        played = _("{played} ({done} of {total}, then refused)").format(
            played=played, done=len(report["actions"]), total=total
        )
    if report["over"]:
        scores = ", ".join(f"{name} {coins}" for name, coins in report["scores"].items())
        where = _("game over, coins {scores}").format(scores=scores)
    else:
        fields = {"round": report["round"], "actor": report["actor"], "stage": report["stage"]}
        if report["acting"]:
            text = pgettext("round", "round {round}, {actor} to play ({stage}, {acting})")
            where = text.format(acting=names.race(report["acting"]), **fields)
        else:
            where = pgettext("round", "round {round}, {actor} to play ({stage})").format(**fields)
    return _("{scenario}: played {played}: {where}").format(
        scenario=report["scenario"], played=played, where=where
    )


def _cmd_scenario_run(args: argparse.Namespace, out: TextIO) -> int:
    """Apply actions to a scenario: a one-line result (``--events``: every event first),
    the refusal and its rule on stderr (exit 1); ``--json`` prints the whole report."""
    from swlab.game.report import run_scenario

    report = run_scenario(args.file, args.actions)
    if args.json:
        indent = _at_least(args.indent, 0, "--indent") or None
        out.write(json.dumps(report, indent=indent) + "\n")
    else:
        if args.events:
            for event in report["events"]:
                _say(f"  {event['text']}", file=out)
        _say(_result_line(report), file=out)
    if "error" in report:
        error = report["error"]  # the engine's sentence ends with its rule id (R-CONQ-6)
        _say(
            _("{prog}: refused: {action}: {message}").format(
                prog=PROG, action=error["action"], message=error["message"]
            ),
            file=sys.stderr,
        )
        return 1
    return 0


def _cmd_scenario_check(args: argparse.Namespace, out: TextIO) -> int:
    """Load a scenario and print the position and the legal actions."""
    from swlab.game.scenario import load_scenario
    from swlab.rules.engine import legal_actions

    state = load_scenario(args.file)
    legal = ", ".join(map(repr, legal_actions(state)))
    _say_block(f"{state}\n", out)
    _say(_("legal: {actions}").format(actions=legal), file=out)
    return 0


def _cmd_scenario_list(args: argparse.Namespace, out: TextIO) -> int:
    """The shipped scenarios, by the name ``scenario run`` and ``load_scenario`` accept."""
    from swlab.game.shipped import shipped_scenario_names

    for name in shipped_scenario_names():
        _say(name, file=out)
    return 0


def _add_scenario_commands(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """``swlab scenario run|check|list``."""
    group = commands.add_parser(
        "scenario",
        help=_("run or check a scenario: swlab scenario run 01_first_conquest --actions 'pick 0'"),
    )
    sub = group.add_subparsers(dest="scenario_command", metavar="COMMAND", required=True)
    file_help = _("a scenario file (YAML), or a shipped scenario such as tutorial/02_the_die")

    run = sub.add_parser("run", help=_("apply actions to a scenario and print the result"))
    run.add_argument("file", metavar="SCENARIO", help=file_help)
    run.add_argument("--actions", "-a", default="", help=_('e.g. "pick 0; conquer 12; end"'))
    run.add_argument("--events", "-e", action="store_true", help=_("print every event first"))
    run.add_argument("--json", action="store_true", help=_("print the whole report as JSON"))
    run.add_argument("--indent", type=int, default=1, help=_("JSON indent (0: one line)"))
    run.set_defaults(run=_cmd_scenario_run)

    check = sub.add_parser("check", help=_("load a scenario and print the position"))
    check.add_argument("file", metavar="SCENARIO", help=file_help)
    check.set_defaults(run=_cmd_scenario_check)

    listing = sub.add_parser("list", help=_("list the shipped scenarios"))
    listing.set_defaults(run=_cmd_scenario_list)


# --- record sub-commands -----------------------------------------------------------------
def _cmd_record_check(args: argparse.Namespace, out: TextIO) -> int:
    """Load a game record, replay every action and print where the game stands."""
    from swlab.game.game import Game

    game = Game.from_record(args.file)
    s = game.state
    if s.stage.value == "game_over":
        where = _("game over")
    else:
        where = pgettext("round", "round {round}/{turns}").format(round=s.round, turns=s.geo.turns)
    _say(
        ngettext(
            "{file}: replayed {n} action on {board}: {where}",
            "{file}: replayed {n} actions on {board}: {where}",
            len(game),
        ).format(file=args.file, n=len(game), board=s.geo.name, where=where),
        file=out,
    )
    return 0


def _add_record_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``swlab record check``."""
    group = commands.add_parser(
        "record", help=_("check a game record: swlab record check game.json")
    )
    sub = group.add_subparsers(dest="record_command", metavar="COMMAND", required=True)
    check = sub.add_parser("check", help=_("load a game record and replay every action"))
    check.add_argument("file", metavar="RECORD", help=_("a game record (.json, or the text form)"))
    check.set_defaults(run=_cmd_record_check)


# --- replay: a game as one HTML file ------------------------------------------------------
def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Write a saved game as one self-contained HTML page, in the language in effect."""
    from swlab.play.replay import write_replay

    target = _output_file(args.out, "game.html")
    with _writing(target):
        replay, size = write_replay(args.file, target)
    _say(
        ngettext(
            "{path}: {n} step of {board}, {size} kB",
            "{path}: {n} steps of {board}, {size} kB",
            replay.steps,
        ).format(path=target, n=replay.steps, board=replay.board, size=number(round(size / 1000))),
        file=out,
    )
    return 0


def _add_replay_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``swlab replay GAME.json -o game.html``."""
    p = commands.add_parser(
        "replay",
        help=_("a saved game as one HTML file: swlab replay game.json -o game.html"),
        description=_(
            "Write one self-contained HTML page that replays a game record step by step "
            "(keys: left and right arrows, Home, End; a slider): the board, the narration, "
            "the scores and a lesson's comments. It needs no server and no network; "
            "--lang chooses its language."
        ),
    )
    p.add_argument("file", metavar="RECORD", help=_("a game record (.json, or the text form)"))
    p.add_argument(
        "-o", "--out", required=True, metavar="PAGE", help=_("the page to write (.html)")
    )
    p.set_defaults(run=_cmd_replay)


# --- simulate ----------------------------------------------------------------------------
def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Play seeded bot games and print the summary (records with ``--out``)."""
    from swlab.board.catalog import load_board

    games = _games(args.games)
    top = _at_least(args.top, 1, "--top")
    min_picks = _at_least(args.min_picks, 1, "--min-picks")
    if args.players is not None and not 2 <= args.players <= 6:
        raise CommandError(_(_PLAYERS_RANGE).format(players=args.players))
    if args.out is not None and Path(args.out).is_file():
        raise CommandError(
            _("{path}: is a file; --out names a folder for the records").format(path=args.out)
        )
    if args.board is None:
        players = args.players if args.players is not None else 5
        board = load_board(f"official_{players}p") if 2 <= players <= 5 else None
        if board is None:
            raise CommandError(
                _("no official board for {players} players: give --board").format(players=players)
            )
    else:
        board = load_board(args.board)
    # after the checks: a refusal needs none of the lab (pandas, Dask: 0.5 s of CPU)
    from swlab.balance.simulate import run_simulation

    result = run_simulation(
        board,
        args.players if args.players is not None else board.players,
        games,
        args.seed,
        args.bots.split(","),
        args.out,
        progress=not args.no_progress,
        rotate=not args.no_rotate,
        **_parallel_options(args),
    )
    _say_block(result.report(top, min_picks), out)
    played = result.totals["games"]
    if args.out:
        _say(
            _(_GAMES_IN).format(what=_("records"), games=names.games(played), where=args.out),
            file=out,
        )
    if args.results:
        where = _results_folder(args.results)
        result.results.save(where)
        _say(
            _("results: {games} in {where} (Parquet)").format(
                games=names.games(played), where=where
            ),
            file=out,
        )
    if result.totals.get("interrupted"):
        _say(_interrupted_after(played, games), file=sys.stderr)
        return 130
    return 0


# --- parallel runs (simulate and balance) ---------------------------------------------
def _games(value: int) -> int:
    """``--games``: 1 to :data:`~swlab.limits.MAX_GAMES` (every game is kept for
    the report), refused in one line before anything is planned."""
    games = _at_least(value, 1, "--games")
    if games > MAX_GAMES:
        raise CommandError(too_many_games(games, "--games"))
    return games


def _parallel_options(args: argparse.Namespace) -> dict[str, Any]:
    """``--workers`` / ``--serial`` / ``--scheduler`` (with ``--connect-timeout`` and the
    TLS files) as keywords of the runner."""
    if args.workers is not None and args.workers < 1:
        raise CommandError(
            _("--workers must be at least 1, not {workers}").format(workers=args.workers)
        )
    if args.scheduler is not None and (args.workers is not None or args.serial):
        raise CommandError(_("--scheduler runs on that cluster: leave out --workers and --serial"))
    if not args.connect_timeout > 0:  # NaN too
        raise CommandError(
            _("--connect-timeout must be a positive number of seconds, not {value}").format(
                value=args.connect_timeout
            )
        )
    return {
        "workers": 0 if args.serial else args.workers,
        "scheduler": args.scheduler,
        "connect_timeout": args.connect_timeout,
        "security": _tls_security(args),
    }


def _tls_security(args: argparse.Namespace) -> Any:
    """The ``distributed.Security`` of ``--tls-ca-file``, ``--tls-cert`` and ``--tls-key``
    (``None`` without them): all three readable files, for a ``tls://`` scheduler."""
    files = {"--tls-ca-file": args.tls_ca_file, "--tls-cert": args.tls_cert,
             "--tls-key": args.tls_key}  # fmt: skip
    if not any(files.values()):
        return None
    if args.scheduler is None or not args.scheduler.startswith("tls://"):
        raise CommandError(_("--tls-ca-file, --tls-cert and --tls-key need a tls:// --scheduler"))
    from swlab.safe_io import file_kind

    for option, path in files.items():
        if path is None:
            raise CommandError(
                _("{option} is missing: TLS needs all three files").format(option=option)
            )
        if file_kind(path) is not None or not Path(path).is_file():
            raise CommandError(
                _("{path}: {option} must name a readable file").format(path=path, option=option)
            )
    from distributed import Security

    secure: Any = Security  # untyped
    return secure(
        tls_ca_file=args.tls_ca_file,
        tls_client_cert=args.tls_cert,
        tls_client_key=args.tls_key,
        require_encryption=True,
    )


def _results_folder(text: str) -> Path:
    if Path(text).is_file():
        raise CommandError(_("{path}: is a file; give a folder for the results").format(path=text))
    return Path(text)


def _add_parallel_options(p: argparse.ArgumentParser) -> None:
    """The options that say where the games run (``simulate`` and ``balance``)."""
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        help=_(
            "worker processes of the local Dask cluster (default: every core; serial for "
            "runs under 20 games)"
        ),
    )
    p.add_argument("--serial", action="store_true", help=_("play in this process, no cluster"))
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help=_("run on an existing Dask cluster, e.g. tcp://10.0.0.5:8786 (see the README)"),
    )
    p.add_argument(
        "--connect-timeout",
        type=float,
        default=CONNECT_TIMEOUT_S,
        metavar="SECONDS",
        help=_(
            "give up when the --scheduler does not answer within this time (default {seconds} s)"
        ).format(seconds=f"{CONNECT_TIMEOUT_S:g}"),
    )
    for option, what in (
        ("--tls-ca-file", N_("the certificate authority of a tls:// --scheduler (PEM file)")),
        ("--tls-cert", N_("this machine's client certificate for a tls:// --scheduler")),
        ("--tls-key", N_("the private key of --tls-cert")),
    ):
        p.add_argument(option, default=None, metavar="FILE", help=_(what))


# --- balance -----------------------------------------------------------------------------
def _cmd_balance(args: argparse.Namespace, out: TextIO) -> int:
    """Play a balance study and print (and save) its report."""
    from swlab.board.catalog import load_board

    games = _games(args.games)
    if args.players is not None and not 2 <= args.players <= 6:
        raise CommandError(_(_PLAYERS_RANGE).format(players=args.players))
    folder = _results_folder(args.out) if args.out else None
    records = _results_folder(args.records) if args.records else None
    board = load_board(args.board)
    # after the checks: a refusal needs none of the lab (pandas, Dask: 0.5 s of CPU)
    from swlab.balance.lab import balance

    report = balance(
        board,
        args.players,
        games,
        args.seed,
        args.bots.split(","),
        out=folder,
        records=records,
        rotate=not args.no_rotate,
        progress=not args.no_progress,
        **_parallel_options(args),
    )
    _say_block(report.to_markdown(), out)
    if folder is not None:
        print(file=out)
        _say(
            _("report: {path} (plots as PNG and SVG, results as Parquet)").format(
                path=folder / "report.md"
            ),
            file=out,
        )
    if records is not None:
        _say(
            _(_GAMES_IN).format(what=_("records"), games=names.games(report.games), where=records),
            file=out,
        )
    if report.meta.get("interrupted"):
        _say(_interrupted_after(report.games, games), file=sys.stderr)
        return 130
    return 0


def _add_balance_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``swlab balance``."""
    p = commands.add_parser(
        "balance",
        help=_("is a board fair? swlab balance official_5p --games 500 --out runs/5p"),
        description=_(
            "Play seeded bot games on a board and report win rates per seat, race, "
            "power and combo with 95%% intervals, a test of seat advantage, the winning scores "
            "and a heat map of the regions held."
        ),
    )
    p.add_argument("board", help=_("shipped board name or file path"))
    p.add_argument("--players", type=int, default=None, help=_("seats (default: the board's)"))
    p.add_argument("--games", type=int, default=100, help=_("number of games (default 100)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the first game (default 0)"))
    p.add_argument(
        "--bots",
        default="greedy,random",
        help=_(
            "bots by seat, comma-separated: a level (beginner, easy, medium, hard, expert), "
            "a style (aggressive, early-decline) or a kind (greedy, careless, random, search); "
            "default greedy,random"
        ),
    )
    p.add_argument(
        "--out", default=None, help=_("folder for report.md, the plots and the Parquet results")
    )
    p.add_argument("--records", default=None, metavar="DIR", help=_("folder for the game records"))
    p.add_argument("--no-rotate", action="store_true", help=_("keep every bot on its seat"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    _add_parallel_options(p)
    p.set_defaults(run=_cmd_balance)


def _add_simulate_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``swlab simulate``."""
    p = commands.add_parser(
        "simulate",
        help=_("play bot games: swlab simulate --board official_5p --players 5 --games 100"),
        description=_(
            "Play many seeded bot games and print win shares, coins and the best race+power combos."
        ),
    )
    p.add_argument(
        "--board", help=_("shipped board name or file path (default: official_<players>p)")
    )
    p.add_argument("--players", type=int, default=None, help=_("seats (default: the board's)"))
    p.add_argument("--games", type=int, default=10, help=_("number of games (default 10)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the first game (default 0)"))
    p.add_argument(
        "--bots",
        default="greedy,random",
        help=_(
            "bots by seat, comma-separated, repeated over the seats: a level (beginner, "
            "easy, medium, hard, expert), a style (aggressive, early-decline) or a kind "
            "(greedy, careless, random, search); default greedy,random"
        ),
    )
    p.add_argument("--out", default=None, help=_("folder for the game records (JSON)"))
    p.add_argument("--top", type=int, default=10, help=_("combos to list (default 10)"))
    p.add_argument(
        "--min-picks", type=int, default=2, help=_("list combos picked at least this often")
    )
    p.add_argument("--no-rotate", action="store_true", help=_("keep every bot on its seat"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    p.add_argument(
        "--results", default=None, metavar="DIR", help=_("folder for the results as Parquet")
    )
    _add_parallel_options(p)
    p.set_defaults(run=_cmd_simulate)


# --- swlab present: the presenter app in Voila (issue 11) ---------------------------------


def _present_settings(args: argparse.Namespace) -> dict[str, Any]:
    """What the presenter notebook reads (``SWLAB_PRESENT``), checked here so that a typo
    fails on the command line, not in a browser."""
    players = [p.strip() for p in args.players.split(",") if p.strip()] if args.players else None
    bots: dict[str, str] = {}
    for item in args.bots.split(",") if args.bots else []:
        seat, sep, kind = item.partition(":")
        if not sep or not seat.strip().isdigit() or not kind.strip():
            raise CommandError(
                _("--bots takes SEAT:KIND pairs such as 1:greedy, not {item}").format(
                    item=repr(item)
                )
            )
        bots[seat.strip()] = kind.strip()
    from swlab.bots import BOT_KINDS

    for kind in bots.values():
        if kind.lower().removesuffix("bot") not in BOT_KINDS:
            raise CommandError(
                _("--bots: no bot is called {kind}; choose one of: {kinds}").format(
                    kind=repr(kind), kinds=", ".join(BOT_KINDS)
                )
            )
    if args.pace <= 0:
        raise CommandError(_("--pace must be a positive number of seconds"))
    if args.key is not None and not args.overlay:
        raise CommandError(_("--key chooses the background of --overlay: add --overlay"))
    from swlab.game.sources import load_game

    game = load_game(args.source, players, args.seed)  # fails early on a bad file or name
    for seat in bots:
        if int(seat) >= len(game.state.players):
            raise CommandError(
                _("--bots: seat {seat} does not exist (seats 0 to {last})").format(
                    seat=seat, last=len(game.state.players) - 1
                )
            )
    return {
        "spec": args.source,
        "players": players,
        "bots": bots,
        "pace": args.pace,
        "seed": args.seed,
        "overlay": (args.key or "transparent") if args.overlay else None,
    }


def present_command(args: argparse.Namespace) -> list[str]:
    """The Voila command line that serves the presenter notebook (with swlab's offline
    template: run it in :func:`~swlab.servers.voila_environment`)."""
    from swlab.play.present import NOTEBOOK
    from swlab.servers import voila_options

    # Voila behind a check of every request's Host header (swlab.play.voila_server)
    cmd = [sys.executable, "-m", "swlab.play.voila_server", str(NOTEBOOK), f"--port={args.port}",
           f"--Voila.ip={args.ip}", "--theme=light", *voila_options()]  # fmt: skip
    if args.no_browser:
        cmd.append("--no-browser")
    return cmd


def _cmd_present(args: argparse.Namespace, out: TextIO) -> int:
    from swlab.servers import become, voila_environment
    from swlab.workspace import DEFAULT_FOLDER, ENV_WORKSPACE

    settings = _present_settings(args)
    env = voila_environment(os.environ)
    chosen = check_language(args.present_lang) if args.present_lang else language()
    env.update(SWLAB_PRESENT=json.dumps(settings), SWLAB_LANG=chosen)
    # "save game" writes here: the folder the command runs in, never the package's own
    env.setdefault(ENV_WORKSPACE, str(Path.cwd() / DEFAULT_FOLDER))
    cmd = present_command(args)
    host = f"[{args.ip}]" if ":" in args.ip else args.ip
    _say(
        _("Presenting {source} on http://{host}:{port}/ (Ctrl-C stops it)").format(
            source=args.source or "official_2p", host=host, port=args.port
        ),
        file=out,
        flush=True,
    )
    return become(cmd, env)


def _add_present_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = commands.add_parser(
        "present",
        help=_("show a game to a room: the presenter app in Voila"),
        description=_(
            "Serve the presenter app (a Voila page): the board filling the window, "
            "narration in words, bot turns at a pace, coins hidden until revealed, an "
            "end-of-game screen. Keys: N next step, U undo, Y redo, H hint, C coins, P pause, "
            "D done, Enter confirm, Esc cancel, S save game, R new game (at the end)."
        ),
    )
    p.add_argument("source", nargs="?", default=None, metavar="BOARD | SCENARIO | RECORD",
                   help=_("a board name or file, a scenario, or a game record (.json); "
                   "default official_2p"))  # fmt: skip
    p.add_argument("--players", help=_("seat names, comma-separated: Ann,Bob"))
    p.add_argument("--bots", help=_("bot seats, comma-separated SEAT:LEVEL (0-based): 1:hard"))
    p.add_argument("--port", type=int, default=8866, help=_("port (default 8866)"))
    p.add_argument(
        "--ip",
        default="127.0.0.1",
        metavar="ADDRESS",
        help=_(
            "the address to listen on (default 127.0.0.1: this machine only); the page "
            "answers only requests addressed to it, to localhost or to a loopback address"
        ),
    )
    p.add_argument("--pace", type=float, default=1.2, help=_("seconds per bot step (1.2)"))
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_("seed of a new game (default: a new game each time)"),
    )
    p.add_argument("--no-browser", action="store_true", help=_("do not open a browser"))
    p.add_argument(
        "--overlay",
        action="store_true",
        help=_(
            "a page for a streaming tool's browser source (1920x1080): the board and a strip "
            "of narration and scores on a transparent background"
        ),
    )
    p.add_argument(
        "--key",
        choices=["transparent", "green", "magenta"],
        default=None,
        help=_("the overlay's background: transparent (default) or a chroma-key colour"),
    )
    p.add_argument(
        "--lang",
        dest="present_lang",
        metavar="LANG",
        help=_(_LANG_HELP).format(languages=listing()),
    )
    p.set_defaults(run=_cmd_present)


# --- swlab tutorial: the notebooks, copied where a learner can edit them -----------------
def _cmd_tutorial(args: argparse.Namespace, out: TextIO) -> int:
    """Copy the tutorial into a folder (never over a learner's edit), then open JupyterLab
    there on the welcome notebook, in the chosen language when it is translated."""
    from swlab.tutorial import copy_tutorial, first_notebook

    folder = Path(args.folder).expanduser()
    if folder.exists() and not folder.is_dir():
        text = _("{path}: is a file; give a folder for the tutorial")
        raise CommandError(text.format(path=args.folder))
    try:
        report = copy_tutorial(folder)
    except OSError as error:  # a read-only folder, a full disk, a file where a folder goes
        reason = error.strerror or str(error)
        where = error.filename or folder
        text = _("{path}: cannot write ({reason})").format(path=where, reason=reason)
        raise CommandError(text) from None
    for name in report.updated:
        print(_("updated {path}").format(path=folder / name), file=out)
    for name in report.kept:
        print(
            _("kept {path}: you changed it (delete it to get the shipped one again)").format(
                path=folder / name
            ),
            file=out,
        )
    summary = _(
        "{folder}: {copied} copied, {updated} updated, {kept} kept, {same} already up to date"
    )
    counts = (report.copied, report.updated, report.kept, report.unchanged)
    copied, updated, kept, same = map(len, counts)
    summary = summary.format(folder=folder, copied=copied, updated=updated, kept=kept, same=same)
    print(summary, file=out, flush=True)
    if args.copy_only:
        return 0
    from swlab.servers import lab_command, serve, voila_environment

    first = first_notebook(folder, language())
    lab_args = [f"--port={args.port}"] if args.port is not None else []
    if args.no_browser:
        lab_args.append("--no-browser")
    cmd = lab_command(sys.executable, folder.resolve(), first, lab_args)
    env = voila_environment(os.environ)  # JupyterLab's Voila preview: offline too
    env["SWLAB_LANG"] = language()
    print(
        _("Opening JupyterLab on {path} (Ctrl-C stops it)").format(path=folder / first),
        file=out,
        flush=True,
    )
    late = _("{prog}: JupyterLab did not stop in time: killing it").format(prog=PROG)
    served = serve(cmd, env, folder, on_kill=lambda: print(late, file=sys.stderr))
    if served.stopped_by is not None:
        print(_("JupyterLab stopped"), file=out)
    return served.code


def _add_tutorial_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``swlab tutorial``."""
    p = commands.add_parser(
        "tutorial",
        help=_("copy the tutorial notebooks into a folder and open them in JupyterLab"),
        description=_(
            "Copy the tutorial notebooks (English and every translation) into DIR, then open "
            "JupyterLab there on the welcome notebook. A notebook you changed is never "
            "written over: run it again after an update and only the notebooks you left "
            "as they were are updated."
        ),
    )
    p.add_argument(
        "folder",
        nargs="?",
        default="swlab-tutorial",
        metavar="DIR",
        help=_("where to put the notebooks (default: swlab-tutorial in this folder)"),
    )
    p.add_argument(
        "--copy-only",
        "--no-open",
        dest="copy_only",
        action="store_true",
        help=_("only copy the notebooks; do not start JupyterLab"),
    )
    p.add_argument("--no-browser", action="store_true", help=_("do not open a browser"))
    p.add_argument("--port", type=int, default=None, help=_("JupyterLab's port (default 8888)"))
    p.set_defaults(run=_cmd_tutorial)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser; add a command group with one more ``_add_*`` call."""
    parser = argparse.ArgumentParser(
        prog=PROG, description=_("A lab for the board game Small World.")
    )
    parser.add_argument("--version", action="version", version=_version())
    _add_language_option(parser, None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_map_commands(commands)
    _add_scenario_commands(commands)
    _add_record_commands(commands)
    _add_replay_command(commands)
    _add_simulate_command(commands)
    _add_balance_command(commands)
    _add_present_command(commands)
    _add_tutorial_command(commands)
    add_learn_commands(commands)
    _every_command_speaks(parser)
    return parser


def _add_language_option(parser: argparse.ArgumentParser, default: Any) -> None:
    """``--lang LANG``, its help listing the languages swlab speaks (the option itself is
    read before parsing: :func:`_language_option`)."""
    parser.add_argument(
        "--lang", metavar="LANG", default=default, help=_(_LANG_HELP).format(languages=listing())
    )


def _every_command_speaks(parser: argparse.ArgumentParser) -> None:
    """``--lang`` after any command too (``swlab map check official_2p --lang el``); a
    command with a ``--lang`` of its own (``present``: the presenter's language) keeps it."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                if "--lang" not in sub._option_string_actions:
                    _add_language_option(sub, argparse.SUPPRESS)
                _every_command_speaks(sub)


def _silence_stdout() -> None:
    """Point stdout at devnull so Python's exit flush does not raise again (see the
    ``signal`` module docs on SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests, notebooks)
        pass


def _missing_dependency(error: ModuleNotFoundError) -> str | None:
    top = (error.name or "").split(".")[0]
    return top if top in DEPENDENCIES or top in ("ipywidgets", "ipyleaflet") else None


def _warnings_as_lines(previous: Callable[..., None]) -> Callable[..., None]:
    """``warnings.showwarning`` that prints a :class:`~swlab.i18n.LanguageWarning` as one
    ``swlab: warning:`` line (English is used instead) and leaves any other to
    ``previous``."""

    def show(message: Warning | str, category: type[Warning], *args: Any, **kw: Any) -> None:
        if issubclass(category, LanguageWarning):
            line = _("{prog}: warning: {warning}").format(prog=PROG, warning=message)
            _say(line, file=sys.stderr)
        else:
            previous(message, category, *args, **kw)

    return show


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``swlab`` with ``argv`` (default: the command line); return the exit code."""
    with warnings.catch_warnings():
        warnings.simplefilter("always", LanguageWarning)  # swlab.i18n says each one once
        warnings.showwarning = _warnings_as_lines(warnings.showwarning)
        return _main(list(sys.argv[1:] if argv is None else argv))


def _main(words: list[str]) -> int:
    try:
        with using(_language_option(words)):  # before the parser: its help is translated
            try:
                args = build_parser().parse_args(words)
            except SystemExit as exit_:  # --help, --version, or a usage error argparse printed
                return exit_.code if isinstance(exit_.code, int) else 2
            run: Callable[[argparse.Namespace, TextIO], int] = args.run
            return run(args, sys.stdout)
    except BrokenPipeError:  # output piped into `head`: stop quietly
        _silence_stdout()
        return 1
    except ModuleNotFoundError as error:
        missing = _missing_dependency(error)
        if missing is None:
            raise
        _say_block(setup_hint(missing) + "\n", sys.stderr)
        return 2
    except (CommandError, ValueError, OSError) as error:  # bad input: names, files, numbers
        _say(_("{prog}: error: {error}").format(prog=PROG, error=error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        runner = sys.modules.get("swlab.balance.runner")
        if runner is not None:
            runner.end_progress_lines()
        _say(_("{prog}: interrupted").format(prog=PROG), file=sys.stderr)
        return 130


def _language_option(words: Sequence[str]) -> str | None:
    """The language ``--lang LANG`` (or ``--lang=LANG``) asks for, before the command or
    after it (the first one given); else ``None`` (``SWLAB_LANG``, then the locale, choose).
    An unknown code is bad input. Read before the parser, so that the help and argparse's
    own errors are in that language too; after ``--`` every word is an argument."""
    from swlab.i18n import check

    for k, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and k + 1 < len(words):
            return check(words[k + 1])
        if word.startswith("--lang="):
            return check(word.split("=", 1)[1])
    return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""The ``swlab`` command: check, draw, count and generate maps from a terminal.

Each sub-command is one small ``_cmd_*`` function taking the parsed arguments and
returning the exit code; :func:`build_parser` wires them with ``set_defaults(run=...)``, so
a later group (``swlab scenario run``, ``swlab simulate``) is one more ``_add_*`` function.

Exit codes: 0 success, 1 the map has problems (``map check``), 2 bad input (a file that
cannot be read, a malformed map or graph, a wrong option). Bad input is one line on stderr
starting ``swlab: error:``, never a traceback: the users are map designers and teachers.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    import pandas as pd

    from swlab.board.model import Board

__all__ = ["CommandError", "build_parser", "main"]

PROG = "swlab"
PICTURE_SUFFIXES = (".svg", ".png")


class CommandError(Exception):
    """Bad input a user can fix; printed as one ``swlab: error:`` line, exit code 2."""


def _input_errors() -> tuple[type[BaseException], ...]:
    """Exceptions that mean bad input rather than a bug in swlab.

    ``GraphError`` is looked up lazily so the other commands work even where the graph
    generator is unavailable.
    """
    from swlab.board.io import MapFormatError

    errors: list[type[BaseException]] = [CommandError, MapFormatError, OSError]
    try:
        from swlab.board.generate import GraphError
    except ImportError:  # pragma: no cover - generator not installed
        pass
    else:
        errors.append(GraphError)
    return tuple(errors)


# --- helpers ---------------------------------------------------------------------------
def _load(name_or_path: str) -> Board:
    """A board by shipped name (``official_3p``) or GeoJSON path.

    A name that is neither gets an error listing the shipped names, since a teacher typing
    ``official3p`` needs the spelling more than "no such file".
    """
    from swlab.board.maps import load_board, maps_dir

    if not Path(name_or_path).exists():
        try:
            shipped = sorted(p.stem for p in maps_dir().glob("*.geojson"))
        except FileNotFoundError:
            shipped = []
        if name_or_path not in shipped:
            names = f" (shipped maps: {', '.join(shipped)})" if shipped else ""
            raise CommandError(f"{name_or_path}: no such file or shipped map{names}")
    return load_board(name_or_path)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _summary(board: Board) -> str:
    """``official-2p — 23 regions (20 land, 3 water), 51 borders, …`` for an OK line."""
    land = sum(not r.is_water for r in board)
    return (
        f"{board.name} — {_plural(len(board), 'region')} ({land} land, {len(board) - land} water), "
        f"{_plural(len(board.topology.borders), 'border')}, "
        f"{len(board.edge_regions)} edge, {len(board.first_conquest_regions)} first-conquest; "
        f"{board.players} players, {board.turns} turns"
    )


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
        columns["note"] = ["more than the box holds" if flag else "" for flag in over]
    words = {"group", "item", "note"}
    widths = {name: max(len(name), *(len(v) for v in values)) for name, values in columns.items()}

    def cell(name: str, text: str) -> str:
        return text.ljust(widths[name]) if name in words else text.rjust(widths[name])

    lines = ["  ".join(cell(name, name) for name in columns)]
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
        reason = "no such folder" if not folder.is_dir() else error.strerror or str(error)
        raise CommandError(f"{path}: cannot write ({reason})") from None


def _picture_path(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() not in PICTURE_SUFFIXES:
        raise CommandError(f"{text}: picture format must be .svg or .png")
    return path


# --- map sub-commands ------------------------------------------------------------------
def _cmd_map_check(args: argparse.Namespace, out: TextIO) -> int:
    """Print every validation problem; exit 1 if there is any (for CI and pre-commit)."""
    from swlab.board.validate import validate

    board = _load(args.file)
    problems = validate(board)
    for problem in problems:
        where = ", ".join(str(i) for i in problem.regions) or "board"
        print(f"{problem.kind.value:<16} [{where}] {problem.message}", file=out)
    if problems:
        print(f"{_plural(len(problems), 'problem')} in {args.file}", file=out)
        return 1
    print(f"OK: {_summary(board)}", file=out)
    return 0


def _cmd_map_show(args: argparse.Namespace, out: TextIO) -> int:
    """Draw the board to an SVG or PNG file."""
    from swlab.board.render import save_board_picture

    target = _picture_path(args.output)
    board = _load(args.file)
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
    print(f"wrote {target}", file=out)
    return 0


def _cmd_map_stats(args: argparse.Namespace, out: TextIO) -> int:
    """Print the counts of a board, or of two boards side by side with ``--compare``."""
    from swlab.board.stats import board_stats, compare_stats

    board = _load(args.file)
    frame = compare_stats(board, _load(args.compare)) if args.compare else board_stats(board)
    print(_format_stats(frame), file=out)
    return 0


def _cmd_map_from_graph(args: argparse.Namespace, out: TextIO) -> int:
    """Draw polygons for a region graph and save the board as GeoJSON."""
    from swlab.board.generate import board_from_graph, read_graph
    from swlab.board.io import write_board

    board = board_from_graph(read_graph(args.graph), seed=args.seed)
    with _writing(args.output):
        write_board(board, args.output)
    print(f"wrote {args.output}: {_summary(board)}", file=out)
    return 0


def _add_map_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``swlab map check|show|stats|from-graph``."""
    group = commands.add_parser("map", help="check, draw, count or generate maps")
    sub = group.add_subparsers(dest="map_command", metavar="COMMAND", required=True)
    file_help = "a GeoJSON map file, or a shipped map name such as official_3p"

    check = sub.add_parser("check", help="report every problem of a map (exit 1 if any)")
    check.add_argument("file", metavar="FILE", help=file_help)
    check.set_defaults(run=_cmd_map_check)

    show = sub.add_parser("show", help="draw a map to an SVG or PNG file")
    show.add_argument("file", metavar="FILE", help=file_help)
    show.add_argument("-o", "--output", required=True, metavar="OUT", help="OUT.svg or OUT.png")
    show.add_argument("--adjacency", action="store_true", help="draw a line across every border")
    show.add_argument(
        "--highlight",
        choices=("edge", "first-conquest", "coastal"),
        help="outline the edge, first-conquest or coastal regions",
    )
    show.add_argument("--no-ids", dest="ids", action="store_false", help="hide region ids")
    show.add_argument(
        "--problems", action="store_true", help="hatch the problems `map check` reports"
    )
    show.set_defaults(run=_cmd_map_show)

    stats = sub.add_parser("stats", help="print the counts of a map")
    stats.add_argument("file", metavar="FILE", help=file_help)
    stats.add_argument(
        "--compare", metavar="OTHER", help="a second map to show side by side (e.g. official_3p)"
    )
    stats.set_defaults(run=_cmd_map_stats)

    from_graph = sub.add_parser(
        "from-graph", help="draw a board for a region graph (JSON) and save it as GeoJSON"
    )
    from_graph.add_argument("graph", metavar="GRAPH", help="region graph JSON file")
    from_graph.add_argument("-o", "--output", required=True, metavar="MAP", help="MAP.geojson")
    from_graph.add_argument("--seed", type=int, default=0, help="seed of the border shapes")
    from_graph.set_defaults(run=_cmd_map_from_graph)


def _cmd_scenario(args: argparse.Namespace, out: TextIO) -> int:
    """Delegate to :func:`swlab.rules.scenario.scenario_cli` (run, check, fields, ...)."""
    from swlab.rules.scenario import scenario_cli

    return scenario_cli(list(args.rest))


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Delegate to :func:`swlab.sim.sim_cli` (bot games and their summary table)."""
    from swlab.sim import sim_cli

    return sim_cli(list(args.rest))


def _add_delegated_commands(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """``swlab scenario ...`` and ``swlab simulate ...``: their modules parse the rest."""
    scenario = commands.add_parser(
        "scenario",
        help="run or check a scenario file: swlab scenario run FILE --actions 'conquer 3; end'",
        add_help=False,
    )
    scenario.add_argument("rest", nargs=argparse.REMAINDER)
    scenario.set_defaults(run=_cmd_scenario)
    simulate = commands.add_parser(
        "simulate",
        help="play bot games: swlab simulate --board official_5p --players 5 --games 100",
        add_help=False,
    )
    simulate.add_argument("rest", nargs=argparse.REMAINDER)
    simulate.set_defaults(run=_cmd_simulate)


DELEGATED: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "scenario": _cmd_scenario,
    "simulate": _cmd_simulate,
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser; add a command group with one more ``_add_*`` call."""
    parser = argparse.ArgumentParser(prog=PROG, description="A lab for the board game Small World.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_map_commands(commands)
    _add_delegated_commands(commands)
    return parser


def _silence_stdout() -> None:
    """Point stdout at devnull so Python's exit flush does not raise again (see the
    ``signal`` module docs on SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests, notebooks)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``swlab`` with ``argv`` (default: the command line); return the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] in DELEGATED:  # their own parsers read every option, --help too
        args = argparse.Namespace(run=DELEGATED[words[0]], rest=words[1:])
    else:
        try:
            args = build_parser().parse_args(words)
        except SystemExit as exit_:  # --help, or a usage error argparse already printed
            return exit_.code if isinstance(exit_.code, int) else 2
    run: Callable[[argparse.Namespace, TextIO], int] = args.run
    try:
        return run(args, sys.stdout)
    except BrokenPipeError:  # output piped into `head`: stop quietly
        _silence_stdout()
        return 1
    except _input_errors() as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

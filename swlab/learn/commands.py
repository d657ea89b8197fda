"""``swlab learn list|check|report``: the learn path's commands (wired in :mod:`swlab.cli`)."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from swlab.i18n import _, ngettext
from swlab.terminal import printable

__all__ = ["add_learn_commands"]


def _say(text: str, out: TextIO) -> None:
    print(printable(text), file=out)


def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """The shipped levels and the levels of the shipped lessons: id, stage, the rule ids
    they teach, par."""
    from swlab.learn.level import shipped_levels

    levels = shipped_levels()
    if args.json:
        rows = [
            {
                "id": lv.id,
                "stage": lv.stage,
                "title": lv.title,
                "teaches": list(lv.teaches),
                "par": lv.par,
                "file": lv.file.relative_to(lv.file.parents[1]).as_posix() if lv.file else "",
            }
            for lv in levels
        ]
        out.write(json.dumps(rows, indent=1) + "\n")
        return 0
    width = max((len(lv.id) for lv in levels), default=2)
    for lv in levels:
        _say(
            f"{lv.stage_number:02d} {lv.stage:<9} {lv.id:<{width}}  "
            + _("par {par}").format(par=lv.par)
            + f"  {', '.join(lv.teaches)}",
            out,
        )
    return 0


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """Play every level's solution and wrong try; print what fails; exit 1 on a failure."""
    from swlab.learn.check import check_files, shown_path

    results = check_files(args.files)
    failed = [r for r in results if not r.ok]
    for r in failed:
        for problem in r.problems:
            name = shown_path(r.file)
            text = problem if problem.startswith(r.file) else f"{name}: {problem}"
            _say(text.replace(r.file, name), out)
    _say(
        ngettext("{n} level checked", "{n} levels checked", len(results)).format(n=len(results))
        + ", "
        + ngettext("{k} fails", "{k} fail", len(failed)).format(k=len(failed)),
        out,
    )
    return 1 if failed else 0


def _cmd_report(args: argparse.Namespace, out: TextIO) -> int:
    """Gather the progress files of a folder into an HTML page (and a CSV)."""
    from swlab.learn.report import write_report

    summary = write_report(args.folder, args.output, args.csv)
    for problem in summary.problems:
        _say(_("skipped {problem}").format(problem=problem), out)
    _say(
        ngettext("{n} learner in {path}", "{n} learners in {path}", len(summary.learners)).format(
            n=len(summary.learners), path=args.output
        ),
        out,
    )
    return 0


def add_learn_commands(commands: Any) -> None:
    """``swlab learn list|check|report``."""
    group = commands.add_parser(
        "learn", help=_("the learn path's levels: list, check, report on learners' progress")
    )
    sub = group.add_subparsers(dest="learn_command", metavar="COMMAND", required=True)
    listing = sub.add_parser("list", help=_("list the levels (id, stage, rule ids, par)"))
    listing.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    listing.set_defaults(run=_cmd_list)
    check = sub.add_parser(
        "check", help=_("play each level's solution and wrong try (exit 1 if any fails)")
    )
    check.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help=_("level files and lesson files (default: every shipped level and lesson)"),
    )
    check.set_defaults(run=_cmd_check)
    report = sub.add_parser(
        "report", help=_("gather the learners' progress files of a folder into a report")
    )
    report.add_argument("folder", metavar="DIR", help=_("a folder of progress files (.json)"))
    report.add_argument(
        "-o", "--output", required=True, metavar="HTML", help=_("the report page to write")
    )
    report.add_argument("--csv", metavar="CSV", help=_("also write the table as CSV"))
    report.set_defaults(run=_cmd_report)

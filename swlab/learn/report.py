"""``swlab learn report``: the learners' progress files of a folder as one HTML page and a CSV.

A teacher collects one progress file per learner (:mod:`swlab.learn.progress`) into a
folder. The page is one self-contained file (inline style, no script, no external
address), readable offline; the CSV has one row per learner and level. A file that cannot
be read is named with its problem and left out; the others make the report.
"""

from __future__ import annotations

import csv
import html
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from swlab.i18n import _, ngettext, pgettext
from swlab.learn.level import STAGES, Level, shipped_levels
from swlab.learn.progress import Progress, ProgressError, read_progress
from swlab.learn.stars import MAX_STARS
from swlab.safe_io import atomic_write_text

__all__ = ["ReportData", "gather", "report_csv", "report_html", "write_report"]


@dataclass
class ReportData:
    """The learners read (name -> progress), the levels, and the files left out."""

    learners: dict[str, Progress] = field(default_factory=dict)
    levels: list[Level] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def gather(folder: str | os.PathLike[str], levels: Sequence[Level] | None = None) -> ReportData:
    """Read every ``*.json`` file of ``folder`` (one learner each, named by its ``learner``
    field, else by the file name)."""
    root = Path(folder)
    if not root.is_dir():
        raise ProgressError(_("{folder}: no such folder").format(folder=folder))
    data = ReportData(levels=list(levels if levels is not None else shipped_levels()))
    for path in sorted(root.glob("*.json")):
        try:
            progress = read_progress(path)
        except ProgressError as e:
            data.problems.append(str(e))
            continue
        name = progress.learner.strip() or path.stem
        if name in data.learners:
            name = f"{name} ({path.name})"
        data.learners[name] = progress
    return data


def _rows(data: ReportData) -> list[tuple[str, Level, int, int, float, bool]]:
    rows = []
    for name, progress in data.learners.items():
        for lv in data.levels:
            lp = progress.get(lv.id)
            rows.append((name, lv, lp.stars, lp.tries, lp.seconds, lp.solved))
    return rows


def report_csv(data: ReportData) -> str:
    """One row per learner and level: learner, stage, level, solved, stars, tries, seconds."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["learner", "stage", "level", "solved", "stars", "tries", "seconds"])
    for name, lv, stars, tries, seconds, solved in _rows(data):
        writer.writerow([name, lv.stage, lv.id, int(solved), stars, tries, round(seconds, 1)])
    return buf.getvalue()


_STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #111; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #bbb; padding: 3px 6px; text-align: left; }
th { background: #eee; }
td.num { text-align: right; }
.stars { color: #a06000; letter-spacing: 1px; }
.none { color: #999; }
.problems { color: #a00; }
"""  # i18n: not prose: CSS


def _stars(n: int) -> str:
    return "★" * n + "☆" * (MAX_STARS - n)


def _time(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def report_html(data: ReportData) -> str:
    """The page: a summary per learner and stage, then a table per stage, level by level."""
    e = html.escape
    stages = [s for s in STAGES if any(lv.stage == s for lv in data.levels)]
    title = e(_("Learn path: progress report"))
    out = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        f"<title>{title}</title><style>{_STYLE}</style></head><body><h1>{title}</h1>",
    ]
    if data.problems:
        left_out = e(_("Files left out:"))
        out.append(f"<p class='problems'>{left_out}</p><ul class='problems'>")
        out += [f"<li>{e(p)}</li>" for p in data.problems]
        out.append("</ul>")
    if not data.learners:
        nothing = e(_("No progress file was found."))
        out.append(f"<p>{nothing}</p></body></html>")
        return "".join(out)
    head = [
        pgettext("column", "learner"),
        pgettext("column", "solved"),
        pgettext("column", "stars"),
        pgettext("column", "tries"),
        pgettext("column", "time"),
    ]
    summary = e(_("Summary"))
    out.append(f"<h2>{summary}</h2><table><tr>")
    out += [f"<th>{e(h)}</th>" for h in head]
    out += [f"<th>{e(s)}</th>" for s in stages]
    out.append("</tr>")
    for name, progress in data.learners.items():
        got = [progress.get(lv.id) for lv in data.levels]
        solved = sum(1 for g in got if g.solved)
        cells = [
            e(name),
            f"{solved}/{len(data.levels)}",
            f"{sum(g.stars for g in got)}/{MAX_STARS * len(data.levels)}",
            str(sum(g.tries for g in got)),
            _time(sum(g.seconds for g in got)),
        ]
        for s in stages:
            ids = [lv.id for lv in data.levels if lv.stage == s]
            done = sum(1 for i in ids if progress.get(i).solved)
            cells.append(f"{done}/{len(ids)}")
        out.append(
            "<tr>"
            + "".join(f"<td{'' if k == 0 else ' class=num'}>{c}</td>" for k, c in enumerate(cells))
            + "</tr>"
        )
    out.append("</table>")
    for s in stages:
        level_h = e(pgettext("column", "level"))
        out.append(f"<h2>{e(s)}</h2><table><tr><th>{level_h}</th>")
        out += [f"<th>{e(name)}</th>" for name in data.learners]
        out.append("</tr>")
        for lv in (lv for lv in data.levels if lv.stage == s):
            out.append(f"<tr><td>{e(_(lv.title))} <small>({e(lv.id)})</small></td>")
            for progress in data.learners.values():
                lp = progress.get(lv.id)
                if not lp.tries and not lp.solved:
                    out.append("<td class='none'>—</td>")
                    continue
                tries = ngettext("{n} try", "{n} tries", lp.tries).format(n=lp.tries)
                out.append(
                    f"<td><span class='stars'>{_stars(lp.stars)}</span> "
                    f"{e(tries)}, {_time(lp.seconds)}</td>"
                )
            out.append("</tr>")
        out.append("</table>")
    out.append("</body></html>\n")
    return "".join(out)


def write_report(
    folder: str | os.PathLike[str],
    output: str | os.PathLike[str],
    csv_path: str | os.PathLike[str] | None = None,
    levels: Sequence[Level] | None = None,
) -> ReportData:
    """Gather ``folder`` and write the page (and the CSV), atomically; the data read."""
    data = gather(folder, levels)
    atomic_write_text(output, report_html(data))
    if csv_path is not None:
        atomic_write_text(csv_path, report_csv(data))
    return data

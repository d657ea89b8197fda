"""Progress files (round trip, atomic, inside the workspace, stages opening in order) and
``swlab learn report`` from three made-up learners, one broken file among them."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from swlab.cli import main
from swlab.learn.level import shipped_levels
from swlab.learn.progress import PROGRESS_FILE, Progress, ProgressError, open_stages, read_progress
from swlab.learn.report import gather, report_html
from swlab.workspace import Workspace


def test_progress_round_trip_survives_a_restart(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "swlab-files")
    progress = Progress.open(ws)
    progress.learner = "Ann"
    progress.started("conquest-border")
    progress.started("conquest-border")
    progress.spent("conquest-border", 12.25)
    progress.solved("conquest-border", 2)
    progress.solved("conquest-border", 1)  # the best result is kept
    again = Progress.open(ws)  # a new kernel reads the file
    lp = again.get("conquest-border")
    assert (lp.stars, lp.tries, lp.solved) == (2, 2, True)
    assert abs(lp.seconds - 12.25) < 0.1
    assert again.learner == "Ann"
    assert (tmp_path / "swlab-files" / PROGRESS_FILE).is_file()
    assert [p.name for p in (tmp_path / "swlab-files").iterdir()] == [
        PROGRESS_FILE
    ]  # no temporaries


def test_progress_is_written_in_the_workspace_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWLAB_WORKSPACE", str(tmp_path / "ws"))
    progress = Progress.open()
    progress.started("x")
    assert progress.path == tmp_path / "ws" / PROGRESS_FILE


def test_a_broken_progress_file_names_the_place(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(
        json.dumps({"format": "swlab-learn-progress", "version": 1, "levels": {"a": {"stars": 7}}})
    )
    with pytest.raises(
        ProgressError, match=r"p\.json: levels\.a\.stars: a whole number from 0 to 3"
    ):
        read_progress(path)


def test_stages_open_in_order() -> None:
    levels = shipped_levels()
    progress = Progress()
    assert open_stages(levels, progress) == {"setup"}
    for lv in levels:
        if lv.stage == "setup":
            progress.solved(lv.id, 1)
    assert open_stages(levels, progress) == {"setup", "conquest"}


def _learner(folder: Path, name: str, solved: dict[str, tuple[int, int, float]]) -> None:
    p = Progress(learner=name, path=folder / f"{name.lower()}.json")
    for level_id, (stars, tries, seconds) in solved.items():
        for _ in range(tries):
            p.started(level_id)
        p.spent(level_id, seconds)
        if stars:
            p.solved(level_id, stars)
    p.save()


def test_report_of_three_learners_html_and_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    ids = [lv.id for lv in shipped_levels()]
    _learner(folder, "Ann", {ids[0]: (3, 1, 30.0), ids[1]: (2, 2, 95.0)})
    _learner(folder, "Bob", {ids[0]: (1, 4, 200.0)})
    _learner(folder, "Cem", {})
    (folder / "dora.json").write_text("{not json", encoding="utf-8")
    page, table = tmp_path / "report.html", tmp_path / "report.csv"
    assert main(["learn", "report", str(folder), "-o", str(page), "--csv", str(table)]) == 0
    out = capsys.readouterr().out
    assert "dora.json" in out and "3 learners" in out
    text = page.read_text("utf-8")
    assert not re.search(r"(src|href)=['\"]?(https?:)?//", text)  # offline: no external address
    assert "dora.json" in text
    for name in ("Ann", "Bob", "Cem"):
        assert f"<td>{name}</td>" in text
    rows = list(csv.DictReader(io.StringIO(table.read_text("utf-8"))))
    assert len(rows) == 3 * len(ids)
    ann = {r["level"]: r for r in rows if r["learner"] == "Ann"}
    assert (ann[ids[1]]["stars"], ann[ids[1]]["tries"], ann[ids[1]]["seconds"]) == (
        "2",
        "2",
        "95.0",
    )
    assert ann[ids[1]]["solved"] == "1"
    bob = {r["level"]: r for r in rows if r["learner"] == "Bob"}
    assert bob[ids[0]]["stars"] == "1" and bob[ids[1]]["solved"] == "0"


def test_report_html_summary_counts(tmp_path: Path) -> None:
    ids = [lv.id for lv in shipped_levels()]
    _learner(tmp_path, "Ann", {ids[0]: (3, 1, 61.0)})
    page = report_html(gather(tmp_path))
    assert f"<td class=num>1/{len(ids)}</td>" in page
    assert "★★★" in page and "1:01" in page

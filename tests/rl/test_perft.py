"""The published move counts (``swlab/rl/perft/counts.tsv``, ``docs/perft.md``): the
engine still finds them, and the positions cover every stage, action, race and power."""

from __future__ import annotations

from pathlib import Path

import pytest

from swlab.rl import perft
from swlab.rl.actions import verbs_in_space
from swlab.rules import POWERS, RACES, Stage

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_finds_every_published_count_to_depth_3() -> None:
    published = perft.read_counts()
    names = [name for name, _covers in perft.positions()]
    assert {c.position for c in published} == set(names)
    assert {c.depth for c in published} == {1, 2, 3}
    found = perft.compute(names, depth=3)
    assert found == published


def test_the_positions_cover_every_stage_action_race_and_power() -> None:
    covered: set[str] = set()
    for name, covers in perft.positions():
        features = perft._features(perft.load_position(name))
        assert set(covers.split(", ")) <= features, name
        covered |= features
    assert {f"stage {s.value}" for s in Stage} <= covered
    assert {f"action {verb}" for verb in verbs_in_space()} <= covered
    assert {f"race {r}" for r in RACES} <= covered
    assert {f"power {p}" for p in POWERS} <= covered


def test_perft_counts_die_faces_as_branches_and_nothing_after_the_end() -> None:
    """R-CONQ-10: the die's four faces are four branches; R-FLOW-2: a finished game has
    no sequence."""
    roll = next(n for n, c in perft.positions() if "stage roll" in c)
    assert perft.perft(perft.load_position(roll), 1) == 4
    over = next(n for n, c in perft.positions() if "stage game_over" in c)
    assert [perft.perft(perft.load_position(over), d) for d in (0, 1, 2)] == [1, 0, 0]


def test_the_doc_shows_the_published_table() -> None:
    table = perft.format_table(perft.read_counts(), dict(perft.positions()))
    assert f"{perft.BEGIN}\n{table}\n{perft.END}" in (ROOT / "docs" / "perft.md").read_text()


def test_the_command_checks_the_file_and_says_which_count_differs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert perft.main(["--depth", "1"]) == 0
    wrong = tmp_path / "counts.tsv"
    wrong.write_text(perft.COUNTS.read_text().replace("p01_pick\t1\t6", "p01_pick\t1\t7"))
    monkeypatch.setattr(perft, "COUNTS", wrong)
    assert perft.main(["--depth", "1"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "p01_pick depth 1: 6, published 7"


def test_a_malformed_line_is_one_error_naming_the_file_and_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "counts.tsv"
    bad.write_text("# comment\np01_pick\t1\t6\np01_pick 2 103\n")
    with pytest.raises(ValueError, match=r"counts.tsv:3: write 'position<TAB>depth<TAB>count'"):
        perft.read_counts(bad)

"""``swlab replay``: a saved game as one self-contained HTML page (issue 26, section 4).

The page's data holds every step (the start, then one per action) with the viewer's own
words, the regions each step changed outlined, a lesson's comments at their steps; the page
holds no URL; a seeded 5-player game of greedy bots stays under 5 MB; ``--lang el`` writes
it in Greek; a bad or foreign file is one line naming it and nothing is written.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from swlab import i18n
from swlab.board import Board
from swlab.bots.base import make_bot, play_game
from swlab.cli import main
from swlab.game.record import Comment, GameRecord, RecordError, load_record, save_record
from swlab.play.replay import Replay, build_replay, replay_html, write_replay
from swlab.play.screen import Screen, log_entries, status
from swlab.rules.actions import Conquer

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
GOLDEN = RECORDS / "golden_2p.json"
LIMIT = 5 * 1000 * 1000

#: Addresses a page would load or link: any of them is a request off the machine.
URL = re.compile(r"https?://|(?:src|href)\s*=\s*['\"]?//", re.I)


def urls(page: str) -> list[str]:
    return URL.findall(page)


@pytest.fixture(scope="module")
def golden() -> GameRecord:
    return load_record(GOLDEN)


@pytest.fixture(scope="module")
def replay(golden: GameRecord) -> Replay:
    return build_replay(golden)


@pytest.fixture(scope="module")
def game5(tmp_path_factory: pytest.TempPathFactory, board5: Board) -> Path:
    """A whole seeded game of five greedy bots on official_5p, saved as a record."""
    _final, record = play_game(board5, [make_bot("greedy", seat) for seat in range(5)], 3)
    path = tmp_path_factory.mktemp("replay") / "greedy5.json"
    save_record(record, path)
    return path


def test_every_step_is_in_the_data_with_the_viewers_words(
    golden: GameRecord, replay: Replay
) -> None:
    steps = replay.data["steps"]
    assert replay.steps == len(golden.actions) and len(steps) == len(golden.actions) + 1
    timeline = golden.timeline()
    start = golden.start()
    whole = Screen(timeline[-1].state, start, tuple(timeline), len(timeline), (), reveal=True)
    entries = log_entries(whole)
    for k, step in enumerate(steps[1:], start=1):
        assert step["a"] == entries[k - 1].text, k
        assert step["e"] == list(entries[k - 1].effects), k
        screen = Screen(timeline[k - 1].state, start, (), 0, ())
        assert step["t"] == status(screen).text, k
    # the start draws every region and every label; each later step only what it changed
    ids = replay.data["ids"]
    assert sorted(r for r, _ in steps[0]["s"]) == sorted(ids)
    assert sorted(r for r, _ in steps[0]["l"]) == sorted(ids)
    assert all(len(step["s"]) < len(ids) for step in steps[1:])
    # a turn's summary at the step that ends it; the end of the game in the last status
    assert sum(1 for step in steps if step["u"]) >= golden.start().geo.turns * 2
    assert steps[-1]["u"]


def test_the_regions_a_step_changed_are_outlined(golden: GameRecord, replay: Replay) -> None:
    steps, styles = replay.data["steps"], replay.data["styles"]
    conquests = [k for k, a in enumerate(golden.actions, start=1) if isinstance(a, Conquer)]
    assert conquests
    for k in conquests:
        region = golden.actions[k - 1].region  # type: ignore[attr-defined]
        assert region in steps[k]["c"], k
    for k, step in enumerate(steps):
        shown = {}
        for j in range(k + 1):
            shown.update(dict(steps[j]["s"]))
        outlined = {r for r, index in shown.items() if "swlab-changed" in styles[index][6]}
        assert outlined == set(step["c"]), k


def test_the_page_holds_no_url(replay: Replay) -> None:
    page = replay_html(replay)
    assert urls(page) == []
    assert "xmlns" not in page and "<link" not in page and " src=" not in page
    assert page.startswith("<!DOCTYPE html><html lang='en'>")
    # the data script cannot close early: no "</" inside it
    data = page.split("<script type='application/json' id='swlab-data'>", 1)[1]
    data = data.split("</script>", 1)[0]
    assert json.loads(data)["steps"][3]["a"] == replay.data["steps"][3]["a"]


def test_the_url_count_finds_urls() -> None:
    assert len(urls("<img src='//cdn.example/x.png'> https://a http://b href=\"//c\"")) == 4


def test_a_5_player_game_stays_under_5_mb(game5: Path, tmp_path: Path) -> None:
    target = tmp_path / "greedy5.html"
    replay, size = write_replay(game5, target)
    assert size == target.stat().st_size
    print(f"\n5-player greedy game on official_5p: {replay.steps} steps, {size:,} bytes")
    assert replay.steps > 150
    assert size < LIMIT
    assert urls(target.read_text(encoding="utf-8")) == []


def test_comments_are_shown_beside_their_steps(golden: GameRecord, tmp_path: Path) -> None:
    lesson = GameRecord(
        golden.board, golden.players, golden.seed, golden.races, golden.powers,
        golden.actions,
        comments=(Comment(0, "Watch Ann's first pick."), Comment(3, "A conquest <b>here</b>."),
                  Comment(3, "And a second word.")),
    )  # fmt: skip
    path = tmp_path / "lesson.json"
    save_record(lesson, path)
    again = load_record(path)
    assert again.comments == lesson.comments
    replay = build_replay(again)
    steps = replay.data["steps"]
    assert steps[0]["m"] == ["Watch Ann's first pick."]
    assert steps[3]["m"] == ["A conquest <b>here</b>.", "And a second word."]
    assert all(not s["m"] for k, s in enumerate(steps) if k not in (0, 3))
    page = replay_html(replay)
    assert "<b>here</b>" not in page  # text, never markup
    assert "<option value='0'></option><option value='3'></option>" in page


@pytest.mark.parametrize(
    ("comments", "field"),
    [
        ({"step": 1}, "comments"),
        ([{"step": 1}], "comments.0"),
        ([{"step": "1", "text": "x"}], "comments.0.step"),
        ([{"step": 999, "text": "x"}], "comments.0.step"),
        ([{"step": 1, "text": 5}], "comments.0.text"),
        ([{"step": 1, "text": "x", "colour": "red"}], "comments.0"),
    ],
)
def test_bad_comments_are_refused_by_field(comments: object, field: str, tmp_path: Path) -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    data["comments"] = comments
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert caught.value.field == field and caught.value.file == str(path)


def test_greek_words_with_lang_el(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "game.html"
    assert main(["replay", str(GOLDEN), "-o", str(target), "--lang", "el"]) == 0
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html><html lang='el'>")
    golden = load_record(GOLDEN)
    start = golden.start()
    with i18n.using("el"):
        greek = status(Screen(start, start, (), 0, ())).text
    with i18n.using("en"):
        english = status(Screen(start, start, (), 0, ())).text
    assert greek != english
    data = json.loads(page.split("id='swlab-data'>", 1)[1].split("</script>", 1)[0])
    assert data["steps"][0]["t"] == greek
    assert re.search("[\\u0391-\\u03c9]{4}", data["steps"][5]["a"])  # Greek letters
    assert urls(page) == []


def test_the_command_writes_the_page_and_says_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "game.html"
    assert main(["replay", str(GOLDEN), "-o", str(target)]) == 0
    out = capsys.readouterr().out
    kb = round(target.stat().st_size / 1000)
    assert out == f"{target}: 77 steps of official-2p, {kb:,} kB\n"
    assert "<html lang='en'>" in target.read_text(encoding="utf-8")


def _refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert len(captured.err.splitlines()) == 1
    return captured.err


def test_a_foreign_file_is_one_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "board.json"
    board.write_text('{"type": "FeatureCollection", "features": []}', encoding="utf-8")
    target = tmp_path / "game.html"
    err = _refused(["replay", str(board), "-o", str(target)], capsys)
    assert err == (
        f"swlab: error: {board}: format: must be 'swlab game record': this is not a game record\n"
    )
    assert list(tmp_path.iterdir()) == [board]


def test_a_record_the_rules_refuse_keeps_the_old_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    data["actions"][3] = "decline"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    target = tmp_path / "game.html"
    target.write_text("the page of yesterday", encoding="utf-8")
    err = _refused(["replay", str(bad), "-o", str(target)], capsys)
    assert err.startswith(f"swlab: error: {bad}: actions.3: action 4 ('decline') is refused")
    assert target.read_text(encoding="utf-8") == "the page of yesterday"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "game.html"]


def test_missing_record_and_folder_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.json"
    err = _refused(["replay", str(missing), "-o", str(tmp_path / "x.html")], capsys)
    assert err == f"swlab: error: {missing}: cannot read the record: no such file\n"
    err = _refused(["replay", str(GOLDEN), "-o", str(tmp_path)], capsys)
    assert "is a folder; name a file" in err
    assert list(tmp_path.iterdir()) == []


def test_a_record_from_a_scenario_replays(tmp_path: Path) -> None:
    from swlab.game.game import Game

    game = Game.from_scenario("03_reinforcement_die")
    game.play("final 9; roll 1")
    path = tmp_path / "scenario_game.json"
    game.save(path)
    replay, _size = write_replay(path, tmp_path / "page.html")
    assert replay.steps == 2 and len(replay.data["steps"]) == 3


def test_the_readme_commands_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's section runs in one folder, in order, and says the page's step count."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## A game as one HTML file\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [shlex.split(line) for line in block.splitlines() if line.strip()]
    assert [c[:2] for c in commands] == [["swlab", "simulate"], *[["swlab", "replay"]] * 2]
    monkeypatch.chdir(tmp_path)
    for words in commands:
        assert main([*words[1:], "--no-progress"] if words[1] == "simulate" else words[1:]) == 0
    out = capsys.readouterr().out
    steps = re.search(r"game\.html: (\d+) steps of official-5p", out)
    assert steps is not None and f"{steps[1]} steps" in section
    assert (
        (tmp_path / "spiel.html")
        .read_text(encoding="utf-8")
        .startswith("<!DOCTYPE html><html lang='de'>")
    )


@pytest.mark.parametrize(("lang", "attribute"), [("pt", "pt-BR"), ("tr", "tr"), ("de", "de")])
def test_the_page_names_its_language(lang: str, attribute: str, replay: Replay) -> None:
    with i18n.using(lang):
        page = replay_html(replay)
    assert page.startswith(f"<!DOCTYPE html><html lang='{attribute}'>")

"""JSON game records: round trip, same seed same game, replay, scenario starts, errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from swlab.game import (
    GameRecord,
    RecordError,
    load_record,
    load_scenario,
    replay_record,
    save_record,
)
from swlab.game.scenario import resolve_board
from swlab.rules import new_game, play_random

ROOT = Path(__file__).resolve().parents[2]


def played(seed: int, players: int = 2) -> tuple[GameRecord, object]:
    board = resolve_board(f"official_{players}p")
    start = new_game(board, players, seed=seed)
    final, actions = play_random(start, random.Random(seed))
    return GameRecord.from_state(start, actions), final


def test_json_round_trip_and_replay_reproduces_the_final_state(tmp_path: Path) -> None:
    record, final = played(5)
    path = tmp_path / "game.json"
    save_record(record, path)
    data = json.loads(path.read_text())
    assert data["format"] == "swlab game record" and data["version"] == 2
    assert data["actions"][0].startswith("pick")
    again = load_record(path)
    assert again == record
    steps = replay_record(again)
    assert steps[-1].state == final and len(steps) == len(record.actions)
    assert steps[0].events[0].rule == "R-PICK-1"


def test_text_records_still_save_and_load(tmp_path: Path) -> None:
    record, _ = played(6)
    save_record(record, tmp_path / "game.txt")
    assert (tmp_path / "game.txt").read_text().startswith("swlab game record 1")
    assert load_record(tmp_path / "game.txt") == record


def test_same_seed_gives_the_same_game() -> None:
    a, fa = played(11, 3)
    b, fb = played(11, 3)
    assert a == b and fa == fb
    c, _ = played(12, 3)
    assert c != a


def test_a_record_that_starts_from_a_scenario_replays(tmp_path: Path) -> None:
    start = load_scenario(ROOT / "swlab" / "game" / "scenarios" / "03_reinforcement_die.yaml")
    from swlab.game import Game

    game = Game.from_state(start)
    game.play("final 9; roll 1; done")
    record = game.record
    assert record.scenario is not None and record.races == ()
    path = tmp_path / "sub" / "from_scenario.json"
    save_record(record, path)
    again = load_record(path)
    assert again == record
    assert again.final_state() == game.state
    with pytest.raises(ValueError, match="written as JSON"):
        record.to_text()


def test_a_scenario_record_keeps_a_board_file_relative_to_the_record(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    graph = (ROOT / "maps" / "graphs" / "official_2p.json").read_text()
    (tmp_path / "maps" / "b.json").write_text(graph)
    (tmp_path / "s.yaml").write_text("board: maps/b.json\nplayers: [A, B]\nseed: 3\n")
    start = load_scenario(tmp_path / "s.yaml")
    record = GameRecord.from_scenario(start, ())
    save_record(record, tmp_path / "records" / "r.json")
    data = json.loads((tmp_path / "records" / "r.json").read_text())
    assert data["scenario"]["board"] == "../maps/b.json"
    assert load_record(tmp_path / "records" / "r.json").start() == start


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"format": "chess"}, "format", "must be"),
        ({"version": 9}, "version", "reads versions"),
        ({"players": "Ann"}, "players", "list of strings"),
        ({"seed": "x"}, "seed", "whole number"),
        ({"races": None}, "races", "list of strings"),
        ({"actions": ["pick 0", "conqer 3"]}, "actions.1", "unknown action"),
        ({"colour": 1}, "colour", "unknown field"),
        ({"board": 3}, "board", "board's name"),
    ],
)
def test_malformed_records_name_the_field(
    tmp_path: Path, change: dict[str, object], field: str, words: str
) -> None:
    record, _ = played(1)
    data = record.to_json()
    data.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert info.value.field == field and words in info.value.reason
    assert str(info.value).startswith(f"{path}: {field}: ")


def test_missing_seed_and_broken_json(tmp_path: Path) -> None:
    record, _ = played(1)
    data = record.to_json()
    del data["seed"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="seed: is required"):
        load_record(path)
    path.write_text("{ not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(path)
    path.write_text("hello")
    with pytest.raises(RecordError, match="not a swlab game record"):
        load_record(path)


@pytest.mark.parametrize("form", ["json", "text"])
def test_two_players_of_the_same_name_are_refused(tmp_path: Path, form: str) -> None:
    """Seats are named in the log and the scores: two Anns cannot be told apart."""
    record, _ = played(1)
    path = tmp_path / f"twins.{'json' if form == 'json' else 'txt'}"
    if form == "json":
        data = record.to_json()
        data["players"] = ["Ann", "Ann"]
        path.write_text(json.dumps(data))
    else:
        header = f"players: {', '.join(record.players)}"
        path.write_text(record.to_text().replace(header, "players: Ann, Ann"))
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value) == (
        f"{path}: players.1: 'Ann' is also the name of players.0: two players have the same name"
    )


def test_save_record_is_atomic(tmp_path: Path) -> None:
    record, _ = played(2)
    save_record(record, tmp_path / "a.json")
    save_record(record, tmp_path / "a.json")
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]

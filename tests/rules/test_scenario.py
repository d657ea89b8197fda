"""Scenario files: every position of RULES.md as YAML/JSON, loaded, saved, run."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from swlab.game.codec import Ctx, decode, encode, schema_fields
from swlab.game.report import run_scenario
from swlab.game.scenario import (
    ScenarioError,
    dump_scenario,
    load_scenario,
    resolve_board,
    save_scenario,
    scenario_from_dict,
)
from swlab.rules import GameState, Stage, apply, legal_actions, new_game, random_action
from swlab.rules.state import Conquest

from .helpers import SMALL_BORDERS, SMALL_EDGE, SMALL_REGIONS
from .helpers import scenario_base as base
from .helpers import scenario_refusal as error_of
from .invariants import check_invariants
from .scenario_paths import scenario_docs, shipped_scenarios

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = shipped_scenarios(tutorial=False)
DOCS = scenario_docs()


# --- the examples a teacher uses -------------------------------------------------------


def tries(path: Path) -> list[tuple[str, bool, str | None]]:
    """The "What to try" lines of an example's header: (actions, refused?, rule)."""
    header = "".join(line[1:] for line in path.read_text().splitlines(True) if line[:1] == "#")
    chunks = header.split("--actions ")[1:]
    out = []
    for chunk in chunks:
        actions = re.match(r'"([^"]*)"', chunk)
        assert actions, chunk
        rule = re.search(r"refused \((R-[A-Z0-9-]+)\)", chunk)
        out.append((actions.group(1), "refused" in chunk, rule.group(1) if rule else None))
    return out


def test_there_are_six_examples_or_more() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_loads_and_each_suggestion_runs_as_its_comment_says(path: Path) -> None:
    state = load_scenario(path)
    check_invariants(state)
    suggestions = tries(path)
    assert suggestions, f"{path.name} has no 'What to try' actions"
    for actions, refused, rule in suggestions:
        report = run_scenario(path, actions)
        json.dumps(report)  # JSON-able
        if refused:
            assert "error" in report, (path.name, actions)
            if rule:
                assert report["error"]["rule"] == rule, (actions, report["error"])
        else:
            assert "error" not in report, (path.name, actions, report.get("error"))
            assert len(report["actions"]) == len(actions.split(";"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_round_trips_through_yaml_and_json(path: Path, tmp_path: Path) -> None:
    state = load_scenario(path)
    for name in ("again.yaml", "again.json"):
        save_scenario(state, tmp_path / name)
        assert load_scenario(tmp_path / name) == state
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.json", "again.yaml"]


# --- round trip over real games -------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_load_of_dump_is_the_same_state_at_every_step_of_a_game(players: int) -> None:
    board = resolve_board(f"official_{players}p")
    state = new_game(board, players, seed=players)
    rng = random.Random(players)
    for _ in range(150):
        if not legal_actions(state):
            break
        state, _ = apply(state, random_action(state, rng))
        data = dump_scenario(state)
        text = yaml.safe_dump(data, sort_keys=False)
        assert scenario_from_dict(yaml.safe_load(text)) == state
        assert scenario_from_dict(json.loads(json.dumps(data))) == state


def test_save_is_atomic_and_names_the_board_relative_to_the_file(tmp_path: Path) -> None:
    graph = ROOT / "maps" / "graphs" / "official_2p.json"
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "mine.json").write_text(graph.read_text())
    (tmp_path / "lessons").mkdir()
    src = tmp_path / "lessons" / "a.yaml"
    src.write_text("board: ../maps/mine.json\nplayers: [Ann, Bob]\n")
    state = load_scenario(src)
    out = tmp_path / "lessons" / "b.yaml"
    save_scenario(state, out, header="saved by a test")
    text = out.read_text()
    assert text.startswith("# saved by a test\n") and "board: ../maps/mine.json" in text
    assert load_scenario(out) == state
    assert [p.name for p in (tmp_path / "lessons").iterdir() if p.name.startswith(".")] == []


def test_inline_board_for_map_designers() -> None:
    regions = [
        {
            "id": rid,
            "terrain": spec if isinstance(spec, str) else spec[0],
            "symbols": [] if isinstance(spec, str) else list(spec[1:]),
            "edge": rid in SMALL_EDGE,
            "neighbours": sorted(
                {b for a, b in SMALL_BORDERS if a == rid}
                | {a for a, b in SMALL_BORDERS if b == rid}
            ),
        }
        for rid, spec in SMALL_REGIONS.items()
    ]
    d = {
        "board": {"name": "tiny", "players": 2, "turns": 3, "regions": regions},
        "players": ["A", "B"],
    }
    state = scenario_from_dict(d)
    assert state.geo.name == "tiny" and state.region_of(1).lost_tribes == 1
    again = dump_scenario(state)
    assert isinstance(again["board"], dict)
    assert scenario_from_dict(again) == state


# --- what the format expresses --------------------------------------------------------


def test_defaults_setup_regions_seeded_stacks_and_the_turn_begun_by_the_engine() -> None:
    state = scenario_from_dict({"board": "official_2p", "players": ["Ann", "Bob"], "seed": 4})
    fresh = new_game(resolve_board("official_2p"), ["Ann", "Bob"], seed=4)
    assert state.regions == fresh.regions  # R-SETUP-2
    assert len(state.column) == 6 and state.stage is Stage.PICK
    assert sorted(c.race for c in state.column) + sorted(state.race_stack) != []
    assert len({c.race for c in state.column} | set(state.race_stack)) == 14
    assert state == scenario_from_dict(
        {"board": "official_2p", "players": ["Ann", "Bob"], "seed": 4}
    )


def test_turn_start_readies_troops_and_decline_ghouls_go_first() -> None:
    d = base(
        players=[
            {"name": "Ann", "active": {"race": "Ratmen", "power": "Hill"}, "declined": ["Ghouls"]},
            {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
        ],
        regions={3: {"race": "Ratmen", "tokens": 2}, 4: {"race": "Ghouls", "tokens": 3}},
        turn="start",
    )
    state = scenario_from_dict(d)
    assert state.turn.acting == "Ghouls" and state.race("Ghouls").hand == 2  # type: ignore[union-attr]


def test_every_turn_field_is_expressible() -> None:
    d = base(
        turn={
            "stage": "conquer",
            "actor": "Ann",
            "acting": "Ratmen",
            "picked": True,
            "acted": True,
            "conquests": [{"race": "Ratmen", "region": 3, "non_empty": True, "defender": "Bob"}],
            "converted": ["Bob"],
            "data": {"fortress": 1},
        },
        current="Ann",
        round=3,
        reshuffles=1,
    )
    state = scenario_from_dict(d)
    t = state.turn
    assert t.picked and t.acted and t.converted == frozenset({1}) and t.data == (("fortress", 1),)
    assert t.conquests == (replace(Conquest("Ratmen", state.geo.index[3], True, 1)),)
    assert state.round == 3 and state.reshuffles == 1
    assert scenario_from_dict(dump_scenario(state)) == state


def test_players_data_trays_column_and_stacks() -> None:
    d = base(
        players=[
            {"name": "Ann", "coins": 9, "data": {"peace": 1},
             "active": {"race": "Amazons", "power": "Hill", "hand": 2, "reserve": 4}},
            {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
        ],
        regions={3: {"race": "Amazons", "tokens": 2, "fortress": True}, 7: {"race": "Humans"}},
        trays={"Humans": 5},
        column=[{"race": "Elves", "power": "Swamp", "coins": 2}],
        race_stack=["Orcs"],
        power_stack=["Alchemist"],
        power_discard=["Wealthy"],
    )  # fmt: skip
    state = scenario_from_dict(d)
    assert state.players[0].data == (("peace", 1),) and state.players[0].coins == 9
    assert state.tray("Amazons") == 15 - 8 and state.tray("Humans") == 5
    assert state.column[0].coins == 2 and len(state.column) == 1
    assert state.race_stack[0] == "Orcs" and len(state.race_stack) == 14 - 3
    assert state.power_stack[0] == "Alchemist" and state.power_discard == ("Wealthy",)
    assert scenario_from_dict(dump_scenario(state)) == state


# --- mistakes name the file and the YAML path -----------------------------------------


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        ({"colour": "red"}, "colour", "unknown key"),
        ({"regions": {3: {"race": "Ratmen", "tokns": 2}}}, "regions.3.tokns", "unknown key"),
        ({"regions": {3: {"race": "Ratmen", "tokens": "two"}}}, "regions.3.tokens", "whole number"),
        ({"regions": {3: {"race": "Ratmen", "tokens": 14}}}, "regions.3.tokens", "box holds 13"),
        ({"regions": {99: {"lost_tribes": 1}}}, "regions.99", "no region 99"),
        ({"regions": {3: {"race": "Dragons"}}}, "regions.3.race", "unknown race"),
        ({"regions": {3: {"race": "Elves"}}}, "regions.3.race", "no player owns"),
        ({"regions": {3: {"race": "Ratmen", "owner": "Bob"}}}, "regions.3.owner", "one owner"),
        ({"regions": {3: {"race": "Ratmen", "lost_tribes": 1}}}, "regions.3.lost_tribes", "CONQ-5"),
        ({"regions": {3: {"owner": "Ann"}}}, "regions.3.owner", "needs race tokens"),
        ({"regions": {3: {"race": "Ratmen", "hero": "yes"}}}, "regions.3.hero", "true or false"),
        ({"column": [{"race": "Elves", "power": "Sneaky"}]}, "column.0.power", "unknown power"),
        ({"column": [{"race": "Ratmen", "power": "Swamp"}]}, "column.0.race", "already at"),
        ({"turn": {"stage": "dance"}}, "turn.stage", "one of"),
        ({"turn": {"actor": "Carl"}}, "turn.actor", "no player called"),
        ({"turn": {"final_region": 42}}, "turn.final_region", "no region 42"),
        ({"trays": {"Ratmen": -1}}, "trays.Ratmen", "fewer than 0"),
        ({"round": 11}, "round", "rounds 1 to 10"),
        ({"board": "official_9p"}, "board", "no shipped board"),
        ({"players": ["Ann", "Bob", "Cy"]}, "players", "R-SETUP-1"),
    ],
)  # fmt: skip
def test_mistakes_are_scenario_errors_with_file_and_path(
    change: dict[str, Any], path: str, words: str
) -> None:
    err = error_of(base(**change))
    assert isinstance(err, ValueError)
    assert err.file == "lesson.yaml" and err.path == path, str(err)
    assert words in err.reason, str(err)
    assert str(err).startswith(f"lesson.yaml: {path}: ")


def test_player_races_are_checked() -> None:
    players = [
        {"name": "Ann", "active": {"race": "Ratmen", "power": "Hill", "hand": 14}},
        {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
    ]
    err = error_of(base(players=players, regions={}))
    assert err.path == "players.0.active.hand" and "13" in err.reason
    players[1]["active"]["race"] = "Ratmen"  # type: ignore[index]
    assert error_of(base(players=players, regions={})).path == "players.1.active.race"


def test_a_key_written_twice_and_bad_yaml_name_the_file(tmp_path: Path) -> None:
    p = tmp_path / "twice.yaml"
    p.write_text("board: official_2p\nplayers: [A, B]\nregions:\n  3: {lost_tribes: 1}\n  3: {}\n")
    with pytest.raises(
        ScenarioError, match=r"twice\.yaml: regions\.3: the key '3' appears twice \(line 5\)"
    ):
        load_scenario(p)
    p.write_text("board: [unclosed\n")
    with pytest.raises(ScenarioError, match=r"twice\.yaml: not valid YAML"):
        load_scenario(p)
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "missing.yaml")


# --- running and the command line -----------------------------------------------------


def test_one_key_in_two_spellings_names_the_file_line_and_key(tmp_path: Path) -> None:
    p = tmp_path / "spelled.yaml"
    p.write_text("board: official_2p\nplayers: [A, B]\nregions:\n  12: {}\n  0xC: {tokens: 0}\n")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(p)
    assert str(caught.value) == str(p) + (
        ": regions.0xC: the key '0xC' (line 5) is the key '12' of line 4 again: "
        "YAML reads both as 12, and the last would win"
    )


def test_a_region_listed_as_text_and_as_a_number_is_listed_twice(tmp_path: Path) -> None:
    """JSON keys are text: ``"012"`` and ``"12"`` are two keys but one region."""
    p = tmp_path / "twice.json"
    p.write_text(
        '{"board": "official_2p", "players": ["A", "B"], "regions": {"12": {}, "012": {}}}'
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario(p)
    assert str(caught.value) == str(p) + (
        ": regions.012: region 12 is listed twice (also as regions.12)"
    )


def test_run_scenario_reports_events_scores_legal_and_stops_at_an_illegal_action(
    tmp_path: Path,
) -> None:
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(base()))
    report = run_scenario(p, "conquer 2\nconquer 4; end")
    assert report["actions"] == ["conquer 2"]
    assert report["events"][0] == {
        "kind": "Conquered",
        "rule": "R-CONQ-2",
        "text": report["steps"][0]["events"][0]["text"],
    }
    assert report["error"]["rule"] == "R-CONQ-2" and report["error"]["index"] == 1
    assert report["error"]["action"] == "conquer 4"
    assert report["legal"] == [
        repr(a) for a in legal_actions(scenario_from_dict(report["state"], tmp_path))
    ]
    assert report["scores"] == {"Ann": 5, "Bob": 5} and report["stage"] == "conquer"
    bad = run_scenario(p, "conqer 2")
    assert bad["error"]["rule"] is None and "unknown action" in bad["error"]["message"]


# --- the documented field list cannot drift from the code -----------------------------


def test_docs_embed_the_generated_field_reference() -> None:
    doc = (ROOT / "docs" / "scenarios.md").read_text()
    block = doc.split(DOCS.DOC_START, 1)[1].split(DOCS.DOC_END, 1)[0]
    assert block.strip() == DOCS.field_reference().strip(), (
        "docs/scenarios.md is out of date: run `python tools/scenario_docs.py refresh`"
    )


def test_every_state_field_is_in_the_reference() -> None:
    ref = DOCS.field_reference()
    for cls, _where in DOCS.FIELD_TABLES:
        for f in schema_fields(cls):
            key = "race" if f.name == "name" and cls.__name__ == "RaceState" else f.name
            assert f"`{key}`" in ref, (cls.__name__, f.name)
    assert {f.name for f in fields(GameState)} - {f.name for f in schema_fields(GameState)} == {
        "geo"
    }


def test_custom_badges_defined_in_the_process_round_trip() -> None:
    from swlab.rules.abilities.custom import custom_power, custom_race

    goblins = custom_race("Goblins", 7, 14, coins_per={"terrain": {"hill": 1}})
    looting = custom_power("Looting", 3, coins_per={"conquest": 1})
    board = resolve_board("official_2p")
    state = new_game(board, ["Ann", "Bob"], seed=9, races=[goblins], powers=[looting])
    rng = random.Random(9)
    for _ in range(40):
        data = dump_scenario(state)
        assert data["trays"]["Goblins"] == state.tray("Goblins")
        assert scenario_from_dict(json.loads(json.dumps(data))) == state
        state, _ = apply(state, random_action(state, rng))


@dataclass(frozen=True)
class _Inner:
    region: int = field(default=-1, metadata={"scenario": "region"})
    label: str = ""


@dataclass(frozen=True)
class _FutureBadgeState:
    """What a power might add later: every kind of field the codec reads by its type."""

    ally: int = field(default=-1, metadata={"scenario": "player"})
    rolls: tuple[int, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    seen: frozenset[int] = field(default=frozenset(), metadata={"scenario": "player"})
    stage: Stage | None = None
    flag: bool = False
    inner: _Inner = _Inner()
    pairs: tuple[tuple[int, str], ...] = field(default=(), metadata={"scenario": ("region", None)})


def test_fields_added_later_are_read_and_written_by_their_type() -> None:
    geo = scenario_from_dict(base()).geo
    ctx = Ctx(["Ann", "Bob"], geo)
    raw = {
        "ally": "Bob",
        "rolls": [3, 0],
        "counters": {"dragon": 1},
        "seen": ["Bob", "Ann"],
        "stage": "roll",
        "flag": True,
        "inner": {"region": 12, "label": "x"},
        "pairs": [[12, "Ratmen"]],
    }
    value = decode(raw, _FutureBadgeState, None, "turn.future", ctx)
    assert value == _FutureBadgeState(
        ally=1,
        rolls=(3, 0),
        counters=(("dragon", 1),),
        seen=frozenset({0, 1}),
        stage=Stage.ROLL,
        flag=True,
        inner=_Inner(geo.index[12], "x"),
        pairs=((geo.index[12], "Ratmen"),),
    )
    assert (
        decode(encode(value, _FutureBadgeState, None, ctx), _FutureBadgeState, None, "", ctx)
        == value
    )
    with pytest.raises(ScenarioError, match=r"turn\.future\.inner\.region: there is no region 99"):
        decode({"inner": {"region": 99}}, _FutureBadgeState, None, "turn.future", ctx)
    with pytest.raises(ScenarioError, match=r"turn\.future\.rolls\.1: expected a whole number"):
        decode({"rolls": [1, "x"]}, _FutureBadgeState, None, "turn.future", ctx)


def test_the_examples_in_the_docs_load() -> None:
    doc = (ROOT / "docs" / "scenarios.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    first = yaml.safe_load(blocks[0])
    state = scenario_from_dict(first, ROOT / "docs")
    assert state.region_of(10).fortress and state.stage is Stage.CONQUER
    board_only = yaml.safe_load(blocks[1])
    tiny = scenario_from_dict({**board_only, "players": ["A", "B"]})
    assert tiny.geo.ids == (1, 2, 3) and tiny.region_of(3).mountain


def test_refresh_docs_rewrites_only_the_generated_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = tmp_path / "s.md"
    doc.write_text(f"# Title\n\n{DOCS.DOC_START}\nold\n{DOCS.DOC_END}\ntail\n")
    assert DOCS.main(["refresh", str(doc)]) == 0
    text = doc.read_text()
    assert text.startswith("# Title\n") and text.endswith(f"{DOCS.DOC_END}\ntail\n")
    assert DOCS.field_reference() in text and "old" not in text
    assert DOCS.main(["refresh", str(doc)]) == 0
    assert "up to date" in capsys.readouterr().out

"""The shipped scenarios (``swlab/game/scenarios``): found by name, by file, from the package."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from swlab.board.catalog import CatalogError
from swlab.game import Game, ScenarioError, load_scenario
from swlab.game.shipped import find_scenario, scenario_path, scenarios_dir, shipped_scenario_names

ROOT = Path(__file__).resolve().parents[2]


def test_the_scenarios_ship_inside_the_game_package() -> None:
    assert scenarios_dir() == Path(str(files("swlab.game") / "scenarios"))
    assert scenarios_dir().is_relative_to(ROOT / "swlab" / "game")
    assert not (ROOT / "swlab" / "data" / "scenarios").exists()  # one copy


def test_shipped_scenarios_by_name() -> None:
    names = shipped_scenario_names()
    assert "01_first_conquest" in names and "tutorial/02_the_die" in names
    expected = scenarios_dir() / "tutorial" / "02_the_die.yaml"
    for spec in (
        "tutorial/02_the_die",
        "02_the_die",
        "02_the_die.yaml",
        "tutorial/02_the_die.yaml",
    ):
        assert find_scenario(spec) == expected, spec
    with pytest.raises(CatalogError, match="shipped scenarios: 01_first_conquest"):
        find_scenario("02_the_dice")


def test_an_existing_scenario_file_wins_over_a_shipped_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "01_first_conquest").write_text("board: official_3p\nplayers: [A, B, C]\n")
    assert scenario_path("01_first_conquest") == Path("01_first_conquest")
    assert load_scenario("01_first_conquest").geo.name == "official-3p"
    assert scenario_path("03_reinforcement_die") == scenarios_dir() / "03_reinforcement_die.yaml"


def test_load_scenario_and_game_take_a_shipped_name() -> None:
    state = load_scenario("tutorial/02_the_die")
    assert state == load_scenario(scenarios_dir() / "tutorial" / "02_the_die.yaml")
    game = Game.from_scenario("02_the_die")
    assert game.state == state
    with pytest.raises(ScenarioError, match="no scenario file or shipped scenario"):
        load_scenario("tutorial/99_nothing")

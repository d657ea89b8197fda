"""What a played game is made of, on top of the rules engine (:mod:`swlab.rules`): the
notebook :class:`Game` and its timeline, records that replay exactly, scenario files (any
position of RULES.md as YAML) and their codec, the run reports of ``swlab scenario run``,
and the scenarios swlab ships::

    from swlab.game import Game, load_scenario, run_scenario

    game = Game("official_2p", ["Ann", "Bob"], seed=7)
    game.play("pick 0; conquer 12")
    state = load_scenario("tutorial/02_the_die")      # a shipped scenario, by name
    run_scenario("06_ghouls_first", "conquer 7; end")  # the JSON report

The engine below knows nothing of files or boards on disk; this floor reads and writes them
(through :mod:`swlab.safe_io`) and finds boards with :mod:`swlab.board.catalog`.
Formats: ``docs/scenarios.md`` and ``docs/rules_engine.md``.
"""

from swlab.game.game import Game
from swlab.game.record import GameRecord, RecordError, ReplayError, Step, load_record, save_record
from swlab.game.record import replay as replay_record
from swlab.game.report import run_scenario
from swlab.game.scenario import (
    ScenarioError,
    dump_scenario,
    load_scenario,
    save_scenario,
    scenario_from_dict,
)
from swlab.game.shipped import find_scenario, scenario_path, shipped_scenario_names

__all__ = [
    "Game",
    "GameRecord",
    "RecordError",
    "ReplayError",
    "ScenarioError",
    "Step",
    "dump_scenario",
    "find_scenario",
    "load_record",
    "load_scenario",
    "replay_record",
    "run_scenario",
    "save_record",
    "save_scenario",
    "scenario_from_dict",
    "scenario_path",
    "shipped_scenario_names",
]

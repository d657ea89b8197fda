"""Golden games: whole games stored as JSON records, replayed against hand-checked ledgers.

Each ``tests/data/records/NAME.json`` has a ``NAME.md`` beside it explaining every turn's
coins (regions + bonuses, rule ids). The test reads that Markdown table and compares it,
scoring by scoring, with the replay: round, player, regions counted, coins scored and the
player's total after scoring.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from swlab.rules import GameRecord, is_over, load_record, replay_record, winners
from swlab.rules.events import GameEnded, Scored

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
GAMES = sorted(p.stem for p in RECORDS.glob("*.json"))


@dataclass(frozen=True)
class Line:
    round: int
    player: str
    regions: int
    scored: int
    coins: int


def ledger(name: str) -> list[Line]:
    """The rows of the turn-by-turn table of ``NAME.md``."""
    out = []
    for row in (RECORDS / f"{name}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) != 7 or not cells[0].isdigit():
            continue
        regions = re.search(r"= (\d+)$", cells[3])
        assert regions, f"{name}.md: regions cell must end with '= N': {cells[3]!r}"
        out.append(
            Line(int(cells[0]), cells[1], int(regions.group(1)), int(cells[5]), int(cells[6]))
        )
    return out


def scorings(record: GameRecord) -> list[Line]:
    out = []
    state = record.start()
    for step in replay_record(record):
        for e in step.events:
            if isinstance(e, Scored):
                regions = sum(amount for label, amount, rule in e.rows if rule == "R-SCORE-1")
                name = state.players[e.player].name
                coins = step.state.players[e.player].coins
                out.append(Line(state.round, name, regions, e.total, coins))
        state = step.state
    return out


def test_there_are_two_golden_games_or_more() -> None:
    assert len(GAMES) >= 2 and all((RECORDS / f"{g}.md").is_file() for g in GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_golden_game_coins_match_the_ledger_turn_by_turn(name: str) -> None:
    record = load_record(RECORDS / f"{name}.json")
    expected = ledger(name)
    actual = scorings(record)
    for k, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"{name}.md row {k + 1}: ledger {want}, replay {got}"
    assert len(actual) == len(expected), (len(actual), len(expected))


@pytest.mark.parametrize("name", GAMES)
def test_golden_game_is_complete_and_replays_to_the_same_end(name: str) -> None:
    record = load_record(RECORDS / f"{name}.json")
    steps = replay_record(record)
    final = steps[-1].state
    assert is_over(final)
    ended = [e for e in steps[-1].events if isinstance(e, GameEnded)]
    assert ended and ended[0].winners == winners(final)
    last = ledger(name)
    best = max(line.coins for line in last[-len(final.players) :])
    assert all(final.players[w].coins == best for w in winners(final))
    assert record.final_state() == final

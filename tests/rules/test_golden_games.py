"""Golden games: whole games stored as JSON records, replayed against hand-checked ledgers.

Each ``tests/data/records/NAME.json`` has a ``NAME.md`` beside it explaining every turn's
coins (regions + bonuses, rule ids). The test reads that Markdown table and compares it,
scoring by scoring, with the replay: round, player, regions counted, coins scored and the
player's total after scoring.

``golden_3p_full`` (a whole 3-player game from setup, played by the greedy bots) has a
stricter ledger: each row names the regions of every race the player scores, which are
checked against the replayed board; the bonuses and pick payments it writes out must add
up to the row's ``scored`` and running ``coins``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from swlab.game import GameRecord, load_record, replay_record
from swlab.rules import is_over, winners
from swlab.rules.events import Declined, DefenderToRedeploy, GameEnded, Scored, TokensLost

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
GAMES = sorted(p.stem for p in RECORDS.glob("*.json"))
#: Games played from setup to the end (no scenario).
FULL_GAMES = ("golden_2p", "golden_3p_full")
#: Ledgers whose ``regions scored`` cells list every region per race ("Humans 14, 19 +
#: decline Ratmen 3 = 3"), whose bonus cells hold every "+N" and whose picks say
#: "pays N, collects M".
STRICT_LEDGERS = ("golden_3p_full",)


@dataclass(frozen=True)
class Line:
    round: int
    player: str
    regions: int
    scored: int
    coins: int


def table(name: str) -> list[list[str]]:
    """The cells of the rows of the turn-by-turn table of ``NAME.md``."""
    out = []
    for row in (RECORDS / f"{name}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[0].isdigit():
            out.append(cells)
    return out


def ledger(name: str) -> list[Line]:
    """The rows of the turn-by-turn table of ``NAME.md``."""
    out = []
    for cells in table(name):
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


def held_at_scorings(record: GameRecord) -> list[dict[tuple[str, bool], list[int]]]:
    """For each scoring in order: the regions of the scoring player, per (race, in decline)."""
    out = []
    for step in replay_record(record):
        for e in step.events:
            if isinstance(e, Scored):
                s = step.state
                held: dict[tuple[str, bool], list[int]] = {}
                for i, r in enumerate(s.regions):
                    if r.owner == e.player:
                        held.setdefault((r.race, r.in_decline), []).append(s.geo.ids[i])
                out.append(held)
    return out


def listed_regions(cell: str) -> dict[tuple[str, bool], list[int]]:
    """``"Humans 14, 19 + decline Ratmen 3 = 3"`` -> ``{("Humans", False): [14, 19], ...}``."""
    out: dict[tuple[str, bool], list[int]] = {}
    for part in cell.rsplit(" = ", 1)[0].split(" + "):
        m = re.fullmatch(r"(decline )?([A-Z][A-Za-z ]*?) (\d+(?:, \d+)*)", part.strip())
        assert m, f"cannot read the regions of {part!r} in {cell!r}"
        ids = [int(x) for x in m.group(3).split(", ")]
        out[(m.group(2), bool(m.group(1)))] = sorted(ids)
    return out


def test_there_are_two_golden_games_or_more() -> None:
    assert len(GAMES) >= 2 and all((RECORDS / f"{g}.md").is_file() for g in GAMES)
    assert set(FULL_GAMES) <= set(GAMES) and set(STRICT_LEDGERS) <= set(GAMES)


@pytest.mark.parametrize("name", FULL_GAMES)
def test_full_golden_games_run_from_setup_to_the_last_round(name: str) -> None:
    record = load_record(RECORDS / f"{name}.json")
    assert record.scenario is None
    start = record.start()
    assert start.round == 1 and all(p.coins == 5 for p in start.players)
    players = [p.name for p in start.players]
    lines = ledger(name)
    turns = start.geo.turns
    assert [(line.round, line.player) for line in lines] == [
        (r, p) for r in range(1, turns + 1) for p in players
    ]


@pytest.mark.parametrize("name", STRICT_LEDGERS)
def test_strict_ledger_regions_bonuses_and_coins_add_up(name: str) -> None:
    """Regions named per race = the replayed board; regions + bonuses = scored; coins run."""
    record = load_record(RECORDS / f"{name}.json")
    held = held_at_scorings(record)
    rows = table(name)
    assert len(rows) == len(held)
    coins = {p: 5 for p in record.players}
    for k, (cells, board) in enumerate(zip(rows, held, strict=True)):
        where = f"{name}.md row {k + 1} ({cells[0]} {cells[1]})"
        listed = listed_regions(cells[3])
        assert listed == {key: sorted(ids) for key, ids in board.items()}, where
        regions = sum(len(ids) for ids in listed.values())
        assert cells[3].endswith(f"= {regions}"), where
        bonus = sum(int(x) for x in re.findall(r"\+(\d+)", cells[4]))
        assert regions + bonus == int(cells[5]), where
        pick = re.search(r"pays (\d+), collects (\d+)", cells[2])
        if pick:
            coins[cells[1]] += int(pick.group(2)) - int(pick.group(1))
        coins[cells[1]] += int(cells[5])
        assert coins[cells[1]] == int(cells[6]), where


def test_golden_3p_full_has_declines_losses_and_defender_redeployment() -> None:
    """The full 3-player game shows what the brief asked for (see golden_3p_full.md)."""
    record = load_record(RECORDS / "golden_3p_full.json")
    assert record.board == "official-3p" and len(record.players) == 3
    events = [e for step in replay_record(record) for e in step.events]
    declines = {p: 0 for p in range(3)}
    for e in events:
        if isinstance(e, Declined):
            declines[e.player] += 1
    assert all(n >= 1 for n in declines.values()), declines
    assert any(isinstance(e, TokensLost) and e.player >= 0 and e.lost and e.to_hand for e in events)
    assert any(isinstance(e, DefenderToRedeploy) and e.tokens for e in events)
    races = {e.race for e in events if isinstance(e, Declined)}
    assert {"Ratmen", "Wizards", "Dwarves", "Humans", "Orcs"} <= races


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

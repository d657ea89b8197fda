"""Setup and components (R-SETUP-1..5, R-COMP-1..6)."""

from __future__ import annotations

import pytest

from swlab.rules import POWERS, RACES, Stage, new_game
from swlab.rules.actions import DIE_FACES

from .helpers import official, small_board


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_setup_1_r_comp_1_board_and_turn_track(players: int) -> None:
    board = official(players)
    state = new_game(board, players, seed=1)
    assert state.round == 1
    assert state.geo.turns == {2: 10, 3: 10, 4: 9, 5: 8}[players]


def test_r_setup_1_board_is_for_its_player_count() -> None:
    with pytest.raises(ValueError, match="R-SETUP-1"):
        new_game(official(5), 3, seed=1)


@pytest.mark.parametrize("players", [2, 5])
def test_r_setup_2_lost_tribes_and_mountains(players: int) -> None:
    board = official(players)
    state = new_game(board, players, seed=1)
    for i, rid in enumerate(state.geo.ids):
        region = state.regions[i]
        assert region.lost_tribes == (1 if "lost_tribe" in board[rid].symbols else 0)
        assert region.mountain == (board[rid].terrain == "mountain")
    assert sum(r.lost_tribes for r in state.regions) <= 18  # R-COMP-2: 18 tokens
    assert sum(r.mountain for r in state.regions) <= 9  # R-COMP-5: 9 Mountains


def test_r_setup_3_six_visible_combos_from_shuffled_stacks() -> None:
    state = new_game(small_board(), 2, seed=3)
    assert len(state.column) == 6
    assert len(state.race_stack) == 14 - 6 and len(state.power_stack) == 20 - 6
    races = [c.race for c in state.column] + list(state.race_stack)
    assert sorted(races) == sorted(RACES)
    other = new_game(small_board(), 2, seed=4)
    assert [c.race for c in other.column] != [c.race for c in state.column]


def test_r_setup_3_explicit_stack_order_overrides_the_shuffle() -> None:
    state = new_game(small_board(), 2, seed=3, races=["Elves", "Orcs"], powers=["Hill"])
    assert (state.column[0].race, state.column[0].power) == ("Elves", "Hill")
    assert state.column[1].race == "Orcs"
    with pytest.raises(ValueError, match="unknown race"):
        new_game(small_board(), 2, races=["Gnomes"])


def test_r_setup_4_five_coins_each_hidden_in_the_state() -> None:
    state = new_game(small_board(), ["Ann", "Bob"], seed=1)
    assert [p.coins for p in state.players] == [5, 5]
    assert [p.name for p in state.players] == ["Ann", "Bob"]


def test_r_setup_5_first_seat_starts_by_picking() -> None:
    state = new_game(small_board(), 2, seed=1)
    assert state.current == 0 and state.turn.stage is Stage.PICK


def test_r_comp_2_trays_hold_168_race_tokens() -> None:
    trays = {name: race.tray for name, race in RACES.items()}
    assert sum(trays.values()) == 168  # plus 18 Lost Tribe tokens
    assert trays["Sorcerers"] == 18  # the ruling against the Greek "10"
    state = new_game(small_board(), 2, seed=1)
    assert dict(state.trays) == trays


def test_r_comp_3_power_badge_values() -> None:
    assert {n: p.tokens for n, p in POWERS.items()} == {
        "Alchemist": 4, "Berserk": 4, "Bivouacking": 5, "Commando": 4, "Diplomat": 5,
        "Dragon Master": 5, "Flying": 5, "Forest": 4, "Fortified": 3, "Heroic": 5, "Hill": 4,
        "Merchant": 2, "Mounted": 5, "Pillaging": 5, "Seafaring": 5, "Spirit": 5, "Stout": 4,
        "Swamp": 4, "Underworld": 5, "Wealthy": 4,
    }  # fmt: skip


def test_r_comp_4_printed_values_respect_the_blank_badge_advice() -> None:
    """R-COMP-4 advises at most 10 for a banner and 5 for a badge; the printed ones comply."""
    assert all(r.tokens + r.extra_tokens <= 10 for r in RACES.values())
    assert all(p.tokens <= 5 for p in POWERS.values())


def test_r_comp_5_reinforcement_die_faces() -> None:
    assert sorted(DIE_FACES) == [0, 0, 0, 1, 2, 3]


def test_r_comp_6_border_and_coastal_regions_of_the_small_board() -> None:
    state = new_game(small_board(), 2, seed=1)
    geo = state.geo
    ids = lambda s: {geo.ids[i] for i in s}  # noqa: E731
    assert ids(geo.first_conquest) == {1, 2, 3, 5, 7, 8, 10}
    assert ids(geo.coastal) == {1, 5}  # the sea itself is not coastal (R-RULING-14)


@pytest.mark.parametrize(
    ("players", "first", "coastal"), [(2, 14, 10), (3, 16, 13), (4, 21, 17), (5, 25, 20)]
)
def test_r_conq_1_official_first_conquest_and_coastal_counts(
    players: int, first: int, coastal: int
) -> None:
    """R-COMP-6 as the engine sees it on the official boards (reference-maps README)."""
    geo = new_game(official(players), players, seed=1).geo
    assert (len(geo.first_conquest), len(geo.coastal)) == (first, coastal)

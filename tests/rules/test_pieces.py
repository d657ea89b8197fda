"""The pieces table (R-COMP-5, R-CONQ-2, R-IMMUNE, R-DECLINE-4, R-EXPAND-2) and the one
place/lift family of the piece-placing powers."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path

import pytest

from swlab.rules import RegionState, explain_cost, parse_action
from swlab.rules.abilities.placing import PiecePower
from swlab.rules.abilities.registry import POWERS
from swlab.rules.cost import conquest_cost
from swlab.rules.pieces import (
    BY_FIELD,
    PIECES,
    Fate,
    LiftPiece,
    Piece,
    PlacePiece,
    defence,
    in_box,
    is_immune,
    on_map,
)

from .helpers import Scenario

ROOT = Path(__file__).resolve().parents[2]

#: RegionState's fields that are not pieces: who holds the region and with what
NOT_PIECES = ("owner", "race", "tokens", "in_decline")


def test_r_comp_5_the_table_describes_every_piece_field_of_a_region() -> None:
    piece_fields = [f for f in fields(RegionState) if f.name not in NOT_PIECES]
    assert len(PIECES) == len(BY_FIELD) == len(piece_fields)
    assert {f.name for f in piece_fields} == set(BY_FIELD)
    for f in piece_fields:
        assert f.type == ("int" if BY_FIELD[f.name].counted else "bool"), f.name


def test_r_comp_5_box_counts_are_the_rulebook_s() -> None:
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    line = text[text.index("**R-COMP-5 Pieces.**") :].split("Game Turn")[0]
    printed = {name: int(n) for n, name in re.findall(r"(\d+) ([A-Z][\w -]+?)(?:,|$)", line)}
    for piece in PIECES:
        if piece.is_token:
            continue  # Lost Tribes are counted with the race tokens (R-COMP-2)
        assert printed.get(piece.label if piece.box == 1 else piece.plural) == piece.box, (
            piece.label,
            printed,
        )
    assert BY_FIELD["lost_tribes"].box == 18  # R-COMP-2: plus 18 Lost Tribe tokens


@pytest.mark.parametrize("p", PIECES, ids=lambda p: p.field)
def test_r_conq_2_each_piece_adds_its_defence_to_the_cost(p: Piece) -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=9).region(2, 0, "Ratmen", 1)
    sc.pieces(6, **{p.field: 2 if p.counted else True}).conquering(0)
    n = 2 if p.counted else 1
    cost = explain_cost(sc.state, 6, "Ratmen")
    assert cost.total == 2 + n * p.defence
    assert conquest_cost(sc.state, sc.race("Ratmen"), sc.state.geo.index[6]) == cost.total
    assert defence(sc.at(6)) == n * p.defence
    if p.defence:
        assert cost.rows[1].amount == n * p.defence and cost.rows[1].rule == p.cost_rule


def test_r_conq_2_rows_follow_the_table_order() -> None:
    sc = Scenario(races=["Ratmen"]).active(0, "Ratmen", hand=9).region(2, 0, "Ratmen", 1)
    sc.pieces(6, mountain=True, fortress=True, lair=True, encampments=2, lost_tribes=1)
    rows = explain_cost(sc.conquering(0).state, 6, "Ratmen").rows
    assert [r.label for r in rows] == [
        "base", "mountain", "fortress", "troll lair", "encampments", "lost tribe",
    ]  # fmt: skip
    assert sum(r.amount for r in rows) == 2 + 1 + 1 + 1 + 2 + 1


@pytest.mark.parametrize("field", list(BY_FIELD))
def test_r_immune_exactly_the_immune_pieces_protect(field: str) -> None:
    piece = BY_FIELD[field]
    region = replace(RegionState(), **{field: 1 if piece.counted else True})
    assert region.is_immune is piece.immune is is_immune(region)
    assert {p.label for p in PIECES if p.immune} == {"Hole-in-the-Ground", "Hero", "Dragon"}


def everything(region: RegionState) -> RegionState:
    """``region`` with one of every piece a race region can hold (no Lost Tribe)."""
    return replace(region, **{p.field: 1 if p.counted else True for p in PIECES if not p.is_token})


def test_r_expand_2_abandoning_follows_each_piece_s_fate() -> None:
    sc = Scenario().active(0, "Ratmen").region(1, 0, "Ratmen", 2).region(2, 0, "Ratmen", 2)
    sc.unchecked()._put(sc.state.geo.index[2], everything(sc.at(2)))
    sc.start_turn(0).do("abandon 2")
    after = sc.at(2)
    for p in PIECES:
        if p.is_token:
            continue
        assert bool(p.count(after)) is (p.on_empty is Fate.STAYS), p.label
        gone = f"{p.label} is removed from" in " ".join(sc.event_texts())
        assert gone is (p.on_empty is not Fate.STAYS), p.label
    assert after.race == "" and after.tokens == 0


def test_r_decline_4_decline_follows_each_piece_s_fate() -> None:
    sc = Scenario().active(0, "Ratmen").region(2, 0, "Ratmen", 2)
    sc.unchecked()._put(sc.state.geo.index[2], everything(sc.at(2)))
    sc.start_turn(0).do("decline")
    after = sc.at(2)
    assert after.in_decline and after.tokens == 1
    for p in PIECES:
        if not p.is_token:
            assert bool(p.count(after)) is (p.on_decline is Fate.STAYS), p.label
    kept = {p.label for p in PIECES if not p.is_token and p.on_decline is Fate.STAYS}
    assert kept == {"Mountain", "Fortress", "Troll Lair"}


def test_region_pieces_words_come_from_the_table() -> None:
    region = RegionState(lost_tribes=1, mountain=True, lair=True, encampments=2, hero=True)
    assert region.pieces() == ["mountain", "lair", "encampment x2", "lost tribe x1", "hero"]
    assert RegionState().pieces() == []


def test_on_map_and_in_box_count_pieces() -> None:
    sc = Scenario().active(0, "Ratmen", "Bivouacking").region(1, 0, "Ratmen", 1, encampments=3)
    camp = BY_FIELD["encampments"]
    assert on_map(sc.state, camp) == 3 and in_box(sc.state, camp) == 2
    assert on_map(sc.state, camp, "Humans") == 0


PLACING = {
    "Fortified": ("fortress", None),
    "Heroic": ("hero", "unhero"),
    "Bivouacking": ("camp", "uncamp"),
    "Dragon Master": ("dragon", None),
}


@pytest.mark.parametrize("name", list(PLACING))
def test_the_placing_powers_share_one_place_lift_family(name: str) -> None:
    power = POWERS[name]
    assert isinstance(power, PiecePower)
    place, lift = PLACING[name]
    assert issubclass(power.place, PlacePiece) and power.place.verb == place
    assert power.place.piece is power.piece
    action = parse_action(f"{place} 7")
    assert isinstance(action, power.place) and repr(action) == f"{place} 7"
    if lift is None:
        assert power.lift is None
    else:
        assert power.lift is not None and issubclass(power.lift, LiftPiece)
        undo = parse_action(f"{lift} 7")
        assert isinstance(undo, power.lift) and repr(undo) == f"{lift} 7" and undo.undoes
    assert [p for p in POWERS.values() if isinstance(p, PiecePower)] == [
        POWERS[n] for n in POWERS if n in PLACING
    ]


def test_r_race_sorcerers_only_the_encampment_keeps_a_lone_token_company() -> None:
    assert [p.label for p in PIECES if p.keeps_company] == ["Encampment"]
    for p in PIECES:
        if p.is_token or p.immune:
            continue  # no race token beside Lost Tribes; immunity refuses on its own
        sc = Scenario().active(0, "Sorcerers").active(1, "Humans").region(2, 0, "Sorcerers", 1)
        sc.unchecked()  # a Mountain on a Forest: every piece is tried in the same region
        sc.region(3, 1, "Humans", 1).pieces(3, **{p.field: 1 if p.counted else True})
        sc.conquering(0)
        assert ("convert 3" in sc.legal()) is not p.keeps_company, p.label

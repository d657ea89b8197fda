"""The core honours the badge hooks the powers will use (next milestone).

Test-only badges stand in for powers whose behaviour is not written yet; they replace the
registry entry for one test with ``monkeypatch``. R-RULING-1 (discounts add up, clamp once),
R-YOU (a power works for its active race), Spirit's and Stout's decline hooks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from swlab.rules import POWERS, IllegalActionError, Stage, explain_cost
from swlab.rules.abilities.base import Power, Row
from swlab.rules.actions import VERBS, Action, Roll
from swlab.rules.ops import badges
from swlab.rules.state import GameState, RaceState

from .helpers import Scenario


class Discount(Power):
    """Like Commando: every conquest costs 1 token less."""

    name: ClassVar[str] = "Commando"
    tokens: ClassVar[int] = 4
    rule: ClassVar[str] = "R-POW-COMMANDO"

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        return (Row("Commando", -1, self.rule),)


class SpiritLike(Power):
    name: ClassVar[str] = "Spirit"
    tokens: ClassVar[int] = 5
    rule: ClassVar[str] = "R-POW-SPIRIT"

    def counts_toward_decline_limit(self) -> bool:
        return False

    def keeps_badge_in_decline(self) -> bool:
        return True


class StoutLike(Power):
    name: ClassVar[str] = "Stout"
    tokens: ClassVar[int] = 4
    rule: ClassVar[str] = "R-POW-STOUT"

    def declines_after_scoring(self) -> bool:
        return True


def test_r_ruling_1_race_and_power_discounts_add_up_and_clamp_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(POWERS, "Commando", Discount())
    sc = Scenario().active(0, "Tritons", "Commando", hand=5).conquering(0, picked=True)
    cost = explain_cost(sc.state, 5)  # coastal swamp: 2 - 1 - 1 = 0 -> clamped to 1
    assert [r.amount for r in cost.rows] == [2, -1, -1, 1]
    assert cost.rows[-1].rule == "R-CONQ-3" and cost.total == 1
    sc.lost_tribe(1)
    assert explain_cost(sc.state, 1).total == 1  # 2 + 1 - 2: no clamp row
    assert [r.rule for r in explain_cost(sc.state, 1).rows][-1] == "R-POW-COMMANDO"


def test_r_you_a_power_works_for_its_active_race_only() -> None:
    active = RaceState("Ratmen", "Hill", 0)
    declined = RaceState("Ratmen", "Hill", 0, in_decline=True)
    assert [b.name for b in badges(active)] == ["Ratmen", "Hill"]
    assert [b.name for b in badges(declined)] == ["Ratmen"]


def test_r_decline_3_spirit_hook_keeps_two_decline_races(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POWERS, "Spirit", SpiritLike())
    sc = Scenario().active(0, "Humans", "Spirit").declined(0, "Elves")
    sc.region(1, 0, "Humans", 2).region(8, 0, "Elves", 1).start_turn(0).do("decline")
    assert [d.name for d in sc.state.players[0].declined] == ["Elves", "Humans"]
    assert sc.race("Humans").power == "Spirit"  # the badge stays (R-DECLINE-1 exception)
    assert sc.coins_of(0) == 5 + 2  # both decline races score (R-DECLINE-5)
    # a third race declines: the Spirit race stays, the other decline race goes
    sc.active(0, "Ratmen").region(2, 0, "Ratmen", 2).start_turn(0).do("decline")
    assert [d.name for d in sc.state.players[0].declined] == ["Humans", "Ratmen"]


def test_r_turn_stout_hook_offers_decline_after_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POWERS, "Stout", StoutLike())
    sc = Scenario().active(0, "Ratmen", "Stout", hand=4).conquering(0, picked=True)
    sc.do("conquer 1", "end", "deploy 1:4")
    assert sc.state.turn.stage is Stage.DECLINE_CHOICE and sc.coins_of(0) == 6
    assert sc.legal() == ["decline", "end"]
    sc.do("decline")
    assert sc.at(1).in_decline and sc.at(1).tokens == 1
    assert sc.coins_of(0) == 6 and sc.state.current == 1  # no second scoring


def test_r_ruling_4_dragon_cannot_enter_water_or_immune_regions() -> None:
    sc = Scenario().active(0, "Ratmen", "Dragon Master", hand=5).active(1, "Humans", "Heroic")
    sc.region(1, 0, "Ratmen", 1).region(2, 1, "Humans", 3, hero=True).region(5, 1, "Humans", 4)
    sc.conquering(0)
    assert any(a.startswith("dragon") for a in sc.legal())  # the dragon action exists
    assert sc.refused("dragon 9") == "R-RULING-4"  # the Sea next to region 1
    assert sc.refused("dragon 2") == "R-RULING-4"  # a Hero's region is immune (R-IMMUNE)
    assert "dragon 9" not in sc.legal() and "dragon 2" not in sc.legal()
    sc.do("dragon 5")  # 4 Humans defend it: the Dragon needs a single token
    assert sc.at(5).dragon and sc.at(5).tokens == 1 and sc.hand("Ratmen") == 4


def test_r_ruling_6_wealthy_pays_seven_at_the_end_of_the_picking_turn() -> None:
    sc = Scenario(races=["Ratmen"], powers=["Wealthy"]).do("pick 0", "conquer 1", "end")
    sc.do("deploy 1:12")
    assert sc.coins_of(0) == 5 + 1 + 7
    # the next turn of the same race: no second +7 (R-POW-WEALTHY "once")
    later = Scenario().active(0, "Ratmen", "Wealthy").region(1, 0, "Ratmen", 3).start_turn(0)
    later.do("end", "deploy 1:3")
    assert later.coins_of(0) == 5 + 1


# --- a Berserk-like power: proves the hooks for badge actions, badge rolls and turn data ---


@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class RollFirst(Action):
    verb: ClassVar[str] = "rollfirst"


class BerserkLike(Power):
    """Roll before a conquest; the roll discounts it; only what it made affordable."""

    name: ClassVar[str] = "Berserk"
    tokens: ClassVar[int] = 4
    rule: ClassVar[str] = "R-POW-BERSERK"

    @staticmethod
    def _roll(state: GameState) -> int:
        return dict(state.turn.data).get("berserk", -1)

    def handles(self, action: Action) -> bool:
        return isinstance(action, RollFirst | Roll)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        ok = state.turn.stage is Stage.CONQUER and self._roll(state) < 0 and race.hand > 0
        return [RollFirst()] if ok else []

    def check_extra(self, state: GameState, race: RaceState, action: Action) -> Any:
        if state.turn.stage is Stage.CONQUER and self._roll(state) < 0:
            return None
        return IllegalActionError("R-POW-BERSERK", "Roll once before each conquest.")

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Any]]:
        if isinstance(action, RollFirst):
            turn = dataclasses.replace(state.turn, stage=Stage.ROLL, final_region=-1)
        else:
            assert isinstance(action, Roll)
            data = (*state.turn.data, ("berserk", action.face))
            turn = dataclasses.replace(state.turn, stage=Stage.CONQUER, data=data)
        return dataclasses.replace(state, turn=turn), []

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        roll = self._roll(state)
        return (Row("Berserk roll", -roll, self.rule),) if roll > 0 else ()

    def conquest_refusal(
        self, state: GameState, race: RaceState, region: int, final: bool
    ) -> tuple[str, str] | None:
        if final and self._roll(state) >= 0:
            return ("R-POW-BERSERK", "After a Berserk roll there is no final conquest.")
        return None

    def on_conquest(
        self, state: GameState, race: RaceState, region: int
    ) -> tuple[GameState, list[Any]]:
        data = tuple(kv for kv in state.turn.data if kv[0] != "berserk")
        return dataclasses.replace(state, turn=dataclasses.replace(state.turn, data=data)), []


def test_badge_actions_rolls_and_turn_data_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POWERS, "Berserk", BerserkLike())
    monkeypatch.setitem(VERBS, "rollfirst", RollFirst)
    sc = Scenario().active(0, "Ratmen", "Berserk", hand=3).conquering(0, picked=True)
    sc.lost_tribe(1)
    assert "rollfirst" in sc.legal()
    sc.do("rollfirst")
    assert sc.state.turn.stage is Stage.ROLL and sc.legal() == []
    assert sc.chances() == [f"roll {f}" for f in range(4)]
    sc.do("roll 2")
    assert explain_cost(sc.state, 1).total == 1  # 2 + 1 lost tribe - 2, clamped at 1
    assert not any(a.startswith("final") for a in sc.legal())
    sc.do("conquer 1")
    assert sc.at(1).tokens == 1 and sc.hand("Ratmen") == 2
    assert sc.state.turn.data == () and "rollfirst" in sc.legal()


class HeroicLike(Power):
    name: ClassVar[str] = "Heroic"
    tokens: ClassVar[int] = 5
    rule: ClassVar[str] = "R-POW-HEROIC"

    def done_refusal(self, state: GameState, race: RaceState) -> tuple[str, str] | None:
        heroes = sum(r.hero for r in state.regions)
        return None if heroes >= 1 else ("R-POW-HEROIC", "Place your Heroes first.")


def test_done_refusal_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POWERS, "Heroic", HeroicLike())
    sc = Scenario().active(0, "Ratmen", "Heroic", hand=2).conquering(0, picked=True)
    sc.do("conquer 1", "end")
    assert sc.refused("done") == "R-POW-HEROIC" and "done" not in sc.legal()
    assert sc.refused("deploy 1:2") == "R-POW-HEROIC"
    sc.pieces(1, hero=True).do("done")


def test_register_action_adds_a_verb(monkeypatch: pytest.MonkeyPatch) -> None:
    from swlab.rules import actions

    monkeypatch.setattr(actions, "VERBS", dict(actions.VERBS))

    @dataclasses.dataclass(frozen=True, slots=True, repr=False)
    class Tower(actions.RegionAction):
        verb: ClassVar[str] = "tower"

    actions.register_action(Tower)
    assert actions.parse_action("tower 12") == Tower(12)
    assert repr(Tower(12)) == "tower 12"
    with pytest.raises(ValueError, match="already taken"):

        @dataclasses.dataclass(frozen=True, slots=True, repr=False)
        class Other(actions.RegionAction):
            verb: ClassVar[str] = "tower"

        actions.register_action(Other)


class DiplomatLike(Power):
    name: ClassVar[str] = "Diplomat"
    tokens: ClassVar[int] = 5
    rule: ClassVar[str] = "R-POW-DIPLOMAT"

    def protects(
        self, state: GameState, race: RaceState, attacker: RaceState, region: int
    ) -> tuple[str, str] | None:
        peace = dict(state.players[race.owner].data).get("peace", -1)
        if attacker.owner == peace and not attacker.in_decline:
            return ("R-POW-DIPLOMAT", "You are at peace with this race until its next turn.")
        return None


def test_protects_hook_and_persistent_player_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POWERS, "Diplomat", DiplomatLike())
    sc = Scenario().active(0, "Ratmen", hand=8).active(1, "Humans", "Diplomat")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 1).region(6, 1, "Humans", 1)
    sc._set_player(1, data=(("peace", 0),))
    sc.conquering(0)
    assert sc.refused("conquer 3") == "R-POW-DIPLOMAT"
    assert "conquer 3" not in sc.legal()
    sc._set_player(1, data=())
    sc.do("conquer 3")
    assert sc.state.turn.conquests[-1].defender == 1


def test_conquer_region_and_reach_refusal_for_badges() -> None:
    """What Dragon Master will use: the core's checks and conquest with 1 token."""
    from swlab.rules.engine import conquer_region, reach_refusal

    sc = Scenario().active(0, "Ratmen", hand=2).active(1, "Humans")
    sc.region(2, 0, "Ratmen", 1).region(3, 1, "Humans", 4).conquering(0)
    geo = sc.state.geo
    ratmen = sc.race("Ratmen")
    assert reach_refusal(sc.state, ratmen, geo.index[9]).rule == "R-CONQ-4"  # type: ignore[union-attr]
    assert reach_refusal(sc.state, ratmen, geo.index[3]) is None
    events: list[Any] = []
    state = conquer_region(sc.state, ratmen, geo.index[3], 1, events)
    assert state.regions[geo.index[3]].tokens == 1 and state.race("Humans").hand == 3  # type: ignore[union-attr]


def test_badge_memory_is_none_when_absent_and_zero_is_a_value() -> None:
    """``turn_value`` / ``player_value`` say "not set" with ``None``, so 0 (a die face, a
    seat) is an ordinary value."""
    from swlab.rules.abilities.base import (
        player_value,
        turn_value,
        with_player_values,
        with_turn_value,
    )

    state = Scenario().state
    assert turn_value(state, "berserk") is None and player_value(state, 0, "peace") is None
    state = with_turn_value(state, "berserk", 0)
    assert turn_value(state, "berserk") == 0
    assert turn_value(with_turn_value(state, "berserk", None), "berserk") is None
    state = with_player_values(state, 0, peace=0, peace_round=3)
    assert (player_value(state, 0, "peace"), player_value(state, 0, "peace_round")) == (0, 3)
    state = with_player_values(state, 0, peace=None)
    assert player_value(state, 0, "peace") is None and player_value(state, 0, "peace_round") == 3

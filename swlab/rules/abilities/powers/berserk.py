"""Berserk (4): R-POW-BERSERK. The die may be rolled before **each** conquest: roll first, then
pick the region, then place cost - roll tokens (min 1). When the tokens run short, that
conquest is the last of the turn. **Ruling:** after a roll the player may only pick a region
they can now afford (cost - roll, min 1, ≤ tokens in hand); if none is affordable, or they
choose to stop, conquests end and the tokens in hand are redeployed. A roll serves one
conquest. R-RULING-13: Berserk's per-conquest rolls do not end Sorcerer conversions.
Tested in tests/rules/test_power_berserk.py.

``berserk`` asks for the die: stage :attr:`~swlab.rules.state.Stage.ROLL`, a chance node
(``chance_outcomes`` gives the faces and their odds, the driver samples one); the face's
``roll N`` then records it in ``TurnState.data`` and the next conquest costs N less, the
minimum of 1 applied once after every modifier (R-RULING-1). A conquest without a roll is
still possible. **Rulings:** the Berserk race has no separate final conquest
(R-CONQ-10): its die is rolled first, then the region picked, so ``final`` is refused; a
roll commits the turn to expansion (no decline afterwards, R-DECLINE-5); when after a roll no
region is affordable and no other conquest-like action (a Sorcerer conversion) is open,
conquests end at once. A conversion uses no roll, so a pending roll waits for the next
conquest (R-RULING-13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from swlab import names
from swlab.i18n import _
from swlab.rules.abilities.base import (
    ModifierSets,
    Power,
    Row,
    is_acting,
    turn_value,
    with_turn_value,
)
from swlab.rules.actions import Action, Roll, register_action
from swlab.rules.errors import IllegalActionError, Sentence
from swlab.rules.records import fast_init

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-BERSERK"
KEY = "berserk"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class BerserkRoll(Action):
    """Roll the die before the next conquest: ``berserk`` (R-POW-BERSERK)."""

    verb: ClassVar[str] = "berserk"


register_action(BerserkRoll)


def pending_roll(state: GameState) -> int | None:
    """The Berserk roll waiting for a conquest, or ``None``."""
    return turn_value(state, KEY)


class Berserk(Power):
    name = "Berserk"
    tokens = 4
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, BerserkRoll | Roll)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        from swlab.rules.state import Stage

        if is_acting(state, race, Stage.CONQUER) and pending_roll(state) is None and race.hand > 0:
            return [BerserkRoll()]
        return ()

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        from swlab.rules.state import Stage

        if isinstance(action, Roll):
            return IllegalActionError(
                "R-CONQ-10",
                lambda: _(
                    "The die is rolled after 'berserk' (or after choosing a final conquest)."
                ),
            )
        if not is_acting(state, race, Stage.CONQUER):
            return IllegalActionError(
                RULE,
                lambda: _("The Berserk roll comes before a conquest of the {race}.").format(
                    race=names.race(race.name)
                ),
            )
        if pending_roll(state) is not None:
            return IllegalActionError(
                RULE, lambda: _("A roll serves one conquest: use the one you have first.")
            )
        if race.hand < 1:
            return IllegalActionError(
                "R-CONQ-3",
                lambda: _("You have no {race} token in hand to conquer with.").format(
                    race=names.race(race.name)
                ),
            )
        return None

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        from swlab.rules.state import Stage

        if isinstance(action, BerserkRoll):
            turn = state.turn.updated(stage=Stage.ROLL, final_region=-1, acted=True)
            return state.updated(turn=turn), []
        assert isinstance(action, Roll)
        # the roll stage then ends the conquests when no region is affordable now
        state = with_turn_value(state, KEY, action.face)
        return state.updated(turn=state.turn.updated(stage=Stage.CONQUER)), []

    def roll_unused(self, state: GameState, race: RaceState) -> GameState:
        return with_turn_value(state, KEY, None)

    def cost_modifiers(self, state: GameState, race: RaceState, region: int) -> Sequence[Row]:
        roll = pending_roll(state)
        if roll and not race.in_decline and state.turn.acting == race.name:
            return (Row("Berserk roll", -roll, RULE),)
        return ()

    def cost_modifier_sets(self, state: GameState, race: RaceState) -> ModifierSets:
        roll = pending_roll(state)
        if roll and not race.in_decline and state.turn.acting == race.name:
            return ((-roll, None),)
        return ()

    def refuses_all_conquests(self, state: GameState, race: RaceState, final: bool) -> bool:
        return final  # conquest_refusal: every final conquest, whatever the region

    def conquest_refusal(
        self, state: GameState, race: RaceState, region: int, final: bool
    ) -> tuple[str, Sentence] | None:
        if final:
            return (
                RULE,
                lambda: _(
                    "A Berserk race rolls before picking the region ('berserk'), so it has no "
                    "final conquest: after a roll, conquer a region you can afford."
                ),
            )
        return None

    def on_conquest(
        self, state: GameState, race: RaceState, region: int
    ) -> tuple[GameState, list[Event]]:
        conquests = state.turn.conquests
        if conquests and conquests[-1].conversion:
            return state, []  # R-RULING-13: a conversion uses no roll
        if pending_roll(state) is None:
            return state, []
        return with_turn_value(state, KEY, None), []

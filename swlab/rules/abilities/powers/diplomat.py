"""Diplomat (5): R-POW-DIPLOMAT. At the end of your turn choose one opponent whose active race
you did not attack this turn: until your next turn they cannot attack your active race.
Decline tokens are unaffected (decline Ghouls may still attack you).
Tested in tests/rules/test_power_diplomat.py.

The choice is the action ``peace P`` (``P`` a seat number, 0 for the first seat) during the
Diplomat race's redeployment, at most once per turn; ``done`` without it chooses nobody.
"You" is the Diplomat race (R-YOU): an attack by its owner's decline Ghouls does not spoil
the choice, and only conquests of the opponent's *active* race count as attacks (a
Sorcerer conversion is one). The peace is kept in ``PlayerState.data`` with the round it was
made in, and lasts until the Diplomat's owner starts its next turn. It protects the
Diplomat race while active (the badge's ``protects`` hook, asked of the defender): the
opponent's active race can neither conquer, convert (Sorcerers) nor send the Dragon into
its regions; the opponent's decline Ghouls still can.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from swlab import names
from swlab.i18n import _, pgettext
from swlab.rules.abilities.base import (
    Power,
    is_acting,
    player_value,
    turn_value,
    with_player_values,
    with_turn_value,
)
from swlab.rules.actions import Action, NotationError, check_int, parse_int, register_action
from swlab.rules.errors import IllegalActionError, Sentence
from swlab.rules.events import PeaceMade
from swlab.rules.records import fast_init

if TYPE_CHECKING:
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState

RULE = "R-POW-DIPLOMAT"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Peace(Action):
    """Make peace with the player in seat ``player`` (0-based): ``peace 1``."""

    verb: ClassVar[str] = "peace"
    player: int

    def __post_init__(self) -> None:
        check_int(self.player, "a seat number", self.verb)

    def args(self) -> str:
        return str(self.player)

    @classmethod
    def from_args(cls, args: list[str], text: str) -> Action:
        if len(args) != 1:
            raise NotationError(f"{text!r}: 'peace' takes exactly one argument, a seat number")
        return cls(parse_int(args[0], "a seat number", text))


register_action(Peace)


def peace_of(state: GameState, player: int) -> int | None:
    """The seat ``player``'s Diplomat is at peace with now, if any (R-POW-DIPLOMAT).

    A peace made in round ``k`` lasts until ``player``'s next turn: the rest of round ``k``
    and round ``k + 1`` up to ``player``'s seat.
    """
    target = player_value(state, player, "peace")
    made = player_value(state, player, "peace_round")
    if target is None or made is None:
        return None
    if state.round == made or (state.round == made + 1 and state.current < player):
        return target
    return None


def attacked(state: GameState, race: RaceState) -> set[int]:
    """Opponents whose active race ``race`` conquered (or converted) this turn."""
    return {
        c.defender
        for c in state.turn.conquests
        if c.race == race.name and c.defender_active and c.defender != race.owner
    }


class Diplomat(Power):
    name = "Diplomat"
    tokens = 5
    rule = RULE

    def handles(self, action: Action) -> bool:
        return isinstance(action, Peace)

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        from swlab.rules.state import Stage

        if not is_acting(state, race, Stage.REDEPLOY) or turn_value(state, "peace") is not None:
            return ()
        return [Peace(p) for p in range(len(state.players)) if p != race.owner]

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        from swlab.rules.state import Stage

        assert isinstance(action, Peace)
        p = action.player
        if not 0 <= p < len(state.players):
            return IllegalActionError(
                RULE,
                lambda: _("There is no seat {seat}: seats are 0 to {last}.").format(
                    seat=p, last=len(state.players) - 1
                ),
            )
        if not is_acting(state, race, Stage.REDEPLOY):
            return IllegalActionError(
                RULE,
                lambda: _(
                    "The Diplomat chooses at the end of the {race}'s own turn, during the "
                    "redeployment."
                ).format(race=names.race(race.name)),
            )
        if p == race.owner:
            return IllegalActionError(RULE, lambda: _("Choose an opponent, not yourself."))
        if turn_value(state, "peace") is not None:
            return IllegalActionError(
                RULE, lambda: pgettext("player's turn", "One opponent per turn.")
            )
        if p in attacked(state, race):
            return IllegalActionError(
                RULE,
                lambda: _(
                    "Your {race} attacked {player}'s active race this turn: choose an "
                    "opponent you did not attack."
                ).format(race=names.race(race.name), player=state.player_name(p)),
            )
        return None

    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        assert isinstance(action, Peace)
        state = with_player_values(state, race.owner, peace=action.player, peace_round=state.round)
        state = with_turn_value(state, "peace", action.player)
        return state, [PeaceMade(race.owner, race.name, action.player)]

    def protects(
        self, state: GameState, race: RaceState, attacker: RaceState, region: int
    ) -> tuple[str, Sentence] | None:
        if race.in_decline or attacker.in_decline:
            return None  # R-POW-DIPLOMAT: decline tokens are unaffected
        if peace_of(state, race.owner) != attacker.owner:
            return None
        return (
            RULE,
            lambda: _(
                "{player}'s Diplomat {race} are at peace with you: your active race cannot "
                "attack them until their next turn."
            ).format(race=names.race(race.name), player=state.player_name(race.owner)),
        )

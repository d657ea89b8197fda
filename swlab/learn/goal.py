"""A level's goal, judged on the engine's states, and one attempt at a level.

The engine is the grader: a goal is a question about a :class:`GameState` (who holds a
region, the stage, the coins) and a wrong try is the engine's own refusal, with its rule
id. :class:`Attempt` follows one learner's attempt, action by action, whether the actions
come from clicks on the board (:mod:`swlab.learn.widget`) or from a level's notation
(:mod:`swlab.learn.check`): both ask the same questions, so what the check passes is what
a learner can do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from swlab.i18n import _
from swlab.learn.level import Goal, Level, Predict, learner_seat
from swlab.learn.stars import stars
from swlab.rules.actions import Action, Conquer, Done, Final, Pick, Roll
from swlab.rules.cost import explain_cost
from swlab.rules.engine import CHANCE, apply, current_player, is_over, legal_actions
from swlab.rules.errors import IllegalActionError
from swlab.rules.state import GameState, Stage

__all__ = [
    "Attempt",
    "Verdict",
    "counted",
    "engine_answer",
    "reached",
    "turn_passed",
]

VerdictKind = Literal["playing", "solved", "refused", "missed"]


@dataclass(frozen=True)
class Verdict:
    """What an attempt has come to: still ``playing``, ``solved`` (with ``stars``), a
    ``refused`` try (the engine's ``rule`` and ``message``) or a legal try that ``missed``
    the goal (``message`` says so)."""

    kind: VerdictKind
    stars: int = 0
    rule: str = ""
    message: str = ""
    actions: int = 0


def counted(action: Action) -> bool:
    """Whether an action counts towards the par: a decision, not the die's face (the
    reinforcement die is chance, R-CONQ-10)."""
    return not isinstance(action, Roll)


def _active_name(state: GameState, seat: int, start: GameState) -> str:
    player = state.players[seat]
    if player.active is not None:
        return player.active.name
    first = start.players[seat].active
    return first.name if first is not None else ""


def reached(goal: Goal, start: GameState, state: GameState, seat: int) -> bool:
    """Whether every state key of ``goal`` holds in ``state`` for the learner's ``seat``
    (``refusal`` and ``predict`` are answered by tries, not positions: never here)."""
    if goal.refusal or goal.predict is not None:
        return False
    player = state.players[seat]
    if goal.hold:
        race = player.active.name if player.active is not None else ""
        for rid in goal.hold:
            r = state.regions[state.geo.index[rid]]
            if not race or r.race != race or r.owner != seat or r.in_decline:
                return False
    for rid, least in goal.tokens:
        r = state.regions[state.geo.index[rid]]
        race = player.active.name if player.active is not None else ""
        if not race or r.race != race or r.owner != seat or r.in_decline or r.tokens < least:
            return False
    if goal.stage and not (state.stage.value == goal.stage and state.turn.actor == seat):
        return False
    if goal.coins is not None and player.coins < goal.coins:
        return False
    if goal.tokens_in_hand is not None:
        conquests_over = state.stage is Stage.REDEPLOY and state.turn.actor == seat
        hand = player.active.hand if player.active is not None else 0
        if not conquests_over or hand < goal.tokens_in_hand:
            return False
    if goal.declined is not None:
        name = _active_name(state, seat, start)
        found = state.race(name) if name else None
        in_decline = found is not None and found.in_decline
        if in_decline != goal.declined:
            return False
    return True


def turn_passed(state: GameState, seat: int) -> bool:
    """The learner's turn is over: the game ended or another player decides."""
    if is_over(state):
        return True
    actor = current_player(state)
    owner = state.turn.actor if actor == CHANCE else actor
    return state.current != seat or owner != seat


def engine_answer(predict: Predict, state: GameState) -> tuple[int, ...] | None:
    """The answer the engine gives to a prediction's ``of``: ``None`` when it has none
    (no ``of``, or the pick it asks about is refused)."""
    words = predict.of.split()
    if not words:
        return None
    if words[0] in ("conquer", "final"):
        kinds = (Conquer, Final) if words[0] == "conquer" else (Final,)
        targets = {a.region for a in legal_actions(state) if isinstance(a, kinds)}
        return tuple(sorted(targets))
    if words[0] == "score":  # the coins the end of the redeployment brings now
        seat = learner_seat(state)
        try:
            after, _events = apply(state, Done())
        except IllegalActionError:
            return None
        return (after.players[seat].coins - state.players[seat].coins,)
    if words[0] == "picks":
        return (sum(1 for a in legal_actions(state) if isinstance(a, Pick)),)
    if words[0] == "hand":
        active = state.players[learner_seat(state)].active
        return (active.hand if active is not None else 0,)
    n = int(words[1])
    if words[0] == "cost":
        return (explain_cost(state, n).total,)
    seat = state.current
    try:  # tokens N / coins N: what picking combo N gives (R-PICK-1, R-PICK-2, R-PICK-4)
        after, _events = apply(state, Pick(n))
    except IllegalActionError:
        return None
    player = after.players[seat]
    if words[0] == "coins":
        return (player.coins,)
    return (player.active.hand if player.active is not None else 0,)


class Attempt:
    """One attempt at a level: the learner's actions and refused tries, judged in turn.

    Call :meth:`played` after every action the engine accepted (with the state after it
    and the number of the learner's actions so far), :meth:`refused` for a refused try,
    :meth:`answer` for a prediction. The first ``solved`` verdict is kept (:attr:`done`).
    """

    def __init__(self, level: Level) -> None:
        self.level = level
        self.start = level.start()
        self.seat = level.seat
        #: refused tries so far (a refusal the goal asks for is not one)
        self.refused_tries = 0
        self.answers = 0
        self.done: Verdict | None = None

    @property
    def goal(self) -> Goal:
        return self.level.goal

    def _solved(self, actions: int) -> Verdict:
        if self.done is None:
            n = stars(True, actions, self.level.par, self.refused_tries)
            self.done = Verdict("solved", n, actions=actions, message=_("Solved!"))
        return self.done

    def played(self, state: GameState, actions: int) -> Verdict:
        """After a legal action: solved, missed (the turn is over without the goal), or
        still playing."""
        if self.done is not None:
            return self.done
        if reached(self.goal, self.start, state, self.seat):
            return self._solved(actions)
        if turn_passed(state, self.seat):
            return Verdict(
                "missed",
                actions=actions,
                message=_("The engine accepted every action, but the goal is not reached."),
            )
        return Verdict("playing", actions=actions)

    def refused(self, rule: str, message: str, actions: int) -> Verdict:
        """After a refused try: solved when the goal is this refusal, else a refused try."""
        if self.done is not None:
            return self.done
        if self.goal.refusal and rule == self.goal.refusal:
            return self._solved(actions + 1)
        self.refused_tries += 1
        return Verdict("refused", rule=rule, message=message, actions=actions)

    def answer(self, values: Sequence[int]) -> Verdict:
        """A prediction answered (the regions clicked, or the number chosen)."""
        predict = self.goal.predict
        if predict is None or self.done is not None:
            return self.done or Verdict("playing")
        self.answers += 1
        given = tuple(sorted(set(values))) if predict.kind == "regions" else tuple(values)
        if given == predict.answer:
            return self._solved(self.answers)
        return Verdict("missed", actions=self.answers, message=_("Not quite: look again."))

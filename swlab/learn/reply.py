"""The opponent's answer to a legal try that misses a level's goal, shown on the board.

When the learner's actions are legal but end their turn without the goal, the board shows
why: the next players answer, step by step, each step with its narration line, and then
the board goes back to the level's start with one sentence saying what happened
("Bob's Orcs took Hill 5: your 2 tokens there were not enough to hold it.").

The answer is the opponents' whole turn, up to the moment the learner's seat acts again
(the die and a defender's redeployment included): a miss is a turn the learner ended, and
what that turn left exposed shows in the next turn; cutting it after a fixed number of
steps would stop a chain of conquests in its middle. The greedy bot of the ladder plays
it: it answers a turn in well under a second, and with the position's seed the same try
always gets the same answer. The steps are shown in at most :data:`MAX_TICKS` ticks
within :data:`REPLAY_SECONDS`, so the whole answer is over in under 2 s on the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from swlab import names as game_words
from swlab.bots import make_bot
from swlab.game.record import Step
from swlab.i18n import _, ngettext
from swlab.play.words import names, region_name
from swlab.rules.actions import Action
from swlab.rules.driver import drive
from swlab.rules.engine import CHANCE, current_player
from swlab.rules.events import Conquered, TokensLost
from swlab.rules.state import GameState

__all__ = [
    "MAX_STEPS",
    "MAX_TICKS",
    "REPLAY_SECONDS",
    "Reply",
    "interval_ms",
    "plan_reply",
    "reply_sentence",
    "split_ticks",
]

T = TypeVar("T")

#: The bot of the ladder that answers (fast and deterministic with a seed).
BOT = "greedy"
#: At most this many steps in an answer (a turn is 5 to 20 on the shipped boards).
MAX_STEPS = 120
#: At most this many ticks on the screen: a turn's steps are grouped in order to fit.
MAX_TICKS = 8
#: The time of the whole answer on the screen, the last tick (the board going back)
#: included: under the 2 s a learner waits for it.
REPLAY_SECONDS = 1.8


def learners_turn(state: GameState, seat: int) -> bool:
    """Whether it is the learner's own turn again (not a defender's step in another's)."""
    actor = current_player(state)
    owner = state.turn.actor if actor == CHANCE else actor
    return state.current == seat and owner == seat


def plan_reply(state: GameState, seat: int, seed: int | None = None) -> list[Action]:
    """The answer to the position ``state`` the learner's turn ended in: the bot plays
    every seat (the learner's too when it must defend) until the learner's own turn
    comes back or the game ends; the die is the seeded face of each position."""
    bot = make_bot(BOT, state.seed if seed is None else seed)
    played: list[Action] = []

    def keep(before: GameState, action: Action, events: object, after: GameState) -> None:
        played.append(action)

    drive(
        state,
        bot.choose,
        until=lambda s: learners_turn(s, seat),
        max_steps=MAX_STEPS,
        observer=keep,
    )
    return played


def split_ticks(actions: Sequence[T], most: int = MAX_TICKS) -> list[list[T]]:
    """The actions in order, in at most ``most`` groups of nearly equal size (the first
    groups one longer): one group per tick of the answer on the screen."""
    n = len(actions)
    count = min(n, most)
    groups: list[list[T]] = []
    at = 0
    for k in range(count):
        size = n // count + (1 if k < n % count else 0)
        groups.append(list(actions[at : at + size]))
        at += size
    return groups


def interval_ms(ticks: int) -> int:
    """The time between two ticks: the answer's ticks and the going back fill
    :data:`REPLAY_SECONDS` (never slower than 0.6 s a tick, never faster than 0.1 s)."""
    return max(100, min(600, round(REPLAY_SECONDS * 1000 / (ticks + 1))))


def reply_sentence(before: GameState, steps: Sequence[Step], seat: int) -> str:
    """What the answer did, in one sentence built from its events: the regions taken from
    the learner and the tokens that were not enough to hold them, else what the next
    player did."""
    taken: dict[tuple[int, str], list[int]] = {}
    lost: dict[tuple[int, str], int] = {}
    attacker: dict[int, tuple[int, str]] = {}
    conquered: dict[tuple[int, str], list[int]] = {}
    for step in steps:
        for e in step.events:
            if isinstance(e, Conquered):
                attacker[e.region] = (e.player, e.race)
                conquered.setdefault((e.player, e.race), []).append(e.region)
        for e in step.events:
            if isinstance(e, TokensLost) and e.player == seat and e.region in attacker:
                who = attacker[e.region]
                taken.setdefault(who, []).append(e.region)
                lost[who] = lost.get(who, 0) + e.lost + e.to_hand
    parts: list[str] = []
    for (player, race), regions in taken.items():
        where = names(region_name(before, r) for r in regions)
        n = lost[(player, race)]
        fields = {
            "player": before.player_name(player),
            "race": game_words.race(race),
            "regions": where,
            "n": n,
        }
        if len(regions) == 1:
            text = ngettext(
                "{player}'s {race} took {regions}: your {n} token there was not enough to hold it.",
                "{player}'s {race} took {regions}: your {n} tokens there were not enough to "
                "hold it.",
                n,
            )
        else:
            text = ngettext(
                "{player}'s {race} took {regions}: your {n} token there was not enough to "
                "hold them.",
                "{player}'s {race} took {regions}: your {n} tokens there were not enough to "
                "hold them.",
                n,
            )
        parts.append(text.format(**fields))
    if parts:
        return " ".join(parts)
    for (player, race), regions in conquered.items():
        parts.append(
            _("{player}'s {race} conquered {regions}, none of them yours.").format(
                player=before.player_name(player),
                race=game_words.race(race),
                regions=names(region_name(before, r) for r in regions),
            )
        )
    if parts:
        return " ".join(parts)
    return _("{player} answered without a conquest.").format(
        player=before.player_name(before.current)
    )


@dataclass
class Reply:
    """An answer under way on a level's board: the groups of actions still to show, the
    step of the timeline where it began, and the narration lines of the last tick."""

    groups: list[list[Action]]
    #: the timeline's step where the answer began (the learner's turn just ended there)
    first: int
    #: the step the next tick expects to play from (else the learner moved the board)
    expected: int
    shown: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def interval(self) -> int:
        """Milliseconds between two ticks (:func:`interval_ms`)."""
        return interval_ms(len(self.groups))

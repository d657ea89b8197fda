"""Game records: a header (map, seats, seed, deck order) plus the action list.

The log is the truth: replaying a record gives the timeline of (action, events, state),
so undo, step-through and a history slider need nothing else.

Text form::

    swlab game record 1
    board: official-2p
    players: Ann, Bob
    seed: 12
    races: Ratmen, Elves, ...
    powers: Hill, Forest, ...
    actions:
    pick 0
    conquer 3
"""

from __future__ import annotations

from dataclasses import dataclass

from swlab.rules.actions import Action, parse_action
from swlab.rules.engine import apply
from swlab.rules.events import Event
from swlab.rules.geo import BoardLike
from swlab.rules.setup import new_game
from swlab.rules.state import GameState

FORMAT = 1
MAGIC = "swlab game record"


@dataclass(frozen=True)
class Step:
    """One entry of a replayed timeline: the action, its events, the state after it."""

    action: Action
    events: tuple[Event, ...]
    state: GameState


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game exactly."""

    board: str
    players: tuple[str, ...]
    seed: int
    races: tuple[str, ...]
    powers: tuple[str, ...]
    actions: tuple[Action, ...] = ()

    @classmethod
    def from_state(
        cls, initial: GameState, actions: list[Action] | tuple[Action, ...] = ()
    ) -> GameRecord:
        """The record of a game that started at ``initial`` (as :func:`new_game` made it)."""
        return cls(
            board=initial.geo.name,
            players=tuple(p.name for p in initial.players),
            seed=initial.seed,
            races=tuple(c.race for c in initial.column) + initial.race_stack,
            powers=tuple(c.power for c in initial.column) + initial.power_stack,
            actions=tuple(actions),
        )

    def start(self, board: BoardLike) -> GameState:
        """The initial state on ``board`` (which must be the recorded one)."""
        if board.name != self.board:
            raise ValueError(f"this record was played on {self.board!r}, not {board.name!r}")
        return new_game(
            board,
            list(self.players),
            seed=self.seed,
            races=list(self.races),
            powers=list(self.powers),
        )

    def timeline(self, board: BoardLike) -> list[Step]:
        """Replay every action; raises :class:`IllegalActionError` at a bad one."""
        state = self.start(board)
        steps: list[Step] = []
        for action in self.actions:
            state, events = apply(state, action)
            steps.append(Step(action, tuple(events), state))
        return steps

    def final_state(self, board: BoardLike) -> GameState:
        steps = self.timeline(board)
        return steps[-1].state if steps else self.start(board)

    def to_text(self) -> str:
        lines = [
            f"{MAGIC} {FORMAT}",
            f"board: {self.board}",
            f"players: {', '.join(self.players)}",
            f"seed: {self.seed}",
            f"races: {', '.join(self.races)}",
            f"powers: {', '.join(self.powers)}",
            "actions:",
            *(repr(a) for a in self.actions),
        ]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if not lines or not lines[0].startswith(MAGIC):
            raise ValueError(f"not a swlab game record: it must start with {MAGIC!r}")
        header: dict[str, str] = {}
        i = 1
        while i < len(lines) and lines[i] != "actions:":
            key, sep, value = lines[i].partition(":")
            if not sep:
                raise ValueError(f"line {i + 1}: expected 'key: value', got {lines[i]!r}")
            header[key.strip()] = value.strip()
            i += 1
        missing = {"board", "players", "seed", "races", "powers"} - set(header)
        if missing:
            raise ValueError(f"game record misses {', '.join(sorted(missing))}")

        def items(key: str) -> tuple[str, ...]:
            return tuple(s.strip() for s in header[key].split(",") if s.strip())

        return cls(
            board=header["board"],
            players=items("players"),
            seed=int(header["seed"]),
            races=items("races"),
            powers=items("powers"),
            actions=tuple(parse_action(line) for line in lines[i + 1 :]),
        )

"""Events: what happened, as small frozen values that explain themselves.

Every event has ``rule`` (the id it applies) and ``describe(ctx)``: one plain sentence
citing that id. ``ctx`` is a :class:`~swlab.rules.state.GameState` (player names and
region labels) or a board (region labels only). Region fields hold region **ids**.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


def _label(ctx: Any, region_id: int) -> str:
    geo = getattr(ctx, "geo", None)
    if geo is not None:
        return str(geo.label(geo.index[region_id]))
    try:
        return str(ctx[region_id].label)
    except Exception:
        return f"region {region_id}"


def _player(ctx: Any, player: int) -> str:
    players = getattr(ctx, "players", None)
    if isinstance(players, tuple) and 0 <= player < len(players):
        return str(players[player].name)
    return f"Player {player + 1}"


def _s(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Event:
    """Base class of events."""

    rule: ClassVar[str] = ""

    def describe(self, ctx: Any = None) -> str:
        return f"{type(self).__name__} ({self.rule})."


@dataclass(frozen=True)
class RoundStarted(Event):
    rule: ClassVar[str] = "R-FLOW-1"
    round: int

    def describe(self, ctx: Any = None) -> str:
        return f"Round {self.round} begins: the turn marker advances ({self.rule})."


@dataclass(frozen=True)
class TurnStarted(Event):
    rule: ClassVar[str] = "R-FLOW-1"
    player: int
    round: int

    def describe(self, ctx: Any = None) -> str:
        return f"{_player(ctx, self.player)} begins a turn in round {self.round} ({self.rule})."


@dataclass(frozen=True)
class TroopsReadied(Event):
    rule: ClassVar[str] = "R-EXPAND-1"
    player: int
    race: str
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)} readies the {self.race}: "
            f"{_s(self.tokens, 'token')} in hand, 1 left in each region ({self.rule})."
        )


@dataclass(frozen=True)
class ComboPicked(Event):
    rule: ClassVar[str] = "R-PICK-1"
    player: int
    position: int
    race: str
    power: str
    paid: int
    collected: int
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)} picks {self.power} {self.race} (position "
            f"{self.position}), pays {_s(self.paid, 'coin')}, collects "
            f"{_s(self.collected, 'coin')} and takes {_s(self.tokens, 'token')} "
            f"(R-PICK-1, R-PICK-2, R-PICK-4)."
        )


@dataclass(frozen=True)
class ColumnRefilled(Event):
    rule: ClassVar[str] = "R-PICK-5"
    race: str
    power: str

    def describe(self, ctx: Any = None) -> str:
        return f"{self.power} {self.race} joins the bottom of the column ({self.rule})."


@dataclass(frozen=True)
class BadgesReshuffled(Event):
    rule: ClassVar[str] = "R-PICK-5"
    count: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"The {self.count} discarded power badges are shuffled into a new stack ({self.rule})."
        )


@dataclass(frozen=True)
class Conquered(Event):
    rule: ClassVar[str] = "R-CONQ-2"
    player: int
    race: str
    region: int
    tokens: int
    cost: int
    breakdown: str

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)} conquers {_label(ctx, self.region)} with the "
            f"{self.race}, placing {_s(self.tokens, 'token')}: {self.breakdown} ({self.rule})."
        )


@dataclass(frozen=True)
class TokensLost(Event):
    """A defender's tokens leave a conquered region (R-CONQ-7; own decline race R-CONQ-8)."""

    player: int
    race: str
    region: int
    lost: int
    to_hand: int
    why: str = "R-CONQ-7"

    @property
    def rule(self) -> str:  # type: ignore[override]
        return self.why

    def describe(self, ctx: Any = None) -> str:
        if self.player < 0:
            return f"The lost tribe of {_label(ctx, self.region)} is removed ({self.rule})."
        return (
            f"{_player(ctx, self.player)}'s {self.race} lose {_label(ctx, self.region)}: "
            f"{_s(self.lost, 'token')} back to the tray, {self.to_hand} to hand ({self.rule})."
        )


@dataclass(frozen=True)
class FinalConquestChosen(Event):
    rule: ClassVar[str] = "R-CONQ-10"
    player: int
    region: int
    cost: int
    hand: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)} attempts a final conquest of "
            f"{_label(ctx, self.region)}: cost {self.cost}, {_s(self.hand, 'token')} in "
            f"hand, the reinforcement die must show {self.cost - self.hand} or more ({self.rule})."
        )


@dataclass(frozen=True)
class DieRolled(Event):
    rule: ClassVar[str] = "R-CONQ-10"
    player: int
    face: int
    success: bool

    def describe(self, ctx: Any = None) -> str:
        outcome = "enough" if self.success else "not enough; conquests end"
        return f"The reinforcement die shows {self.face}: {outcome} ({self.rule})."


@dataclass(frozen=True)
class Abandoned(Event):
    rule: ClassVar[str] = "R-EXPAND-2"
    player: int
    race: str
    region: int
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)} abandons {_label(ctx, self.region)}, taking "
            f"{_s(self.tokens, 'token')} into hand ({self.rule})."
        )


@dataclass(frozen=True)
class Converted(Event):
    rule: ClassVar[str] = "R-RACE-SORCERERS"
    player: int
    region: int
    victim: int
    victim_race: str

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)}'s Sorcerers convert the lone {self.victim_race} "
            f"token of {_player(ctx, self.victim)} in {_label(ctx, self.region)} ({self.rule})."
        )


@dataclass(frozen=True)
class PieceChanged(Event):
    """A piece placed in (``placed``) or removed from a region.

    ``piece`` is the rulebook's word from the pieces table (``Piece.label`` of
    :data:`swlab.rules.pieces.PIECES`: "Troll Lair", "Encampment", ...); ``why`` the rule.
    """

    piece: str
    region: int
    placed: bool
    why: str

    @property
    def rule(self) -> str:  # type: ignore[override]
        return self.why

    def describe(self, ctx: Any = None) -> str:
        verb = "placed in" if self.placed else "removed from"
        article = "An" if self.piece[:1] in "AEIOU" else "A"
        return f"{article} {self.piece} is {verb} {_label(ctx, self.region)} ({self.why})."


@dataclass(frozen=True)
class TokenMoved(Event):
    """One token placed from hand (``to_hand`` False) or taken back to hand."""

    rule: ClassVar[str] = "R-REDEPLOY-1"
    player: int
    race: str
    region: int
    to_hand: bool

    def describe(self, ctx: Any = None) -> str:
        if self.to_hand:
            return (
                f"{_player(ctx, self.player)} takes one {self.race} token from "
                f"{_label(ctx, self.region)} back to hand ({self.rule})."
            )
        return (
            f"{_player(ctx, self.player)} places one {self.race} token in "
            f"{_label(ctx, self.region)} ({self.rule})."
        )


@dataclass(frozen=True)
class Redeployed(Event):
    player: int
    race: str
    defender: bool

    @property
    def rule(self) -> str:  # type: ignore[override]
        return "R-REDEPLOY-2" if self.defender else "R-REDEPLOY-1"

    def describe(self, ctx: Any = None) -> str:
        rule = self.rule
        return f"{_player(ctx, self.player)} finishes redeploying the {self.race} ({rule})."


@dataclass(frozen=True)
class Withdrawn(Event):
    rule: ClassVar[str] = "R-RACE-AMAZONS"
    player: int
    region: int
    emptied: bool

    def describe(self, ctx: Any = None) -> str:
        tail = ", leaving it empty" if self.emptied else ""
        return (
            f"{_player(ctx, self.player)} takes an Amazon off {_label(ctx, self.region)}"
            f"{tail}: it waits for the next Ready-your-troops ({self.rule})."
        )


@dataclass(frozen=True)
class TokensGained(Event):
    player: int
    race: str
    tokens: int
    why: str

    @property
    def rule(self) -> str:  # type: ignore[override]
        return self.why

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)} takes {_s(self.tokens, 'new token')} of the {self.race} "
            f"from the tray ({self.why})."
        )


@dataclass(frozen=True)
class Declined(Event):
    rule: ClassVar[str] = "R-DECLINE-1"
    player: int
    race: str
    power: str
    regions: int
    returned: int
    kept_power: bool = False  #: the badge stays with the race (Spirit, R-POW-SPIRIT)

    def describe(self, ctx: Any = None) -> str:
        if not self.power:
            badge = ""
        elif self.kept_power:
            badge = f"{self.power} stays with them (R-POW-SPIRIT); "
        else:
            badge = f"{self.power} is discarded; "
        return (
            f"{_player(ctx, self.player)}'s {self.race} go into decline in "
            f"{_s(self.regions, 'region')}; {badge}{_s(self.returned, 'token')} go back to the "
            f"tray (R-DECLINE-1, R-DECLINE-2)."
        )


@dataclass(frozen=True)
class RaceRemoved(Event):
    rule: ClassVar[str] = "R-DECLINE-3"
    player: int
    race: str
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)}'s decline {self.race} leave the map "
            f"({_s(self.tokens, 'token')} back to the tray); the banner returns to the stack "
            f"({self.rule})."
        )


@dataclass(frozen=True)
class DefenderToRedeploy(Event):
    rule: ClassVar[str] = "R-REDEPLOY-2"
    player: int
    race: str
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)} redeploys {_s(self.tokens, 'token')} of the {self.race} "
            f"({self.rule})."
        )


@dataclass(frozen=True)
class Scored(Event):
    rule: ClassVar[str] = "R-SCORE-1"
    player: int
    total: int
    rows: tuple[tuple[str, int, str], ...]

    def describe(self, ctx: Any = None) -> str:
        detail = ", ".join(f"{label} {amount:+d} ({rule})" for label, amount, rule in self.rows)
        return (
            f"{_player(ctx, self.player)} scores {_s(self.total, 'victory coin')}: "
            f"{detail or f'nothing ({self.rule})'}."
        )


@dataclass(frozen=True)
class GameEnded(Event):
    rule: ClassVar[str] = "R-FLOW-2"
    winners: tuple[int, ...]
    coins: tuple[int, ...]

    def describe(self, ctx: Any = None) -> str:
        names = " and ".join(_player(ctx, w) for w in self.winners)
        verb = "share the win" if len(self.winners) > 1 else "wins"
        return f"The game ends after the last round; {names} {verb} (R-FLOW-2, R-FLOW-3)."


@dataclass(frozen=True)
class BerserkRolled(Event):
    """A Berserk roll before a conquest (R-POW-BERSERK)."""

    rule: ClassVar[str] = "R-POW-BERSERK"
    player: int
    face: int
    affordable: bool

    def describe(self, ctx: Any = None) -> str:
        if self.affordable:
            tail = (
                f"the next conquest costs {_s(self.face, 'token')} less (minimum 1)"
                if self.face
                else "no discount for the next conquest"
            )
        else:
            tail = "no region is affordable now, so conquests end"
        return (
            f"{_player(ctx, self.player)} rolls the reinforcement die before a Berserk "
            f"conquest and gets {self.face}: {tail} ({self.rule})."
        )


@dataclass(frozen=True)
class PeaceMade(Event):
    """A Diplomat's choice at the end of the turn (R-POW-DIPLOMAT)."""

    rule: ClassVar[str] = "R-POW-DIPLOMAT"
    player: int
    race: str
    opponent: int

    def describe(self, ctx: Any = None) -> str:
        return (
            f"{_player(ctx, self.player)}'s {self.race} make peace with "
            f"{_player(ctx, self.opponent)}: until {_player(ctx, self.player)}'s next turn, "
            f"their active race cannot attack the {self.race} ({self.rule})."
        )

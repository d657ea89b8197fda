"""Events: what happened, as small frozen values that explain themselves.

Every event has ``rule`` (the id it applies) and ``describe(ctx)``: one plain sentence
citing that id. ``ctx`` is a :class:`~swlab.rules.state.GameState` (player names and
region labels) or a board (region labels only). Region fields hold region **ids**.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from swlab import names as words
from swlab.i18n import _, ngettext
from swlab.rules.records import fast_init


def _label(ctx: Any, region_id: int) -> str:
    geo = getattr(ctx, "geo", None)
    if geo is not None:
        return str(geo.label(geo.index[region_id]))
    try:
        return str(ctx[region_id].label)
    except Exception:
        return _("region {id}").format(id=region_id)


def _player(ctx: Any, player: int) -> str:
    players = getattr(ctx, "players", None)
    if isinstance(players, tuple) and 0 <= player < len(players):
        return str(players[player].name)
    return _("Player {number}").format(number=player + 1)


def _tokens(n: int) -> str:
    return ngettext("{n} token", "{n} tokens", n).format(n=n)


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


@fast_init
@dataclass(frozen=True)
class Event:
    """Base class of events."""

    rule: ClassVar[str] = ""

    def describe(self, ctx: Any = None) -> str:
        return f"{type(self).__name__} ({self.rule})."


@fast_init
@dataclass(frozen=True)
class RoundStarted(Event):
    rule: ClassVar[str] = "R-FLOW-1"
    round: int

    def describe(self, ctx: Any = None) -> str:
        return _("Round {round} begins: the turn marker advances ({rule}).").format(
            round=self.round, rule=self.rule
        )


@fast_init
@dataclass(frozen=True)
class TurnStarted(Event):
    rule: ClassVar[str] = "R-FLOW-1"
    player: int
    round: int

    def describe(self, ctx: Any = None) -> str:
        return _("{player} begins a turn in round {round} ({rule}).").format(
            player=_player(ctx, self.player), round=self.round, rule=self.rule
        )


@fast_init
@dataclass(frozen=True)
class TroopsReadied(Event):
    rule: ClassVar[str] = "R-EXPAND-1"
    player: int
    race: str
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return _(
            "{player} readies the {race}: {tokens} in hand, 1 left in each region ({rule})."
        ).format(
            player=_player(ctx, self.player),
            race=words.race(self.race),
            tokens=_tokens(self.tokens),
            rule=self.rule,
        )


@fast_init
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
        return _(
            "{player} picks {combo} (position {position}), pays {paid}, collects {collected} "
            "and takes {tokens} (R-PICK-1, R-PICK-2, R-PICK-4)."
        ).format(
            player=_player(ctx, self.player),
            combo=words.combo(self.power, self.race),
            position=self.position,
            paid=_coins(self.paid),
            collected=_coins(self.collected),
            tokens=_tokens(self.tokens),
        )


@fast_init
@dataclass(frozen=True)
class ColumnRefilled(Event):
    rule: ClassVar[str] = "R-PICK-5"
    race: str
    power: str

    def describe(self, ctx: Any = None) -> str:
        return _("{combo} joins the bottom of the column ({rule}).").format(
            combo=words.combo(self.power, self.race), rule=self.rule
        )


@fast_init
@dataclass(frozen=True)
class BadgesReshuffled(Event):
    rule: ClassVar[str] = "R-PICK-5"
    count: int

    def describe(self, ctx: Any = None) -> str:
        return ngettext(
            "The {count} discarded power badge is shuffled into a new stack ({rule}).",
            "The {count} discarded power badges are shuffled into a new stack ({rule}).",
            self.count,
        ).format(count=self.count, rule=self.rule)


@fast_init
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
        return _(
            "{player} conquers {region} with the {race}, placing {tokens}: {breakdown} ({rule})."
        ).format(
            player=_player(ctx, self.player),
            region=_label(ctx, self.region),
            race=words.race(self.race),
            tokens=_tokens(self.tokens),
            breakdown=self.breakdown,
            rule=self.rule,
        )


@fast_init
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
        region = _label(ctx, self.region)
        if self.player < 0:
            return _("The lost tribe of {region} is removed ({rule}).").format(
                region=region, rule=self.rule
            )
        return _(
            "{player}'s {race} lose {region}: {lost} back to the tray, {to_hand} to hand ({rule})."
        ).format(
            player=_player(ctx, self.player),
            race=words.race(self.race),
            region=region,
            lost=_tokens(self.lost),
            to_hand=self.to_hand,
            rule=self.rule,
        )


@fast_init
@dataclass(frozen=True)
class FinalConquestChosen(Event):
    rule: ClassVar[str] = "R-CONQ-10"
    player: int
    region: int
    cost: int
    hand: int

    def describe(self, ctx: Any = None) -> str:
        return _(
            "{player} attempts a final conquest of {region}: cost {cost}, {hand} in hand, the "
            "reinforcement die must show {need} or more ({rule})."
        ).format(
            player=_player(ctx, self.player),
            region=_label(ctx, self.region),
            cost=self.cost,
            hand=_tokens(self.hand),
            need=self.cost - self.hand,
            rule=self.rule,
        )


@fast_init
@dataclass(frozen=True)
class DieRolled(Event):
    rule: ClassVar[str] = "R-CONQ-10"
    player: int
    face: int
    success: bool

    def describe(self, ctx: Any = None) -> str:
        if self.success:
            text = _("The reinforcement die shows {face}: enough ({rule}).")
        else:
            text = _("The reinforcement die shows {face}: not enough; conquests end ({rule}).")
        return text.format(face=self.face, rule=self.rule)


@fast_init
@dataclass(frozen=True)
class Abandoned(Event):
    rule: ClassVar[str] = "R-EXPAND-2"
    player: int
    race: str
    region: int
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return _("{player} abandons {region}, taking {tokens} into hand ({rule}).").format(
            player=_player(ctx, self.player),
            region=_label(ctx, self.region),
            tokens=_tokens(self.tokens),
            rule=self.rule,
        )


@fast_init
@dataclass(frozen=True)
class Converted(Event):
    rule: ClassVar[str] = "R-RACE-SORCERERS"
    player: int
    region: int
    victim: int
    victim_race: str

    def describe(self, ctx: Any = None) -> str:
        return _(
            "{player}'s Sorcerers convert the lone {race} token of {victim} in {region} ({rule})."
        ).format(
            player=_player(ctx, self.player),
            race=words.race(self.victim_race),
            victim=_player(ctx, self.victim),
            region=_label(ctx, self.region),
            rule=self.rule,
        )


@fast_init
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
        # English chooses "A" or "An" by the piece's first letter; the other languages
        # translate both sentences alike
        vowel = self.piece[:1] in "AEIOU"
        if self.placed and vowel:
            text = _("An {piece} is placed in {region} ({rule}).")
        elif self.placed:
            text = _("A {piece} is placed in {region} ({rule}).")
        elif vowel:
            text = _("An {piece} is removed from {region} ({rule}).")
        else:
            text = _("A {piece} is removed from {region} ({rule}).")
        return text.format(
            piece=words.piece(self.piece), region=_label(ctx, self.region), rule=self.why
        )


@fast_init
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
            text = _("{player} takes one {race} token from {region} back to hand ({rule}).")
        else:
            text = _("{player} places one {race} token in {region} ({rule}).")
        return text.format(
            player=_player(ctx, self.player),
            race=words.race(self.race),
            region=_label(ctx, self.region),
            rule=self.rule,
        )


@fast_init
@dataclass(frozen=True)
class Redeployed(Event):
    player: int
    race: str
    defender: bool

    @property
    def rule(self) -> str:  # type: ignore[override]
        return "R-REDEPLOY-2" if self.defender else "R-REDEPLOY-1"

    def describe(self, ctx: Any = None) -> str:
        return _("{player} finishes redeploying the {race} ({rule}).").format(
            player=_player(ctx, self.player), race=words.race(self.race), rule=self.rule
        )


@fast_init
@dataclass(frozen=True)
class Withdrawn(Event):
    rule: ClassVar[str] = "R-RACE-AMAZONS"
    player: int
    region: int
    emptied: bool

    def describe(self, ctx: Any = None) -> str:
        if self.emptied:
            text = _(
                "{player} takes an Amazon off {region}, leaving it empty: it waits for the next "
                "Ready-your-troops ({rule})."
            )
        else:
            text = _(
                "{player} takes an Amazon off {region}: it waits for the next Ready-your-troops "
                "({rule})."
            )
        return text.format(
            player=_player(ctx, self.player), region=_label(ctx, self.region), rule=self.rule
        )


@fast_init
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
        return ngettext(
            "{player} takes {n} new token of the {race} from the tray ({rule}).",
            "{player} takes {n} new tokens of the {race} from the tray ({rule}).",
            self.tokens,
        ).format(
            player=_player(ctx, self.player),
            n=self.tokens,
            race=words.race(self.race),
            rule=self.why,
        )


@fast_init
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
        regions = ngettext("{n} region", "{n} regions", self.regions).format(n=self.regions)
        fields = {
            "player": _player(ctx, self.player),
            "race": words.race(self.race),
            "regions": regions,
            "power": words.power(self.power),
            "tokens": _tokens(self.returned),
        }
        if not self.power:
            text = _(
                "{player}'s {race} go into decline in {regions}; {tokens} go back to the tray "
                "(R-DECLINE-1, R-DECLINE-2)."
            )
        elif self.kept_power:
            text = _(
                "{player}'s {race} go into decline in {regions}; {power} stays with them "
                "(R-POW-SPIRIT); {tokens} go back to the tray (R-DECLINE-1, R-DECLINE-2)."
            )
        else:
            text = _(
                "{player}'s {race} go into decline in {regions}; {power} is discarded; {tokens} "
                "go back to the tray (R-DECLINE-1, R-DECLINE-2)."
            )
        return text.format(**fields)


@fast_init
@dataclass(frozen=True)
class RaceRemoved(Event):
    rule: ClassVar[str] = "R-DECLINE-3"
    player: int
    race: str
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return _(
            "{player}'s decline {race} leave the map ({tokens} back to the tray); the banner "
            "returns to the stack ({rule})."
        ).format(
            player=_player(ctx, self.player),
            race=words.race(self.race),
            tokens=_tokens(self.tokens),
            rule=self.rule,
        )


@fast_init
@dataclass(frozen=True)
class DefenderToRedeploy(Event):
    rule: ClassVar[str] = "R-REDEPLOY-2"
    player: int
    race: str
    tokens: int

    def describe(self, ctx: Any = None) -> str:
        return _("{player} redeploys {tokens} of the {race} ({rule}).").format(
            player=_player(ctx, self.player),
            tokens=_tokens(self.tokens),
            race=words.race(self.race),
            rule=self.rule,
        )


@fast_init
@dataclass(frozen=True)
class Scored(Event):
    rule: ClassVar[str] = "R-SCORE-1"
    player: int
    total: int
    rows: tuple[tuple[str, int, str], ...]

    def describe(self, ctx: Any = None) -> str:
        detail = ", ".join(
            f"{words.score_row(label)} {amount:+d} ({rule})" for label, amount, rule in self.rows
        )
        fields = {"player": _player(ctx, self.player), "n": self.total, "rule": self.rule}
        if not detail:
            return ngettext(
                "{player} scores {n} victory coin: nothing ({rule}).",
                "{player} scores {n} victory coins: nothing ({rule}).",
                self.total,
            ).format(**fields)
        return ngettext(
            "{player} scores {n} victory coin: {detail}.",
            "{player} scores {n} victory coins: {detail}.",
            self.total,
        ).format(detail=detail, **fields)


@fast_init
@dataclass(frozen=True)
class GameEnded(Event):
    rule: ClassVar[str] = "R-FLOW-2"
    winners: tuple[int, ...]
    coins: tuple[int, ...]

    def describe(self, ctx: Any = None) -> str:
        names = _(" and ").join(_player(ctx, w) for w in self.winners)
        if len(self.winners) > 1:
            text = _(
                "The game ends after the last round; {names} share the win (R-FLOW-2, R-FLOW-3)."
            )
        else:
            text = _("The game ends after the last round; {names} wins (R-FLOW-2, R-FLOW-3).")
        return text.format(names=names)


@fast_init
@dataclass(frozen=True)
class BerserkRolled(Event):
    """A Berserk roll before a conquest (R-POW-BERSERK)."""

    rule: ClassVar[str] = "R-POW-BERSERK"
    player: int
    face: int
    affordable: bool

    def describe(self, ctx: Any = None) -> str:
        if not self.affordable:
            text = _(
                "{player} rolls the reinforcement die before a Berserk conquest and gets {face}: "
                "no region is affordable now, so conquests end ({rule})."
            )
        elif self.face:
            text = _(
                "{player} rolls the reinforcement die before a Berserk conquest and gets {face}: "
                "the next conquest costs {tokens} less (minimum 1) ({rule})."
            )
        else:
            text = _(
                "{player} rolls the reinforcement die before a Berserk conquest and gets {face}: "
                "no discount for the next conquest ({rule})."
            )
        return text.format(
            player=_player(ctx, self.player),
            face=self.face,
            tokens=_tokens(self.face),
            rule=self.rule,
        )


@fast_init
@dataclass(frozen=True)
class PeaceMade(Event):
    """A Diplomat's choice at the end of the turn (R-POW-DIPLOMAT)."""

    rule: ClassVar[str] = "R-POW-DIPLOMAT"
    player: int
    race: str
    opponent: int

    def describe(self, ctx: Any = None) -> str:
        return _(
            "{player}'s {race} make peace with {opponent}: until {player}'s next turn, their "
            "active race cannot attack the {race} ({rule})."
        ).format(
            player=_player(ctx, self.player),
            race=words.race(self.race),
            opponent=_player(ctx, self.opponent),
            rule=self.rule,
        )

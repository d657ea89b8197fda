"""Positions no game can reach: one list of what is impossible about a state.

:func:`position_problems` looks at a :class:`~swlab.rules.state.GameState` without playing
it and says, rule by rule, what no sequence of legal actions could have produced: tokens
that are not in the box, a region two races hold, a race in decline that kept its badge,
a Mountain taken off its region, a die face the die does not have... An empty list is a
position the engine can play from. The scenario loader refuses a file with the first
problem (naming the place in the file), the editor's play-test refuses a board that way,
and the tests check every state of their playouts with it.

>>> from swlab.board.graph import GraphBoard, parse_graph
>>> from swlab.rules import new_game
>>> board = GraphBoard.from_graph(parse_graph({"name": "pair", "players": 2, "turns": 3,
...     "regions": [{"id": 1, "terrain": "hill", "edge": True, "neighbours": [2]},
...                 {"id": 2, "terrain": "forest", "edge": True, "neighbours": [1]}]}))
>>> state = new_game(board, ["Ann", "Bob"], seed=1)
>>> position_problems(state)
[]
>>> crowded = state.with_regions({0: state.regions[0].updated(lost_tribes=40)})
>>> [problem.rule for problem in position_problems(crowded)]
['R-COMP-2']
"""

from __future__ import annotations

from dataclasses import dataclass

from swlab import names
from swlab.i18n import _, ngettext
from swlab.rules.abilities.registry import race_badge
from swlab.rules.actions import DIE_FACES, Roll
from swlab.rules.ops import badges
from swlab.rules.pieces import PIECES
from swlab.rules.state import GameState, RaceState, Stage, setup_region

__all__ = ["PositionProblem", "position_problems"]


@dataclass(frozen=True)
class PositionProblem:
    """One impossible thing about a position: the rule it breaks, one sentence (in the
    language in effect, without the rule id) and where it is.

    ``field`` names the state's field (``tokens``, ``race``, ``mountain``, ``lost_tribes``,
    ``power``, ``trays``, ``die``, ``final_region``, ``declined``, ``coins``...); ``region``
    is the region's position in the board (-1 for none), ``race`` and ``player`` (a seat,
    -1 for none) the race and the player it concerns, ``index`` the face of a fixed die.
    ``limit`` is what the box holds, for a count beyond it.
    """

    rule: str
    message: str
    field: str
    region: int = -1
    race: str = ""
    player: int = -1
    index: int = -1
    limit: int = 0

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


def position_problems(state: GameState) -> list[PositionProblem]:
    """What no game could have reached in ``state``, rule by rule (empty: none).

    Checked: no race has more tokens than its box (R-COMP-2, R-PICK-4); a region
    with race tokens belongs to that race's owner and matches its decline side, and holds
    no Lost Tribe beside them (R-CONQ-5); each banner and badge is held once (R-COMP-2,
    R-COMP-3); a race in decline has no badge (R-DECLINE-1, but Spirit) and a player has
    one (R-DECLINE-3); Holes-in-the-Ground leave with decline (R-DECLINE-4); coins are
    never negative (R-PICK-3); pieces stay within the box (R-COMP-5); Mountains stay on
    Mountain regions (R-SETUP-2, R-CONQ-9); water holds only Seafaring tokens (R-CONQ-4);
    the die shows its faces (R-COMP-5), a roll has its region (R-CONQ-10) and no combo is
    picked in the turn of a decline (R-DECLINE-6).
    """
    return [
        *_supply(state),
        *_holdings(state),
        *_regions(state),
        *_box(state),
        *_terrain(state),
        *_turn(state),
    ]


# --- tokens and banners -----------------------------------------------------------------


def _supply(state: GameState) -> list[PositionProblem]:
    """No race has more tokens on the map, in hand, in reserve and in its tray than the box
    holds, nor fewer than none in the tray. Fewer in all is a position a scenario may pose
    (``trays: {Skeletons: 1}`` runs a tray low without placing every token); that the
    engine itself never loses one is a property of its moves, checked by the playouts."""
    found: list[PositionProblem] = []
    for name, tray in state.trays:
        box = race_badge(name).tray
        race = state.race(name)
        in_play = sum(r.tokens for r in state.regions if r.race == name)
        in_play += race.hand + race.reserve if race is not None else 0
        if in_play + max(tray, 0) <= box and tray >= 0:
            continue
        if tray > 0:
            text = _(
                "{in_play} {race} tokens are in play and {tray} in the tray, but the box "
                "holds {box}"
            )
        else:
            text = _("{in_play} {race} tokens are in play, but the box holds {box}")
        found.append(
            PositionProblem(
                "R-COMP-2",
                text.format(in_play=in_play, race=names.race(name), tray=tray, box=box),
                "trays",
                race=name,
                limit=box,
            )
        )
    return found


def _holdings(state: GameState) -> list[PositionProblem]:
    """Each banner and badge once (R-COMP-2, R-COMP-3); decline without the badge
    (R-DECLINE-1) and one decline race per player (R-DECLINE-3); coins never negative."""
    found: list[PositionProblem] = []
    banners: dict[str, int] = {}
    powers: dict[str, int] = {}
    for seat, player in enumerate(state.players):
        if player.coins < 0:
            found.append(
                PositionProblem(
                    "R-PICK-3",
                    _("{player} has {coins} coins: coins are never fewer than 0").format(
                        player=player.name, coins=player.coins
                    ),
                    "coins",
                    player=seat,
                )
            )
        for race in player.races():
            if race.owner != seat:
                found.append(_owned_by_another(state, race, seat))
            if race.name in banners:
                found.append(_twice("R-COMP-2", "race", names.race(race.name), race, seat))
            banners[race.name] = seat
            if race.power and race.power in powers:
                found.append(_twice("R-COMP-3", "power", names.power(race.power), race, seat))
            if race.power:
                powers[race.power] = seat
            if race.in_decline and race.power and not _keeps_badge(race):
                found.append(
                    PositionProblem(
                        "R-DECLINE-1",
                        _(
                            "the {race} are in decline but still hold {power}: a race going "
                            "into decline discards its badge"
                        ).format(race=names.race(race.name), power=names.power(race.power)),
                        "power",
                        race=race.name,
                        player=seat,
                    )
                )
        counted = [r for r in player.declined if not _keeps_badge(r)]
        if len(counted) > 1 or len(player.declined) > 2:
            found.append(
                PositionProblem(
                    "R-DECLINE-3",
                    ngettext(
                        "{player} has {n} race in decline: a player has only one",
                        "{player} has {n} races in decline: a player has only one",
                        len(player.declined),
                    ).format(player=player.name, n=len(player.declined)),
                    "declined",
                    player=seat,
                )
            )
    return found


def _keeps_badge(race: RaceState) -> bool:
    return any(b.keeps_badge_in_decline() for b in badges(race)[1:])


def _owned_by_another(state: GameState, race: RaceState, seat: int) -> PositionProblem:
    return PositionProblem(
        "R-COMP-2",
        _("the {race} of {player} name seat {owner} as their owner").format(
            race=names.race(race.name), player=state.players[seat].name, owner=race.owner
        ),
        "owner",
        race=race.name,
        player=seat,
    )


def _twice(rule: str, field: str, name: str, race: RaceState, seat: int) -> PositionProblem:
    """``name``: the banner or badge in words."""
    return PositionProblem(
        rule,
        _("{name} is held twice: there is one of each banner and badge").format(name=name),
        field,
        race=race.name,
        player=seat,
    )


def _regions(state: GameState) -> list[PositionProblem]:
    """One race per region, its owner's and on its side; no Lost Tribe beside it."""
    found: list[PositionProblem] = []
    label = state.geo.labels
    for i, r in enumerate(state.regions):
        if not r.tokens:
            if r.race or r.owner >= 0:
                found.append(
                    PositionProblem(
                        "R-CONQ-5",
                        _("{region} has no tokens but names the race or owner holding it").format(
                            region=label[i]
                        ),
                        "tokens",
                        region=i,
                    )
                )
            continue
        race = state.race(r.race) if r.race else None
        if race is None or race.owner != r.owner or race.in_decline != r.in_decline:
            found.append(
                PositionProblem(
                    "R-CONQ-5",
                    _(
                        "{region} holds {race} tokens that no player holds that way (owner, "
                        "decline side): a region is held by one race of one player"
                    ).format(region=label[i], race=names.race(r.race) if r.race else "?"),
                    "race",
                    region=i,
                    race=r.race,
                )
            )
        if r.lost_tribes:
            found.append(
                PositionProblem(
                    "R-CONQ-5",
                    _("{region} holds race tokens and Lost Tribes together").format(
                        region=label[i]
                    ),
                    "lost_tribes",
                    region=i,
                    race=r.race,
                )
            )
        if r.hole and r.in_decline:
            found.append(
                PositionProblem(
                    "R-DECLINE-4",
                    _("{region} keeps a Hole-in-the-Ground of a race in decline").format(
                        region=label[i]
                    ),
                    "hole",
                    region=i,
                    race=r.race,
                )
            )
    return found


# --- pieces and terrain ----------------------------------------------------------------


def _box(state: GameState) -> list[PositionProblem]:
    """No more pieces on the map than the box holds (R-COMP-5, Lost Tribes R-COMP-2). A
    made-up board with more Mountain regions or Lost Tribe symbols than the box has pieces
    brings its own: its setup is always possible."""
    found: list[PositionProblem] = []
    geo = state.geo
    for piece in PIECES:
        total = sum(piece.count(r) for r in state.regions)
        if total <= piece.box:
            continue
        most = max(piece.box, sum(piece.count(setup_region(geo, i)) for i in range(len(geo))))
        if total > most:
            found.append(
                PositionProblem(
                    piece.box_rule,
                    _("{count} {pieces} are on the map, but the box holds {box}").format(
                        count=total, pieces=names.pieces(piece.plural), box=most
                    ),
                    piece.field,
                    limit=most,
                )
            )
    return found


def _may_hold_water(state: GameState, race: RaceState) -> bool:
    """Whether ``race`` may stand on a Sea or the Lake (R-CONQ-4, R-POW-SEAFARING).

    An active race needs a badge that lets it (Seafaring). A race in decline keeps the
    water it held while active; its badge is discarded (R-DECLINE-1), so a decline race
    without a power may have been Seafaring; one that kept its power (Spirit) was not.
    """
    if race.in_decline:
        if not race.power:
            return True
        race = race.updated(in_decline=False)
    return any(b.can_occupy_water(state, race) for b in badges(race))


def _terrain(state: GameState) -> list[PositionProblem]:
    """Mountains only on Mountain regions (R-SETUP-2) and never taken off one (R-CONQ-9);
    race tokens on water only with Seafaring (R-CONQ-4)."""
    found: list[PositionProblem] = []
    geo = state.geo
    for i, r in enumerate(state.regions):
        if geo.mountain[i] and not r.mountain:
            found.append(
                PositionProblem(
                    "R-CONQ-9",
                    _(
                        "{region} is a Mountain region: its Mountain is never removed, so it "
                        "stays true"
                    ).format(region=geo.labels[i]),
                    "mountain",
                    region=i,
                )
            )
        if r.mountain and not geo.mountain[i]:
            found.append(
                PositionProblem(
                    "R-SETUP-2",
                    _(
                        "{region} is not a Mountain region: Mountain tokens stand on the "
                        "Mountain regions, one each, from the setup on"
                    ).format(region=geo.labels[i]),
                    "mountain",
                    region=i,
                )
            )
        if r.race and geo.water[i]:
            race = state.race(r.race)
            if race is not None and not _may_hold_water(state, race):
                found.append(
                    PositionProblem(
                        "R-CONQ-4",
                        _(
                            "{region} is water: Seas and the Lake hold only a Seafaring "
                            "race's tokens, not the {race}'s"
                        ).format(region=geo.labels[i], race=names.race(r.race or "")),
                        "race",
                        region=i,
                        race=r.race,
                    )
                )
    return found


# --- the turn ----------------------------------------------------------------------------


def _turn(state: GameState) -> list[PositionProblem]:
    """A fixed die shows real faces (R-COMP-5); a roll has a target (R-CONQ-10); no pick
    in the turn of a decline (R-DECLINE-6)."""
    found: list[PositionProblem] = [
        PositionProblem(
            "R-COMP-5",
            _("the reinforcement die shows 0, 1, 2 or 3, not {face}").format(face=face),
            "die",
            index=k,
        )
        for k, face in enumerate(state.die)
        if face not in DIE_FACES
    ]
    turn = state.turn
    if turn.stage is Stage.ROLL and turn.final_region < 0:
        race = state.race(turn.acting)
        if race is None or not any(b.handles(Roll(0)) for b in badges(race)):
            found.append(
                PositionProblem(
                    "R-CONQ-10",
                    _(
                        "the roll stage needs the region of the final conquest: the die is "
                        "rolled for a region chosen first; only a Berserk race rolls without one"
                    ),
                    "final_region",
                )
            )
    if turn.declined and (turn.stage is Stage.PICK or turn.picked):
        found.append(
            PositionProblem(
                "R-DECLINE-6",
                _(
                    "a player who went into decline this turn picks a new combo only in their "
                    "next turn"
                ),
                "declined",
            )
        )
    return found

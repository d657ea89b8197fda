"""Boards and a scenario builder for rules tests (imported as ``from .helpers import ...``).

Official boards come from the board catalog (``swlab.board.official_board``); hand-made
boards are region graphs (:class:`swlab.board.graph.GraphBoard`): the engine only needs the
:class:`swlab.rules.geo.BoardLike` protocol, which both satisfy.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from swlab.board.catalog import official_board
from swlab.board.graph import GraphBoard as _GraphBoard
from swlab.board.graph import GraphBoardRegion as GraphRegion
from swlab.game.scenario import ScenarioError, scenario_from_dict
from swlab.rules import GameState, RaceState, RegionState, Stage, new_game
from swlab.rules.actions import Action, parse_action
from swlab.rules.engine import apply, why_illegal
from swlab.rules.events import Event
from swlab.rules.position import position_problems


class GraphBoard(_GraphBoard):
    """The package's region-graph board, plus a compact builder for hand-made test boards."""

    @classmethod
    def from_spec(
        cls,
        regions: dict[int, str | tuple[str, ...]],
        borders: list[tuple[int, int]],
        edge: set[int],
        players: int = 2,
        turns: int = 10,
        name: str = "test board",
    ) -> GraphBoard:
        """``regions`` maps id -> terrain or (terrain, symbol, ...)."""
        regs = []
        for rid, spec in regions.items():
            terrain, *symbols = (spec,) if isinstance(spec, str) else spec
            regs.append(GraphRegion(rid, terrain, frozenset(symbols)))
        adjacency: dict[int, set[int]] = {rid: set() for rid in regions}
        for a, b in borders:
            adjacency[a].add(b)
            adjacency[b].add(a)
        return cls(
            name,
            players,
            turns,
            tuple(regs),
            {k: frozenset(v) for k, v in adjacency.items()},
            frozenset(edge),
        )


@cache
def official(players: int) -> Any:
    """The official board for ``players``, from the board catalog."""
    return official_board(players)


# A small hand-made board used by most scenario tests:
#
#     edge: 1 2 3 7 8 10 (and sea 9)
#     1 farmland(lost tribe) - 2 hill - 3 forest(magic) - 4 mountain(mine)
#     |                        |        |                 |
#     5 swamp(cavern) ------ 6 farmland(mine) ------- 7 hill - 8 forest
#     9 sea borders 1, 5 (edge sea) ; 10 swamp borders 8 and 4
SMALL_REGIONS: dict[int, str | tuple[str, ...]] = {
    1: ("farmland", "lost_tribe"),
    2: "hill",
    3: ("forest", "magic"),
    4: ("mountain", "mine"),
    5: ("swamp", "cavern"),
    6: ("farmland", "mine"),
    7: "hill",
    8: "forest",
    9: "sea",
    10: "swamp",
}
SMALL_BORDERS = [
    (1, 2), (2, 3), (3, 4), (1, 5), (2, 6), (3, 7), (4, 7), (5, 6), (6, 7), (7, 8),
    (1, 9), (5, 9), (8, 10), (4, 10),
]  # fmt: skip
SMALL_EDGE = {1, 2, 3, 7, 8, 9, 10}


def small_board(players: int = 2, turns: int = 10) -> GraphBoard:
    return GraphBoard.from_spec(SMALL_REGIONS, SMALL_BORDERS, SMALL_EDGE, players, turns)


class Scenario:
    """Arrange a position directly, then script actions and assert, XMage style.

    >>> sc = Scenario(races=["Ratmen"], powers=["Alchemist"])
    >>> sc = sc.active(0, "Ratmen", hand=5).region(2, 0, "Ratmen", 3).conquering(0)
    >>> sc.legal()[:3]
    ['conquer 1', 'conquer 3', 'conquer 6']
    >>> sc.do("conquer 1").at(1).tokens, sc.hand("Ratmen")
    (2, 3)
    """

    def __init__(
        self,
        board: Any = None,
        players: int = 2,
        *,
        races: list[str] | None = None,
        powers: list[str] | None = None,
        seed: int = 1,
        empty: bool = True,
    ) -> None:
        board = board if board is not None else small_board(players)
        self.state: GameState = new_game(board, players, seed=seed, races=races, powers=powers)
        self.events: list[Event] = []
        self.checked = True
        if empty:
            self.state = replace(
                self.state,
                regions=tuple(RegionState(mountain=r.mountain) for r in self.state.regions),
            )

    # --- arrange ------------------------------------------------------------------------
    def _idx(self, region: int) -> int:
        return self.state.geo.index[region]

    def _set_player(self, player: int, **changes: Any) -> None:
        players = list(self.state.players)
        players[player] = replace(players[player], **changes)
        self.state = replace(self.state, players=tuple(players))

    def coins(self, player: int, coins: int) -> Scenario:
        self._set_player(player, coins=coins)
        return self

    def active(
        self, player: int, race: str, power: str = "", hand: int = 0, reserve: int = 0
    ) -> Scenario:
        """Give ``player`` an active ``race`` (+``power``) with ``hand`` tokens in hand.

        ``power=""`` (the default) is a race with no special power, so race tests see only
        the banner.
        """
        self._set_player(player, active=RaceState(race, power, player, hand=hand, reserve=reserve))
        self._take_from_tray(race, hand + reserve)
        return self

    def declined(self, player: int, race: str, power: str = "", hand: int = 0) -> Scenario:
        p = self.state.players[player]
        rs = RaceState(race, power, player, in_decline=True, hand=hand)
        self._set_player(player, declined=(*p.declined, rs))
        self._take_from_tray(race, hand)
        return self

    def _take_from_tray(self, race: str, n: int) -> None:
        self.state = self.state.with_tray(race, -n)

    def region(
        self, region: int, owner: int, race: str, tokens: int = 1, **pieces: Any
    ) -> Scenario:
        """Put ``tokens`` of ``owner``'s ``race`` in ``region`` (decline if owned in decline)."""
        rs = self.state.race(race)
        in_decline = bool(rs and rs.in_decline)
        i = self._idx(region)
        old = self.state.regions[i]
        new = RegionState(
            owner=owner, race=race, tokens=tokens, in_decline=in_decline,
            mountain=old.mountain, **pieces,
        )  # fmt: skip
        self._put(i, new)
        self._take_from_tray(race, tokens)
        return self

    def lost_tribe(self, region: int, n: int = 1) -> Scenario:
        i = self._idx(region)
        self._put(i, replace(self.state.regions[i], lost_tribes=n))
        return self

    def pieces(self, region: int, **pieces: Any) -> Scenario:
        i = self._idx(region)
        self._put(i, replace(self.state.regions[i], **pieces))
        return self

    def _put(self, i: int, region: RegionState) -> None:
        regions = list(self.state.regions)
        regions[i] = region
        self.state = replace(self.state, regions=tuple(regions))

    def stage(self, stage: Stage, player: int, acting: str = "", **turn: Any) -> Scenario:
        """Set the stage directly: ``player`` is current and actor."""
        t = replace(self.state.turn, stage=stage, actor=player, acting=acting, **turn)
        self.state = replace(self.state, current=player, turn=t)
        return self

    def conquering(self, player: int, picked: bool = False) -> Scenario:
        """``player``'s active race is in its conquest stage (troops already readied)."""
        race = self.state.players[player].active
        assert race is not None
        return self.stage(Stage.CONQUER, player, race.name, picked=picked)

    def start_turn(self, player: int) -> Scenario:
        """Begin ``player``'s turn through the engine (Ghouls first, ready troops...)."""
        from swlab.rules.engine import start_turn

        events: list[Event] = []
        self.state = start_turn(self.state, player, events)
        self.events.extend(events)
        return self

    def round(self, n: int) -> Scenario:
        self.state = replace(self.state, round=n)
        return self

    # --- act ----------------------------------------------------------------------------
    def unchecked(self) -> Scenario:
        """For a test that poses what no game reaches on purpose (every piece in one region,
        a badge kept in decline) to see the engine take it in its stride."""
        self.checked = False
        return self

    def possible(self) -> Scenario:
        """Fail the test when the arranged position is one no game can reach: the engine's
        answers about it would test nothing (:func:`position_problems`)."""
        if not self.checked:
            return self
        problems = position_problems(self.state)
        assert not problems, "impossible position:\n" + "\n".join(map(str, problems))
        return self

    def do(self, *actions: str | Action) -> Scenario:
        self.possible()
        for a in actions:
            action = parse_action(a) if isinstance(a, str) else a
            self.state, events = apply(self.state, action)
            self.events.extend(events)
        return self

    def legal(self) -> list[str]:
        from swlab.rules.engine import legal_actions

        self.possible()
        return [repr(a) for a in legal_actions(self.state)]

    def chances(self) -> list[str]:
        """The outcomes of the chance node (the die faces), ``[]`` elsewhere."""
        from swlab.rules.engine import chance_outcomes

        return [repr(a) for a, _p in chance_outcomes(self.state)]

    def refused(self, action: str | Action) -> str:
        """The rule id refusing ``action`` (fails the test if it is legal)."""
        a = parse_action(action) if isinstance(action, str) else action
        self.possible()
        error = why_illegal(self.state, a)
        assert error is not None, f"{a!r} should be illegal in\n{self.state}"
        return error.rule

    # --- assert helpers -----------------------------------------------------------------
    def at(self, region: int) -> RegionState:
        return self.state.regions[self._idx(region)]

    def race(self, name: str) -> RaceState:
        rs = self.state.race(name)
        assert rs is not None, name
        return rs

    def hand(self, name: str) -> int:
        return self.race(name).hand

    def coins_of(self, player: int) -> int:
        return self.state.players[player].coins

    def event_texts(self) -> list[str]:
        return [e.describe(self.state) for e in self.events]


# --- scenario files as mappings (tests/rules/test_scenario*.py) --------------------------


def scenario_base(**extra: Any) -> dict[str, Any]:
    """A scenario mapping: Ann's Ratmen (3 in hand) on Forest 3, Bob's Humans on Hill 7,
    the rest empty; ``extra`` replaces top-level keys."""
    d: dict[str, Any] = {
        "board": "official_2p",
        "players": [
            {"name": "Ann", "active": {"race": "Ratmen", "power": "Hill", "hand": 3}},
            {"name": "Bob", "active": {"race": "Humans", "power": "Forest"}},
        ],
        "unlisted_regions": "empty",
        "regions": {3: {"race": "Ratmen", "tokens": 2}, 7: {"race": "Humans", "tokens": 3}},
        "turn": {"stage": "conquer"},
    }
    d.update(extra)
    return d


def scenario_refusal(d: dict[str, Any]) -> ScenarioError:
    """The :class:`ScenarioError` loading ``d`` raises (as a file named ``lesson.yaml``)."""
    import pytest

    with pytest.raises(ScenarioError) as info:
        scenario_from_dict(d, file="lesson.yaml")
    return info.value

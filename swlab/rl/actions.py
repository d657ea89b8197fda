"""The fixed action index space: every action of the engine is one integer, and back.

A policy network outputs one score per index and a mask says which are legal, so the
indices must not depend on the position: they depend only on the board (its ``N`` regions,
by position in ``board.ids``) and the number of players ``P``. The space is made of
blocks, in this order (``N`` = 23 and ``P`` = 2 on ``official_2p``: 315 indices)::

    block      size   index of one action            notation       rule
    pick          6   position in the column 0..5    pick K         R-PICK-1, R-SETUP-3
    conquer       N   region position               conquer ID      R-CONQ-2
    final         N   region position               final ID        R-CONQ-10
    abandon       N   region position               abandon ID      R-EXPAND-2
    convert       N   region position               convert ID      R-RACE-SORCERERS
    place         N   region position               place ID        R-REDEPLOY-1
    take          N   region position               take ID         R-REDEPLOY-1
    withdraw      N   region position               withdraw ID     R-RACE-AMAZONS
    fortress      N   region position               fortress ID     R-POW-FORTIFIED
    hero          N   region position               hero ID         R-POW-HEROIC
    unhero        N   region position               unhero ID       R-POW-HEROIC
    camp          N   region position               camp ID         R-POW-BIVOUACKING
    uncamp        N   region position               uncamp ID       R-POW-BIVOUACKING
    dragon        N   region position               dragon ID       R-POW-DRAGONMASTER
    decline       1                                  decline        R-DECLINE-1
    end           1                                  end            R-CONQ-11
    done          1                                  done           R-REDEPLOY-1
    berserk       1                                  berserk        R-POW-BERSERK
    roll          4   die face 0..3                  roll F         R-CONQ-10 (chance)
    peace         P   seat 0..P-1                    peace S        R-POW-DIPLOMAT

``roll`` is a chance outcome, never a player's decision: it is in the space so that a
game (OpenSpiel's history) is one list of integers; a player's mask never holds it.
``deploy`` (the whole redeployment at once) is not in the space: ``legal_actions`` does
not list it, and :func:`deploy_steps` turns one into the ``take``/``place``/``done`` steps
that reach the same placement. The block of ``peace`` is last, so an action's index does
not depend on ``P`` (:func:`encode` needs only the board).

>>> from swlab.board import official_board
>>> from swlab.rules import Geo, Conquer, new_game
>>> geo = Geo.from_board(official_board(2))
>>> num_actions(geo, 2)
315
>>> encode(Conquer(geo.ids[0]), geo)
6
>>> decode(6, new_game(official_board(2), 2, seed=1))
conquer 1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np
import numpy.typing as npt

from swlab.rules import (
    Action,
    Deploy,
    Done,
    GameState,
    Geo,
    Place,
    Roll,
    Take,
    chance_outcomes,
    legal_actions,
)
from swlab.rules.actions import VERBS, Pick, RegionAction
from swlab.rules.ops import COLUMN_SIZE

#: The blocks of one action per region, in the order of the space.
REGION_VERBS: tuple[str, ...] = (
    "conquer", "final", "abandon", "convert", "place", "take", "withdraw",
    "fortress", "hero", "unhero", "camp", "uncamp", "dragon",
)  # fmt: skip
#: The blocks of one action without argument, after the region blocks.
PLAIN_VERBS: tuple[str, ...] = ("decline", "end", "done", "berserk")
#: The faces of the reinforcement die (R-COMP-5), the block after the plain actions.
DIE_FACES = 4
#: Verbs of the engine that are not in the space, and why.
LEFT_OUT: dict[str, str] = {
    "deploy": "the whole placement at once: use place/take/done (deploy_steps)",
}


@dataclass(frozen=True)
class Block:
    """One block of the space: the actions of one verb."""

    verb: str
    start: int
    size: int

    @property
    def stop(self) -> int:
        return self.start + self.size


@cache
def blocks(regions: int, players: int) -> tuple[Block, ...]:
    """The blocks of the space for ``regions`` regions and ``players`` players."""
    sizes = [
        ("pick", COLUMN_SIZE),
        *((verb, regions) for verb in REGION_VERBS),
        *((verb, 1) for verb in PLAIN_VERBS),
        ("roll", DIE_FACES),
        ("peace", players),
    ]
    out: list[Block] = []
    start = 0
    for verb, size in sizes:
        out.append(Block(verb, start, size))
        start += size
    return tuple(out)


#: where each verb's block starts, for a board of ``regions`` regions (``peace`` is last)
def _starts(regions: int) -> dict[str, int]:
    return {b.verb: b.start for b in blocks(regions, 0)}


def num_actions(geo: Geo, players: int) -> int:
    """The size of the space for this board and number of players."""
    return blocks(len(geo), players)[-1].stop


def encode(action: Action, geo: Geo) -> int:
    """The index of ``action`` on the board of ``geo`` (``ValueError`` for ``deploy``, a
    verb the space does not know, or a region or position outside the board)."""
    verb = action.verb
    if verb in LEFT_OUT:
        raise ValueError(f"{action!r} has no index: {LEFT_OUT[verb]}")
    starts = geo.per_board(_starts, lambda g: _starts(len(g)))
    start = starts.get(verb)
    if start is None:
        raise ValueError(f"{action!r}: the verb {verb!r} has no block in the action space")
    if isinstance(action, RegionAction):
        i = geo.index.get(action.region)
        if i is None:
            raise ValueError(f"{action!r}: region {action.region} is not on {geo.name}")
        return start + i
    if isinstance(action, Pick):
        if not 0 <= action.position < COLUMN_SIZE:
            raise ValueError(f"{action!r}: the column has positions 0..{COLUMN_SIZE - 1}")
        return start + action.position
    if isinstance(action, Roll):
        return start + action.face
    player = getattr(action, "player", None)
    if isinstance(player, int):  # peace S
        if player < 0:
            raise ValueError(f"{action!r}: seats are numbered from 0")
        return start + player
    return start


def decode(index: int, state: GameState) -> Action:
    """The action of ``index`` on the board of ``state`` (``ValueError`` outside the
    space). The action need not be legal now: :func:`legal_mask` says which are."""
    geo = state.geo
    size = num_actions(geo, len(state.players))
    if type(index) is not int and not isinstance(index, np.integer):
        raise ValueError(f"an action index is an integer, not {index!r}")
    k = int(index)
    if not 0 <= k < size:
        raise ValueError(f"action index {k} is outside 0..{size - 1}")
    for block in blocks(len(geo), len(state.players)):
        if k < block.stop:
            cls = VERBS[block.verb]
            offset = k - block.start
            if block.verb in REGION_VERBS:
                return cls(geo.ids[offset])  # type: ignore[call-arg]
            if block.verb in PLAIN_VERBS:
                return cls()
            return cls(offset)  # type: ignore[call-arg]  # pick K, roll F, peace S
    raise AssertionError("unreachable: the blocks cover the space")


@dataclass(frozen=True, eq=False)
class ActionSpace:
    """The space of one board and number of players, with the masks of positions."""

    geo: Geo
    players: int

    @cached_property
    def size(self) -> int:
        return num_actions(self.geo, self.players)

    def legal(self, state: GameState) -> dict[int, Action]:
        """index -> action, for every decision open now (the objects ``legal_actions``
        listed, so that ``apply`` knows them legal); at a chance node, the die's faces."""
        actions: Iterable[Action] = legal_actions(state) or (a for a, _p in chance_outcomes(state))
        return {encode(a, self.geo): a for a in actions}

    def mask(self, state: GameState) -> npt.NDArray[np.int8]:
        """1 at the index of each decision open now, 0 elsewhere (int8, the PettingZoo
        and Gymnasium convention); all 0 at a chance node and at the end."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[[encode(a, self.geo) for a in legal_actions(state)]] = 1
        return mask


def legal_mask(state: GameState) -> npt.NDArray[np.int8]:
    """:meth:`ActionSpace.mask` for the board and players of ``state``."""
    return ActionSpace(state.geo, len(state.players)).mask(state)


def deploy_steps(state: GameState, deploy: Deploy) -> list[Action]:
    """The ``take``, ``place`` and ``done`` steps that reach the placement of ``deploy``
    from ``state`` (R-REDEPLOY-1): tokens come back to hand from the regions that end
    with fewer, then go to those that end with more. For a player (a bot) that answers
    with ``deploy``, in an environment whose actions are indices."""
    geo = state.geo
    steps_take: list[Action] = []
    steps_place: list[Action] = []
    for region, count in deploy.placement:
        now = state.regions[geo.index[region]].tokens
        if count < now:
            steps_take.extend(Take(region) for _ in range(now - count))
        else:
            steps_place.extend(Place(region) for _ in range(count - now))
    steps: list[Action] = [*steps_take, *steps_place, Done()]
    return steps


def verbs_in_space() -> Sequence[str]:
    """Every verb that has a block (the engine's verbs but :data:`LEFT_OUT`)."""
    return [b.verb for b in blocks(1, 1)]

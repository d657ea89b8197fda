"""Seeded random edit sessions on random boards: every accepted edit keeps the board sound.

Splits, merges, vertex moves and hand-overs are drawn at random; an edit may be refused
(an :class:`EditError` naming a region), but an accepted one must leave no problem except
a region the validator finds tiny, and every shared vertex stays shared.
"""

from __future__ import annotations

import random

import pytest

from swlab.board.validate import ProblemKind, validate
from swlab.editor import (
    Draft,
    EditError,
    delete,
    from_random,
    merge,
    move_vertex,
    split,
    undo,
)
from swlab.editor.overlays import label_points

ALLOWED = {ProblemKind.TINY_REGION}


def random_edit(draft: Draft, rng: random.Random) -> Draft:
    board = draft.board
    rid = rng.choice(board.ids)
    kind = rng.choice(["split", "split", "merge", "move", "give"])
    if kind == "split":
        x, y = label_points(board)[rid]
        minx, miny, maxx, maxy = board[rid].polygon.bounds
        reach = 2 * max(maxx - minx, maxy - miny)
        angle = rng.uniform(0, 3.1416)
        import math

        dx, dy = reach * math.cos(angle), reach * math.sin(angle)
        return split(draft, rid, [(x - dx, y - dy), (x + dx, y + dy)])
    neighbours = sorted(board.neighbours(rid))
    if kind in ("merge", "give") and neighbours:
        other = rng.choice(neighbours)
        return merge(draft, rid, other) if kind == "merge" else delete(draft, rid, other)
    coords = list(board[rid].polygon.exterior.coords)[:-1]
    vx, vy = rng.choice(coords)
    size = board[rid].polygon.area ** 0.5
    return move_vertex(
        draft, (vx, vy), (vx + rng.uniform(-0.8, 0.8) * size, vy + rng.uniform(-0.8, 0.8) * size)
    )


@pytest.mark.parametrize("seed", range(6))
def test_random_edit_sessions_keep_the_board_sound(seed: int) -> None:
    rng = random.Random(seed)
    draft = from_random(18, players=2 + seed % 4, seed=seed)
    accepted = refused = 0
    for _ in range(25):
        try:
            after = random_edit(draft, rng)
        except EditError as error:
            refused += 1
            assert str(error)
            continue
        kinds = {p.kind for p in validate(after.board)}
        assert kinds <= ALLOWED, (after.note, validate(after.board))
        draft = after
        accepted += 1
    assert accepted > 10
    # undo walks all the way back to the generated board
    while draft.past:
        draft = undo(draft)
    assert validate(draft.board) == []

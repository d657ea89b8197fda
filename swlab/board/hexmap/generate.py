"""Random Terra Mystica maps that pass the designer's checks 1 to 4 (and 5 if asked).

Published map-generation work searches whole maps and takes minutes per map; this
generator splits the problem in two and takes well under a second:

1. **The river** grows as one network from a random start: a space joins when it touches
   the network, no river space would get more than 3 river neighbours (checks 2 and 3
   hold by construction) and no land space would keep fewer than two land neighbours
   (so check 4 stays satisfiable). Growth prefers spaces touching one river space only, so it
   snakes and branches instead of filling a blob.
2. **The terrains** are placed by local search on the land spaces: start from a shuffled
   deal (11 of each terrain when ``standard_counts``), then swap two spaces (or repaint one,
   when counts are free) while that does not add conflicts, a conflict being two equal
   neighbours (check 1) or a space without a neighbour one wheel step away (check 4).
   Swaps keep the counts exact (check 5).

The finished board is run through :func:`swlab.board.hexmap.check`: a map with any problem
(warnings included; terrain counts only when ``standard_counts``) is started again from the
next river, and so is a search that does not reach zero conflicts; the seed fixes the whole
sequence.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from swlab.board.hexmap.layout import HexLayout
from swlab.board.hexmap.terrain import RIVER, STANDARD_COUNT, WHEEL
from swlab.board.model import Board
from swlab.i18n import _

__all__ = ["BASE_SHAPE", "GenerationError", "generate_layout", "generate_map", "grid_neighbours"]

#: Row lengths of the printed board: 9 rows, 13 and 12 spaces.
BASE_SHAPE: tuple[int, ...] = (13, 12, 13, 12, 13, 12, 13, 12, 13)
#: River spaces on the printed board.
BASE_RIVER = 36
#: Local-search moves per attempt, and attempts before giving up.
MOVES, ATTEMPTS = 40_000, 50


class GenerationError(RuntimeError):
    """No map satisfying the checks was found within :data:`ATTEMPTS` attempts."""


def grid_neighbours(shape: Sequence[int]) -> list[list[int]]:
    """Neighbour lists of the spaces of a row grid, by index in reading order: the offset
    rule of the row layout (odd rows shifted right), used here for speed; the board built
    from the result derives its adjacency from polygons."""
    index: dict[tuple[int, int], int] = {}
    for r, n in enumerate(shape):
        for c in range(n):
            index[(r, c)] = len(index)
    result: list[list[int]] = []
    for r, c in index:
        shift = (0, 1) if r % 2 else (-1, 0)
        cells = [(r, c - 1), (r, c + 1)]
        cells += [(r + dr, c + dc) for dr in (-1, 1) for dc in shift]
        result.append([index[p] for p in cells if p in index])
    return result


def _grow_river(nbrs: list[list[int]], size: int, rng: random.Random) -> set[int] | None:
    if size == 0:
        return set()
    start = rng.randrange(len(nbrs))
    river = {start}
    count = [0] * len(nbrs)  # river neighbours of each space
    for n in nbrs[start]:
        count[n] += 1
    while len(river) < size:
        frontier = [
            s
            for s in range(len(nbrs))
            if s not in river
            and 1 <= count[s] <= 3
            and all(count[n] < 3 for n in nbrs[s] if n in river)
            and all(_land_left(n, nbrs, count) for n in nbrs[s] if n not in river)
        ]
        if not frontier:
            return None
        thin = [s for s in frontier if count[s] == 1]
        pick = rng.choice(thin if thin and rng.random() < 0.9 else frontier)
        river.add(pick)
        for n in nbrs[pick]:
            count[n] += 1
    return river


def _land_left(space: int, nbrs: list[list[int]], count: list[int]) -> bool:
    """Whether land ``space`` keeps enough land neighbours when one more turns river: two
    (one on a corner), since a space needs a land neighbour one wheel step away (check 4)
    and one lonely neighbour makes that constraint tight."""
    need = 2 if len(nbrs[space]) > 3 else 1
    return len(nbrs[space]) - count[space] - 1 >= need


def _conflicts(s: int, terrain: list[int], nbrs: list[list[int]], land: list[bool]) -> int:
    """Conflicts that space ``s`` takes part in: equal land neighbours, plus one if no
    land neighbour is one wheel step away."""
    t = terrain[s]
    same = 0
    step = False
    for n in nbrs[s]:
        if not land[n]:
            continue
        d = (terrain[n] - t) % 7
        if d == 0:
            same += 1
        elif d in (1, 6):
            step = True
    return same + (0 if step else 1)


def _local_score(
    spaces: set[int], terrain: list[int], nbrs: list[list[int]], land: list[bool]
) -> int:
    return sum(_conflicts(s, terrain, nbrs, land) for s in spaces)


def _paint(
    nbrs: list[list[int]], river: set[int], standard_counts: bool, rng: random.Random
) -> list[int] | None:
    n = len(nbrs)
    land = [s not in river for s in range(n)]
    cells = [s for s in range(n) if land[s]]
    deal = [k % 7 for k in range(len(cells))]
    if standard_counts and len(cells) != STANDARD_COUNT * 7:
        return None
    rng.shuffle(deal)
    terrain = [-1] * n
    for s, t in zip(cells, deal, strict=True):
        terrain[s] = t
    total = sum(_conflicts(s, terrain, nbrs, land) for s in cells)
    for _move in range(MOVES):
        if total == 0:
            return terrain
        a = rng.choice(cells)
        if _conflicts(a, terrain, nbrs, land) == 0 and rng.random() < 0.8:
            continue
        if standard_counts or rng.random() < 0.5:
            b = rng.choice(cells)
            if terrain[a] == terrain[b]:
                continue
            touched = {a, b, *(x for x in nbrs[a] if land[x]), *(x for x in nbrs[b] if land[x])}
            before = _local_score(touched, terrain, nbrs, land)
            terrain[a], terrain[b] = terrain[b], terrain[a]
            after = _local_score(touched, terrain, nbrs, land)
            if after > before and rng.random() > 0.02:
                terrain[a], terrain[b] = terrain[b], terrain[a]
            else:
                total += after - before
        else:
            old = terrain[a]
            touched = {a, *(x for x in nbrs[a] if land[x])}
            before = _local_score(touched, terrain, nbrs, land)
            terrain[a] = rng.randrange(7)
            after = _local_score(touched, terrain, nbrs, land)
            if after > before and rng.random() > 0.02:
                terrain[a] = old
            else:
                total += after - before
    return terrain if total == 0 else None


def generate_layout(
    seed: int,
    shape: Sequence[int] = BASE_SHAPE,
    river: int = BASE_RIVER,
    *,
    standard_counts: bool = False,
) -> HexLayout:
    """A random layout of ``shape`` (row lengths) with ``river`` river spaces, passing
    checks 1 to 4, and 5 (11 of each terrain) when ``standard_counts``; same seed, same map.

    Raises :class:`GenerationError` if no map is found in :data:`ATTEMPTS` attempts.
    """
    from swlab.board.hexmap.checks import HexProblemKind, check
    from swlab.board.hexmap.layout import layout_board

    rng = random.Random(seed)
    nbrs = grid_neighbours(shape)
    for _attempt in range(ATTEMPTS):
        water = _grow_river(nbrs, river, rng)
        if water is None:
            continue
        terrain = _paint(nbrs, water, standard_counts, rng)
        if terrain is None:
            continue
        words = [RIVER if s in water else WHEEL[terrain[s]] for s in range(len(nbrs))]
        rows, k = [], 0
        for length in shape:
            rows.append(words[k : k + length])
            k += length
        layout = HexLayout.of(rows)
        left = check(layout_board(layout, "check"))
        if not [p for p in left if standard_counts or p.kind != HexProblemKind.TERRAIN_COUNT]:
            return layout
    raise GenerationError(
        _(
            "no map found for seed {seed} in {attempts} attempts: try fewer river spaces "
            "({river}) or another shape"
        ).format(seed=seed, attempts=ATTEMPTS, river=river)
    )


def generate_map(seed: int, *, standard_counts: bool = False, name: str | None = None) -> Board:
    """A random base-size Terra Mystica board (see :func:`generate_layout`)."""
    from swlab.board.hexmap.layout import layout_board

    layout = generate_layout(seed, standard_counts=standard_counts)
    return layout_board(layout, name or f"terra_mystica_random_{seed}")

"""The generator's maps pass checks 1 to 4 (and 5 when asked), seeded, in time."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from swlab.board.hexmap import (
    HexProblemKind,
    check,
    generate_layout,
    generate_map,
    layout_board,
)
from swlab.board.hexmap.generate import BASE_RIVER, BASE_SHAPE, GenerationError

#: The issue's bound per map on this machine.
SECONDS_PER_MAP = 10.0


def assert_passes(seed: int, standard_counts: bool) -> float:
    start = time.perf_counter()
    layout = generate_layout(seed, standard_counts=standard_counts)
    elapsed = time.perf_counter() - start
    problems = check(layout_board(layout, f"seed {seed}"))
    left = [p for p in problems if standard_counts or p.kind != HexProblemKind.TERRAIN_COUNT]
    assert left == [], f"seed {seed}: {[p.message for p in left]}"
    assert [len(r) for r in layout.rows] == list(BASE_SHAPE)
    terrains = Counter(t for row in layout.rows for t in row)
    assert terrains["river"] == BASE_RIVER
    if standard_counts:
        assert {n for t, n in terrains.items() if t != "river"} == {11}
    assert elapsed < SECONDS_PER_MAP, f"seed {seed} took {elapsed:.1f} s"
    return elapsed


@pytest.mark.parametrize("seed", range(4))
def test_a_few_seeds_pass_the_checks(seed: int) -> None:
    assert_passes(seed, standard_counts=seed % 2 == 1)


@pytest.mark.slow
@pytest.mark.parametrize("standard_counts", [False, True])
def test_a_hundred_seeds_pass_the_checks(standard_counts: bool) -> None:
    times = sorted(assert_passes(seed, standard_counts) for seed in range(100))
    assert times[-1] < SECONDS_PER_MAP


def test_same_seed_same_map_and_seeds_differ() -> None:
    assert generate_layout(7) == generate_layout(7)
    assert generate_layout(7) != generate_layout(8)
    board = generate_map(3, standard_counts=True)
    assert board.profile == "terra_mystica" and board.name == "terra_mystica_random_3"


def test_an_impossible_request_says_so() -> None:
    with pytest.raises(GenerationError, match="no map found for seed 0"):
        generate_layout(0, shape=(2,), river=0, standard_counts=True)  # 2 spaces, not 77

"""Issue 11, observation 10: symbol tags never overlap another tag and never leave the
board, on the four official boards, at the map sizes of the notebook viewer and the
presenter (1280x720 and 1920x1080). The boxes come from the placement code itself
(:func:`swlab.play.style.labels` and :func:`~swlab.play.style.label_extent`), not from pixels."""

from __future__ import annotations

import itertools

import pytest
from shapely.geometry import box

from swlab.board import official_board
from swlab.play.controller import GameController
from swlab.play.style import (
    BoardShapes,
    fit_view,
    label_extent,
    label_form,
    label_html,
    label_px,
    labels,
    touching,
    touching_pairs,
)
from swlab.rules import GameState, RegionState, new_game

#: Map sizes in pixels: the notebook viewer at 1280x720 and at 1920x1080, the presenter.
SIZES = [(790, 505), (1000, 640), (1190, 763)]


def tag_boxes(shapes: BoardShapes, state: GameState, width: int, height: int) -> dict[int, object]:
    view = fit_view(shapes.bounds, width, height, snap=0.125)
    px = label_px(width, height, len(shapes.ids))
    unit = 2.0**view.zoom
    out = {}
    for rid, ((y, x), markup) in labels(shapes, state, fit=(view.zoom, px)).items():
        rs = state.regions[state.geo.index[rid]]
        # the form the placement chose
        f = label_form(markup)
        terrain, symbols = shapes.terrain[rid], shapes.symbols[rid]
        w, h = label_extent(rid, rs, terrain, symbols, compact=f.compact, tags=f.tags, race=f.race)
        hw, hh = w * px / 2 / unit, h * px / 2 / unit
        out[rid] = box(x - hw, y - hh, x + hw, y + hh)
    return out


def assert_tags_apart_and_on_board(
    board_players: int, state: GameState, size: tuple[int, int]
) -> None:
    board = official_board(board_players)
    shapes = BoardShapes.from_board(board)
    boxes = tag_boxes(shapes, state, *size)
    crossing = [
        (a, b) for a, b in itertools.combinations(sorted(boxes), 2) if boxes[a].intersects(boxes[b])
    ]
    assert crossing == [], f"tags overlap on the {board_players}-player board at {size}: {crossing}"
    outside = [rid for rid, b in boxes.items() if not board.outline.contains(b)]
    assert outside == [], f"tags leave the {board_players}-player board at {size}: {outside}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tags_at_setup_never_overlap_nor_leave_the_board(
    players: int, size: tuple[int, int]
) -> None:
    state = new_game(official_board(players), [f"P{k}" for k in range(players)], seed=7)
    assert_tags_apart_and_on_board(players, state, size)


def greedy_game(players: int, seed: int) -> GameController:
    return GameController(
        official_board(players),
        [f"P{k}" for k in range(players)],
        seed=seed,
        bots=dict.fromkeys(range(players), "greedy"),
    )


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tags_in_mid_game_never_overlap_nor_leave_the_board(players: int, seed: int) -> None:
    """Races' token badges make labels bigger: after two and four rounds of greedy bots,
    at every map size. Where the full labels find no room, the crowded ones take their
    compact form (seeds 5 and 3 of the 3- and 5-player boards crowded the full labels),
    in the most crowded corners without their tags."""
    c = greedy_game(players, seed)
    for _ in range(2):
        for _ in range(players * 12):  # about two rounds: races and tokens on the map
            c.next_action()
        assert any(r.tokens and r.race for r in c.state.regions)
        for size in SIZES:
            assert_tags_apart_and_on_board(players, c.state, size)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tags_stay_apart_after_every_action_of_a_game(players: int) -> None:
    """As the viewer redraws them: one board's shapes (and remembered placements) for a
    whole game, the labels placed anew after each of four rounds' actions, every size."""
    board = official_board(players)
    for seed in range(1, 9):
        for size in SIZES:
            c = greedy_game(players, seed)
            for _ in range(players * 24):
                c.next_action()
                boxes = tag_boxes(c.shapes, c.state, *size)
                crossing = [
                    (a, b)
                    for a, b in itertools.combinations(sorted(boxes), 2)
                    if boxes[a].intersects(boxes[b])
                ]
                assert crossing == [], (seed, size, crossing)
                assert all(board.outline.contains(b) for b in boxes.values()), (seed, size)


def test_the_labels_of_an_empty_board_are_full_on_a_large_map() -> None:
    """With room to spare (a large map, nothing on the board but the setup) every label
    is full; in a crowded mid-game position on the smallest some are compact, never all."""
    board = official_board(2)
    shapes = BoardShapes.from_board(board)
    state = new_game(board, ["P0", "P1"], seed=7)
    view = fit_view(shapes.bounds, 2400, 1540, snap=0.125)
    placed = labels(shapes, state, fit=(view.zoom, 18.0))
    assert not any("swlab-label-compact" in m for _, m in placed.values())
    c = greedy_game(5, 3)
    for _ in range(5 * 24):
        c.next_action()
    view = fit_view(c.shapes.bounds, 790, 505, snap=0.125)
    placed = labels(c.shapes, c.state, fit=(view.zoom, label_px(790, 505, len(c.shapes.ids))))
    small = [rid for rid, (_, m) in placed.items() if "swlab-label-compact" in m]
    assert 0 < len(small) < len(placed), small


def test_the_compact_label_keeps_number_and_tokens_and_shortens_the_words() -> None:
    rs = RegionState(owner=1, race="Skeletons", tokens=3, lost_tribes=0, hero=True)
    symbols = frozenset({"mine", "magic"})
    full = label_html(15, rs, "mountain", symbols)
    small = label_html(15, rs, "mountain", symbols, compact=True)
    assert "swlab-label-compact" in small and "swlab-label-compact" not in full
    assert ">15<" in small and ">15 <" in full  # the number alone, no terrain word
    assert "3 Skel.<" in small and "3 Skeletons<" in full
    for piece, short in (("hero", "He"), ("mine", "Mi"), ("magic", "Mg")):
        # the same classes (the editor's and the browser tests' selectors), two letters
        assert f"swlab-piece-{piece}" in small and f">{short}</span>" in small
    decline = RegionState(owner=0, race="Ratmen", tokens=1, in_decline=True, encampments=2)
    assert "in decline" in label_html(3, decline, "hill")
    assert "in decline" not in label_html(3, decline, "hill", compact=True)  # the hatching
    assert ">Cp2<" in label_html(3, decline, "hill", compact=True)
    for state, terrain in ((rs, "mountain"), (decline, "hill")):
        fw, fh = label_extent(15, state, terrain, symbols)
        cw, ch = label_extent(15, state, terrain, symbols, compact=True)
        bw, bh = label_extent(15, state, terrain, symbols, compact=True, tags=False)
        assert cw < fw and ch <= fh and bw <= cw and bh < ch
    # the last resort of a crowded corner: number and tokens, no tags
    bare = label_html(15, rs, "mountain", symbols, compact=True, tags=False)
    assert "swlab-label-bare" in bare and "3 Skel.<" in bare and "swlab-piece" not in bare


def test_touching_sees_overlaps_and_not_neighbours_apart() -> None:
    where = {1: (0.0, 0.0), 2: (0.0, 10.0), 3: (50.0, 0.0)}
    extents = {1: (8.0, 8.0), 2: (8.0, 8.0), 3: (8.0, 8.0)}
    assert touching(where, extents, 0.0) == set()
    assert touching(where, {**extents, 1: (14.0, 8.0)}, 0.0) == {1, 2}
    assert touching_pairs(where, {**extents, 2: (30.0, 120.0)}, 0.0) == [(1, 2), (2, 3)]


def test_the_crowded_tags_of_the_two_player_board_are_apart() -> None:
    """Hill 18 (cavern and magic) beside Hill 17, Farmland 10 beside Forest 11 (lost tribes):
    at their anchors their boxes overlap; placed, they do not."""
    board = official_board(2)
    shapes = BoardShapes.from_board(board)
    state = new_game(board, ["Ann", "Bob"], seed=7)
    boxes = tag_boxes(shapes, state, 790, 505)
    for a, b in ((17, 18), (10, 11)):
        assert not boxes[a].intersects(boxes[b])
    # each label still sits in its own region
    placed = labels(shapes, state, fit=(fit_view(shapes.bounds, 790, 505, snap=0.125).zoom, 18))
    for rid in (10, 11, 17, 18):
        (y, x), _ = placed[rid]
        assert board[rid].polygon.buffer(1).contains(box(x, y, x + 0.1, y + 0.1)), rid


def test_the_places_are_computed_once_per_view() -> None:
    board = official_board(5)
    shapes = BoardShapes.from_board(board)
    state = new_game(board, [f"P{k}" for k in range(5)], seed=1)
    first = labels(shapes, state, fit=(-1.5, 17.0))
    assert list(shapes.rooms) == [(-1.5, 17.0, 2.0)]  # kept for this view
    assert labels(shapes, state, fit=(-1.5, 17.0)) == first

"""A short game checked by hand, replayed with its coin ledger (R-PICK, R-CONQ, R-SCORE).

Small test board with a 2-round track; Ratmen+Flying (8 + 5 tokens) against
Humans+Seafaring (5 + 5). The powers' own effects do not change any step of this script.
"""

from __future__ import annotations

from swlab.game import GameRecord
from swlab.rules import Stage, apply, is_over, new_game, parse_action, winners

from .helpers import small_board

SCRIPT = [
    # round 1, Player 1: Ratmen (13 tokens)
    ("pick 0", None),
    ("conquer 1", None),  # lost tribe: 2 + 1
    ("conquer 2", None),
    ("conquer 3", None),
    ("conquer 4", None),  # mountain: 2 + 1 -> 3 left in hand
    ("end", None),
    ("deploy 4:6", (9, 5)),  # 4 regions: 5 + 4
    # round 1, Player 2: Humans (10 tokens)
    ("pick 0", None),
    ("conquer 7", None),
    ("conquer 8", None),
    ("conquer 3", None),  # 2 + 2 Ratmen; Ratmen lose 1, 1 to hand
    ("conquer 6", None),
    ("end", None),
    ("done", None),  # defender: Player 1 redeploys its Ratman
    ("place 1", None),
    ("done", (9, 10)),  # 4 regions + 1 farmland (Humans)
    # round 2, Player 1: ready 9 tokens
    ("conquer 3", None),  # 2 + 4 Humans -> 3 left; Humans keep 3
    ("final 7", None),  # 2 + 2 Humans, 1 short
    ("roll 1", None),  # success: the 3 tokens go there; Humans keep 1 more
    ("done", None),
    ("deploy 8:4,6:4", (14, 10)),  # Player 2 redeploys 4; Player 1 scores 5 regions
    # round 2, Player 2: decline
    ("decline", (14, 12)),  # 2 decline regions, no Humans bonus (R-DECLINE-5)
]


def test_golden_game_with_coin_ledger() -> None:
    board = small_board(turns=2)
    start = new_game(
        board, ["Ann", "Bob"], seed=1, races=["Ratmen", "Humans"], powers=["Flying", "Seafaring"]
    )
    state = start
    for text, ledger in SCRIPT:
        state, _ = apply(state, parse_action(text))
        if ledger is not None:
            assert tuple(p.coins for p in state.players) == ledger, (text, str(state))
    assert is_over(state) and state.turn.stage is Stage.GAME_OVER
    assert winners(state) == (0,)
    record = GameRecord.from_state(start, [parse_action(t) for t, _ in SCRIPT])
    assert record.final_state(board) == state

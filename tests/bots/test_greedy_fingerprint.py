"""The greedy bot makes exactly the choices it made when its digests were written.

``tests/data/greedy/fingerprints.json`` holds one digest per seeded game (the SHA-256 of the
game's action list, die faces included), written by this module's ``__main__``. A game is a
pure function of its board, bots, bot seeds and game seed, so any changed choice of the bot
shows as a changed digest: a speed-up that must not change choices (caching, say) keeps
them. 52 games: 20 on the 5-player board, the rest on the 2-, 3- and 4-player boards;
greedy bots at every seat but one random seat in every other game, so the bot meets both
kinds of opponent. The digests were last written by the bot that values fewer candidate
actions (static estimates for combos and conquests, see ``swlab/bots/greedy.py``), whose
choices differ from the bot before it in every one of these games.

Regenerate (only when a change of choice is intended, and say so in the commit)::

    python tests/bots/test_greedy_fingerprint.py > tests/data/greedy/fingerprints.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from swlab.board.catalog import load_board
from swlab.bots import Bot, GreedyBot, RandomBot, play_game
from swlab.rules import format_action

DATA = Path(__file__).resolve().parents[1] / "data" / "greedy" / "fingerprints.json"
GAMES = 52
FIRST_SEED = 1000


def board_of(g: int) -> str:
    """Game ``g``'s board: the 5-player board for the first 20, then 2, 3, 4 players."""
    return "official_5p" if g < 20 else f"official_{2 + g % 3}p"


def fingerprint(g: int) -> str:
    """The digest of game ``g``'s actions (seed ``FIRST_SEED + g``)."""
    board = load_board(board_of(g))
    seed = FIRST_SEED + g
    players = board.players
    bots: list[Bot] = [GreedyBot(seed * 10 + s) for s in range(players)]
    if g % 2:
        bots[g % players] = RandomBot(seed * 10 + g % players)
    _final, record = play_game(board, bots, seed)
    text = "\n".join(format_action(a) for a in record.actions)
    return hashlib.sha256(text.encode()).hexdigest()


def _expected() -> dict[str, str]:
    data: dict[str, str] = json.loads(DATA.read_text(encoding="utf-8"))["games"]
    return data


def test_fingerprints_cover_at_least_50_games() -> None:
    games = _expected()
    assert len(games) == GAMES >= 50
    assert sum(board_of(g) == "official_5p" for g in range(GAMES)) == 20


@pytest.mark.parametrize("chunk", range(4))
def test_greedy_choices_unchanged(chunk: int) -> None:
    """Each quarter of the games (so ``-n 2`` spreads them): the same digests as written."""
    expected = _expected()
    for g in range(chunk, GAMES, 4):
        assert fingerprint(g) == expected[str(g)], f"game {g} on {board_of(g)} changed"


if __name__ == "__main__":  # pragma: no cover
    json.dump(
        {
            "about": "digests of greedy games, written by tests/bots/test_greedy_fingerprint.py",
            "games": {str(g): fingerprint(g) for g in range(GAMES)},
        },
        sys.stdout,
        indent=1,
    )
    sys.stdout.write("\n")

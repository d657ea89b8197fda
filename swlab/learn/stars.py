"""Stars of a solved level: how close to the par, and whether a try was refused."""

from __future__ import annotations

__all__ = ["MAX_STARS", "stars"]

MAX_STARS = 3
#: Actions over the par that still earn 2 stars.
SLACK = 2


def stars(solved: bool, actions: int, par: int, refused: int = 0) -> int:
    """3 at par (or under) with no refused try, 2 within par + 2, 1 when solved, 0 when
    not solved.

    >>> stars(True, 2, 2), stars(True, 2, 2, refused=1), stars(True, 4, 2), stars(True, 5, 2)
    (3, 2, 2, 1)
    """
    if not solved:
        return 0
    if actions <= par and refused == 0:
        return MAX_STARS
    if actions <= par + SLACK:
        return 2
    return 1

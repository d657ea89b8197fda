"""The cost of a conquest, row by row (R-CONQ-2, R-CONQ-3, R-RULING-1).

The conquest code and the tutorial use the same :func:`cost_rows`, so what a learner sees
on hover is exactly what the engine charges.
"""

from __future__ import annotations

from dataclasses import dataclass

from swlab import names
from swlab.i18n import language, translations
from swlab.rules.abilities.base import Badge, Row
from swlab.rules.ops import hooked_badges
from swlab.rules.pieces import PIECES, UNIT_DEFENCES, defence, defence_counts
from swlab.rules.records import fast_init
from swlab.rules.state import GameState, RaceState, RegionState

MINIMUM = 1  # R-CONQ-3
#: the pieces that add to the cost, in the order of the rows
DEFENDING = tuple(p for p in PIECES if p.defence)


@fast_init
@dataclass(frozen=True)
class CostBreakdown:
    """Rows (label, amount, rule id) and the total, clamped to 1 once (R-CONQ-3)."""

    region: int
    rows: tuple[Row, ...]
    total: int

    def summary(self) -> str:
        """``"2 + 1 mountain + 1 lost tribe = 4"``."""
        return cost_summary(self.rows, self.total)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        """The rows one per line with their rule ids, so ``game.explain(4)`` at a plain
        Python prompt reads like the rulebook, not like a dataclass."""
        width = max((len(row.label) for row in self.rows), default=0)
        lines = [f"conquest cost of region {self.region}: {self.summary()}"]
        for row in self.rows:
            lines.append(f"  {row.amount:+3d}  {row.label:<{width}}  {row.rule}")
        return "\n".join(lines)


#: :func:`cost_summary`'s sentences, by catalog (the language's, reloaded or not), rows and
#: total (every conquest's event says one; the few rows of the board's regions repeat),
#: emptied when it grows past :data:`_SUMMARIES_KEPT`
_SUMMARIES: dict[tuple[object, tuple[Row, ...], int], str] = {}
_SUMMARIES_KEPT = 4096


def cost_summary(rows: tuple[Row, ...], total: int) -> str:
    """The cost ``rows`` and their ``total`` in one line, in the language in effect:
    ``"2 + 1 mountain + 1 lost tribe = 4"`` (:meth:`CostBreakdown.summary`, and the
    breakdown of every ``Conquered`` event). Kept per catalog, rows and total."""
    key = (translations(language()), rows, total)
    found = _SUMMARIES.get(key)
    if found is None:
        if len(_SUMMARIES) >= _SUMMARIES_KEPT:
            _SUMMARIES.clear()
        parts: list[str] = []
        for row in rows:
            label = names.score_row(row.label)
            if not parts:
                parts.append(f"{row.amount} {label}".strip())
            else:
                sign = "+" if row.amount >= 0 else "-"
                parts.append(f"{sign} {abs(row.amount)} {label}".strip())
        found = _SUMMARIES[key] = " ".join(parts) + f" = {total}"
    return found


#: the rows of :func:`cost_rows` that depend only on their values, made once and shared (a
#: row is an immutable tuple): the base, and each defending piece's row by its count
_BASE = Row("base", 2, "R-CONQ-2")
_PIECE_ROWS: dict[tuple[int, int], Row] = {}


def _piece_row(k: int, n: int) -> Row:
    """The row of ``n`` pieces of ``DEFENDING[k]`` (kept)."""
    row = _PIECE_ROWS.get((k, n))
    if row is None:
        piece = DEFENDING[k]
        word = piece.label.lower()
        label = _plural(n, word) if piece.counted else word
        row = _PIECE_ROWS[k, n] = Row(label, n * piece.defence, piece.cost_rule)
    return row


def cost_rows(state: GameState, race: RaceState | None, i: int) -> tuple[tuple[Row, ...], int]:
    """Rows and total of the cost for ``race`` to conquer region position ``i``.

    2 tokens, plus the defence of each piece there (Mountain, Fortress, Troll Lair,
    Encampment, Lost Tribe: :data:`~swlab.rules.pieces.PIECES`), +1 per race token (active
    or in decline) (R-CONQ-2); then the race's and power's modifiers, summed
    (R-RULING-1); then the minimum of 1, applied once (R-CONQ-3).
    """
    r = state.regions[i]
    rows, raw = _region_rows(r)
    if race is not None:
        # (only the badges that replace the hook's no-op default can add a row)
        for b in hooked_badges(race, "cost_modifiers"):
            added = tuple(b.cost_modifiers(state, race, i))
            rows += added
            raw += sum([row.amount for row in added])
    if raw < MINIMUM:
        rows += (Row("minimum 1 token", MINIMUM - raw, "R-CONQ-3"),)
    return rows, max(raw, MINIMUM)


#: :func:`_region_rows` by what they depend on (the region's defending pieces, its tokens,
#: their race and decline), emptied when it grows past :data:`_SUMMARIES_KEPT`
_REGION_ROWS: dict[tuple[tuple[int, ...], int, str, bool], tuple[tuple[Row, ...], int]] = {}


def _region_rows(r: RegionState) -> tuple[tuple[Row, ...], int]:
    """The rows of :func:`cost_rows` that the region alone gives (R-CONQ-2) and their sum,
    kept: every conquest's event explains its cost, and the few kinds of region repeat."""
    counts: tuple[int, ...] = defence_counts(r)
    key = (counts, r.tokens, r.race, r.in_decline)
    found = _REGION_ROWS.get(key)
    if found is None:
        if len(_REGION_ROWS) >= _SUMMARIES_KEPT:
            _REGION_ROWS.clear()
        rows: list[Row] = [_BASE]
        for k, n in enumerate(counts):
            if n:
                rows.append(_piece_row(k, n))
        if r.tokens:
            what = f"{r.race} token" + ("" if r.tokens == 1 else "s")
            if r.in_decline:
                what += " in decline"
            rows.append(Row(what, r.tokens, "R-CONQ-2"))
        found = _REGION_ROWS[key] = (tuple(rows), sum([row.amount for row in rows]))
    return found


def conquest_cost(
    state: GameState, race: RaceState | None, i: int, own: tuple[Badge, ...] | None = None
) -> int:
    """The total of :func:`cost_rows`, without building the rows.

    The legality checks only need the total, once per candidate region at every
    ``legal_actions`` call, so the same sum is made here from the region's counts
    (``own``: the race's badges that modify costs, or all of them, when the caller already
    has them).
    """
    r = state.regions[i]
    # the pieces' defence, summed straight from the table's getter when each adds 1
    raw = 2 + r.tokens + (sum(defence_counts(r)) if UNIT_DEFENCES else defence(r))
    if race is not None:
        for b in hooked_badges(race, "cost_modifiers") if own is None else own:
            for row in b.cost_modifiers(state, race, i):
                raw += row.amount
    return max(raw, MINIMUM)


def _plural(n: int, word: str) -> str:
    return word if n == 1 else f"{word}s"


def explain_cost(state: GameState, region: int, race: str | None = None) -> CostBreakdown:
    """Why conquering ``region`` (an id) costs what it costs, for ``race``.

    ``race`` defaults to the race acting now (or the current player's active race).

    >>> # explain_cost(state, 12).summary()  ->  '2 base + 1 mountain + 1 lost tribe = 4'
    """
    i = state.geo.index[region]
    rs: RaceState | None
    if race is not None:
        rs = state.race(race)
    elif state.turn.acting:
        rs = state.race(state.turn.acting)
    else:
        rs = state.players[state.current].active
    rows, total = cost_rows(state, rs, i)
    return CostBreakdown(region, rows, total)

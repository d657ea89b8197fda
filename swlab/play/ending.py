"""The end of a game as the presenter and the viewer show it: who won, each player's coins
in large type, the tie-break (R-FLOW-3) and a coins-per-round chart.

One model (:func:`ending`) and one drawing (:func:`ending_html`, :func:`coins_chart`) for
both: the presenter shows them large, filling the window; the viewer shows them smaller,
at the top of its panel. The sizes are the caller's, through the CSS class it puts on the
box (``swlab-end-large`` or ``swlab-end-small``, see :data:`END_CSS`).
"""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from dataclasses import dataclass

from swlab.i18n import _, ngettext, pgettext
from swlab.play.style import player_colour, text_colour
from swlab.rules.engine import is_over, tokens_on_map, winners
from swlab.rules.state import GameState

__all__ = ["END_CSS", "Ending", "Standing", "coins_chart", "ending", "ending_html"]


@dataclass(frozen=True)
class Standing:
    """One player's result: seat, name, final coins, race tokens left on the map."""

    seat: int
    name: str
    coins: int
    tokens: int
    winner: bool


@dataclass(frozen=True)
class Ending:
    """What the end screen says: the title naming the winner(s), each player's standing
    (most coins first), and how a tie was broken (R-FLOW-3)."""

    title: str
    standings: tuple[Standing, ...]
    tie: str


def ending(state: GameState) -> Ending | None:
    """The end of the game in ``state`` in the language in effect; ``None`` before it."""
    if not is_over(state):
        return None
    win = winners(state)
    coins = [p.coins for p in state.players]
    top = max(coins)
    tied = [p for p, n in enumerate(coins) if n == top]
    if len(tied) == 1:
        tie = _("No tie-break was needed.")
    elif len(win) == 1:
        tie = _(
            "{players} tie on coins; {winner} has the most race tokens on the map (R-FLOW-3)."
        ).format(
            players=_(" and ").join(state.player_name(p) for p in tied),
            winner=state.player_name(win[0]),
        )
    else:
        tie = _("A tie on coins and on tokens on the map: a shared win (R-FLOW-3).")
    names = _(" and ").join(state.player_name(w) for w in win)
    title = (
        ngettext(
            "Game over: {players} share the win with {n} coin",
            "Game over: {players} share the win with {n} coins",
            top,
        )
        if len(win) > 1
        else ngettext(
            "Game over: {players} wins with {n} coin",
            "Game over: {players} wins with {n} coins",
            top,
        )
    ).format(players=names, n=top)
    standings = sorted(
        (
            Standing(p, ps.name, coins[p], tokens_on_map(state, p), p in win)
            for p, ps in enumerate(state.players)
        ),
        key=lambda s: (not s.winner, -s.coins, -s.tokens, s.seat),
    )
    return Ending(title, tuple(standings), tie)


#: The end screen's style: sizes in ``em`` of the box's font size, which the two classes
#: set (large: a share of the window's height, read from the back of a room; small: the
#: viewer's panel text).
END_CSS = """<style>
.swlab-end-large { font-size: clamp(16px, 3.4vh, 48px); }
.swlab-end-small { font-size: 1em; }
.swlab-end .widget-html, .swlab-end .widget-html-content { font-size: inherit;
  line-height: 1.25; height: auto; }
.swlab-end .swlab-winner { font-size: 1.7em; font-weight: 700; margin: 0.1em 0 0.3em;
  line-height: 1.2; }
.swlab-end .swlab-standings { display: flex; flex-flow: row wrap; gap: 0.5em; }
.swlab-end .swlab-standing { border: 3px solid #333; border-radius: 0.4em; padding: 0.15em 0.6em;
  min-width: 6em; background: #fff; line-height: 1.15; }
.swlab-end .swlab-standing.swlab-won { border-width: 6px; }
.swlab-end .swlab-standing-name { font-weight: 700; padding: 0 0.3em; border-radius: 0.3em; }
.swlab-end .swlab-end-coins { font-size: 2.6em; font-weight: 800; line-height: 1.05; }
.swlab-end-small .swlab-end-coins { font-size: 1.8em; }
.swlab-end .swlab-end-tokens, .swlab-end .swlab-tie, .swlab-end .swlab-again-hint {
  font-size: 0.85em; }
.swlab-end .swlab-tie { margin: 0.3em 0 0; }
.swlab-end img.swlab-coins-chart, .swlab-end .swlab-coins-chart img { max-width: 100%;
  height: auto; }
.swlab-end-large img.swlab-coins-chart { width: min(56vw, 128vh); max-width: 56vw;
  max-height: 66vh; object-fit: contain; }
</style>"""


def ending_html(end: Ending, again: str = "") -> str:
    """The end screen's words: the winner, a card per player with the coins in large type,
    the tie-break, and ``again`` (how to start a new game) when given."""
    cards = []
    for s in end.standings:
        colour = player_colour(s.seat)
        tokens = ngettext("{n} token on the map", "{n} tokens on the map", s.tokens).format(
            n=s.tokens
        )
        coins = ngettext("coin", "coins", s.coins)
        cards.append(
            f"<div class='swlab-standing{' swlab-won' if s.winner else ''}' "
            f"style='border-color:{colour}'>"
            f"<span class='swlab-standing-name' style='background:{colour};"
            f"color:{text_colour(colour)}'>{html.escape(s.name)}</span>"
            f"<div class='swlab-end-coins'>{s.coins} "
            f"<span style='font-size:0.4em;font-weight:400'>{html.escape(coins)}</span></div>"
            f"<div class='swlab-end-tokens'>{html.escape(tokens)}</div></div>"
        )
    hint = f"<div class='swlab-again-hint'>{html.escape(again)}</div>" if again else ""
    return (
        f"<div class='swlab-winner'>{html.escape(end.title)}</div>"
        f"<div class='swlab-standings'>{''.join(cards)}</div>"
        f"<p class='swlab-tie'>{html.escape(end.tie)}</p>{hint}"
    )


def coins_chart(
    by_round: Sequence[Sequence[int]],
    names: Sequence[str],
    size: tuple[float, float] = (7, 3.2),
    font: float = 10.0,
) -> bytes:
    """A PNG chart of each player's coins per round (matplotlib, no pyplot: no display
    needed), its words in the language in effect; ``size`` in inches at 100 dpi, ``font``
    in points (larger for a room)."""
    from matplotlib import rc_context

    with rc_context({"font.size": font}):
        return _chart(by_round, names, size)


def _chart(
    by_round: Sequence[Sequence[int]], names: Sequence[str], size: tuple[float, float]
) -> bytes:
    from matplotlib.figure import Figure

    fig = Figure(figsize=size, dpi=100)
    ax = fig.add_subplot()
    rounds = list(range(1, len(by_round) + 1))
    for p, name in enumerate(names):
        ax.plot(rounds, [r[p] for r in by_round], marker="o", lw=2.5,
                color=player_colour(p), label=name)  # fmt: skip
    ax.set_xlabel(pgettext("round", "round"))
    ax.set_ylabel(_("coins"))
    ax.set_title(pgettext("round", "Coins at the end of each round"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left")
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()

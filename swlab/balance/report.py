"""The balance report: what a designer reads, as tables, Markdown and plots.

:class:`BalanceReport` is computed from :class:`~swlab.balance.results.Results`:

* ``races``, ``powers``, ``combos``, ``bots`` - win rate (Wilson 95 %) and mean coins
  scored while held (bootstrap 95 %) of the seats that held each, with ``n`` and the
  ``few`` flag (:data:`~swlab.balance.stats.MIN_GAMES`);
* ``seats`` - each seat's win rate and its *advantage* (win rate - 1 / players) with
  interval, and ``seat_test``, the chi-square test of "no seat advantage";
* ``coins`` - the final coins of every seat and of the winners; ``thresholds`` - the
  score that wins 50 % and 95 % of games (the quantiles of the winners' coins: a player
  with that many coins would have won that share of the games);
* ``heat`` - per region (rows) and round (columns), the share of games the region is held
  by a race at the end of that round, drawn on the board with a colour bar.

In a notebook the report shows itself (Markdown and the plots inline);
:meth:`BalanceReport.save` writes ``report.md`` with PNG and SVG plots beside it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from swlab import names
from swlab.balance.results import Results
from swlab.balance.stats import MIN_GAMES, SeatTest, group_table, seat_test, wilson
from swlab.i18n import N_, NC_, SOURCE, _, decimal, language, ngettext, percent, pgettext
from swlab.terminal import printable

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from swlab.board.model import Board

__all__ = ["PLOTS", "BalanceReport", "compare", "make_report", "markdown_table"]

#: The plots of a report, by file stem.
PLOTS = ("seats", "races", "combos", "coins", "heat")
#: Rows of the race / power / combo tables printed in the Markdown report.
TOP = 15


def markdown_table(frame: pd.DataFrame, formats: dict[str, str] | None = None) -> str:
    """A GitHub-flavoured Markdown table of ``frame`` (no index)."""
    formats = formats or {}

    def cell(column: str, value: Any) -> str:
        if isinstance(value, bool | np.bool_):
            return "yes" if value else ""
        fmt = formats.get(column)
        if fmt is not None and isinstance(value, int | float | np.integer | np.floating):
            return fmt.format(value)
        return str(value).replace("|", "\\|")

    head = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    body = [
        "| " + " | ".join(cell(c, v) for c, v in zip(frame.columns, row, strict=True)) + " |"
        for row in frame.itertuples(index=False, name=None)
    ]
    return "\n".join([head, rule, *body])


def _percent_ticks() -> Any:
    """A matplotlib tick formatter writing a share (0.5) as a percentage in the language in
    effect now (``50%``, ``%50``, ``50 %``), whenever the figure is drawn."""
    from matplotlib.ticker import FuncFormatter

    lang = language()
    return FuncFormatter(lambda value, _position: percent(value, code=lang))


def _interval(low: float, high: float, pct: bool) -> str:
    if pct:
        return _("{low} to {high}").format(low=percent(low), high=percent(high))
    return _("{low} to {high}").format(low=decimal(low, 1), high=decimal(high, 1))


#: The table headers, marked for the catalogs (:func:`pgettext` "column" at use).
COLUMNS = (
    NC_("column", "race"), NC_("column", "power"), NC_("column", "combo"), NC_("column", "bot"),
    NC_("column", "win rate"), NC_("column", "95% CI"), NC_("column", "mean coins"),
    NC_("column", "coins 95% CI"), NC_("column", "too few"), NC_("column", "seat"),
    NC_("column", "games"), NC_("column", "advantage"), NC_("column", "advantage 95% CI"),
)  # fmt: skip


def _name(key: str, value: object) -> object:
    """A race, power or combo named in the language in effect (bots keep their kind;
    English keeps the results' own words, "Ratmen+Merchant")."""
    if language() == SOURCE:
        return value
    if key == "race":
        return names.race(str(value))
    if key == "power":
        return names.power(str(value))
    if key == "combo" and isinstance(value, str) and "+" in value:
        race, _sep, power = value.partition("+")  # the results' "Race+Power"
        return names.combo(power, race)
    return value


@dataclass
class BalanceReport:
    """The figures of a balance study (see the module text)."""

    results: Results
    races: pd.DataFrame
    powers: pd.DataFrame
    combos: pd.DataFrame
    bots: pd.DataFrame
    seats: pd.DataFrame
    seat_test: SeatTest
    coins: pd.DataFrame  #: ``coins`` and ``winner`` per game and seat
    thresholds: dict[str, float]  #: ``"50%"`` / ``"95%"`` -> coins
    heat: pd.DataFrame  #: region id x round -> share of games held
    board: Board | None = field(default=None, repr=False)

    @property
    def meta(self) -> dict[str, Any]:
        return self.results.meta

    @property
    def games(self) -> int:
        return self.results.n_games

    # --- text -----------------------------------------------------------------------
    def _pretty(self, table: pd.DataFrame, key: str, top: int | None = TOP) -> pd.DataFrame:
        rows = table.head(top) if top else table
        out = pd.DataFrame(
            {
                pgettext("column", key): [_name(key, v) for v in rows[key]],
                "n": rows["n"],
                pgettext("column", "win rate"): [percent(v) for v in rows["win_rate"]],
                pgettext("column", "95% CI"): [
                    _interval(a, b, True)
                    for a, b in zip(rows["win_low"], rows["win_high"], strict=True)
                ],
                pgettext("column", "mean coins"): [decimal(v, 1) for v in rows["coins"]],
                pgettext("column", "coins 95% CI"): [
                    _interval(a, b, False)
                    for a, b in zip(rows["coins_low"], rows["coins_high"], strict=True)
                ],
                pgettext("column", "too few"): [_("yes") if f else "" for f in rows["few"]],
            }
        )
        return out

    def seat_lines(self) -> pd.DataFrame:
        s = self.seats
        return pd.DataFrame(
            {
                pgettext("column", "seat"): s["seat"],
                pgettext("column", "games"): s["games"],
                pgettext("column", "win rate"): [percent(v) for v in s["win_rate"]],
                pgettext("column", "95% CI"): [
                    _interval(a, b, True) for a, b in zip(s["win_low"], s["win_high"], strict=True)
                ],
                pgettext("column", "advantage"): [percent(v, signed=True) for v in s["advantage"]],
                pgettext("column", "advantage 95% CI"): [
                    _("{low} to {high}").format(
                        low=percent(a, signed=True), high=percent(b, signed=True)
                    )
                    for a, b in zip(s["advantage_low"], s["advantage_high"], strict=True)
                ],
                pgettext("column", "mean coins"): [decimal(v, 1) for v in s["coins"]],
            }
        )

    def to_markdown(self, plots: bool = False) -> str:
        """The report as Markdown (with ``plots``, links to the saved PNG files)."""
        m = self.meta
        t = self.seat_test
        rotated = _("yes") if m.get("rotate", True) else _("no")
        lines = [
            "# " + _("Balance of {board}").format(board=printable(m["board"])),
            "",
            _(
                "{games}, {players}, bots {bots} (rotated over the seats: "
                "{rotated}), seeds {first} to {last}, swlab {version}, played on {backend}."
            ).format(
                games=names.games(self.games),
                players=names.players(m["players"]),
                bots=", ".join(m["bots"]),
                rotated=rotated,
                first=m["seed"],
                last=m["seed"] + max(self.games - 1, 0),
                version=m["swlab_version"],
                backend=m["backend"],
            ),
        ]
        if m.get("interrupted"):
            lines += [
                "",
                ngettext(
                    "**Interrupted**: {games} of {asked} game played.",
                    "**Interrupted**: {games} of {asked} games played.",
                    m["games_asked"],
                ).format(games=self.games, asked=m["games_asked"]),
            ]
        lines += [
            "",
            _(
                "Rates have 95 % Wilson intervals, mean coins 95 % bootstrap intervals; "
                "'too few' marks figures behind fewer than {least} seats, too few to say "
                "anything."
            ).format(least=MIN_GAMES),
            "",
            "## " + _("Seats"),
            "",
            markdown_table(self.seat_lines()),
            "",
            ngettext(
                "Test of no seat advantage (chi-square, {dof} degree of freedom): "
                "X2 = {statistic}, p = {p}: {verdict}.",
                "Test of no seat advantage (chi-square, {dof} degrees of freedom): "
                "X2 = {statistic}, p = {p}: {verdict}.",
                t.dof,
            ).format(
                dof=t.dof,
                statistic=decimal(t.statistic, 2),
                p=decimal(t.p_value, 3),
                verdict=t.verdict,
            ),
        ]
        if plots:
            lines += ["", "![{alt}](seats.png)".format(alt=_("win rate per seat"))]
        lines += ["", "## " + _("Scores"), ""]
        coins = self.coins
        lines.append(
            _(
                "Final coins: mean {mean}, median {median}, range {low} to {high}; winners' "
                "mean {winners}."
            ).format(
                mean=decimal(coins["coins"].mean(), 1),
                median=decimal(coins["coins"].median(), 0),
                low=coins["coins"].min(),
                high=coins["coins"].max(),
                winners=decimal(coins[coins["winner"]]["coins"].mean(), 1),
            )
        )
        lines.append(
            _(
                "A score of **{half}** coins wins {half_share} of the games and **{most}** wins "
                "{most_share} (quantiles of the winning scores)."
            ).format(
                half=decimal(self.thresholds["50%"], 0),
                half_share=percent(0.5),
                most=decimal(self.thresholds["95%"], 0),
                most_share=percent(0.95),
            )
        )
        if plots:
            lines += ["", "![{alt}](coins.png)".format(alt=_("final coins"))]
        for title, table, key in (
            (N_("Races"), self.races, "race"),
            (N_("Special powers"), self.powers, "power"),
            (N_("Combos"), self.combos, "combo"),
            (N_("Bots"), self.bots, "bot"),
        ):
            shown = min(len(table), TOP)
            lines += [
                "",
                "## " + _(title),
                "",
                _("Sorted by win rate of the seats that held it (top {shown} of {count}).").format(
                    shown=shown, count=len(table)
                ),
                "",
                markdown_table(self._pretty(table, key)),
            ]
            if plots and key in ("race", "combo"):
                alt = _("win rate per race") if key == "race" else _("win rate per combo")
                lines += ["", f"![{alt}]({key}s.png)"]
        lines += ["", "## " + _("Regions held"), ""]
        last = self.heat.columns.max() if len(self.heat.columns) else 0
        if len(self.heat):
            top = self.heat[last].sort_values(ascending=False).head(5)
            listed = ", ".join(f"{rid} ({percent(share)})" for rid, share in top.items())
            lines.append(
                pgettext(
                    "round", "Most often held at the end of the game (round {round}): {listed}."
                ).format(round=last, listed=listed)
            )
        if plots:
            alt = pgettext("round", "regions held at the end of rounds")
            lines += ["", f"![{alt}](heat.png)"]
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_markdown()

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    # --- plots ----------------------------------------------------------------------
    def plot_seats(self) -> Figure:
        """Win rate per seat with its interval, and the fair share 1 / players."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6, 3.2), layout="constrained")
        ax = fig.add_subplot()
        s = self.seats
        err = np.clip(
            np.vstack([s["win_rate"] - s["win_low"], s["win_high"] - s["win_rate"]]), 0, 1
        )
        ax.bar(s["seat"].astype(str), s["win_rate"], yerr=err, capsize=4, color="#5B8DB8")
        ax.axhline(1 / self.meta["players"], color="#333333", ls="--", lw=1, label=_("fair share"))
        ax.set_xlabel(pgettext("column", "seat"))
        ax.set_ylabel(_("win rate (95% CI)"))
        ax.yaxis.set_major_formatter(_percent_ticks())
        ax.set_title(
            _("Win rate per seat: {verdict}").format(verdict=self.seat_test.verdict), fontsize=9
        )
        ax.legend(fontsize=8)
        return fig

    def _plot_groups(self, table: pd.DataFrame, key: str, title: str) -> Figure:
        from matplotlib.figure import Figure

        rows = table.head(TOP).iloc[::-1]
        fig = Figure(figsize=(7, 0.32 * max(len(rows), 3) + 1.0), layout="constrained")
        ax = fig.add_subplot()
        spread = [rows["win_rate"] - rows["win_low"], rows["win_high"] - rows["win_rate"]]
        err = np.clip(np.vstack(spread), 0, 1)  # rounding can leave -1e-17
        colours = ["#BBBBBB" if f else "#5B8DB8" for f in rows["few"]]
        labels = [str(_name(key, v)) for v in rows[key]]
        ax.barh(labels, rows["win_rate"], xerr=err, capsize=3, color=colours)
        ax.axvline(1 / self.meta["players"], color="#333333", ls="--", lw=1)
        ax.set_xlabel(_("win rate of the seats that held it (95% CI; grey: too few)"))
        ax.xaxis.set_major_formatter(_percent_ticks())
        ax.set_title(title, fontsize=10)
        ax.tick_params(axis="y", labelsize=8)
        return fig

    def plot_races(self) -> Figure:
        return self._plot_groups(self.races, "race", _("Races"))

    def plot_combos(self) -> Figure:
        title = _("Combos (top {top} by win rate)").format(top=TOP)
        return self._plot_groups(self.combos, "combo", title)

    def plot_coins(self) -> Figure:
        """The distribution of final coins, winners apart, with the 50 % / 95 % scores."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6, 3.2), layout="constrained")
        ax = fig.add_subplot()
        c = self.coins
        low, high = int(c["coins"].min()), int(c["coins"].max())
        step = max(1, (high - low + 1) // 40 + 1)
        bins = [x - 0.5 for x in range(low, high + step + 1, step)]
        ax.hist(c["coins"], bins=bins, color="#BBBBBB", label=_("every seat"))
        ax.hist(c[c["winner"]]["coins"], bins=bins, color="#5B8DB8", label=_("winners"))
        for share, style in (("50%", "--"), ("95%", ":")):
            label = _("wins {share}: {score}").format(
                share=percent(float(share.rstrip("%")) / 100),
                score=decimal(self.thresholds[share], 0),
            )
            ax.axvline(self.thresholds[share], color="#8B0026", ls=style, lw=1.2, label=label)
        ax.set_xlabel(_("final coins"))
        ax.set_ylabel(_("seats"))
        ax.legend(fontsize=8)
        return fig

    def plot_heat(self, rounds: list[int] | None = None) -> Figure:
        """The board coloured by the share of games each region is held at the end of
        ``rounds`` (default: the first, middle and last), with a colour bar."""
        from matplotlib.figure import Figure

        all_rounds = sorted(int(r) for r in self.heat.columns)
        if rounds is None:
            rounds = sorted({all_rounds[0], all_rounds[len(all_rounds) // 2], all_rounds[-1]})
        fig = Figure(figsize=(4.2 * len(rounds) + 0.8, 4.2), layout="constrained")
        axes = fig.subplots(1, len(rounds), squeeze=False)[0]
        mappable = None
        for ax, rnd in zip(axes, rounds, strict=True):
            shares = {int(str(k)): float(v) for k, v in self.heat[rnd].items()}
            mappable = draw_heat(ax, self.board, shares)
            ax.set_title(pgettext("round", "end of round {round}").format(round=rnd), fontsize=10)
        assert mappable is not None
        if self.board is not None and any(r.is_water for r in self.board.regions):
            from matplotlib.patches import Patch

            water = Patch(facecolor="white", edgecolor="#444444", hatch="....", label=_("water"))
            fig.legend(handles=[water], loc="lower left", fontsize=8, frameon=False)
        bar = fig.colorbar(mappable, ax=list(axes), shrink=0.8, format=_percent_ticks())
        bar.set_label(_("share of games the region is held by a race"))
        fig.suptitle(
            _("{board}: regions held ({games})").format(
                board=self.meta["board"], games=names.games(self.games)
            ),
            fontsize=11,
        )
        return fig

    def figures(self) -> dict[str, Figure]:
        """Every plot, by file stem (:data:`PLOTS`)."""
        return {
            "seats": self.plot_seats(),
            "races": self.plot_races(),
            "combos": self.plot_combos(),
            "coins": self.plot_coins(),
            "heat": self.plot_heat(),
        }

    def show(self) -> None:
        """In a notebook: the Markdown report and every plot, inline."""
        from IPython.display import Markdown, display

        display(Markdown(self.to_markdown()))  # type: ignore[no-untyped-call]
        for fig in self.figures().values():
            display(fig)  # type: ignore[no-untyped-call]

    def save(self, folder: str | os.PathLike[str]) -> Path:
        """Write ``report.md``, each plot as PNG and SVG, and the results as Parquet, each
        file atomically (a stopped save leaves no half-written file)."""
        from swlab.safe_io import atomic_open, atomic_write_text

        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        self.results.save(out)
        for stem, fig in self.figures().items():
            with atomic_open(out / f"{stem}.png", "wb") as handle:
                fig.savefig(handle, format="png", dpi=110)
            with atomic_open(out / f"{stem}.svg", "wb") as handle:
                fig.savefig(handle, format="svg")
        atomic_write_text(out / "report.md", self.to_markdown(plots=True))
        return out / "report.md"


def draw_heat(ax: Any, board: Board | None, shares: dict[int, float]) -> Any:
    """Fill each region of ``board`` on ``ax`` by its share (0..1) and return the colour
    mapping (for a colour bar). Without a board the shares are drawn as bars."""
    from matplotlib import colormaps
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    from matplotlib.patches import Polygon as Patch

    cmap = colormaps["OrRd"]
    norm = Normalize(0.0, 1.0)
    if board is None:
        ids = sorted(shares)
        ax.bar([str(i) for i in ids], [shares[i] for i in ids],
               color=[cmap(norm(shares[i])) for i in ids])  # fmt: skip
        ax.set_ylim(0, 1)
        return ScalarMappable(norm=norm, cmap=cmap)
    for region in board.regions:
        share = float(shares.get(region.id, 0.0))
        polygon = region.polygon
        parts = getattr(polygon, "geoms", [polygon])
        for part in parts:
            if part.is_empty:
                continue
            xy = np.asarray(part.exterior.coords)
            hatch = "...." if region.is_water else None
            ax.add_patch(Patch(xy, closed=True, facecolor=cmap(norm(share)), hatch=hatch,
                               edgecolor="#444444", linewidth=0.5))  # fmt: skip
        point = polygon.representative_point()
        ax.annotate(str(region.id), (point.x, point.y), ha="center", va="center", fontsize=6)
    minx, miny, maxx, maxy = board.outline.bounds if not board.outline.is_empty else (0, 0, 1, 1)
    ax.set_xlim(minx, maxx)
    ax.set_ylim(miny, maxy)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ScalarMappable(norm=norm, cmap=cmap)


def _seats(results: Results) -> pd.DataFrame:
    g = results.games
    players = results.players
    rows = []
    for seat, part in g.groupby("seat", sort=True):
        n = int(part["game"].nunique())
        wins = float(part["win"].sum())
        low, high = wilson(wins, n)
        rows.append(
            {
                "seat": int(str(seat)),
                "games": n,
                "wins": wins,
                "win_rate": wins / n,
                "win_low": low,
                "win_high": high,
                "advantage": wins / n - 1 / players,
                "advantage_low": low - 1 / players,
                "advantage_high": high - 1 / players,
                "coins": float(part["coins"].mean()),
            }
        )
    return pd.DataFrame(rows)


def make_report(results: Results, board: Board | None = None, seed: int = 0) -> BalanceReport:
    """Compute every figure of the report from ``results`` (``board`` for the heat map;
    ``seed`` seeds the bootstrap)."""
    if results.n_games == 0:
        raise ValueError("no game was completed: nothing to report")
    seats = _seats(results)
    test = seat_test(list(seats["wins"]), results.n_games)
    games = results.games
    winners = games[games["won"]]
    won = winners.groupby("game")["coins"].max()
    thresholds = {
        "50%": float(np.quantile(won, 0.5, method="higher")),
        "95%": float(np.quantile(won, 0.95, method="higher")),
    }
    coins = pd.DataFrame({"coins": games["coins"], "winner": games["won"]})
    held = results.held
    heat = (
        held.assign(held=held["seat"] > 0)
        .groupby(["region", "round"])["held"]
        .mean()
        .unstack("round")
        .fillna(0.0)
    )
    seat_rows = games.assign(race="", power="")  # one row per seat, for the bot table
    return BalanceReport(
        results=results,
        races=group_table(results.picks, "race", seed),
        powers=group_table(results.picks, "power", seed),
        combos=group_table(results.picks, "combo", seed),
        bots=group_table(seat_rows, "bot", seed),
        seats=seats,
        seat_test=test,
        coins=coins,
        thresholds=thresholds,
        heat=heat,
        board=board,
    )


def compare(
    a: BalanceReport, b: BalanceReport, labels: tuple[str, str] | None = None
) -> pd.DataFrame:
    """Two boards side by side (a custom board and the official one for its players):
    seat win rates, the test of the seats, the winning scores and how evenly the regions
    are held (the spread of the end-of-game heat)."""

    def column(r: BalanceReport) -> dict[str, str]:
        out = {_("games"): str(r.games)}
        for row in r.seat_lines().itertuples(index=False, name=None):  # columns translated
            out[_("seat {seat} win rate").format(seat=row[0])] = f"{row[2]} ({row[3]})"
        out[_("seat test")] = f"p = {decimal(r.seat_test.p_value, 3)}"
        out[_("score winning 50%")] = decimal(r.thresholds["50%"], 0)
        out[_("score winning 95%")] = decimal(r.thresholds["95%"], 0)
        out[_("mean final coins")] = decimal(r.coins["coins"].mean(), 1)
        last = r.heat[r.heat.columns.max()]
        out[_("regions held at the end (mean share)")] = percent(last.mean())
        out[_("regions never held at the end")] = str(int((last == 0).sum()))
        best = r.races.head(1)
        if len(best):
            race = names.race(str(best["race"].iloc[0]))
            out[_("best race")] = f"{race} ({percent(best['win_rate'].iloc[0])})"
        return out

    ca, cb = column(a), column(b)
    keys = list(dict.fromkeys([*ca, *cb]))
    first, second = labels or (str(a.meta["board"]), str(b.meta["board"]))
    if first == second:
        first, second = f"{first} (1)", f"{second} (2)"
    return pd.DataFrame(
        {first: [ca.get(k, "") for k in keys], second: [cb.get(k, "") for k in keys]},
        index=keys,
    )

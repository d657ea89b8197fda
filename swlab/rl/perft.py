"""Published move counts ("perft"): how many legal action sequences of depth 1, 2 and 3
start from each of a set of shipped positions.

Chess engines check their move generator against published perft counts; these are
Small World's, so that another engine can check itself against swlab (and swlab against
its own past). A sequence is made of decisions (every action ``legal_actions`` lists,
``take`` included; ``deploy`` is not listed) and chance outcomes (each face of the
reinforcement die that ``chance_outcomes`` gives is one branch, whatever its
probability, R-CONQ-10); a sequence that reaches the end of the game before its depth
does not count, as in chess::

    perft(s, 0) = 1
    perft(s, d) = sum of perft(apply(s, a), d - 1) over a in legal_actions(s) + die faces

The positions are scenario files (``docs/scenarios.md``) in ``swlab/rl/perft/``, one per
line of ``positions.tsv`` (file, what it covers); together they cover every stage, every
race and every special power, acting. ``counts.tsv`` holds ``position, depth, count``
lines; ``docs/perft.md`` shows them as a table. Recompute and rewrite both::

    python -m swlab.rl.perft --write            # counts.tsv and the table of docs/perft.md
    python -m swlab.rl.perft                    # print the table; check it against the file
    python -m swlab.rl.perft --positions        # make the position files again (seeded games)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from swlab.board.catalog import official_board
from swlab.bots import GreedyBot
from swlab.game.scenario import load_scenario, save_scenario
from swlab.rl.actions import verbs_in_space
from swlab.rules import (
    POWERS,
    RACES,
    Action,
    GameState,
    Stage,
    apply,
    chance_outcomes,
    drive,
    legal_actions,
    new_game,
)

FOLDER = Path(__file__).with_name("perft")
COUNTS = FOLDER / "counts.tsv"
POSITIONS = FOLDER / "positions.tsv"
DOC = Path(__file__).resolve().parents[2] / "docs" / "perft.md"
#: the deepest count published
DEPTH = 3
#: the marks around the generated table in docs/perft.md
BEGIN, END = "<!-- perft table: begin -->", "<!-- perft table: end -->"


def moves(state: GameState) -> list[Action]:
    """The branches of a position: its decisions, or the die's faces at a chance node."""
    return legal_actions(state) or [a for a, _p in chance_outcomes(state)]


def perft(state: GameState, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state`` (see the module)."""
    if depth == 0:
        return 1
    branches = moves(state)
    if depth == 1:
        return len(branches)
    return sum(perft(apply(state, a)[0], depth - 1) for a in branches)


@dataclass(frozen=True)
class Count:
    """One line of ``counts.tsv``."""

    position: str
    depth: int
    count: int

    def line(self) -> str:
        return f"{self.position}\t{self.depth}\t{self.count}"


def positions() -> list[tuple[str, str]]:
    """(position name, what it covers), in the order of ``positions.tsv``."""
    rows = []
    for k, line in enumerate(POSITIONS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, sep, covers = line.partition("\t")
        if not sep:
            raise ValueError(f"{POSITIONS}:{k}: write 'name<TAB>what it covers', not {line!r}")
        rows.append((name, covers))
    return rows


def load_position(name: str) -> GameState:
    """The position ``name`` (a scenario file of the perft folder)."""
    return load_scenario(FOLDER / f"{name}.yaml")


def read_counts(path: Path | None = None) -> list[Count]:
    """The published counts (``counts.tsv``, or ``path``); a malformed line is one error
    naming the file and the line."""
    path = path or COUNTS
    counts = []
    for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            raise ValueError(f"{path}:{k}: write 'position<TAB>depth<TAB>count', not {line!r}")
        counts.append(Count(parts[0], int(parts[1]), int(parts[2])))
    return counts


def compute(names: Iterable[str], depth: int = DEPTH) -> list[Count]:
    """The counts of depth 1..``depth`` of each position."""
    out: list[Count] = []
    for name in names:
        state = load_position(name)
        out.extend(Count(name, d, perft(state, d)) for d in range(1, depth + 1))
    return out


def format_table(counts: Sequence[Count], covers: dict[str, str]) -> str:
    """The Markdown table of docs/perft.md: a row per position, a column per depth."""
    depths = sorted({c.depth for c in counts})
    by = {(c.position, c.depth): c.count for c in counts}
    names = list(dict.fromkeys(c.position for c in counts))
    head = "| position | covers | " + " | ".join(f"depth {d}" for d in depths) + " |"
    rule = "|---|---|" + "---:|" * len(depths)
    rows = [
        f"| `{n}` | {covers.get(n, '')} | "
        + " | ".join(f"{by[(n, d)]:,}" if (n, d) in by else "" for d in depths)
        + " |"
        for n in names
    ]
    return "\n".join([head, rule, *rows])


def write_doc(table: str, doc: Path = DOC) -> None:
    """Put ``table`` between the marks of docs/perft.md."""
    text = doc.read_text(encoding="utf-8")
    before, after = text.partition(BEGIN)[0], text.partition(END)[2]
    doc.write_text(f"{before}{BEGIN}\n{table}\n{END}{after}", encoding="utf-8")


# --- making the positions -----------------------------------------------------------------


def _features(state: GameState) -> set[str]:
    """What a position covers: its stage, the acting race and power, the kinds of
    action open (``hero``, ``camp``, ``peace`` ... where the powers act)."""
    stage = state.turn.stage
    found = {f"stage {stage.value}"} | {f"action {a.verb}" for a in moves(state)}
    if stage is Stage.GAME_OVER:
        return found
    race = state.race(state.turn.acting) if state.turn.acting else None
    if race is None:
        race = state.players[state.turn.actor].active
    if race is not None:
        found |= {f"race {race.name}", f"power {race.power}"}
    return found


def make_positions(folder: Path = FOLDER) -> list[tuple[str, str]]:
    """Play seeded games of greedy bots, each race and power dealt on top of the stacks
    in turn, and keep the first position of each stage and of each acting race and
    power; write them as scenario files. Returns (name, what it covers)."""
    wanted = (
        {f"stage {s.value}" for s in Stage if s is not Stage.DECLINED}
        | {f"action {verb}" for verb in verbs_in_space()}
        | {f"race {r}" for r in RACES}
        | {f"power {p}" for p in POWERS}
    )
    races, powers = list(RACES), list(POWERS)
    chosen: list[tuple[str, str]] = []
    game = 0
    while wanted and game < 200:
        players = 2 + game % 4
        top_r = [races[(game * players + k) % len(races)] for k in range(players)]
        top_p = [powers[(game * players + k) % len(powers)] for k in range(players)]
        state = new_game(official_board(players), players, seed=game, races=top_r, powers=top_p)
        bots = [GreedyBot(game + k) for k in range(players)]
        seen: list[GameState] = [state]

        def keep(_before: GameState, _a: Action, _e: object, after: GameState) -> None:
            seen.append(after)  # noqa: B023 (drive calls it before the loop goes on)

        drive(state, bots, observer=keep)
        for position in seen:
            new = _features(position) & wanted
            if new and (perft(position, 1) > 0 or "stage game_over" in new):
                name = f"p{len(chosen) + 1:02d}_{position.turn.stage.value}"
                covers = ", ".join(sorted(new))
                save_scenario(
                    position,
                    folder / f"{name}.yaml",
                    header=f"A perft position (swlab/rl/perft.py), covering: {covers}",
                    title=f"perft {name}",
                )
                chosen.append((name, covers))
                wanted -= new
        game += 1
    if wanted:
        raise RuntimeError(f"no position found for: {', '.join(sorted(wanted))}")
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m swlab.rl.perft", description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite counts.tsv and the doc")
    parser.add_argument("--positions", action="store_true", help="make the positions again")
    parser.add_argument("--depth", type=int, default=DEPTH, help="the deepest count")
    args = parser.parse_args(argv)
    if args.positions:
        made = make_positions()
        declined = [(n, c) for n, c in positions() if "declined" in c]  # written by hand
        POSITIONS.write_text(
            "# position\twhat it covers (python -m swlab.rl.perft --positions)\n"
            + "".join(f"{n}\t{c}\n" for n, c in [*made, *declined]),
            encoding="utf-8",
        )
    rows = positions()
    counts = compute([n for n, _c in rows], args.depth)
    table = format_table(counts, dict(rows))
    print(table)
    if args.write:
        COUNTS.write_text(
            "# position\tdepth\tcount (python -m swlab.rl.perft --write)\n"
            + "".join(c.line() + "\n" for c in counts),
            encoding="utf-8",
        )
        write_doc(table)
        return 0
    published = {(c.position, c.depth): c.count for c in read_counts()}
    wrong = [c for c in counts if published.get((c.position, c.depth), c.count) != c.count]
    for c in wrong:
        was = published[(c.position, c.depth)]
        print(f"{c.position} depth {c.depth}: {c.count}, published {was}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())

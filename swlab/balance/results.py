"""A run as data: pandas frames, saved as Parquet with the run's description.

Three tables, each one Parquet file of a results folder:

``games.parquet``
    One row per game and seat: ``game``, ``seed``, ``seat`` (1-based), ``player``, ``bot``,
    ``bot_seed``, ``coins``, ``tokens_on_map``, ``win`` (1, a tie's share, or 0), ``won``,
    ``actions``, ``combos`` (the seat's picks, in order).
``picks.parquet``
    One row per combo picked: ``game``, ``seat``, ``bot``, ``race``, ``power``, ``combo``,
    ``round`` (when picked), ``coins`` (scored while it was the seat's last pick), ``win``.
``held.parquet``
    One row per game, round and region: ``game``, ``round``, ``region`` (id), ``seat``
    (1-based holder at the end of the round, 0 for nobody).

Each file's schema metadata holds, under the key ``swlab``, the JSON of
:attr:`Results.meta`: the board, players, bots, seed, games asked and played, whether
the run was interrupted, the swlab version, and the versions that played its games
(``played_by``; ``replayed``: games another version played that the run played again), so a
file read months later still says what it measured.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from swlab.balance.runner import Run
from swlab.game import save_record
from swlab.i18n import _

__all__ = ["FILES", "Results", "load_results", "results_of", "save_records"]

#: The file of each table in a results folder.
FILES = {"games": "games.parquet", "picks": "picks.parquet", "held": "held.parquet"}
META_KEY = b"swlab"


@dataclass
class Results:
    """The three tables of a run and what it was (``meta``)."""

    games: pd.DataFrame
    picks: pd.DataFrame
    held: pd.DataFrame
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def n_games(self) -> int:
        return int(self.games["game"].nunique()) if len(self.games) else 0

    @property
    def players(self) -> int:
        return int(self.meta["players"])

    def save(self, folder: str | os.PathLike[str]) -> Path:
        """Write the three Parquet files into ``folder`` (made if missing), each atomically
        (:func:`~swlab.safe_io.atomic_open`): a save stopped at any moment, even by
        SIGKILL, leaves each file as it was or complete, never half written."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        from swlab.safe_io import atomic_open

        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        for name, file in FILES.items():
            table = pa.Table.from_pandas(getattr(self, name), preserve_index=False)
            meta = dict(table.schema.metadata or {})
            meta[META_KEY] = json.dumps(self.meta, sort_keys=True).encode()
            with atomic_open(out / file, "wb") as handle:
                pq.write_table(table.replace_schema_metadata(meta), handle)
        return out


def load_results(folder: str | os.PathLike[str]) -> Results:
    """Read a results folder written by :meth:`Results.save`."""
    import pyarrow.parquet as pq

    where = Path(folder)
    tables: dict[str, pd.DataFrame] = {}
    meta: dict[str, Any] = {}
    described: dict[str, Any] = {}
    for name, file in FILES.items():
        table = pq.read_table(where / file)
        tables[name] = table.to_pandas()
        raw = (table.schema.metadata or {}).get(META_KEY)
        if raw is not None:
            described[file] = meta = json.loads(raw)
    if not meta:
        raise ValueError(f"{where}: no swlab description in the Parquet files")
    if any(other != meta for other in described.values()):
        # each file is replaced atomically, the three together are not: a save stopped
        # between two files leaves tables of two runs
        raise ValueError(
            _(
                "{where}: {files} describe different runs (a save was stopped midway): "
                "save the results again"
            ).format(where=where, files=", ".join(described))
        )
    return Results(tables["games"], tables["picks"], tables["held"], meta)


def save_records(run: Run, folder: str | os.PathLike[str]) -> Path:
    """Save the record of every game of ``run`` that kept one (``Plan.records``) into
    ``folder`` (made if missing), as ``game00007_seed12.json``: each replays exactly."""
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)
    for o in run.outcomes:
        if o.record is not None:
            save_record(o.record, where / f"game{o.game:05d}_seed{o.seed}.json")
    return where


def results_of(run: Run, board_name: str) -> Results:
    """The tables of ``run`` (outcomes sorted by game), described by ``meta``."""
    from swlab import __version__

    games: list[dict[str, Any]] = []
    picks: list[dict[str, Any]] = []
    held: dict[str, list[int]] = {"game": [], "round": [], "region": [], "seat": []}
    for o in run.outcomes:
        for s in range(len(o.coins)):
            mine = [p for p in o.picks if p.seat == s]
            games.append(
                {
                    "game": o.game,
                    "seed": o.seed,
                    "seat": s + 1,
                    "player": o.names[s],
                    "bot": o.bots[s],
                    "bot_seed": o.seed * 100 + s,
                    "coins": o.coins[s],
                    "tokens_on_map": o.tokens_on_map[s],
                    "win": o.win(s),
                    "won": s in o.winners,
                    "actions": o.actions,
                    "combos": ", ".join(f"{p.race}+{p.power}" for p in mine),
                }
            )
        for p in o.picks:
            picks.append(
                {
                    "game": o.game,
                    "seat": p.seat + 1,
                    "bot": o.bots[p.seat],
                    "race": p.race,
                    "power": p.power,
                    "combo": f"{p.race}+{p.power}",
                    "round": p.round,
                    "coins": p.coins,
                    "win": o.win(p.seat),
                }
            )
        for rnd, owners in enumerate(o.held, start=1):
            for rid, owner in zip(o.region_ids, owners, strict=True):
                held["game"].append(o.game)
                held["round"].append(rnd)
                held["region"].append(rid)
                held["seat"].append(owner + 1)
    plan = run.plan
    meta = {
        "board": board_name,
        "players": plan.players,
        "bots": list(plan.kinds),
        "seed": plan.seed,
        "rotate": plan.rotate,
        "games_asked": plan.games,
        "games": run.games,
        "interrupted": run.interrupted,
        "backend": run.backend,
        "wall_time_s": round(run.wall_time_s, 3),
        "swlab_version": __version__,
        # games kept by the swlab version that played them; games another version played
        # (and this run played again); workers of another version that got no game
        "played_by": dict(run.played_by),
        "replayed": dict(run.replayed),
        "refused_workers": dict(run.refused_workers),
        # the recorded metadata of a run stays English, as every field of it
        "seeds": (
            "game g: seed + g; bot on seat s (0-based): game seed * 100 + s"  # i18n: not prose
        ),
    }
    game_cols = ["game", "seed", "seat", "player", "bot", "bot_seed", "coins"]
    game_cols += ["tokens_on_map", "win", "won", "actions", "combos"]
    pick_cols = ["game", "seat", "bot", "race", "power", "combo", "round", "coins", "win"]
    return Results(
        pd.DataFrame(games, columns=game_cols),
        pd.DataFrame(picks, columns=pick_cols),
        pd.DataFrame(held, columns=["game", "round", "region", "seat"]).astype("int32"),
        meta,
    )

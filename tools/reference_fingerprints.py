"""Make swlab/data/reference_fingerprints.json: the official boards' fingerprints.

The numbers a designer's board is compared with (``swlab map fingerprint``): every official
board (2 to 5 players), the fast bot styles, :data:`REFERENCE_GAMES` seeded games per style
(:mod:`swlab.balance.fingerprint`). Run it again when the rules engine or a bot changes
(``tests/balance/test_fingerprint.py`` fails until then)::

    python tools/reference_fingerprints.py            # serially
    python tools/reference_fingerprints.py --workers 2

``--players`` and ``--styles`` make a part of the file (elsewhere: ``--output``), as the
test of the shipped file does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swlab.balance.fingerprint import (  # noqa: E402
    DEFAULT_STYLES,
    REFERENCE_FILE,
    REFERENCE_GAMES,
    reference_fingerprints,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=REFERENCE_GAMES, help="games per style")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=0, help="Dask workers (0: serially)")
    parser.add_argument("--players", default="2,3,4,5", help="official boards, by players")
    parser.add_argument("--styles", default=",".join(DEFAULT_STYLES), help="bot styles")
    parser.add_argument("--output", type=Path, default=REFERENCE_FILE, help="the JSON file")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data = reference_fingerprints(
        args.games,
        args.seed,
        players=[int(n) for n in args.players.split(",")],
        styles=args.styles.split(","),
        workers=args.workers,
        progress=not args.no_progress,
    )
    args.output.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    seconds = time.perf_counter() - start
    print(f"wrote {args.output} in {seconds:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

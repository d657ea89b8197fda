"""Make swlab/data/reference_fingerprints.json: the official boards' fingerprints.

The numbers a designer's board is compared with (``swlab map fingerprint``): every official
board (2 to 5 players), the fast bot styles, :data:`REFERENCE_GAMES` seeded games per style
(:mod:`swlab.balance.fingerprint`). Run it again when the rules engine or a bot changes
(``tests/balance/test_fingerprint.py`` fails until then)::

    python tools/reference_fingerprints.py            # serially
    python tools/reference_fingerprints.py --workers 2
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
    REFERENCE_FILE,
    REFERENCE_GAMES,
    reference_fingerprints,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=REFERENCE_GAMES, help="games per style")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=0, help="Dask workers (0: serially)")
    parser.add_argument("--output", type=Path, default=REFERENCE_FILE, help="the JSON file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data = reference_fingerprints(args.games, args.seed, workers=args.workers, progress=True)
    args.output.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    seconds = time.perf_counter() - start
    print(f"wrote {args.output} in {seconds:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

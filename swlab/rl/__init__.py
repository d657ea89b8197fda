"""Small World for game-AI research: a fixed action index space, a fixed-shape
observation, and adapters for PettingZoo, Gymnasium and OpenSpiel (``docs/research.md``).

The index space (:mod:`swlab.rl.actions`), the observation (:mod:`swlab.rl.observation`)
and the move counts (:mod:`swlab.rl.perft`) need only numpy. Each adapter imports its
library when it is imported, and says how to install it when it is missing::

    pip install swlab[rl]          # pettingzoo, gymnasium, open_spiel

    from swlab.rl.pettingzoo import env
    from swlab.rl.gymnasium import SmallWorldEnv
    from swlab.rl.openspiel import load_game
"""

from __future__ import annotations

#: The extra that installs the research libraries.
EXTRA = "swlab[rl]"


def missing(package: str, adapter: str, cause: ImportError) -> ImportError:
    """The error of an adapter whose library is not installed: it names the command that
    installs it (the plain install of swlab leaves the research libraries out)."""
    return ImportError(
        f"{adapter} needs the {package!r} package, which the plain install of swlab leaves "
        f"out: pip install {EXTRA}  ({cause})"
    )

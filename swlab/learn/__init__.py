"""The learn path: small levels on the board, graded by the rules engine.

A level (:mod:`swlab.learn.level`) is a position, one goal (:mod:`swlab.learn.goal`), a
par and hints; a learner earns stars (:mod:`swlab.learn.stars`) kept in a progress file of
their workspace (:mod:`swlab.learn.progress`), which a teacher gathers into a report
(:mod:`swlab.learn.report`). ``swlab learn check`` plays every level's solution and wrong
try (:mod:`swlab.learn.check`); the widget (:mod:`swlab.learn.widget`) plays levels on the
game viewer's board. The format is in ``docs/learn.md``.
"""

from typing import TYPE_CHECKING

from swlab.lazy import attach

if TYPE_CHECKING:
    from swlab.learn.level import STAGES, Level, LevelError, load_level, shipped_levels

__all__ = ["STAGES", "Level", "LevelError", "load_level", "shipped_levels"]


#: The level's names, imported on first use: ``swlab`` imports :mod:`swlab.learn.commands`
#: for its parser at every start, and a command that plays no game (``--help``, ``map
#: list``, ``tutorial``) needs no rules engine (0.15 s of CPU).
__getattr__, __dir__ = attach(__name__, dict.fromkeys(__all__, "level"))

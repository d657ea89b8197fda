"""The rules engine of Small World (see ``../shared/RULES.md``).

Pure and free of widgets: states, actions and events are immutable values. It reads the
static facts of a board (regions, terrain, symbols, adjacency, edge and coastal regions)
from :class:`swlab.board.Board`. The engine itself is the subject of the next milestone.
"""

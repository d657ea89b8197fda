"""swlab: a lab for the board game Small World.

- :mod:`swlab.board` — boards as data: GeoJSON maps, derived borders, validation, pictures.
- :mod:`swlab.rules` — the rules engine (pure, immutable states and actions).
- :mod:`swlab.editor` — the map editor built on :mod:`swlab.board`.
"""

__version__ = "0.1.0"

"""The badge registry: the races (R-COMP-2) and special powers (R-COMP-3) by name.

A leaf: it imports no badge. :mod:`swlab.rules.abilities.catalogue` fills the official
tables with the explicit lists of the 14 races and 20 powers (the engine loads it), and
:mod:`swlab.rules.abilities.custom` registers the blank banner and badge (R-COMP-4).
"""

from __future__ import annotations

from swlab.rules.abilities.base import DERIVED, Badge, Power, Race

#: The 14 races, by name, in the order of R-COMP-2's table (filled by the catalogue).
RACES: dict[str, Race] = {}

#: The 20 special powers, by name, in the order of R-COMP-3 (filled by the catalogue).
POWERS: dict[str, Power] = {}


def register_official(races: tuple[Race, ...], powers: tuple[Power, ...]) -> None:
    """Fill the official tables (the catalogue does, once)."""
    RACES.update((r.name, r) for r in races)
    POWERS.update((p.name, p) for p in powers)


#: Custom races and powers (the blank banner and badge, R-COMP-4) by name, registered by
#: :mod:`swlab.rules.abilities.custom`; a game uses one only if ``new_game`` lists it.
CUSTOM_RACES: dict[str, Race] = {}
CUSTOM_POWERS: dict[str, Power] = {}


def register_custom(b: Badge) -> None:
    """Make a custom race or power findable by name (a new definition replaces the old)."""
    if b.name in RACES or b.name in POWERS:
        raise ValueError(f"{b.name!r} is an official race or power (R-COMP-2, R-COMP-3)")
    DERIVED.clear()
    if isinstance(b, Race):
        CUSTOM_POWERS.pop(b.name, None)
        CUSTOM_RACES[b.name] = b
    elif isinstance(b, Power):
        CUSTOM_RACES.pop(b.name, None)
        CUSTOM_POWERS[b.name] = b
    else:
        raise TypeError(f"{b!r} is neither a Race nor a Power")


def race_badge(name: str) -> Race:
    """The race banner called ``name`` (``KeyError`` with the known names otherwise)."""
    found = RACES.get(name) or CUSTOM_RACES.get(name)
    if found is None and not RACES:
        _load_catalogue()
        found = RACES.get(name)
    if found is None:
        raise KeyError(f"unknown race {name!r}; races are: {', '.join(RACES)}")
    return found


def power_badge(name: str) -> Power:
    """The power badge called ``name``."""
    found = POWERS.get(name) or CUSTOM_POWERS.get(name)
    if found is None and not POWERS:
        _load_catalogue()
        found = POWERS.get(name)
    if found is None:
        raise KeyError(f"unknown power {name!r}; powers are: {', '.join(POWERS)}")
    return found


def _load_catalogue() -> None:
    """Fill the official tables on a first lookup made before anything loaded the
    catalogue (a lookup, not an import of this module, loads the badges)."""
    import swlab.rules.abilities.catalogue  # noqa: F401


def badge(name: str) -> Badge:
    """A race or a power by name."""
    if not RACES:
        _load_catalogue()
    return race_badge(name) if name in RACES or name in CUSTOM_RACES else power_badge(name)

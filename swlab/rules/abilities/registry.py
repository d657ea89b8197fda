"""The explicit lists of the 14 races (R-COMP-2) and 20 special powers (R-COMP-3)."""

from __future__ import annotations

from swlab.rules.abilities.base import DERIVED, Badge, Power, Race
from swlab.rules.abilities.powers.alchemist import Alchemist
from swlab.rules.abilities.powers.berserk import Berserk
from swlab.rules.abilities.powers.bivouacking import Bivouacking
from swlab.rules.abilities.powers.commando import Commando
from swlab.rules.abilities.powers.diplomat import Diplomat
from swlab.rules.abilities.powers.dragon_master import DragonMaster
from swlab.rules.abilities.powers.flying import Flying
from swlab.rules.abilities.powers.forest import Forest
from swlab.rules.abilities.powers.fortified import Fortified
from swlab.rules.abilities.powers.heroic import Heroic
from swlab.rules.abilities.powers.hill import Hill
from swlab.rules.abilities.powers.merchant import Merchant
from swlab.rules.abilities.powers.mounted import Mounted
from swlab.rules.abilities.powers.pillaging import Pillaging
from swlab.rules.abilities.powers.seafaring import Seafaring
from swlab.rules.abilities.powers.spirit import Spirit
from swlab.rules.abilities.powers.stout import Stout
from swlab.rules.abilities.powers.swamp import Swamp
from swlab.rules.abilities.powers.underworld import Underworld
from swlab.rules.abilities.powers.wealthy import Wealthy
from swlab.rules.abilities.races.amazons import Amazons
from swlab.rules.abilities.races.dwarves import Dwarves
from swlab.rules.abilities.races.elves import Elves
from swlab.rules.abilities.races.ghouls import Ghouls
from swlab.rules.abilities.races.giants import Giants
from swlab.rules.abilities.races.halflings import Halflings
from swlab.rules.abilities.races.humans import Humans
from swlab.rules.abilities.races.orcs import Orcs
from swlab.rules.abilities.races.ratmen import Ratmen
from swlab.rules.abilities.races.skeletons import Skeletons
from swlab.rules.abilities.races.sorcerers import Sorcerers
from swlab.rules.abilities.races.tritons import Tritons
from swlab.rules.abilities.races.trolls import Trolls
from swlab.rules.abilities.races.wizards import Wizards

#: The 14 races, by name, in the order of R-COMP-2's table.
RACES: dict[str, Race] = {
    r.name: r
    for r in (
        Amazons(), Dwarves(), Elves(), Ghouls(), Giants(), Halflings(), Humans(),
        Orcs(), Ratmen(), Skeletons(), Sorcerers(), Tritons(), Trolls(), Wizards(),
    )
}  # fmt: skip

#: The 20 special powers, by name, in the order of R-COMP-3.
POWERS: dict[str, Power] = {
    p.name: p
    for p in (
        Alchemist(), Berserk(), Bivouacking(), Commando(), Diplomat(), DragonMaster(),
        Flying(), Forest(), Fortified(), Heroic(), Hill(), Merchant(), Mounted(),
        Pillaging(), Seafaring(), Spirit(), Stout(), Swamp(), Underworld(), Wealthy(),
    )
}  # fmt: skip


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
    if found is None:
        raise KeyError(f"unknown race {name!r}; races are: {', '.join(RACES)}")
    return found


def power_badge(name: str) -> Power:
    """The power badge called ``name``."""
    found = POWERS.get(name) or CUSTOM_POWERS.get(name)
    if found is None:
        raise KeyError(f"unknown power {name!r}; powers are: {', '.join(POWERS)}")
    return found


def badge(name: str) -> Badge:
    """A race or a power by name."""
    return race_badge(name) if name in RACES or name in CUSTOM_RACES else power_badge(name)

"""The explicit lists of the 14 races (R-COMP-2) and 20 special powers (R-COMP-3)."""

from __future__ import annotations

from swlab.rules.abilities.base import Badge, Power, Race
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


def race_badge(name: str) -> Race:
    """The race banner called ``name`` (``KeyError`` with the known names otherwise)."""
    try:
        return RACES[name]
    except KeyError:
        raise KeyError(f"unknown race {name!r}; races are: {', '.join(RACES)}") from None


def power_badge(name: str) -> Power:
    """The power badge called ``name``."""
    try:
        return POWERS[name]
    except KeyError:
        raise KeyError(f"unknown power {name!r}; powers are: {', '.join(POWERS)}") from None


def badge(name: str) -> Badge:
    """A race or a power by name."""
    return RACES[name] if name in RACES else power_badge(name)

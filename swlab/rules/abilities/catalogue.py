"""The catalogue of the game's badges: the 14 races (R-COMP-2) and 20 special powers
(R-COMP-3), listed once, in the order of the rules' tables, and registered by name in
:mod:`swlab.rules.abilities.registry` (python-chess's ``VARIANTS`` list is the model).

Importing this module fills the registry; :mod:`swlab.rules.engine` does.
"""

from __future__ import annotations

from swlab.rules.abilities.base import Power, Race
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
from swlab.rules.abilities.registry import POWERS, RACES, register_official

#: The 14 race banners, in the order of R-COMP-2's table.
RACE_LIST: tuple[Race, ...] = (
    Amazons(), Dwarves(), Elves(), Ghouls(), Giants(), Halflings(), Humans(),
    Orcs(), Ratmen(), Skeletons(), Sorcerers(), Tritons(), Trolls(), Wizards(),
)  # fmt: skip

#: The 20 special power badges, in the order of R-COMP-3.
POWER_LIST: tuple[Power, ...] = (
    Alchemist(), Berserk(), Bivouacking(), Commando(), Diplomat(), DragonMaster(),
    Flying(), Forest(), Fortified(), Heroic(), Hill(), Merchant(), Mounted(),
    Pillaging(), Seafaring(), Spirit(), Stout(), Swamp(), Underworld(), Wealthy(),
)  # fmt: skip

register_official(RACE_LIST, POWER_LIST)

__all__ = ["POWERS", "POWER_LIST", "RACES", "RACE_LIST"]

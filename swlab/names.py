"""The game's own words in the language in effect: race, power, terrain, symbol and piece
names, as the rulebooks print them (docs/glossary.csv lists each with its source).

The engine keeps the English names as identifiers (notation, records, scenario files); only
what a learner reads goes through these functions. A custom race or power (R-COMP-4) keeps
the name its designer gave it.
"""

from __future__ import annotations

import re
from typing import Any

from swlab.i18n import FORM_SPECS, FORMS, NC_, SOURCE, _, language, ngettext, npgettext, pgettext

RACE_NAMES: tuple[str, ...] = (
    NC_("race", "Amazons"), NC_("race", "Dwarves"), NC_("race", "Elves"),
    NC_("race", "Ghouls"), NC_("race", "Giants"), NC_("race", "Halflings"),
    NC_("race", "Humans"), NC_("race", "Orcs"), NC_("race", "Ratmen"),
    NC_("race", "Skeletons"), NC_("race", "Sorcerers"), NC_("race", "Tritons"),
    NC_("race", "Trolls"), NC_("race", "Wizards"),
)  # fmt: skip
"""The 14 races of R-COMP-2."""

POWER_NAMES: tuple[str, ...] = (
    NC_("power", "Alchemist"), NC_("power", "Berserk"), NC_("power", "Bivouacking"),
    NC_("power", "Commando"), NC_("power", "Diplomat"), NC_("power", "Dragon Master"),
    NC_("power", "Flying"), NC_("power", "Forest"), NC_("power", "Fortified"),
    NC_("power", "Heroic"), NC_("power", "Hill"), NC_("power", "Merchant"),
    NC_("power", "Mounted"), NC_("power", "Pillaging"), NC_("power", "Seafaring"),
    NC_("power", "Spirit"), NC_("power", "Stout"), NC_("power", "Swamp"),
    NC_("power", "Underworld"), NC_("power", "Wealthy"),
)  # fmt: skip
"""The 20 special powers of R-COMP-3."""

TERRAIN_NAMES: tuple[str, ...] = (
    NC_("terrain", "farmland"), NC_("terrain", "forest"), NC_("terrain", "hill"),
    NC_("terrain", "swamp"), NC_("terrain", "mountain"), NC_("terrain", "sea"),
    NC_("terrain", "lake"),
)  # fmt: skip
"""The seven terrains of R-COMP-6, as map files write them."""

SYMBOL_NAMES: tuple[str, ...] = (
    NC_("symbol", "mine"), NC_("symbol", "magic"), NC_("symbol", "cavern"),
    NC_("symbol", "lost tribe"),
)  # fmt: skip
"""The symbols printed on a region (R-COMP-6)."""

PIECE_NAMES: tuple[str, ...] = (
    NC_("piece", "Mountain"), NC_("piece", "Fortress"), NC_("piece", "Troll Lair"),
    NC_("piece", "Encampment"), NC_("piece", "Lost Tribe"), NC_("piece", "Hole-in-the-Ground"),
    NC_("piece", "Hero"), NC_("piece", "Dragon"),
)  # fmt: skip
"""The pieces of R-COMP-5 (and the Lost Tribes' tokens), by their rulebook label."""

_RACES, _POWERS = frozenset(RACE_NAMES), frozenset(POWER_NAMES)

RACE_FORMS: tuple[str, ...] = (
    NC_("race: the", "Amazons"), NC_("race: the", "Dwarves"), NC_("race: the", "Elves"),
    NC_("race: the", "Ghouls"), NC_("race: the", "Giants"), NC_("race: the", "Halflings"),
    NC_("race: the", "Humans"), NC_("race: the", "Orcs"), NC_("race: the", "Ratmen"),
    NC_("race: the", "Skeletons"), NC_("race: the", "Sorcerers"), NC_("race: the", "Tritons"),
    NC_("race: the", "Trolls"), NC_("race: the", "Wizards"),
    NC_("race: obj", "Amazons"), NC_("race: obj", "Dwarves"), NC_("race: obj", "Elves"),
    NC_("race: obj", "Ghouls"), NC_("race: obj", "Giants"), NC_("race: obj", "Halflings"),
    NC_("race: obj", "Humans"), NC_("race: obj", "Orcs"), NC_("race: obj", "Ratmen"),
    NC_("race: obj", "Skeletons"), NC_("race: obj", "Sorcerers"), NC_("race: obj", "Tritons"),
    NC_("race: obj", "Trolls"), NC_("race: obj", "Wizards"),
    NC_("race: of", "Amazons"), NC_("race: of", "Dwarves"), NC_("race: of", "Elves"),
    NC_("race: of", "Ghouls"), NC_("race: of", "Giants"), NC_("race: of", "Halflings"),
    NC_("race: of", "Humans"), NC_("race: of", "Orcs"), NC_("race: of", "Ratmen"),
    NC_("race: of", "Skeletons"), NC_("race: of", "Sorcerers"), NC_("race: of", "Tritons"),
    NC_("race: of", "Trolls"), NC_("race: of", "Wizards"),
    NC_("race: to", "Amazons"), NC_("race: to", "Dwarves"), NC_("race: to", "Elves"),
    NC_("race: to", "Ghouls"), NC_("race: to", "Giants"), NC_("race: to", "Halflings"),
    NC_("race: to", "Humans"), NC_("race: to", "Orcs"), NC_("race: to", "Ratmen"),
    NC_("race: to", "Skeletons"), NC_("race: to", "Sorcerers"), NC_("race: to", "Tritons"),
    NC_("race: to", "Trolls"), NC_("race: to", "Wizards"),
    NC_("race: with", "Amazons"), NC_("race: with", "Dwarves"), NC_("race: with", "Elves"),
    NC_("race: with", "Ghouls"), NC_("race: with", "Giants"), NC_("race: with", "Halflings"),
    NC_("race: with", "Humans"), NC_("race: with", "Orcs"), NC_("race: with", "Ratmen"),
    NC_("race: with", "Skeletons"), NC_("race: with", "Sorcerers"), NC_("race: with", "Tritons"),
    NC_("race: with", "Trolls"), NC_("race: with", "Wizards"),
    NC_("race: from", "Amazons"), NC_("race: from", "Dwarves"), NC_("race: from", "Elves"),
    NC_("race: from", "Ghouls"), NC_("race: from", "Giants"), NC_("race: from", "Halflings"),
    NC_("race: from", "Humans"), NC_("race: from", "Orcs"), NC_("race: from", "Ratmen"),
    NC_("race: from", "Skeletons"), NC_("race: from", "Sorcerers"), NC_("race: from", "Tritons"),
    NC_("race: from", "Trolls"), NC_("race: from", "Wizards"),
)  # fmt: skip
"""Each race's name in each grammatical form of ``FORMS["race"]``, one message per
form (context ``"race: of"``): a sentence asks for one as ``{race:of}``. English never asks;
a language translates the forms its sentences use (docs/languages.md, "Names in a
sentence"):

- ``the``: with the article, as the subject ("die Amazonen", "as Amazonas");
- ``obj``: as the object ("die Amazonen", "as Amazonas");
- ``of``: whose ("der Amazonen", "das Amazonas");
- ``to``: to whom ("den Amazonen", "às Amazonas");
- ``with``: with them ("mit den Amazonen", "com as Amazonas");
- ``from``: from them ("von den Amazonen", "das Amazonas").
"""


class Name(str):
    """A name of the game as a sentence shows it: the plain name, and on request
    (``"{race:of}".format(race=name)``) one of its grammatical forms, translated as the
    message ``pgettext("race: of", english)``; a form not translated is the plain name."""

    __slots__ = ("english", "kind")
    english: str
    kind: str

    def __new__(cls, shown: str, kind: str, english: str) -> Name:
        self = super().__new__(cls, shown)
        self.kind, self.english = kind, english
        return self

    def __format__(self, spec: str) -> str:
        if spec not in FORMS.get(self.kind, ()):
            return str(self) if spec in FORM_SPECS else format(str(self), spec)
        if language() == SOURCE:
            return str(self)
        context = f"{self.kind}: {spec}"
        form = pgettext(context, self.english)
        return str(self) if form == self.english else form

    def __reduce__(self) -> tuple[Any, ...]:
        return (Name, (str(self), self.kind, self.english))


def race(name: str) -> str:
    """The race's name in the language in effect (a custom race keeps its own), as a
    :class:`Name`: a translation may ask for a form of it (``{race:of}``)."""
    shown = pgettext("race", name) if name in _RACES else name
    return Name(shown, "race", name)


def power(name: str) -> str:
    """The special power's name in the language in effect (a custom power keeps its own),
    as a :class:`Name`: ``{power:f}`` is its feminine form, ``{power:n}`` its neuter."""
    shown = pgettext("power", name) if name in _POWERS else name
    return Name(shown, "power", name)


RACE_GENDERS: tuple[str, ...] = (
    NC_("race: gender", "Amazons"), NC_("race: gender", "Dwarves"), NC_("race: gender", "Elves"),
    NC_("race: gender", "Ghouls"), NC_("race: gender", "Giants"),
    NC_("race: gender", "Halflings"), NC_("race: gender", "Humans"), NC_("race: gender", "Orcs"),
    NC_("race: gender", "Ratmen"), NC_("race: gender", "Skeletons"),
    NC_("race: gender", "Sorcerers"), NC_("race: gender", "Tritons"),
    NC_("race: gender", "Trolls"), NC_("race: gender", "Wizards"),
)  # fmt: skip
"""The grammatical gender of each race's name, where a language has one: its catalog
answers ``m``, ``f`` or ``n`` (Portuguese "Amazonas": ``f``, "Anões": ``m``), or leaves it
untranslated (German and Turkish powers do not agree with the race)."""

POWER_GENDERS: tuple[str, ...] = (
    NC_("power: f", "Alchemist"), NC_("power: f", "Berserk"), NC_("power: f", "Bivouacking"),
    NC_("power: f", "Commando"), NC_("power: f", "Diplomat"), NC_("power: f", "Dragon Master"),
    NC_("power: f", "Flying"), NC_("power: f", "Forest"), NC_("power: f", "Fortified"),
    NC_("power: f", "Heroic"), NC_("power: f", "Hill"), NC_("power: f", "Merchant"),
    NC_("power: f", "Mounted"), NC_("power: f", "Pillaging"), NC_("power: f", "Seafaring"),
    NC_("power: f", "Spirit"), NC_("power: f", "Stout"), NC_("power: f", "Swamp"),
    NC_("power: f", "Underworld"), NC_("power: f", "Wealthy"),
    NC_("power: n", "Alchemist"), NC_("power: n", "Berserk"), NC_("power: n", "Bivouacking"),
    NC_("power: n", "Commando"), NC_("power: n", "Diplomat"), NC_("power: n", "Dragon Master"),
    NC_("power: n", "Flying"), NC_("power: n", "Forest"), NC_("power: n", "Fortified"),
    NC_("power: n", "Heroic"), NC_("power: n", "Hill"), NC_("power: n", "Merchant"),
    NC_("power: n", "Mounted"), NC_("power: n", "Pillaging"), NC_("power: n", "Seafaring"),
    NC_("power: n", "Spirit"), NC_("power: n", "Stout"), NC_("power: n", "Swamp"),
    NC_("power: n", "Underworld"), NC_("power: n", "Wealthy"),
)  # fmt: skip
"""Each power's name agreeing with a race of feminine (``f``) or neuter (``n``) gender
("Amazonas Voadoras"); the plain name (``pgettext("power", ...)``) is the masculine one."""


def gender(race_name: str) -> str:
    """The grammatical gender of ``race_name`` in the language in effect: ``m``, ``f``,
    ``n``, or ``""`` where the language does not say (English, a custom race)."""
    if race_name not in _RACES or language() == SOURCE:
        return ""
    said = pgettext("race: gender", race_name).strip().lower()
    return said if said in ("m", "f", "n") else ""


def combo(power_name: str, race_name: str) -> str:
    """A combo as a learner reads it: "Merchant Skeletons", "Esqueletos Comerciantes";
    the power agrees with the race where the language makes it ("Amazonas Voadoras")."""
    shown = power(power_name)
    agree = gender(race_name)
    if agree in FORMS["power"]:
        shown = Name(format(shown, agree), "power", power_name)
    return _("{power} {race}").format(power=shown, race=race(race_name))


def terrain(word: str) -> str:
    """``"hill"`` (a map file's word) as the language calls that terrain, in lower case."""
    return pgettext("terrain", word)


def symbol(word: str) -> str:
    """``"lost_tribe"`` or ``"lost tribe"`` as the language calls that symbol."""
    return pgettext("symbol", word.replace("_", " "))


PIECE_FORMS: tuple[str, ...] = (
    NC_("piece: a", "Mountain"), NC_("piece: a", "Fortress"), NC_("piece: a", "Troll Lair"),
    NC_("piece: a", "Encampment"), NC_("piece: a", "Lost Tribe"),
    NC_("piece: a", "Hole-in-the-Ground"), NC_("piece: a", "Hero"),
    NC_("piece: a", "Dragon"),
    NC_("piece: a_obj", "Mountain"), NC_("piece: a_obj", "Fortress"),
    NC_("piece: a_obj", "Troll Lair"), NC_("piece: a_obj", "Encampment"),
    NC_("piece: a_obj", "Lost Tribe"), NC_("piece: a_obj", "Hole-in-the-Ground"),
    NC_("piece: a_obj", "Hero"), NC_("piece: a_obj", "Dragon"),
    NC_("piece: the", "Mountain"), NC_("piece: the", "Fortress"),
    NC_("piece: the", "Troll Lair"), NC_("piece: the", "Encampment"),
    NC_("piece: the", "Lost Tribe"), NC_("piece: the", "Hole-in-the-Ground"),
    NC_("piece: the", "Hero"), NC_("piece: the", "Dragon"),
    NC_("piece: obj", "Mountain"), NC_("piece: obj", "Fortress"),
    NC_("piece: obj", "Troll Lair"), NC_("piece: obj", "Encampment"),
    NC_("piece: obj", "Lost Tribe"), NC_("piece: obj", "Hole-in-the-Ground"),
    NC_("piece: obj", "Hero"), NC_("piece: obj", "Dragon"),
    NC_("piece: no", "Mountain"), NC_("piece: no", "Fortress"),
    NC_("piece: no", "Troll Lair"), NC_("piece: no", "Encampment"),
    NC_("piece: no", "Lost Tribe"), NC_("piece: no", "Hole-in-the-Ground"),
    NC_("piece: no", "Hero"), NC_("piece: no", "Dragon"),
    NC_("piece: of", "Mountain"), NC_("piece: of", "Fortress"),
    NC_("piece: of", "Troll Lair"), NC_("piece: of", "Encampment"),
    NC_("piece: of", "Lost Tribe"), NC_("piece: of", "Hole-in-the-Ground"),
    NC_("piece: of", "Hero"), NC_("piece: of", "Dragon"),
)  # fmt: skip
"""Each piece's label in each grammatical form of ``FORMS["piece"]`` (context
``"piece: a"``): ``a`` with the indefinite article, as the subject ("eine Festung", "uma
Fortaleza"); ``a_obj`` the same as the object ("einen Helden"); ``the`` with the definite
article ("die Festung"); ``obj`` the same as the object; ``no`` with "no" ("keine
Festung", "nenhuma Fortaleza"); ``of`` whose ("der Festung", "da Fortaleza")."""


def piece(label: str) -> str:
    """A piece's rulebook label (``"Troll Lair"``) in the language in effect, as a
    :class:`Name`: a translation may ask for a form of it (``{piece:a}``)."""
    return Name(pgettext("piece", label), "piece", label)


def capital(text: str) -> str:
    """``text`` with its first letter in upper case (a terrain word opening a label)."""
    return text[:1].upper() + text[1:]


def region_label(name: str, terrain_word: str, region_id: int) -> str:
    """``"Hill (12)"``: a region's own name if it has one, else its terrain, and its id."""
    base = name or capital(terrain(terrain_word))
    return _("{name} ({id})").format(name=base, id=region_id)


PIECE_PLURALS: tuple[str, ...] = (
    NC_("pieces", "Mountains"), NC_("pieces", "Fortresses"), NC_("pieces", "Troll Lairs"),
    NC_("pieces", "Encampments"), NC_("pieces", "Lost Tribes"),
    NC_("pieces", "Holes-in-the-Ground"), NC_("pieces", "Heroes"), NC_("pieces", "Dragons"),
)  # fmt: skip
"""The same pieces, in the plural ("All 6 Fortresses are on the map")."""


def pieces(plural: str) -> str:
    """A piece's plural label (``"Troll Lairs"``) in the language in effect."""
    return pgettext("pieces", plural)


ROW_LABELS: tuple[str, ...] = (
    NC_("row", "base"), NC_("row", "mountain"), NC_("row", "fortress"),
    NC_("row", "troll lair"), NC_("row", "encampment"), NC_("row", "encampments"),
    NC_("row", "lost tribe"), NC_("row", "lost tribes"), NC_("row", "minimum 1 token"),
    NC_("row", "regions occupied"), NC_("row", "Humans: farmland"),
    NC_("row", "Tritons: coastal region"), NC_("row", "Wizards: magic sources"),
    NC_("row", "Giants: next to their Mountain"), NC_("row", "Dwarves: mines"),
    NC_("row", "Orcs: non-empty regions conquered"), NC_("row", "Forest: forest regions"),
    NC_("row", "Mounted: hill"), NC_("row", "Mounted: farmland"),
    NC_("row", "Merchant: regions"), NC_("row", "Underworld: cavern"),
    NC_("row", "Commando"), NC_("row", "Swamp: swamp regions"), NC_("row", "Berserk roll"),
    NC_("row", "Fortified: fortresses"), NC_("row", "Hill: hill regions"),
    NC_("row", "Pillaging: non-empty regions conquered"),
    NC_("row", "Wealthy (once, R-RULING-6)"), NC_("row", "Alchemist"),
)  # fmt: skip
"""The rows of a conquest cost (R-CONQ-2) and of a score (R-SCORE-1), as the engine labels
them (the labels stay English in the engine's data; a learner reads them translated)."""

_ROWS = frozenset(ROW_LABELS)
_RACE_TOKENS = re.compile(r"^(?P<race>.+?) tokens?(?P<decline> in decline)?$")


def score_row(label: str) -> str:
    """A cost or score row's label in the language in effect (``"mountain"``,
    ``"Ratmen tokens in decline"``); a custom badge's row keeps its designer's words."""
    if language() == SOURCE:
        return label
    if label in _ROWS:
        return pgettext("row", label)
    m = _RACE_TOKENS.match(label)
    if m is not None:
        many = 2 if label.startswith(m["race"] + " tokens") else 1
        if m["decline"]:
            text = ngettext("{race} token in decline", "{race} tokens in decline", many)
        else:
            text = ngettext("{race} token", "{race} tokens", many)
        return text.format(race=race(m["race"]))
    return label


# --- a number and its noun -----------------------------------------------------------------
# Each language says "1 token", "2 tokens" its own way (ngettext: Portuguese's "0 ficha", a
# Turkish noun that stays singular after a number), so a sentence takes the counted noun
# whole, as one placeholder, instead of a bare number before an English plural.


def players(n: int) -> str:
    """``"3 players"``."""
    return ngettext("{n} player", "{n} players", n).format(n=n)


def rounds(n: int) -> str:
    """``"10 turns"``: turns of the turn track (game turns, R-FLOW), not a player's turn."""
    return npgettext("round", "{n} turn", "{n} turns", n).format(n=n)


def games(n: int) -> str:
    """``"100 games"``."""
    return ngettext("{n} game", "{n} games", n).format(n=n)


def regions(n: int) -> str:
    """``"23 regions"``."""
    return ngettext("{n} region", "{n} regions", n).format(n=n)


def tokens(n: int) -> str:
    """``"5 tokens"``: race tokens."""
    return ngettext("{n} token", "{n} tokens", n).format(n=n)


def coins(n: int) -> str:
    """``"7 coins"``: victory coins."""
    return ngettext("{n} coin", "{n} coins", n).format(n=n)

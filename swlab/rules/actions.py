"""Actions: tiny immutable values with a text notation that round-trips.

``repr(action)`` and :func:`format_action` give the notation, :func:`parse_action` reads it::

    pick 3        conquer 12     final 7      roll 2      abandon 9    convert 14
    decline       end            place 4      take 4      deploy 3:2,5:1
    withdraw 4    done

Region arguments are region ids (the numbers printed on the board), ``pick K`` takes the
position 0..5 in the column (R-PICK-1), ``roll N`` the face 0..3 of the reinforcement die
(R-COMP-5, R-CONQ-10): a chance outcome (``engine.chance_outcomes``), recorded like any
action but never a player's decision.

Only what the notation writes back is an action: every number is a plain ``int`` (not
``True``, not ``2.0``) of at most :data:`MAX_DIGITS` digits, and the parser reads only
ASCII words and plain ASCII integers (no Unicode digits, no ``1_0``, no Unicode spaces).
Anything else raises :class:`NotationError`, so a saved record always loads again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from swlab.rules.records import fast_init

#: Faces of the reinforcement die (R-COMP-5).
DIE_FACES: tuple[int, ...] = (0, 0, 0, 1, 2, 3)

#: Most digits a number in the notation has (region ids, seats, counts are far smaller).
MAX_DIGITS = 18
_BOUND = 10**MAX_DIGITS
_INT = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
#: What a line of notation may hold: printable ASCII and tabs.
_TEXT = re.compile(r"[\t\x20-\x7e]*")
_WORDS = re.compile(r"[ \t]+")


class NotationError(ValueError, TypeError):
    """An action the notation cannot write, or text it cannot read (a ``ValueError``; a
    ``TypeError`` too, since a constructor given a wrong type raises it)."""


def _bad_number(value: Any, what: str, verb: str) -> NotationError:
    shown = repr(value) if len(repr(value)) <= 40 else f"a {type(value).__name__}"
    return NotationError(
        f"'{verb}': {what} must be a whole number (an int of at most {MAX_DIGITS} digits), "
        f"not {shown}"
    )


def check_int(value: Any, what: str, verb: str) -> None:
    """Refuse anything but a plain ``int`` the notation writes back (``bool`` is not one)."""
    if type(value) is not int or not -_BOUND < value < _BOUND:
        raise _bad_number(value, what, verb)


@fast_init
@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; ``verb`` is the first word of its notation."""

    verb: ClassVar[str] = ""
    #: the action undoes an earlier one (``take``, lifting a hero or an encampment): random
    #: playouts leave these out so that a redeployment always ends
    undoes: ClassVar[bool] = False

    def args(self) -> str:
        """The notation after the verb ("" when none)."""
        return ""

    @classmethod
    def from_args(cls, args: list[str], text: str) -> Action:
        """Build the action from the words after its verb (``text`` is for messages)."""
        if args:
            raise NotationError(f"{text!r}: '{cls.verb}' takes no argument")
        return cls()

    def __repr__(self) -> str:
        a = self.args()
        return f"{self.verb} {a}" if a else self.verb

    __str__ = __repr__


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class RegionAction(Action):
    """An action on one region, by region id."""

    region: int

    def __post_init__(self) -> None:
        if type(self.region) is not int or not -_BOUND < self.region < _BOUND:
            raise _bad_number(self.region, "a region id", self.verb)

    def args(self) -> str:
        return str(self.region)

    @classmethod
    def from_args(cls, args: list[str], text: str) -> Action:
        return cls(parse_int(_one(args, cls.verb, text), "a region id", text))


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Pick(Action):
    """Pick the combo at ``position`` (0 = top, free) of the column (R-PICK-1)."""

    verb: ClassVar[str] = "pick"
    position: int

    def __post_init__(self) -> None:
        check_int(self.position, "the column position", self.verb)

    def args(self) -> str:
        return str(self.position)

    @classmethod
    def from_args(cls, args: list[str], text: str) -> Action:
        return cls(parse_int(_one(args, cls.verb, text), "the column position", text))


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Conquer(RegionAction):
    """Conquer a region paying its full cost in tokens (R-CONQ-2)."""

    verb: ClassVar[str] = "conquer"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Final(RegionAction):
    """Choose the region of the final conquest; the die is rolled next (R-CONQ-10)."""

    verb: ClassVar[str] = "final"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Roll(Action):
    """The reinforcement die shows ``face`` (0..3): the outcome of a chance node (R-CONQ-10),
    drawn by ``play.sample_chance`` or set by a record, a scenario or a teacher."""

    verb: ClassVar[str] = "roll"
    face: int

    def __post_init__(self) -> None:
        check_int(self.face, "the die face", self.verb)
        if self.face not in (0, 1, 2, 3):
            raise NotationError(
                f"'roll': the reinforcement die shows 0, 1, 2 or 3, not {self.face} (R-COMP-5)"
            )

    def args(self) -> str:
        return str(self.face)

    @classmethod
    def from_args(cls, args: list[str], text: str) -> Action:
        face = parse_int(_one(args, cls.verb, text), "the die face", text)
        if face not in (0, 1, 2, 3):
            raise NotationError(f"{text!r}: the reinforcement die shows 0, 1, 2 or 3 (R-COMP-5)")
        return cls(face)


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Abandon(RegionAction):
    """Empty one of your regions before conquering (R-EXPAND-2)."""

    verb: ClassVar[str] = "abandon"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Convert(RegionAction):
    """Sorcerers replace a lone enemy token with a Sorcerer (R-RACE-SORCERERS)."""

    verb: ClassVar[str] = "convert"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Decline(Action):
    """Send the active race into decline (R-DECLINE-1)."""

    verb: ClassVar[str] = "decline"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class End(Action):
    """Stop conquering (R-CONQ-11); or end an optional stage."""

    verb: ClassVar[str] = "end"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Place(RegionAction):
    """Place one token from hand in one of your regions (R-REDEPLOY-1, -2)."""

    verb: ClassVar[str] = "place"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Take(RegionAction):
    """Take one token back to hand, leaving at least 1 there (R-REDEPLOY-1)."""

    verb: ClassVar[str] = "take"
    undoes: ClassVar[bool] = True


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Withdraw(RegionAction):
    """Amazons take one token off the map after redeployment (R-RACE-AMAZONS)."""

    verb: ClassVar[str] = "withdraw"


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Deploy(Action):
    """The whole final placement at once: ``deploy 3:2,5:1`` (R-REDEPLOY-1, -2).

    Each pair is a region id and the number of tokens it holds afterwards; regions not
    listed keep their tokens. The hand must end empty.
    """

    verb: ClassVar[str] = "deploy"
    placement: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        placement: Any = self.placement
        if type(placement) is not tuple or not all(
            type(pair) is tuple and len(pair) == 2 for pair in placement
        ):
            try:
                placement = tuple(tuple(pair) for pair in placement)
            except TypeError:
                raise NotationError(
                    "'deploy': the placement is a sequence of (region id, tokens) pairs"
                ) from None
            if not all(len(pair) == 2 for pair in placement):
                raise NotationError("'deploy': each placement is a pair (region id, tokens)")
            object.__setattr__(self, "placement", placement)
        for region, count in placement:
            check_int(region, "a region id", self.verb)
            check_int(count, "a token count", self.verb)

    def args(self) -> str:
        return ",".join(f"{r}:{n}" for r, n in self.placement)

    @classmethod
    def from_args(cls, args: list[str], text: str) -> Action:
        if not args:
            return cls(())  # nothing to move: what ``repr(Deploy(()))`` writes
        pairs: list[tuple[int, int]] = []
        for item in _one(args, cls.verb, text).split(","):
            region, sep, count = item.partition(":")
            if not sep:
                raise NotationError(f"{text!r}: write each placement as REGION:TOKENS, e.g. 3:2")
            pairs.append(
                (parse_int(region, "a region id", text), parse_int(count, "a token count", text))
            )
        return cls(tuple(pairs))


@fast_init
@dataclass(frozen=True, slots=True, repr=False)
class Done(Action):
    """Finish redeployment (R-REDEPLOY-1)."""

    verb: ClassVar[str] = "done"


VERBS: dict[str, type[Action]] = {
    cls.verb: cls
    for cls in (
        Pick, Conquer, Final, Roll, Abandon, Convert, Decline, End,
        Place, Take, Withdraw, Deploy, Done,
    )
}  # fmt: skip


def format_action(action: Action) -> str:
    """The notation of ``action`` (the same as ``repr(action)``)."""
    return repr(action)


def parse_int(text: str, what: str, source: str) -> int:
    """A number of the notation: plain ASCII digits, an optional ``-``, at most
    :data:`MAX_DIGITS` digits (``int()`` alone would take ``1_0``, ``٣`` and spaces)."""
    if not _INT.fullmatch(text):
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise NotationError(
            f"{source[:80]!r}: {what} must be a whole number of ASCII digits, not {shown!r}"
        )
    return int(text)


def register_action(cls: type[Action]) -> type[Action]:
    """Add a badge's own action type to the notation (usable as a class decorator).

    Powers add verbs such as ``fortress 12`` or ``hero 3``; a verb can be registered once.
    """
    if not cls.verb:
        raise ValueError(f"{cls.__name__} has no verb")
    if VERBS.get(cls.verb, cls) is not cls:
        raise ValueError(f"the verb {cls.verb!r} is already taken by {VERBS[cls.verb].__name__}")
    VERBS[cls.verb] = cls
    return cls


def _one(args: list[str], verb: str, text: str) -> str:
    if len(args) != 1:
        raise NotationError(f"{text!r}: '{verb}' takes exactly one argument")
    return args[0]


def parse_action(text: str) -> Action:
    """Read an action from its notation; unknown or malformed text raises
    :class:`NotationError` (a ``ValueError``). Words are separated by ASCII spaces or
    tabs; any other character outside printable ASCII is refused."""
    if not isinstance(text, str):
        raise NotationError(f"an action is read from text, not from {type(text).__name__}")
    line = text.strip(" \t\r\n")
    if not _TEXT.fullmatch(line):
        bad = next(c for c in line if not _TEXT.fullmatch(c))
        raise NotationError(
            f"{line[:80]!r}: the notation is plain ASCII; {bad!r} (U+{ord(bad):04X}) is not"
        )
    parts = [p for p in _WORDS.split(line) if p]
    if not parts:
        raise NotationError("an empty string is not an action")
    verb, rest = parts[0].lower(), parts[1:]
    cls = VERBS.get(verb)
    if cls is None:
        known = ", ".join(sorted(VERBS))
        raise NotationError(f"unknown action {verb[:40]!r} in {line[:80]!r}; actions are: {known}")
    return cls.from_args(rest, line)

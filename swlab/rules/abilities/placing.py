"""Powers that put pieces on the map: the legality skeleton they share.

Fortified (``fortress R``), Heroic (``hero R`` / ``unhero R``), Bivouacking (``camp R`` /
``uncamp R``) and Dragon Master (``dragon R``) each place one kind of piece from the table
of :mod:`swlab.rules.pieces`. :class:`PiecePower` does for all of them what each used to
write out: list the placements the rules allow, refuse the others with the power's rule id
(the stage, once per turn, an own region, at most 1 per region for a piece that is not
counted, no more than the box holds, R-COMP-5), put or lift the piece with
:func:`~swlab.rules.pieces.place_piece` / :func:`~swlab.rules.pieces.lift_piece`, and
refuse ``done`` while a piece that must be placed is still off the map. A power sets class
data and overrides only what its text changes (Dragon Master: its placement is a conquest).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from swlab import names
from swlab.i18n import _, ngettext, pgettext
from swlab.rules.abilities.base import (
    Power,
    is_acting,
    region_position,
    turn_value,
    with_turn_value,
)
from swlab.rules.errors import IllegalActionError, Sentence
from swlab.rules.pieces import LiftPiece, Piece, PlacePiece, in_box, lift_piece, place_piece
from swlab.rules.state import Stage

if TYPE_CHECKING:
    from swlab.rules.actions import Action
    from swlab.rules.events import Event
    from swlab.rules.state import GameState, RaceState, RegionState


#: the methods of :class:`PiecePower` whose answers its ``legal_extra_actions`` relies on
_CHECKS = (
    "extra_actions",
    "place_targets",
    "fits",
    "placed_this_turn",
    "can_lift_now",
    "check_extra",
    "stage_refusal",
    "check_place",
    "check_lift",
)


_OWN_CHECKS: dict[type, bool] = {}


def _own_checks(cls: type[PiecePower]) -> bool:
    """Whether ``cls`` keeps every method of ``_CHECKS`` as :class:`PiecePower` has it."""
    own = _OWN_CHECKS.get(cls)
    if own is None:
        own = _OWN_CHECKS[cls] = all(
            getattr(cls, name) is getattr(PiecePower, name) for name in _CHECKS
        )
    return own


class PiecePower(Power):
    """A power whose action puts one kind of piece in a region (see the module)."""

    #: the piece it places (a row of :data:`swlab.rules.pieces.PIECES`)
    piece: ClassVar[Piece]
    #: the action that places it, and the one that lifts it to place it again (if any)
    place: ClassVar[type[PlacePiece]]
    lift: ClassVar[type[LiftPiece] | None] = None
    #: the stages in which the active race places (lifting: only in the first one)
    stages: ClassVar[tuple[Stage, ...]] = (Stage.REDEPLOY,)
    #: ``TurnState.data`` key when only one placement is allowed per turn ("" = no limit)
    once_per_turn: ClassVar[str] = ""
    #: every piece off the map must be placed before ``done`` (while a region can take one)
    must_place: ClassVar[bool] = False
    #: when the placement happens, for the refusal in another stage (``{race}``: its name)
    when: ClassVar[str] = ""

    def handles(self, action: Action) -> bool:
        return isinstance(action, self.place) or (
            self.lift is not None and isinstance(action, self.lift)
        )

    # --- what may be placed -------------------------------------------------------------
    def placed_this_turn(self, state: GameState) -> bool:
        return bool(self.once_per_turn) and turn_value(state, self.once_per_turn) is not None

    def fits(self, region: RegionState) -> bool:
        """Whether one more piece may go in ``region``: a flag piece only once (R-COMP-5)."""
        return self.piece.counted or not self.piece.count(region)

    def place_targets(self, state: GameState, race: RaceState) -> Sequence[int]:
        """Positions where :meth:`check_place` may accept a placement (it checks them)."""
        if in_box(state, self.piece) < 1:
            return ()
        regions = state.regions
        return [i for i in state.race_regions(race.name) if self.fits(regions[i])]

    def legal_extra_actions(self, state: GameState, race: RaceState) -> list[Action]:
        # With the checks of this class (a power that replaces none of them), whatever
        # extra_actions offers is accepted by check_extra: it offers nothing outside the
        # stages or after the turn's placement (stage_refusal), places only in own regions
        # with room and with a piece left in the box (check_place), and lifts only from own
        # regions holding one, when lifting is allowed (check_lift).
        if _own_checks(type(self)):
            return list(self.extra_actions(state, race))
        return super().legal_extra_actions(state, race)

    def can_lift_now(self, state: GameState) -> bool:
        return self.lift is not None and state.turn.stage is self.stages[0]

    def extra_actions(self, state: GameState, race: RaceState) -> Sequence[Action]:
        if not is_acting(state, race, *self.stages) or self.placed_this_turn(state):
            return ()
        # made here, for the race's own regions only (geo.per_region would make one for
        # every region of the board, a cost that a 20,000-region board shows)
        ids = state.geo.ids
        out: list[Action] = [self.place(ids[i]) for i in self.place_targets(state, race)]
        if self.lift is not None and self.can_lift_now(state):
            lift, piece, regions = self.lift, self.piece, state.regions
            held = state.race_regions(race.name)
            out += [lift(ids[i]) for i in held if piece.count(regions[i])]
        return out

    # --- checks -------------------------------------------------------------------------
    def stage_refusal(self, state: GameState, race: RaceState) -> IllegalActionError | None:
        """Refuse outside the power's stages, and a second placement in one turn."""
        if not is_acting(state, race, *self.stages):
            return IllegalActionError(
                self.rule, lambda: _(self.when).format(race=names.race(race.name))
            )
        if self.placed_this_turn(state):
            return IllegalActionError(
                self.rule,
                lambda: pgettext("player's turn", "Only 1 {piece} can be put each turn.").format(
                    piece=names.piece(self.piece.label)
                ),
            )
        return None

    def check_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> IllegalActionError | None:
        assert isinstance(action, PlacePiece | LiftPiece)
        i = region_position(state, action.region)
        if isinstance(i, IllegalActionError):
            return i
        refusal = self.stage_refusal(state, race)
        if refusal is not None:
            return refusal
        if isinstance(action, PlacePiece):
            return self.check_place(state, race, i)
        return self.check_lift(state, race, i)

    def _not_yours(self, state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
        if state.regions[i].race != race.name:
            label, rule = state.geo.label(i), self.rule
            return IllegalActionError(
                rule,
                lambda: _("{region} is not a region of your {race}.").format(
                    region=label, race=names.race(race.name)
                ),
            )
        return None

    def check_place(self, state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
        """An own region, room in it for the piece, a piece left in the box (R-COMP-5)."""
        piece, rule = self.piece, self.rule
        refusal = self._not_yours(state, race, i)
        if refusal is not None:
            return refusal
        if not self.fits(state.regions[i]):
            return IllegalActionError(
                rule,
                lambda: _("{region} already has a {piece}: at most 1 per region.").format(
                    region=state.geo.label(i), piece=names.piece(piece.label)
                ),
            )
        if in_box(state, piece) < 1:
            return IllegalActionError(rule, lambda: self._box_empty(piece))
        return None

    def _box_empty(self, piece: Piece) -> str:
        """The refusal of a placement when every piece is on the map."""
        if self.lift:
            text = _("All {box} {pieces} are on the map: lift one first to move it ('{verb}').")
        else:
            text = _("All {box} {pieces} are on the map.")
        verb = getattr(self.lift, "verb", "")
        return text.format(box=piece.box, pieces=names.pieces(piece.plural), verb=verb)

    def check_lift(self, state: GameState, race: RaceState, i: int) -> IllegalActionError | None:
        """An own region holding the piece, in the stage where lifting is allowed."""
        refusal = self._not_yours(state, race, i)
        if refusal is not None:
            return refusal
        if not self.can_lift_now(state):
            # R-REDEPLOY-2: an attacked player only re-places what was displaced
            return IllegalActionError(
                "R-REDEPLOY-2",
                lambda: _(
                    "An attacked player only re-places displaced {pieces}; the others stay."
                ).format(pieces=names.pieces(self.piece.plural)),
            )
        if not self.piece.count(state.regions[i]):
            return IllegalActionError(
                self.rule,
                lambda: _("There is no {piece} in {region} to lift.").format(
                    piece=names.piece(self.piece.label), region=state.geo.label(i)
                ),
            )
        return None

    # --- steps --------------------------------------------------------------------------
    def apply_extra(
        self, state: GameState, race: RaceState, action: Action
    ) -> tuple[GameState, list[Event]]:
        assert isinstance(action, PlacePiece | LiftPiece)
        i = state.geo.index[action.region]
        events: list[Event] = []
        if isinstance(action, PlacePiece):
            state, placed = self.apply_place(state, race, i)
            events.extend(placed)
        else:
            state, lifted = lift_piece(state, self.piece, i, self.rule)
            events.extend(lifted)
        if self.once_per_turn and isinstance(action, PlacePiece):
            state = with_turn_value(state, self.once_per_turn, action.region)
        return state, events

    def apply_place(
        self, state: GameState, race: RaceState, i: int
    ) -> tuple[GameState, list[Event]]:
        """Put the piece in region position ``i`` (checked by :meth:`check_place`)."""
        state, evs = place_piece(state, self.piece, i, self.rule)
        events: list[Event] = [*evs]
        return state, events

    def done_refusal(self, state: GameState, race: RaceState) -> tuple[str, Sentence] | None:
        if not self.must_place or not is_acting(state, race, *self.stages):
            return None
        left = in_box(state, self.piece)
        if not left or not self.place_targets(state, race):
            return None
        return (self.rule, lambda: self._pieces_left(race, left))

    def _pieces_left(self, race: RaceState, left: int) -> str:
        """Why the turn cannot end: ``left`` pieces are still off the map."""
        piece = self.piece
        what = names.piece(piece.label) if left == 1 else names.pieces(piece.plural)
        if piece.counted:
            text = ngettext(
                "{count} {pieces} still off the map: put them in regions of your {race} before "
                "ending the turn ('{verb} R').",
                "{count} {pieces} still off the map: put them in regions of your {race} before "
                "ending the turn ('{verb} R').",
                left,
            )
        else:
            text = ngettext(
                "{count} {pieces} still off the map: put them in regions of your {race} (at "
                "most 1 per region) before ending the turn ('{verb} R').",
                "{count} {pieces} still off the map: put them in regions of your {race} (at "
                "most 1 per region) before ending the turn ('{verb} R').",
                left,
            )
        fields = {"count": left, "pieces": what, "race": names.race(race.name)}
        return text.format(verb=self.place.verb, **fields)

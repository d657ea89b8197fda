"""The working copy of one step: a state that ``apply`` changes in place, then freezes once.

A decision's step runs many small updates (R-FLOW: a conquest, the defender's losses, the
turn's record, scoring, the next turn...), and each one, on a frozen
:class:`~swlab.rules.state.GameState`, made a whole new state: several per ``apply``, most
of them thrown away at once. :func:`swlab.rules.engine.apply` gives the stage a
:class:`Draft` instead: a ``GameState`` whose ``updated``, ``with_region``,
``with_regions`` (and ``with_tray``, which calls ``updated``) change it in place and return
it, so the stages, the flow and the badges run unchanged (``state = state.updated(...)``
reads the same on both). :meth:`Draft.frozen` then turns the draft into the one new
state of the step (the object made by :meth:`Draft.of`: nothing else holds it).

What the draft must keep true, as a frozen state does:

- the values a reader holds stay what they were: regions, races and turns are frozen
  values, replaced, never changed; only the draft's own fields change;
- its memo (lookups derived from the fields, :attr:`GameState.memo`) is dropped at every
  change, but for its :class:`~swlab.rules.state.Holdings`, kept up to date region by region
  as a frozen state's are (a change that only moves tokens in a region its owner keeps,
  every ``place`` and ``take``, leaves them as they are without asking them); so the memo a
  step leaves (Berserk's listing of the actions after its roll) goes with the frozen state;
- the regions become a list at the first change of a region (one change costs one
  assignment, not a copy of the whole board: 20,000 regions), a tuple again when frozen.

The input of ``apply`` is never changed: a draft starts as a copy of its fields.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from swlab.rules.state import (
    HOLDINGS,
    NOBODY,
    GameState,
    Holdings,
    RegionState,
    counted,
    new_object,
    set_attribute,
    setup_regions,
)


class Draft(GameState):
    """A :class:`GameState` changed in place by one step (see the module); never shown,
    compared or kept: :meth:`frozen` is what the step returns to its caller."""

    @classmethod
    def of(cls, state: GameState) -> Draft:
        """A working copy of ``state``: its fields, and its holdings when it knows them.

        The rest of its memo (the listing, the reach) is left behind: the step's first
        change would drop it, and a step asks none of it before changing the state."""
        draft = new_object(cls)
        fields = dict(state.__dict__)
        # its own plain dictionary (object's setter: a state refuses assignments), which
        # CPython reads fast (see swlab.rules.state)
        set_attribute(draft, "__dict__", fields)
        memo = fields.get("memo")
        held = None if memo is None else memo.get(HOLDINGS)
        fields["memo"] = {} if held is None else {HOLDINGS: held}
        return draft

    def frozen(self) -> GameState:
        """The state this draft has become, frozen, with the memo it has now. The draft
        itself becomes that state (no copy: nothing else holds the draft)."""
        fields = self.__dict__
        if type(fields["regions"]) is list:
            fields["regions"] = tuple(fields["regions"])
        # object's own setter: the class is not a field, and the frozen state's
        # ``__setattr__`` (a Python call) would only let it through
        set_attribute(self, "__class__", GameState)
        return self

    def _forget(self, held: Holdings | None) -> None:
        """Drop what the memo derived from the old fields; keep ``held`` (the holdings of
        the new regions, or ``None`` when they are not known). A memo that holds nothing
        else than ``held`` is kept as it is (most changes of a step find it so)."""
        fields = self.__dict__
        memo = fields["memo"]
        if held is None:
            if memo:
                fields["memo"] = {}
        elif len(memo) != 1 or memo.get(HOLDINGS) is not held:
            fields["memo"] = {HOLDINGS: held}

    def updated(self, **changes: Any) -> GameState:
        """:meth:`GameState.updated`, in place: the fields given (not ``None``) replaced.
        (The names are checked where it is called: ``state`` is typed a ``GameState``.)"""
        if None in changes.values():  # (rare: a caller passing a field it keeps)
            changes = {name: value for name, value in changes.items() if value is not None}
        fields = self.__dict__
        fields.update(changes)
        # the memo: only the holdings survive a change, and only when the regions stay
        # (_forget, inlined: this runs at nearly every sub-step, most often with a memo
        # that holds only the holdings, which stays as it is)
        memo = fields["memo"]
        if "regions" in changes:
            fields["memo"] = {}
        elif len(memo) > 1 or (memo and HOLDINGS not in memo):
            self._forget(memo.get(HOLDINGS))
        return self

    def _region_list(self) -> list[RegionState]:
        regions = self.__dict__["regions"]
        if type(regions) is not list:
            regions = self.__dict__["regions"] = list(regions)
        return regions

    def with_region(self, i: int, region: RegionState) -> GameState:
        """:meth:`GameState.with_region`, in place."""
        fields = self.__dict__
        regions = fields["regions"]
        if type(regions) is not list:  # (_region_list, inlined: every placement comes here)
            regions = fields["regions"] = list(regions)
        old = regions[i]
        regions[i] = region
        # (the known holdings read inline, and the memo that holds only them updated in
        # place: every placement and conquest comes here)
        memo: dict[Hashable, Any] = fields["memo"]
        held = memo.get(HOLDINGS)
        if held is not None:
            # Tokens moved in a region that stays its owner's (every place, take and
            # withdraw): nothing the holdings count changes, and an owned region is already
            # among their touched ones; Holdings.changed would return them as they are.
            if not (old.owner == region.owner != NOBODY and counted(old) == counted(region)):
                geo = self.geo
                held = held.changed(((i, old, region),), setup_regions(geo), geo.neighbours)
            if len(memo) == 1:  # _forget's common case: the memo holds only the holdings
                memo[HOLDINGS] = held
                return self
        self._forget(held)
        return self

    def with_tokens(self, i: int, tokens: int) -> GameState:
        """:meth:`GameState.with_tokens`, in place: the holdings stay as they are, without
        comparing the region's pieces before and after (every ``place`` and ``take``)."""
        fields = self.__dict__
        regions = fields["regions"]
        if type(regions) is not list:  # (_region_list, inlined)
            regions = fields["regions"] = list(regions)
        regions[i] = regions[i].updated(tokens=tokens)
        memo = fields["memo"]
        if len(memo) > 1 or (memo and HOLDINGS not in memo):
            self._forget(memo.get(HOLDINGS))
        return self

    def with_regions(self, changes: Mapping[int, RegionState]) -> GameState:
        """:meth:`GameState.with_regions`, in place."""
        if not changes:
            return self
        regions = self._region_list()
        moves = [(i, regions[i], region) for i, region in changes.items()]
        for i, _old, region in moves:
            regions[i] = region
        held = self._known_holdings()
        if held is not None:
            held = held.changed(moves, setup_regions(self.geo), self.geo.neighbours)
        self._forget(held)
        return self

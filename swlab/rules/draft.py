"""The working copy of one step: a state that ``apply`` changes in place, then freezes once.

A decision's step runs many small updates (R-FLOW: a conquest, the defender's losses, the
turn's record, scoring, the next turn...), and each one, on a frozen
:class:`~swlab.rules.state.GameState`, made a whole new state: several per ``apply``, most
of them thrown away at once. :func:`swlab.rules.engine.apply` gives the stage a working
copy instead (:func:`working_copy`): a ``GameState`` whose
:attr:`~swlab.rules.state.GameState.drafting` is true, so that its ``updated``,
``with_region``, ``with_tokens``, ``with_regions`` (and ``with_tray``, which calls
``updated``) change it in place and return it; the stages, the flow and the badges run
unchanged (``state = state.updated(...)`` reads the same on both). :func:`frozen` then
turns the copy into the one new state of the step (the object :func:`working_copy` made:
nothing else holds it).

What the copy must keep true, as a frozen state does:

- the values a reader holds stay what they were: regions, races and turns are frozen
  values, replaced, never changed; only the copy's own fields change;
- its memo (lookups derived from the fields, :attr:`GameState.memo`) is dropped at every
  change, but for its :class:`~swlab.rules.state.Holdings`, kept up to date region by region
  as a frozen state's are (a change that only moves tokens in a region its owner keeps,
  every ``place`` and ``take``, leaves them as they are without asking them); so the memo a
  step leaves (Berserk's listing of the actions after its roll) goes with the frozen state;
- the regions become a list at the first change of a region (one change costs one
  assignment, not a copy of the whole board: 20,000 regions), a tuple again when frozen.

The copy is of the same class as every state (a flag in its instance dictionary tells it
apart, not a subclass): each line of the engine that reads a state's fields, asked of
frozen states by the listings and of working copies by the steps, then sees one type,
which CPython 3.11 keeps its specialised attribute reads for. Its updates find the
dictionary they write in :attr:`~swlab.rules.state.GameState.own_fields` (an entry of that
dictionary, referring to it until :func:`frozen`), not through ``__dict__``, which 3.11
looks up the generic way.

The input of ``apply`` is never changed: a copy starts as a copy of its fields.
"""

from __future__ import annotations

from swlab.rules.state import HOLDINGS, GameState, new_object, set_attribute


def working_copy(state: GameState) -> GameState:
    """A working copy of ``state``: its fields, and its holdings when it knows them.

    The rest of its memo (the listing, the reach) is left behind: the step's first change
    would drop it, and a step asks none of it before changing the state."""
    draft = new_object(GameState)
    fields = dict(state.__dict__)
    # its own plain dictionary (object's setter: a state refuses assignments), which
    # CPython reads fast (see swlab.rules.state)
    set_attribute(draft, "__dict__", fields)
    held = fields["memo"].get(HOLDINGS)
    fields["memo"] = {} if held is None else {HOLDINGS: held}
    fields["drafting"] = True
    fields["own_fields"] = fields  # (what its updates write: GameState.own_fields)
    return draft


def frozen(draft: GameState) -> GameState:
    """The state the working copy ``draft`` has become, frozen, with the memo it has now.
    The copy itself becomes that state (no copy: nothing else holds it). A state that is
    no working copy is returned as it is."""
    fields = draft.own_fields
    if fields is None:
        return draft
    if type(fields["regions"]) is list:
        fields["regions"] = tuple(fields["regions"])
    fields["drafting"] = False
    fields["own_fields"] = None  # (no longer its own: the dictionary's cycle is broken)
    return draft

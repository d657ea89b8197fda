"""Fast constructors of frozen records (``swlab.rules.records.fast_init``) change no value.

The engine's records keep the parameters, defaults, checks and frozenness of their
dataclass; only the way a field is set differs.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from swlab.rules import actions, events, state
from swlab.rules.records import fast_init, field_replacer, maker

RECORDS = [
    c
    for module in (state, actions, events)
    for c in vars(module).values()
    if isinstance(c, type)
    and c.__module__ == module.__name__
    and dataclasses.is_dataclass(c)
    and c is not state.GameState
]


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_engine_records_use_the_fast_constructor_with_the_dataclass_signature(cls: type) -> None:
    init = vars(cls)["__init__"]
    assert init.__qualname__ == f"{cls.__qualname__}.__init__"
    assert "__setattr__" not in init.__code__.co_names  # no object.__setattr__ per field
    names = [f.name for f in dataclasses.fields(cls)]
    assert list(inspect.signature(cls).parameters) == names


def _plain_and_fast(slots: bool) -> tuple[type, type]:
    def make() -> type:
        @dataclass_kind(slots)
        class Turn:
            stage: str
            actor: int = 0
            conquests: tuple[int, ...] = ()

            def __post_init__(self) -> None:
                if self.actor < 0:
                    raise ValueError(f"actor {self.actor}: a seat is not negative")

        return Turn

    return make(), fast_init(make())


def dataclass_kind(slots: bool):  # type: ignore[no-untyped-def]
    return dataclasses.dataclass(frozen=True, slots=slots)


@pytest.mark.parametrize("slots", [True, False])
def test_fast_init_builds_what_the_dataclass_builds(slots: bool) -> None:
    plain, fast = _plain_and_fast(slots)
    for args, kwargs in [(("pick",), {}), (("conquer", 2), {}), (("x",), {"conquests": (3,)})]:
        a, b = plain(*args, **kwargs), fast(*args, **kwargs)
        assert dataclasses.astuple(a) == dataclasses.astuple(b)
        assert repr(a).split("(", 1)[1] == repr(b).split("(", 1)[1]
        assert hash(b) == hash(fast(*args, **kwargs))
        assert dataclasses.replace(b, actor=4).actor == 4
    with pytest.raises(ValueError, match="actor -1"):
        fast("x", -1)  # __post_init__ still runs
    with pytest.raises(TypeError):
        fast()  # a field without default is still required
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast("x").actor = 2


def test_fast_init_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(frozen=True)
    class Factory:
        items: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class WithInitVar:
        a: int
        b: dataclasses.InitVar[int] = 0

    @dataclasses.dataclass
    class Mutable:
        a: int

    for cls in (Factory, WithInitVar, Mutable):
        with pytest.raises(TypeError, match=cls.__name__):
            fast_init(cls)


@pytest.mark.parametrize("cls", [state.RegionState, state.RaceState, state.TurnState])
def test_updated_makes_the_record_the_constructor_makes(cls: type) -> None:
    """``updated`` builds through :func:`maker`: the value is a true, frozen ``cls``, equal
    to (and hashed as) the one its constructor makes, and it pickles."""
    import pickle

    base: Any = {
        state.RegionState: state.RegionState(),
        state.RaceState: state.RaceState("Ratmen", "Flying", 1, hand=8),
        state.TurnState: state.TurnState(state.Stage.CONQUER, 2),
    }[cls]
    name = dataclasses.fields(cls)[2].name  # a field every record here has as its third
    value = getattr(base, name)
    changed = type(value)(value + 3) if isinstance(value, int) else value + "x"
    made = base.updated(**{name: changed})
    expected = dataclasses.replace(base, **{name: changed})
    assert type(made) is cls and made == expected and hash(made) == hash(expected)
    assert pickle.loads(pickle.dumps(made)) == expected
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, name, value)


def test_maker_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    for cls in (NoSlots, Checked, actions.Conquer):
        with pytest.raises(TypeError, match=cls.__qualname__):
            maker(cls)


def test_field_replacer_makes_what_replace_makes() -> None:
    """The engine's one-field updates (a region's tokens, a race's hand) are
    ``dataclasses.replace``: a true, frozen record of the class, every other field kept."""
    region = state.RegionState(owner=2, race="Trolls", tokens=3, lair=True, mountain=True)
    race = state.RaceState("Ratmen", "Flying", 1, hand=8, reserve=2, conquests=4)
    for made, expected, name in (
        (state.with_region_tokens(region, 5), dataclasses.replace(region, tokens=5), "tokens"),
        (state.with_hand(race, 2), dataclasses.replace(race, hand=2), "hand"),
    ):
        assert type(made) is type(expected) and made == expected
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, 1)
    with pytest.raises(ValueError, match="no field 'coins'"):
        field_replacer(state.RaceState, maker(state.RaceState), "coins")

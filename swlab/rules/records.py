"""Frozen records made fast: the constructor of a frozen dataclass, without its cost.

The engine makes small frozen values at every step (regions, races, players, the turn,
conquests, actions, events: ``benchmarks/engine.py``). A frozen dataclass's ``__init__``
cannot assign its fields (its ``__setattr__`` refuses, which is what keeps the value
frozen for everyone else), so the one :mod:`dataclasses` writes calls
``object.__setattr__`` once per field, a lookup and a call each: about half the time of a
13-field record's construction went there.

:func:`fast_init` gives such a class an ``__init__`` with the same parameters, defaults
and ``__post_init__`` call that sets each field straight through the slot (a slotted
class: the slot's own setter) or the instance dictionary (a class without slots). The
record stays a frozen dataclass: fields, equality, hashing, ``repr``,
:func:`dataclasses.replace` and the refusal of any later assignment are the dataclass's.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of the frozen dataclass ``cls`` by a faster equivalent (see
    the module). A field with a ``default_factory``, a keyword-only field, an ``InitVar``
    or a field left out of ``__init__`` is refused (``TypeError``): those would need what
    the dataclass's own ``__init__`` does, and no record of the engine has one."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init:
        raise TypeError(f"fast_init: {cls.__qualname__} is not a frozen dataclass with __init__")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    for f in fields:
        if f.default_factory is not dataclasses.MISSING or f.kw_only or not f.init:
            raise TypeError(f"fast_init: {cls.__qualname__}.{f.name} needs the dataclass __init__")
    own = list(inspect.signature(cls.__init__).parameters)[1:]
    if own != [f.name for f in fields]:  # an InitVar: a parameter that is no field
        raise TypeError(f"fast_init: {cls.__qualname__}.__init__ takes more than its fields")
    slotted = "__slots__" in cls.__dict__
    scope: dict[str, Any] = {}
    params_src = ["self"]
    body = [] if slotted else ["    d = self.__dict__"]
    for k, f in enumerate(fields):
        if f.default is dataclasses.MISSING:
            params_src.append(f.name)
        else:
            scope[f"_default{k}"] = f.default
            params_src.append(f"{f.name}=_default{k}")
        if slotted:
            scope[f"_set{k}"] = getattr(cls, f.name).__set__
            body.append(f"    _set{k}(self, {f.name})")
        else:
            body.append(f"    d[{f.name!r}] = {f.name}")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    if not fields and len(body) < 2:
        body.append("    pass")
    source = f"def __init__({', '.join(params_src)}):\n" + "\n".join(body) + "\n"
    exec(source, scope)  # the source is made above from the field names only
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def maker(cls: type[T]) -> Callable[..., T]:
    """A function that builds a ``cls`` from every field's value, in field order, about
    three times as fast as ``cls(...)``: for the few records the engine remakes at every
    sub-step (the ``updated`` methods of :mod:`swlab.rules.state`).

    The value is built as an instance of a plain class with the same slots (whose fields
    can be assigned like any attribute's, without a call), then given its class ``cls``:
    from then on it is a frozen ``cls`` like any other. ``cls`` must be a frozen slotted
    dataclass straight under ``object`` without ``__post_init__`` (nothing to check: the
    values come from a record of the same class); ``TypeError`` otherwise."""
    params = getattr(cls, "__dataclass_params__", None)
    direct = cls.__bases__ == (object,) and "__slots__" in cls.__dict__
    if params is None or not params.frozen or not direct or hasattr(cls, "__post_init__"):
        raise TypeError(f"maker: {cls.__qualname__} is not a frozen slotted dataclass")
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if tuple(names) != tuple(cls.__dict__["__slots__"]):
        raise TypeError(f"maker: the slots of {cls.__qualname__} are not its fields")
    draft = type(f"{cls.__name__}Draft", (), {"__slots__": tuple(names)})
    scope: dict[str, Any] = {"_Draft": draft, "_cls": cls}
    body = ["    new = _Draft()"]
    body += [f"    new.{name} = {name}" for name in names]
    body += ["    new.__class__ = _cls", "    return new"]
    exec(f"def make({', '.join(names)}):\n" + "\n".join(body) + "\n", scope)  # see fast_init
    make: Callable[..., T] = scope["make"]
    make.__qualname__ = f"{cls.__qualname__} maker"
    return make


def field_replacer(cls: type[T], make: Callable[..., T], name: str) -> Callable[[T, Any], T]:
    """A function ``(record, value)`` that makes ``dataclasses.replace(record, name=value)``
    with ``make`` (the :func:`maker` of ``cls``) and the other fields read from ``record``:
    for the one-field updates the engine makes at every step (a region's tokens, a race's
    hand), without ``updated``'s test of every parameter it may be given (about 1,000
    instructions less). Generated from the dataclass's fields, in their order."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if name not in names:
        raise ValueError(f"field_replacer: {cls.__qualname__} has no field {name!r}")
    values = ", ".join("value" if n == name else f"record.{n}" for n in names)
    scope: dict[str, Any] = {"_make": make}
    exec(f"def replace(record, value):\n    return _make({values})\n", scope)  # see fast_init
    replace: Callable[[T, Any], T] = scope["replace"]
    replace.__qualname__ = f"field_replacer({cls.__qualname__}, {name!r})"
    return replace


def field_reader(*names: str) -> Callable[[Any], tuple[Any, ...]]:
    """``operator.attrgetter(*names)`` (two names or more: a tuple of the values), for the
    records the engine reads at every step (a region's pieces: what the holdings count,
    its defence, its immunity), about three times as fast on a slotted record.

    ``attrgetter`` asks for each attribute through the generic lookup (the type's
    dictionary, the slot's descriptor, its getter: a chain of C calls per field); a Python
    function that reads the fields is specialised by the interpreter to read each slot
    directly, when it sees one class of record."""
    if len(names) < 2 or not all(name.isidentifier() for name in names):
        raise ValueError(f"field_reader: two field names or more, not {names!r}")
    scope: dict[str, Any] = {}
    values = ", ".join(f"record.{name}" for name in names)
    exec(f"def read(record):\n    return ({values})\n", scope)  # see fast_init
    read: Callable[[Any], tuple[Any, ...]] = scope["read"]
    read.__qualname__ = f"field_reader{names!r}"
    return read

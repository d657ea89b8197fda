"""Names of a package imported on first use (PEP 562), and an import a server never makes.

A package's ``__init__`` says where each of its names is defined, and a command or a
worker process that uses none of them does not pay for their imports: ``swlab --help``
loads no rules engine, a Dask worker no pandas, ``swlab present``'s server no widgets.
:func:`without_iri_parser` keeps the Jupyter servers swlab starts from building a parser
they never use.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def attach(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose names ``homes`` maps to
    the module of the package that defines each (``{"Board": "model"}``). A name, once
    imported, is kept in the package's namespace: the next use is a plain lookup."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(homes))

    return __getattr__, __dir__


def without_iri_parser() -> None:
    """Keep jsonschema from building its RFC 3987 parser in this process; call it before
    anything imports jsonschema (Jupyter Server's event log, nbformat, Voila).

    When ``rfc3987_syntax`` is installed (``jsonschema[format-nongpl]``, which Jupyter's
    packages ask for), importing jsonschema builds that library's Lark grammars: about a
    second of CPU at every server start, only to check the ``iri`` formats, which no schema
    of Jupyter's events, of Jupyter Server or of nbformat uses. Without it, jsonschema leaves
    those formats unchecked."""
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

"""The scenarios swlab ships: ``swlab/game/scenarios`` (``tutorial/`` holds those the
notebooks load), found by name with :mod:`importlib.resources` so a checkout, an editable
install and an installed wheel behave alike.

>>> "tutorial/02_the_die" in shipped_scenario_names()
True
>>> find_scenario("02_the_die") == scenarios_dir() / "tutorial" / "02_the_die.yaml"
True
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

from swlab.board.catalog import CatalogError

__all__ = ["find_scenario", "scenario_path", "scenarios_dir", "shipped_scenario_names"]


def scenarios_dir() -> Path:
    """The shipped scenarios, inside the installed (or checked-out) package."""
    folder = Path(str(files("swlab.game") / "scenarios"))
    if not folder.is_dir():
        raise CatalogError(f"swlab's scenarios folder is missing from this installation ({folder})")
    return folder


def shipped_scenario_names() -> list[str]:
    """``01_first_conquest`` ... and ``tutorial/01_column`` ...: what :func:`find_scenario`
    accepts (without the ``tutorial/`` prefix too, when unambiguous)."""
    folder = scenarios_dir()
    return sorted(p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob("*.yaml"))


def find_scenario(name: str) -> Path:
    """The file of a shipped scenario: ``"tutorial/02_the_die"``, ``"02_the_die"`` (looked
    up at the top level, then in ``tutorial/``), with or without ``.yaml``."""
    text = name.strip().removesuffix(".yaml")
    known = shipped_scenario_names()
    candidates = [text] if "/" in text else [text, f"tutorial/{text}"]
    for candidate in candidates:
        if candidate in known:
            return scenarios_dir() / f"{candidate}.yaml"
    raise CatalogError(
        f"no scenario file or shipped scenario {name!r}; shipped scenarios: {', '.join(known)}"
    )


def scenario_path(spec: str | os.PathLike[str]) -> Path:
    """A scenario file: ``spec`` itself when that file exists, else the shipped scenario of
    that name (:func:`find_scenario`, which lists the shipped ones when none matches)."""
    path = Path(spec)
    if path.exists() or isinstance(spec, os.PathLike):
        return path
    return find_scenario(str(spec))

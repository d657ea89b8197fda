"""The wheel's one build step beyond pyproject.toml: compile the catalogs.

Every ``swlab/locale/<lang>/LC_MESSAGES/<domain>.po`` becomes a ``.mo`` in the build tree
(with Babel, a build requirement), so the installed package reads compiled catalogs; fuzzy
entries are left out, as gettext expects. Everything else is declared in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """``build_py`` that also writes the compiled catalogs into the build tree."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("swlab", "locale").glob("*/LC_MESSAGES/*.po")):
            lang = po.parent.parent.name
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=lang, domain=po.stem)
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as fh:
                write_mo(fh, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogs})

"""The wheel's build steps beyond pyproject.toml: compile the catalogs, carry the top-level
folders.

- Every ``swlab/locale/<lang>/LC_MESSAGES/<domain>.po`` becomes a ``.mo`` in the build tree
  (with Babel, a build requirement), so the installed package reads compiled catalogs; fuzzy
  entries are left out, as gettext expects.
- The repository keeps the maps and the tutorial at its top level (``maps/``,
  ``notebooks/``), one copy each; the wheel carries them inside the package, as
  ``swlab/maps`` (every file) and ``swlab/notebooks`` (the notebooks and their
  translations, ``notebooks/<lang>/``; not the catalogs they are built from), where
  :func:`swlab.board.catalog.shipped_folder` finds them. An editable install reads the
  checkout's folders instead, so nothing is copied for it.

Everything else is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

#: Top-level folders the wheel carries inside the package, with the files of each it needs.
CARRIED = {"maps": ("**/*",), "notebooks": ("*.ipynb", "*/*.ipynb")}


class BuildWithCatalogs(build_py):
    """``build_py`` that also writes the compiled catalogs and the carried folders into the
    build tree."""

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
        if not self.editable_mode:
            self._carry_folders()

    def _carry_folders(self) -> None:
        for folder, patterns in CARRIED.items():
            for pattern in patterns:
                for source in sorted(Path(folder).glob(pattern)):
                    hidden = any(part.startswith(".") for part in source.parts)
                    if source.is_file() and not hidden and "__pycache__" not in source.parts:
                        target = Path(self.build_lib, "swlab", source)
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(source, target)


setup(cmdclass={"build_py": BuildWithCatalogs})

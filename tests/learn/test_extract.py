"""The level files' texts reach the catalogs: ``tools/i18n.py extract`` finds them through
the extractor ``babel.cfg`` declares, with the same text the level loader reads."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from swlab.learn.level import shipped_levels

ROOT = Path(__file__).resolve().parents[2]


def _i18n_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("swlab_i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_level_text_is_extracted_with_its_file_and_line() -> None:
    catalog = _i18n_tool().extract_swlab()
    found = {m.id: m for m in catalog if m.id}
    for level in shipped_levels():
        assert level.file is not None
        rel = level.file.relative_to(ROOT).as_posix()
        for text in level.texts():
            assert text in found, f"{rel}: not extracted: {text[:50]!r}"
            assert any(loc[0] == rel for loc in found[text].locations)
    border = found["Enter from the edge"]
    assert "level conquest-border: title" in border.auto_comments

"""The map editor in another language (issue 15): a Turkish editor lists its problems and
their fixes in Turkish, and its language stays its own."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from swlab import i18n
from swlab.board.validate import validate
from swlab.editor import MapEditor
from swlab.editor import draft as ed

TR = "tr"


def _broken_editor(language: str | None) -> MapEditor:
    """An editor on the official 2-player board with one inner region deleted: a gap."""
    e = MapEditor(ed.from_official(2), language=language, file_boxes=False)
    e.apply(ed.delete, e.board.ids[len(e.board.ids) // 2])
    return e


def test_a_turkish_editor_lists_its_problems_in_turkish() -> None:
    e = _broken_editor(TR)
    assert e.problems, "the deleted region leaves a gap"
    texts = [label for label, _k in e.problem_list.options]
    assert texts
    for text in texts:
        assert i18n._("{problem} Fix: {fix}", TR).split("{fix}")[0].split("}")[-1] in text
    gap = i18n._("Gap inside the outline between {regions} (area {area}).", TR)
    assert any(t.startswith(gap.split("{")[0]) for t in texts), texts
    assert "Fix:" not in " ".join(texts)
    assert "problem" not in e.status.value
    assert e.buttons["merge"].description == i18n._("merge", TR)
    assert e.toggles["problems"].description == i18n._("problems", TR)


def test_the_editor_language_does_not_leak() -> None:
    turkish = _broken_editor(TR)
    english = _broken_editor("en")
    assert i18n.language() == i18n.from_environment()
    english_texts = [label for label, _k in english.problem_list.options]
    assert all("Fix:" in t for t in english_texts)
    assert english_texts == [f"{p.message} Fix: {p.fix}" for p in validate(english.board)]
    assert english.buttons["merge"].description == "merge"
    assert turkish.buttons["merge"].description != "merge"

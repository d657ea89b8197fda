"""The map editor in another language (issue 15): a Turkish editor lists its problems and
their fixes in Turkish, and its language stays its own."""

from __future__ import annotations

import html

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
    texts = [label.replace("\u200b", "") for label, _k in e.problem_list.options]
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
    english_texts = [label.replace("\u200b", "") for label, _k in english.problem_list.options]
    assert all("Fix:" in t for t in english_texts)
    assert english_texts == [f"{p.message} Fix: {p.fix}" for p in validate(english.board)]
    assert english.buttons["merge"].description == "merge"
    assert turkish.buttons["merge"].description != "merge"


# --- every text goes through the catalog ----------------------------------------------------
# A marker catalog stands in for Turkish: each message comes back as «message» (its
# placeholders kept), so a text that bypasses _() / ngettext / pgettext shows up unmarked,
# whether or not the translators have filled the real catalog yet.


class _Marked:
    """A stand-in translation: every message wrapped in « », placeholders untouched."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return f"«{singular if n == 1 else plural}»"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turkish reads from the marker catalog; every other language from its own."""
    real = i18n.translations

    def translations(code: str, domain: str = i18n.DOMAIN) -> object:
        return _Marked() if i18n.check(code) == TR else real(code, domain)

    monkeypatch.setattr(i18n, "translations", translations)


#: The overlays whose legend says what they show (the heat map's needs a play test).
OVERLAYS_SHOWN = ("adjacency", "edge", "coastal", "first_conquest", "problems")


def _editor(language: str) -> MapEditor:
    return MapEditor(ed.from_official(2), language=language, file_boxes=False)


def test_the_overlay_legends_and_lists_go_through_the_catalog(marked: None) -> None:
    from swlab.editor.overlays import CORNER_TEXT, OVERLAY_TEXT

    e = _editor(TR)
    for key in ("adjacency", "edge", "coastal", "first_conquest"):
        e.toggles[key].value = True
    legends = {key: e.overlay_legends[key].value.replace("&#x27;", "'") for key in OVERLAYS_SHOWN}
    for key in OVERLAYS_SHOWN:
        assert f"«{OVERLAY_TEXT[key]}»" in legends[key], key
    # the borders legend names the corner-only contacts too (R-COMP-6)
    assert f"«{OVERLAY_TEXT['corners']}»" in legends["adjacency"]
    entries = [label for label, _value in e.overlay_lists["adjacency"].options]
    assert entries
    assert all(t.startswith("«") for t in entries), entries
    assert all("«border " in t or f"«{CORNER_TEXT}»" in t for t in entries), entries
    # the English editor beside it is untouched by the Turkish catalog
    english = _editor("en")
    english.toggles["adjacency"].value = True
    assert "«" not in english.overlay_legends["adjacency"].value
    assert OVERLAY_TEXT["adjacency"] in english.overlay_legends["adjacency"].value


def test_an_edit_note_and_its_undo_go_through_the_catalog(marked: None) -> None:
    e = _editor(TR)
    a = e.board.ids[0]
    b = min(n for n in e.board.topology.graph.adj[a])
    assert e.apply(ed.merge, a, b, select=[a])
    assert f"«merge region {b} into region {a}»" in (e.message.value)
    assert e.draft.note.startswith("«merge region")
    e._speak(e._on_undo)()
    assert "«Undone: «merge region" in e.message.value
    assert "«merge region" in e.message.value
    e.buttons["select"].click()
    assert "«Select mode: click regions to select them.»" in e.message.value
    # a refusal from code (not a click) is in the editor's language too
    assert not e.apply(ed.merge, a, a)
    assert "«cannot merge a region with itself»" in e.message.value.replace("&#x27;", "'")


def test_the_play_test_report_goes_through_the_catalog(marked: None) -> None:
    e = _editor(TR)
    result = e.play_test(games=2, viewer=False)
    report = e.result.value
    assert "«2 games»" in report
    assert "«most often held at the end: " in report
    for heading in ("seat", "wins", "win_share"):
        assert f"«{heading}»" in report, heading
    assert "«heat map: share of the 2 games" in report  # the legend's sentence
    assert "«Play test: 2 bot games.»" in e.message.value
    # the table a program reads keeps its English columns
    assert list(result.seats.columns) == ["seat", "games", "wins", "win_share", "avg_coins"]
    heat = e.overlay_legends["heat"].value
    assert f"«{len(e.board)} regions»" in heat


def test_the_turkish_texts_are_the_catalogs_turkish() -> None:
    """Without the marker: what a Turkish editor shows is the catalog's Turkish of its
    source (English today for a message not yet translated, Turkish once it is)."""
    from swlab.editor.overlays import OVERLAY_TEXT

    e = _editor(TR)
    e.toggles["edge"].value = True
    assert html.escape(i18n._(OVERLAY_TEXT["edge"], TR)) in e.overlay_legends["edge"].value
    a = e.board.ids[0]
    b = min(n for n in e.board.topology.graph.adj[a])
    e.apply(ed.merge, a, b)
    note = i18n._("merge region {region} into region {into}", TR).format(region=b, into=a)
    assert e.draft.note == note


def test_a_turkish_hex_map_editor_speaks_through_the_catalog(marked: None) -> None:
    from swlab.board.hexmap import base_map
    from swlab.editor.hexmap import HexMapEditor

    e = HexMapEditor(base_map(), language=TR, file_boxes=False)
    assert e.brushes["swamp"].description == "«swamp»"
    e.choose_brush("swamp")
    assert "«Click a hex to make it «swamp».»" in e.message.value
    e.choose_reach()
    assert "«Click a terrain space to see its direct and indirect neighbours.»" in (e.message.value)

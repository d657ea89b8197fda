"""The viewer in another language (issue 15): a Greek viewer's status, buttons and hover are
Greek, its language stays its own, and the switch in its panel redraws the panel."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipyleaflet")

from swlab import i18n
from swlab.play.viewer import GameViewer

GREEK = re.compile(r"[\u0370-\u03ff]")
TURKISH = re.compile(r"[çğıöşüÇĞİÖŞÜ]")


def _viewer(language: str | None = None) -> GameViewer:
    return GameViewer("official_2p", ["Ann", "Bob"], seed=7, file_boxes=False, language=language)


def test_a_greek_viewer_shows_greek_status_buttons_and_hover() -> None:
    v = _viewer("el")
    assert v.language == "el"
    assert GREEK.search(v.status.value), v.status.value
    assert v.status.value.count("Γύρος") == 1
    assert v.undo_button.description == "αναίρεση"
    assert v.roll_button.description == "ρίξτε το ζάρι"
    assert v.slider.description == "ιστορικό"
    labels = [b.description for b in v._action_buttons]
    assert labels and all(GREEK.search(label) for label in labels), labels
    v._speak(v._on_action)(v._action_buttons[0].tooltip and v.controller.buttons()[0].action)
    assert GREEK.search(v.status.value), v.status.value
    rid = next(iter(v.controller.targets()))
    v._speak(v._on_hover)(feature={"id": rid})
    assert GREEK.search(v.hover_box.value), v.hover_box.value
    assert "Κλικ:" in v.hover_box.value


def test_a_viewer_language_does_not_leak_into_other_widgets() -> None:
    greek = _viewer("el")
    english = _viewer("en")
    assert english.undo_button.description == "undo"
    assert i18n.language() == i18n.from_environment()
    greek.refresh()
    english.refresh()
    assert "Round" in english.status.value
    assert "Γύρος" in greek.status.value


def test_the_language_switch_redraws_the_panel_and_hover() -> None:
    v = _viewer("en")
    assert [code for _name, code in v.language_pick.options] == list(i18n.LANGUAGES)
    v._on_action(v.controller.buttons()[0].action)
    rid = next(iter(v.controller.targets()))
    v._speak(v._on_hover)(feature={"id": rid})
    assert "Click" in v.hover_box.value
    v.language_pick.value = "tr"
    assert v.language == "tr"
    assert v.undo_button.description == "geri al"
    assert v.language_pick.description == "dil"
    assert "Tur " in v.status.value
    assert i18n._("Click: {choices}", "tr").split(":")[0] + ":" in v.hover_box.value
    assert TURKISH.search(v.hover_box.value)
    v.set_language("en")
    assert v.undo_button.description == "undo"
    assert "Round" in v.status.value


def test_the_map_callbacks_speak_the_viewer_language() -> None:
    v = _viewer("de")
    assert i18n.language() != "de"
    v._speak(v._on_hover)(feature={"id": 99999})
    assert v.hover_box.value == "Auf diesem Spielplan gibt es keine Region 99999."
    assert i18n.language() != "de"


def test_the_language_switch_says_the_refusal_shown_again_in_the_new_language() -> None:
    """A Greek learner's refused click, then the switch to Turkish: the refusal on screen is
    the engine's, with the same rule (here R-CONQ-4: a sea is never conquered), in Turkish."""
    from swlab.rules import why_illegal

    v = _viewer("el")
    v._speak(v._on_action)(v.controller.buttons()[0].action)
    sea = next(r for r in v.controller.shapes.ids if r not in v.controller.targets())
    v._speak(v._on_region)(sea)
    last = v.controller.last
    assert last is not None and last.kind == "refused" and last.action is not None
    assert GREEK.search(v.message.value), v.message.value
    v.language_pick.value = "tr"
    with i18n.using("tr"):
        error = why_illegal(v.controller.state, last.action)
    assert error is not None and error.rule == last.rule == "R-CONQ-4"
    assert html.escape(error.message) in v.message.value
    assert not GREEK.search(v.message.value), v.message.value

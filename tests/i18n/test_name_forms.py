"""A name in the form a sentence needs: ``{race:of}``, ``{piece:a}`` in a translation.

A translation may ask a race's name for one of the grammatical forms of
``swlab.i18n.FORMS["race"]`` (``the``, ``obj``, ``of``, ``to``, ``with``, ``from``), and a
piece for one of ``FORMS["piece"]`` (``a``, ``a_obj``, ``the``, ``obj``, ``no``, ``of``); each
form of each name is a message of its own (context ``"race: of"``). A form nobody
translated is the plain name, a value that is no name of the game gives its plain text, and
any other format spec still makes swlab show the English sentence.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from swlab import i18n, names

SENT = "{player} sends the {race} into decline."


@pytest.fixture(autouse=True)
def fresh_catalogs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="de", domain="swlab")
    catalog.add("Amazons", "Amazonen", context="race")
    catalog.add("Dwarves", "Zwerge", context="race")
    catalog.add("Amazons", "die Amazonen", context="race: obj")
    catalog.add("Amazons", "der Amazonen", context="race: of")
    catalog.add(SENT, "{player} schickt {race:obj} in den Niedergang.")
    catalog.add("Your {race} already occupy {region}.", "{region} gehört schon {race:to}.")
    catalog.add("The {race} are in decline.", "{race:width} sind im Niedergang.")
    catalog.add("Fortress", "Festung", context="piece")
    catalog.add("Hero", "Held", context="piece")
    catalog.add("Fortress", "eine Festung", context="piece: a")
    catalog.add("Hero", "einen Helden", context="piece: a_obj")
    catalog.add("{player} puts a {piece} in {region}.", "{player} setzt {piece:a_obj} in {region}.")
    catalog.add("turns", "Züge", context="player's turn")
    catalog.add("{power} {race}", "{race} {power}")
    catalog.add("Amazons", "f", context="race: gender")
    catalog.add("Dwarves", "m", context="race: gender")
    catalog.add("Flying", "Voadores", context="power")
    catalog.add("Flying", "Voadoras", context="power: f")
    catalog.add("turns", "Runden", context="round")
    target = tmp_path / "de" / "LC_MESSAGES" / "swlab.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as handle:
        write_mo(handle, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    yield
    i18n.translations.cache_clear()


def test_a_translation_asks_for_the_form_its_sentence_needs() -> None:
    with i18n.using("de"):
        race = names.race("Amazons")
        assert race == "Amazonen"  # the plain name, where no form is asked for
        said = i18n._(SENT).format(player="Ann", race=race)
    assert said == "Ann schickt die Amazonen in den Niedergang."
    with i18n.using("de"):
        assert f"{names.race('Amazons'):of}" == "der Amazonen"


def test_a_form_not_translated_is_the_plain_name() -> None:
    with i18n.using("de"):
        said = i18n._(SENT).format(player="Ann", race=names.race("Dwarves"))
    assert said == "Ann schickt Zwerge in den Niedergang."


def test_a_value_that_is_no_name_gives_its_plain_text() -> None:
    with i18n.using("de"):
        custom = names.race("Gnomes")  # a custom race keeps its designer's name
        assert i18n._(SENT).format(player="Ann", race=custom) == (
            "Ann schickt Gnomes in den Niedergang."
        )
        plain = i18n._("Your {race} already occupy {region}.").format(race="?", region=12)
    assert plain == "12 gehört schon ?."


def test_english_never_asks_for_a_form() -> None:
    with i18n.using("en"):
        race = names.race("Amazons")
        assert i18n._(SENT).format(player="Ann", race=race) == (
            "Ann sends the Amazons into decline."
        )
        assert f"{race:of}" == "Amazons"


def test_any_other_spec_still_means_the_english_sentence() -> None:
    english = "The {race} are in decline."
    assert i18n._(english, "de") == english
    assert "width" not in i18n.FORM_SPECS


def test_every_race_has_a_message_for_every_form() -> None:
    assert len(names.RACE_FORMS) == len(names.RACE_NAMES) * len(i18n.FORMS["race"])
    assert set(names.RACE_FORMS) == set(names.RACE_NAMES)
    assert len(names.PIECE_FORMS) == len(names.PIECE_NAMES) * len(i18n.FORMS["piece"])
    assert set(names.PIECE_FORMS) == set(names.PIECE_NAMES)
    every = (*names.RACE_FORMS, *names.PIECE_FORMS, *names.POWER_GENDERS)
    contexts = {getattr(m, "context", None) for m in every}
    assert contexts == {f"{kind}: {form}" for kind, forms in i18n.FORMS.items() for form in forms}


def test_a_piece_takes_its_article() -> None:
    put = "{player} puts a {piece} in {region}."
    with i18n.using("de"):
        hero = i18n._(put).format(player="Ann", piece=names.piece("Hero"), region="Hügel (3)")
        fortress = i18n._(put).format(player="Ann", piece=names.piece("Fortress"), region=4)
        assert f"{names.piece('Fortress'):a}" == "eine Festung"
        assert f"{names.race('Amazons'):a}" == "Amazonen"  # a piece's form, asked of a race
    assert hero == "Ann setzt einen Helden in Hügel (3)."
    assert fortress == "Ann setzt Festung in 4."  # a form not translated: the plain name


def test_a_label_marked_with_a_context_is_translated_in_it() -> None:
    """``NC_`` marks a table's label with its context, and ``_`` translates it in it: the
    same English word, a player's turn or a round of the turn track."""
    turn, track = i18n.NC_("player's turn", "turns"), i18n.NC_("round", "turns")
    assert turn == track == "turns"  # English, and the same string as ever
    assert (i18n._(turn, "de"), i18n._(track, "de")) == ("Züge", "Runden")
    assert i18n._("turns", "de") == "turns"  # no context: another message


def test_a_combos_power_agrees_with_its_race() -> None:
    """Where a language's powers agree with the race (Portuguese, Greek), the catalog gives
    each race's gender and each power's form for it: "Amazonas Voadoras", "Anões
    Voadores"; without a gender (English, German, Turkish) the plain name."""
    with i18n.using("de"):  # the test catalog stands in for a language with genders
        assert names.combo("Flying", "Amazons") == "Amazonen Voadoras"
        assert names.combo("Flying", "Dwarves") == "Zwerge Voadores"
        assert names.gender("Amazons") == "f" and names.gender("Elves") == ""
        assert names.combo("Flying", "Elves") == "Elves Voadores"  # no gender: the plain name
    with i18n.using("en"):
        assert names.combo("Flying", "Amazons") == "Flying Amazons"

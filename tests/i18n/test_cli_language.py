"""``swlab --lang LANG ...`` and ``SWLAB_LANG``: the command line speaks the learner's
language, and a refusal keeps its rule id."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from swlab import i18n
from swlab.cli import _LANG_HELP, main

ROOT = Path(__file__).resolve().parents[2]
REFUSED = ["scenario", "run", "01_first_conquest", "--actions", "pick 0; conquer 999"]


def refusal(lang: str) -> str:
    """The sentence the engine refuses ``conquer 999`` with, in ``lang``, rule id added."""
    return _(lang, "There is no region {region} on this board.").format(region=999)[:-1] + (
        " (R-COMP-6)."
    )


def _(lang: str, message: str) -> str:
    return i18n._(message, lang)


def test_swlab_lang_tr_scenario_run_refuses_in_turkish_with_the_rule_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "tr", *REFUSED]) == 1
    out, err = capsys.readouterr()
    assert refusal("tr").startswith("Bu haritada 999")
    assert err.strip().endswith(f"conquer 999: {refusal('tr')}")
    assert err.startswith("swlab: reddedildi: ")
    assert "oynanan pick 0" in out and "sonra reddedildi" in out


@pytest.mark.parametrize("lang", ["el", "de", "pt"])
def test_every_language_refuses_in_its_own_words(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([f"--lang={lang}", *REFUSED]) == 1
    err = capsys.readouterr().err
    assert err.strip().endswith(refusal(lang)) and refusal(lang) != refusal("en")


def test_english_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    with i18n.using("en"):
        assert main(REFUSED) == 1
    err = capsys.readouterr().err
    assert err == "swlab: refused: conquer 999: There is no region 999 on this board (R-COMP-6).\n"


def test_an_unknown_language_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", *REFUSED]) == 2
    err = capsys.readouterr().err
    assert err.startswith("swlab: error: unknown language 'xx'") and "Türkçe" in err


def test_swlab_lang_in_the_environment_chooses_the_language(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(SWLAB_LANG="de", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "swlab", *REFUSED],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip().endswith(refusal("de"))
    assert done.stderr.startswith("swlab: abgelehnt: ")


def test_the_help_is_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "el", "--help"]) == 0
    description = _("el", "A lab for the board game Small World.")
    assert description != "A lab for the board game Small World."
    assert description in capsys.readouterr().out


CHECK = ["map", "check", "official_2p"]


def _said(capsys: pytest.CaptureFixture[str], words: list[str]) -> tuple[int, str, str]:
    code = main(words)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "words",
    [
        ["--lang", "el", *CHECK],
        [*CHECK, "--lang", "el"],
        [*CHECK, "--lang=el"],
        ["map", "--lang", "el", "check", "official_2p"],
    ],
    ids=["before", "after", "after=", "between"],
)
def test_lang_before_or_after_the_command(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with i18n.using("en"):
        english = _said(capsys, CHECK)
    code, out, err = _said(capsys, words)
    assert (code, err) == (0, "")
    regions = i18n.ngettext("{n} region", "{n} regions", 23, "el").format(n=23)
    assert out != english[1] and regions in out


def test_the_help_after_the_command_is_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = _said(capsys, ["map", "check", "--help", "--lang", "de"])
    assert code == 0 and "--lang LANG" in out
    listed = i18n.listing()
    languages = _(
        "de", "the language swlab speaks: {languages} (default: SWLAB_LANG, then the locale)"
    )
    assert " ".join(languages.format(languages=listed).split()) in " ".join(out.split())
    assert languages != _("en", _LANG_HELP)  # German, not English


@pytest.mark.parametrize("words", [[*CHECK, "--lang", "xx"], [*CHECK, "--lang=xx"]])
def test_an_unknown_language_after_the_command_is_one_error_line(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _said(capsys, words)
    assert code == 2 and out == ""
    assert err.startswith("swlab: error: unknown language 'xx'") and err.count("\n") == 1
    assert i18n.listing() in err


def test_present_keeps_its_own_lang_the_presenters_language() -> None:
    from swlab.cli import build_parser

    args = build_parser().parse_args(["present", "official_3p", "--lang", "tr"])
    assert args.present_lang == "tr"
    args = build_parser().parse_args(["--lang", "de", "present", "--lang=el"])
    assert (args.lang, args.present_lang) == ("de", "el")

"""The browser the tests drive (``harness.launch_chromium``): Chromium's features that the
tests turn off add to Playwright's list of them instead of replacing it, and a new
browser context (a test's window) starts no omnibox pop-up page.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser

posix_only = pytest.mark.skipif(os.name != "posix", reason="the joining script is POSIX sh")

#: A stand-in for Chromium: it writes its arguments to the file $ARGS, one per line.
FAKE = """import os, sys
open(os.environ["ARGS"], "w").write("\\n".join(sys.argv[1:]))
"""


def chromium_gets(tmp_path: Path, *args: str) -> list[str]:
    """The arguments ``harness.JOIN_DISABLED_FEATURES ARGS`` starts a stand-in Chromium with."""
    fake = tmp_path / "chromium"
    fake.write_text(f"#!{sys.executable}\n{FAKE}")
    fake.chmod(0o755)
    got = tmp_path / "args"
    subprocess.run(
        [harness.JOIN_DISABLED_FEATURES, *args],
        env={**os.environ, "SWLAB_CHROMIUM_REAL": str(fake), "ARGS": str(got)},
        check=True,
        timeout=30,
    )
    return got.read_text().split("\n")


@posix_only
def test_the_disabled_features_of_every_switch_reach_chromium_as_one(tmp_path: Path) -> None:
    """Every ``--disable-features`` switch joined into the last argument, in their order;
    every other argument as given, spaces and ``=`` included."""
    assert chromium_gets(
        tmp_path,
        "--disable-features=PaintHolding,MediaRouter",
        "--user-data-dir=/tmp/a b",
        "--headless",
        "--disable-features=WebUIOmniboxPopup",
        "about:blank",
    ) == [
        "--user-data-dir=/tmp/a b",
        "--headless",
        "about:blank",
        "--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup",
    ]


@posix_only
def test_a_command_line_without_disabled_features_is_left_as_it_is(tmp_path: Path) -> None:
    assert chromium_gets(tmp_path, "--version") == ["--version"]


@pytest.mark.browser
@posix_only
def test_a_new_context_starts_no_omnibox_page(chromium: Browser) -> None:
    """What ``DISABLED_FEATURES`` saves, seen in the tests' own browser: a window of a new
    context, given a page, has no ``chrome://omnibox-popup`` page beside it (Chromium 156
    started one per window). Should a later Chromium rename the feature, this fails and
    the list wants the new name."""
    context = chromium.new_context()
    try:
        context.new_page().goto("data:text/html,<p>a page</p>")
        session = chromium.new_browser_cdp_session()
        try:
            targets = session.send("Target.getTargets")["targetInfos"]
        finally:
            session.detach()
    finally:
        context.close()
    assert [t["url"] for t in targets if t["type"] == "page"]
    assert not [t["url"] for t in targets if "omnibox" in t["url"]], targets

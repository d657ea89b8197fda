"""The replay page in Chromium (issue 26, section 4): opened from ``file://`` with every
request that is not a local file blocked and counted, stepped by the keys a person presses
(no click first), at a laptop's and a projector's size.

Screenshots (``out/screenshots/replay-*.png``): step 3 with a lesson's comment, the
middle of the game reached by the slider, at 1280x720 and at 1920x1080.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab.game.record import Comment, GameRecord, load_record, save_record
from swlab.play.replay import write_replay

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

pytestmark = pytest.mark.browser

GOLDEN = harness.REPO / "tests" / "data" / "records" / "golden_2p.json"
SIZES = ((1280, 720), (1920, 1080))
LESSON = "Ann's first conquest: two tokens, plus one for the mountain."


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The golden 2-player game with a lesson's comment at step 3, as a replay page on
    disk, and the data the page carries."""
    golden = load_record(GOLDEN)
    lesson = GameRecord(
        golden.board, golden.players, golden.seed, golden.races, golden.powers,
        golden.actions, comments=(Comment(3, LESSON),),
    )  # fmt: skip
    folder = tmp_path_factory.mktemp("replay")
    save_record(lesson, folder / "lesson.json")
    replay, _size = write_replay(folder / "lesson.json", folder / "lesson.html")
    return folder / "lesson.html", replay.data


def _shown(page: Page) -> tuple[int, str, str]:
    """The step the page shows, its narration and its step counter."""
    step = int(page.get_attribute("body", "data-step") or "-1")
    return step, page.inner_text("#swlab-narration"), page.inner_text("#swlab-counter")


def _press(page: Page, key: str, step: int) -> None:
    """Press ``key`` once and wait until the page shows ``step``."""
    page.keyboard.press(key)
    page.wait_for_selector(f"body[data-step='{step}']", timeout=30_000)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_replay_page_steps_by_keys_with_the_network_blocked(
    chromium: Browser,
    page_file: tuple[Path, dict[str, Any]],
    screenshots: Path,
    width: int,
    height: int,
) -> None:
    path, data = page_file
    steps = data["steps"]
    last = len(steps) - 1
    counter = data["words"]["step"]
    context = chromium.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    asked: list[str] = []
    blocked: list[str] = []

    def guard(route: Route) -> None:
        url = route.request.url
        asked.append(url)
        if url.startswith("file:"):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-step='0'] #swlab-labels .swlab-label")

        def expect(k: int) -> None:
            step, narration, shown = _shown(page)
            assert step == k
            assert narration == steps[k]["a"]
            assert shown == counter.format(step=k, steps=last)

        expect(0)
        for k in (1, 2, 3):  # no click first: the page has the keys from the start
            _press(page, "ArrowRight", k)
            expect(k)
        assert page.inner_text("#swlab-lesson p") == LESSON
        assert page.locator("path.swlab-changed").count() == len(steps[3]["c"]) > 0
        _layout_fits(page, width, height)
        page.screenshot(path=str(screenshots / f"replay-step3-{width}x{height}.png"))
        _press(page, "End", last)
        expect(last)
        assert page.is_hidden("#swlab-lesson")
        _press(page, "Home", 0)
        expect(0)
        # the slider: dragged to the middle; its own arrow keys step once per press
        page.locator("#swlab-slider").fill(str(last // 2))
        page.wait_for_selector(f"body[data-step='{last // 2}']")
        expect(last // 2)
        page.focus("#swlab-slider")
        _press(page, "ArrowRight", last // 2 + 1)
        expect(last // 2 + 1)
        page.screenshot(path=str(screenshots / f"replay-middle-{width}x{height}.png"))
    finally:
        context.close()
    assert errors == []
    assert blocked == [], f"the page asked other hosts: {blocked}"
    assert asked and all(url.startswith("file:") for url in asked)


def _layout_fits(page: Page, width: int, height: int) -> None:
    """The board fits the window, nothing scrolls, and the narration is larger than the
    board's labels."""
    box = page.locator(".swlab-board").bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5
    assert box["width"] >= width * 0.55
    sizes = page.evaluate(
        """() => {
          const px = (el) => parseFloat(getComputedStyle(el).fontSize);
          return {
            narration: px(document.getElementById('swlab-narration')),
            label: px(document.querySelector('#swlab-labels .swlab-rid')),
            scroll: document.documentElement.scrollHeight - window.innerHeight,
          };
        }"""
    )
    assert sizes["scroll"] <= 0
    assert sizes["narration"] >= sizes["label"] >= 12, json.dumps(sizes)

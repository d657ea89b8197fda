"""A twin viewer: the viewer a notebook's code makes, built again in the test's process, so a
browser test can check the page against the engine's word (what the twin shows after the
same clicks), and the page-side steps that go with it (hover or click inside a region).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from swlab.play import GameViewer


def build(sources: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch) -> GameViewer:
    """The first GameViewer the code makes, built here by running the code cells up to the
    first one that makes a viewer (displays do nothing useful outside a kernel)."""
    from swlab.play import viewer as viewer_module

    made: list[GameViewer] = []
    original = viewer_module.GameViewer.__init__

    def init(self: GameViewer, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(viewer_module.GameViewer, "__init__", init)
    monkeypatch.chdir(cwd)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    with monkeypatch.context() as m:
        m.setattr("IPython.display.display", lambda *a, **k: None)
        for source in sources:
            exec(compile(source, "<cell>", "exec"), namespace)
            if made:
                return made[0]
    raise LookupError("no GameViewer made")


def norm(text: str) -> str:
    """Text as the page shows it: one space between words."""
    return " ".join(text.split())


def classes(twin: GameViewer) -> dict[int, str]:
    """The classes of each region path, as the twin's GeoJSON gives them."""
    return {
        int(f["id"]): " ".join(sorted(f["properties"]["style"]["className"].split()))
        for f in twin.layer.data["features"]
    }


def event(twin: GameViewer, rid: int, kind: str = "click") -> None:
    """What the front end sends the widget when a region is clicked (or ``kind``)."""
    feature = next(f for f in twin.layer.data["features"] if f["id"] == rid)
    content = {"event": kind, "feature": feature, "properties": feature["properties"], "id": rid}
    twin.layer._handle_mouse_events(None, content, [])


def same_board(page: Page, viewer: Locator, twin: GameViewer, timeout: float = 10) -> None:
    """Wait until every region path carries the classes the twin's GeoJSON gives it."""
    want = classes(twin)
    got: dict[int, str] = {}

    def same() -> bool:
        nonlocal got
        got = harness.owner_classes(page, viewer)
        return got == want

    def differ() -> str:
        diff = {k: (got.get(k), v) for k, v in want.items() if got.get(k) != v}
        return f"region classes (page, engine) differ: {diff}"

    harness.wait_until(same, timeout, differ)


def area(twin: GameViewer, rid: int) -> float:
    """The region's area on the board (the largest target is the easiest to hit)."""
    return float(twin.controller.board[rid].polygon.area)


def hover_region(viewer: Locator, twin: GameViewer, rid: int, page: Page) -> tuple[float, float]:
    """Move the mouse over a point inside the region; return the point."""
    anchor = twin.controller.shapes.anchor[rid]  # the label's [y, x]: a second try
    x, y = harness.region_point(
        viewer, rid, twin.controller.board[rid].polygon, [(anchor[1], anchor[0])]
    )
    page.mouse.move(x, y)
    return x, y


def click_region(viewer: Locator, twin: GameViewer, rid: int, page: Page) -> None:
    """Click inside the region (where :func:`hover_region` moves the mouse)."""
    page.mouse.click(*hover_region(viewer, twin, rid, page))

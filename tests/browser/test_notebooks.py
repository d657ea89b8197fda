"""Every notebook in a real browser: Run All in JupyterLab with no error output (but those
of conftest's ``RUN_BY_OWN_MODULE``, which their own module runs with these checks; and
00_welcome's run is the one its viewer is then clicked in); and the game viewer of
``00_welcome`` clicked in JupyterLab and in Voilà, the page checked against a twin viewer
built in this process from the same notebook code (the engine's word).

Screenshots go to ``out/screenshots/``.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from . import harness
from .conftest import FAILING, FALLBACK_SOURCE, FALLBACK_VIEWER, NOTEBOOKS, RUN_BY_OWN_MODULE

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from swlab.play import GameViewer

pytestmark = pytest.mark.browser

WELCOME = "00_welcome.ipynb"


def _load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text()))


@pytest.mark.parametrize(
    "path",
    [p for p in NOTEBOOKS if p.name not in RUN_BY_OWN_MODULE and p.name != WELCOME],
    ids=lambda p: p.stem,
)
def test_notebook_runs_in_jupyterlab(
    lab: harness.Lab, lab_page: Page, screenshots: Path, path: Path
) -> None:
    """Each notebook but 00_welcome, which :func:`test_viewer_clicks_in_jupyterlab` runs
    with these checks before it clicks its viewer (one run of it, not two)."""
    runs_clean(lab_page, lab, path, screenshots)


def runs_clean(page: Page, lab: harness.Lab, path: Path, screenshots: Path) -> None:
    """Open the served copy of ``path`` and Run All: no error shown, none in the file as
    JupyterLab saves it, every code cell run; the whole notebook photographed, the window
    then as it was."""
    rel = f"notebooks/{path.name}"
    cells = harness.code_cells(_load(path))
    harness.open_notebook(page, lab, rel)
    state = harness.run_all(page, len(cells))
    shown = harness.error_texts(page)
    saved = harness.save(page, lab.root / rel)
    harness.full_screenshot(page, screenshots / f"{path.stem}.png", restore=True)
    assert not shown, f"{path.name} shows errors:\n" + "\n---\n".join(shown)
    assert not harness.saved_errors(saved), harness.saved_errors(saved)
    assert state["numbered"] == len(cells), f"not every code cell ran: {state}"


def test_a_failing_cell_is_seen(lab: harness.Lab, lab_page: Page) -> None:
    """The checks above would pass vacuously if they missed errors: a notebook failing in
    its second cell must show it, in the page and in the saved file, and stop the run."""
    page = lab_page
    rel = f"notebooks/{FAILING}"
    harness.open_notebook(page, lab, rel)
    state = harness.run_all(page, 3)
    shown = harness.error_texts(page)
    assert len(shown) == 1 and "ZeroDivisionError" in shown[0], shown
    assert harness.saved_errors(harness.save(page, lab.root / rel)) == [
        "ZeroDivisionError: division by zero"
    ]
    assert state["numbered"] == 2, state


# ==========================================================================================
# The viewer, clicked
# ==========================================================================================


def _twin(sources: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch) -> GameViewer:
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


def _viewer_notebook(lab: harness.Lab, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Any]:
    """00_welcome and its twin, or the stand-in notebook when 00_welcome has no viewer."""
    nb_dir = lab.root / "notebooks"
    welcome = nb_dir / WELCOME
    if welcome.exists():
        sources = harness.code_cells(_load(welcome))
        try:
            return WELCOME, _twin(sources, nb_dir, monkeypatch)
        except Exception as e:
            warnings.warn(
                f"{WELCOME} gives no viewer here ({e!r}); clicking {FALLBACK_VIEWER} instead",
                stacklevel=1,
            )
    return FALLBACK_VIEWER, _twin([FALLBACK_SOURCE], nb_dir, monkeypatch)


def _norm(text: str) -> str:
    return " ".join(text.split())


def _classes(twin: GameViewer) -> dict[int, str]:
    return {
        int(f["id"]): " ".join(sorted(f["properties"]["style"]["className"].split()))
        for f in twin.layer.data["features"]
    }


def _event(twin: GameViewer, rid: int, event: str = "click") -> None:
    """What the front end sends the widget when a region is clicked."""
    feature = next(f for f in twin.layer.data["features"] if f["id"] == rid)
    content = {"event": event, "feature": feature, "properties": feature["properties"], "id": rid}
    twin.layer._handle_mouse_events(None, content, [])


def _same_board(page: Page, viewer: Locator, twin: GameViewer, timeout: float = 10) -> None:
    """Wait until every region path carries the classes the twin's GeoJSON gives it."""
    want = _classes(twin)
    got: dict[int, str] = {}

    def same() -> bool:
        nonlocal got
        got = harness.owner_classes(page, viewer)
        return got == want

    def differ() -> str:
        diff = {k: (got.get(k), v) for k, v in want.items() if got.get(k) != v}
        return f"region classes (page, engine) differ: {diff}"

    harness.wait_until(same, timeout, differ)


def _area(twin: GameViewer, rid: int) -> float:
    return float(twin.controller.board[rid].polygon.area)


def _hover_region(viewer: Locator, twin: GameViewer, rid: int, page: Page) -> tuple[float, float]:
    """Move the mouse over a point inside the region; return the point."""
    anchor = twin.controller.shapes.anchor[rid]  # the label's [y, x]: a second try
    x, y = harness.region_point(
        viewer, rid, twin.controller.board[rid].polygon, [(anchor[1], anchor[0])]
    )
    page.mouse.move(x, y)
    return x, y


def _click_region(viewer: Locator, twin: GameViewer, rid: int, page: Page) -> None:
    page.mouse.click(*_hover_region(viewer, twin, rid, page))


def check_viewer(page: Page, twin: GameViewer, shot: Path) -> None:
    """Pick 0, hover and click a first-conquest region, then click a region the engine
    refuses; after each step the page must show what the twin viewer shows."""
    from playwright.sync_api import expect

    v = page.locator(".swlab-viewer").first
    status = v.locator(".swlab-status")
    expect(v.locator("path.swlab-region")).to_have_count(len(twin.controller.board))
    expect(status).to_have_text(_norm(twin.controller.status().text))
    _same_board(page, v, twin)

    # 1. the first combo
    v.locator(".swlab-action-pick").first.click()
    twin.button("pick 0").click()
    expect(status).to_have_text(_norm(twin.controller.status().text))
    _same_board(page, v, twin)
    targets = twin.controller.targets()
    assert targets, "no region to conquer after pick 0"

    # 2. hover, then conquer the biggest target
    rid = max(targets, key=lambda r: _area(twin, r))
    actor = twin.controller.status().actor
    # the hover text is checked before the click: after it, the box describes the new position
    x, y = _hover_region(v, twin, rid, page)
    expect(v.locator(".swlab-hover")).to_have_text(_norm(twin.controller.hover(rid)))
    page.mouse.click(x, y)
    before = twin.controller.index
    _event(twin, rid)
    assert twin.controller.index > before, f"the engine refused the conquest of {rid}"
    expect(v.locator(f"path.swlab-region-{rid}")).to_have_class(
        re.compile(rf"\bswlab-owner-{actor}\b")
    )
    expect(status).to_have_text(_norm(twin.controller.status().text))
    _same_board(page, v, twin)

    # 3. a refused click shows the rule
    others = [
        r.id
        for r in twin.controller.board
        if r.id not in twin.controller.targets() and r.id != rid and not r.is_water
    ]
    bad = max(others, key=lambda r: _area(twin, r))
    _click_region(v, twin, bad, page)
    _event(twin, bad)
    last = twin.controller.last
    assert last is not None and last.kind == "refused", last
    expect(v.locator(".swlab-message")).to_have_text(_norm(last.message))
    expect(v.locator(".swlab-message.swlab-refused")).to_have_count(1)
    _same_board(page, v, twin)
    harness.element_screenshot(page, v, shot)


def test_viewer_clicks_in_jupyterlab(
    lab: harness.Lab, lab_page: Page, screenshots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """00_welcome run with :func:`test_notebook_runs_in_jupyterlab`'s checks
    (:func:`runs_clean`), then its viewer clicked (the stand-in's, run after 00, when 00
    has none)."""
    page = lab_page
    name, twin = _viewer_notebook(lab, monkeypatch)
    welcome = next((p for p in NOTEBOOKS if p.name == WELCOME), None)
    if welcome is not None:
        runs_clean(page, lab, welcome, screenshots)
    if name != WELCOME:
        rel = f"notebooks/{name}"
        harness.open_notebook(page, lab, rel)
        harness.run_all(page, len(harness.code_cells(_load(lab.root / rel))))
    assert not harness.error_texts(page)
    check_viewer(page, twin, screenshots / f"{Path(name).stem}-lab-clicked.png")


def test_viewer_clicks_in_voila(
    lab: harness.Lab, page: Page, screenshots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, twin = _viewer_notebook(lab, monkeypatch)
    page.goto(lab.voila_url(f"notebooks/{name}"), timeout=90_000)
    page.wait_for_selector(".swlab-viewer path.swlab-region", timeout=harness.PAGE_TIMEOUT_MS)
    harness.settle(page)
    shot = screenshots / f"{Path(name).stem}-voila.png"
    page.screenshot(path=str(shot), full_page=True)
    text = page.inner_text("body")
    assert "There was an error" not in text and "Traceback" not in text, text[:2000]
    assert not harness.error_texts(page)
    check_viewer(page, twin, screenshots / f"{Path(name).stem}-voila-clicked.png")

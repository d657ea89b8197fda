"""Notebook 00 in each language, as a learner meets it (issue 15): the real
``notebooks/<lang>/00_welcome.ipynb`` (English: ``notebooks/00_welcome.ipynb``) in JupyterLab
(Run All) and in Voilà, one server for both (the session's ``lab``, with Voilà's extension).

The page's prose must be the notebook's own markdown, with no sentence of the English
notebook left; the viewer's status, buttons, hover and a refusal must be what a twin viewer,
built in this process from the same code cells, says in that language; pick and conquest are
played by clicks. Nothing here is a hard-coded translation: the expected text comes from the
notebook and from swlab under :func:`swlab.i18n.using`, so the tests hold when a translation
changes. Screenshots of the Greek and Turkish pages at 1280x720 and 1920x1080 go to
``out/screenshots/lang-<lang>-00-<lab|voila>-<size>.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab import i18n

from . import harness
from .test_notebooks import (
    _area,
    _click_region,
    _event,
    _hover_region,
    _norm,
    _same_board,
    _twin,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

    from swlab.play import GameViewer

pytestmark = pytest.mark.browser

NAME = "00_welcome"
#: The screens a learner's laptop and desktop have; the first is where buttons overflow first.
SCREENS = {"1280x720": {"width": 1280, "height": 720}, "1920x1080": {"width": 1920, "height": 1080}}
SMALL = SCREENS["1280x720"]
#: Languages whose pages are photographed at both sizes.
PHOTOGRAPHED = ("el", "tr")


# ==========================================================================================
# The notebook and its prose
# ==========================================================================================


def source_path(lang: str, name: str = NAME) -> Path:
    """The checked-in notebook ``name`` of ``lang`` (English lives at the top level)."""
    folder = harness.REPO / "notebooks"
    return folder / f"{name}.ipynb" if lang == i18n.SOURCE else folder / lang / f"{name}.ipynb"


def serve(lab: harness.Lab, lang: str, name: str = NAME) -> tuple[str, dict[str, Any]]:
    """The stripped notebook in the served tree, at the path the repository gives it."""
    nb = harness.strip(json.loads(source_path(lang, name).read_text()))
    rel = source_path(lang, name).relative_to(harness.REPO).as_posix()
    (lab.root / rel).parent.mkdir(parents=True, exist_ok=True)
    (lab.root / rel).write_text(json.dumps(nb, indent=1))
    return rel, nb


_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_LEAD = re.compile(r"^\s*(#+|[*-]|\d+\.)\s+", re.MULTILINE)


def rendered_paragraphs(nb: dict[str, Any]) -> list[str]:
    """Every paragraph of the markdown cells as the page shows its text: headings and bullets
    without their marks, links as their text, no emphasis or code marks, one space between
    words. Fenced code and paragraphs with markup the rendered text keeps apart are left out."""
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        for para in source.split("\n\n"):
            if "```" in para or "<" in para or "|" in para or "$" in para:
                continue
            text = _LINK.sub(r"\1", _LEAD.sub("", para)).replace("**", "").replace("`", "")
            text = _norm(text.replace("*", ""))
            if re.search(r"[^\W\d_]", text):
                out.append(text)
    return out


def page_text(page: Page) -> str:
    return _norm(page.inner_text("body"))


def check_prose(page: Page, lang: str, nb: dict[str, Any]) -> None:
    """The page shows every paragraph of this language's notebook and, for a translation, no
    paragraph of the English one that the translation does not share."""
    text = page_text(page)
    mine = rendered_paragraphs(nb)
    assert mine, "the notebook has no prose"
    missing = [p for p in mine if p not in text]
    assert not missing, f"paragraphs of the {lang} notebook not on the page: {missing}"
    if lang != i18n.SOURCE:
        english = rendered_paragraphs(json.loads(source_path(i18n.SOURCE).read_text()))
        only_english = [p for p in english if p not in mine]
        assert only_english, "the translation shares every paragraph with the English notebook"
        shown = [p for p in only_english if p in text]
        assert not shown, f"English paragraphs on the {lang} page: {shown}"


# ==========================================================================================
# The viewer
# ==========================================================================================


def twin_of(lab: harness.Lab, rel: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> GameViewer:
    """The viewer the notebook's code makes, built here in ``lang``. The translated notebook's
    first cell sets the process's language; the monkeypatch puts it back after the test."""
    monkeypatch.setattr(i18n, "_chosen", i18n._chosen)
    nb = json.loads((lab.root / rel).read_text())
    with i18n.using(lang):
        twin = _twin(harness.code_cells(nb), (lab.root / rel).parent, monkeypatch)
    assert twin.language == lang, (twin.language, lang)
    return twin


def _labels(locator: Locator) -> list[str]:
    return [_norm(t) for t in locator.all_inner_texts()]


def overflowing(page: Page) -> list[str]:
    """Visible viewer buttons whose label is wider than the button."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.swlab-viewer button')]
                .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
                .map(b => b.innerText)"""
        )
    )


def play_viewer(page: Page, twin: GameViewer, lang: str) -> dict[str, str]:
    """Pick the first combo, hover and conquer the largest target, then click a region the
    engine refuses, all by clicks; after each step the page must show the twin's words in
    ``lang``. Returns what the page showed (status, undo label, refusal), for the English
    comparison."""
    from playwright.sync_api import expect

    v = page.locator(".swlab-viewer").first
    status = v.locator(".swlab-status")
    c = twin.controller
    with i18n.using(lang):
        expect(v.locator("path.swlab-region")).to_have_count(len(c.board))
        expect(status).to_have_text(_norm(c.status().text))
        _same_board(page, v, twin)
        shown = {"status": _norm(status.inner_text())}
        undo = twin.undo_button.description
        assert v.get_by_role("button", name=undo, exact=True).count() == 1, undo
        shown["undo"] = undo
        expect(v.locator(".swlab-language select")).to_have_value(i18n.NAMES[lang])

        # 1. the action buttons, as the twin labels them; pick the first combo
        picks = [b for b in twin._action_buttons if "swlab-action-pick" in b._dom_classes]
        assert picks, "no pick button"
        assert _labels(v.locator(".swlab-action-pick")) == [_norm(b.description) for b in picks]
        v.locator(".swlab-action-pick").first.click()
        picks[0].click()
        expect(status).to_have_text(_norm(c.status().text))
        _same_board(page, v, twin)
        targets = c.targets()
        assert targets, "no region to conquer after the pick"

        # 2. hover (read before the click: after it the box describes the new position)
        rid = max(targets, key=lambda r: _area(twin, r))
        actor = c.status().actor
        x, y = _hover_region(v, twin, rid, page)
        expect(v.locator(".swlab-hover")).to_have_text(_norm(c.hover(rid)))
        page.mouse.click(x, y)
        before = c.index
        _event(twin, rid)
        assert c.index > before, f"the engine refused the conquest of {rid}"
        expect(v.locator(f"path.swlab-region-{rid}")).to_have_class(
            re.compile(rf"\bswlab-owner-{actor}\b")
        )
        expect(status).to_have_text(_norm(c.status().text))
        _same_board(page, v, twin)

        # 3. a refused click quotes the rule in the language
        others = [
            r.id for r in c.board if r.id not in c.targets() and r.id != rid and not r.is_water
        ]
        bad = max(others, key=lambda r: _area(twin, r))
        _click_region(v, twin, bad, page)
        _event(twin, bad)
        last = c.last
        assert last is not None and last.kind == "refused", last
        expect(v.locator(".swlab-message")).to_have_text(_norm(last.message))
        expect(v.locator(".swlab-message.swlab-refused")).to_have_count(1)
        assert re.search(r"\bR-[A-Z]+-[\w-]+", last.message), last.message
        shown["refusal"] = _norm(last.message)
        shown["bad"] = str(bad)
    assert not overflowing(page), overflowing(page)
    return shown


def not_english(twin: GameViewer, shown: dict[str, str], lang: str) -> None:
    """What the page showed differs from the English the same viewer says (switched to
    English after the clicks, the refused click sent once more)."""
    if lang == i18n.SOURCE:
        return
    twin.set_language(i18n.SOURCE)
    with i18n.using(i18n.SOURCE):
        _event(twin, int(shown["bad"]))
        english = {
            "status": _norm(twin.controller.status().text),
            "undo": twin.undo_button.description,
            "refusal": _norm(twin.controller.last.message),  # type: ignore[union-attr]
        }
    same = {k: v for k, v in english.items() if shown[k] == v}
    assert not same, f"English on the {lang} page: {same}"


def photograph(page: Page, lang: str, where: str, screenshots: Path) -> None:
    """The viewer in sight at each screen size (Greek and Turkish only), back to the small."""
    if lang not in PHOTOGRAPHED:
        return
    viewer = page.locator(".swlab-viewer").first
    for size, viewport in SCREENS.items():
        harness.resize(page, viewport)
        viewer.scroll_into_view_if_needed()
        harness.settle(page)
        assert not overflowing(page), (size, overflowing(page))
        page.screenshot(path=str(screenshots / f"lang-{lang}-00-{where}-{size}.png"))
    page.set_viewport_size(SMALL)  # type: ignore[arg-type]


@pytest.fixture
def small(browser: Browser, lab: harness.Lab) -> Any:
    """A page at 1280x720, the smallest screen the tutorial is laid out for."""
    context: BrowserContext = browser.new_context(viewport=SMALL)  # type: ignore[arg-type]
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()
    lab.shutdown_kernels()


@pytest.fixture
def small_lab(lab: harness.Lab, lab_tab: harness.LabTab) -> Page:
    """The process's JupyterLab page at 1280x720 (cleared after the test)."""
    return lab_tab.fresh(SMALL)


# ==========================================================================================
# The tests
# ==========================================================================================


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_notebook_00_plays_in_its_language_in_jupyterlab(
    lab: harness.Lab,
    small_lab: Page,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
) -> None:
    rel, nb = serve(lab, lang)
    twin = twin_of(lab, rel, lang, monkeypatch)
    cells = harness.code_cells(nb)
    harness.open_notebook(small_lab, lab, rel)
    state = harness.run_all(small_lab, len(cells))
    shown_errors = harness.error_texts(small_lab)
    assert not shown_errors, "\n---\n".join(shown_errors)
    assert state["numbered"] == len(cells), state
    small_lab.locator(".swlab-viewer path.swlab-region").first.wait_for()
    check_prose(small_lab, lang, nb)
    shown = play_viewer(small_lab, twin, lang)
    photograph(small_lab, lang, "lab", screenshots)
    not_english(twin, shown, lang)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_notebook_00_plays_in_its_language_in_voila(
    lab: harness.Lab,
    small: Page,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
) -> None:
    rel, nb = serve(lab, lang)
    twin = twin_of(lab, rel, lang, monkeypatch)
    small.goto(lab.voila_url(rel), timeout=harness.PAGE_TIMEOUT_MS)
    small.wait_for_selector(".swlab-viewer path.swlab-region", timeout=harness.PAGE_TIMEOUT_MS)
    harness.settle(small)
    text = page_text(small)
    assert "There was an error" not in text and "Traceback" not in text, text[:2000]
    assert not harness.error_texts(small)
    check_prose(small, lang, nb)
    shown = play_viewer(small, twin, lang)
    photograph(small, lang, "voila", screenshots)
    not_english(twin, shown, lang)


def test_the_language_switch_redraws_the_panel(
    lab: harness.Lab, small_lab: Page, screenshots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Greek notebook 00's viewer switched to Turkish: status, undo and the combo
    column's heading are then the Turkish twin's."""
    from playwright.sync_api import expect

    rel, nb = serve(lab, "el")
    twin = twin_of(lab, rel, "el", monkeypatch)
    harness.open_notebook(small_lab, lab, rel)
    harness.run_all(small_lab, len(harness.code_cells(nb)))
    assert not harness.error_texts(small_lab)
    viewer = small_lab.locator(".swlab-viewer").first
    status = viewer.locator(".swlab-status")
    with i18n.using("el"):
        expect(status).to_have_text(_norm(twin.controller.status().text))
    viewer.locator(".swlab-language select").select_option(label=i18n.NAMES["tr"])
    twin.set_language("tr")
    with i18n.using("tr"):
        expect(status).to_have_text(_norm(twin.controller.status().text))
        undo = twin.undo_button.description
        assert viewer.get_by_role("button", name=undo, exact=True).count() == 1
        assert i18n._("Column of combos") in viewer.inner_text()
    harness.settle(small_lab)
    small_lab.screenshot(path=str(screenshots / "el-to-tr-viewer-switch-1280x720.png"))


#: Where the map's box is and how far every scroller of the page is scrolled.
_WHERE = """(m) => {
  const r = m.getBoundingClientRect();
  const scrolled = [...document.querySelectorAll('*')].filter(e => e.scrollTop)
    .map(e => e.scrollTop);
  return {top: r.top, bottom: r.bottom, scrolled: [window.scrollY, ...scrolled]};
}"""


def test_the_first_click_on_a_region_in_voila_hits_it_without_scrolling(
    lab: harness.Lab, small: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1280x720 in Voila the map's bottom is below the window; the first click on a
    region must neither scroll the page (Leaflet's keyboard handler focused the map on
    mousedown, and the focus scrolled Voila's page, which is not the window) nor land on
    another region: the region under the mouse at mousedown is still there at mouseup,
    and the engine conquers it."""
    from playwright.sync_api import expect

    rel, _ = serve(lab, i18n.SOURCE)
    twin = twin_of(lab, rel, i18n.SOURCE, monkeypatch)
    small.goto(lab.voila_url(rel), timeout=harness.PAGE_TIMEOUT_MS)
    small.wait_for_selector(".swlab-viewer path.swlab-region", timeout=harness.PAGE_TIMEOUT_MS)
    harness.settle(small)
    v = small.locator(".swlab-viewer").first
    c = twin.controller
    v.locator(".swlab-action-pick").first.click()
    next(b for b in twin._action_buttons if "swlab-action-pick" in b._dom_classes).click()
    expect(v.locator(".swlab-status")).to_have_text(_norm(c.status().text))
    rid = max(c.targets(), key=lambda r: _area(twin, r))
    actor = c.status().actor
    x, y = _hover_region(v, twin, rid, small)
    harness.settle(small)
    leaflet = v.locator(".leaflet-container").first
    before = leaflet.evaluate(_WHERE)
    assert before["bottom"] > SMALL["height"], f"the map fits the window: {before}"
    path = v.locator(f"path.swlab-region-{rid}")
    under = "([x, y]) => document.elementFromPoint(x, y)?.getAttribute('class') || ''"
    assert f"swlab-region-{rid}" in small.evaluate(under, [x, y]).split()
    small.mouse.down()
    after_down = leaflet.evaluate(_WHERE)
    assert after_down == before, f"mousedown scrolled the page: {before} -> {after_down}"
    assert f"swlab-region-{rid}" in small.evaluate(under, [x, y]).split()
    small.mouse.up()
    _event(twin, rid)
    expect(path).to_have_class(re.compile(rf"\bswlab-owner-{actor}\b"))
    expect(v.locator(".swlab-status")).to_have_text(_norm(c.status().text))
    assert leaflet.evaluate(_WHERE) == before, "the click scrolled the page"

"""Notebook 00 in each language, as a learner meets it (issues 11 and 15): the real
``notebooks/<lang>/00_welcome.ipynb`` (English: ``notebooks/00_welcome.ipynb``) in JupyterLab
(Run All, with test_notebooks.py's checks: no error shown or saved, every cell run) and in
Voilà, one server for both (the session's ``lab``, with Voilà's extension).

The page's prose must be the notebook's own markdown, with no sentence of the English
notebook left; the viewer's status, buttons, hover and a refusal must be what a twin viewer
(``twin.py``), built in this process from the same code cells, says in that language; pick
and conquest are played by clicks, and the click on the board scrolls nothing. Nothing here
is a hard-coded translation: the expected text comes from the notebook and from swlab under
:func:`swlab.i18n.using`, so the tests hold when a translation changes. In Voilà the
viewer's panel fits its words and tables at 1280x720 and 1920x1080 before and after the
pick (Greek, Turkish and German have the longest words), in each language, on the one page
each language's test loads (Voilà runs the whole notebook for each load).

Screenshots in ``out/screenshots/``: ``lang-<lang>-00-<lab|voila>-<size>.png`` (Greek and
Turkish), ``panelfit-<lang>-<size>[-players].png``, and in English ``00_welcome.png`` (the
whole notebook), ``00_welcome-voila.png``, ``00_welcome-<lab|voila>-clicked.png``,
``fit-voila-00-<size>.png`` and ``guide-voila-00-<size>.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from swlab import i18n

from . import fit, harness
from .twin import area, build, click_region, event, hover_region, norm, same_board

if TYPE_CHECKING:
    from collections.abc import Callable

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
            text = norm(text.replace("*", ""))
            if re.search(r"[^\W\d_]", text):
                out.append(text)
    return out


def page_text(page: Page) -> str:
    return norm(page.inner_text("body"))


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
        twin = build(harness.code_cells(nb), (lab.root / rel).parent, monkeypatch)
    assert twin.language == lang, (twin.language, lang)
    return twin


def _labels(locator: Locator) -> list[str]:
    return [norm(t) for t in locator.all_inner_texts()]


def play_viewer(
    page: Page,
    twin: GameViewer,
    lang: str,
    after_pick: Callable[[], None] = lambda: None,
    clicked: Path | None = None,
) -> dict[str, str]:
    """Pick the first combo, hover and conquer the largest target, then click a region the
    engine refuses, all by clicks; after each step the page must show the twin's words in
    ``lang``, and the click on the board scrolls nothing (:func:`click_in_place`).
    ``after_pick`` runs once the pick is shown; the viewer is photographed to ``clicked``
    at the end. Returns what the page showed (status, undo label, refusal), for the English
    comparison."""
    from playwright.sync_api import expect

    v = page.locator(".swlab-viewer").first
    status = v.locator(".swlab-status")
    c = twin.controller
    with i18n.using(lang):
        expect(v.locator("path.swlab-region")).to_have_count(len(c.board))
        expect(status).to_have_text(norm(c.status().text))
        same_board(page, v, twin)
        shown = {"status": norm(status.inner_text())}
        undo = twin.undo_button.description
        assert v.get_by_role("button", name=undo, exact=True).count() == 1, undo
        shown["undo"] = undo
        expect(v.locator(".swlab-language select")).to_have_value(i18n.NAMES[lang])

        # 1. the action buttons, as the twin labels them; pick the first combo
        picks = [b for b in twin._action_buttons if "swlab-action-pick" in b._dom_classes]
        assert picks, "no pick button"
        assert _labels(v.locator(".swlab-action-pick")) == [norm(b.description) for b in picks]
        v.locator(".swlab-action-pick").first.click()
        picks[0].click()
        expect(status).to_have_text(norm(c.status().text))
        same_board(page, v, twin)
        targets = c.targets()
        assert targets, "no region to conquer after the pick"
        after_pick()

        # 2. hover (read before the click: after it the box describes the new position)
        rid = max(targets, key=lambda r: area(twin, r))
        actor = c.status().actor
        x, y = hover_region(v, twin, rid, page)
        expect(v.locator(".swlab-hover")).to_have_text(norm(c.hover(rid)))
        where = click_in_place(page, v, rid, (x, y))
        before = c.index
        event(twin, rid)
        assert c.index > before, f"the engine refused the conquest of {rid}"
        expect(v.locator(f"path.swlab-region-{rid}")).to_have_class(
            re.compile(rf"\bswlab-owner-{actor}\b")
        )
        expect(status).to_have_text(norm(c.status().text))
        same_board(page, v, twin)
        assert v.locator(".leaflet-container").first.evaluate(_WHERE) == where, "the click scrolled"

        # 3. a refused click quotes the rule in the language
        others = [
            r.id for r in c.board if r.id not in c.targets() and r.id != rid and not r.is_water
        ]
        bad = max(others, key=lambda r: area(twin, r))
        click_region(v, twin, bad, page)
        event(twin, bad)
        last = c.last
        assert last is not None and last.kind == "refused", last
        expect(v.locator(".swlab-message")).to_have_text(norm(last.message))
        expect(v.locator(".swlab-message.swlab-refused")).to_have_count(1)
        assert re.search(r"\bR-[A-Z]+-[\w-]+", last.message), last.message
        same_board(page, v, twin)
        shown["refusal"] = norm(last.message)
        shown["bad"] = str(bad)
    assert not fit.cut_buttons(page), fit.cut_buttons(page)
    if clicked is not None:
        harness.element_screenshot(page, v, clicked)
    return shown


#: Where the map's box is and how far every scroller of the page is scrolled.
_WHERE = """(m) => {
  const r = m.getBoundingClientRect();
  const scrolled = [...document.querySelectorAll('*')].filter(e => e.scrollTop)
    .map(e => e.scrollTop);
  return {top: r.top, bottom: r.bottom, scrolled: [window.scrollY, ...scrolled]};
}"""


def click_in_place(page: Page, v: Locator, rid: int, point: tuple[float, float]) -> Any:
    """Click region ``rid`` at ``point`` (the mouse is there): the region is under the mouse
    at mousedown and still at mouseup, and mousedown scrolls nothing (Leaflet's keyboard
    handler once focused the map on mousedown, and the focus scrolled Voila's page, which is
    not the window, so the click landed on another region). Returns where the map and the
    scrollers were, for the caller to check once the click is answered."""
    harness.settle(page)
    leaflet = v.locator(".leaflet-container").first
    where = leaflet.evaluate(_WHERE)
    under = "([x, y]) => document.elementFromPoint(x, y)?.getAttribute('class') || ''"
    assert f"swlab-region-{rid}" in page.evaluate(under, list(point)).split()
    page.mouse.down()
    after_down = leaflet.evaluate(_WHERE)
    assert after_down == where, f"mousedown scrolled the page: {where} -> {after_down}"
    assert f"swlab-region-{rid}" in page.evaluate(under, list(point)).split()
    page.mouse.up()
    return where


def not_english(twin: GameViewer, shown: dict[str, str], lang: str) -> None:
    """What the page showed differs from the English the same viewer says (switched to
    English after the clicks, the refused click sent once more)."""
    if lang == i18n.SOURCE:
        return
    twin.set_language(i18n.SOURCE)
    with i18n.using(i18n.SOURCE):
        event(twin, int(shown["bad"]))
        english = {
            "status": norm(twin.controller.status().text),
            "undo": twin.undo_button.description,
            "refusal": norm(twin.controller.last.message),  # type: ignore[union-attr]
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
        assert not fit.cut_buttons(page), (size, fit.cut_buttons(page))
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
    """Run All with no error shown or saved, every cell run (:func:`harness.run_clean`;
    test_notebooks.py leaves notebook 00 to this test), the prose, then the viewer played.
    In English the viewer first fits both screens with the side bar closed, as on a
    projector (:func:`fits_a_projector`); in Greek it is switched to Turkish at the end
    (:func:`switch_to_turkish`)."""
    rel, nb = serve(lab, lang)
    twin = twin_of(lab, rel, lang, monkeypatch)
    english = lang == i18n.SOURCE
    harness.run_clean(small_lab, lab, rel, screenshots / f"{NAME}.png" if english else None)
    small_lab.locator(".swlab-viewer path.swlab-region").first.wait_for()
    check_prose(small_lab, lang, nb)
    if english:
        fits_a_projector(small_lab, screenshots)
    clicked = screenshots / f"{NAME}-lab-clicked.png" if english else None
    shown = play_viewer(small_lab, twin, lang, clicked=clicked)
    photograph(small_lab, lang, "lab", screenshots)
    if lang == "el":
        switch_to_turkish(small_lab, twin, screenshots)
    not_english(twin, shown, lang)


#: The width of JupyterLab's left side bar's open panel (0 when closed).
_LEFT_PANEL = "() => document.getElementById('jp-left-stack')?.offsetWidth || 0"


def fits_a_projector(page: Page, screenshots: Path) -> None:
    """Issue 11: with the side bar closed, as on a projector, at each screen size the
    status line, the board and the combos are on screen, the panel beside the board, and
    the guide reads there (:mod:`fit`); then the side bar open again, at 1280x720."""
    page.keyboard.press("Control+b")
    harness.wait_until(lambda: page.evaluate(_LEFT_PANEL) == 0, 10, "the side bar stays open")
    v = page.locator(".swlab-viewer").first
    for size, viewport in SCREENS.items():
        page.mouse.move(0, 0)  # off the board, as in a new window: no hover text in the panel
        harness.resize(page, viewport, ".swlab-viewer")
        fit.viewer_controls(page, v)
        page.screenshot(path=str(screenshots / f"fit-lab-00-{size}.png"))
        fit.guide_beside(page, v, screenshots / f"guide-lab-00-{size}.png")
    page.keyboard.press("Control+b")
    harness.wait_until(lambda: page.evaluate(_LEFT_PANEL) > 0, 10, "the side bar stays closed")
    harness.resize(page, SMALL)


def switch_to_turkish(page: Page, twin: GameViewer, screenshots: Path) -> None:
    """The Greek viewer switched to Turkish by its language menu: status, undo and the
    combo column's heading are then the Turkish twin's."""
    from playwright.sync_api import expect

    viewer = page.locator(".swlab-viewer").first
    viewer.locator(".swlab-language select").select_option(label=i18n.NAMES["tr"])
    twin.set_language("tr")
    with i18n.using("tr"):
        expect(viewer.locator(".swlab-status")).to_have_text(norm(twin.controller.status().text))
        undo = twin.undo_button.description
        assert viewer.get_by_role("button", name=undo, exact=True).count() == 1
        assert i18n._("Column of combos") in viewer.inner_text()
    harness.settle(page)
    page.screenshot(path=str(screenshots / "el-to-tr-viewer-switch-1280x720.png"))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_notebook_00_fits_and_plays_in_its_language_in_voila(
    lab: harness.Lab,
    small: Page,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
) -> None:
    """One Voila page of notebook 00 (Voila runs the whole notebook for each load): the
    prose; the panel's words and tables fit at both screen sizes before and after the pick
    (and, in English, the controls and the guide are on screen, no coins shown); then the
    viewer played, its first click on the board scrolling nothing; all the while, the page
    asked no outside host for anything (issue 12: the offline template)."""
    rel, nb = serve(lab, lang)
    twin = twin_of(lab, rel, lang, monkeypatch)
    english = lang == i18n.SOURCE
    urls = harness.record_requests(small)
    small.goto(lab.voila_url(rel), timeout=harness.PAGE_TIMEOUT_MS)
    small.wait_for_selector(".swlab-viewer path.swlab-region", timeout=harness.PAGE_TIMEOUT_MS)
    harness.settle(small)
    if english:
        small.screenshot(path=str(screenshots / f"{NAME}-voila.png"), full_page=True)
    text = page_text(small)
    assert "There was an error" not in text and "Traceback" not in text, text[:2000]
    assert not harness.error_texts(small)
    check_prose(small, lang, nb)
    v = small.locator(".swlab-viewer").first
    for size, viewport in SCREENS.items():
        harness.resize(small, viewport)
        fit.panel_fits(small, f"{lang} at {size}, at the start")
        if english:
            fit.viewer_controls(small, v)
            fit.no_coins_shown(small)
            small.screenshot(path=str(screenshots / f"fit-voila-00-{size}.png"))
            fit.guide_beside(small, v, screenshots / f"guide-voila-00-{size}.png")

    def after_pick() -> None:
        """The players' table filled in (race, tokens), the column moved up: the panel
        still fits; then the page as it was loaded (the small window, nothing scrolled)."""
        for size, viewport in SCREENS.items():
            harness.resize(small, viewport)
            fit.panel_fits(small, f"{lang} at {size}, after a pick")
            fit.photograph_panel(small, screenshots / f"panelfit-{lang}-{size}.png")
        harness.resize(small, SMALL)
        small.evaluate(_TO_TOP)
        harness.settle(small)
        where = v.locator(".leaflet-container").first.evaluate(_WHERE)
        assert where["bottom"] > SMALL["height"], f"the map fits the window: {where}"

    harness.resize(small, SMALL)
    clicked = screenshots / f"{NAME}-voila-clicked.png" if english else None
    shown = play_viewer(small, twin, lang, after_pick, clicked)
    photograph(small, lang, "voila", screenshots)
    not_english(twin, shown, lang)
    outside = harness.outside_hosts(small, urls, lab.base)
    assert not outside, f"the page asked another host (issue 12): {outside}"


#: Every scroller of the page back at its top.
_TO_TOP = """() => { window.scrollTo(0, 0);
  document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; }); }"""

"""The keyboard layer (swlab.play.keys) in a real browser, JupyterLab and Voila, at 1280x720
and 1920x1080: what a person types into a text box of the viewer, the presenter, the map
editor and the hex-map editor arrives in the kernel (shortcut letters, Enter and Esc
included) and fires no shortcut; each shortcut pressed once (pointer over the board, or
focus on a panel button) acts exactly once; in JupyterLab, D D over the viewer or typed into
a text box deletes no cell. Values are read back from the kernel (:class:`KernelProbe`);
every wait is on a condition. Each notebook is opened once per host, at 1280x720; the
1920x1080 test resizes that page and puts the kernel's state back first (:class:`Pages`).
Screenshots go to ``out/screenshots/keys-*.png``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from . import harness

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (1920, 1080)]
VIEWER_NB = "notebooks/_keys_viewer.ipynb"
EDITORS_NB = "notebooks/_keys_editors.ipynb"

#: Ann (a person) at a final-conquest question (R-CONQ-10) against a greedy bot, the
#: viewer with its file box; ``final`` asks the question again.
VIEWER_SOURCE = """\
from swlab.play import GameController, GameViewer
c = GameController("official_2p", ["Ann", "Bot"], seed=7, bots={1: "greedy"})
c.apply("pick 0")
for _ in range(20):
    final = min(c.targets())
    c.click(final)
    if c.question is not None:
        break
assert c.question is not None
v = GameViewer(c, auto_bots=False, file_boxes=True)
v"""
EDITOR_SOURCES = (
    "from swlab.editor import MapEditor\n"
    'e = MapEditor("official_2p", width=480, file_boxes=True)\ne',
    'from swlab.editor.hexmap import HexMapEditor\nh = HexMapEditor("terra_mystica_base", '
    "file_boxes=True)\nh",
)


def count_commands(layer: str) -> str:
    """Kernel code: ``calls`` lists the commands ``layer`` runs (one press, one command)."""
    return (
        "calls = []\n"
        f"{layer}.set_commands({{k: (lambda k=k, f=f: (calls.append(k), f())[1]) "
        f"for k, f in {layer}.commands.items()}})\n"
    )


#: Text typed into every box: every shortcut letter (the game's, then the map editor's
#: L and K), "dd" (a cell's delete in JupyterLab).
TYPED = "nudge dd yhcp lk"
#: The text boxes (a slider's readout is typed into in the presenter's test).
BOXES = "input[type=text], textarea"


@pytest.fixture(scope="module")
def notebooks(lab: harness.Lab) -> None:
    (lab.root / VIEWER_NB).write_text(json.dumps(harness.notebook(VIEWER_SOURCE)))
    (lab.root / EDITORS_NB).write_text(json.dumps(harness.notebook(*EDITOR_SOURCES)))


def _runtime(lab: harness.Lab) -> Path:
    return lab.root / ".home" / "runtime"


def _open(tab: harness.LabTab, where: str, rel: str, size: tuple[int, int], cells: int) -> Page:
    """The notebook ``rel`` in a window of ``size``: run in the process's JupyterLab page,
    or rendered by Voila in a page of its own (``where`` "present": ``rel`` is the address
    of ``swlab present``)."""
    page = tab.page_for(where, {"width": size[0], "height": size[1]}, timeout_ms=60_000)
    if where == "lab":
        harness.open_notebook(page, tab.lab, rel)
        harness.run_all(page, cells)
    else:
        url = rel if where == "present" else tab.lab.voila_url(rel)
        page.goto(url, timeout=harness.PAGE_TIMEOUT_MS)
    return page


@dataclass
class Opened:
    """A notebook open in a page (JupyterLab's loaded page, or a Voila page of its own) and
    a probe of its kernel; ``used`` once a test has typed and pressed keys in it."""

    where: str
    rel: str
    page: Page
    kernel: harness.KernelProbe
    used: bool = False


class Pages:
    """The module's notebooks, one open at a time (each test stops the server's kernels
    when it opens another): a test at the second window size of the notebook and host the
    last test used gets that page, resized, instead of a second run of the notebook
    (JupyterLab's Run All, or Voila's run of the whole notebook for each page load). What
    the second size checks is the same typing and the same presses, each counted, in a
    window of that size: the test first puts back, in the kernel, the state the notebook
    left (its own reset code, when :attr:`Opened.used`), so no test sees another's
    presses; the typed texts name the size, so none can pass on what the last one typed.
    A test that fails closes its page: the next one opens the notebook again."""

    def __init__(self, tab: harness.LabTab) -> None:
        self.tab = tab
        self.opened: Opened | None = None

    @contextmanager
    def open(
        self, where: str, rel: str, size: tuple[int, int], cells: int, ready: tuple[str, ...],
        runtime: Path | None = None,
    ) -> Iterator[Opened]:  # fmt: skip
        """``rel`` open at ``where`` in a window of ``size`` (:func:`_open`), every selector
        of ``ready`` shown, no error on the page; its kernel's connection file is in
        ``runtime`` (by default the JupyterLab server's)."""
        viewport = {"width": size[0], "height": size[1]}
        opened = self.opened
        if opened is not None and (opened.where, opened.rel) == (where, rel):
            harness.resize(opened.page, viewport, ", ".join(s.split()[0] for s in ready))
        else:
            self.close()
            page = _open(self.tab, where, rel, size, cells)
            try:
                for selector in ready:
                    page.wait_for_selector(selector, timeout=harness.PAGE_TIMEOUT_MS)
                harness.settle(page)
                kernel = harness.KernelProbe(runtime or _runtime(self.tab.lab))
                opened = Opened(where, rel, page, kernel)
            except BaseException:
                self.tab.release(page)
                raise
            self.opened = opened
        try:
            assert not harness.error_texts(opened.page)
            yield opened
        except BaseException:
            self.close()
            raise
        opened.used = True

    def close(self) -> None:
        """Close the open notebook's page (JupyterLab's is cleared, kept loaded) and probe;
        the server's kernels stop."""
        opened, self.opened = self.opened, None
        if opened is not None:
            opened.kernel.close()
            self.tab.release(opened.page)


@pytest.fixture(scope="module")
def pages(notebooks: None, jupyterlab_tab: harness.LabTab) -> Iterator[Pages]:
    """The module's :class:`Pages` (the tests of one notebook and host follow each other:
    ``where`` is the outer parameter)."""
    opened = Pages(jupyterlab_tab)
    try:
        yield opened
    finally:
        opened.close()


# ==========================================================================================
# Steps
# ==========================================================================================


class Keys:
    """One widget with a keyboard layer in a page, and its kernel: presses and counts.

    ``fields`` name what a press may change (kernel expressions): the step, the coins
    shown, the bots' switch, the open question, and ``calls`` (commands run so far)."""

    def __init__(
        self, page: Page, scope: Locator, kernel: harness.KernelProbe, fields: dict[str, str]
    ) -> None:
        self.page, self.scope, self.kernel, self.fields = page, scope, kernel, fields
        self.state = self._expression(fields)

    @staticmethod
    def _expression(fields: dict[str, str]) -> str:
        return "{" + ", ".join(f"{k!r}: {e}" for k, e in fields.items()) + "}"

    def now(self) -> dict[str, Any]:
        return dict(self.kernel(self.state))

    def over_board(self) -> None:
        board = self.scope.locator(".swlab-map").first
        board.scroll_into_view_if_needed()
        box = board.bounding_box()
        assert box is not None
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def focus_button(self, name: str) -> None:
        """Focus a panel button, the pointer off the widget (the page's top left corner)."""
        self.page.mouse.move(1, 1)
        button = self.scope.locator(".swlab-panel button", has_text=name).first
        button.focus()
        assert button.evaluate("b => b === document.activeElement")

    def press(self, key: str, held: bool = False, **change: Any) -> None:
        """Press ``key`` once (``held``: held down while the keyboard repeats it): exactly
        one command runs, the step moves by ``step`` (0 by default; None: the bots' clock
        may move it), each field named ``True`` flips, each other named field takes its
        value, the rest stays; a second delivery of the press would show in the last read."""
        before = self.now()
        fields = dict(self.fields)
        expected = dict(before, calls=before["calls"] + 1)
        step = change.pop("step", 0)
        if step is None:
            del fields["step"], expected["step"]
        else:
            expected["step"] = before["step"] + step
        for name, value in change.items():
            expected[name] = (not before[name]) if value is True else value
        state = self._expression(fields)
        if held:
            for _ in range(4):  # the first keydown, then three repeats
                self.page.keyboard.down(key)
            self.page.keyboard.up(key)
        else:
            self.page.keyboard.press(key)
        self.kernel.wait_for(state, expected)
        assert self.kernel(state) == expected


VIEWER_FIELDS = {
    "step": "c.index",
    "coins": "v.reveal_button.value",
    "bots": "v.auto_bots.value",
    "asking": "c.question is not None",
    "calls": "len(calls)",
}


def type_into_every_box(
    page: Page, scope: Locator, kernel: harness.KernelProbe, values: str, state: str, shot: Path,
    tag: str,
) -> None:  # fmt: skip
    """Click each text box (or text area) under ``scope``, type :data:`TYPED` plus its
    number and ``tag`` (digits: the window's width), then Enter and Esc inside it; the
    kernel's text values (``values``, one per box) must be the typed texts and ``state``
    must not move (no shortcut fired)."""
    before = kernel(state)
    boxes = scope.locator(BOXES)
    texts = []
    for i in range(boxes.count()):
        box = boxes.nth(i)
        if not box.is_visible():
            continue
        box.scroll_into_view_if_needed()
        box.click()
        box.press("Control+a")
        text = f"{TYPED} {i} {tag}"
        box.press_sequentially(text)
        box.press("Enter")
        box.press("Escape")
        texts.append(text)
    assert len(texts) == values.count(".value"), f"{len(texts)} text boxes shown: {values}"
    page.screenshot(path=str(shot))
    # a text area keeps the Enter typed as a new line: compare the texts without it
    stripped = f"sorted(t.strip() for t in {values} if t.strip() in {texts!r})"
    kernel.wait_for(stripped, sorted(texts))
    assert kernel(state) == before, "a key typed into a text box fired a shortcut"


def _notebook_mode(page: Page) -> str:
    """JupyterLab's notebook mode (command, edit), or "" outside JupyterLab."""
    found = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")
    if not found.count():
        return ""
    classes = found.first.get_attribute("class") or ""
    return "edit" if "jp-mod-editMode" in classes else "command"


def _cells(page: Page) -> int:
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").count()


# ==========================================================================================
# The viewer
# ==========================================================================================


#: Kernel code: the viewer's game back where the notebook left it (the final conquest's
#: question asked, nothing later in its timeline), the coins hidden, the bots' switch off,
#: no command counted (:class:`Pages`: the second window size's test).
RESET_VIEWER = """\
c.game.goto(start)
c.game.truncate()
c.to_latest()
c.click(final)
v.reveal_button.value = False
v.auto_bots.value = False
calls.clear()
v.refresh()
"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("where", ["lab", "voila"])
def test_viewer_typing_arrives_and_each_key_acts_once(
    pages: Pages, screenshots: Path, where: str, size: tuple[int, int]
) -> None:
    """In a page of its own at the first size, then resized (:class:`Pages`)."""
    with pages.open(where, VIEWER_NB, size, 1, (".swlab-viewer path.swlab-region",)) as o:
        _viewer_keys(o, screenshots, where, size)


def _viewer_keys(o: Opened, screenshots: Path, where: str, size: tuple[int, int]) -> None:
    page, kernel = o.page, o.kernel
    if o.used:
        kernel.run(RESET_VIEWER)
        harness.settle(page, ".swlab-viewer")
    else:
        kernel.run(count_commands("v.keys") + "start = c.index")
    v = Keys(page, page.locator(".swlab-viewer").first, kernel, VIEWER_FIELDS)
    assert page.locator(".swlab-viewer .swlab-keys-layer").count() == 1
    cells = _cells(page)
    start = v.now()
    assert start == dict(start, coins=False, bots=False, asking=True, calls=0), start

    # typing: the file box gets every letter, Enter and Esc; the question stays open
    type_into_every_box(
        page, v.scope, kernel, "[v.path.value, v.lessons.text.value]", v.state,
        screenshots / f"keys-viewer-typed-{where}-{size[0]}x{size[1]}.png", str(size[0]),
    )  # fmt: skip

    # each key once, the pointer over the board (the file box left by a click on the status
    # line: while it has the focus, Esc is the box's)
    page.keyboard.press("Escape")
    assert v.now() == start
    v.scope.locator(".swlab-status").click()
    v.over_board()
    v.press("Escape", asking=False)  # the final conquest's question cancelled
    kernel.run("c.click(final); v.refresh()")  # asked again
    kernel.wait_for("c.question is not None", True)
    mode = _notebook_mode(page)
    v.press("Enter", asking=False, step=+1)  # confirmed: the final conquest (R-CONQ-10)
    assert _notebook_mode(page) == mode  # JupyterLab did not enter edit mode
    v.press("u", step=-1)
    v.press("y", step=+1)
    v.press("c", held=True, coins=True)  # held down: one press
    v.press("p", bots=True)
    v.press("p", bots=True)
    page.keyboard.press("Control+c")  # a combination is not a shortcut: H comes first
    v.press("h")
    assert "swlab-hint" in kernel("v.message.value")
    if where == "lab":  # D D over the board deletes no cell (JupyterLab's command mode)
        calls = kernel("len(calls)")
        page.keyboard.press("d")
        page.keyboard.press("d")
        kernel.wait_for("len(calls)", calls + 2)
        assert _cells(page) == cells and page.locator(".swlab-viewer").count() == 1

    # the bot's turn: N is one bot action
    kernel.run("c.finish_turn(); v.refresh()")
    kernel.wait_for("c.is_bot_seat(c.state.turn.actor)", True)
    v.press("n", step=+1)

    # each key once, the focus on a panel button and the pointer off the viewer
    for key, change in (("n", {"step": +1}), ("u", {"step": -1}), ("y", {"step": +1}),
                        ("c", {"coins": True}), ("p", {"bots": True}), ("p", {"bots": True}),
                        ("h", {})):  # fmt: skip
        v.focus_button("hint")
        v.press(key, **change)
    page.locator(".swlab-viewer button", has_text="autoplay").first.click()  # asks first
    kernel.wait_for("c.question is not None", True)
    v.focus_button("hint")
    v.press("Escape", asking=False)
    if where == "lab":
        assert _cells(page) == cells


# ==========================================================================================
# The presenter (swlab present: Voila)
# ==========================================================================================


#: Kernel code: the presenter's objects, named as in the viewer's notebook, and where
#: its game and pace started (for :data:`RESET_PRESENTER`).
FIND_PRESENTER = """\
import gc
p = next(o for o in gc.get_objects() if type(o).__name__ == 'Presenter')
c, v = p.controller, p.viewer
start, pace = c.index, p.pace.value
"""

#: Kernel code: the presenter as it opened (:class:`Pages`: the second window size's
#: test): the bots' clock stopped while the game goes back to where it started, nothing
#: later in its timeline, no region outlined, the coins hidden, the first pace, no command
#: counted, then the clock running again.
RESET_PRESENTER = """\
v.auto_bots.value = False
c.game.goto(start)
c.game.truncate()
c.to_latest()
c.highlight = frozenset()
v.reveal_button.value = False
p.pace.value = pace
calls.clear()
v.auto_bots.value = True
p.refresh()
"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_presenter_typing_arrives_and_each_key_acts_once(
    pages: Pages, present_server: tuple[str, Path], screenshots: Path, size: tuple[int, int]
) -> None:
    """One page of ``swlab present``, opened at the first size, then resized
    (:class:`Pages`); that its keys work before any click is checked as it opens."""
    url, runtime = present_server
    ready = (".swlab-present path.swlab-region",)
    with pages.open("present", url, size, 0, ready, runtime) as o:
        _presenter_keys(o, screenshots, size)


def _presenter_keys(o: Opened, screenshots: Path, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page, kernel = o.page, o.kernel
    if o.used:
        page.mouse.move(0, 0)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        kernel.run(RESET_PRESENTER)
        harness.settle(page, ".swlab-present")
    else:
        kernel.run(FIND_PRESENTER + count_commands("p.keys"))
    fields = dict(VIEWER_FIELDS, paused="p.paused", pace="p.pace.value")
    keys = Keys(page, page.locator(".swlab-present").first, kernel, fields)
    start = keys.now()
    assert start == dict(start, coins=False, asking=False, calls=0, paused=False), start
    # one layer on the page (anywidget's front end loaded), the viewer's, and the keys
    # work on the page as it opens, before any click
    assert page.locator(".swlab-keys-layer").count() == 1
    keys.press("c", coins=True)
    keys.press("c", coins=True)
    start = keys.now()

    # typing into the pace box (the presenter's one text box, a slider's readout):
    # the letters fire nothing, the number arrives
    pace = keys.scope.locator(".widget-slider", has_text="pace")
    readout = pace.locator(".widget-readout[contenteditable=true]")
    readout.click()
    readout.press("Control+a")
    readout.press_sequentially("nudyhcp")
    assert "nudyhcp" in readout.inner_text()
    readout.press("Escape")
    readout.press("Control+a")
    readout.press_sequentially("3.5")
    readout.press("Enter")
    kernel.wait_for("p.pace.value", 3.5)
    keys.scope.locator(".swlab-status").click()
    page.screenshot(path=str(screenshots / f"keys-present-typed-{size[0]}x{size[1]}.png"))
    assert keys.now() == dict(start, pace=3.5), "a key typed into the pace box acted"

    # each key once, the pointer over the board; P pauses the bots' clock, which is the
    # panel's *bots move after you* (one clock: swlab.play.pacing.BotClock)
    keys.over_board()
    keys.press("p", paused=True, bots=True)
    kernel.run("c.finish_turn(); p.refresh()")  # Ann's turn over: the bot's turn
    kernel.wait_for("c.is_bot_seat(c.state.turn.actor)", True)
    narration = keys.scope.locator(".swlab-narration")
    told = narration.inner_text()
    keys.press("n", step=+1)
    expect(narration).not_to_have_text(told)  # the page shows the bot's action
    page.screenshot(path=str(screenshots / f"keys-present-after-N-{size[0]}x{size[1]}.png"))
    keys.press("u", step=-1)
    keys.press("y", step=+1)
    keys.press("c", coins=True)
    keys.press("h")

    # the focus on a panel button, the pointer off the presenter
    for key, change in (("n", {"step": +1}), ("u", {"step": -1}), ("y", {"step": +1}),
                        ("c", {"coins": True}),
                        # resumed, the bots' clock plays on (at the pace typed)
                        ("p", {"paused": True, "bots": True, "step": None}),
                        ("p", {"paused": True, "bots": True, "step": None})):  # fmt: skip
        keys.focus_button("hint")
        keys.press(key, **change)
    # Esc cancels autoplay's question
    page.locator(".swlab-present button", has_text="autoplay").first.click()
    kernel.wait_for("c.question is not None", True)
    keys.over_board()
    keys.press("Escape", asking=False)


# ==========================================================================================
# The editors
# ==========================================================================================


#: Kernel code: the editors as the notebook left them, no command counted, the map
#: editor's overlays as first shown (:class:`Pages`: the second window size's test).
RESET_EDITORS = """\
calls.clear()
for k, t in e.toggles.items():
    t.value = toggles[k]
"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("where", ["lab", "voila"])
def test_editor_typing_arrives(
    pages: Pages, screenshots: Path, where: str, size: tuple[int, int]
) -> None:
    """Every text box of the map editor (name, file, design file, bots) and the hex-map
    editor (file) takes what is typed; Esc typed in a box leaves the editor's mode alone.
    In a page of its own at the first size, then resized (:class:`Pages`)."""
    ready = (".swlab-editor path", ".swlab-hexmap-editor path")
    with pages.open(where, EDITORS_NB, size, 2, ready) as o:
        _editor_typing(o, screenshots, where, size)


def _editor_typing(o: Opened, screenshots: Path, where: str, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page, kernel = o.page, o.kernel
    if o.used:
        kernel.run(RESET_EDITORS)
    else:
        kernel.run(
            count_commands("e.keys") + "toggles = {k: t.value for k, t in e.toggles.items()}"
        )
    kernel.run("e._set_mode('split', None); e.refresh()")
    kernel.wait_for("e.mode", "split")
    harness.settle(page, ".swlab-editor")
    assert page.locator(".swlab-editor .swlab-keys-layer").count() == 1
    cells = _cells(page) if where == "lab" else 0
    state = "[e.mode, len(calls)]"
    # the design file box shows with the "vs design" overlay (off until then)
    design = page.locator(".swlab-editor button", has_text="vs design")
    expect(design).not_to_have_class(re.compile(r"\bmod-active\b"))
    design.click()
    page.locator(".swlab-editor input[type=text]").nth(1).wait_for(state="visible")
    for widget, values in (
        ("swlab-editor", "[e.board_name.value, e.path.value, e.design_path.value, e.bots.value]"),
        ("swlab-hexmap-editor", "[h.path.value]"),
    ):
        type_into_every_box(
            page, page.locator(f".{widget}").first, kernel, values, state,
            screenshots / f"keys-{widget[6:]}-typed-{where}-{size[0]}x{size[1]}.png",
            str(size[0]),
        )  # fmt: skip
    assert kernel(state) == ["split", 0]
    # Esc over the editor: back to select mode, once (the last box left by a click on a
    # heading)
    page.locator(".swlab-editor").get_by_text("Compared with the official board").click()
    board = page.locator(".swlab-editor .leaflet-container").first
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("Escape")
    kernel.wait_for(state, ["select", 1])
    if where == "lab":
        assert _cells(page) == cells
